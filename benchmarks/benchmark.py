"""Speed benchmarks: print numbers, never assert (timings belong here, not in tests).

    python benchmarks/benchmark.py            # everything but compare and instructions
    python benchmarks/benchmark.py selfplay   # one section: selfplay, decks, house, follows,
                                              # verdicts, winner, mc, compare, instructions,
                                              # decisions, rlcard
    python benchmarks/benchmark.py selfplay compare --baseline REV --rounds 5 --seconds 5
    python benchmarks/benchmark.py instructions --baseline REV   # needs valgrind
    python benchmarks/benchmark.py decisions --baseline REV      # MC/search, old and new
    python benchmarks/benchmark.py rlcard --rounds 6 --seconds 10   # beside RLCard's DouDizhu

``selfplay`` is random and greedy self-play with two decks and the default rules, a whole
hand each (deal, declarations, bury, every trick), every action checked by the engine.
``decks`` is the self-play rate of random and greedy players for one, two and three decks
(RULES §11.1), and with the overcall round after the bury (§11.3). ``house`` is the self-play
rate under each declaring mode (``bidding``: RULES §8, §12.4 yielding, §12.5 reports, §12.6
joker colours), first and later hands.

Rates are best-of-3 wall-clock rates in one process on whatever machine runs it (the CPU
time of the process is printed beside them: on a shared machine it is the steadier figure);
the Monte Carlo section reports the median and 95th percentile of single decisions.

``compare`` measures this checkout against an older revision of the package on the same
machine, in the same run. It extracts the baseline (``--baseline REV``, default
:data:`BASELINE`, the engine before the speed passes) with
``git archive`` into a temporary folder, then for ``--rounds`` rounds (default 5) starts two
subprocesses *at the same time*, one importing the old package and one this checkout's,
each playing the ``selfplay`` workload (the same seeds, players and rules) and reporting its
wall-clock and CPU time. Each worker imports its package and plays one hand to warm up,
then both are started by the same signal and play seeded hands (seeds 0, 1, 2, ...) for the
same wall-clock time (``--seconds``, default 5); the order in which they are started
alternates from round to round. Both share the machine for the whole measured time, so
whatever else runs on it slows both alike; it prints each side's median rate and the ratio
new / old, per round and overall (median of the per-round ratios). On a busy machine the
CPU-time ratio (hands per CPU second of each process) is the steadier figure.

Before those rounds it also runs both *in one process*, hand by hand: the baseline is
imported under another name (``shengji_baseline``; the package's imports are relative), and
each seed is played by the old and the new code one right after the other (the order
alternating), for ``rounds × seconds``; each side's time is summed. Load from other
programs then falls on both within milliseconds of each other, and both play exactly the
same hands (the same seeds give the same hands, card for card). On a shared machine this
interleaved ratio is the most reliable figure; it is printed first.

``decisions`` (not part of "everything") times the play decisions of ``MonteCarloPlayer`` and
``SearchPlayer`` at their defaults, old (``--baseline REV``) and new *in one process*, hand by
hand: seat 0 of seeded hands against three greedy players, each hand played by the old code
and then by the new one (the order alternating), for ``rounds × seconds``. Both make the same
decisions (the same seeds), so each side's mean and median decision time are over the same
positions; it prints both and new/old.

``rlcard`` (not part of "everything") sets this package's self-play beside a well-known
game loop: RLCard's DouDizhu (``pip install rlcard==1.2.0``), random legal actions through
``env.game.step`` (``env = rlcard.make("doudizhu")``; each step takes a random action of the
state's legal ``actions``; a game is dealt by ``env.game.init_game``). It runs slices of about
one second of DouDizhu games, random self-play hands, ``make_player("greedy")`` self-play
hands (``RolloutPlayer``) and readable ``GreedyPlayer()`` self-play hands in turn (two decks,
default rules, seeds 0, 1, ...) for ``rounds × seconds``, sums each side's time, and prints
games/s, hands/s and the ratios hands/s ÷ games/s (wall clock and CPU time). A DouDizhu game
is about 61 actions; a Shengji hand is 100 cards dealt, declarations, a bury and 100 cards
played, every action checked by the engine. Without rlcard it says how to install it and exits 0.

``instructions`` (not part of "everything": it needs valgrind, ``apt-get install valgrind``,
and takes a few minutes) counts the machine instructions the same self-play hands take, old
and new, with ``valgrind --tool=callgrind``. A count does not depend on the load or on the
speed of the machine: the same code, hands and interpreter give the same number on any run
(string hashing is fixed with ``PYTHONHASHSEED=0``), so its ratio is the one figure of this
file that a busy or slower machine cannot move. Each count is that of a process playing
``INSTRUCTION_HANDS`` hands after one warm-up hand, less that of one that plays only the
warm-up hand (start-up and imports). Fewer instructions is not the same as less time (memory
and branches cost too), so the timed ``compare`` stays the measure of speed; the two agree
when both ratios are close.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shengji_edu import RuleSet, Trump, check_follow, legal_follows, parse_cards, trick_winner
from shengji_edu.game import Round, play_round
from shengji_edu.players import PLAYER_TYPES, make_player

ROOT = Path(__file__).resolve().parent.parent

BASELINE = "67f1503a8dfeb55342730fb976b8aaf53827d03c"
"""``compare``'s default baseline: the engine before the speed passes (``--baseline REV``
compares against any other revision)."""

SELFPLAY_HANDS = {"random": 200, "greedy": 60}
"""Hands per timed run of the ``selfplay`` workload (two decks, default rules)."""

INSTRUCTION_HANDS = {"random": 40, "greedy": 20}
"""Hands counted by the ``instructions`` section (seeds 0, 1, ...; two decks, default rules)."""


def best_rate(work, count: int, repeats: int = 3) -> float:
    """Items per second of the fastest of ``repeats`` runs of ``work()`` (which does count)."""
    return best_rates(work, count, repeats)[0]


def best_rates(work, count: int, repeats: int = 3) -> tuple[float, float]:
    """Items per second of the fastest of ``repeats`` runs, by wall clock and by CPU time."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return count / wall, count / max(cpu, 1e-9)


