"""What a class tournament costs: seconds per hand through the sandbox, against one process.

    python benchmarks/tournament.py [DEALS] [REPEATS] [--montecarlo]   # default 6 deals, 3

For greedy-like bots it plays one match of DEALS duplicate deals in one process, as the
arena does (``play_duplicate``), and through the tournament (``play_match``: four sandboxed
processes per half, views as plain data), the sandboxed bots started two ways in the same
run: *cold* (each process a new Python that imports the runner: the tournament before the
fork server) and *warm* (confined copies of a fork server that imported it once:
``Settings.warm``, the default now). The bots:

* ``greedy``: the package's fast greedy player (``make_player("greedy")``, a baseline);
* ``GreedyPlayer``: lesson 08's readable greedy player as a student enters it (a file bot,
  ``class Mine(GreedyPlayer)``): what a class's bots are like.

A match of 1 deal and one of DEALS deals give the fixed cost of a match (its 8 process
starts and ends) and the cost per hand; each is the median of REPEATS runs, interleaved so
that a busy machine slows every variant alike. Wall-clock seconds grow with the machine's
load; CPU seconds (this process's, plus each sandbox's supervisor and bot as the supervisor
reports them, ``Ending.cpu``: the same accounting cold and warm) barely do, and are what
idle cores pay.

The *floor* is what a question costs with no game in it: a small JSON line sent and one
answered, between two Pythons over pipes (``bare``: one process blocks reading the other,
nothing else), and the same through a bot's sandbox as the tournament asks a bot
(``sandbox``: a confined child with a bot's limits, on this process's CPU, resumed before
and stopped after each question, its CPU time read twice, as ``RemoteSeat._ask`` does, but
no view). Each is the
CPU of both processes per question, from a long run less a short one (the starts cancel
out); times the questions a hand asks, it is the least a sandboxed hand can cost whatever
the views and the bots do. Then the cost model of a round robin, for a class of 30 on 2
cores and for 200 bots:

    matches × (fixed cost + 2 × deals × seconds per hand) / workers

Prints numbers, asserts nothing (``--montecarlo`` adds the default Monte Carlo player: slow).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shengji_edu.arena import play_duplicate
from shengji_edu.players import GreedyPlayer
from shengji_edu.rules import RuleSet
from shengji_edu.sandbox import code_version
from shengji_edu.tournament.bots import Bot, find_bots
from shengji_edu.tournament.match import MatchJob, Settings, bot_sandbox, play_match
from shengji_edu.tournament.schedule import deal_setups

DEALS_IN_MODEL = 10
CLOCKS = ("wall", "CPU")
STUDENT = "from shengji_edu.players import GreedyPlayer\n\n\nclass Mine(GreedyPlayer):\n    pass\n"


ECHO = """
import json, os, sys
buffer = b""
while True:
    while b"\\n" not in buffer:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            sys.exit(0)
        buffer += chunk
    line, buffer = buffer.split(b"\\n", 1)
    json.loads(line)
    os.write(1, json.dumps({"event": "answer", "cards": "SA"}).encode() + b"\\n")
"""
"""The bare floor's child: read a JSON line, answer one (no package, no view)."""
ECHO_CHANNEL = """
from shengji_edu.sandbox import Channel
channel = Channel.connect()
for message in channel:
    channel.send({"event": "answer", "cards": "SA"})
"""
"""The sandboxed floor's child: the runner's channel, answering without a view."""
QUESTION = {"op": "play", "view": {"seat": 1, "hand": "SA SK H10"}}


