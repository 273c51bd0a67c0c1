"""``shengji tournament``: untrusted bots kept apart, a fair schedule, the same results anywhere.

tests/fixtures/bots/ is a class of six: the three package players (baselines.txt; Monte
Carlo with a small budget), a bot whose process dies mid-hand, one that loops, and a spy that
tries to read other hands and the referee's state (see its docstring). tests/fixtures/more_bots/
holds a bot that plays cards it does not hold and a folder bot with no player class. The
tests keep deal counts tiny: every match starts 8 sandboxed processes whatever its length.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from subreaper import SUBREAPER_RUNNER, alive_with

from shengji_edu.arena import play_duplicate
from shengji_edu.cli import main
from shengji_edu.rules import RuleSet
from shengji_edu.sandbox import capabilities, landlock_abi
from shengji_edu.scoring import settle
from shengji_edu.tournament import (
    BotsError,
    Settings,
    TournamentResult,
    check_bot,
    find_bots,
    run_tournament,
)
from shengji_edu.tournament.match import forfeit_result
from shengji_edu.tournament.rating import bradley_terry, expected_share, ranks, scores
from shengji_edu.tournament.schedule import deal_setups, pairs

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
LINUX = sys.platform.startswith("linux")
SURVIVOR = b"shengji-tournament-survivor"
SUPERVISOR = b"sandbox/supervisor.py\0supervise"  # a sandbox supervisor's command line


def sandboxes_alive() -> list[int]:
    """Live processes of a tournament (bot runners and their supervisors) - a /proc scan."""
    return alive_with(b"shengji_edu.tournament.runner") + alive_with(SUPERVISOR)


def class_folder(tmp_path: Path) -> tuple[Path, Path]:
    """The six bots, with the spy told where the bots and the results are."""
    bots, out = tmp_path / "bots", tmp_path / "results"
    shutil.copytree(FIXTURES / "bots", bots)
    spy = bots / "spy.py"
    spy.write_text(
        spy.read_text(encoding="utf-8").replace("@BOTS@", str(bots)).replace("@OUT@", str(out)),
        encoding="utf-8",
    )
    return bots, out


def comparable(out: Path) -> dict:
    """Everything a tournament decided, without how long it took."""
    data = json.loads((out / "leaderboard.json").read_text(encoding="utf-8"))
    manifest = json.loads((out / "tournament.json").read_text(encoding="utf-8"))
    matches = {}
    for entry in manifest["matches"]:
        record = json.loads((out / "matches" / f"{entry['key']}.json").read_text("utf-8"))
        record.pop("timing")
        matches[entry["key"]] = record
    return {"leaderboard": data, "matches": matches}


# --- the class of six -------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="checks the Linux guarantees (see README, Class tournaments)")
@pytest.mark.skipif(not capabilities()["seccomp"], reason="the spy could signal the referee here")
def test_six_bots_the_broken_ones_lose_their_hands_the_spy_learns_nothing(tmp_path):
    bots, out = class_folder(tmp_path)
    command = [sys.executable, "-c", SUBREAPER_RUNNER, "tournament", str(bots), "--deals", "1"]
    command += ["--seed", "7", "--workers", "2", "--move-time", "2", "--out", str(out)]
    command += ["--no-validation"]  # in the match itself (test_validation: kept out at entry)
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] == 0, done.stdout + done.stderr
    assert report["left"] == [], report["left"]  # nothing was reparented to the runner
    assert alive_with(SURVIVOR) == []  # the spy's sleeper in a new session was killed too
    assert not (bots / "spy-was-here.txt").exists()

    result = TournamentResult.load(out)
    rows = {row["bot"]: row for row in result.standings()}
    assert sorted(rows) == ["crasher", "greedy", "looper", "montecarlo", "random", "spy"]
    assert all(row["hands"] == 10 for row in rows.values())  # 5 opponents x 1 deal x 2 hands
    for name in ("random", "greedy", "montecarlo"):
        assert rows[name]["forfeits"] == 0, rows[name]
    assert set(rows["crasher"]["forfeit_kinds"]) == {"crashed"}
    assert set(rows["looper"]["forfeit_kinds"]) == {"timeout"}
    forfeits = result.forfeits()
    assert {f["reason"] for f in forfeits if f["bot"] == "crasher"} == {
        "its process ended (exit code 3)"
    }
    assert {f["reason"] for f in forfeits if f["bot"] == "looper"} == {"took more than 2 s to play"}
    spy = [f["reason"] for f in forfeits if f["bot"] == "spy"]
    assert len(spy) == 10 and all(reason.startswith("raised RuntimeError: SPY") for reason in spy)
    for reason in spy:
        leaks = reason.split("leaks=[", 1)[1].split("]", 1)[0]
        found = set(filter(None, leaks.split(",")))
        assert not found & {"engine_objects", "foreign_hand", "kill_referee"}, reason
        if landlock_abi() > 0:  # reads and writes are confined only with Landlock
            assert found == set(), reason
        assert "tried=12" in reason
    # the broken bots lost exactly the hands they forfeited, and the others won them
    assert rows["spy"]["won"] == 0
    for name in ("greedy", "montecarlo"):
        assert rows[name]["rank"] <= 2
    for name in ("leaderboard.csv", "leaderboard.json", "pairs.csv", "forfeits.csv"):
        assert (out / name).is_file()
    assert (out / "leaderboard.png").stat().st_size > 1000
    lines = (out / "forfeits.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + len(forfeits)
    assert "rank  bot" in done.stdout and "crasher: " in done.stdout


# --- the same results, whatever runs them -----------------------------------------------------
def small_class(tmp_path: Path) -> Path:
    """random (baseline), the crasher (restarted after each crash), the cheater."""
    bots = tmp_path / "small"
    bots.mkdir()
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    shutil.copy(FIXTURES / "bots" / "crasher.py", bots)
    shutil.copy(FIXTURES / "more_bots" / "cheater.py", bots)
    return bots


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="kills a tournament with SIGKILL and scans /proc")
def test_the_same_results_with_1_or_2_workers_on_dask_and_after_an_interruption(tmp_path):
    from dask.distributed import Client, LocalCluster

    bots = small_class(tmp_path)
    settings = Settings(move_time=5)
    one = run_tournament(bots, 2, 11, settings=settings, workers=1, out=tmp_path / "one")
    two = run_tournament(bots, 2, 11, settings=settings, workers=2, out=tmp_path / "two")
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=False) as cluster,
        Client(cluster) as client,
    ):
        run_tournament(bots, 2, 11, settings=settings, scheduler=client, out=tmp_path / "dask")
    reference = comparable(tmp_path / "one")
    assert comparable(tmp_path / "two") == reference
    assert comparable(tmp_path / "dask") == reference
    assert one.standings() == two.standings()

    kinds = {row["bot"]: row["forfeit_kinds"] for row in one.standings()}
    assert kinds["random"] == {}
    assert set(kinds["cheater"]) == {"illegal"}
    assert kinds["crasher"]["crashed"] >= 4  # both deals of each half: it was restarted
    reasons = {f["reason"] for f in one.forfeits() if f["bot"] == "cheater"}
    assert all(reason.startswith("illegal play: ") for reason in reasons), reasons

    # interrupted: kill the whole command once a match is written, then run it again
    out = tmp_path / "stopped"
    command = [sys.executable, "-m", "shengji_edu", "tournament", str(bots), "--deals", "2"]
    command += ["--seed", "11", "--move-time", "5", "--out", str(out), "--no-validation"]
    first = subprocess.Popen(
        command,
        cwd=tmp_path,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not list((out / "matches").glob("*.json")):
        time.sleep(0.05)
    os.killpg(first.pid, signal.SIGKILL)  # no chance to clean up
    first.wait()
    assert 1 <= len(list((out / "matches").glob("*.json"))) < 3
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and sandboxes_alive():
        time.sleep(0.1)
    assert sandboxes_alive() == []  # the supervisors saw their lifelines close
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert "reusing 1 finished match(es)" in again.stdout or "reusing 2" in again.stdout
    assert comparable(out) == reference


def test_a_sandboxed_match_plays_exactly_as_the_arena_in_one_process(tmp_path):
    """The bots' views and generators travel as plain data: the same cards come back."""
    write(tmp_path / "bots", {"baselines.txt": "greedy\nrandom\n"})
    result = run_tournament(tmp_path / "bots", 2, 5, out=tmp_path / "out", chart=False)
    (record,) = result.records
    assert (record["a"], record["b"]) == ("greedy", "random")
    arena = [play_duplicate(setup, "greedy", "random") for setup in deal_setups(5, 2)]
    assert [deal["runs"] for deal in record["deals"]] == [deal["runs"] for deal in arena]
    assert record["timing"]["processes"] == 8  # four seats, two halves, never a deal twice


