"""Cards: the 54 distinct card values, the 108-card double deck, parsing and printing.

Shengji is played with two decks, so every card exists exactly twice. A hand is therefore a
*multiset*: keep it in a ``list`` (or count it with ``collections.Counter``), never in a
``set``, which would silently throw one of two identical cards away.

A :class:`Card` is a small immutable value. There are only 54 distinct cards, and each is
created once and reused ("interned"): ``Card("S", 10) is Card.parse("S10")``. That makes
comparing and hashing cards cheap, which matters when the AI lesson simulates thousands of
hands. Cards hash by a fixed small number, so sets and dicts of cards behave the same in
every run (Python's string hashes change from run to run; ours must not, for determinism).
Two cards are equal exactly when they are the same object; the engine's hottest searches
("does this hand hold that card?") use that directly (:func:`holds`).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

SUITS = ("S", "H", "D", "C")
"""The four ordinary suits in their canonical order: spades, hearts, diamonds, clubs."""

JOKER_SUIT = "J"
RANKS = tuple(range(2, 15))
"""Ordinary ranks 2..14; J = 11, Q = 12, K = 13, A = 14."""

LITTLE_JOKER_RANK = 15
BIG_JOKER_RANK = 16

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_POINTS = {5: 5, 10: 10, 13: 10}
_TEXT_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "10": 10}
_TEXT_RANK.update({str(r): r for r in range(2, 10)})
_SYMBOL_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

ACCEPTED_FORMS = (
    "a suit S/H/D/C (or ♠/♥/♦/♣) followed by a rank 2-10, T, J, Q, K or A (e.g. S10, HA, ♥Q, "
    "st), or a joker: BJ / 大王 (big), LJ / 小王 (little)"
)


class CardParseError(ValueError):
    """A piece of card text could not be read. The message names the token and the forms.

    The token is quoted shortened to :data:`QUOTE_LIMIT` characters, so a huge paste (a
    whole file by mistake) gives a short message.
    """

    def __init__(self, token: str, detail: str = "") -> None:
        self.token = shorten(token)
        extra = f" ({detail})" if detail else ""
        super().__init__(f"cannot read card {self.token!r}{extra}; write {ACCEPTED_FORMS}")


QUOTE_LIMIT = 40
"""At most this many characters of bad input are quoted in an error message."""

LONGEST_TOKEN = 12
"""Far longer than any card text (``♠\ufe0f10`` is 4 characters): longer tokens are refused
at once, without reading them."""

EMOJI_SELECTOR = "\ufe0f"
"""The emoji presentation selector phone keyboards add after ♠♥♦♣; card text ignores it."""


def shorten(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a string of at most about ``limit`` characters (``…`` marks a cut)."""
    if not isinstance(text, str):
        try:
            text = repr(text)
        except ValueError:  # an int too long to print (over 4300 digits)
            text = "<an integer too long to show>"
    return text if len(text) <= limit else text[:limit] + "…"


def _bad_character(token: str) -> str | None:
    """The first character of ``token`` that is not card text (RULES §1), described."""
    for char in token:
        if (char.isascii() and char.isalnum()) or char in _SYMBOL_SUITS:
            continue
        return (
            f"{char!r} (U+{ord(char):04X}) is not card text: type plain letters and digits, "
            f"a lookalike letter is not a suit"
        )
    return None


def rank_text(rank: int) -> str:
    """The printed rank: 2..10, J, Q, K, A."""
    return _RANK_TEXT.get(rank, str(rank))


def parse_rank(text: str | int) -> int:
    """Read a level or rank written as 2..14 or as text ("10", "T", "J", "A").

    A float (``2.0``), a bool or anything else is a ``ValueError``: levels are whole ranks.
    """
    if isinstance(text, str):
        rank = _TEXT_RANK.get(text.strip().upper()) if text.isascii() else None
    elif isinstance(text, bool) or not hasattr(type(text), "__index__"):
        rank = None  # a float, a bool or None is not a rank
    else:
        rank = operator.index(text)  # int, or an integer type such as numpy's
    if rank not in RANKS:
        shown = shorten(repr(text) if isinstance(text, str) else text)
        raise ValueError(f"{shown} is not a rank: use 2..14 or one of 2-10, J, Q, K, A")
    return rank


