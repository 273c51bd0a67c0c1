"""Do 5 Swiss rounds rank a field as the full round robin does? 16 bots of known strength.

    python benchmarks/swiss_agreement.py [DEALS] [SEEDS]     # default 6 deals, 3 seeds

The bots are the greedy player with ε-random play (:class:`EpsilonGreedy`): at each decision,
with probability ε, a random legal play (the package's random player) instead of greedy's;
ε = 0, 1/15, …, 1 for the 16 bots, so their true order is known. Every pair plays the same
DEALS duplicate deals in one process (as the arena does; the sandbox changes the cost, not
the play: ``tests/tournament`` checks that a sandboxed match plays exactly as the arena).
The round robin is all 120 matches; the Swiss tournament pairs 5 rounds of 8 matches with
:mod:`shengji_edu.tournament.swiss` and looks each match up among the same results (a match
is the same whichever schedule asks for it). Both are ranked as the tournament ranks: the
round robin by hands won, Swiss by the Bradley-Terry rating of the matches it played.

Prints, per seed, Spearman's rank correlation of the Swiss ranking with the round robin's
and of each with the true order (ε), and the mean over seeds. Asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from shengji_edu.arena import play_duplicate
from shengji_edu.players import RandomPlayer, make_player
from shengji_edu.tournament import rating as rt
from shengji_edu.tournament.schedule import deal_setups
from shengji_edu.tournament.swiss import pair_round, standings

BOTS = 16
ROUNDS = 5


class EpsilonGreedy:
    """Greedy, except that with probability ``epsilon`` a decision is a random legal one."""

    def __init__(self, epsilon: float) -> None:
        self.epsilon = epsilon
        self.greedy, self.random = make_player("greedy"), RandomPlayer()

    def _pick(self, view) -> object:
        return self.random if view.rng.random() < self.epsilon else self.greedy

    def declare(self, view):
        return self.greedy.declare(view)

    def bury(self, view):
        return self._pick(view).bury(view)

    def play(self, view):
        return self._pick(view).play(view)


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho of two score lists (average ranks for ties)."""

    def rank(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        ranks = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                ranks[order[k]] = (i + j) / 2
            i = j + 1
        return ranks

    ra, rb = rank(a), rank(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var


def one_seed(seed: int, deals: int) -> dict[str, float]:
    names = [f"eps{i:02d}" for i in range(BOTS)]
    epsilon = {name: i / (BOTS - 1) for i, name in enumerate(names)}
    setups = deal_setups(seed, deals)
    records = {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            deals_played = [
                play_duplicate(
                    s,
                    lambda e=epsilon[a]: EpsilonGreedy(e),
                    lambda e=epsilon[b]: EpsilonGreedy(e),
                )
                for s in setups
            ]
            records[(a, b)] = {"a": a, "b": b, "deals": deals_played}
    all_wins = rt.wins_by_deal(names, list(records.values()), deals)
    round_robin = [s.value for s in rt.scores(all_wins, deals)]
    won = {}
    for (a, b), record in records.items():
        runs = [run for deal in record["deals"] for run in deal["runs"]]
        k = sum(run["winning_team"] == run["a_team"] for run in runs)
        won[(a, b)], won[(b, a)] = (k, len(runs) - k), (len(runs) - k, k)
    rounds = []
    for _ in range(ROUNDS):
        scores = standings(names, rounds, won, 2 * deals)
        rounds.append(pair_round(names, rounds, scores, seed))
    played = [records[tuple(sorted(pair))] for r in rounds for pair in r.pairs]
    wins = rt.wins_by_deal(names, played, deals)
    swiss = [r.value for r in rt.bradley_terry(wins, deals, seed, bootstrap=0)]
    truth = [-epsilon[name] for name in names]
    return {
        "swiss~rr": spearman(swiss, round_robin),
        "swiss~truth": spearman(swiss, truth),
        "rr~truth": spearman(round_robin, truth),
        "matches": len(played),
    }


def main() -> int:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(
        f"{BOTS} greedy bots with epsilon-random play (epsilon 0 to 1), {deals} duplicate "
        f"deals ({2 * deals} hands) per match; round robin {BOTS * (BOTS - 1) // 2} matches, "
        f"Swiss {ROUNDS} rounds"
    )
    rows = []
    for seed in range(1, seeds + 1):
        started = time.process_time()
        row = one_seed(seed, deals)
        rows.append(row)
        print(
            f"seed {seed}: Spearman Swiss~round robin {row['swiss~rr']:.3f}, Swiss~true order "
            f"{row['swiss~truth']:.3f}, round robin~true order {row['rr~truth']:.3f} "
            f"({row['matches']} Swiss matches; {time.process_time() - started:.0f} s CPU)"
        )
    for key in ("swiss~rr", "swiss~truth", "rr~truth"):
        values = [row[key] for row in rows]
        print(f"{key}: mean {statistics.fmean(values):.3f}, lowest {min(values):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
