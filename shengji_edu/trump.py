"""The trump: which cards are trumps, each card's effective suit, strength and tractor step.

Everything about card order in Shengji depends on the facts of the hand being played: the
*level rank* (the dealer team's level, 2..A), the *trump suit* (or no trump suit) and, at
some tables, whether the 2s are always trumps (常主 2, RULES §11.2). A :class:`Trump` holds
those facts and answers every ordering question, so no other module needs a global
"current trump".

Three numbers describe a card under a trump:

``suit_of(card)``
    Its effective suit (门): ``"T"`` for every trump, otherwise its printed suit. Following,
    tractors and tricks are decided by effective suit.
``step(card)``
    Its position on the ladder of its effective suit, counting from 0 for the weakest.
    Cards on consecutive steps are adjacent for tractors, and a higher step is a stronger
    card, so the step is also the strength within a suit. The level rank is taken out of the
    side suits (level 6: ♥5 and ♥7 are adjacent), and the trump ladder ends with one shared
    step for the off-suit level cards, then the trump-suit level card, the little and the big
    joker (RULES §2–3). Off-suit level cards share a step because they are equally strong.
    With ``twos_are_trump`` the 2s leave the side suits too and sit just below the level
    cards: one shared step for the off-suit 2s, then the trump suit's 2 (RULES §11.2).
``strength(card)``
    The step, lifted above every side card when the card is a trump: a single key for
    "which single card wins" once you know the cards are of the led suit or trumps.

A Trump computes these once for all 54 distinct cards and then only looks them up: the
engine asks these questions millions of times in a simulation. The tables themselves are
public too, as tuples indexed by ``card.index`` (``trump.suit_by_index[card.index]`` is
``trump.suit_of(card)``, and so on for ``step_by_index``, ``strength_by_index`` and
``sort_key_by_index``): the hottest loops of the engine read them directly instead of
calling a method per card. The methods are the readable form; the tests check both agree.

Decision (RULES §11.2 is silent): ``Trump(2, suit, twos_are_trump=True)`` orders the cards
exactly as ``Trump(2, suit)`` (the 2s are the level cards already) but keeps the flag it was
given, so it is a different value (``==``, ``hash``, ``repr``) from the trump built without it:
a Trump says how it was built, and a game builds all of its Trumps from one RuleSet.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import (
    ALL_CARDS,
    BIG_JOKER_RANK,
    JOKER_SUIT,
    LITTLE_JOKER_RANK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    parse_rank,
    rank_text,
)

TRUMP = "T"
"""The effective suit of every trump card."""

EFFECTIVE_SUITS = (TRUMP, *SUITS)
"""Effective suits in display order: trumps first, then spades, hearts, diamonds, clubs."""

TRUMP_BONUS = 100
"""Added to a trump's step in :meth:`Trump.strength` so every trump outranks every side card."""

_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


_TABLES: dict[tuple, tuple] = {}
"""Lookup tables of every Trump made so far, by (level, suit, twos_are_trump, tractors,
offsuit_levels)."""

TRACTOR_RULES = ("full", "plain", "off")
"""What makes a tractor (RULES §12.14): ``"full"`` (§3: across the removed level rank and
along the trump chain), ``"plain"`` (consecutive printed ranks of one suit only) or ``"off"``."""

OFFSUIT_LEVEL_RULES = ("equal", "suit")
"""How off-suit level cards rank among themselves (RULES §12.15): all equal, or ♠ > ♥ > ♦ > ♣."""


def suit_label(suit: str, pretty: bool = True) -> str:
    """How to name an effective suit to a student: ``trumps`` or ``♥`` (``H`` if not pretty)."""
    if suit == TRUMP:
        return "trumps"
    return SUIT_SYMBOLS[suit] if pretty else suit


