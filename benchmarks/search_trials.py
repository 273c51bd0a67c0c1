"""The trial runs that chose SearchPlayer's settings: each one against greedy, on the same deals.

    python benchmarks/search_trials.py                 # 100 deals each, seed 7, 2 processes
    python benchmarks/search_trials.py --only informed # rerun some trials, keep the others
    python benchmarks/search_trials.py --deals 20      # a quick look (not the committed file)

Writes results/search_trials.json (with the default 100 deals): for every trial, the player
spec (the same text ``shengji arena SPEC greedy --deals 100 --seed 7`` takes), its hands won
against greedy and its *paired* difference from the first search player (``goal=points``,
``depth=3``: the search's earlier setting) over the same deals, both with 95%
intervals, and its share of each deal's two hands won (``per_deal``), so that ``--only``
can rerun some trials and pair them with the file's baseline without replaying it. Every
spec names its ``guess`` where it is not the default's: the trials before informed guesses
(``guess=uniform``) are the players that were run then, and rerun exactly.

The seed is 7, not 2026: the settings were chosen on these deals, so the final runs
(results/arena_search_*, seed 2026) are measured on deals the choice never saw.

100 deals give intervals of about ±5 points: enough to see the win goal's gain over the
points goal, not enough to rank the other settings against one another (their intervals
overlap), which is what the file shows.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from shengji_edu.arena import Estimate, parse_spec, run_arena

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "results" / "search_trials.json"
SEED = 7

TRIALS = {
    "points_d3": ("points, depth 3 (the first search)", "search:goal=points,depth=3,guess=uniform"),
    "win_d3": ("win, depth 3", "search:depth=3,guess=uniform"),
    "win_d3_all": ("win, depth 3, all leads", "search:depth=3,leads=all,guess=uniform"),
    "win": ("win, depth 2", "search:guess=uniform"),
    "win_all": ("win, depth 2, all leads", "search:leads=all,guess=uniform"),
    "win_all_30": (
        "win, depth 2, all leads, 30 worlds",
        "search:leads=all,samples=30,guess=uniform",
    ),
    "win_d1_30": ("win, depth 1, 30 worlds", "search:depth=1,samples=30,guess=uniform"),
    "informed": ("win, depth 2, informed guess (the default)", "search"),
    "informed_40": ("win, depth 2, informed guess, 40 worlds", "search:samples=40"),
}
"""key: (label, player spec). The first is the baseline of the paired differences."""

ALSO_AGAINST = {"informed": "win", "informed_40": "informed"}
"""Trials also paired with another than the first (``vs_`` + its key): the informed guess
against the uniform one, and 40 worlds against 20. ``--only`` reruns that one too when the
file has no per-deal results of it."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--only", nargs="+", choices=list(TRIALS), metavar="TRIAL")
    args = parser.parse_args()
    keep = args.deals == 100  # only the committed 100 deals are written to the file
    rows = json.loads(OUTPUT.read_text(encoding="utf-8"))["trials"] if keep and args.only else {}
    first = next(iter(TRIALS))
    wanted = set(args.only or TRIALS)
    for key in list(wanted):  # a pair needs both sides' per-deal results
        for needed in (first, ALSO_AGAINST.get(key)):
            if needed and "per_deal" not in rows.get(needed, {}):
                wanted.add(needed)
    per_deal = {key: row["per_deal"] for key, row in rows.items() if "per_deal" in row}
    for key, (label, spec) in TRIALS.items():
        if key not in wanted:
            continue
        result = run_arena(
            parse_spec(spec), "greedy", args.deals, seed=SEED, processes=args.processes
        )
        wins = per_deal[key] = result.side_values("a")["hands_won"]
        rows[key] = {
            "label": label,
            "spec": spec,
            "hands_won": vars(result.summary()["a"]["hands_won"]),
            "vs_first_search": vars(Estimate.paired(wins, per_deal[first])),
            "per_deal": wins,
        }
        print(f"{label:45s} {spec:32s} {statistics.fmean(wins):.1%}", flush=True)
    for key, other in ALSO_AGAINST.items():
        if key in wanted and other in per_deal:
            rows[key]["vs_" + other] = vars(Estimate.paired(per_deal[key], per_deal[other]))
    for key in rows:  # the trials' own order, whichever ran last
        rows[key]["label"], rows[key]["spec"] = TRIALS[key]
    rows = {key: rows[key] for key in TRIALS if key in rows}
    if keep:
        record = {"opponent": "greedy", "deals": args.deals, "seed": SEED, "trials": rows}
        OUTPUT.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"written to {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
