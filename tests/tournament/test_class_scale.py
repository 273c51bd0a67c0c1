"""Tournaments at class scale: bots in any language, the validation game, Swiss rounds and a
ladder, the time bank. Each starts sandboxed processes (integration); deals are kept tiny."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from shengji_edu.cli import main
from shengji_edu.tournament import Settings, TournamentResult, find_bots, run_tournament

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NODE = shutil.which("node")


def folder(tmp_path: Path, *bots: str, baselines: str = "random\n") -> Path:
    target = tmp_path / "bots"
    target.mkdir()
    for bot in bots:
        source = FIXTURES / bot
        if source.is_dir():
            shutil.copytree(source, target / source.name)
        else:
            shutil.copy(source, target)
    (target / "baselines.txt").write_text(baselines, encoding="utf-8")
    return target


@pytest.mark.parametrize(
    "bot",
    [
        "pylow",
        "pylow2",
        pytest.param("jslow", marks=pytest.mark.skipif(NODE is None, reason="node is absent")),
        pytest.param("jslow2", marks=pytest.mark.skipif(NODE is None, reason="node is absent")),
    ],
)
def test_a_bot_in_another_language_plays_through_the_protocol(tmp_path, bot):
    bots = folder(tmp_path, f"program_bots/{bot}")
    (found,) = [b for b in find_bots(bots) if b.name == bot]
    assert found.kind == "program" and found.problem is None
    result = run_tournament(bots, 2, 5, out=tmp_path / "out", chart=False)
    rows = {row["bot"]: row for row in result.standings(rating=False)}
    assert rows[bot]["status"] == "entered" and rows[bot]["forfeits"] == 0, result.forfeits()
    assert rows[bot]["hands"] == 4 and rows[bot]["won"] >= 1  # it plays, better than random


@pytest.mark.skipif(NODE is None, reason="node is absent")
def test_the_python_and_javascript_reference_bots_play_alike(tmp_path):
    bots = folder(tmp_path, "program_bots/pylow", "program_bots/jslow", baselines="")
    result = run_tournament(bots, 2, 5, out=tmp_path / "out", chart=False)
    (pair,) = result.pairs()
    assert pair["a_won"] == pair["b_won"] == 2  # the same play in both languages: duplicate


@pytest.mark.parametrize(
    "v2",
    [
        "pylow2",
        pytest.param("jslow2", marks=pytest.mark.skipif(NODE is None, reason="node is absent")),
    ],
)
def test_a_bot_of_protocol_version_2_plays_as_its_version_1_twin(tmp_path, v2):
    """Version 2 sends views as changes: a bot that keeps its view from them (and checks it
    is whole, or answers an error) makes the same plays as its version 1 twin."""
    bots = folder(tmp_path, "program_bots/pylow", f"program_bots/{v2}", baselines="")
    result = run_tournament(bots, 3, 7, out=tmp_path / "out", chart=False)
    (pair,) = result.pairs()
    assert not result.forfeits()
    assert pair["a_won"] == pair["b_won"] == 3  # the same plays: duplicate deals split


BAD_PROGRAMS = {
    "mute": ('{"command": ["python3", "bot.py"]}', "import sys\nsys.stdin.readline()\n"),
    "oldversion": (
        '{"command": ["python3", "bot.py"]}',
        "import json, sys\nsys.stdin.readline()\n"
        'print(json.dumps({"event": "hello", "protocol": "shengji-bot", "version": 0}))\n',
    ),
    "nojson": ('{"cmd": "python3 bot.py"}', ""),
    "absent": ('{"command": ["no-such-language-xyz", "bot.x"]}', ""),
}


def test_program_bots_that_break_the_protocol_cannot_enter_and_say_why(tmp_path):
    bots = tmp_path / "bots"
    for name, (manifest, code) in BAD_PROGRAMS.items():
        (bots / name).mkdir(parents=True)
        (bots / name / "bot.json").write_text(manifest, encoding="utf-8")
        (bots / name / "bot.py").write_text(code, encoding="utf-8")
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    result = run_tournament(bots, 1, 5, out=tmp_path / "out", chart=False)
    notes = {row["bot"]: row["note"] for row in result.standings(rating=False)}
    assert notes["mute"].startswith("could not enter: its process ended while loading")
    assert "speaks 'shengji-bot' version 0" in notes["oldversion"]
    assert "must name the command" in notes["nojson"]
    assert "no-such-language-xyz is not installed" in notes["absent"]


def test_the_validation_game_keeps_a_broken_bot_out_and_tells_its_author(tmp_path, capsys):
    bots = folder(tmp_path, "bots/crasher.py", "more_bots/cheater.py")
    out = tmp_path / "out"
    code = main(["tournament", str(bots), "--deals", "1", "--seed", "5", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    manifest = json.loads((out / "tournament.json").read_text(encoding="utf-8"))
    status = {b["name"]: b for b in manifest["bots"]}
    assert status["random"]["status"] == "entered"
    for name, kind in (("crasher", "crashed"), ("cheater", "illegal")):
        reason = status[name]["validation"]
        assert status[name]["status"] == "disqualified"
        assert reason.startswith("failed its validation game against random") and kind in reason
        assert (
            (out / "validation" / f"{name}.txt")
            .read_text(encoding="utf-8")
            .strip()
            .endswith(reason)
        )
        assert f"{name}: cannot enter: {reason}" in printed
    result = TournamentResult.load(out)
    rows = {row["bot"]: row for row in result.standings(rating=False)}
    assert set(rows["crasher"]["forfeit_kinds"]) == {"not entered"}  # in every match
    assert rows["random"]["won"] == rows["random"]["hands"] == 4


def test_swiss_rounds_and_a_ladder_that_adds_a_bot_without_replaying(tmp_path):
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "baselines.txt").write_text("random\ngreedy\nr2 = random\ng2 = greedy\n", "utf-8")
    out = tmp_path / "out"
    argv = ["tournament", str(bots), "--deals", "1", "--seed", "9", "--out", str(out)]
    assert main([*argv, "--schedule", "swiss", "--rounds", "2"]) == 0
    first = json.loads((out / "swiss.json").read_text(encoding="utf-8"))["rounds"]
    assert [len(r["pairs"]) for r in first] == [2, 2] and all(r["bye"] is None for r in first)
    met = [frozenset(p) for r in first for p in r["pairs"]]
    assert len(set(met)) == 4  # no rematch
    played = set((out / "matches").glob("*.json"))
    (bots / "baselines.txt").write_text(
        "random\ngreedy\nr2 = random\ng2 = greedy\nlate = random\n", "utf-8"
    )
    assert main([*argv, "--schedule", "swiss", "--rounds", "3"]) == 0
    rounds = json.loads((out / "swiss.json").read_text(encoding="utf-8"))["rounds"]
    assert rounds[:2] == first  # kept, not paired again
    assert played <= set((out / "matches").glob("*.json"))  # and not replayed
    third = rounds[2]
    assert "late" in {name for pair in third["pairs"] for name in pair} | {third["bye"]}
    assert len(list((out / "matches").glob("*.json"))) == 4 + len(third["pairs"])
    result = TournamentResult.load(out)
    assert result.complete and len(result.standings(rating=False)) == 5


BANKER = """
import time
from shengji_edu.players import GreedyPlayer

