# ruff: noqa: B008  (the frozen copy defaults to its own RuleSet, as the package did)
"""Points, the kitty multiplier and settlement (RULES §7).

Only the defenders (闲家) collect points: 5s, 10s and Ks in the tricks they win, plus the
kitty (底牌) multiplied when they win the last trick. At the end, the defenders' total
decides how many levels which team climbs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card
from .rules import RuleSet
from .trump import Trump
from .units import lead_format

TOTAL_POINTS = 200
"""Two decks hold 8 fives, 8 tens and 8 kings: 40 + 80 + 80 points."""

TAKE_DEAL_POINTS = 80
"""Defenders with at least this many points take the deal."""

LEVEL_STEP_POINTS = 40
"""Every further 40 points moves the result one level."""


def trick_points(cards: Iterable[Card]) -> int:
    """Sum of the point cards: 5 for a five, 10 for a ten or a king."""
    return sum(card.points for card in cards)


def kitty_multiplier(lead: Sequence[Card], trump: Trump, rules: RuleSet = RuleSet()) -> int:
    """How many times the kitty's points count when the defenders win the last trick.

    ``lead`` is the last trick's lead (for a failed throw, the unit it was reduced to). The
    largest unit of its format decides: ``power`` gives 2 ** (cards in that unit), i.e. 2, 4,
    16, 64; ``linear`` gives 2 for a single, 4 for a pair and 4k for a tractor of k pairs.
    """
    largest = lead_format(lead, trump).largest_unit_size
    if rules.kitty == "linear":
        return 2 if largest == 1 else 2 * largest
    return 2**largest


@dataclass(frozen=True)
class Settlement:
    """The result of a hand: levels for each team and whether the deal changes hands."""

    defender_points: int
    dealer_levels: int
    defender_levels: int
    defenders_take_deal: bool

    @property
    def winner(self) -> str:
        """``"dealers"`` or ``"defenders"``: the team that deals the next hand won it."""
        return "defenders" if self.defenders_take_deal else "dealers"


def settle(defender_points: int, rules: RuleSet = RuleSet()) -> Settlement:
    """Levels won for the defenders' points (RULES §7 table, or the ``escalating`` variant).

    A negative total (possible with throw penalties) settles as 0.
    """
    if isinstance(defender_points, bool) or not isinstance(defender_points, int):
        raise TypeError(f"defender points must be an int, not {defender_points!r}")
    points = max(0, defender_points)
    if points < TAKE_DEAL_POINTS:
        dealer_levels = 3 if points == 0 else 2 if points < 40 else 1
        return Settlement(defender_points, dealer_levels, 0, False)
    levels = (points - TAKE_DEAL_POINTS) // LEVEL_STEP_POINTS
    if rules.settlement == "escalating":
        levels += 1
    return Settlement(defender_points, 0, levels, True)
