"""Greedy's quick forms make the decisions of the plain rules they stand for (issue 17).

``GreedyPlayer.play`` answers some decisions with a quick form (:func:`follow_single` for a
single card led) rather than through ``follow``'s rule functions, which lesson 08 shows.
Here both are asked at every play decision of seeded hands (one, two and three decks, the
2s as trumps) and must choose the same cards; where a rule draws from ``view.rng``, both
start from the same generator state and must leave it in the same state.
"""

from __future__ import annotations

import pytest

from shengji_edu import RuleSet
from shengji_edu.game import Round, Table
from shengji_edu.game.round import PLAYING
from shengji_edu.players.greedy import GreedyPlayer, follow_single

RULES = [RuleSet(decks=1), RuleSet(), RuleSet(decks=3, twos_are_trump=True)]


def _play_views(rules: RuleSet, seeds: range):
    """Every view a greedy player plays from in seeded greedy hands."""
    for seed in seeds:
        rnd = Round(seed, rules)
        table = Table(rnd, [GreedyPlayer() for _ in range(4)])
        while True:
            if rnd.phase == PLAYING:
                yield rnd.view(rnd.turn)
            if not table.step():
                break


def _same_choice(fast, plain, view) -> list:
    """``fast(view)`` and ``plain(view)`` from the same generator state: the same cards, and
    the generator left in the same state."""
    state = view.rng.getstate()
    expected = plain(view)
    after = view.rng.getstate()
    view.rng.setstate(state)
    got = fast(view)
    assert got == expected
    assert view.rng.getstate() == after
    return got


@pytest.mark.parametrize("rules", RULES, ids=["1deck", "2decks", "3decks_twos"])
def test_the_quick_forms_choose_what_the_rules_choose(rules):
    player, counted = GreedyPlayer(), 0
    for view in _play_views(rules, range(6)):
        if view.lead is not None and len(view.lead) == 1:
            _same_choice(follow_single, player.follow, view)
            counted += 1
    assert counted > 150


def test_a_subclass_that_changes_a_rule_is_asked():
    # play() takes its quick forms only for greedy's own rules: a subclass's follow is used
    class Counting(GreedyPlayer):
        calls = 0

        def follow(self, view):
            Counting.calls += 1
            return super().follow(view)

    rnd = Round(3, RuleSet())
    Table(rnd, [Counting(), GreedyPlayer(), GreedyPlayer(), GreedyPlayer()]).run()
    assert Counting.calls >= 15
