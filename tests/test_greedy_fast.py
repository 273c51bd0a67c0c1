"""Greedy's quick forms make the decisions of the plain rules they stand for (issue 17).

``GreedyPlayer.play`` answers its follows with quick forms (:func:`follow_single` for a
single card led, :func:`follow_several` for more) rather than through ``follow``'s rule
functions, which lesson 08 shows. Here both are asked at every play decision of seeded
hands (one, two and three decks, the 2s as trumps) and must choose the same cards; where a
rule draws from ``view.rng``, both start from the same generator state and must leave it
in the same state. LeadContext's suit-by-suit units and the declaring counts are checked
against the plain definitions too.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_edu import ALL_CARDS, RuleSet
from shengji_edu.game import Round, Table
from shengji_edu.game.round import PLAYING
from shengji_edu.players.greedy import (
    GreedyPlayer,
    LeadContext,
    _declaring_counts,
    follow_several,
    follow_single,
)
from shengji_edu.players.knowledge import unit_is_sure, unseen_by_suit, unseen_cards
from shengji_edu.trump import TRUMP
from shengji_edu.units import SINGLE, Unit, decompose_records

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
    player, counted = GreedyPlayer(), Counter()
    for view in _play_views(rules, range(10)):
        if view.lead is None:
            _lead_context_is_the_plain_one(view)
            counted["leads"] += 1
            continue
        fast = follow_single if len(view.lead) == 1 else follow_several
        _same_choice(fast, player.follow, view)
        _same_choice(player.play, player.follow, view)  # play() takes the quick forms
        counted[min(len(view.lead), 3)] += 1
    assert counted[1] > 250 and counted[2] > 25 and counted[3] > 5, counted


def _lead_context_is_the_plain_one(view) -> None:
    """LeadContext decomposes suit by suit, when asked: its units, side units and sure side
    units are the plain definitions'."""
    trump = view.trump
    ctx = LeadContext(view)
    sure_side = ctx.sure_side  # asked first, as the rules do: it decomposes only some suits
    units = decompose_records(view.hand, trump)
    assert ctx.units == units
    assert ctx.side == [u for u in units if u.suit != TRUMP]
    unseen = unseen_by_suit(unseen_cards(view), trump)
    opponents = ((view.seat + 1) % 4, (view.seat + 3) % 4)
    assert sure_side == [
        u
        for u in ctx.side
        if unit_is_sure(Unit(*u), unseen, trump)
        and not any(u.suit in view.voids(seat) for seat in opponents)
    ]
    assert [u for u in ctx.side if ctx.sure(u)] == sure_side
    assert ctx.side_groups == [u for u in ctx.side if u.kind != SINGLE]
    for suit in ("T", "S", "H", "D", "C"):
        assert ctx.held[suit] == trump.cards_of(view.hand, suit)
        assert ctx.units_in(suit) == [u for u in units if u.suit == suit]


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


def test_a_patched_follow_is_asked(monkeypatch):
    calls = []
    plain = GreedyPlayer.follow

    def follow(self, view):
        calls.append(view.seat)
        return plain(self, view)

    monkeypatch.setattr(GreedyPlayer, "follow", follow)
    Table(Round(3, RuleSet()), [GreedyPlayer() for _ in range(4)]).run()
    assert len(calls) >= 60 and set(calls) == {0, 1, 2, 3}


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=40), st.integers(2, 14))
def test_declaring_counts_are_the_plain_sums(hand, level):
    high, lengths = _declaring_counts(hand, level)
    assert high == sum(1 for c in hand if c.is_joker or c.rank == level)
    for suit in ("S", "H", "D", "C"):
        assert lengths.get(suit, 0) == sum(1 for c in hand if c.suit == suit and c.rank != level)