@pytest.mark.integration
def test_every_player_the_package_names_plays_in_the_sandbox(tmp_path):
    """A baseline that reads committed results (the learned player's weights, package data
    that an editable install keeps in the checkout's results/) may read them in its box."""
    write(tmp_path / "bots", {"baselines.txt": "learned\nrandom\n"})
    result = run_tournament(tmp_path / "bots", 1, 5, out=tmp_path / "out", chart=False)
    (record,) = result.records
    arena = [play_duplicate(setup, "learned", "random") for setup in deal_setups(5, 1)]
    assert [deal["runs"] for deal in record["deals"]] == [deal["runs"] for deal in arena]


# --- bots that cannot enter, and the instructor's mistakes ------------------------------------
def test_bots_that_cannot_enter_lose_every_hand_and_say_why(tmp_path):
    bots = tmp_path / "bots"
    shutil.copytree(FIXTURES / "more_bots" / "noclass", bots / "noclass")
    (bots / "broken.py").write_text("class Broken:\n    def play(self, view)\n", "utf-8")
    (bots / "latin1.py").write_bytes("# caf\xe9\n".encode("latin-1"))
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    result = run_tournament(bots, 2, 3, out=tmp_path / "out", chart=False)
    rows = {row["bot"]: row for row in result.standings()}
    assert rows["random"]["rank"] == 1 and rows["random"]["won"] == rows["random"]["hands"]
    notes = {name: rows[name]["note"] for name in ("broken", "latin1", "noclass")}
    assert notes["broken"] == "could not enter: syntax error in broken.py: expected ':' (line 2)"
    assert notes["latin1"] == "could not enter: latin1.py is not UTF-8 text"
    assert notes["noclass"].startswith("could not enter: no player class")
    for name in notes:
        assert rows[name]["status"] == "disqualified"
        assert rows[name]["forfeit_kinds"] == {"not entered": rows[name]["forfeits"]}
    # two bots that cannot play: each team forfeits once per deal, so each wins one hand
    (pair,) = [p for p in result.pairs() if {p["a"], p["b"]} == {"broken", "latin1"}]
    assert pair["a_won"] == pair["b_won"] == 2


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