def bare_round_trips(count: int) -> float:
    """CPU seconds of both processes for ``count`` questions over pipes (and one start)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time()
    child = subprocess.Popen(
        [sys.executable, "-S", "-c", ECHO], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    into, out = child.stdin.fileno(), child.stdout.fileno()
    buffer = b""
    for _ in range(count):
        os.write(into, json.dumps(QUESTION).encode() + b"\n")
        while b"\n" not in buffer:
            buffer += os.read(out, 1 << 16)
        line, buffer = buffer.split(b"\n", 1)
        json.loads(line)
    child.stdin.close()
    child.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    theirs = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return time.process_time() - cpu + theirs


def sandbox_round_trips(count: int) -> float:
    """The same through a bot's sandbox (cold: a new confined Python), asked as a bot is."""
    cpu = time.process_time()
    box = bot_sandbox(["-c", ECHO_CHANNEL], {}, Settings(warm=False), wall=600.0)
    box.start()
    for _ in range(count):
        box.run_here()
        box.resume()
        box.cpu_seconds()
        box.send(QUESTION)
        box.receive(timeout=60)
        box.cpu_seconds()
        box.pause()
    ending = box.close()
    return time.process_time() - cpu + (ending.cpu or 0.0)


def floor(repeats: int, short: int = 200, long: int = 2200) -> dict[str, float]:
    """CPU seconds per question: bare pipes and through the sandbox (medians)."""
    runs: dict[str, list[float]] = {"bare": [], "sandbox": []}
    for _ in range(repeats):
        for name, trips in (("bare", bare_round_trips), ("sandbox", sandbox_round_trips)):
            runs[name].append((trips(long) - trips(short)) / (long - short))
    return {name: statistics.median(values) for name, values in runs.items()}


def student_bot(folder: Path) -> Bot:
    (folder / "mine.py").write_text(STUDENT, encoding="utf-8")
    (folder / "baselines.txt").write_text("random\n", encoding="utf-8")
    return next(bot for bot in find_bots(folder) if bot.name == "mine")


def seconds(action) -> tuple[float, float, float, int]:
    """Wall-clock and CPU seconds of ``action``: this process's CPU, plus that of the
    sandboxes it reports (each supervisor's and its child's, cold or warm alike); then the
    sandboxes' CPU alone and the questions asked (a match's ``(sandbox CPU, questions)``)."""
    started, cpu = time.perf_counter(), time.process_time()
    reported, questions = action() or (0.0, 0)
    wall, ours = time.perf_counter() - started, time.process_time() - cpu
    return wall, ours + reported, reported, questions


def measure(bot: Bot, spec, deals: int, repeats: int) -> dict[str, float]:
    """Seconds: per hand in one process; per hand and fixed per match, cold and warm."""
    setups = deal_setups(2026, deals)
    engine = code_version()
    runs: dict[str, list[float]] = {}

    def match(n: int, warm: bool) -> tuple[float, int]:
        settings = Settings(move_time=60, warm=warm)
        record = play_match(MatchJob("b", bot, bot, setups[:n], RuleSet(), settings, engine))
        return record["timing"]["sandbox_cpu"], record["timing"]["decisions"]

    match(1, True)  # the fork server starts once per process: not a match's cost

    def in_process() -> None:
        for setup in setups:
            play_duplicate(setup, spec, spec)

    for _ in range(repeats):
        inside = seconds(in_process)
        for clock, value in zip(CLOCKS, inside[:2], strict=True):
            runs.setdefault(f"in process {clock}", []).append(value / (2 * deals))
        for warm in (False, True):
            name = "warm" if warm else "cold"
            short = seconds(lambda warm=warm: match(1, warm))
            long = seconds(lambda warm=warm: match(deals, warm))
            for clock, one, many in zip(CLOCKS, short[:2], long[:2], strict=True):
                hand = (many - one) / (2 * (deals - 1))
                runs.setdefault(f"{name} per hand {clock}", []).append(hand)
                runs.setdefault(f"{name} fixed {clock}", []).append(max(0.0, one - 2 * hand))
            # the hands of the long match beyond the short one's: per question, by side
            asked = long[3] - short[3]
            theirs = long[2] - short[2]
            referee = long[1] - short[1] - theirs
            runs.setdefault("questions per hand", []).append(asked / (2 * (deals - 1)))
            runs.setdefault(f"{name} referee per question", []).append(referee / asked)
            runs.setdefault(f"{name} sandboxes per question", []).append(theirs / asked)
    return {key: statistics.median(values) for key, values in runs.items()}


