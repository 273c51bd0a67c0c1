"""Lesson 05's "Try this #4": the figures it quotes about ruffed tricks are measured here.

A trick is *ruffed* when a side suit (not trump) is led and a play of trumps from another seat
wins it. The lesson's hand (``Round(8)``, four greedy players) has one in trick 3; over the
seeds 0 to 1,999 the prompt quotes how many hands have one, where the first one comes, and
how rare a ruffed first trick is.
"""

from __future__ import annotations

import statistics

import pytest

from shengji_edu.game import Round, play_round
from shengji_edu.players import GreedyPlayer


def ruffed_tricks(seed: int) -> list[int]:
    """The numbers (from 1) of the ruffed tricks of one hand of four greedy players."""
    hand = play_round(Round(seed), [GreedyPlayer() for _ in range(4)])
    trump = hand.trump
    found = []
    for number, trick in enumerate(hand.tricks, 1):
        led = trick.plays[0][1]
        won_with = dict(trick.plays)[trick.winner]
        if (
            not trump.is_trump(led[0])
            and trick.winner != trick.leader
            and all(trump.is_trump(card) for card in won_with)
        ):
            found.append(number)
    return found


def test_the_lessons_hand_is_ruffed_in_trick_3_by_south():
    hand = play_round(Round(8), [GreedyPlayer() for _ in range(4)])
    third = hand.tricks[2]
    assert third.leader == 1 and third.winner == 0  # East leads, South wins ...
    assert [str(c) for c in dict(third.plays)[0]] == ["S7"]  # ... with the trump ♠7
    assert all(c.suit == "C" for c in dict(hand.tricks[0].plays)[0])  # South's 3 clubs went
    assert ruffed_tricks(8)[0] == 3


@pytest.mark.slow
def test_the_figures_quoted_for_other_seeds():
    firsts = {}
    for seed in range(2000):
        ruffed = ruffed_tricks(seed)
        if ruffed:
            firsts[seed] = ruffed[0]
    assert len(firsts) == 1948  # "1,948 of the seeds 0 to 1,999"
    assert statistics.median(firsts.values()) == 9  # "at trick 9 or later in half of them"
    early = sum(1 for first in firsts.values() if first <= 3)
    assert early == 134  # "about once in 15 seeds": 2000 / 134 = 14.9
    assert [seed for seed, first in firsts.items() if first == 1] == [851]  # "one in 2,000"
