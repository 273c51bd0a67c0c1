"""The Gin Rummy arena: duplicate deals and confidence intervals, as for Shengji.

Luck decides many single hands: whoever is dealt three melds usually wins. **Duplicate
deals** remove most of that luck. Each deal (one shuffle, seat 0 dealing) is played twice:
first player A sits in seat 0 and B in seat 1, then they swap seats, so each plays both
hands of cards, with the same stock in the same order. The two runs of a deal are one
*paired* observation: we average them, then compute a 95% confidence interval over deals
(:class:`shengji_edu.arena.Estimate`, the normal approximation).

Two measures per side: **hands won** (a drawn hand counts one half) and **net points per
hand** (points scored minus points conceded).

``run_arena(..., processes=2)`` spreads the deals over worker processes: every deal depends
only on its seed, so the results are the same, in the same order. ``timed=True`` records how
long each of player A's decisions took (``deal["runs"][i]["a_seconds"]``), for the median and
95th percentile that :meth:`GinArenaResult.decision_times` reports; times are measurements,
not results: they vary from machine to machine and run to run.
"""

from __future__ import annotations

import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..arena import Estimate, spec_text
from .engine import GinHand, GinView, play_hand
from .players import make_player
from .scoring import STANDARD, GinRules

PlayerSpec = str | tuple[str, dict[str, Any]]


def make(spec: PlayerSpec):
    """A player from a spec: a name (``"greedy"``) or ``("montecarlo", {"budget": 4})``."""
    name, options = (spec, {}) if isinstance(spec, str) else spec
    return make_player(name, **options)


class _Timed:
    """A player wrapped to time its decisions (seconds, in ``seconds``)."""

    def __init__(self, player) -> None:
        self.player = player
        self.name = getattr(player, "name", "player")
        self.seconds: list[float] = []

    def act(self, view: GinView):
        start = time.perf_counter()
        action = self.player.act(view)
        self.seconds.append(time.perf_counter() - start)
        return action


def play_duplicate(
    seed: int,
    spec_a: PlayerSpec,
    spec_b: PlayerSpec,
    rules: GinRules = STANDARD,
    timed: bool = False,
) -> dict[str, Any]:
    """Play the deal ``seed`` twice (A in seat 0, then A in seat 1); return both outcomes."""
    runs = []
    for a_seat in (0, 1):
        player_a = _Timed(make(spec_a)) if timed else make(spec_a)
        players = [player_a, make(spec_b)] if a_seat == 0 else [make(spec_b), player_a]
        hand = play_hand(GinHand(seed, dealer=0, rules=rules), players)
        result = hand.result
        assert result is not None
        run = {
            "a_seat": a_seat,
            "kind": result.kind,
            "winner": result.winner,
            "points": result.points,
            "actions": len(hand.history),
        }
        if timed:
            run["a_seconds"] = player_a.seconds
        runs.append(run)
    return {"seed": seed, "runs": runs}


def _play_job(job: tuple) -> dict[str, Any]:
    return play_duplicate(*job)