def selfplay(kind: str, hands: int, rules: RuleSet = RuleSet(), label: str = "") -> float:
    players = [make_player(kind) for _ in range(4)]

    def work() -> None:
        for seed in range(hands):
            play_round(Round(seed, rules), players)

    rate, cpu_rate = best_rates(work, hands)
    what = f" {label}" if label else ""
    print(
        f"self-play {kind:>10}{what}: {rate:8.1f} hands/s  (CPU time: {cpu_rate:7.1f}/s; "
        f"{hands} hands, full deal+declare+play)"
    )
    return rate


# --- old and new side by side -----------------------------------------------------------------
WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import shengji_edu
from shengji_edu import RuleSet
from shengji_edu.game import Round, play_round
from shengji_edu.players import make_player
assert shengji_edu.__file__.startswith(sys.argv[1]), shengji_edu.__file__
kind, seconds = sys.argv[2], float(sys.argv[3])
players = [make_player(kind) for _ in range(4)]
play_round(Round(10**6, RuleSet()), players)  # warm up: imports, caches
print("ready", flush=True)
sys.stdin.readline()  # both workers start together
start, start_cpu = time.perf_counter(), time.process_time()
hands = 0
while time.perf_counter() - start < seconds:
    play_round(Round(hands, RuleSet()), players)
    hands += 1
wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
print(json.dumps({"wall": wall, "cpu": cpu, "hands": hands}))
"""


INTERLEAVED = """
import json, sys, time
sys.path.insert(0, sys.argv[1])  # holds the baseline, renamed shengji_baseline
sys.path.insert(0, sys.argv[2])  # this checkout
import shengji_baseline, shengji_edu
assert shengji_edu.__file__.startswith(sys.argv[2]), shengji_edu.__file__
kind, seconds = sys.argv[3], float(sys.argv[4])
sides = {}
for name, package in (("old", shengji_baseline), ("new", shengji_edu)):
    game = __import__(package.__name__ + ".game", fromlist=["Round", "play_round"])
    players = __import__(package.__name__ + ".players", fromlist=["make_player"])
    table = [players.make_player(kind) for _ in range(4)]
    game.play_round(game.Round(10**6), table)  # warm up
    sides[name] = (game, table)
spent = {name: [0.0, 0.0] for name in sides}
start, hands = time.perf_counter(), 0
while time.perf_counter() - start < seconds:
    order = ("old", "new") if hands % 2 == 0 else ("new", "old")
    for name in order:  # the same seed for both, one after the other
        game, table = sides[name]
        wall, cpu = time.perf_counter(), time.process_time()
        game.play_round(game.Round(hands), table)
        spent[name][0] += time.perf_counter() - wall
        spent[name][1] += time.process_time() - cpu
    hands += 1
