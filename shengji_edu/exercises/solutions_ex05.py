"""The solutions and references of exercise 05 (the questions are in :mod:`.ex05`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..tricks import beating_unit, check_throw, trick_winner
from ..trump import Trump
from ..units import decompose


def single_winner(cards, trump):
    """Index of the winning card of a single-card trick (cards[0] was led)."""
    led = trump.suit_of(cards[0])
    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        can_win = trump.suit_of(card) in (led, "T")  # another side suit never wins
        if can_win and trump.strength(card) > trump.strength(cards[best]):  # ties: earlier
            best = i
    return best


def pair_winner(plays, trump):
    """Index of the winning play when a pair was led (every play has two cards)."""
    led = trump.suit_of(plays[0][0])
    best = 0
    for i in range(1, len(plays)):
        a, b = plays[i]
        can_win = a == b and trump.suit_of(a) in (led, "T")  # only a pair can win
        if can_win and trump.strength(a) > trump.strength(plays[best][0]):
            best = i
    return best


def is_beaten(unit, others, trump):
    """Does another hand hold a unit of the same kind (single or pair) that is higher?"""
    suit, step = trump.suit_of(unit[0]), trump.step(unit[0])
    for hand in others:
        counts = Counter(card for card in hand if trump.suit_of(card) == suit)
        for card in counts:
            if trump.step(card) > step and counts[card] >= len(unit):
                return True
    return False


def forced_lead(lead, others, trump):
    """The cards that must be led: the whole lead if it stands, else the lowest beaten unit."""
    counts = Counter(lead)
    units = [[card] * counts[card] for card in counts]  # its pairs and singles
    if len(units) == 1:
        return lead  # one unit is not a throw: it always stands
    beaten = [unit for unit in units if is_beaten(unit, others, trump)]
    if not beaten:
        return lead
    return min(beaten, key=lambda unit: (trump.step(unit[0]), len(unit)))


def unit_winner(plays, trump):
    """Index of the winning play when one unit (a single, a pair or a tractor) was led."""
    led = trump.suit_of(plays[0][0])

    def key(play):
        suits = {trump.suit_of(card) for card in play}
        if len(suits) != 1 or not suits <= {led, "T"}:
            return None  # mixed, or another side suit: cannot win
        counts = Counter(play)
        if len(play) > 1:  # a pair or a tractor was led: the play must be one too
            if any(count != 2 for count in counts.values()):
                return None
            steps = sorted(trump.step(card) for card in counts)
            if steps != list(range(steps[0], steps[0] + len(steps))):
                return None
        is_ruff = suits == {"T"} and led != "T"
        return (is_ruff, max(trump.step(card) for card in play))

    best, best_key = 0, key(plays[0])
    for i in range(1, len(plays)):
        play_key = key(plays[i])
        if play_key is not None and play_key > best_key:
            best, best_key = i, play_key
    return best


def _single_reference(cards: list[Card], trump: Trump) -> int:
    return trick_winner([[card] for card in cards], trump)


def _beaten_reference(unit: list[Card], others: list[list[Card]], trump: Trump) -> bool:
    (as_unit,) = decompose(unit, trump)
    return any(beating_unit(hand, as_unit, trump) is not None for hand in others)


def _forced_reference(lead: list[Card], others: list[list[Card]], trump: Trump) -> list[Card]:
    return check_throw(lead, others, trump).forced