GOOD = "from shengji_edu.players import GreedyPlayer\n\nclass Mine(GreedyPlayer):\n    pass\n"


def test_what_a_bots_folder_holds(tmp_path):
    folder = write(
        tmp_path,
        {
            "alice.py": GOOD,
            "bob/bot.py": GOOD,
            "bob/helpers.py": "X = 1\n",
            "carol/main.py": GOOD,
            "dave/one.py": GOOD,
            "dave/two.py": GOOD,
            "erin/README.md": "no code here\n",
            "_helper.py": GOOD,
            ".hidden.py": GOOD,
            "notes.txt": "ignored\n",
            "baselines.txt": "# baselines\ngreedy\nmc = montecarlo:budget=2  # named\n",
        },
    )
    bots = {bot.name: bot for bot in find_bots(folder)}
    assert sorted(bots) == ["alice", "bob", "carol", "dave", "erin", "greedy", "mc"]
    assert bots["bob"].entry == "bot.py" and set(bots["bob"].files) == {"bot.py", "helpers.py"}
    assert bots["carol"].entry == "main.py" and bots["carol"].problem is None
    assert "several Python files (one.py, two.py) and no bot.py" in bots["dave"].problem
    assert bots["erin"].problem == "holds no Python file"
    assert (bots["mc"].kind, bots["mc"].entry) == ("baseline", "montecarlo:budget=2")
    assert bots["alice"].sha256 != bots["bob"].sha256


