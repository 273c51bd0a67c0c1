"""With two decks and every option at its default, nothing changes (issue 13).

The rules core as it was before RULES §11 is frozen in ``tests/legacy``; on random two-deck
situations the package must give exactly its answers: the same verdicts and reasons, the
same legal plays in the same order, the same throws, winners, units, multipliers and
settlements, the same random plays from the same generator, the same deck and card order.
"""

from __future__ import annotations

import random

import legacy.cards as old_cards
import legacy.declaring as old_declaring
import legacy.follow as old_follow
import legacy.rules as old_rules
import legacy.scoring as old_scoring
import legacy.tricks as old_tricks
import legacy.trump as old_trump
import legacy.units as old_units
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import sub_multisets
from strategies import (
    ALL_54,
    deck_samples,
    follow_cases,
    throw_cases,
    tractor_follow_cases,
    trick_cases,
)

from shengji_edu import (
    RuleSet,
    Trump,
    check_follow,
    check_throw,
    decompose,
    format_cards,
    kitty_multiplier,
    legal_follows,
    new_deck,
    parse_cards,
    random_follow,
    settle,
    trick_winner,
)
from shengji_edu.follow import iter_legal_follows
from shengji_edu.game import declaring
from shengji_edu.tricks import play_key
from shengji_edu.units import lead_format


def old(cards):
    """The same cards as the frozen package's Card values."""
    return [old_cards.Card.parse(card.text) for card in cards]


def old_trump_of(trump: Trump):
    return old_trump.Trump(trump.level, trump.suit)


def texts(cards) -> list[str]:
    return [card.text for card in cards]


# --- cards and the order of cards -------------------------------------------------------


def test_the_deck_and_its_order_are_unchanged():
    assert texts(new_deck()) == texts(old_cards.new_deck())
    assert texts(new_deck(2)) == texts(old_cards.new_deck())
    shuffled, old_shuffled = new_deck(), old_cards.new_deck()
    random.Random(2024).shuffle(shuffled)
    random.Random(2024).shuffle(old_shuffled)
    assert texts(shuffled) == texts(old_shuffled)


@pytest.mark.parametrize("suit", ["S", "H", "D", "C", None])
@pytest.mark.parametrize("level", range(2, 15))
def test_every_card_has_the_same_place_under_every_trump(level, suit):
    new, frozen = Trump(level, suit), old_trump.Trump(level, suit)
    assert (new, repr(new), str(new), hash(new)) == (
        Trump(level, suit),
        repr(frozen),
        str(frozen),
        hash(frozen),
    )
    for card, old_card in zip(ALL_54, old(ALL_54), strict=True):
        assert new.suit_of(card) == frozen.suit_of(old_card)
        assert new.step(card) == frozen.step(old_card)
        assert new.strength(card) == frozen.strength(old_card)
        assert new.sort_key(card) == frozen.sort_key(old_card)


# --- units ----------------------------------------------------------------------------------


def units_as_data(units):
    return [(u.kind, texts(u.cards), u.suit, u.high, u.low, u.pairs) for u in units]


@given(deck_samples(max_size=25))
def test_decompose_is_unchanged(case):
    cards, trump = case
    assert units_as_data(decompose(cards, trump)) == units_as_data(
        old_units.decompose(old(cards), old_trump_of(trump))
    )


@given(follow_cases(lead_sizes=(1, 6)))
def test_lead_formats_are_unchanged(case):
    _hand, lead, trump = case
    new, frozen = lead_format(lead, trump), old_units.lead_format(old(lead), old_trump_of(trump))
    assert (new.tractors, new.pairs, new.singles) == (frozen.tractors, frozen.pairs, frozen.singles)
    assert (new.size, new.total_pairs, new.largest_unit_size, new.is_throw) == (
        frozen.size,
        frozen.total_pairs,
        frozen.largest_unit_size,
        frozen.is_throw,
    )
    assert new.describe() == frozen.describe()


# --- following ------------------------------------------------------------------------------


def check_following_is_unchanged(hand, lead, trump):
    frozen = old_trump_of(trump)
    for play in sub_multisets(hand, len(lead)):
        new = check_follow(hand, lead, list(play), trump)
        was = old_follow.check_follow(old(hand), old(lead), old(play), frozen)
        assert (new.ok, new.reason) == (was.ok, was.reason), (format_cards(play), repr(trump))
    listed = [texts(p) for p in legal_follows(hand, lead, trump)]
    assert listed == [texts(p) for p in old_follow.legal_follows(old(hand), old(lead), frozen)]
    assert [texts(p) for p in iter_legal_follows(hand, lead, trump)] == listed
    if len(hand) < len(lead):  # no legal play: both refuse
        with pytest.raises(ValueError):
            old_follow.random_follow(old(hand), old(lead), frozen, random.Random(0))
        with pytest.raises(ValueError):
            random_follow(hand, lead, trump, random.Random(0))
        return
    for seed in range(3):
        assert texts(random_follow(hand, lead, trump, random.Random(seed))) == texts(
            old_follow.random_follow(old(hand), old(lead), frozen, random.Random(seed))
        )


