"""benchmarks/hand_breakdown.py times the hands that self-play plays: its split into parts
(the table run until the first lead, then the plays one by one) plays each hand card for card
as ``play_round`` does."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from pathlib import Path

import pytest

from shengji_edu.game import PLAYING, Round, Table, play_round
from shengji_edu.players import make_player

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "hand_breakdown.py"


def load_script():
    spec = importlib.util.spec_from_file_location("hand_breakdown", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["hand_breakdown"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_the_parts_play_the_same_hands(kind):
    breakdown = load_script()
    players = [make_player(kind) for _ in range(4)]
    stopping = [breakdown.UntilPlay(player) for player in players]
    for seed in range(6):
        whole = play_round(Round(seed), players)
        split = Round(seed)
        with contextlib.suppress(breakdown.FirstLead):
            Table(split, stopping).run()
        assert split.phase == PLAYING and not split.tricks and not split.current_trick
        while split.phase == PLAYING:
            seat = split.turn
            split.play(seat, players[seat].play(split.view(seat)))
        assert split.actions == whole.actions
        assert split.result == whole.result


def test_every_part_is_timed():
    parts = load_script().parts("random", 3)
    assert set(parts) == set(load_script().PARTS)
    assert parts["before_play"] > 0 and parts["engine_play"] > 0 and parts["lead"] > 0