class Card:
    """One playing card: ``suit`` ("S", "H", "D", "C", or "J" for jokers) and ``rank``.

    Ordinary ranks run 2..14 (A = 14); the little joker has rank 15 and the big joker 16.
    Cards compare equal exactly when suit and rank are equal. Sorting cards (``sorted``) uses a
    fixed canonical order (S2 .. SA, H2 .. CA, LJ, BJ) that is *not* game strength: strength
    depends on the trump, so ask a :class:`~shengji_edu.trump.Trump` for it.
    """

    __slots__ = ("suit", "rank", "index", "points", "is_joker", "text")
    _interned: dict[tuple[str, int], Card] = {}

    suit: str
    rank: int
    index: int
    points: int
    """Point value: 5s are worth 5, 10s and Ks 10, everything else 0."""
    is_joker: bool
    text: str
    """Canonical notation, e.g. ``S10``, ``HA``, ``BJ``."""

    def __new__(cls, suit: str, rank: int) -> Card:
        card = cls._interned.get((suit, rank))
        if card is not None:
            return card
        if suit in SUITS and rank in RANKS:
            index = SUITS.index(suit) * 13 + rank - 2
        elif suit == JOKER_SUIT and rank in (LITTLE_JOKER_RANK, BIG_JOKER_RANK):
            index = 52 + rank - LITTLE_JOKER_RANK
        else:
            raise ValueError(
                f"no card has suit {suit!r} and rank {rank!r}: suits are S, H, D, C with ranks "
                f"2..14, or J with rank 15 (little joker) or 16 (big joker)"
            )
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", index)
        # Facts used in every simulated trick are computed once here, not on each access.
        is_joker = suit == JOKER_SUIT
        object.__setattr__(card, "is_joker", is_joker)
        object.__setattr__(card, "points", 0 if is_joker else _POINTS.get(rank, 0))
        joker_text = "BJ" if rank == BIG_JOKER_RANK else "LJ"
        object.__setattr__(card, "text", joker_text if is_joker else suit + rank_text(rank))
        cls._interned[(suit, rank)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable; make a new Card instead")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self):  # copies and pickles come back as the interned card
        return (Card, (self.suit, self.rank))

    def __hash__(self) -> int:
        # A fixed small number, so sets of cards iterate in the same order in every run.
        return self.index

    # Equality is identity: each distinct card exists once (see __new__ and __reduce__).
    # It is spelled out because the ordering methods below are written in Python: without
    # an __eq__ of its own, ``==`` (and ``in``, ``list.remove``, ``list.count`` on hands)
    # would go through Python's slow generic comparison, twice per pair of cards.
    def __eq__(self, other: object) -> bool:
        return self is other if isinstance(other, Card) else NotImplemented

    def __ne__(self, other: object) -> bool:
        return self is not other if isinstance(other, Card) else NotImplemented

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    @property
    def pretty(self) -> str:
        """Display notation with a suit symbol, e.g. ``♠10``; jokers stay ``BJ`` / ``LJ``."""
        if self.suit == JOKER_SUIT:
            return self.text
        return SUIT_SYMBOLS[self.suit] + rank_text(self.rank)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        # The canonical text, so a list of cards prints as [S10, HA, BJ] in a notebook.
        return self.text

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any accepted notation (see :data:`ACCEPTED_FORMS`).

        Only ASCII letters and digits, the four suit symbols and 大王 / 小王 are card text
        (RULES §1): a lookalike such as ``ſ`` (long s), ``ﬅ`` or a full-width ``Ｓ`` is an
        error, never folded into a spade the way ``str.upper`` would fold it. The emoji
        presentation selector (U+FE0F, ``♠️``) is ignored.
        """
        if not isinstance(text, str):
            raise CardParseError(shorten(text), "card text must be a string")
        card = _PARSE_CACHE.get(text)
        if card is not None:
            return card
        token = text.strip()
        if len(token) > LONGEST_TOKEN:
            raise CardParseError(token, f"{len(token)} characters is far too long for one card")
        token = token.replace(EMOJI_SELECTOR, "")
        card = _PARSE_CACHE.get(token)
        if card is not None:
            return card
        if token in ("大王", "小王"):
            return cls(JOKER_SUIT, BIG_JOKER_RANK if token == "大王" else LITTLE_JOKER_RANK)
        if not token:
            raise CardParseError(text, "empty")
        bad = _bad_character(token)
        if bad:
            raise CardParseError(token, bad)
        upper = token.upper()  # safe now: the token is ASCII and suit symbols only
        if upper in ("BJ", "LJ"):
            return cls(JOKER_SUIT, BIG_JOKER_RANK if upper == "BJ" else LITTLE_JOKER_RANK)
        suit = _SYMBOL_SUITS.get(upper[0], upper[0])
        if suit not in SUITS:
            last = _SYMBOL_SUITS.get(upper[-1], upper[-1])
            if last in SUITS and upper[:-1] in _TEXT_RANK:
                raise CardParseError(token, f"write the suit first: {last}{upper[:-1]}")
            raise CardParseError(token, f"{token[0]!r} is not a suit")
        rank = _TEXT_RANK.get(upper[1:])
        if rank is None:
            raise CardParseError(token, f"{token[1:]!r} is not a rank" if token[1:] else "no rank")
        return cls(suit, rank)


ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS) + (
    Card(JOKER_SUIT, LITTLE_JOKER_RANK),
    Card(JOKER_SUIT, BIG_JOKER_RANK),
)
"""The 54 distinct cards in canonical order; ``ALL_CARDS[card.index] is card``."""

_PARSE_CACHE: dict[str, Card] = {c.text: c for c in ALL_CARDS}

BIG_JOKER = ALL_CARDS[53]
LITTLE_JOKER = ALL_CARDS[52]


DECK_COUNTS = (1, 2, 3)
"""How many 54-card decks a game may use (RULES §11.1): 54, 108 or 162 cards."""


def new_deck(decks: int = 2) -> list[Card]:
    """Every card ``decks`` times, in canonical order: 54, 108 (the default) or 162 cards.

    Each card's copies sit side by side (S2 S2 S3 S3 ...), so the two-deck order, and with it
    every seeded shuffle, is the same as before decks could be counted.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in DECK_COUNTS:
        raise ValueError(f"decks must be 1, 2 or 3 (54, 108 or 162 cards), not {decks!r}")
    return list(_DECKS[decks])  # a new list each time: callers shuffle it


_DECKS = {n: tuple(card for card in ALL_CARDS for _ in range(n)) for n in DECK_COUNTS}
"""Each deck in canonical order, built once (every hand of a simulation starts from one)."""


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read space- or comma-separated card text, e.g. ``"S10 S10 HA LJ BJ"``.

    A list (or any iterable other than bytes or a dict) of card strings or Cards is accepted
    too. Raises :class:`CardParseError` (a ``ValueError``) that names the first token it
    cannot read, so a student can see exactly what to fix; anything that is not card text
    at all (``None``, a number, bytes) is a ``CardParseError`` too, never a ``TypeError``.
    """
    if isinstance(text, str):
        try:  # the canonical text (what the package writes): each token is a known card
            return [_PARSE_CACHE[t] for t in text.split()]
        except KeyError:
            return [Card.parse(t) for t in text.replace(",", " ").split()]
    return as_cards(text)


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    """Write cards as text. Canonical (``S10 HA BJ``) by default; ``pretty`` uses ♠♥♦♣.

    Both forms parse back to the same cards: ``parse_cards(format_cards(cs)) == cs``.
    """
    if pretty:
        return " ".join(card.pretty for card in cards)
    return " ".join(card.text for card in cards)


def first_missing(cards: Sequence[Card], hand: Sequence[Card]) -> Card | None:
    """The first card of ``cards`` that ``hand`` cannot supply (copies counted), else None.

    "Is this play in my hand?" is a multiset question: two H5 need two H5 in the hand.
    """
    if len(cards) == 1:
        return None if holds(hand, cards[0]) else cards[0]
    if len(cards) == 2 and cards[0] is not cards[1]:  # two different cards: each held once
        for card in cards:
            if not holds(hand, card):
                return card
        return None
    # ``next(iter(Counter(cards) - Counter(hand)), None)``, counted by card index instead:
    # the first card (in the order given) asked for more often than the hand holds it.
    left = [0] * len(ALL_CARDS)
    for card in hand:
        left[card.index] += 1
    for card in cards:
        left[card.index] -= 1
    for card in cards:
        if left[card.index] < 0:
            return card
    return None


def holds(hand: Iterable[Card], card: Card) -> bool:
    """``card in hand``, by identity (cards are interned): no card-by-card ``==`` calls."""
    for held in hand:  # noqa: SIM110 (a plain loop: twice as fast as any() or ``in``)
        if held is card:
            return True
    return False


def as_cards(cards: str | Card | Iterable[Card | str]) -> list[Card]:
    """Accept cards given as text, as one Card or as Card values and card strings mixed.

    Front ends and lessons pass either; the engine calls this before it changes anything,
    so a wrong type (``None``, ``5``, ``b"S10"``, a dict) is a :class:`CardParseError`
    naming what was given, and the game stays as it was.
    """
    kind = type(cards)
    if kind is list or kind is tuple:  # the engine's common case, checked cheaply
        return [c if c.__class__ is Card else Card.parse(c) for c in cards]
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return [cards]
    if isinstance(cards, (bytes, bytearray, dict)) or not isinstance(cards, Iterable):
        raise CardParseError(
            shorten(cards), "give card text such as 'S10 HA' or a list of cards, not that"
        )
    return [c if isinstance(c, Card) else Card.parse(c) for c in cards]
