"""What a class tournament costs: seconds per hand through the sandbox, against one process.

    python benchmarks/tournament.py [DEALS]        # default 3 deals per match

For greedy against greedy and Monte Carlo (default budget) against Monte Carlo, it plays one
match of DEALS duplicate deals twice: in one process, as the arena does (``play_duplicate``),
and through the tournament (``play_match``: four sandboxed processes per half, views as
plain data). It prints seconds per hand for both, the fixed cost of a match (its 8
processes), and the cost model of a round robin of 200 bots:

    matches × (fixed cost + 2 × deals × seconds per hand) / workers

One worker, on whatever machine runs it. Wall-clock seconds grow on a busy machine; CPU
seconds (this process and every process it waited for: the sandboxes' supervisors and bots)
barely do, and are what a dedicated core pays. Prints numbers, asserts nothing.
"""

from __future__ import annotations

import resource
import sys
import time

from shengji_edu.arena import play_duplicate
from shengji_edu.rules import RuleSet
from shengji_edu.sandbox import code_version
from shengji_edu.tournament.bots import Bot
from shengji_edu.tournament.match import MatchJob, Settings, play_match
from shengji_edu.tournament.schedule import deal_setups

BOTS = 200
DEALS_IN_MODEL = 10


class Clock:
    """Wall-clock and CPU seconds (ours and our waited-for children's) since it was made."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), self._cpu()

    @staticmethod
    def _cpu() -> float:
        me = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime

    def read(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, self._cpu() - self.cpu


def measure(kind: str, deals: int) -> dict[str, tuple[float, float]]:
    """(wall, CPU) seconds: per hand in one process, per hand sandboxed, fixed per match."""
    setups = deal_setups(2026, deals)
    clock = Clock()
    for setup in setups:
        play_duplicate(setup, kind, kind)
    in_process = tuple(x / (2 * deals) for x in clock.read())
    bot = Bot(kind, "baseline", "benchmark", kind)
    settings = Settings(move_time=60)
    engine = code_version()
    clock = Clock()  # a match of one deal: the fixed cost and two hands
    play_match(MatchJob("b1", bot, bot, setups[:1], RuleSet(), settings, engine))
    short = clock.read()
    clock = Clock()
    play_match(MatchJob("b", bot, bot, setups, RuleSet(), settings, engine))
    long = clock.read()
    per_hand = tuple((b - a) / (2 * (deals - 1)) for a, b in zip(short, long, strict=True))
    fixed = tuple(max(0.0, a - 2 * h) for a, h in zip(short, per_hand, strict=True))
    return {"in process": in_process, "sandboxed": per_hand, "fixed": fixed}


def main() -> int:
    deals = max(2, int(sys.argv[1]) if len(sys.argv) > 1 else 3)
    matches = BOTS * (BOTS - 1) // 2
    print(f"one match of {deals} duplicate deals ({2 * deals} hands), one worker")
    header = f"{'wall / CPU seconds':24}{'per hand, 1 process':>22}"
    print(f"{header}{'per hand, sandboxed':>22}{'fixed per match':>18}")
    rows = {}
    for kind in ("greedy", "montecarlo"):
        rows[kind] = measure(kind, deals)
        cells = [f"{wall:.3f} / {cpu:.3f}" for wall, cpu in rows[kind].values()]
        print(f"{kind:24}{cells[0]:>22}{cells[1]:>22}{cells[2]:>18}")
    hands = 2 * DEALS_IN_MODEL
    print(f"\nround robin of {BOTS} bots: {matches} matches x {hands} hands")
    for kind, row in rows.items():
        for what, index in (("wall", 0), ("CPU", 1)):
            seconds = matches * (row["fixed"][index] + hands * row["sandboxed"][index])
            print(
                f"  all {kind}, {what}: {seconds / 3600:,.1f} worker-hours "
                f"({seconds / 3600 / 32:,.1f} h on 32 workers)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
