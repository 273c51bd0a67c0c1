"""The expert's searched bury alone: SmartPlayer burying by search against SmartPlayer.

    python benchmarks/bury_search.py                   # 400 deals of seed 7, work 100 and 200
    python benchmarks/bury_search.py --deals 20 --work 20 --out /tmp/bury.json   # a quick look

Both sides play every trick as ``SmartPlayer()``; one buries as
:meth:`~shengji_edu.players.expert.ExpertPlayer.bury` does with ``bury_work`` whole-hand
rollouts, the other as SmartPlayer does (the expert's bury without search). In the arena's
duplicate deals the dealer is fixed and the trump too, so the two sides differ only in the
dealer's bury: the difference in hands won is what the search adds. The seed is 7, the
expert's development deals: the bury work was chosen here, and the expert's final run
(benchmarks/search_strength.py, seed 2026) never saw these deals.

Writes ``results/bury_search.json``: for each work, hands won with a 95% interval, the
median CPU time of a searched bury, and the per-deal shares. It runs in one process (the
players are made here, not by name).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from shengji_edu.arena import run_arena
from shengji_edu.players import ExpertPlayer, SmartPlayer

ROOT = Path(__file__).resolve().parent.parent
SEED, DEALS, WORKS = 7, 400, (100, 200)


def searched_bury(work: int, times: list[float]):
    """A maker of SmartPlayers whose bury is the expert's search with ``work`` rollouts
    (its CPU time appended to ``times``)."""

    class SearchedBury(SmartPlayer):
        def __init__(self) -> None:
            super().__init__(name="searched_bury")
            self.expert = ExpertPlayer(bury_work=work)

        def bury(self, view):
            start = time.process_time()
            cards = self.expert.bury(view)
            times.append(time.process_time() - start)
            return cards

    return SearchedBury


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--work", type=int, nargs="+", default=list(WORKS))
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "bury_search.json")
    args = parser.parse_args(argv)
    trials = {}
    for work in args.work:
        times: list[float] = []
        result = run_arena(searched_bury(work, times), SmartPlayer, args.deals, args.seed)
        won = result.summary()["a"]["hands_won"]
        share = f"{won.mean:.1%} [{won.low:.1%}, {won.high:.1%}]"
        print(f"bury_work={work}: the searched bury won {share} of the hands; ", end="")
        print(f"a bury {1000 * statistics.median(times):.0f} ms (median CPU time)")
        trials[str(work)] = {
            "hands_won": {"mean": won.mean, "low": won.low, "high": won.high},
            "bury_ms_median": round(1000 * statistics.median(times), 1),
            "per_deal": result.side_values("a")["hands_won"],
        }
    data = {"deals": args.deals, "seed": args.seed, "opponent": "smart", "trials": trials}
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