class Trump:
    """The rule context of one hand: the level rank, the trump suit (``None``: no trump) and
    whether the 2s are always trumps (``twos_are_trump``, RULES §11.2).

    >>> trump = Trump(level=10, suit="S")
    >>> trump.suit_of(Card.parse("H10")), trump.suit_of(Card.parse("H9"))
    ('T', 'H')
    """

    __slots__ = (
        "level",
        "suit",
        "twos_are_trump",
        "tractors",
        "offsuit_levels",
        "_suit_of",
        "_step",
        "_strength",
        "_sort_key",
        "_hash",
        "suit_by_index",
        "step_by_index",
        "strength_by_index",
        "sort_key_by_index",
    )

    level: int
    suit: str | None
    twos_are_trump: bool
    tractors: str
    """What makes a tractor: ``"full"``, ``"plain"`` or ``"off"`` (RULES §12.14)."""
    offsuit_levels: str
    """``"equal"`` or ``"suit"``: how off-suit level cards rank (RULES §12.15)."""
    suit_by_index: tuple[str, ...]
    """Each card's effective suit by ``card.index``: ``suit_of`` as a table."""
    step_by_index: tuple[int, ...]
    """Each card's step by ``card.index``: ``step`` as a table."""
    strength_by_index: tuple[int, ...]
    """Each card's strength by ``card.index``: ``strength`` as a table."""
    sort_key_by_index: tuple[int, ...]
    """Each card's display position by ``card.index``: ``sort_key`` as a table."""

    def __init__(
        self,
        level: int | str = 2,
        suit: str | None = None,
        twos_are_trump: bool = False,
        tractors: str = "full",
        offsuit_levels: str = "equal",
    ) -> None:
        level_rank = parse_rank(level)
        if isinstance(suit, str):
            suit = _SYMBOLS.get(suit.strip(), suit.strip().upper())
            if suit in ("", "NT", "NONE"):
                suit = None
        if suit is not None and suit not in SUITS:
            raise ValueError(
                f"trump suit {suit!r} is not one of S, H, D, C (use suit=None for no trump)"
            )
        if not isinstance(twos_are_trump, bool):
            raise ValueError(f"twos_are_trump must be True or False, not {twos_are_trump!r}")
        if tractors not in TRACTOR_RULES:
            accepted = ", ".join(map(repr, TRACTOR_RULES))
            raise ValueError(f"unknown tractors rule {tractors!r}: use one of {accepted}")
        if offsuit_levels not in OFFSUIT_LEVEL_RULES:
            accepted = ", ".join(map(repr, OFFSUIT_LEVEL_RULES))
            raise ValueError(
                f"unknown offsuit_levels rule {offsuit_levels!r}: use one of {accepted}"
            )
        object.__setattr__(self, "level", level_rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "twos_are_trump", twos_are_trump)
        object.__setattr__(self, "tractors", tractors)
        object.__setattr__(self, "offsuit_levels", offsuit_levels)
        # The tables depend only on the three facts, and a game makes a new Trump every
        # hand (a simulation, thousands): each is built once and shared after that.
        key = (level_rank, suit, twos_are_trump, tractors, offsuit_levels)
        # Trumps are dictionary keys (cached lead formats): the hash is worked out once, and
        # is the old one, hash((level, suit)), for a Trump with every newer option at its default.
        plain = not twos_are_trump and tractors == "full" and offsuit_levels == "equal"
        object.__setattr__(self, "_hash", hash((level_rank, suit)) if plain else hash(key))
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = self._tables()
        for name, public, table in zip(
            ("_suit_of", "_step", "_strength", "_sort_key"),
            ("suit_by_index", "step_by_index", "strength_by_index", "sort_key_by_index"),
            tables,
            strict=True,
        ):
            object.__setattr__(self, name, table)
            object.__setattr__(self, public, table)

    def _tables(self) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The four lookup tables by card index: effective suit, step, strength, sort key."""
        suit_of: list[str] = [""] * len(ALL_CARDS)
        step: list[int] = [0] * len(ALL_CARDS)
        for effective_suit, ladder in self.ladders().items():
            for position, cards in enumerate(ladder):
                for card in cards:
                    suit_of[card.index], step[card.index] = effective_suit, position
        strength = [
            s + (TRUMP_BONUS if e == TRUMP else 0) for e, s in zip(suit_of, step, strict=True)
        ]
        group = {s: i for i, s in enumerate(EFFECTIVE_SUITS)}
        # Display order: effective suit group, stronger first, ties (equal level cards) by suit.
        ordered = sorted(
            ALL_CARDS, key=lambda c: (group[suit_of[c.index]], -step[c.index], c.index)
        )
        sort_key = [0] * len(ALL_CARDS)
        for position, card in enumerate(ordered):
            sort_key[card.index] = position
        return tuple(suit_of), tuple(step), tuple(strength), tuple(sort_key)

    def ladders(self) -> dict[str, list[list[Card]]]:
        """Every effective suit's ladder, weakest step first; each step lists its cards.

        This is RULES §2–3 (and §11.2) written as data: a side suit runs 2..A without the
        level rank (and without the 2 when the 2s are trumps); the trumps run through the
        trump suit's other ranks, the off-suit 2s (one shared step) and the trump suit's 2
        when the 2s are trumps, the off-suit level cards (one shared step), the trump-suit
        level card, the little and the big joker. The trump suit has no side ladder.
        """
        level, trump_suit = self.level, self.suit
        twos = self.twos_are_trump and level != 2  # at level 2 the 2s are the level cards
        removed = (level, 2) if twos else (level,)
        run = [r for r in RANKS if r not in removed]
        ladders = {s: [[Card(s, r)] for r in run] for s in SUITS if s != trump_suit}
        trumps = [[Card(trump_suit, r)] for r in run] if trump_suit is not None else []
        for rank in (2, level) if twos else (level,):
            trumps.append([Card(s, rank) for s in SUITS if s != trump_suit])  # one shared step
            if trump_suit is not None:
                trumps.append([Card(trump_suit, rank)])
        trumps += [[Card(JOKER_SUIT, LITTLE_JOKER_RANK)], [Card(JOKER_SUIT, BIG_JOKER_RANK)]]
        return {TRUMP: trumps, **ladders}

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Trump is immutable; make a new one")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Trump):
            return self._facts() == other._facts()
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash  # hash((level, suit)), with True after them when the 2s are trumps

    def _facts(self) -> tuple:
        return (self.level, self.suit, self.twos_are_trump, self.tractors, self.offsuit_levels)

    def _options(self) -> dict[str, object]:
        """The keyword arguments not at their defaults (how ``repr`` and pickling write them)."""
        options: dict[str, object] = {}
        if self.twos_are_trump:
            options["twos_are_trump"] = True
        if self.tractors != "full":
            options["tractors"] = self.tractors
        if self.offsuit_levels != "equal":
            options["offsuit_levels"] = self.offsuit_levels
        return options

    def __repr__(self) -> str:
        extra = "".join(f", {name}={value!r}" for name, value in self._options().items())
        return f"Trump(level={self.level}, suit={self.suit!r}{extra})"

    def __str__(self) -> str:
        suit = SUIT_SYMBOLS[self.suit] if self.suit else "no trump"
        twos = ", 2s are trumps" if self.twos_are_trump else ""
        tractors = {"full": "", "plain": ", plain tractors", "off": ", no tractors"}[self.tractors]
        ranked = ", off-suit level cards by suit" if self.offsuit_levels == "suit" else ""
        return f"level {rank_text(self.level)}, {suit}{twos}{tractors}{ranked}"

    def __reduce__(self):
        options = self._options()
        if options:
            return (_make_trump, (self.level, self.suit, options))
        return (Trump, (self.level, self.suit))

    # --- the three numbers -------------------------------------------------------------
    def is_trump(self, card: Card) -> bool:
        """True for jokers, level-rank cards and cards of the trump suit."""
        return self._suit_of[card.index] == TRUMP

    def suit_of(self, card: Card) -> str:
        """Effective suit: ``"T"`` for a trump, else the printed suit ``"S" "H" "D" "C"``."""
        return self._suit_of[card.index]

    def step(self, card: Card) -> int:
        """Position on its effective suit's ladder: adjacency for tractors, order for tricks."""
        return self._step[card.index]

    def strength(self, card: Card) -> int:
        """A key where trumps beat side cards and equal cards (off-suit level cards) tie."""
        return self._strength[card.index]

    def sort_key(self, card: Card) -> int:
        """Display position: trumps first, then S, H, D, C; strongest first within each."""
        return self._sort_key[card.index]

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """A new list of the cards, strongest first, grouped by effective suit (trumps first)."""
        table = self._sort_key
        return sorted(cards, key=lambda card: table[card.index])

    def by_suit(self, cards: Iterable[Card]) -> dict[str, list[Card]]:
        """Cards grouped by effective suit (trumps, S, H, D, C), each group strongest first."""
        groups: dict[str, list[Card]] = {s: [] for s in EFFECTIVE_SUITS}
        for card in self.sort(cards):
            groups[self._suit_of[card.index]].append(card)
        return groups

    def cards_of(self, cards: Iterable[Card], suit: str) -> list[Card]:
        """The cards whose effective suit is ``suit``, in the order given."""
        table = self._suit_of
        return [c for c in cards if table[c.index] == suit]


def _make_trump(level: int, suit: str | None, options: dict) -> Trump:
    """Unpickle a Trump with keyword options (pickle's tuples are positional)."""
    return Trump(level, suit, **options)
