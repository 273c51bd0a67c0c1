"""The learned player and its training (lesson 13): the gradient is the loss's, the loss falls
on real imitation data, the player plays whole legal hands with the shipped weights, and the
weights file must match the features."""

from __future__ import annotations

import json

import numpy as np
import pytest

from shengji_edu.game import Round, play_round
from shengji_edu.players import LearnedPlayer, make_player
from shengji_edu.players.learned import FEATURES, features, load_weights
from shengji_edu.rl.training import (
    accuracy,
    collect,
    fit,
    initial_weights,
    loss_and_gradient,
    save_weights,
)


@pytest.fixture(scope="module")
def data():
    return collect(seconds=1e9, seed=3, max_hands=1, teacher_samples=4)


def test_collect_labels_decisions_with_candidates_and_features(data):
    assert data.hands == 1 and len(data) > 5
    for rows, label in zip(data.rows, data.labels, strict=True):
        assert rows.shape[1] == len(FEATURES) and 0 <= label < len(rows) and len(rows) >= 2


def test_the_gradient_is_the_derivative_of_the_loss(data):
    w = initial_weights() + np.linspace(-0.3, 0.3, len(FEATURES))
    _, grad = loss_and_gradient(w, data)
    eps = 1e-6
    for i in range(len(w)):
        step = np.zeros_like(w)
        step[i] = eps
        numeric = (loss_and_gradient(w + step, data)[0] - loss_and_gradient(w - step, data)[0]) / (
            2 * eps
        )
        assert numeric == pytest.approx(grad[i], abs=1e-6)


def test_fitting_lowers_the_loss_and_fits_the_teacher_better(data):
    w, losses = fit(data, steps=60)
    assert losses[-1] < losses[0]
    assert all(b <= a + 1e-12 for a, b in zip(losses, losses[1:], strict=False))
    assert accuracy(w, data) >= accuracy(initial_weights(), data)


def test_the_learned_player_plays_legal_hands_with_the_shipped_weights():
    player = make_player("learned")
    assert isinstance(player, LearnedPlayer) and len(player.weights) == len(FEATURES)
    round_ = play_round(Round(21), [player, make_player("greedy")] * 2)
    assert round_.result is not None


def test_the_features_of_greedys_choice_mark_it():
    round_ = Round(5)
    from shengji_edu.game import Table

    table = Table(round_, [make_player("greedy") for _ in range(4)])
    while round_.phase != "playing" or len(round_.played_cards) < 9:
        table.step()
    view = round_.view(round_.turn)
    player = LearnedPlayer()
    options = player.candidates(view)
    rows = features(view, options)
    greedy = FEATURES.index("lead_greedy" if view.lead is None else "follow_greedy")
    assert [row[greedy] for row in rows] == [1.0] + [0.0] * (len(options) - 1)


def test_weights_of_other_features_are_refused(tmp_path):
    path = tmp_path / "w.json"
    save_weights(path, initial_weights(), {})
    assert load_weights(path) == list(initial_weights())
    data = json.loads(path.read_text())
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="retrain"):
        load_weights(path)
    with pytest.raises(ValueError, match="retrain"):
        make_player("learned", weights=str(path))
