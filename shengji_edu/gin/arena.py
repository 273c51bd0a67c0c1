"""The Gin Rummy arena: duplicate deals and confidence intervals, as for Shengji.

Luck decides many single hands: whoever is dealt three melds usually wins. **Duplicate
deals** remove most of that luck. Each deal (one shuffle, seat 0 dealing) is played twice:
first player A sits in seat 0 and B in seat 1, then they swap seats, so each plays both
hands of cards, with the same stock in the same order. The two runs of a deal are one
*paired* observation: we average them, then compute a 95% confidence interval over deals
(:class:`shengji_edu.arena.Estimate`, the normal approximation).

Two measures per side: **hands won** (a drawn hand counts one half) and **net points per
hand** (points scored minus points conceded).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..arena import Estimate, spec_text
from .engine import GinHand, play_hand
from .players import make_player
from .scoring import STANDARD, GinRules

PlayerSpec = str | tuple[str, dict[str, Any]]


def make(spec: PlayerSpec):
    """A player from a spec: a name (``"greedy"``) or ``("montecarlo", {"budget": 4})``."""
    name, options = (spec, {}) if isinstance(spec, str) else spec
    return make_player(name, **options)


def play_duplicate(
    seed: int, spec_a: PlayerSpec, spec_b: PlayerSpec, rules: GinRules = STANDARD
) -> dict[str, Any]:
    """Play the deal ``seed`` twice (A in seat 0, then A in seat 1); return both outcomes."""
    runs = []
    for a_seat in (0, 1):
        players = [make(spec_a), make(spec_b)] if a_seat == 0 else [make(spec_b), make(spec_a)]
        hand = play_hand(GinHand(seed, dealer=0, rules=rules), players)
        result = hand.result
        assert result is not None
        runs.append(
            {
                "a_seat": a_seat,
                "kind": result.kind,
                "winner": result.winner,
                "points": result.points,
                "actions": len(hand.history),
            }
        )
    return {"seed": seed, "runs": runs}


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
) -> GinArenaResult:
    """Play ``deals`` duplicate deals between two player specs (see the module docstring)."""
    if deals < 1:
        raise ValueError("play at least one deal")
    make(player_a), make(player_b)  # fail early on an unknown player
    rng = random.Random(seed)
    result = GinArenaResult(player_a, player_b, seed, rules)
    for _ in range(deals):
        result.deals.append(play_duplicate(rng.getrandbits(32), player_a, player_b, rules))
    return result
