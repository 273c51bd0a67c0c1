"""The arena: duplicate deals, paired statistics, saved results, parallel runs, the command."""

from __future__ import annotations

import json
import math
import random
import statistics

import pytest

from shengji_edu.arena import (
    ArenaResult,
    Estimate,
    deal_setup,
    parse_spec,
    play_duplicate,
    run_arena,
)
from shengji_edu.cli import main
from shengji_edu.game.round import team_of


def test_both_runs_of_a_deal_share_cards_dealer_and_trump_with_teams_swapped():
    setup = deal_setup(123, random.Random(1))
    outcome = play_duplicate(setup, "greedy", "random")
    runs = outcome["runs"]
    assert [r["a_team"] for r in runs] == [0, 1]
    assert outcome["dealer"] == setup.dealer and outcome["trump"] == setup.trump_suit


def test_trump_is_the_dealers_longest_suit():
    from collections import Counter

    from shengji_edu.game import Round

    setup = deal_setup(99, random.Random(5))
    probe = Round(setup.seed, levels=(setup.level, setup.level), dealer=setup.dealer)
    probe.deal_all()
    hand = probe.hand(setup.dealer)
    lengths = Counter(c.suit for c in hand if not c.is_joker and c.rank != setup.level)
    assert lengths[setup.trump_suit] == max(lengths.values())


def test_paired_values_and_interval_are_computed_per_deal():
    result = run_arena("greedy", "random", 6, seed=3)
    values = result.side_values("a")
    assert len(values["hands_won"]) == 6
    assert len(values["defender_points"]) == 6  # each side defends once per deal
    wins_a = result.side_values("a")["hands_won"]
    wins_b = result.side_values("b")["hands_won"]
    assert all(a + b == 1 for a, b in zip(wins_a, wins_b, strict=True))
    estimate = result.summary()["a"]["defender_points"]
    points = values["defender_points"]
    half = 1.959963984540054 * statistics.stdev(points) / math.sqrt(len(points))
    assert estimate.mean == pytest.approx(statistics.fmean(points))
    assert estimate.high == pytest.approx(statistics.fmean(points) + half)


def test_estimate_clips_to_the_possible_range():
    estimate = Estimate.of([1.0, 1.0, 0.5, 1.0], 0.0, 1.0)
    assert estimate.high == 1.0 and estimate.low < estimate.mean


def test_a_paired_difference_is_taken_deal_by_deal():
    first, second = [1.0, 0.5, 0.5, 1.0, 0.0], [0.5, 0.5, 0.0, 1.0, 0.0]
    paired = Estimate.paired(first, second)
    differences = [0.5, 0.0, 0.5, 0.0, 0.0]
    half = 1.959963984540054 * statistics.stdev(differences) / math.sqrt(len(differences))
    assert paired.mean == pytest.approx(0.2)
    assert (paired.low, paired.high) == pytest.approx((0.2 - half, 0.2 + half))
    # the same shares in another deal order: the pairing, not only the means, decides
    unpaired = Estimate.paired(first, [0.0, 0.0, 0.5, 0.5, 1.0])
    assert unpaired.mean == pytest.approx(0.2) and unpaired.high - unpaired.low > 2 * half
    with pytest.raises(ValueError, match="same deals"):
        Estimate.paired(first, second[:4])


def test_results_are_reproducible_saved_and_loaded(tmp_path):
    first = run_arena("greedy", "random", 3, seed=8)
    second = run_arena("greedy", "random", 3, seed=8)
    assert first.deals == second.deals
    path = tmp_path / "arena.json"
    first.save(path)
    loaded = ArenaResult.load(path)
    assert loaded.deals == first.deals and loaded.report() == first.report()
    assert json.loads(path.read_text())["summary"]["a"]["hands_won"]["mean"] == pytest.approx(
        first.summary()["a"]["hands_won"].mean
    )


def test_parallel_processes_give_the_same_results():
    serial = run_arena("greedy", "random", 4, seed=2)
    parallel = run_arena("greedy", "random", 4, seed=2, processes=2)
    assert parallel.deals == serial.deals


def test_greedy_beats_random_clearly_even_in_a_few_deals():
    result = run_arena("greedy", "random", 12, seed=0)
    assert result.summary()["a"]["hands_won"].mean > 0.7


def test_player_specs_with_options():
    assert parse_spec("greedy") == "greedy"
    assert parse_spec("montecarlo:budget=3,horizon=2") == (
        "montecarlo",
        {"budget": 3, "horizon": 2},
    )
    with pytest.raises(ValueError):
        parse_spec("montecarlo:budget")
    with pytest.raises(ValueError, match="choose one of"):
        run_arena("wizard", "random", 1)


def test_montecarlo_spec_runs_in_the_arena():
    result = run_arena(("montecarlo", {"budget": 1, "horizon": 1}), "random", 1, seed=4)
    assert len(result.deals) == 1
    assert "montecarlo(budget=1, horizon=1)" in result.report()


def test_arena_command_prints_a_report_and_writes_files(tmp_path, capsys):
    json_path, chart_path = tmp_path / "r.json", tmp_path / "r.png"
    code = main(
        [
            "arena",
            "greedy",
            "random",
            "--deals",
            "2",
            "--json",
            str(json_path),
            "--chart",
            str(chart_path),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "hands won" in out and "greedy" in out
    assert json_path.exists() and chart_path.stat().st_size > 1000


def test_who_defends_follows_the_dealer_seat():
    result = run_arena("random", "random", 2, seed=1)
    for deal in result.deals:
        for run in deal["runs"]:
            dealer_team = team_of(deal["dealer"])
            won = run["winning_team"]
            assert (won == dealer_team) == (run["defender_points"] < 80)


def test_a_player_class_of_your_own_and_saved_settings(tmp_path):
    from shengji_edu.players import GreedyPlayer

    class Mine(GreedyPlayer):
        pass

    result = run_arena(Mine, ("montecarlo", {"budget": 1, "horizon": 1}), 1, seed=2)
    assert "Mine" in result.report()
    settings = result.to_dict()["settings"]
    assert settings["a"]["type"] == "Mine"
    assert settings["b"] == {
        "type": "MonteCarloPlayer",
        "name": "montecarlo",
        "samples": 1,  # the old budget and horizon, saved under their new names
        "depth": 1,
        "time": None,
    }
    with pytest.raises(ValueError, match="one process"):
        run_arena(Mine, "random", 1, processes=2)
