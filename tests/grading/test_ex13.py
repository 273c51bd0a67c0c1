"""Exercise 13 (learning to play): known-wrong answers (used by test_exercises.py's
WRONG table), and the training step's check that the loss must fall."""

from __future__ import annotations

import math
from collections import Counter

from shengji_edu import legal_follows, trick_winner
from shengji_edu.exercises import FAIL, PASS, ex13
from shengji_edu.exercises import solutions_ex13 as solved13
from shengji_edu.exercises.runner import softmax_loss


def wrong_answers():
    def only_if_i_win(trick, play, trump):
        won = trick_winner(trick + [play], trump) == len(trick)
        return sum(c.points for c in play) if won else 0

    def trick_points(trick, play, trump):  # counts the whole trick, not the play
        winner = trick_winner(trick + [play], trump)
        if winner % 2 == len(trick) % 2:
            return sum(c.points for p in trick + [play] for c in p)
        return 0

    def any_card_of_a_legal_follow(hand, lead, chosen, trump):  # forgets what is chosen
        return list({c for f in legal_follows(hand, lead, trump) for c in f})

    def every_card_held(hand, lead, chosen, trump):  # ignores the rules of following
        left = Counter(hand) - Counter(chosen)
        return list(left)

    def ascent(weights, decisions, labels, rate):  # the sign of the step
        step = solved13.training_step(weights, decisions, labels, rate)
        return [2 * w - s for w, s in zip(weights, step, strict=True)]

    def summed_not_averaged(weights, decisions, labels, rate):
        return solved13.training_step(weights, decisions, labels, rate * len(decisions))

    def no_softmax(weights, decisions, labels, rate):  # the chosen features only
        grad = [0.0] * len(weights)
        for candidates, label in zip(decisions, labels, strict=True):
            for k, x in enumerate(candidates[label]):
                grad[k] -= x / len(decisions)
        return [w - rate * g for w, g in zip(weights, grad, strict=True)]

    return {
        "ex13.q1": [only_if_i_win, trick_points],
        "ex13.q2": [any_card_of_a_legal_follow, every_card_held],
        "ex13.q3": [ascent, summed_not_averaged, no_softmax],
    }


def test_the_solutions_pass():
    for q in ex13.QUESTIONS:
        assert q.run(getattr(solved13, q.function)).status == PASS


def test_a_step_the_wrong_way_fails_because_the_loss_rose():
    result = ex13.q3.run(wrong_answers()["ex13.q3"][0])
    assert result.status == FAIL and "(False, " in result.message


def test_the_solution_step_lowers_the_loss_on_every_case():
    for case in ex13.q3.cases():
        weights, decisions, labels, rate = case.args
        new = solved13.training_step(weights, decisions, labels, rate)
        assert softmax_loss(new, decisions, labels) < softmax_loss(weights, decisions, labels)
        assert not math.isnan(sum(new))
