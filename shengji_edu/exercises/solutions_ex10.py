"""The solutions and references of exercise 10 (the questions are in :mod:`.ex10`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from .. import gin


def card_text(card):
    """'7S', 'TH', 'AC': the rank letter, then the suit letter."""
    return "A23456789TJQK"[card % 13] + "SHDC"[card // 13]


def deadwood_value(card):
    """Deadwood points of one card: A = 1, 2..9 face value, T J Q K = 10."""
    return min(card % 13 + 1, 10)


def is_meld(cards):
    """A set (3 or 4 cards of one rank) or a run (3 or more in sequence in one suit)."""
    cards = sorted(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len(cards) <= 4 and len({c % 13 for c in cards}) == 1:
        return True  # a set
    same_suit = len({c // 13 for c in cards}) == 1
    return same_suit and cards[-1] - cards[0] == len(cards) - 1  # a run: ids in a row


def deadwood(cards):
    """The least deadwood of distinct cards, over every way to split them into melds."""
    hand = frozenset(cards)
    melds = []
    for rank in range(13):  # sets: every 3 or 4 cards of one rank
        same = sorted(c for c in hand if c % 13 == rank)
        for size in (3, 4):
            melds += combinations(same, size)
    for low in hand:  # runs: every piece of every run, from each first card
        high = low
        while high + 1 in hand and (high + 1) % 13 != 0:  # a K is followed by nothing
            high += 1
            if high - low >= 2:
                melds.append(tuple(range(low, high + 1)))

    @cache
    def least(left):
        if not left:
            return 0
        lowest = min(left)  # the lowest card is deadwood, or in one of its melds
        best = deadwood_value(lowest) + least(left - {lowest})
        for meld in melds:
            if lowest in meld and left.issuperset(meld):
                best = min(best, least(left - set(meld)))
        return best

    return least(hand)


def can_knock(hand):
    """10 cards: deadwood at most 10. 11 cards: some discard leaves at most 10."""
    if len(hand) == 10:
        return deadwood(hand) <= 10
    return any(deadwood([c for c in hand if c != discard]) <= 10 for discard in hand)


def _is_meld_reference(cards: list[int]) -> bool:
    return gin.is_meld(cards)


def _deadwood_reference(cards: list[int]) -> int:
    return gin.deadwood(cards)


def _knock_reference(hand: list[int]) -> bool:
    return gin.can_knock(hand)
