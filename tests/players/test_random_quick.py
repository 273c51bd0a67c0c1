"""The random player's quick form is its plain one (issue 17).

``RandomPlayer.play`` answers the engine's generators (plain ``random.Random``) with
``_quick_play``, which writes ``rng.choice`` and ``trump.cards_of`` out in line. At every
play decision of seeded hands (one, two and three decks, the 2s as trumps, several throw
rates) it must give the cards of ``RandomPlayer.plain_play`` and leave the generator in
the same state; any other generator gets the plain form itself.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_edu import RuleSet
from shengji_edu.game import Round, Table
from shengji_edu.game.round import PLAYING
from shengji_edu.players import RandomPlayer, make_player
from shengji_edu.players.random_player import _quick_play

RULES = [RuleSet(decks=1), RuleSet(), RuleSet(decks=3, twos_are_trump=True)]


@pytest.mark.parametrize("rules", RULES, ids=["1deck", "2decks", "3decks_twos"])
@pytest.mark.parametrize("throw_rate", [0.0, 0.1, 0.6, 1.0])
def test_the_quick_play_is_the_plain_play_at_every_decision(rules, throw_rate):
    checked = Counter()
    player = RandomPlayer(throw_rate=throw_rate)
    for seed in range(8):
        rnd = Round(seed, rules)
        table = Table(rnd, [player, make_player("greedy"), player, player])
        while True:
            if rnd.phase == PLAYING:
                view = rnd.view(rnd.turn)
                rng = view.rng
                state = rng.getstate()
                quick = _quick_play(view.hand, view.lead, view.trump, rng, throw_rate)
                after = rng.getstate()
                rng.setstate(state)
                assert player.plain_play(view) == quick
                assert rng.getstate() == after
                rng.setstate(state)
                assert player.play(view) == quick  # the engine's generator: the quick form
                rng.setstate(state)
                kind = "lead" if view.lead is None else f"follow{min(len(view.lead), 3)}"
                checked[kind] += 1
            if not table.step():
                break
    assert checked["lead"] > 10 and checked["follow1"] > 10, checked
    assert checked["follow2"] + checked["follow3"] > 0, checked


class _OtherRandom(random.Random):
    """A generator that is not a plain ``random.Random`` (draws the same numbers)."""


def test_another_generator_gets_the_plain_play():
    rnd = Round(5)
    table = Table(rnd, [RandomPlayer()] * 4)
    while rnd.phase != PLAYING:
        table.step()
    view = rnd.view(rnd.turn)
    state = view.rng.getstate()
    other = _OtherRandom()
    other.setstate(state)
    parts = (view.public, view.seat, view.hand, other, view.buried)
    plain = type(view).from_parts(*parts)
    assert RandomPlayer().play(plain) == RandomPlayer().play(view)
    assert other.getstate() == view.rng.getstate()