@given(follow_cases())
def test_following_is_unchanged(case):
    check_following_is_unchanged(*case)


@given(tractor_follow_cases())
def test_following_tractor_leads_is_unchanged(case):
    check_following_is_unchanged(*case)


def test_following_a_void_hand_facing_a_throw_is_unchanged():
    trump = Trump(10, "S")
    hand = parse_cards("S2 S3 S3 S4 S5 S6 C2 C3 C3 C4 C5 C6 C7 D2")
    lead = parse_cards("HA HK HQ HJ H9")
    check_following_is_unchanged(hand, lead, trump)


# --- throws and tricks ----------------------------------------------------------------------


@given(throw_cases())
def test_throws_are_unchanged(case):
    lead, others, trump = case
    new = check_throw(lead, others, trump)
    was = old_tricks.check_throw(old(lead), [old(h) for h in others], old_trump_of(trump))
    assert (new.ok, texts(new.forced), new.reason, texts(new.beaten_by), new.holder) == (
        was.ok,
        texts(was.forced),
        was.reason,
        texts(was.beaten_by),
        was.holder,
    )
    if not new.ok:
        assert units_as_data([new.beaten]) == units_as_data([was.beaten])


@given(trick_cases())
def test_trick_winners_are_unchanged(case):
    plays, trump = case
    frozen = old_trump_of(trump)
    assert trick_winner(plays, trump) == old_tricks.trick_winner([old(p) for p in plays], frozen)
    fmt, old_fmt = lead_format(plays[0], trump), old_units.lead_format(old(plays[0]), frozen)
    for play in plays:
        assert play_key(play, fmt, trump) == old_tricks.play_key(old(play), old_fmt, frozen)


# --- the kitty and settlement -------------------------------------------------------------


@given(follow_cases(lead_sizes=(1, 6)), st.sampled_from(["power", "linear"]))
def test_kitty_multipliers_are_unchanged(case, kitty):
    _hand, lead, trump = case
    assert kitty_multiplier(lead, trump, RuleSet(kitty=kitty)) == old_scoring.kitty_multiplier(
        old(lead), old_trump_of(trump), old_rules.RuleSet(kitty=kitty)
    )


@pytest.mark.parametrize("rule", ["standard", "escalating"])
def test_settlements_are_unchanged(rule):
    for points in range(-30, 420):
        new = settle(points, RuleSet(settlement=rule))
        was = old_scoring.settle(points, old_rules.RuleSet(settlement=rule))
        assert vars(new) == vars(was), points


def test_rulesets_of_today_read_and_write_as_before():
    for data in (
        {},
        {"kitty": "linear"},
        {"settlement": "escalating", "throw_penalty": 10, "bidding": "after_deal"},
    ):
        new, was = RuleSet.from_dict(data), old_rules.RuleSet.from_dict(data)
        assert new.to_dict() == was.to_dict()
        assert RuleSet.from_dict(was.to_dict()) == new


# --- declaring ------------------------------------------------------------------------------


@given(st.lists(st.sampled_from(ALL_54), max_size=25), st.integers(2, 14), st.data())
def test_declarations_are_unchanged(drawn, level, data):
    received = [c for i, c in enumerate(drawn) if drawn[:i].count(c) < 2]  # two decks
    shown = data.draw(st.lists(st.sampled_from(received or ALL_54), min_size=0, max_size=3))
    try:
        expected = old_declaring.declaration_strength(old(shown), level)
    except ValueError as error:
        with pytest.raises(ValueError) as info:
            declaring.declaration_strength(shown, level)
        assert str(info.value) == str(error)
    else:
        assert declaring.declaration_strength(shown, level) == expected
    standing = None
    if data.draw(st.booleans()):
        options = old_declaring.possible_declarations(old(received), level, None)
        if options:
            cards = data.draw(st.sampled_from(options))
            strength, suit = old_declaring.declaration_strength(cards, level)
            standing = (data.draw(st.integers(0, 3)), cards, strength, suit)
    new_standing = (
        declaring.Declaration(
            standing[0], tuple(parse_cards(texts(standing[1]))), standing[2], standing[3], 9
        )
        if standing
        else None
    )
    was_standing = (
        old_declaring.Declaration(standing[0], tuple(standing[1]), standing[2], standing[3], 9)
        if standing
        else None
    )
    new_options = declaring.possible_declarations(received, level, new_standing)
    was_options = old_declaring.possible_declarations(old(received), level, was_standing)
    assert [texts(o) for o in new_options] == [texts(o) for o in was_options]
