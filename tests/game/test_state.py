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


def at_the_bury(seed: int, rules: RuleSet = RuleSet()) -> Round:
    """A round in the kitty phase: dealt, the trump fixed, the dealer holding the kitty."""
    round_ = Round(seed, rules, dealer=seed % 4, fixed_trump=rules.trump(2, "S"))
    round_.deal_all()
    round_.finish_deal()
    return round_


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(decks=3), RuleSet(open_kitty=True)])
def test_a_world_of_the_real_cards_before_the_bury_plays_on_as_the_round(rules):
    """The kitty's holder may try buries out: a world built in the kitty phase (the kitty in
    the holder's hand, none guessed) is the round itself once the same bury is made."""
    round_ = at_the_bury(6, rules)
    holder = round_.turn
    world = round_.what_if(round_.hands, (), 5)
    assert world.public == round_.public and world.turn == holder
    players = [make_player("greedy") for _ in range(4)]
    cards = players[holder].bury(round_.view(holder))
    round_.bury(holder, cards)
    world.bury(holder, cards)
    Table(round_, players).run()
    Table(world, [make_player("greedy") for _ in range(4)]).run()
    assert world.tricks == round_.tricks and world.result == round_.result


def test_before_the_bury_only_the_holder_guesses_and_no_kitty_is_guessed():
    from shengji_edu.game import BadGuess

    round_ = at_the_bury(3)
    holder = round_.turn
    view = round_.view(holder)
    hands, buried = view.sample_hands(random.Random(1))
    assert buried == [] and hands[holder] == list(view.hand)
    assert [len(h) for h in hands] == list(round_.public.hand_sizes)
    seen = sorted(card for hand in hands for card in hand)
    assert seen == sorted(card for hand in round_.hands for card in hand)  # every card once
    world = view.what_if(hands, buried, 2)
    assert world.phase == "kitty" and world.turn == holder
    with pytest.raises(BadGuess, match="kitty's holder before the bury"):
        round_.view((holder + 1) % 4).sample_hands(random.Random(1))
    with pytest.raises(BadGuess, match="kitty holds 0 cards"):
        view.what_if(hands, round_.hand(holder)[:8], 2)
