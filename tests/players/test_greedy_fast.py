"""The rollout player makes the readable greedy player's decisions (issue 17, lesson 08).

``GreedyPlayer`` (shengji_edu/players/greedy.py, printed by lesson 08) is the readable
player; ``RolloutPlayer`` (shengji_edu/players/rollout.py) makes the same plays, worked out
faster, for the search players' rollouts and ``make_player("greedy")``. Here both are asked at
every play decision of seeded hands (one, two and three decks, the variants of RULES §11: the
2s as trumps, the overcall after the bury, other kitty multipliers; and the card-order options
of §12.3, §12.14 and §12.15) and must choose the same cards; where a rule draws from
``view.rng``, both start from the same generator state and must leave it in the same state.
The rollout player's quick forms (``follow_single``, ``follow_several``, ``rollout_lead``) and
its LeadContext are checked on their own too.
"""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_edu import RuleSet
from shengji_edu.game import Round, Table
from shengji_edu.game.round import PLAYING
from shengji_edu.players import PLAYER_TYPES, GreedyPlayer, RolloutPlayer, make_player
from shengji_edu.players.knowledge import unit_is_sure, unseen_by_suit, unseen_cards
from shengji_edu.players.rollout import (
    LeadContext,
    follow_several,
    follow_single,
    rollout_lead,
)
from shengji_edu.trump import TRUMP
from shengji_edu.units import PAIR, SINGLE, TRIPLE, Unit, decompose_records

RULES = {
    "1deck": RuleSet(decks=1),
    "2decks": RuleSet(),
    "3decks": RuleSet(decks=3),
    "2decks_twos": RuleSet(twos_are_trump=True),
    "3decks_twos": RuleSet(decks=3, twos_are_trump=True),
    "2decks_overcall": RuleSet(overcall_after_bury=True),
    "1deck_plain_kitty": RuleSet(decks=1, kitty="plain", twos_are_trump=True),
    "3decks_all": RuleSet(
        decks=3, twos_are_trump=True, overcall_after_bury=True, kitty="plain", kitty_max=64
    ),
    # the card-order options of RULES §12.3, §12.14 and §12.15
    "2decks_plain_tractors": RuleSet(tractors="plain", twos_are_trump=True),
    "2decks_no_tractors": RuleSet(tractors="off", failed_throw="smallest_card"),
    "2decks_levels_by_suit": RuleSet(offsuit_levels="suit", tractors="plain"),
    "3decks_levels_by_suit": RuleSet(decks=3, offsuit_levels="suit", failed_throw="smallest_card"),
}
SEEDS = {"1deck": 12, "2decks": 10, "3decks": 6}  # fewer hands where hands are longer


def _play_views(rules: RuleSet, seeds: range, players=None):
    """Every view a player plays from in seeded hands (greedy players by default)."""
    for seed in seeds:
        rnd = Round(seed, rules)
        table = Table(rnd, players or [GreedyPlayer() for _ in range(4)])
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


@pytest.mark.parametrize("name", list(RULES))
def test_the_rollout_player_plays_greedys_plays_at_every_decision(name):
    rules = RULES[name]
    seeds = range(SEEDS.get(name.split("_")[0], 6))
    greedy, rollout, counted = GreedyPlayer(), RolloutPlayer(), Counter()
    for view in _play_views(rules, seeds):
        if view.lead is None:
            _same_choice(rollout_lead, greedy.lead, view)
            _same_choice(greedy.play, greedy.lead, view)  # play is lead, nothing else
            _lead_context_is_the_plain_one(view)
            counted["leads"] += 1
        else:
            fast = follow_single if len(view.lead) == 1 else follow_several
            _same_choice(fast, greedy.follow, view)
            _same_choice(greedy.play, greedy.follow, view)  # play is follow, nothing else
            counted[min(len(view.lead), 3)] += 1
        _same_choice(rollout.play, greedy.play, view)
    assert counted["leads"] > 50 and counted[1] > 100 and counted[2] > 10, counted


def test_whole_hands_are_the_same_with_either_player():
    # seeded hands played by RolloutPlayers and by GreedyPlayers: the same actions, card for card
    for name in ("1deck", "2decks", "3decks_all"):
        for seed in range(3):
            fast = Table(Round(seed, RULES[name]), [RolloutPlayer() for _ in range(4)]).run()
            plain = Table(Round(seed, RULES[name]), [GreedyPlayer() for _ in range(4)]).run()
            assert fast.actions == plain.actions
            assert fast.result == plain.result


def test_make_player_greedy_is_the_rollout_player_named_greedy():
    assert PLAYER_TYPES["greedy"] is RolloutPlayer
    player = make_player("greedy")
    assert isinstance(player, RolloutPlayer) and player.name == "greedy"
    assert GreedyPlayer().name == "greedy"


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
    # asked first, before any suit is decomposed: suits without runs are read, not decomposed
    assert LeadContext(view).side_groups == [u for u in ctx.side if u.kind != SINGLE]
    for suit in ("T", "S", "H", "D", "C"):
        assert ctx.held[suit] == trump.cards_of(view.hand, suit)
        assert ctx.units_in(suit) == [u for u in units if u.suit == suit]


def test_a_subclass_that_changes_a_rule_is_asked():
    # play() is lead or follow: a subclass's follow is used
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


def test_the_rollout_player_declares_and_buries_as_greedy_at_every_decision():
    # RolloutPlayer.declare and bury are rollout.declare_good_suit and bury_low_cards,
    # greedy's rules counted faster: asked at every view the table asks a greedy player to
    # declare (the deal, the auction) or bury from (the dealer, overcallers)
    rollout, asked = RolloutPlayer(), Counter()

    class Checked(GreedyPlayer):
        def declare(self, view):
            expected = super().declare(view)
            assert rollout.declare(view) == expected
            asked[expected is not None] += 1
            return expected

        def bury(self, view):
            expected = super().bury(view)
            assert rollout.bury(view) == expected
            asked["buries"] += 1
            return expected

    for rules in RULES.values():
        for seed in range(6):
            Table(Round(seed, rules), [Checked() for _ in range(4)]).run()
    assert asked[True] > 20 and asked[False] > 200 and asked["buries"] > 30, asked


def test_the_first_unit_without_runs_is_decomposes_first_unit():
    # pull_trumps leads the first unit of my trumps without decomposing them when they hold
    # no run: the same cards as decompose's first unit, for random holdings of 1-3 decks
    import random

    from shengji_edu.players.rollout_leads import _first_unit_without_runs
    from shengji_edu.trump import EFFECTIVE_SUITS

    rng, checked = random.Random(5), Counter()
    for decks in (1, 2, 3):
        rules = RuleSet(decks=decks)
        for _ in range(400):
            trump = rules.trump(rng.randrange(2, 15), rng.choice(["S", "H", "D", "C", None]))
            hand = rng.sample(rules.deck(), rng.randrange(1, 30))
            for suit in EFFECTIVE_SUITS:
                cards = trump.cards_of(hand, suit)
                first = _first_unit_without_runs(cards, trump)
                units = decompose_records(cards, trump)
                if first is None:  # no card, or groups on consecutive steps: decompose is asked
                    checked["decomposed"] += 1
                else:
                    checked[units[0].kind] += 1
                    assert first == list(units[0].cards)
    assert checked[PAIR] > 50 and checked[TRIPLE] > 5 and checked[SINGLE] > 50, checked
