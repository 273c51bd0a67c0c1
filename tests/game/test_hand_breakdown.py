"""benchmarks/hand_breakdown.py times the hands that self-play plays: its split into parts
(the table run until the first lead, then the plays one by one) plays each hand card for card
as ``play_round`` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts import load_script

from shengji_edu.game import Round, play_round
from shengji_edu.players import make_player


def load_breakdown():
    return load_script(Path("benchmarks/hand_breakdown.py"), "hand_breakdown")


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_the_parts_play_the_same_hands(kind):
    breakdown = load_breakdown()
    players = [make_player(kind) for _ in range(4)]
    until_play = [breakdown.UntilPlay(player) for player in players]
    spent = dict.fromkeys(breakdown.PARTS, 0.0)
    for seed in range(6):
        timed = breakdown.timed_hand(seed, players, until_play, spent)
        whole = play_round(Round(seed), players)
        assert timed.actions == whole.actions
        assert timed.result == whole.result
    assert all(seconds > 0 for part, seconds in spent.items() if part != "follow_3+")


def test_the_parts_are_per_hand_microseconds():
    breakdown = load_breakdown()
    parts = breakdown.parts("random", 3)
    assert set(parts) == set(breakdown.PARTS)
    assert 10 < parts["engine_play"] < 1e6  # microseconds a hand, not seconds