class Banker(GreedyPlayer):
    '''Thinks 0.6 s of CPU on each of its first three plays of a hand.'''
    def play(self, view):
        if len(view.tricks) < 3:
            end = time.process_time() + 0.6
            while time.process_time() < end:
                pass
        return super().play(view)
"""


def test_a_thinking_bot_spends_its_hand_time_bank(tmp_path):
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "banker.py").write_text(BANKER, encoding="utf-8")
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    banked = Settings(move_time=0.4, hand_time=2.0)
    result = run_tournament(bots, 1, 5, settings=banked, out=tmp_path / "banked", chart=False)
    assert result.forfeits() == []
    strict = Settings(move_time=0.4)
    result = run_tournament(bots, 1, 5, settings=strict, out=tmp_path / "strict", chart=False)
    assert {f["reason"] for f in result.forfeits()} == {"took more than 0.4 s to play"}


LEAKY = """
import os
from shengji_edu.players import GreedyPlayer

class Leaky(GreedyPlayer):
    def play(self, view):
        raise RuntimeError("ENV " + ",".join(sorted(os.environ)) + " PID %d" % os.getpid())
"""


def test_warm_and_cold_starts_play_alike_and_a_warm_bot_sees_nothing_of_ours(tmp_path, monkeypatch):
    """Python bots start as copies of the fork server (Settings.warm) or as new Pythons:
    the same matches either way; the copies' environment is the sandbox's, not ours."""
    monkeypatch.setenv("SHENGJI_TEST_SECRET", "hunter2")
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "leaky.py").write_text(LEAKY, encoding="utf-8")
    (bots / "baselines.txt").write_text("random\ngreedy\n", encoding="utf-8")
    results = {}
    for warm in (True, False):
        out = tmp_path / f"out-{warm}"
        settings = Settings(warm=warm)
        run_tournament(bots, 2, 5, settings=settings, out=out, chart=False)
        records = []
        for path in sorted((out / "matches").glob("*.json")):
            record = json.loads(path.read_text(encoding="utf-8"))
            record.pop("timing")
            for deal in record["deals"]:
                for run in deal["runs"]:
                    if "forfeit" in run:
                        reason = run["forfeit"]["reason"]
                        assert "SHENGJI_TEST_SECRET" not in reason and "ENV " in reason
                        run["forfeit"]["reason"] = reason.split(" PID ")[0]
            records.append(record)
        results[warm] = records
    assert results[True] == results[False]
