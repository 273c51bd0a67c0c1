"""Fit the numbers of SearchPlayer's win chance from greedy hands (prints them, changes nothing).

    python benchmarks/win_chance_fit.py          # 3,000 hands, about a minute
    python benchmarks/win_chance_fit.py 500      # a quick look

SearchPlayer (shengji_edu/players/search.py) stops its rollouts after a few tricks and
estimates the rest: the defenders get ``a + b·s + c·s²`` of the points still in the hands,
``s`` being their part of the trumps still held (``defender_share``), and a logistic curve of
``k·√R + m`` points around the threshold turns the estimated total into a chance. This script
plays greedy hands set up as the arena sets them up (fixed trump, seeds from 100,000), looks
at every position between tricks with every hand known (as in a sampled world), and prints:

* the least-squares ``a, b, c`` (what ``SHARE_FIT`` holds) and the estimate's error,
* the estimate's error by points still out (why the curve widens with √R),
* the log loss of the hands' real outcomes for a few curve widths (``SPREAD`` is the best).

It needs numpy (the ``test`` extra).
"""

from __future__ import annotations

import math
import random
import sys

import numpy as np

from shengji_edu.arena import deal_setup
from shengji_edu.game import PLAYING, Round, Table
from shengji_edu.players import GreedyPlayer
from shengji_edu.players.search import SHARE_FIT, SPREAD, defender_share
from shengji_edu.rules import RuleSet

FIRST_SEED = 100_000


def positions(hands: int) -> np.ndarray:
    """Rows of (defender points so far incl. penalty, points in the hands, share, final total)."""
    rules, rng, rows = RuleSet(), random.Random(99), []
    for n in range(hands):
        setup = deal_setup(FIRST_SEED + n, rng, rules)
        trump = rules.trump(setup.level, setup.trump_suit)
        levels = (setup.level, setup.level)
        rnd = Round(setup.seed, rules, levels, setup.dealer, fixed_trump=trump)
        table = Table(rnd, [GreedyPlayer()] * 4)
        while rnd.phase != PLAYING:
            table.step()
        found = []
        while rnd.result is None:
            if not rnd.current_trick:
                left = sum(c.points for hand in rnd.hands for c in hand)
                found.append((rnd.defender_points + rnd.penalty, left, defender_share(rnd)))
            table.step()
        rows += [(*row, rnd.result.defender_points) for row in found]
    return np.array(rows, dtype=float)


def main(hands: int) -> None:
    data = positions(hands)
    so_far, left, share, final = data.T
    rest = final - so_far
    design = np.column_stack([left, left * share, left * share**2])
    fit, *_ = np.linalg.lstsq(design, rest, rcond=None)
    error = rest - design @ fit
    print(f"{hands} greedy hands, {len(data)} positions between tricks")
    print(f"share fit a, b, c = {fit[0]:.3f}, {fit[1]:.3f}, {fit[2]:.3f} (SHARE_FIT {SHARE_FIT})")
    print(f"estimate's error: {error.std():.1f} points (sd)")
    for low, high in ((0, 20), (20, 50), (50, 80), (80, 120), (120, 160), (160, 201)):
        near = (left >= low) & (left < high)
        if near.any():
            sd = error[near].std()
            print(
                f"  {low:3d}-{high - 1:3d} points out: sd {sd:5.1f}, sd/sqrt(R) "
                f"{sd / math.sqrt(max(1.0, left[near].mean())):.2f} ({near.sum()} positions)"
            )
    won = (final >= RuleSet().take_deal_points).astype(float)
    estimate = so_far + design @ np.array(SHARE_FIT)
    for k, m in ((0.8, 3.0), (1.0, 3.0), (1.2, 3.0), (1.5, 3.0), (0.0, 15.0)):
        z = (estimate - RuleSet().take_deal_points + 0.5) / (k * np.sqrt(left) + m)
        p = np.clip(1 / (1 + np.exp(-z)), 1e-4, 1 - 1e-4)
        loss = -(won * np.log(p) + (1 - won) * np.log(1 - p)).mean()
        mark = "  <- SPREAD" if (k, m) == SPREAD else ""
        print(f"curve width {k}*sqrt(R)+{m}: log loss {loss:.4f}{mark}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
