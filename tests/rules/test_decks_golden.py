"""With two decks and every option at its default, nothing changes (issue 13).

The answers of the rules core as it was before RULES §11 are recorded in ``tests/golden``
(see ``tests/golden/make_golden.py``); on those two-deck situations the package must give
them: the same verdicts (a refusal for the same rule, naming the same cards), the same
legal plays in the same order, the same throws, winners, units, multipliers and
settlements, the same random plays from the same generator, the same deck and card order.
Reasons are compared by :func:`golden_data.gist`, not word for word, so their wording can
improve.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from golden_data import cards, gist, load, texts, trump

from shengji_edu import (
    RuleSet,
    Trump,
    check_follow,
    check_throw,
    declaring,
    decompose,
    kitty_multiplier,
    legal_follows,
    new_deck,
    random_follow,
    settle,
    trick_winner,
)
from shengji_edu.cards import ALL_CARDS
from shengji_edu.follow import iter_legal_follows
from shengji_edu.tricks import play_key
from shengji_edu.units import lead_format


def as_json(value):
    """A value as the golden data holds it (tuples become lists)."""
    return json.loads(json.dumps(value))


def units_data(units) -> list:
    return [[u.kind, texts(u.cards), u.suit, u.high, u.low, u.pairs] for u in units]


# --- cards and the order of cards -------------------------------------------------------


def test_the_deck_and_its_order_are_unchanged():
    golden = load("cards")
    assert texts(new_deck()) == texts(new_deck(2)) == golden["deck"]
    shuffled = new_deck()
    random.Random(2024).shuffle(shuffled)
    assert texts(shuffled) == golden["shuffled_2024"]


def test_every_card_has_the_same_place_under_every_trump():
    places = load("cards")["places"]
    assert len(places) == 13 * 5
    for place in places:
        level, suit = place["trump"]
        new = Trump(level, suit)
        assert (repr(new), str(new), hash(new)) == (
            place["repr"],
            place["str"],
            hash((level, suit)),
        )
        assert new == Trump(level, suit)
        assert "".join(new.suit_of(c) for c in ALL_CARDS) == place["suit_of"], new
        assert [new.step(c) for c in ALL_CARDS] == place["step"], new
        assert [new.strength(c) for c in ALL_CARDS] == place["strength"], new
        assert [new.sort_key(c) for c in ALL_CARDS] == place["sort_key"], new


# --- units ----------------------------------------------------------------------------------


def test_decompose_is_unchanged():
    golden = load("units")["decompositions"]
    assert len(golden) > 400
    for case in golden:
        units = decompose(cards(case["cards"]), trump(case["trump"]))
        assert units_data(units) == case["units"], case


def test_lead_formats_and_kitty_multipliers_are_unchanged():
    golden = load("units")["lead_formats"]
    assert len(golden) > 600
    for case in golden:
        lead, trumps = cards(case["lead"]), trump(case["trump"])
        new = lead_format(lead, trumps)
        assert [list(new.tractors), new.pairs, new.singles] == [
            case["tractors"],
            case["pairs"],
            case["singles"],
        ], case
        assert (new.size, new.total_pairs, new.largest_unit_size, new.is_throw) == (
            case["size"],
            case["total_pairs"],
            case["largest_unit_size"],
            case["is_throw"],
        ), case
        assert new.describe() == case["describe"], case
        for kitty, multiplier in case["kitty"].items():
            assert kitty_multiplier(lead, trumps, RuleSet(kitty=kitty)) == multiplier, case


# --- following ------------------------------------------------------------------------------


ONE_BUT_PLURAL = re.compile(r"\b1 (?:\S+ )?(?:cards|pairs)\b")
"""Counting one in the plural, as the old code did ("you hold 1 ♥ cards"): no longer."""


def check_following_is_unchanged(case):
    hand, lead, trumps = cards(case["hand"]), cards(case["lead"]), trump(case["trump"])
    for play, reason in case["verdicts"]:
        new = check_follow(hand, lead, cards(play), trumps)
        assert (new.ok, gist(new.reason)) == (not reason, gist(reason)), (play, case)
        assert not ONE_BUT_PLURAL.search(new.reason), new.reason  # the old "1 ♥ cards"
    listed = [texts(p) for p in legal_follows(hand, lead, trumps)]
    assert listed == case["legal"], case
    assert [texts(p) for p in iter_legal_follows(hand, lead, trumps)] == listed
    for seed, expected in enumerate(case["random"]):
        if expected is None:  # no legal play: random_follow refuses
            with pytest.raises(ValueError):
                random_follow(hand, lead, trumps, random.Random(seed))
        else:
            assert texts(random_follow(hand, lead, trumps, random.Random(seed))) == expected


@pytest.mark.parametrize(
    "cases", ["follow_cases", "tractor_follow_cases", "void_hand_facing_a_throw"]
)
def test_following_is_unchanged(cases):
    golden = load("follow")[cases]
    assert len(golden) > {"follow_cases": 800, "tractor_follow_cases": 400}.get(cases, 0)
    for case in golden:
        check_following_is_unchanged(case)


def test_the_golden_follows_hold_every_kind_of_verdict():
    """The data is worth comparing with: every rule refuses some play, many are legal."""
    seen = [
        gist(reason)[0]
        for cases in load("follow").values()
        for case in cases
        for _play, reason in case["verdicts"]
    ]
    kinds = {kind: seen.count(kind) for kind in set(seen)}
    assert set(kinds) == {"", "follow suit", "short of the suit", "pair", "pairs", "tractor"}
    assert min(kinds.values()) >= 50 and kinds[""] > 2000, kinds
    # "size" and "in hand" never come up: every play is drawn from the hand with the lead's
    # number of cards (test_follow.py checks those rules)


# --- throws and tricks ----------------------------------------------------------------------


def test_throws_are_unchanged():
    golden = load("tricks")["throws"]
    assert len(golden) > 800 and sum(not case["ok"] for case in golden) > 200
    for case in golden:
        others = [cards(hand) for hand in case["others"]]
        new = check_throw(cards(case["lead"]), others, trump(case["trump"]))
        assert (new.ok, texts(new.forced), texts(new.beaten_by), new.holder) == (
            case["ok"],
            case["forced"],
            case["beaten_by"],
            case["holder"],
        ), case
        assert gist(new.reason) == gist(case["reason"]), case
        if not new.ok:
            assert units_data([new.beaten]) == case["beaten"], case


def test_trick_winners_are_unchanged():
    golden = load("tricks")["tricks"]
    assert len(golden) > 700
    for case in golden:
        plays, trumps = [cards(p) for p in case["plays"]], trump(case["trump"])
        assert trick_winner(plays, trumps) == case["winner"], case
        fmt = lead_format(plays[0], trumps)
        assert [as_json(play_key(play, fmt, trumps)) for play in plays] == case["keys"], case


# --- the kitty and settlement -------------------------------------------------------------


@pytest.mark.parametrize("rule", ["standard", "escalating"])
def test_settlements_are_unchanged(rule):
    golden = load("scoring")
    first = golden["settlements_from"]
    for points, was in enumerate(golden["settlements"][rule], start=first):
        assert vars(settle(points, RuleSet(settlement=rule))) == was, points


def test_rulesets_of_today_read_and_write_as_before():
    for data, was in load("scoring")["rulesets"]:
        new = RuleSet.from_dict(data)
        assert new.to_dict() == was
        assert RuleSet.from_dict(was) == new


# --- declaring ------------------------------------------------------------------------------


def test_declarations_are_unchanged():
    golden = load("declaring")["declarations"]
    assert len(golden) > 900
    for case in golden:
        received, level, shown = cards(case["received"]), case["level"], cards(case["shown"])
        if case["error"] is not None:
            with pytest.raises(ValueError) as info:
                declaring.declaration_strength(shown, level)
            assert gist(str(info.value)) == gist(case["error"]), case
        else:
            assert list(declaring.declaration_strength(shown, level)) == case["strength"], case
        standing = case["standing"]
        if standing is not None:
            seat, standing_cards, strength, suit = standing
            standing = declaring.Declaration(seat, tuple(cards(standing_cards)), strength, suit, 9)
        options = declaring.possible_declarations(received, level, standing)
        assert [texts(o) for o in options] == case["options"], case


def test_every_card_shown_once_or_twice_declares_as_before():
    golden = load("declaring")["strengths"]
    assert len(golden) == 13 * 54 * 2
    for case in golden:
        shown, level = cards(case["shown"]), case["level"]
        if "error" in case:
            with pytest.raises(ValueError) as info:
                declaring.declaration_strength(shown, level)
            assert gist(str(info.value)) == gist(case["error"]), case
        else:
            assert list(declaring.declaration_strength(shown, level)) == case["strength"], case


def test_the_declarations_possible_over_every_standing_one_are_unchanged():
    golden = load("declaring")["over_standing"]
    assert {case["standing"][2] for case in golden if case["standing"]} == {1, 2, 3, 4}
    for case in golden:
        standing = case["standing"]
        if standing is not None:
            seat, standing_cards, strength, suit = standing
            standing = declaring.Declaration(seat, tuple(cards(standing_cards)), strength, suit, 9)
        options = declaring.possible_declarations(cards(case["received"]), case["level"], standing)
        assert [texts(o) for o in options] == case["options"], case
