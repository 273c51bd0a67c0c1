"""The trial runs that chose ExpertPlayer's settings: each one against today's search player.

    python benchmarks/expert_trials.py                  # every trial: 100 deals, seed 7
    python benchmarks/expert_trials.py --only smart     # rerun some, keep the others
    python benchmarks/expert_trials.py --reuse DIR      # take DIR/KEY.json if it holds the
                                                        # same run (``shengji arena SPEC search
                                                        # --deals 100 --seed 7 --json ...``)

Writes results/expert_trials.json: for every trial, its player spec (every setting spelt
out, so a later change of the defaults does not change what a spec means), its hands won
against ``search`` with a 95% interval, its paired difference from the first trial over the
same deals, and its per-deal share of hands won. The seed is 7, not 2026: the settings were
chosen on these deals, and the final run (benchmarks/search_strength.py, seed 2026) is
measured on deals the choice never saw. 100 deals give intervals of about ±5 points.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from shengji_edu.arena import ArenaResult, Estimate, parse_spec, player_settings, run_arena

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "results" / "expert_trials.json"
SEED, DEALS, OPPONENT = 7, 100, "search"

BASE = "expert:depth=2,endgame=6,leads=few"
TRIALS = {
    "greedy_300": (
        "greedy rollouts, 300 rollouts a decision",
        f"{BASE},work=300,rollout=greedy,prior=greedy,guess=informed,solve=0",
    ),
    "smart_120": (
        "smart rollouts and first candidate, pair inference, solver at 3 cards",
        f"{BASE},work=120,rollout=smart,prior=smart,guess=table,solve=3",
    ),
    "smart_200_d4": (
        "the same, 200 rollouts, 4 tricks of look-ahead",
        "expert:depth=4,endgame=6,leads=few,work=200,rollout=smart,prior=smart,guess=table,solve=3",
    ),
    "smart_200_all": (
        "the same, 200 rollouts, every suit's leads",
        "expert:depth=2,endgame=6,leads=all,work=200,rollout=smart,prior=smart,guess=table,solve=3",
    ),
}
"""key: (label, player spec). The first is the baseline of the paired differences."""


def reused(directory: Path | None, key: str, spec: str) -> ArenaResult | None:
    """The saved arena run ``directory/key.json`` if it played this trial: the same settings
    of the expert (as the run saved them), the same opponent, seed and number of deals."""
    path = None if directory is None else directory / f"{key}.json"
    if path is None or not path.exists():
        return None
    saved = json.loads(path.read_text(encoding="utf-8"))["settings"]["a"]
    wanted = player_settings(parse_spec(spec))
    result = ArenaResult.load(path)
    same = (
        all(wanted.get(name) == value for name, value in saved.items())
        and result.player_b == OPPONENT
        and result.seed == SEED
        and len(result.deals) == DEALS
    )
    return result if same else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--only", nargs="+", choices=list(TRIALS), metavar="TRIAL")
    parser.add_argument("--reuse", type=Path, help="a folder of saved arena runs, KEY.json")
    args = parser.parse_args()
    rows = json.loads(OUTPUT.read_text(encoding="utf-8"))["trials"] if OUTPUT.exists() else {}
    wanted = set(args.only or TRIALS)
    for key, (label, spec) in TRIALS.items():
        if key not in wanted and "per_deal" in rows.get(key, {}):
            continue
        result = reused(args.reuse, key, spec) or run_arena(
            parse_spec(spec), OPPONENT, DEALS, seed=SEED, processes=args.processes
        )
        rows[key] = {
            "label": label,
            "spec": spec,
            "hands_won": vars(result.summary()["a"]["hands_won"]),
            "per_deal": result.side_values("a")["hands_won"],
        }
        print(f"{label:70s} {statistics.fmean(rows[key]['per_deal']):.1%}", flush=True)
    first = next(iter(TRIALS))
    for key in TRIALS:
        differs = Estimate.paired(rows[key]["per_deal"], rows[first]["per_deal"])
        rows[key]["vs_first"] = vars(differs) if key != first else None
    rows = {key: rows[key] for key in TRIALS}
    record = {"opponent": OPPONENT, "deals": DEALS, "seed": SEED, "trials": rows}
    OUTPUT.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"written to {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