@pytest.mark.parametrize(
    "files, message",
    [
        ({"alice.py": GOOD, "Alice/bot.py": GOOD}, "two bots are named 'alice'"),
        ({"greedy.py": GOOD, "baselines.txt": "greedy\n"}, "two bots are named 'greedy'"),
        ({"alice.py": GOOD}, "holds only one bot"),
        ({"notes.txt": "x"}, "holds no bot"),
        ({"a.py": GOOD, "baselines.txt": "wizard\n"}, "baselines.txt line 1: unknown player"),
        ({"a.py": GOOD, "baselines.txt": "\n\ngreedy:bogus=1\n"}, "line 3: unknown option"),
    ],
)
def test_the_instructors_mistakes_are_usage_errors(tmp_path, files, message, capsys):
    folder = write(tmp_path / "bots", files)
    with pytest.raises(BotsError, match=message):
        find_bots(folder)
    assert main(["tournament", str(folder), "--out", str(tmp_path / "out")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out").exists()  # nothing was written


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--rules", "bogus=1"], "unknown rule 'bogus'"),
        (["--rules", "kitty=double"], "unknown kitty rule"),
        (["--deals", "0"], "must be at least 1"),
        (["--move-time", "0"], "between 0 and 3600 seconds"),
        (["--memory", "10"], "at least 64 MB"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not allowed with"),
        (["--seed", "x"], "not a whole number"),
    ],
)
def test_bad_options_are_usage_errors(tmp_path, argv, message, capsys):
    write(tmp_path / "bots", {"baselines.txt": "greedy\nrandom\n"})
    with pytest.raises(SystemExit) as stop:
        main(["tournament", str(tmp_path / "bots"), *argv])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_a_missing_folder_or_an_unreachable_scheduler_is_a_usage_error(tmp_path, capsys):
    assert main(["tournament", str(tmp_path / "nowhere")]) == 2
    assert "does not exist" in capsys.readouterr().err
    write(tmp_path / "bots", {"baselines.txt": "greedy\nrandom\n"})
    out = tmp_path / "out"
    argv = ["tournament", str(tmp_path / "bots"), "--scheduler", "tcp://127.0.0.1:9"]
    assert main([*argv, "--out", str(out)]) == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


# --- scoring and rating, without processes ----------------------------------------------------
def test_a_forfeit_is_the_most_lopsided_hand_against_the_forfeiting_team():
    rules = RuleSet()
    (setup,) = deal_setups(1, 1)
    dealer_team = setup.dealer % 2
    against_dealers = forfeit_result(setup, rules, dealer_team)
    assert against_dealers["winning_team"] == 1 - dealer_team
    assert against_dealers["defender_points"] == rules.total_points
    levels = settle(rules.total_points, rules).defender_levels
    assert against_dealers["level_gain"][1 - dealer_team] == min(14, setup.level + levels) - (
        setup.level
    )
    against_defenders = forfeit_result(setup, rules, 1 - dealer_team)
    assert against_defenders["winning_team"] == dealer_team
    assert against_defenders["defender_points"] == 0
    assert against_defenders["level_gain"][dealer_team] == min(14, setup.level + 3) - setup.level


def test_deals_depend_on_the_seed_and_their_number_only():
    assert deal_setups(9, 5)[:3] == deal_setups(9, 3)
    assert deal_setups(9, 3) != deal_setups(10, 3)
    assert len({setup.seed for setup in deal_setups(9, 50)}) == 50
    assert all(setup.seed >= 2**40 for setup in deal_setups(9, 50))  # not a small number


def test_pairs_are_a_round_robin():
    names = [f"b{i}" for i in range(7)]
    bots = [type("B", (), {"name": n})() for n in names]
    schedule = [(a.name, b.name) for a, b in pairs(bots)]
    assert len(schedule) == 21 == len(set(schedule))
    assert all(a < b for a, b in schedule)


def random_wins(n: int, deals: int, strength: list[float], seed: int) -> list:
    rng = random.Random(seed)
    wins = [[[0] * deals for _ in range(n)] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            for d in range(deals):
                for _hand in range(2):
                    p = expected_share(strength[i], strength[j])
                    winner, loser = (i, j) if rng.random() < p else (j, i)
                    wins[winner][loser][d] += 1
    return wins


def test_bradley_terry_ranks_as_the_score_and_finds_the_strengths():
    strength = [1800, 1650, 1500, 1350, 1200]
    wins = random_wins(5, 60, strength, seed=3)
    score = scores(wins, 60)
    rating = bradley_terry(wins, 60, seed=1, bootstrap=30)
    assert ranks([s.value for s in score]) == ranks([r.value for r in rating]) == [1, 2, 3, 4, 5]
    for r, true in zip(rating, strength, strict=True):
        assert r.low < r.value < r.high
        assert abs((r.value - 1500) - (true - 1500)) < 150
    assert abs(sum(r.value for r in rating) / 5 - 1500) < 1e-6
    assert bradley_terry(wins, 60, seed=1, bootstrap=30) == rating  # reproducible
    assert ranks([0.5, 0.7, 0.5, 0.1]) == [2, 1, 2, 4]
    assert round(expected_share(1600, 1500), 2) == 0.64


def test_a_bot_that_lost_every_hand_still_gets_a_finite_rating():
    wins = [[[0], [0]], [[2], [0]]]
    wins[1][0] = [2]
    rating = bradley_terry(wins, 1, seed=0)
    assert rating[1].value > rating[0].value and rating[0].low is None
    assert all(abs(r.value) < 10_000 for r in rating)


# --- for students ---------------------------------------------------------------------------
def test_check_bot_says_what_is_wrong_before_the_bot_is_handed_in(tmp_path):
    broken = write(tmp_path, {"oops.py": "def play(view):\n    return []\n"}) / "oops.py"
    verdict = check_bot(broken)
    assert not verdict.ok
    assert str(verdict).startswith("oops: cannot enter: no player class")
    good = check_bot(FIXTURES / "more_bots" / "cheater.py")
    assert not good.ok and "illegal play" in str(good)


# --- the report, from records alone -----------------------------------------------------------
def synthetic(names: list[str], deals: int, beats) -> TournamentResult:
    """A finished tournament where ``beats(a, b, deal, run)`` says whether ``a`` won."""
    records = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            runs = [
                [
                    {
                        "a_team": t,
                        "winning_team": t if beats(a, b, d, t) else 1 - t,
                        "defender_points": 40,
                        "level_gain": [1, 0],
                    }
                    for t in (0, 1)
                ]
                for d in range(deals)
            ]
            deals_data = [{"dealer": 0, "runs": r} for r in runs]
            records.append({"a": a, "b": b, "deals": deals_data})
    bots = [{"name": n, "kind": "file", "status": "entered"} for n in names]
    return TournamentResult(seed=1, deals=deals, rules=RuleSet(), bots=bots, records=records)


def test_the_leaderboard_files_say_the_same_as_the_table(tmp_path):
    strong = {"ann": 3, "bea": 2, "cy": 1, "dot": 0}
    result = synthetic(list(strong), 3, lambda a, b, d, t: strong[a] > strong[b] or d == t == 0)
    rows = result.standings(rating=False)
    assert [row["bot"] for row in rows] == ["ann", "bea", "cy", "dot"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4]
    assert rows[1]["score"]["low"] <= rows[1]["score"]["value"] <= rows[1]["score"]["high"]
    written = result.write(tmp_path, rating=False, chart=False)
    assert {p.name for p in written} == {
        "leaderboard.json",
        "leaderboard.csv",
        "pairs.csv",
        "forfeits.csv",
    }
    lines = (tmp_path / "leaderboard.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("rank,bot,kind,rating,rating_low,rating_high,hands_won,")
    assert lines[1].startswith("1,ann,file,,,,")
    assert len((tmp_path / "pairs.csv").read_text(encoding="utf-8").splitlines()) == 1 + 6
    text = result.leaderboard_text(rating=False)
    assert text.splitlines()[1].split()[:2] == ["1", "ann"]
    assert "ann" in result.pairs_text() and result.forfeits_text() == "no forfeits"
    result.bootstrap = 20
    with_rating = result.standings(rating=True)
    ratings = [row["rating"]["value"] for row in with_rating]
    assert ratings == sorted(ratings, reverse=True)
    unfinished = TournamentResult(1, 3, RuleSet(), result.bots, result.records[:2])
    with pytest.raises(ValueError, match="not finished"):
        unfinished.standings()


def test_a_bots_process_does_not_import_the_referee():
    """Every seat of every match starts a process that imports the runner: the referee's side
    (the match, the report, multiprocessing) loads only when one of its names is used."""
    import shengji_edu.tournament as tournament

    code = (
        "import sys, shengji_edu.tournament.runner, shengji_edu.arena; "
        "print(sorted(m for m in ('shengji_edu.tournament.match', 'shengji_edu.tournament.report', "
        "'shengji_edu.tournament.run', 'concurrent.futures.process') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert set(tournament.__all__) <= set(dir(tournament))
    assert tournament.Settings is Settings and tournament.run_tournament is run_tournament
    with pytest.raises(AttributeError):
        tournament.no_such_name  # noqa: B018


# --- failures that may be the machine's, and a tournament killed outright -----------------------
def test_a_bot_too_slow_to_load_is_tried_again_and_not_remembered(tmp_path, monkeypatch):
    """A load that timed out (a busy machine?) is retried once in the run; if it fails again
    the bot cannot enter this time, but the next run loads it again (and replays its
    matches) instead of keeping the disqualification."""
    from shengji_edu.tournament import match

    bots = write(tmp_path / "bots", {"slow.py": GOOD, "baselines.txt": "random\n"})
    tries = {"slow": 0}
    real = match.RemoteSeat._wait_loaded

    def busy_machine(seat):
        if seat.bot.name == "slow" and tries["slow"] < 2:
            tries["slow"] += 1
            seat.close()
            seat.broken, seat.transient = "took more than 20 s to load", True
            return {}
        return real(seat)

    monkeypatch.setattr(match.RemoteSeat, "_wait_loaded", busy_machine)
    out = tmp_path / "out"
    first = run_tournament(bots, 1, 5, out=out, chart=False)
    assert tries["slow"] == 2  # the trial load, and once again
    rows = {row["bot"]: row for row in first.standings(rating=False)}
    assert rows["slow"]["status"] == "disqualified"
    manifest = json.loads((out / "tournament.json").read_text(encoding="utf-8"))
    assert [b.get("retry") for b in manifest["bots"] if b["name"] == "slow"] == [True]
    again = run_tournament(bots, 1, 5, out=out, chart=False)  # the machine is quiet now
    rows = {row["bot"]: row for row in again.standings(rating=False)}
    assert rows["slow"]["status"] == "entered"
    assert rows["slow"]["forfeit_kinds"] == {}  # its match was played, not reused


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="kills a tournament with SIGKILL and scans /proc")
def test_the_pool_workers_die_with_a_tournament_killed_outright(tmp_path):
    bots = small_class(tmp_path)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "shengji_edu", "tournament", str(bots), "--deals", "10"]
    command += ["--seed", "11", "--workers", "2", "--out", str(out), "--no-validation"]
    tournament = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )

    def pool() -> list[int]:
        return [
            pid
            for pid in alive_with(b"multiprocessing")
            if Path(f"/proc/{pid}/stat").exists()
            and int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            == tournament.pid
        ]

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(pool()) < 2:
        time.sleep(0.1)
    workers = pool()
    assert len(workers) >= 2
    tournament.kill()  # the tournament's process alone, not its group: no chance to clean up
    tournament.wait()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and set(workers) & set(alive_with(b"multiprocessing")):
        time.sleep(0.1)
    left = set(workers) & set(alive_with(b"multiprocessing"))
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == set()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and sandboxes_alive():
        time.sleep(0.1)
    assert sandboxes_alive() == []


def test_the_deals_follow_the_rules_ladder_and_the_house_rules_play():
    """A tournament under house rules (RULES §12): its deals are dealt at levels of the
    rules' ladder (5, 10, K under levels=5-10-K), and the engine accepts them."""
    from shengji_edu.tournament.run import check_rules

    rules = RuleSet(levels="5-10-K", bidding="report", open_kitty=True)
    setups = deal_setups(3, 20, rules)
    assert {setup.level for setup in setups} <= {5, 10, 13}
    assert deal_setups(3, 5) == deal_setups(3, 5, RuleSet())  # the default deals unchanged
    assert check_rules(rules) is rules
    outcome = play_duplicate(setups[0], "greedy", "random", rules)
    assert len(outcome["runs"]) == 2
