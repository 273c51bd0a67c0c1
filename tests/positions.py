"""Positions in the middle of a hand, for the players' tests."""

from __future__ import annotations

from shengji_edu.game import Round, Table
from shengji_edu.game.public import PLAYING
from shengji_edu.players import GreedyPlayer
from shengji_edu.rules import RuleSet


def greedy_position(seed: int, plays: int, rules: RuleSet = RuleSet()) -> Round:
    """A hand of four greedy players stopped after ``plays`` cards have been played (or at
    its end, if it ends first); the trump is fixed in hearts, the level from the seed."""
    level = 2 + seed % 13
    trump = rules.trump(level, "H")
    rnd = Round(seed, rules, levels=(level, level), dealer=seed % 4, fixed_trump=trump)
    table = Table(rnd, [GreedyPlayer()] * 4)
    while rnd.phase != PLAYING:
        table.step()
    for _ in range(plays):
        if rnd.phase != PLAYING:
            break
        table.step()
    return rnd
