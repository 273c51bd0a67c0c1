"""Write the Gin Rummy arena runs that lesson 10 quotes to results/gin_arena_*.json.

    python tools/gin_results.py                  # every run (about 10 minutes, 1 process)
    python tools/gin_results.py lookahead        # one of them: defensive, montecarlo, lookahead
    python tools/gin_results.py --processes 2 lookahead   # deals spread over 2 processes

Lesson 10's prose quotes these runs (through tools/quoted_figures.py markers), so the figures
are read from committed files instead of being copied by hand. The files have the layout of
the Shengji arena's JSON (``format``, ``player_a``, ``player_b``, ``seed``, ``summary`` with
``mean``/``low``/``high`` per measure, ``deals``), plus how the hands ended (``kinds``).
After rerunning, refresh the quoted text: ``python tools/quoted_figures.py``.

Every run also times player A's decisions (``decision_ms``: how many, median, 95th
percentile, slowest). Times are measurements of one machine at one moment, not results: they
change from run to run (and a lot on a shared machine); the deals and the summary do not,
whatever the number of processes.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from shengji_edu.gin import run_arena

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "results"

# name: (player A, player B, deals, seed), as quoted in lessons/10_gin_rummy.ipynb
RUNS = {
    "defensive": ("defensive", "greedy", 1000, 2024),
    "montecarlo": ("montecarlo", "greedy", 150, 2024),
    "lookahead": ("lookahead", "greedy", 1000, 2024),
}


def write(name: str, processes: int = 1) -> Path:
    player_a, player_b, deals, seed = RUNS[name]
    start = time.perf_counter()
    result = run_arena(player_a, player_b, deals, seed=seed, processes=processes, timed=True)
    took = time.perf_counter() - start
    times = result.decision_times()
    for deal in result.deals:  # the times are summarised below, not kept per decision
        for run in deal["runs"]:
            run.pop("a_seconds", None)
    data = {
        "format": "shengji-edu gin arena",
        "version": 1,
        "player_a": player_a,
        "player_b": player_b,
        "seed": seed,
        "command": f"run_arena({player_a!r}, {player_b!r}, {deals}, seed={seed})",
        "summary": {
            side: {measure: vars(estimate) for measure, estimate in measures.items()}
            for side, measures in result.summary().items()
        },
        "kinds": result.kinds(),
        "decision_ms": {key: round(value, 2) for key, value in times.items()},
        "processes": processes,
        "wall_seconds": round(took),
        "rerun": f"python tools/gin_results.py --processes {processes} {name}",
        "deals": result.deals,
    }
    path = RESULTS / f"gin_arena_{player_a}_vs_{player_b}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(result.report())
    print("player A's decisions (ms):", data["decision_ms"])
    print(f"wrote {path.relative_to(ROOT)} in {took:.0f} s")
    return path


def main(argv: list[str]) -> int:
    processes = 1
    if argv[:1] == ["--processes"]:
        if len(argv) < 2 or not argv[1].isdigit() or int(argv[1]) < 1:
            print("--processes takes a whole number, at least 1", file=sys.stderr)
            return 2
        processes, argv = int(argv[1]), argv[2:]
    names = argv or list(RUNS)
    unknown = [name for name in names if name not in RUNS]
    if unknown:
        print(f"unknown run {unknown[0]!r}; choose from {', '.join(RUNS)}", file=sys.stderr)
        return 2
    for name in names:
        write(name, processes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
