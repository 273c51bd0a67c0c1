"""The computer players under the card-order options (RULES §12.3, §12.14, §12.15).

The players ask the engine's rule functions, but a few of their quick forms find runs or rank
units themselves (``rollout_knowledge.strongest_unseen_top``,
``rollout_leads._first_unit_without_runs``).
Here those agree with the readable forms and with the engine for trumps whose tractor links
are not their steps, and every kind of player plays whole hands under the options (the engine
checks every play as it is made). That the rollout player makes greedy's decisions under these
options is tests/players/test_greedy_fast.py's.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_edu import RuleSet, Trump
from shengji_edu.game import Round, Table
from shengji_edu.players import make_player
from shengji_edu.players.knowledge import (
    unit_is_sure,
)
from shengji_edu.players.rollout_knowledge import (
    strongest_top,
    strongest_unseen_top,
)
from shengji_edu.players.rollout_leads import _first_unit_without_runs
from shengji_edu.tricks import beating_unit
from shengji_edu.trump import EFFECTIVE_SUITS, OFFSUIT_LEVEL_RULES, TRACTOR_RULES
from shengji_edu.units import decompose, decompose_records

ORDERS = [(t, o) for t in TRACTOR_RULES for o in OFFSUIT_LEVEL_RULES if (t, o) != ("full", "equal")]


def _trumps(rng: random.Random, decks: int):
    for tractors, offsuit in ORDERS:
        if decks == 3 and tractors != "full":
            continue  # RuleSet refuses it (RULES §12.17)
        rules = RuleSet(
            decks=decks,
            tractors=tractors,
            offsuit_levels=offsuit,
            twos_are_trump=rng.random() < 0.3,
        )
        yield rules, rules.trump(rng.randrange(2, 15), rng.choice(["S", "H", "D", "C", None]))


def test_the_first_unit_without_runs_is_decomposes_first_unit_under_the_options():
    rng, checked = random.Random(11), Counter()
    for decks in (2, 3):
        for _ in range(150):
            for rules, trump in _trumps(rng, decks):
                hand = rng.sample(rules.deck(), rng.randrange(1, 30))
                for suit in EFFECTIVE_SUITS:
                    cards = trump.cards_of(hand, suit)
                    first = _first_unit_without_runs(cards, trump)
                    if first is None:
                        checked["decomposed"] += 1
                    else:
                        assert first == list(decompose_records(cards, trump)[0].cards)
                        checked["quick"] += 1
    assert checked["quick"] > 500 and checked["decomposed"] > 100, checked


def test_sure_units_are_those_no_unseen_holding_beats_under_the_options():
    rng, checked = random.Random(12), Counter()
    for decks in (2, 3):
        for _ in range(150):
            for rules, trump in _trumps(rng, decks):
                deck = rules.deck()
                rng.shuffle(deck)
                size = rules.hand_size
                mine, unseen_cards = deck[:size], deck[size : size + rng.randrange(10, 60)]
                unseen = {}
                for card in unseen_cards:
                    unseen.setdefault(trump.suit_of(card), []).append(card)
                left = [0] * 54
                for card in unseen_cards:
                    left[card.index] += 1
                for unit in decompose(mine, trump):
                    others = unseen.get(unit.suit, [])
                    sure = unit_is_sure(unit, unseen, trump)
                    assert sure is (beating_unit(others, unit, trump) is None)
                    top = strongest_top(others, trump, unit.width, unit.steps)
                    assert (unit.high >= top) is sure
                    assert (
                        strongest_unseen_top(left, trump, unit.suit, unit.width, unit.steps) == top
                    )
                    checked[unit.kind, sure] += 1
    assert checked["tractor", True] > 5 and checked["tractor", False] > 5, checked
    assert checked["pair", False] > 100 and checked["triple", True] > 20, checked


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(tractors="plain", failed_throw="smallest_card"),
        RuleSet(tractors="off", offsuit_levels="suit", twos_are_trump=True),
        RuleSet(decks=3, offsuit_levels="suit"),
    ],
    ids=["plain", "off-suit", "3decks-suit"],
)
def test_every_player_plays_whole_hands_under_the_options(rules):
    players = [
        make_player("random", throw_rate=0.5),
        make_player("greedy"),
        make_player("montecarlo", samples=2, depth=1),
        make_player("search", samples=2, depth=1),
    ]
    for seed in range(2):
        rnd = Table(Round(seed, rules), players).run()  # the engine checks every play
        assert rnd.result is not None
        assert rnd.trump == Trump(
            rnd.trump.level,
            rnd.trump.suit,
            rules.twos_are_trump,
            tractors=rules.tractors,
            offsuit_levels=rules.offsuit_levels,
        )
