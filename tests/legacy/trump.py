"""The trump: which cards are trumps, each card's effective suit, strength and tractor step.

Everything about card order in Shengji depends on two facts about the hand being played:
the *level rank* (the dealer team's level, 2..A) and the *trump suit* (or no trump suit).
A :class:`Trump` holds those two facts and answers every ordering question, so no other
module needs a global "current trump".

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
``strength(card)``
    The step, lifted above every side card when the card is a trump: a single key for
    "which single card wins" once you know the cards are of the led suit or trumps.

A Trump computes these once for all 54 distinct cards and then only looks them up: the
engine asks these questions millions of times in a simulation.
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


def suit_label(suit: str, pretty: bool = True) -> str:
    """How to name an effective suit to a student: ``trumps`` or ``♥`` (``H`` if not pretty)."""
    if suit == TRUMP:
        return "trumps"
    return SUIT_SYMBOLS[suit] if pretty else suit


class Trump:
    """The rule context of one hand: the level rank and the trump suit (``None``: no trump).

    >>> trump = Trump(level=10, suit="S")
    >>> trump.suit_of(Card.parse("H10")), trump.suit_of(Card.parse("H9"))
    ('T', 'H')
    """

    __slots__ = ("level", "suit", "_suit_of", "_step", "_strength", "_sort_key")

    level: int
    suit: str | None

    def __init__(self, level: int | str = 2, suit: str | None = None) -> None:
        level_rank = parse_rank(level)
        if isinstance(suit, str):
            suit = _SYMBOLS.get(suit.strip(), suit.strip().upper())
            if suit in ("", "NT", "NONE"):
                suit = None
        if suit is not None and suit not in SUITS:
            raise ValueError(
                f"trump suit {suit!r} is not one of S, H, D, C (use suit=None for no trump)"
            )
        object.__setattr__(self, "level", level_rank)
        object.__setattr__(self, "suit", suit)
        suit_of: list[str] = [""] * len(ALL_CARDS)
        step: list[int] = [0] * len(ALL_CARDS)
        for card in ALL_CARDS:
            suit_of[card.index], step[card.index] = self._place(card)
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
        object.__setattr__(self, "_suit_of", tuple(suit_of))
        object.__setattr__(self, "_step", tuple(step))
        object.__setattr__(self, "_strength", tuple(strength))
        object.__setattr__(self, "_sort_key", tuple(sort_key))

    def _place(self, card: Card) -> tuple[str, int]:
        """Effective suit and step of one card (RULES §2–3); run once per card."""
        level, trump_suit = self.level, self.suit
        side_ranks = [r for r in RANKS if r != level]  # the level rank leaves every run
        if card.suit == JOKER_SUIT or card.rank == level or card.suit == trump_suit:
            top = len(side_ranks) if trump_suit is not None else 0  # first step above the run
            if card.rank == BIG_JOKER_RANK:
                return TRUMP, top + (3 if trump_suit is not None else 2)
            if card.rank == LITTLE_JOKER_RANK:
                return TRUMP, top + (2 if trump_suit is not None else 1)
            if card.rank == level:
                return TRUMP, top + (1 if card.suit == trump_suit else 0)
            return TRUMP, side_ranks.index(card.rank)
        return card.suit, side_ranks.index(card.rank)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Trump is immutable; make a new one")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trump):
            return (self.level, self.suit) == (other.level, other.suit)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.level, self.suit))

    def __repr__(self) -> str:
        return f"Trump(level={self.level}, suit={self.suit!r})"

    def __str__(self) -> str:
        suit = SUIT_SYMBOLS[self.suit] if self.suit else "no trump"
        return f"level {rank_text(self.level)}, {suit}"

    def __reduce__(self):
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
