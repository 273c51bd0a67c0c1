"""Declaring trump (亮主, RULES §8): what a declaration is and how strong it is.

A declaration shows level-rank cards. From weak to strong: one level card (its suit becomes
trump), a pair of identical level cards, a pair of little jokers, a pair of big jokers (both
joker pairs mean no trump). A new declaration must be strictly stronger than the standing
one, so pairs of different suits cannot overcall each other. The current declarer turning a
single into a pair of the same suit (自保, reinforcing) is a stronger declaration like any
other; we only label it differently in the events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import BIG_JOKER, LITTLE_JOKER, SUIT_SYMBOLS, Card, format_cards

SINGLE_LEVEL, PAIR_LEVEL, LITTLE_JOKERS, BIG_JOKERS = 1, 2, 3, 4

STRENGTH_NAMES = {
    SINGLE_LEVEL: "one level card",
    PAIR_LEVEL: "a pair of level cards",
    LITTLE_JOKERS: "a pair of little jokers (no trump)",
    BIG_JOKERS: "a pair of big jokers (no trump)",
}


@dataclass(frozen=True)
class Declaration:
    """A declaration made by ``seat`` after ``after_card`` cards had been dealt.

    ``suit`` is the trump suit it names (``None``: no trump). In the after-deal auction
    ``after_card`` is 100 (every card dealt).
    """

    seat: int
    cards: tuple[Card, ...]
    strength: int
    suit: str | None
    after_card: int

    def describe(self) -> str:
        shown = format_cards(self.cards, pretty=True)
        trump = SUIT_SYMBOLS[self.suit] if self.suit else "no trump"
        return f"seat {self.seat} declares {shown} ({trump})"


def declaration_strength(cards: Sequence[Card], level: int) -> tuple[int, str | None]:
    """Strength and trump suit of a declaration, or ``ValueError`` saying what is wrong."""
    shown = format_cards(cards, pretty=True) or "nothing"
    if len(cards) == 1:
        (card,) = cards
        if card.rank == level and not card.is_joker:
            return SINGLE_LEVEL, card.suit
    elif len(cards) == 2 and cards[0] == cards[1]:
        card = cards[0]
        if card == BIG_JOKER:
            return BIG_JOKERS, None
        if card == LITTLE_JOKER:
            return LITTLE_JOKERS, None
        if card.rank == level:
            return PAIR_LEVEL, card.suit
    raise ValueError(
        f"{shown} is not a declaration: show one level card, a pair of identical level cards "
        f"or a pair of identical jokers (the level is {format_level(level)})"
    )


def format_level(level: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))


def possible_declarations(
    received: Sequence[Card], level: int, standing: Declaration | None
) -> list[list[Card]]:
    """Every declaration a player holding ``received`` could make over ``standing`` now.

    Built directly from the level cards and jokers held (this runs after every card of the
    deal for every player, so it avoids trying every card).
    """
    floor = standing.strength if standing is not None else 0
    if floor >= BIG_JOKERS:
        return []
    counts = Counter(c for c in received if c.rank == level or c.is_joker)
    options: list[list[Card]] = []
    for card in sorted(counts, key=lambda c: (-c.rank, c.index)):
        if card.is_joker:
            strength = BIG_JOKERS if card == BIG_JOKER else LITTLE_JOKERS
            if counts[card] == 2 and strength > floor:
                options.append([card, card])
            continue
        if floor < SINGLE_LEVEL:
            options.append([card])
        if counts[card] == 2 and floor < PAIR_LEVEL:
            options.append([card, card])
    return options
