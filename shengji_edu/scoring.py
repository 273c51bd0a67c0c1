"""Points, the kitty multiplier and settlement (RULES §7, for one to three decks §11.1).

Only the defenders (闲家) collect points: 5s, 10s and Ks in the tricks they win, plus the
kitty (底牌) multiplied when they win the last trick. At the end, the defenders' total
decides how many levels which team climbs, in steps of *s* = 20 × decks points (40 with the
two decks of the standard game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card
from .rules import RuleSet
from .trump import Trump
from .units import lead_format

TOTAL_POINTS = 200
"""Two decks hold 8 fives, 8 tens and 8 kings: 40 + 80 + 80 points.

The three constants here are those of the standard two-deck game; for other deck counts ask
the rules: ``rules.total_points``, ``rules.take_deal_points``, ``rules.settlement_step``.
"""

TAKE_DEAL_POINTS = 80
"""Defenders with at least this many points take the deal (two decks: 2 × 40)."""

LEVEL_STEP_POINTS = 40
"""Every further 40 points moves the result one level (two decks: the step 20 × 2)."""


def trick_points(cards: Iterable[Card]) -> int:
    """Sum of the point cards: 5 for a five, 10 for a ten or a king."""
    return sum([card.points for card in cards])  # a list: quicker to sum than a generator


def kitty_multiplier(lead: Sequence[Card], trump: Trump, rules: RuleSet = RuleSet()) -> int:
    """How many times the kitty's points count when the defenders win the last trick.

    ``lead`` is the last trick's lead (for a failed throw, the unit it was reduced to). The
    cards *m* of the largest unit of its format decide: ``power`` gives 2 ** m (single ×2,
    pair ×4, triple ×8, two-pair tractor ×16, two-triple titanic ×64), ``linear`` 2·m
    (single ×2, pair ×4, tractor of k pairs ×4k) and ``plain`` m (single ×1, pair ×2,
    tractor of k pairs ×2k). ``rules.kitty_max``, when set, caps the result.

    The trump says what a unit is: with ``tractors="off"`` (RULES §12.14) a lead of two pairs
    is two pairs, ×4 under ``power``; a throw that failed under ``failed_throw="smallest_card"``
    (RULES §12.3) was reduced to one card, ×2.
    """
    largest = lead_format(lead, trump).largest_unit_size
    if rules.kitty == "linear":
        multiplier = 2 * largest
    elif rules.kitty == "plain":
        multiplier = largest
    else:
        multiplier = 2**largest
    if rules.kitty_max is not None:
        return min(multiplier, rules.kitty_max)
    return multiplier


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
    """Levels won for the defenders' points, with the step *s* = 20 × ``rules.decks``.

    0 points: dealer team +3 (大光); under *s*: +2 (小光); under 2s: +1; from 2s the
    defenders take the deal (上台), +0, and +1 more per further *s* (``escalating``: 2s
    already gives +1). Two decks give RULES §7's table. A negative total (possible with
    throw penalties) settles as 0.
    """
    if isinstance(defender_points, bool) or not isinstance(defender_points, int):
        raise TypeError(f"defender points must be an int, not {defender_points!r}")
    step = rules.settlement_step
    points = max(0, defender_points)
    if points < 2 * step:
        dealer_levels = 3 if points == 0 else 2 if points < step else 1
        return Settlement(defender_points, dealer_levels, 0, False)
    levels = (points - 2 * step) // step
    if rules.settlement == "escalating":
        levels += 1
    return Settlement(defender_points, 0, levels, True)
