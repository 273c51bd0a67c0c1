"""Training the learned player (lesson 13): imitation of the search player, in numpy.

1. :func:`collect`: greedy players play hands (the arena's setup: dealer, level and trump
   fixed, nobody declares); at play decisions where the search player's candidates differ,
   the search player is asked what it would play, and the candidates' features
   (:func:`~shengji_edu.players.learned.features`) are kept with the index of its choice.
   Greedy's play is what is played, so the hands stay greedy's.
2. :func:`fit`: softmax regression over each decision's candidates (the probability of
   candidate *i* is ``exp(w·x_i) / Σ_j exp(w·x_j)``), by gradient descent on the mean
   cross-entropy plus a small L2 penalty, starting from "play greedy's choice".
3. :func:`save_weights` writes the weights file :class:`~shengji_edu.players.LearnedPlayer`
   reads.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..arena import deal_setup
from ..game.round import Round
from ..game.table import play_round
from ..players.learned import FEATURES, features
from ..players.rollout import RolloutPlayer
from ..players.search import SearchPlayer, search_candidates
from ..rules import RuleSet


@dataclass
class Dataset:
    """Decisions: ``rows[k]`` is a (candidates × features) array, ``labels[k]`` the index of
    the teacher's choice among them."""

    rows: list[np.ndarray] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
    hands: int = 0
    seconds: float = 0.0

    def __len__(self) -> int:
        return len(self.labels)


class _Recorder(RolloutPlayer):
    """Plays greedy's game; at some decisions asks the teacher and records the answer."""

    def __init__(self, data: Dataset, teacher, rate: float, rng: random.Random) -> None:
        super().__init__()
        self.data, self.teacher, self.rate, self.rng = data, teacher, rate, rng

    def play(self, view):
        choice = super().play(view)
        if len(view.hand) > len(choice) and self.rng.random() < self.rate:
            options = search_candidates(view, choice)
            if len(options) > 1:
                taught = sorted(self.teacher.play(view))
                keys = [sorted(o) for o in options]
                if taught in keys:
                    self.data.rows.append(np.array(features(view, options), dtype=np.float64))
                    self.data.labels.append(keys.index(taught))
        return choice


def collect(
    seconds: float,
    seed: int = 0,
    rules: RuleSet = RuleSet(),
    rate: float = 0.5,
    teacher_samples: int = 20,
    max_hands: int | None = None,
) -> Dataset:
    """Label play decisions of greedy hands with the search player's choices for about
    ``seconds`` (whole hands: the last one finishes), or ``max_hands`` hands."""
    data = Dataset()
    rng = random.Random(seed)
    teacher = SearchPlayer(samples=teacher_samples)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and (max_hands is None or data.hands < max_hands):
        setup = deal_setup(rng.getrandbits(32), rng, rules)
        trump = rules.trump(setup.level, setup.trump_suit)
        rnd = Round(setup.seed, rules, (setup.level,) * 2, setup.dealer, fixed_trump=trump)
        players = [_Recorder(data, teacher, rate, rng) for _ in range(4)]
        play_round(rnd, players)
        data.hands += 1
    data.seconds = time.perf_counter() - start
    return data


def initial_weights() -> np.ndarray:
    """Greedy's choice scores 1, everything else 0: the model starts by playing greedy."""
    w = np.zeros(len(FEATURES))
    w[FEATURES.index("lead_greedy")] = w[FEATURES.index("follow_greedy")] = 1.0
    return w


def padded(data: Dataset) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The decisions as arrays: features ``(n, K, F)`` (K the most candidates of any
    decision, missing ones zero), ``valid`` ``(n, K)`` booleans, ``labels`` ``(n,)``."""
    most = max((len(x) for x in data.rows), default=1)
    x = np.zeros((len(data), most, len(FEATURES)))
    valid = np.zeros((len(data), most), dtype=bool)
    for k, rows in enumerate(data.rows):
        x[k, : len(rows)] = rows
        valid[k, : len(rows)] = True
    return x, valid, np.array(data.labels, dtype=int)


def loss_and_gradient(w: np.ndarray, data: Dataset, l2: float = 1e-3) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of the teacher's choices under softmax(w·x), plus ``l2·|w|²``."""
    return _loss_and_gradient(w, *padded(data), l2)


def _loss_and_gradient(w, x, valid, labels, l2):
    n = max(1, len(labels))
    scores = np.where(valid, x @ w, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=1, keepdims=True)
    chosen = p[np.arange(len(labels)), labels]
    loss = -np.log(chosen + 1e-12).sum() / n + l2 * float(w @ w)
    # d loss / d w = E_p[x] - x_label, averaged over decisions
    grad = np.einsum("nk,nkf->f", p, x) - x[np.arange(len(labels)), labels].sum(axis=0)
    return float(loss), grad / n + 2 * l2 * w


def fit(
    data: Dataset, steps: int = 300, rate: float = 0.5, l2: float = 1e-3, w=None
) -> tuple[np.ndarray, list[float]]:
    """Gradient descent from :func:`initial_weights`; returns the weights and the losses."""
    w = initial_weights() if w is None else np.array(w, dtype=np.float64)
    arrays = padded(data)
    losses = []
    for _ in range(steps):
        loss, grad = _loss_and_gradient(w, *arrays, l2)
        losses.append(loss)
        w = w - rate * grad
    return w, losses


def accuracy(w: np.ndarray, data: Dataset) -> float:
    """How often the highest-scored candidate is the teacher's choice."""
    hits = [int(np.argmax(x @ w)) == label for x, label in zip(data.rows, data.labels, strict=True)]
    return float(np.mean(hits)) if hits else 0.0


def save_weights(path: str | Path, w: np.ndarray, info: dict) -> None:
    """The weights file :func:`~shengji_edu.players.learned.load_weights` reads."""
    data = {"features": list(FEATURES), "weights": [round(float(x), 6) for x in w], **info}
    Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
