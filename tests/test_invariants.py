"""Two hundred hands of benchmarks/invariants.py (the full run checks 10,000, by hand)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "invariants.py"


def load_script():
    spec = importlib.util.spec_from_file_location("invariants", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["invariants"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_seeded_hands_keep_every_invariant():
    invariants = load_script()
    tally = invariants.run(hands=200, seed=12)
    assert tally.failures == []
    assert tally.hands == tally.records == 200 and tally.replays == 20
    assert tally.failed_throws > 0 and tally.plays > 200 * 60  # the checks really ran


def test_the_checks_catch_a_broken_hand():
    invariants = load_script()
    tally = invariants.Tally()
    rnd, _kinds = invariants.setup(5)
    invariants.Table(rnd, [invariants.make_player("greedy")] * 4).run()
    rnd._tricks = rnd._tricks[:-1]  # lose a trick: points and cards no longer add up
    invariants.check_points(5, rnd, tally)
    assert tally.failures