print(json.dumps({"hands": hands, "spent": spent}))
"""


def interleaved(old_tree: str, kind: str, seconds: float) -> dict:
    """Old and new in one process, hand by hand, on the same seeds (see the module doc)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [sys.executable, "-c", INTERLEAVED, old_tree, str(ROOT), kind, str(seconds)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    return json.loads(out)


def extract(revision: str, into: str) -> str:
    """The package as it was at ``revision`` (``git archive``), unpacked under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "shengji_edu"],
        check=True,
        capture_output=True,
    ).stdout
    os.makedirs(into, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)
    return into


def _start(tree: str, kind: str, seconds: float) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    process = subprocess.Popen(
        [sys.executable, "-c", WORKER, tree, kind, str(seconds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    return process


def _race(processes: list[subprocess.Popen]) -> list[dict]:
    """Wait until every worker is ready, start them together, and collect what they did."""
    for process in processes:
        if process.stdout.readline().strip() != "ready":
            raise SystemExit("a benchmark worker failed to start")
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    results = []
    for process in processes:
        out, _ = process.communicate()
        if process.returncode:
            raise SystemExit(f"a benchmark worker failed (exit {process.returncode})")
        results.append(json.loads(out))
    return results


def compare(baseline: str = BASELINE, rounds: int = 5, seconds: float = 5.0) -> None:
    """Self-play of the baseline revision and of this checkout, run side by side."""
    full = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", baseline + "^{commit}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    revision = full[:7]
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    print(
        f"compare: baseline {revision} against this checkout (HEAD {head}, working tree); "
        f"{rounds} rounds of {seconds:g} s, old and new playing at the same time in two processes"
    )
    with tempfile.TemporaryDirectory(prefix="shengji-baseline-") as tmp:
        old_tree = extract(baseline, os.path.join(tmp, "processes"))
        renamed = os.path.join(tmp, "interleaved")
        extract(baseline, renamed)
        os.rename(os.path.join(renamed, "shengji_edu"), os.path.join(renamed, "shengji_baseline"))
        trees = {"old": old_tree, "new": str(ROOT)}
        for kind in SELFPLAY_HANDS:
            done = interleaved(renamed, kind, rounds * seconds)
            hands, spent = done["hands"], done["spent"]
            ratio = spent["old"][0] / spent["new"][0]
            print(
                f"self-play {kind:>6} (interleaved, one process, {hands} hands each, same seeds): "
                f"old {hands / spent['old'][0]:7.1f} hands/s, new {hands / spent['new'][0]:7.1f} "
                f"hands/s, new/old x{ratio:.2f} (CPU time x{spent['old'][1] / spent['new'][1]:.2f})"
            )
            rates: dict[str, dict[str, list[float]]] = {
                side: {"wall": [], "cpu": []} for side in trees
            }
            ratios: dict[str, list[float]] = {"wall": [], "cpu": []}
            for number in range(rounds):
                order = ("old", "new") if number % 2 == 0 else ("new", "old")
                started = [_start(trees[side], kind, seconds) for side in order]
                done = dict(zip(order, _race(started), strict=True))
                for clock in ("wall", "cpu"):
                    for side in trees:
                        rates[side][clock].append(done[side]["hands"] / done[side][clock])
                    ratios[clock].append(rates["new"][clock][-1] / rates["old"][clock][-1])
                print(
                    f"  {kind:>6} round {number + 1}: old {rates['old']['wall'][-1]:7.1f}, "
                    f"new {rates['new']['wall'][-1]:7.1f} hands/s wall "
                    f"(x{ratios['wall'][-1]:.2f}); CPU time old {rates['old']['cpu'][-1]:7.1f}, "
                    f"new {rates['new']['cpu'][-1]:7.1f} (x{ratios['cpu'][-1]:.2f})"
                )
            for clock, what in (("wall", "wall clock"), ("cpu", "CPU time")):
                old = statistics.median(rates["old"][clock])
                new = statistics.median(rates["new"][clock])
                print(
                    f"self-play {kind:>6} ({what}, median of {rounds}): old {old:7.1f} hands/s, "
                    f"new {new:7.1f} hands/s, new/old x{statistics.median(ratios[clock]):.2f}"
                )


COUNTED = """
import sys
sys.path.insert(0, sys.argv[1])
import shengji_edu
from shengji_edu.game import Round, play_round
from shengji_edu.players import make_player
assert shengji_edu.__file__.startswith(sys.argv[1]), shengji_edu.__file__
kind, hands = sys.argv[2], int(sys.argv[3])
players = [make_player(kind) for _ in range(4)]
play_round(Round(10**6), players)  # warm up: imports, caches
for seed in range(hands):
    play_round(Round(seed), players)
"""


def count_instructions(tree: str, kind: str, hands: int) -> int:
    """Instructions (callgrind's ``Ir``) of a process that plays ``hands`` seeded hands with
    the package in ``tree``, after one warm-up hand."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONHASHSEED"] = "0"
    with tempfile.TemporaryDirectory(prefix="shengji-callgrind-") as tmp:
        out = os.path.join(tmp, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, "-c", COUNTED, tree, kind, str(hands)]
        subprocess.run(command, check=True, capture_output=True, env=env)
        for line in Path(out).read_text(encoding="utf-8").splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no summary line")


def instructions(baseline: str = BASELINE) -> None:
    """Instructions per self-play hand of the baseline and of this checkout (module doc)."""
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind); skipped")
        return
    revision = _short(baseline)
    print(
        f"instructions: baseline {revision} against this checkout (HEAD {_short('HEAD')}, "
        "working tree), counted by valgrind --tool=callgrind"
    )
    with tempfile.TemporaryDirectory(prefix="shengji-baseline-") as tmp:
        trees = {"old": extract(baseline, tmp), "new": str(ROOT)}
        for kind, hands in INSTRUCTION_HANDS.items():
            per_hand = {
                side: (count_instructions(tree, kind, hands) - count_instructions(tree, kind, 0))
                / hands
                for side, tree in trees.items()
            }
            old, new = per_hand["old"], per_hand["new"]
            print(
                f"self-play {kind:>6} ({hands} hands, seeds 0-{hands - 1}): "
                f"old {old / 1e6:6.2f} M instructions a hand, new {new / 1e6:6.2f} M, "
                f"old/new x{old / new:.2f}"
            )


