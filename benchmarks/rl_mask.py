"""The learning environment's mask, audited on 2,000 positions of every deck count.

    python benchmarks/rl_mask.py          # writes results/rl_mask.json
    python benchmarks/rl_mask.py 200      # fewer positions, a quick look

Positions are every decision of hands played by the package's random players (throwing 30%
of their leads, so multi-card leads and follows are common), seeds from ``decks * 100_003``:
declarations, buries, leads and follows. :func:`shengji_edu.rl.audit.audit` checks each both
ways (3 random walks through the mask, each accepted by the engine when submitted; up to 50
legal plays per position reachable card by card) and times every mask it computes. The
99th percentile is over all mask computations (one per card chosen plus one for ``DONE``),
wall time on a shared 2-core machine.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from itertools import islice
from pathlib import Path

import numpy as np

from shengji_edu import RuleSet
from shengji_edu.rl.audit import audit, positions

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "results" / "rl_mask.json"


def main(count: int = 2000) -> dict:
    report = {"positions_per_deck_count": count, "decks": {}}
    for decks in (1, 2, 3):
        rng = random.Random(decks)
        times: list[float] = []
        kinds: Counter = Counter()
        legal = 0
        start = time.perf_counter()
        for choice in islice(positions(RuleSet(decks=decks), hands=10**6, seed=decks), count):
            result = audit(choice, rng, walks=3, cap=50)
            times += result["mask_times"]
            legal += result["legal_checked"]
            kinds[choice.kind] += 1
        ms = np.array(times) * 1000
        report["decks"][str(decks)] = {
            "positions": dict(kinds),
            "legal_plays_reached": legal,
            "masks_timed": len(ms),
            "mask_ms_median": round(float(np.median(ms)), 4),
            "mask_ms_p99": round(float(np.percentile(ms, 99)), 3),
            "mask_ms_max": round(float(ms.max()), 2),
            "seconds": round(time.perf_counter() - start, 1),
        }
        print(decks, report["decks"][str(decks)], flush=True)
    return report


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    result = main(n)
    if n == 2000:
        OUTPUT.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")
