"""Gin Rummy cards: one 52-card deck, every card an integer 0..51.

Gin Rummy uses a single deck, so every card is unique: a hand is a true *set* of cards, and
an integer is all a card needs to be. The encoding puts the arithmetic to work:

* ``suit = card // 13`` in the order S, H, D, C (spades 0..12, hearts 13..25, ...);
* ``rank = card % 13`` with the ace **low**: A = 0, 2 = 1, ..., 10 = 9, J = 10, Q = 11, K = 12.

So two cards of one suit are neighbours in a run exactly when their ids differ by 1, cards of
one rank share ``card % 13``, and the deadwood value is ``min(rank + 1, 10)``.

Text is written **rank first**, the way rummy players say it: ``7S``, ``TH`` (or ``10H``),
``AC``. Shengji writes the suit first (``S7``) because there the suit decides everything
(following suit, trumps); here ranks (sets) matter as much as suits (runs). Reading accepts
either ``T`` or ``10``, lower case, and the symbols ♠♥♦♣ (``7♠``); a suit-first token such as
``S7`` is refused with a hint to write ``7S``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import EMOJI_SELECTOR, LONGEST_TOKEN, shorten

SUITS = "SHDC"
"""Suit letters in id order: spades, hearts, diamonds, clubs."""

RANKS = "A23456789TJQK"
"""Rank letters in id order: the ace is low (rank 0), the king high (rank 12)."""

SUIT_SYMBOLS = "♠♥♦♣"
DECK = tuple(range(52))
"""Every card id, in order."""

_SYMBOL_TO_SUIT = dict(zip(SUIT_SYMBOLS, SUITS, strict=True))
ACCEPTED_FORMS = (
    "a rank A, 2-9, T or 10, J, Q, K followed by a suit S, H, D, C or ♠♥♦♣ (7S, TH, 10H, AC)"
)


class GinParseError(ValueError):
    """Card text that could not be read; the message names the bad token (at most
    :data:`~shengji_edu.cards.QUOTE_LIMIT` characters of it)."""

    def __init__(self, token: str, detail: str = "") -> None:
        self.token = shorten(token)
        extra = f" ({detail})" if detail else ""
        super().__init__(f"cannot read card {self.token!r}{extra}; write {ACCEPTED_FORMS}")


def suit_of(card: int) -> int:
    """0..3 for S, H, D, C."""
    return card // 13


def rank_of(card: int) -> int:
    """0..12 for A, 2, ..., K (ace low)."""
    return card % 13


def card_value(card: int) -> int:
    """Deadwood points: A = 1, 2..9 face value, T, J, Q, K = 10."""
    return min(card % 13 + 1, 10)


def make_card(rank: int, suit: int) -> int:
    """The id of the card with ``rank`` (0..12) and ``suit`` (0..3)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card has rank {rank} and suit {suit}: ranks are 0..12, suits 0..3")
    return suit * 13 + rank


def check_card(card: object) -> int:
    """``card`` if it is a card id, else a ValueError saying what a card is."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
        raise ValueError(
            f"{shorten(card)} is not a card: cards are integers 0..51 (or text like '7S')"
        )
    return card


def card_text(card: int, pretty: bool = False) -> str:
    """``7S``, ``TH``, ``AC``; ``pretty`` writes ``7♠``, ``10♥``, ``A♣``."""
    check_card(card)
    rank, suit = RANKS[card % 13], card // 13
    if pretty:
        return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit]
    return rank + SUITS[suit]


def parse_card(text: str) -> int:
    """Read one card written rank first (see :data:`ACCEPTED_FORMS`).

    As in Shengji (RULES §1), only ASCII letters and digits and the four suit symbols are
    card text: a lookalike such as ``ſ`` is an error, not a spade, and the emoji selector
    (``7♠️``) is ignored.
    """
    if not isinstance(text, str):
        raise GinParseError(shorten(text), "card text must be a string")
    token = text.strip()
    if len(token) > LONGEST_TOKEN:
        raise GinParseError(token, f"{len(token)} characters is far too long for one card")
    token = token.replace(EMOJI_SELECTOR, "")
    if len(token) < 2:
        raise GinParseError(token, "too short" if token else "empty")
    for char in token:
        if not ((char.isascii() and char.isalnum()) or char in _SYMBOL_TO_SUIT):
            raise GinParseError(
                token,
                f"{char!r} (U+{ord(char):04X}) is not card text: type plain letters and digits, "
                f"a lookalike letter is not a suit",
            )
    upper = token.upper()  # safe: the token is ASCII letters, digits and suit symbols
    rank_part, suit_part = upper[:-1], _SYMBOL_TO_SUIT.get(upper[-1], upper[-1])
    if rank_part == "10":
        rank_part = "T"
    if suit_part not in SUITS:
        first = _SYMBOL_TO_SUIT.get(upper[0], upper[0])
        rest = "T" if upper[1:] == "10" else upper[1:]
        if first in SUITS and len(rest) == 1 and rest in RANKS:
            raise GinParseError(token, f"write the rank first: {rest}{first}")
        raise GinParseError(token, f"{token[-1]!r} is not a suit")
    if len(rank_part) != 1 or rank_part not in RANKS:
        raise GinParseError(token, f"{token[:-1]!r} is not a rank")
    return SUITS.index(suit_part) * 13 + RANKS.index(rank_part)


def parse_hand(text: str | Iterable[int | str]) -> list[int]:
    """Cards from text such as ``"7S 8S 9S KH"`` (spaces or commas), or from ids and tokens.

    Raises :class:`GinParseError` naming the first unreadable token (also for something
    that is not card text at all, such as ``None``), and ``ValueError`` when a card appears
    twice (a single deck has one of each).
    """
    if isinstance(text, str):
        tokens: list = text.replace(",", " ").split()
    elif isinstance(text, (bytes, bytearray, dict)) or not isinstance(text, Iterable):
        raise GinParseError(shorten(text), "give card text such as '7S 8S' or a list of cards")
    else:
        tokens = list(text)
    cards = [parse_card(t) if isinstance(t, str) else check_card(t) for t in tokens]
    check_distinct(cards)
    return cards


def check_distinct(cards: Iterable[int]) -> None:
    """Raise ValueError naming a card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card_text(card)} appears twice: a single deck has one of each card")
        seen.add(card)


def format_hand(cards: Iterable[int], pretty: bool = False, sort: bool = True) -> str:
    """Cards as text, sorted by suit then rank unless ``sort=False``; parses back."""
    cards = sorted(cards) if sort else list(cards)
    return " ".join(card_text(c, pretty) for c in cards)
