"""A tournament keeps every hand it plays, and its leaderboard links them: each kept hand
replays card for card through the engine and gives the outcome the match recorded, a
forfeited hand included (it is kept as far as it was played)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from shengji_edu.cli import main
from shengji_edu.game import hand_record, loads
from shengji_edu.game.kept import full_record, read_kept
from shengji_edu.tournament import run_tournament
from shengji_edu.tournament.match import hand_result

pytestmark = pytest.mark.integration  # starts sandboxed processes

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DEALS = 2


@pytest.fixture(scope="module")
def tournament(tmp_path_factory):
    """greedy, random and the cheater (it plays cards it does not hold: forfeits)."""
    root = tmp_path_factory.mktemp("kept")
    bots = root / "bots"
    bots.mkdir()
    (bots / "baselines.txt").write_text("greedy\nrandom\n", encoding="utf-8")
    shutil.copy(FIXTURES / "more_bots" / "cheater.py", bots)
    out = root / "out"
    result = run_tournament(bots, DEALS, 11, out=out, chart=False, progress=False)
    return out, result


def test_the_folder_holds_every_hand_and_each_replays_to_its_outcome(tournament):
    out, result = tournament
    assert len(result.records) == 3
    forfeits = 0
    for record in result.records:
        assert "hands" not in record
        path = out / "matches" / f"{record['key']}.hands.jsonl.gz"
        kept = read_kept(path)  # every action replayed through the engine
        runs = [run for deal in record["deals"] for run in deal["runs"]]
        assert len(kept) == len(runs) == 2 * DEALS
        for hand, run in zip(kept, runs, strict=True):
            names = [record["a"] if s % 2 == run["a_team"] else record["b"] for s in range(4)]
            assert list(hand.players) == names
            # card for card: the §9 record of the replayed hand loads and replays the same
            assert hand_record(loads(json.dumps(full_record(hand)))) == hand_record(hand.round)
            if "forfeit" in run:
                forfeits += 1
                assert hand.round.result is None
                assert hand.forfeit.endswith(run["forfeit"]["reason"])
                assert len(hand.round.tricks) == run["forfeit"]["trick"] - 1
            else:
                assert hand.forfeit is None
                outcome = {k: run[k] for k in ("winning_team", "defender_points", "level_gain")}
                assert hand_result(hand.round) == outcome
    assert forfeits > 0


def test_the_leaderboard_links_every_matchs_hands_and_each_forfeit(tournament, capsys):
    out, result = tournament
    data = json.loads((out / "leaderboard.json").read_text(encoding="utf-8"))
    for pair in data["pairs"]:
        assert (out / pair["hands_file"]).is_file()
    with open(out / "pairs.csv", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert {row["hands_file"] for row in rows} == {p["hands_file"] for p in data["pairs"]}
    assert data["forfeits"]
    for forfeit in data["forfeits"]:
        hand = read_kept(out / forfeit["hands_file"])[forfeit["hand"] - 1]
        assert hand.forfeit.endswith(forfeit["reason"])
        assert hand.players[forfeit["seat"]] == forfeit["bot"]
    first = data["forfeits"][0]
    assert main(["replay", str(out / first["hands_file"]), "--hand", str(first["hand"])]) == 0
    shown = capsys.readouterr().out
    assert first["reason"] in shown and "trick  1:" in shown


def test_the_folder_stays_small(tournament):
    out, result = tournament
    files = list((out / "matches").glob("*.hands.jsonl.gz"))
    hands = sum(len(read_kept(f)) for f in files)
    assert hands == 3 * 2 * DEALS
    assert sum(f.stat().st_size for f in files) / hands < 1000  # a §9 record is about 9 KB
