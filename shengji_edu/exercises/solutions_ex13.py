"""The solutions and references of exercise 13 (the questions are in :mod:`.ex13`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

import math
from collections import Counter

from ..cards import Card
from ..completion import can_complete_follow
from ..follow import legal_follows
from ..tricks import trick_winner
from ..trump import Trump


def points_for_team(trick, play, trump):
    """The play's points if my team is winning the trick right after it, else 0."""
    winner = trick_winner(trick + [play], trump)
    me = len(trick)
    if winner == me or winner == me - 2:  # me, or my partner two plays before
        return sum(card.points for card in play)
    return 0


def allowed_cards(hand, lead, chosen, trump):
    """The cards that keep the choice completable to a legal follow (each once)."""
    follows = [Counter(follow) for follow in legal_follows(hand, lead, trump)]
    allowed = []
    for card in set(hand):
        wanted = Counter(chosen + [card])
        if any(not wanted - follow for follow in follows):
            allowed.append(card)
    return allowed


def training_step(weights, decisions, labels, rate):
    """One step of gradient descent on the mean cross-entropy of the chosen candidates."""
    gradient = [0.0] * len(weights)
    for candidates, label in zip(decisions, labels, strict=True):
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in candidates]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        for row, e in zip(candidates, exps, strict=True):
            for k, x in enumerate(row):
                gradient[k] += e / total * x
        for k, x in enumerate(candidates[label]):
            gradient[k] -= x
    return [w - rate * g / len(decisions) for w, g in zip(weights, gradient, strict=True)]


def _points_for_team_reference(trick: list[list[Card]], play: list[Card], trump: Trump) -> int:
    winner = trick_winner([*trick, play], trump)
    mine = winner % 2 == len(trick) % 2  # plays alternate between the teams
    return sum(card.points for card in play) if mine else 0


def _allowed_reference(hand: list[Card], lead: list[Card], chosen: list[Card], trump: Trump):
    held = Counter(hand)
    used = Counter(chosen)
    return [
        card
        for card in held
        if used[card] < held[card] and can_complete_follow(hand, lead, [*chosen, card], trump)
    ]


def _training_step_reference(weights, decisions, labels, rate):
    import numpy as np

    w = np.array(weights, dtype=float)
    gradient = np.zeros_like(w)
    for candidates, label in zip(decisions, labels, strict=True):
        x = np.array(candidates, dtype=float)
        scores = x @ w
        p = np.exp(scores - scores.max())
        p /= p.sum()
        gradient += p @ x - x[label]
    return (w - rate * gradient / len(labels)).tolist()
