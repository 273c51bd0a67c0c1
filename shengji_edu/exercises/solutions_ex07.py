"""The solutions and references of exercise 07 (the questions are in :mod:`.ex07`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from ..cards import Card
from ..scoring import kitty_multiplier, settle, trick_points
from ..trump import Trump
from ..units import decompose
from .ex07 import ACE


def settle_levels(points):
    """(levels for the dealer team, levels for the defenders) for the defenders' points."""
    if points == 0:
        return 3, 0
    if points < 40:
        return 2, 0
    if points < 80:
        return 1, 0
    return 0, (points - 80) // 40  # 80-119: 0, 120-159: 1, 160-199: 2, ...


def multiplier(lead, trump):
    """2 ** (number of cards in the largest unit of the last trick's lead)."""
    largest = max(len(unit.cards) for unit in decompose(lead, trump))
    return 2**largest


def defender_points(tricks, kitty, dealer, trump):
    """The defenders' points: their tricks, plus the multiplied kitty if they won the last."""
    dealer_team = dealer % 2
    total = 0
    for winner, plays in tricks:
        if winner % 2 != dealer_team:
            total += sum(card.points for play in plays for card in play)
    last_winner, last_plays = tricks[-1]
    if last_winner % 2 != dealer_team:
        total += sum(card.points for card in kitty) * multiplier(last_plays[0], trump)
    return total


def after_hand(levels, dealer, points):
    """(both teams' new levels, next dealer, whether the match is won) after one hand."""
    ace = 14  # levels stop at A
    dealer_team = dealer % 2
    dealer_gain, defender_gain = settle_levels(points)
    new_levels = list(levels)
    new_levels[dealer_team] = min(ace, levels[dealer_team] + dealer_gain)
    new_levels[1 - dealer_team] = min(ace, levels[1 - dealer_team] + defender_gain)
    if points >= 80:  # the defenders take the deal: the seat after the dealer
        return tuple(new_levels), (dealer + 1) % 4, False
    match_won = levels[dealer_team] == ace  # the dealers won a hand at A
    return tuple(new_levels), (dealer + 2) % 4, match_won


def _settle_reference(points: int) -> tuple[int, int]:
    result = settle(points)
    return result.dealer_levels, result.defender_levels


def _points_reference(tricks: list, kitty: list[Card], dealer: int, trump: Trump) -> int:
    def defenders(seat: int) -> bool:
        return seat % 2 != dealer % 2

    total = sum(
        trick_points(c for play in plays for c in play) for w, plays in tricks if defenders(w)
    )
    winner, plays = tricks[-1]
    if defenders(winner):
        total += trick_points(kitty) * kitty_multiplier(plays[0], trump)
    return total


def _after_reference(levels: tuple[int, int], dealer: int, points: int) -> tuple:
    settlement = settle(points)
    team = dealer % 2
    after = list(levels)
    after[team] = min(ACE, after[team] + settlement.dealer_levels)
    after[1 - team] = min(ACE, after[1 - team] + settlement.defender_levels)
    if settlement.defenders_take_deal:
        return (after[0], after[1]), (dealer + 1) % 4, False
    return (after[0], after[1]), (dealer + 2) % 4, levels[team] == ACE