def _short(revision: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", revision],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def decks() -> None:
    """Self-play rates for every deck count (and the overcall round), random and greedy."""
    for decks in (1, 2, 3):
        for kind, hands in (("random", 150), ("greedy", 40)):
            selfplay(kind, hands, RuleSet(decks=decks), f"{decks} deck{'s' * (decks > 1)}")
    for kind, hands in (("random", 150), ("greedy", 40)):
        selfplay(kind, hands, RuleSet(decks=3, overcall_after_bury=True), "3 decks, overcall")


DECLARING_MODES = ("during_deal", "after_deal", "yield", "report", "joker_colour")
"""RuleSet.bidding's values: the declaring of RULES §8, §12.4, §12.5 and §12.6."""


def house(hands: int = 200) -> None:
    """Self-play rates under each declaring mode (RULES §8, §12.4–§12.6), random and greedy:
    the even seeds a first hand, the odd ones a later hand (dealer ``seed % 4``, the teams at
    5 and 9), where yielding, reports' candidates and the defenders' round happen."""
    for bidding in DECLARING_MODES:
        rules = RuleSet(bidding=bidding)
        for kind in ("random", "greedy"):
            players = [make_player(kind) for _ in range(4)]

            def work(rules=rules, players=players) -> None:
                for seed in range(hands):
                    later = seed % 2 == 1
                    levels, dealer = ((5, 9), seed % 4) if later else ((2, 2), None)
                    play_round(Round(seed, rules, levels, dealer), players)

            rate, cpu_rate = best_rates(work, hands)
            print(
                f"self-play {kind:>10} bidding={bidding:<12}: {rate:8.1f} hands/s  "
                f"(CPU time: {cpu_rate:7.1f}/s; {hands} hands, first and later hands)"
            )


def follows() -> None:
    trump = Trump(10, "S")
    hand = parse_cards("HA HK HK HQ HJ H9 H9 H8 H8 H7 H6 H5 H5 H3 H2 S4 S4 C3 C7 D9 DQ DK DA BJ LJ")
    lead = parse_cards("H4 H4")
    n = 2000
    rate = best_rate(lambda: [legal_follows(hand, lead, trump) for _ in range(n)], n)
    print(f"legal_follows (pair lead, 15 hearts): {rate:10.0f} calls/s")
    void = parse_cards("S2 S3 S4 S5 S6 S7 S8 S9 SJ SQ SK SA C2 C3 C4 C5 C6 C7 C8 C9 CJ CQ CK CA D2")
    throw = parse_cards("HA HK HQ HJ H9 H8 H7 H6")
    start = time.perf_counter()
    count = len(legal_follows(void, throw, trump))
    took = time.perf_counter() - start
    print(f"legal_follows (void hand vs 8-card throw): {count} plays in {took:.2f} s")


def verdicts() -> None:
    """check_follow on the hot path (legal: no message is built), on a refusal (a message is
    built, its English is not written) and on a refusal whose reason is read."""
    trump = Trump(10, "S")
    hand = parse_cards("HA HK HK HQ HJ H9 H9 H8 H8 H7 H6 H5 H5 H3 H2 S4 S4 C3 C7 D9 DQ DK DA BJ LJ")
    lead = parse_cards("H4 H4")
    n = 20000
    for name, play in (("legal", "HK HK"), ("illegal", "HA HK"), ("off-suit", "HA S4")):
        cards = parse_cards(play)
        rate = best_rate(
            lambda cards=cards: [check_follow(hand, lead, cards, trump) for _ in range(n)], n
        )
        print(f"check_follow (pair lead, {name} {play}): {rate:10.0f} calls/s")
    cards = parse_cards("HA HK")
    rate = best_rate(lambda: [check_follow(hand, lead, cards, trump).reason for _ in range(n)], n)
    print(f"check_follow (pair lead, illegal HA HK, reason read): {rate:10.0f} calls/s")


def winner() -> None:
    trump = Trump(10, "S")
    singles = [parse_cards(x) for x in ("H3", "HQ", "S2", "HA")]
    tractor = [
        parse_cards(x)
        for x in (
            "HA HK H5 H5 H4 H4",
            "S9 S9 S8 S8 S7 S2",
            "H2 H2 H3 H3 HJ HQ",
            "SJ SJ SQ SQ SK S3",
        )
    ]
    n = 20000
    rate = best_rate(lambda: [trick_winner(singles, trump) for _ in range(n)], n)
    print(f"trick_winner (single-card trick): {rate:10.0f} calls/s")
    rate = best_rate(lambda: [trick_winner(tractor, trump) for _ in range(n // 10)], n // 10)
    print(f"trick_winner (tractor + singles, ruff and over-ruff): {rate:10.0f} calls/s")


def decision_times(searcher, hands: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each of ``searcher``'s play decisions in seat 0 of
    ``hands`` hands against three greedy players."""
    from shengji_edu.game import Table
    from shengji_edu.players import GreedyPlayer

    wall: list[float] = []
    cpu: list[float] = []

    class Timed(GreedyPlayer):
        def play(self, view):
            start, start_cpu = time.perf_counter(), time.process_time()
            cards = searcher.play(view)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            return cards

    for seed in range(hands):
        Table(Round(seed), [Timed(), GreedyPlayer(), GreedyPlayer(), GreedyPlayer()]).run()
    return wall, cpu


def montecarlo_latency(hands: int = 6) -> None:
    """Decision times of each search player at its defaults: median and 95th percentile of
    wall-clock time and of this process's CPU time (on a busy machine the wall time includes
    waiting for a core; CPU time does not). Decisions with one legal play count too."""
    from shengji_edu.players import MonteCarloPlayer, SearchPlayer

    for searcher in (MonteCarloPlayer(), SearchPlayer()):
        settings = f"samples={searcher.samples}, depth={searcher.depth}"
        for label, times in zip(("wall", "cpu"), decision_times(searcher, hands), strict=True):
            times.sort()
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(
                f"{type(searcher).__name__}({settings}) decision, {label} time: "
                f"median {1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
                f"max {1000 * times[-1]:.0f} ms over {len(times)} decisions"
            )


# --- beside RLCard's DouDizhu -----------------------------------------------------------------
RLCARD_INSTALL = "pip install rlcard==1.2.0"


def rlcard_loop(seconds: float = 60.0, slice_seconds: float = 1.0) -> None:
    """RLCard DouDizhu games, random and greedy self-play hands, in turns (module doc)."""
    try:
        import rlcard
    except ImportError:
        print(
            f"rlcard: RLCard is not installed here; {RLCARD_INSTALL} (in a scratch environment, "
            "e.g. python -m venv --system-site-packages /tmp/venv-rlcard, then "
            f"/tmp/venv-rlcard/bin/{RLCARD_INSTALL} and pip install --no-deps -e .) and "
            "run this section with that environment's python; skipped"
        )
        return
    env = rlcard.make("doudizhu", config={"seed": 0})
    game, rng = env.game, random.Random(0)

    def doudizhu() -> int:
        state, _player = game.init_game()
        steps = 0
        while not game.is_over():
            state, _player = game.step(rng.choice(state["actions"]))
            steps += 1
        return steps

    from shengji_edu.players import GreedyPlayer

    tables = {kind: [make_player(kind) for _ in range(4)] for kind in ("random", "greedy")}
    tables["GreedyPlayer"] = [GreedyPlayer() for _ in range(4)]  # the readable one, lesson 08
    seeds = {kind: 0 for kind in tables}

    def shengji(kind: str) -> int:
        play_round(Round(seeds[kind]), tables[kind])
        seeds[kind] += 1
        return 1

    work = {"doudizhu": doudizhu}
    work.update({kind: lambda kind=kind: shengji(kind) for kind in tables})
    for run in work.values():  # warm up
        run()
    for kind in tables:
        seeds[kind] = 0
    done = {name: [0, 0, 0.0, 0.0] for name in work}  # items, steps, wall, cpu
    start = time.perf_counter()
    turn = 0
    while time.perf_counter() - start < seconds:
        names = list(work)
        names = names[turn % len(names) :] + names[: turn % len(names)]  # who goes first rotates
        for name in names:
            tally = done[name]
            wall, cpu = time.perf_counter(), time.process_time()
            while time.perf_counter() - wall < slice_seconds:
                tally[1] += work[name]()
                tally[0] += 1
            tally[2] += time.perf_counter() - wall
            tally[3] += time.process_time() - cpu
        turn += 1
    rates = {name: (t[0] / t[2], t[0] / max(t[3], 1e-9)) for name, t in done.items()}
    games, steps = done["doudizhu"][0], done["doudizhu"][1]
    print(
        f"RLCard {rlcard.__version__} DouDizhu (random legal actions through env.game.step): "
        f"{rates['doudizhu'][0]:7.1f} games/s (CPU time {rates['doudizhu'][1]:7.1f}/s; "
        f"{games} games, {steps / games:.1f} actions a game)"
    )
    for kind in tables:
        wall, cpu = rates[kind]
        who = f"make_player({kind!r})" if kind in PLAYER_TYPES else "GreedyPlayer(), readable"
        print(
            f"shengji self-play {who:>24}, two decks: {wall:7.1f} hands/s "
            f"(CPU time {cpu:7.1f}/s; {done[kind][0]} hands); hands/s / DouDizhu games/s "
            f"x{wall / rates['doudizhu'][0]:.2f} (CPU time x{cpu / rates['doudizhu'][1]:.2f})"
        )


# --- Monte Carlo and search decisions, old and new ----------------------------------------------
DECISIONS = """
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])  # holds the baseline, renamed shengji_baseline
sys.path.insert(0, sys.argv[2])  # this checkout
import shengji_baseline, shengji_edu
assert shengji_edu.__file__.startswith(sys.argv[2]), shengji_edu.__file__
seconds = float(sys.argv[3])
sides = {}
for name, package in (("old", shengji_baseline), ("new", shengji_edu)):
    game = __import__(package.__name__ + ".game", fromlist=["Round", "Table"])
    players = __import__(package.__name__ + ".players", fromlist=["make_player"])
    sides[name] = (game, players)
times = {kind: {"old": [], "new": []} for kind in ("montecarlo", "search")}
chosen = {kind: {"old": [], "new": []} for kind in times}
hands = {kind: 0 for kind in times}


def play(side, kind, seed):
    game, players = sides[side]
    searcher = players.make_player(kind)
    greedy = players.make_player("greedy")
    spent, cards_chosen = times[kind][side], chosen[kind][side]

    class Timed:
        name = "timed"

        def declare(self, view):
            return greedy.declare(view)

        def bury(self, view):
            return greedy.bury(view)

        def overcall(self, view):
            return greedy.overcall(view)

        def play(self, view):
            start = time.process_time()
            cards = searcher.play(view)
            spent.append(time.process_time() - start)
            cards_chosen.append(sorted(str(c) for c in cards))
            return cards

    others = [players.make_player("greedy") for _ in range(3)]
    game.Table(game.Round(seed), [Timed(), *others]).run()


for side in sides:  # warm up
    for kind in times:
        play(side, kind, 10**6)
for kind in times:
    for side in sides:
        times[kind][side].clear()
        chosen[kind][side].clear()
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    for kind in times:
        seed = hands[kind]
        for side in (("old", "new") if seed % 2 == 0 else ("new", "old")):
            play(side, kind, seed)
        hands[kind] += 1
out = {}
for kind in times:
    assert chosen[kind]["old"] == chosen[kind]["new"], kind + ": the decisions differ"
    out[kind] = {
        "hands": hands[kind],
        "decisions": len(times[kind]["new"]),
        **{side: [statistics.fmean(t), statistics.median(t)] for side, t in times[kind].items()},
    }
print(json.dumps(out))
"""


def decisions(baseline: str, rounds: int = 5, seconds: float = 5.0) -> None:
    """Monte Carlo and search decision times, old and new in one process (module doc)."""
    revision = _short(baseline)
    print(
        f"decisions: baseline {revision} against this checkout (HEAD {_short('HEAD')}, working "
        f"tree), interleaved hand by hand in one process for {rounds * seconds:g} s; seat 0 "
        "of seeded hands against three greedy players; CPU time per play decision"
    )
    with tempfile.TemporaryDirectory(prefix="shengji-baseline-") as tmp:
        extract(baseline, tmp)
        os.rename(os.path.join(tmp, "shengji_edu"), os.path.join(tmp, "shengji_baseline"))
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        out = subprocess.run(
            [sys.executable, "-c", DECISIONS, tmp, str(ROOT), str(rounds * seconds)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout
    for kind, row in json.loads(out).items():
        (old_mean, old_median), (new_mean, new_median) = row["old"], row["new"]
        print(
            f"{kind:>10} ({row['hands']} hands, {row['decisions']} decisions each, the same "
            f"choices): mean old {1000 * old_mean:6.1f} ms, new {1000 * new_mean:6.1f} ms "
            f"(new/old x{new_mean / old_mean:.2f}); median old {1000 * old_median:6.1f} ms, "
            f"new {1000 * new_median:6.1f} ms (x{new_median / old_median:.2f})"
        )


def main(argv: list[str]) -> None:
    random.seed(0)
    sections, baseline, rounds, seconds = [], BASELINE, 5, 5.0
    args = iter(argv)
    for arg in args:
        if arg == "--baseline":
            baseline = next(args, BASELINE)
        elif arg == "--rounds":
            rounds = int(next(args, "5"))
        elif arg == "--seconds":
            seconds = float(next(args, "5"))
        else:
            sections.append(arg)
    known = {"selfplay", "decks", "follows", "verdicts", "winner", "mc", "compare", "instructions"}
    known |= {"decisions", "rlcard", "house"}
    unknown = set(sections) - known
    if unknown:
        raise SystemExit(f"unknown section {sorted(unknown)[0]!r}: use {', '.join(sorted(known))}")
    wanted = set(sections) or known - {"compare", "instructions", "decisions", "rlcard"}
    best_of_3 = {"selfplay", "decks", "house", "follows", "verdicts", "winner"}
    timed = "; rates are the best of 3 runs" if wanted & best_of_3 else ""
    print(
        f"python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d %H:%M %Z')}; "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}{timed}"
    )
    if "selfplay" in wanted:
        for kind, hands in SELFPLAY_HANDS.items():
            selfplay(kind, hands)
    if "decks" in wanted:
        decks()
    if "house" in wanted:
        house()
    if "follows" in wanted:
        follows()
    if "verdicts" in wanted:
        verdicts()
    if "winner" in wanted:
        winner()
    if "mc" in wanted:
        montecarlo_latency()
    if "compare" in wanted:
        compare(baseline, rounds, seconds)
    if "instructions" in wanted:
        instructions(baseline)
    if "decisions" in wanted:
        decisions(baseline, rounds, seconds)
    if "rlcard" in wanted:
        rlcard_loop(rounds * seconds)


if __name__ == "__main__":
    main(sys.argv[1:])