@dataclass
class GinArenaResult:
    """Raw per-deal outcomes plus per-side summaries (A first, then B)."""

    player_a: PlayerSpec
    player_b: PlayerSpec
    seed: int
    rules: GinRules = STANDARD
    deals: list[dict[str, Any]] = field(default_factory=list)

    def side_values(self, side: str) -> dict[str, list[float]]:
        """Per-deal paired values for side "a" or "b": hands won and net points per hand."""
        wins, net = [], []
        for deal in self.deals:
            won = points = 0.0
            for run in deal["runs"]:
                seat = run["a_seat"] if side == "a" else 1 - run["a_seat"]
                if run["winner"] is None:
                    won += 0.5
                elif run["winner"] == seat:
                    won, points = won + 1, points + run["points"]
                else:
                    points -= run["points"]
            wins.append(won / len(deal["runs"]))
            net.append(points / len(deal["runs"]))
        return {"hands_won": wins, "net_points": net}

    def kinds(self) -> dict[str, int]:
        """How the hands ended: counts of knock, gin, undercut, big gin and draw."""
        counts = dict.fromkeys(("knock", "gin", "undercut", "big gin", "draw"), 0)
        for deal in self.deals:
            for run in deal["runs"]:
                counts[run["kind"]] += 1
        return counts

    def decision_times(self) -> dict[str, float] | None:
        """Player A's decisions (when the arena ran ``timed``): how many, and the median,
        95th percentile and slowest in milliseconds. ``None`` if nothing was timed."""
        seconds = [
            t for deal in self.deals for run in deal["runs"] for t in run.get("a_seconds", ())
        ]
        if not seconds:
            return None
        seconds.sort()
        p95 = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))]
        return {
            "decisions": len(seconds),
            "median_ms": 1000 * statistics.median(seconds),
            "p95_ms": 1000 * p95,
            "max_ms": 1000 * seconds[-1],
        }

    def summary(self) -> dict[str, dict[str, Estimate]]:
        return {
            side: {
                "hands_won": Estimate.of(values["hands_won"], 0.0, 1.0),
                "net_points": Estimate.of(values["net_points"]),
            }
            for side in ("a", "b")
            for values in [self.side_values(side)]
        }

    def report(self) -> str:
        """A small table: hands won and net points per hand, with 95% intervals."""
        summary = self.summary()
        lines = [
            f"{len(self.deals)} duplicate deals ({2 * len(self.deals)} hands), seed {self.seed}",
            f"{'':24}{'hands won':>24}{'net points/hand':>26}",
        ]
        for side, spec in (("a", self.player_a), ("b", self.player_b)):
            won, net = summary[side]["hands_won"], summary[side]["net_points"]
            lines.append(
                f"{spec_text(spec):24}"
                f"{f'{100 * won.mean:.1f}% [{100 * won.low:.1f}, {100 * won.high:.1f}]':>24}"
                f"{f'{net.mean:+.2f} [{net.low:+.2f}, {net.high:+.2f}]':>26}"
            )
        return "\n".join(lines)

    def plot(self, ax=None):
        """Bar chart of hands won (with 95% intervals) for both sides; returns the axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            _fig, ax = plt.subplots(figsize=(5, 3))
        summary = self.summary()
        names = [spec_text(self.player_a), spec_text(self.player_b)]
        won = [summary[s]["hands_won"] for s in ("a", "b")]
        means = [100 * w.mean for w in won]
        errors = [[100 * (w.mean - w.low) for w in won], [100 * (w.high - w.mean) for w in won]]
        ax.bar(names, means, yerr=errors, capsize=6, color=["tab:blue", "tab:orange"])
        ax.axhline(50, color="grey", linestyle="--", linewidth=1)
        ax.set_ylabel("hands won (%)")
        ax.set_ylim(0, 100)
        ax.set_title(f"{names[0]} vs {names[1]}: {len(self.deals)} duplicate deals")
        return ax


def run_arena(
    player_a: PlayerSpec,
    player_b: PlayerSpec,
    deals: int,
    seed: int = 0,
    rules: GinRules = STANDARD,
    processes: int = 1,
    timed: bool = False,
) -> GinArenaResult:
    """Play ``deals`` duplicate deals between two player specs (see the module docstring)."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"play at least one deal (a whole number), not {deals!r}")
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes must be a whole number, at least 1, not {processes!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    if not isinstance(rules, GinRules):
        raise ValueError(f"rules must be a GinRules, not {rules!r}")
    make(player_a), make(player_b)  # fail early on an unknown player or a bad option
    rng = random.Random(seed)
    jobs = [(rng.getrandbits(32), player_a, player_b, rules, timed) for _ in range(deals)]
    result = GinArenaResult(player_a, player_b, seed, rules)
    if processes > 1:
        with ProcessPoolExecutor(max_workers=processes) as pool:
            chunk = max(1, deals // (8 * processes))
            result.deals.extend(pool.map(_play_job, jobs, chunksize=chunk))
    else:
        result.deals.extend(_play_job(job) for job in jobs)
    return result