def model(row: dict[str, float], kind: str, clock: str, bots: int, workers: int) -> float:
    """Hours for a round robin of ``bots`` on ``workers``."""
    matches = bots * (bots - 1) // 2
    hands = 2 * DEALS_IN_MODEL
    per_match = row[f"{kind} fixed {clock}"] + hands * row[f"{kind} per hand {clock}"]
    return matches * per_match / workers / 3600


def main() -> int:
    words = [w for w in sys.argv[1:] if not w.startswith("--")]
    deals = max(2, int(words[0]) if words else 6)
    repeats = int(words[1]) if len(words) > 1 else 3
    with open("/proc/loadavg", encoding="ascii") as handle:
        load = handle.read().split()[0]
    print(
        f"one match of {deals} duplicate deals ({2 * deals} hands), one worker, median of "
        f"{repeats}; wall-clock seconds; load average {load} at the start"
    )
    with tempfile.TemporaryDirectory() as folder:
        bots = {
            "greedy": (Bot("greedy", "baseline", "benchmark", "greedy"), "greedy"),
            "GreedyPlayer": (student_bot(Path(folder)), GreedyPlayer),
        }
        if "--montecarlo" in sys.argv:
            bots["montecarlo"] = (Bot("mc", "baseline", "benchmark", "montecarlo"), "montecarlo")
        rows = {name: measure(bot, spec, deals, repeats) for name, (bot, spec) in bots.items()}
    least = floor(repeats)
    print(
        f"{'seconds':20}{'per hand, 1 process':>20}{'sandboxed cold':>16}{'warm':>9}"
        f"{'ratio cold':>12}{'warm':>7}{'fixed/match cold':>18}{'warm':>7}"
    )
    for name, row in rows.items():
        for clock in CLOCKS:
            inside = row[f"in process {clock}"]
            cold, warm = row[f"cold per hand {clock}"], row[f"warm per hand {clock}"]
            print(
                f"{name + ', ' + clock:20}{inside:>20.4f}{cold:>16.4f}{warm:>9.4f}"
                f"{cold / inside:>12.1f}{warm / inside:>7.1f}"
                f"{row[f'cold fixed {clock}']:>18.2f}{row[f'warm fixed {clock}']:>7.2f}"
            )
    questions = rows["greedy"]["questions per hand"]
    inside = rows["greedy"]["in process CPU"]
    print(f"\nCPU per question (microseconds; {questions:.1f} questions a hand), by side:")
    for name, row in rows.items():
        cells = [
            f"{kind} referee {row[f'{kind} referee per question'] * 1e6:.0f} + sandboxes "
            f"{row[f'{kind} sandboxes per question'] * 1e6:.0f}"
            for kind in ("cold", "warm")
        ]
        alone = row["in process CPU"] / row["questions per hand"] * 1e6
        print(f"  {name}: in one process {alone:.0f}; " + "; ".join(cells))
    bare, boxed = least["bare"] * questions, least["sandbox"] * questions
    print(
        f"\nfloor, CPU seconds per question (both processes; a small JSON line each way): "
        f"bare pipes {least['bare']:.6f}, through the sandbox {least['sandbox']:.6f}; "
        f"x {questions:.1f} questions a hand: +{bare:.4f} and +{boxed:.4f} s on greedy's "
        f"{inside:.4f} in one process, so a sandboxed greedy hand costs at least "
        f"{(inside + bare) / inside:.1f}x (bare pipes) and {(inside + boxed) / inside:.1f}x "
        f"(the sandbox) its cost in one process"
    )
    hands = 2 * DEALS_IN_MODEL
    print(f"\nround robins of {hands} hands a match (hours; CPU hours = hours on idle cores):")
    for name, row in rows.items():
        for bots_count, workers in ((30, 2), (200, 32)):
            cells = [
                f"{kind} {model(row, kind, clock, bots_count, workers):,.2f} h {clock}"
                for kind in ("cold", "warm")
                for clock in CLOCKS
            ]
            print(f"  {bots_count} {name} bots on {workers} workers: " + ", ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
