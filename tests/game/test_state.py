"""The hand's state is declared once (shengji_edu/game/state.py): the round's slots, its
start, what-if worlds and the public record all come from HAND_STATE."""

from __future__ import annotations

import random

import pytest

from shengji_edu.game import PLAYING, PublicTable, Round, Table
from shengji_edu.game.state import HAND_STATE, SLOTS
from shengji_edu.players import make_player
from shengji_edu.rules import RuleSet

PUBLIC = {field.public: field.name for field in HAND_STATE if field.public is not None}


def mid_play(seed: int, rules: RuleSet = RuleSet()) -> Round:
    """A round in play with a trick under way (every public field has a value to compare)."""
    round_ = Round(seed, rules)
    table = Table(round_, [make_player("greedy") for _ in range(4)])
    while not (round_.phase == PLAYING and len(round_.tricks) >= 3 and round_.public.current_trick):
        table.step()
    return round_


def test_the_slots_are_the_fields_and_every_one_is_set_by_the_start_and_by_a_world():
    assert set(Round.__slots__) - {"__dict__"} == set(SLOTS)
    assert len(SLOTS) == len(HAND_STATE)  # no name twice
    round_ = mid_play(4)
    world = round_.what_if(round_.hands, round_.kitty, 9)
    for made in (Round(7), world):
        for name in SLOTS:
            getattr(made, name)  # AttributeError: a field the start or the world forgot


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(decks=3), RuleSet(open_kitty=True)])
def test_the_record_reads_exactly_the_fields_called_public(rules):
    round_ = mid_play(11, rules)
    public = round_.public
    derived = {"rules", "hand_sizes"}  # the rules object and the hands' sizes, not fields
    assert set(PUBLIC) | derived == set(PublicTable._fields) | {"buried_by"}
    for attribute, name in PUBLIC.items():
        assert getattr(public, attribute) == getattr(round_, name), attribute


def test_a_world_of_the_real_cards_plays_on_as_the_round():
    """Built from the record and the true hands, a world is the round itself from here on."""
    round_ = mid_play(21)
    world = round_.what_if(round_.hands, round_.kitty, random.Random(3).getrandbits(32))
    assert world.public == round_.public
    played = len(round_.tricks)
    Table(round_, [make_player("greedy") for _ in range(4)]).run()
    Table(world, [make_player("greedy") for _ in range(4)]).run()
    assert world.tricks[played:] == round_.tricks[played:]
    assert world.result == round_.result
