"""Ranking with uncertainty: a score from the arena's paired statistics, a Bradley–Terry rating.

Two numbers per bot, each with a 95% interval:

* **score**: the share of its hands a bot won, over every deal and every opponent. Per deal,
  the bot's share of the hands it played on that deal (2 per opponent) is one paired value
  (lesson 08: both sides played both sets of cards); the score is their mean over the
  deals, with the arena's normal-approximation 95% interval
  (:class:`~shengji_edu.arena.Estimate`). Standard library only.
* **rating**: a Bradley–Terry model fitted to every hand (``choix``'s
  ``ilsr_pairwise_dense``, with a weak prior, ``alpha``, that keeps a bot that lost every
  hand finite), put on the Elo scale: 1500 is the field's average, and a bot 100 points
  above another wins about 64% of their hands (``1 / (1 + 10 ** (-100 / 400))``). Its 95%
  interval is a bootstrap *over deals*: the deals are drawn again with replacement (the same
  draw for every pair, since every pair played the same deals) and the model refitted, and
  the 2.5th and 97.5th percentiles are kept. Needs the ``tournament`` extra (numpy, choix).

In a full round robin every bot plays every other on the same deals, and then Bradley–Terry
ranks exactly as the number of hands won: the ranking is by score (ties share a rank), and
the rating adds a scale and a model's view of the uncertainty. Intervals need at least two
deals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..arena import Estimate

ALPHA = 0.1
"""Choix's regularization: the prior that keeps a bot that lost every hand finite."""
BOOTSTRAP = 200
"""Bootstrap draws for the rating's interval."""
ELO_SCALE = 400 / math.log(10)
ELO_MEAN = 1500.0


class RatingUnavailable(ValueError):
    """The rating needs numpy and choix: ``pip install "shengji-edu[tournament]"``."""


@dataclass(frozen=True)
class Interval:
    """A value with its 95% interval (``low``/``high`` are ``None`` with fewer than two deals)."""

    value: float
    low: float | None = None
    high: float | None = None

    def to_dict(self) -> dict[str, float | None]:
        return {"value": self.value, "low": self.low, "high": self.high}


def wins_by_deal(names: Sequence[str], records: Sequence[dict], deals: int) -> list:
    """``w[i][j][d]``: hands bot ``i`` won against bot ``j`` on deal ``d`` (0, 1 or 2)."""
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    wins = [[[0] * deals for _ in range(n)] for _ in range(n)]
    for record in records:
        a, b = index[record["a"]], index[record["b"]]
        for d, deal in enumerate(record["deals"]):
            for run in deal["runs"]:
                a_won = run["winning_team"] == run["a_team"]
                wins[a if a_won else b][b if a_won else a][d] += 1
    return wins


def scores(wins: list, deals: int) -> list[Interval]:
    """Each bot's share of hands won, paired per deal, with the arena's 95% interval."""
    n = len(wins)
    result = []
    for i in range(n):  # opponents met: every other bot in a round robin, fewer in Swiss
        met = sum(1 for j in range(n) if j != i and (any(wins[i][j]) or any(wins[j][i]))) or 1
        values = [sum(wins[i][j][d] for j in range(n) if j != i) / (2 * met) for d in range(deals)]
        estimate = Estimate.of(values, 0.0, 1.0)
        if deals < 2:
            result.append(Interval(estimate.mean))
        else:
            result.append(Interval(estimate.mean, estimate.low, estimate.high))
    return result


def bradley_terry(
    wins: list, deals: int, seed: int, bootstrap: int = BOOTSTRAP, alpha: float = ALPHA
) -> list[Interval]:
    """Each bot's Bradley–Terry rating on the Elo scale, with a bootstrap 95% interval."""
    try:
        import choix
        import numpy as np
    except ImportError:
        raise RatingUnavailable(
            'the rating needs numpy and choix: pip install "shengji-edu[tournament]"'
        ) from None
    array = np.asarray(wins, dtype=float)  # (n, n, deals)

    def fit(matrix, start=None):
        params = choix.ilsr_pairwise_dense(matrix, alpha=alpha, initial_params=start)
        return params - params.mean()

    theta = fit(array.sum(axis=2))
    ratings = ELO_MEAN + ELO_SCALE * theta
    if deals < 2 or bootstrap < 1:
        return [Interval(round(float(r), 1)) for r in ratings]
    rng = np.random.default_rng(abs(seed) % 2**63)
    draws = np.empty((bootstrap, len(theta)))
    for k in range(bootstrap):
        weights = rng.multinomial(deals, np.full(deals, 1.0 / deals))
        draws[k] = fit(array @ weights, theta)
    low, high = np.percentile(ELO_MEAN + ELO_SCALE * draws, [2.5, 97.5], axis=0)
    return [
        Interval(round(float(r), 1), round(float(lo), 1), round(float(hi), 1))
        for r, lo, hi in zip(ratings, low, high, strict=True)
    ]


def rating_available() -> bool:
    try:
        import choix  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def ranks(values: Sequence[float]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) of ``values``, highest first."""
    return [1 + sum(other > value + 1e-12 for other in values) for value in values]


def expected_share(rating_a: float, rating_b: float) -> float:
    """The share of hands a bot rated ``rating_a`` is expected to win against ``rating_b``."""
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))


__all__: list[Any] = [
    "Interval",
    "RatingUnavailable",
    "bradley_terry",
    "expected_share",
    "ranks",
    "rating_available",
    "scores",
    "wins_by_deal",
]
