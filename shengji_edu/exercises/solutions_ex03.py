"""The solutions and references of exercise 03 (the questions are in :mod:`.ex03`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..trump import EFFECTIVE_SUITS, Trump
from ..units import is_pair as _is_pair_reference  # noqa: F401  (a reference the question names)
from ..units import is_tractor as _is_tractor_reference  # noqa: F401  (a reference the question names)
from ..units import lead_format, longest_run, pair_profile
from .generate import make_trump


def is_pair(cards):
    """Two identical cards."""
    return len(cards) == 2 and cards[0] == cards[1]


def side_step(rank, level):
    """Position of a side card's rank in its suit, from 0, with the level rank taken out."""
    step = rank - 2  # 2 -> 0, 3 -> 1, ...
    if rank > level:
        step -= 1  # the level rank left the suit: the ranks above it move down one step
    return step


def is_tractor(cards, trump):
    """Two or more pairs of one effective suit on consecutive steps, nothing else."""
    counts = Counter(cards)
    if len(cards) < 4 or any(n != 2 for n in counts.values()):
        return False
    if len({trump.suit_of(card) for card in cards}) != 1:
        return False
    steps = sorted(trump.step(card) for card in counts)
    return steps == list(range(steps[0], steps[0] + len(steps)))


def longest_tractor(cards, trump):
    """Pairs in the longest tractor among the cards (any suit); 0 if there is none."""
    counts = Counter(cards)
    best = 0
    for suit in "TSHDC":
        steps = {trump.step(c) for c in counts if counts[c] == 2 and trump.suit_of(c) == suit}
        for step in steps:
            if step - 1 not in steps:  # the bottom of a run of pairs
                length = 1
                while step + length in steps:
                    length += 1
                best = max(best, length)
    return best if best >= 2 else 0


def lead_shape(cards, trump):
    """(tractor lengths, longest first; number of other pairs; number of singles)."""
    counts = Counter(cards)
    pairs_at = Counter(trump.step(card) for card in counts if counts[card] == 2)
    tractors = []
    while True:
        longest = 0
        for step in list(pairs_at):  # find the longest run of steps that still hold a pair
            if pairs_at[step] > 0 and pairs_at[step - 1] == 0:
                length = 1
                while pairs_at[step + length] > 0:
                    length += 1
                if length > longest:
                    longest, low = length, step
        if longest < 2:
            break
        for step in range(low, low + longest):  # take one pair from each step of it
            pairs_at[step] -= 1
        tractors.append(longest)
    pairs = sum(pairs_at.values())
    singles = len(cards) - 2 * (sum(tractors) + pairs)
    return tractors, pairs, singles


def _side_step_reference(rank: int, level: int) -> int:
    return make_trump(level, None).step(Card("S", rank))


def _longest_reference(cards: list[Card], trump: Trump) -> int:
    longest = 0
    for suit in EFFECTIVE_SUITS:
        profile = pair_profile(trump.cards_of(cards, suit), trump)
        longest = max(longest, longest_run(profile))
    return longest if longest >= 2 else 0


def _shape_reference(cards: list[Card], trump: Trump) -> tuple:
    fmt = lead_format(cards, trump)
    return list(fmt.tractors), fmt.pairs, fmt.singles
