"""RULES.md §11: one, two or three decks, twos always trump, kitty variants, the declaration
ladder with triples. Every example and non-example of §11 is here; the brute-force property
tests (one to three decks) are in test_properties.py, and "two decks change nothing" in
test_decks_golden.py.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from itertools import islice

import pytest

import shengji_edu
from shengji_edu import (
    Card,
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
    trick_points,
    trick_winner,
)
from shengji_edu import declaring as dec
from shengji_edu.follow import iter_legal_follows
from shengji_edu.units import Shape, is_titanic, is_tractor, is_triple, lead_format

P = parse_cards
L10S = Trump(level=10, suit="S")
L5S = Trump(level=5, suit="S")


def kinds(text, trump=L10S):
    return [(u.kind, format_cards(u.cards)) for u in decompose(P(text), trump)]


# --- §11.1 the deck, the deal, the points ------------------------------------------------


@pytest.mark.parametrize(
    "decks, cards, hand, kitty, points, step",
    [(1, 54, 12, 6, 100, 20), (2, 108, 25, 8, 200, 40), (3, 162, 39, 6, 300, 60)],
)
def test_the_table_of_section_11_1(decks, cards, hand, kitty, points, step):
    rules = RuleSet(decks=decks)
    assert (rules.deck_size, rules.hand_size, rules.kitty_size) == (cards, hand, kitty)
    assert (rules.total_points, rules.settlement_step, rules.take_deal_points) == (
        points,
        step,
        2 * step,
    )
    assert rules.dealt_cards + rules.kitty_size == cards
    deck = new_deck(decks)
    assert len(deck) == cards == len(rules.deck())
    assert set(Counter(deck).values()) == {decks} and len(set(deck)) == 54
    assert trick_points(deck) == points
    assert rules.declaration_sizes == tuple(range(1, decks + 1))


def test_the_default_deck_is_the_two_deck_108_in_canonical_order():
    assert new_deck() == new_deck(2)
    assert new_deck()[:4] == P("S2 S2 S3 S3")
    assert new_deck(3)[:4] == P("S2 S2 S2 S3")
    assert shengji_edu.new_deck is new_deck


@pytest.mark.parametrize("bad", [0, 4, -1, True, 2.0, "3", None])
def test_new_deck_refuses_other_deck_counts(bad):
    with pytest.raises(ValueError, match="1, 2 or 3"):
        new_deck(bad)


# --- RuleSet -------------------------------------------------------------------------------


def test_ruleset_new_options_and_their_defaults():
    rules = RuleSet()
    assert (rules.decks, rules.twos_are_trump, rules.overcall_after_bury, rules.kitty_max) == (
        2,
        False,
        False,
        None,
    )
    every = RuleSet(
        decks=3, twos_are_trump=True, overcall_after_bury=True, kitty="plain", kitty_max=64
    )
    assert (every.decks, every.twos_are_trump, every.overcall_after_bury) == (3, True, True)
    assert (every.kitty, every.kitty_max) == ("plain", 64)
    assert (every.hand_size, every.kitty_size) == (39, 6)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"decks": 4}, ["1, 2 or 3"]),
        ({"decks": 0}, ["1, 2 or 3"]),
        ({"decks": True}, ["1, 2 or 3", "True"]),
        ({"decks": "3"}, ["1, 2 or 3"]),
        ({"kitty": "cubic"}, ["power", "linear", "plain"]),
        ({"kitty_max": 0}, ["kitty_max", "None"]),
        ({"kitty_max": -64}, ["kitty_max"]),
        ({"kitty_max": True}, ["kitty_max"]),
        ({"kitty_max": 6.5}, ["kitty_max"]),
        ({"twos_are_trump": 1}, ["True or False"]),
        ({"twos_are_trump": "yes"}, ["True or False"]),
        ({"overcall_after_bury": None}, ["True or False"]),
        ({"throw_penalty": True}, ["throw_penalty"]),
    ],
)
def test_ruleset_refuses_bad_values_naming_the_accepted_ones(options, words):
    with pytest.raises(ValueError) as info:
        RuleSet(**options)
    for word in words:
        assert word in str(info.value)


def test_ruleset_parse_converts_each_field_to_its_type():
    rules = RuleSet.parse("decks=3,twos_are_trump=true,kitty_max=64")
    assert rules == RuleSet(decks=3, twos_are_trump=True, kitty_max=64)
    assert RuleSet.parse(" decks = 1 , overcall_after_bury = yes , kitty = plain ") == RuleSet(
        decks=1, overcall_after_bury=True, kitty="plain"
    )
    assert RuleSet.parse("twos_are_trump=False,kitty_max=none") == RuleSet()
    assert RuleSet.parse("throw_penalty=10") == RuleSet(throw_penalty=10)
    assert RuleSet.parse("") == RuleSet()


@pytest.mark.parametrize(
    "text, words",
    [
        ("decks=three", ["decks", "whole number", "three"]),
        ("decks=4", ["1, 2 or 3"]),
        ("twos_are_trump=maybe", ["twos_are_trump", "true or false", "maybe"]),
        ("kitty_max=lots", ["kitty_max", "whole number"]),
        ("kitty_max=0", ["kitty_max"]),
        ("jokers=3", ["jokers", "decks", "twos_are_trump"]),
        ("decks", ["name=value"]),
        ("decks=2,decks=3", ["decks", "twice"]),
        ("throw_penalty=-5", ["throw_penalty"]),
    ],
)
def test_ruleset_parse_errors_say_what_to_write(text, words):
    with pytest.raises(ValueError) as info:
        RuleSet.parse(text)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_ruleset_records_round_trip_and_old_records_keep_todays_defaults():
    todays = {
        "kitty": "power",
        "settlement": "standard",
        "throw_penalty": 0,
        "bidding": "during_deal",
    }
    assert RuleSet().to_dict() == todays  # a default record is written exactly as before
    assert RuleSet.from_dict(todays) == RuleSet()
    assert RuleSet.from_dict({"kitty": "linear"}) == RuleSet(kitty="linear")
    for rules in (
        RuleSet(),
        RuleSet(decks=1),
        RuleSet(decks=3, twos_are_trump=True, overcall_after_bury=True, kitty_max=64),
        RuleSet(kitty="plain", kitty_max=1, settlement="escalating"),
    ):
        data = rules.to_dict()
        assert RuleSet.from_dict(data) == rules
        assert RuleSet.from_dict(pickle.loads(pickle.dumps(data))) == rules
    assert RuleSet(decks=3).to_dict()["decks"] == 3
    with pytest.raises(ValueError, match="unknown rule"):
        RuleSet.from_dict({"decks": 3, "jokers": 6})


def test_ruleset_builds_the_trump_of_its_table():
    assert RuleSet().trump(10, "S") == Trump(10, "S")
    twos = RuleSet(twos_are_trump=True).trump("A", "H")
    assert twos == Trump(14, "H", twos_are_trump=True) and twos.twos_are_trump


# --- §11.2 twos are always trump --------------------------------------------------------

L10S2 = Trump(level=10, suit="S", twos_are_trump=True)


def test_twos_trump_order_at_level_10_spades():
    s = L10S2.strength
    chain = P("BJ LJ S10 H10 S2 H2 SA SK SQ SJ S9 S8 S7 S6 S5 S4 S3")
    for high, low in zip(chain, chain[1:], strict=False):
        assert s(high) > s(low), (high, low)
    assert s(Card.parse("H10")) == s(Card.parse("D10")) == s(Card.parse("C10"))
    assert s(Card.parse("H2")) == s(Card.parse("D2")) == s(Card.parse("C2"))
    assert all(L10S2.is_trump(c) for c in P("H2 D2 C2 S2 H10"))
    sorted_trumps = L10S2.sort(P("S3 H2 SA C10 S2 BJ D2 S10 LJ"))
    assert format_cards(sorted_trumps) == "BJ LJ S10 C10 S2 H2 D2 SA S3"


def test_twos_trump_side_suits_lose_both_the_10_and_the_2():
    hearts = P("HA HK HQ HJ H9 H8 H7 H6 H5 H4 H3")
    assert [L10S2.suit_of(c) for c in hearts] == ["H"] * 11
    assert [L10S2.step(c) for c in hearts] == list(range(10, -1, -1))
    assert L10S2.suit_of(Card.parse("H2")) == "T"


def test_twos_trump_steps_at_level_10_and_level_a():
    ladder = [[str(c) for c in step] for step in L10S2.ladders()["T"]]
    assert ladder[:11] == [
        [r] for r in ["S3", "S4", "S5", "S6", "S7", "S8", "S9", "SJ", "SQ", "SK", "SA"]
    ]
    assert ladder[11:] == [
        ["H2", "D2", "C2"],
        ["S2"],
        ["H10", "D10", "C10"],
        ["S10"],
        ["LJ"],
        ["BJ"],
    ]
    at_a = Trump(level="A", suit="S", twos_are_trump=True)
    ladder = [[str(c) for c in step] for step in at_a.ladders()["T"]]
    assert ladder == [
        *[[r] for r in ["S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK"]],
        ["H2", "D2", "C2"],
        ["S2"],
        ["HA", "DA", "CA"],
        ["SA"],
        ["LJ"],
        ["BJ"],
    ]
    assert [str(c) for c in at_a.sort(P("HK HQ H3"))] == ["HK", "HQ", "H3"]
    assert at_a.step(Card.parse("HK")) - at_a.step(Card.parse("H3")) == 10


def test_twos_trump_without_a_trump_suit():
    nt = Trump(level=10, suit=None, twos_are_trump=True)
    s = nt.strength
    assert s(Card.parse("BJ")) > s(Card.parse("LJ")) > s(Card.parse("S10")) > s(Card.parse("C2"))
    assert len({s(c) for c in P("S10 H10 D10 C10")}) == 1
    assert len({s(c) for c in P("S2 H2 D2 C2")}) == 1
    assert [[str(c) for c in step] for step in nt.ladders()["T"]] == [
        ["S2", "H2", "D2", "C2"],
        ["S10", "H10", "D10", "C10"],
        ["LJ"],
        ["BJ"],
    ]
    assert not nt.is_trump(Card.parse("SA"))


def test_twos_trump_tractors_wrap_through_the_trumps_but_not_the_side_suits():
    assert is_tractor(P("SA SA H2 H2"), L10S2)  # no wrap-around is about side suits
    assert is_tractor(P("H2 H2 S2 S2"), L10S2)
    assert is_tractor(P("S2 S2 H10 H10"), L10S2)
    assert not is_tractor(P("H2 H2 C2 C2"), L10S2)  # one shared step
    assert is_tractor(P("H3 H3 HA HA"), L10S2) is False
    assert is_tractor(P("H9 H9 HJ HJ"), L10S2)
    assert not is_tractor(P("SA SA H2 H2"), L10S)  # without the option H2 is a heart


def test_at_level_two_the_option_changes_nothing_but_the_flag():
    plain, twos = Trump(2, "H"), Trump(2, "H", twos_are_trump=True)
    for card in set(new_deck()):
        assert (plain.suit_of(card), plain.step(card)) == (twos.suit_of(card), twos.step(card))
    assert plain != twos and twos.twos_are_trump


def test_trump_value_semantics_include_the_flag():
    assert L10S2 == Trump(10, "S", twos_are_trump=True) != L10S
    assert hash(L10S2) == hash(Trump("10", "♠", twos_are_trump=True))
    assert len({L10S, L10S2, Trump(10, "S")}) == 2
    assert repr(L10S2) == "Trump(level=10, suit='S', twos_are_trump=True)"
    assert repr(L10S) == "Trump(level=10, suit='S')"
    assert "2s are trumps" in str(L10S2) and "2s" not in str(L10S)
    assert pickle.loads(pickle.dumps(L10S2)) == L10S2
    assert pickle.loads(pickle.dumps(L10S2)).twos_are_trump
    with pytest.raises(ValueError, match="True or False"):
        Trump(10, "S", twos_are_trump="yes")
    with pytest.raises(AttributeError):
        L10S2.twos_are_trump = False


# --- §11.1 units: triples and titanics ----------------------------------------------------

TITANICS = [
    "H3 H3 H3 H4 H4 H4",
    "H4 H4 H4 H6 H6 H6",  # 5 is removed
    "H5 H5 H5 S5 S5 S5",  # off-suit level triple, then the trump-suit level triple
    "LJ LJ LJ BJ BJ BJ",
    "SA SA SA H5 H5 H5",
    "S5 S5 S5 LJ LJ LJ",
]


@pytest.mark.parametrize("text", TITANICS)
def test_rules_titanic_examples(text):
    cards = P(text)
    assert is_titanic(cards, L5S)
    (unit,) = decompose(cards, L5S)
    assert (unit.kind, unit.width, unit.steps, unit.pairs, unit.size) == ("titanic", 3, 2, 2, 6)
    assert unit.shape == Shape(3, 2)
    assert isinstance(unit.cards, list) and Counter(unit.cards) == Counter(cards)
    assert L5S.step(unit.cards[0]) == unit.high > unit.low == L5S.step(unit.cards[-1])


def test_rules_not_titanic_examples():
    assert not is_titanic(P("H5 H5 H5 H6 H6 H6"), L5S)  # H5 is a trump there
    assert sorted(u.kind for u in decompose(P("H5 H5 H5 H6 H6 H6"), L5S)) == ["triple", "triple"]
    no_trump = Trump(level=5, suit=None)
    assert not is_titanic(P("H5 H5 H5 C5 C5 C5"), no_trump)  # one shared step
    assert [u.kind for u in decompose(P("H5 H5 H5 C5 C5 C5"), no_trump)] == ["triple", "triple"]
    assert not is_titanic(P("H3 H3 H3 H4 H4"), L5S)
    assert not is_titanic(P("HA HA HA H2 H2 H2"), L5S)  # no wrap-around
    assert not is_tractor(P("H3 H3 H3 H4 H4 H4"), L5S)


def test_the_five_kinds_of_units():
    cases = {
        "H9": ("single", 1, 1, 0),
        "H9 H9": ("pair", 2, 1, 1),
        "H9 H9 H9": ("triple", 3, 1, 1),
        "HJ HJ H9 H9": ("tractor", 2, 2, 2),
        "HJ HJ HJ H9 H9 H9": ("titanic", 3, 2, 2),
        "HQ HQ HQ HJ HJ HJ H9 H9 H9": ("titanic", 3, 3, 3),
    }
    for text, (kind, width, steps, pairs) in cases.items():
        (unit,) = decompose(P(text), L10S)
        assert (unit.kind, unit.width, unit.steps, unit.pairs) == (kind, width, steps, pairs)
        assert unit.shape.kind == kind and unit.shape.size == len(unit.cards) == width * steps
    assert is_triple(P("H9 H9 H9")) and not is_triple(P("H9 H9 C9"))
    assert [Shape(w, k).describe() for w, k in ((1, 1), (3, 1), (2, 3), (3, 2))] == [
        "a single",
        "a triple",
        "a tractor of 3 pairs",
        "a titanic of 2 triples",
    ]


def test_decomposition_examples_of_section_11_1():
    # a tractor may take two of three identical cards, the third stays a single
    assert kinds("H7 H7 H8 H8 H8 H9 H9") == [("tractor", "H9 H9 H8 H8 H7 H7"), ("single", "H8")]
    # equally ranked cards: keep a larger group whole, then the suit order
    assert kinds("SA SA H10 H10 H10 C10 C10 S10 S10") == [
        ("tractor", "S10 S10 C10 C10 SA SA"),
        ("triple", "H10 H10 H10"),
    ]
    assert kinds("SA SA H10 H10 C10 C10 S10 S10") == [
        ("tractor", "S10 S10 H10 H10 SA SA"),  # suit order: hearts before clubs
        ("pair", "C10 C10"),
    ]


def test_decomposition_largest_first_titanic_before_tractor():
    # titanic (6 cards) and tractor of 3 pairs (6 cards): the titanic first
    assert kinds("H3 H3 H3 H4 H4 H4 H7 H7 H8 H8 H9 H9") == [
        ("titanic", "H4 H4 H4 H3 H3 H3"),
        ("tractor", "H9 H9 H8 H8 H7 H7"),
    ]
    # a tractor of 4 pairs (8 cards) is larger than a titanic of 2 triples (6)
    assert kinds("H3 H3 H3 H4 H4 H4 H5 H5 H6 H6") == [
        ("tractor", "H6 H6 H5 H5 H4 H4 H3 H3"),
        ("single", "H4"),
        ("single", "H3"),
    ]
    # then triples, pairs and singles, highest first
    assert kinds("H2 HQ HQ HQ H7 H7 H5 H5 H5 HA") == [
        ("triple", "HQ HQ HQ"),
        ("triple", "H5 H5 H5"),
        ("pair", "H7 H7"),
        ("single", "HA"),
        ("single", "H2"),
    ]
    # of two titanics as long, the higher first
    assert [k for k, _ in kinds("H3 H3 H3 H4 H4 H4 HJ HJ HJ HQ HQ HQ")] == ["titanic", "titanic"]
    assert kinds("H3 H3 H3 H4 H4 H4 HJ HJ HJ HQ HQ HQ")[0][1] == "HQ HQ HQ HJ HJ HJ"


def test_lead_format_by_width():
    fmt = lead_format(P("H3 H3 H3 H4 H4 H4 H7 H7 H8 H8 H9 H9 HK HK HK H2 H2 HA"), L10S)
    assert fmt.shapes == (Shape(3, 2), Shape(2, 3), Shape(3, 1), Shape(2, 1), Shape(1, 1))
    assert (fmt.titanics, fmt.tractors, fmt.triples, fmt.pairs, fmt.singles) == (
        (2,),
        (3,),
        1,
        1,
        1,
    )
    assert (fmt.size, fmt.total_pairs, fmt.largest, fmt.largest_unit_size) == (
        18,
        7,
        Shape(3, 2),
        6,
    )
    assert fmt.is_throw
    assert fmt.describe() == (
        "a titanic of 2 triples, a tractor of 3 pairs, a triple, a pair and a single of ♥"
    )
    assert lead_format(P("H9 H9 H9"), L10S).describe() == "a triple of ♥"


# --- §11.1 following: the seed's ladders, rung by rung -----------------------------------


def shapes_of(plays, trump=L10S):
    return {tuple(sorted(u.kind for u in decompose(p, trump))) for p in plays}


TRIPLE_LEAD = "H7 H7 H7"


@pytest.mark.parametrize(
    "hand, rung",
    [
        ("H9 H9 H9 HQ HQ H2", {("triple",)}),  # a triple
        ("HQ HQ H2 H5 H6 C3", {("pair", "single")}),  # else a pair and a single
        ("H2 H5 H6 H8 C3", {("single", "single", "single")}),  # else three singles
    ],
)
def test_ladder_of_a_triple_lead(hand, rung):
    plays = legal_follows(P(hand), P(TRIPLE_LEAD), L10S)
    assert plays and shapes_of(plays) == rung


TITANIC_LEAD = "H3 H3 H3 H4 H4 H4"


@pytest.mark.parametrize(
    "hand, rung",
    [
        # a titanic
        ("H8 H8 H8 H9 H9 H9 H2 H2 HA C3", {("titanic",)}),
        # else a tractor and any two cards (a tractor outranks two triples)
        (
            "HQ HQ HK HK H6 H6 H6 H8 H8 H8 H2",
            {("single", "single", "tractor"), ("pair", "tractor")},
        ),
        # else two triples
        ("H6 H6 H6 H8 H8 H8 HQ HQ H2", {("triple", "triple")}),
        # else a triple, a pair and a single
        ("H6 H6 H6 HQ HQ H2 HA H9", {("pair", "single", "triple")}),
        # else a triple and three singles
        ("H6 H6 H6 H2 H8 HJ HA", {("single", "single", "single", "triple")}),
        # else two pairs and two singles
        ("H6 H6 HQ HQ H2 H8 HA", {("pair", "pair", "single", "single")}),
        # else a pair and four singles
        ("H6 H6 H2 H8 HJ HA HK", {("pair", "single", "single", "single", "single")}),
        # else six singles
        ("H6 H2 H8 HJ HA HK C2", {("single",) * 6}),
    ],
)
def test_ladder_of_a_two_triple_titanic_lead(hand, rung):
    plays = legal_follows(P(hand), P(TITANIC_LEAD), L10S)
    assert plays and shapes_of(plays) == rung


def test_a_tractor_outranks_two_triples():
    hand = P("HQ HQ HK HK H6 H6 H6 H8 H8 H8 H2")
    verdict = check_follow(hand, P(TITANIC_LEAD), P("H6 H6 H6 H8 H8 H8"), L10S)
    assert not verdict
    assert "titanic" in verdict.reason and "tractor of 2 pairs" in verdict.reason
    assert "♥K ♥K ♥Q ♥Q" in verdict.reason
    assert check_follow(hand, P(TITANIC_LEAD), P("HQ HQ HK HK H6 H2"), L10S)
    assert check_follow(hand, P(TITANIC_LEAD), P("HQ HQ HK HK H8 H8"), L10S)


@pytest.mark.parametrize(
    "hand, lead, play, words",
    [
        # a titanic is owed
        ("H8 H8 H8 H9 H9 H9 H2 H2 HA", TITANIC_LEAD, "H8 H8 H9 H9 H2 H2", ["titanic", "♥9 ♥9 ♥9"]),
        # two triples are owed
        ("H6 H6 H6 H8 H8 H8 HQ HQ H2", TITANIC_LEAD, "H6 H6 H6 HQ HQ H2", ["2 triples", "1"]),
        # a triple is owed
        ("H6 H6 H6 HQ HQ H2 HA H9", TRIPLE_LEAD, "HQ HQ H2", ["triple", "♥6 ♥6 ♥6"]),
        ("H6 H6 H6 HQ HQ H2 HA H9", TRIPLE_LEAD, "HA H9 H2", ["triple"]),
        # a pair is owed for a triple lead when no triple is held
        ("HQ HQ H2 HA H9", TRIPLE_LEAD, "HA H9 H2", ["triple", "no triple", "♥Q ♥Q", "pair"]),
        # pairs are owed (a triple counts as one pair)
        ("H6 H6 H6 HQ HQ H2 HA", TITANIC_LEAD, "H6 H6 H6 H2 HA HQ", ["2 pairs", "a triple"]),
        # the suit is owed
        ("H6 H6 H6 HQ HQ H2 C3", TRIPLE_LEAD, "H6 H6 C3", ["♥", "only"]),
    ],
)
def test_rejected_follows_say_what_was_led_and_held(hand, lead, play, words):
    verdict = check_follow(P(hand), P(lead), P(play), L10S)
    assert not verdict and verdict.reason
    for word in words:
        assert word in verdict.reason, verdict.reason


def test_a_titanic_answered_by_a_titanic_is_met_in_full():
    # lead: titanic + two singles; the hand's titanic answers it, the rest may be any cards
    lead = P("H3 H3 H3 H4 H4 H4 HK HQ")
    hand = P("H8 H8 H8 H9 H9 H9 H6 H6 H6 HA HJ")
    assert check_follow(hand, lead, P("H8 H8 H8 H9 H9 H9 HA HJ"), L10S)
    assert not check_follow(hand, lead, P("H6 H6 H6 H8 H8 H8 HA HJ"), L10S)


def test_hand_copies_are_counted():
    verdict = check_follow(P("H6 H6 HA"), P("H7 H7 H7"), P("H6 H6 H6"), L10S)
    assert not verdict and "hold only two ♥6" in verdict.reason


def test_iter_legal_follows_is_lazy_for_huge_lists():
    # a void 39-card hand (three decks) facing an 8-card throw: far too many plays to list
    rng = random.Random(5)
    deck = [c for c in new_deck(3) if L10S.suit_of(c) != "H"]
    hand = rng.sample(deck, 39)
    throw = P("HA HK HQ HJ H9 H8 H7 H6")
    first = list(islice(iter_legal_follows(hand, throw, L10S), 500))
    assert len(first) == 500 and len({tuple(sorted(p)) for p in first}) == 500
    assert all(check_follow(hand, throw, p, L10S) for p in first[::50])
    for _ in range(20):
        assert check_follow(hand, throw, random_follow(hand, throw, L10S, rng), L10S)


def test_random_follow_meets_the_obligations_with_three_decks():
    rng = random.Random(3)
    hand = P("HQ HQ HK HK H6 H6 H6 H8 H8 H8 H2 H2 H2 HA C3 C3")
    for lead in (TITANIC_LEAD, TRIPLE_LEAD, "H3 H3 H3 H4 H4 H4 H5 H5 H5", "H5 H5 H4 H4 H3"):
        for _ in range(30):
            play = random_follow(hand, P(lead), L10S, rng)
            assert check_follow(hand, P(lead), play, L10S), (lead, format_cards(play))


# --- §11.1 throws --------------------------------------------------------------------------


def throw(lead, *others, trump=L10S):
    return check_throw(P(lead), [P(h) for h in others], trump)


def test_a_higher_triple_beats_a_triple_and_nothing_smaller_does():
    assert not throw("H9 H9 H9 HA", "HJ HJ HJ")
    assert format_cards(throw("H9 H9 H9 HA", "HJ HJ HJ").forced) == "H9 H9 H9"
    assert throw("H9 H9 H9 HA", "HJ HJ HQ HQ")  # pairs do not beat a triple
    assert throw("H9 H9 H9 HA", "H8 H8 H8")  # a lower triple does not
    assert not throw("H9 H9 H9 HA", "HJ HJ HJ HQ HQ HQ")  # a titanic holds triples


def test_a_higher_titanic_of_the_same_length_beats_a_titanic():
    lead = "H4 H4 H4 H5 H5 H5 HA"
    assert format_cards(throw(lead, "H7 H7 H7 H8 H8 H8").forced) == "H5 H5 H5 H4 H4 H4"
    assert throw(lead, "H7 H7 H8 H8 H9 H9")  # a tractor is not a titanic
    assert throw(lead, "H7 H7 H7 H9 H9 H9 HJ")  # triples apart are no titanic
    assert not throw(lead, "H6 H6 H6 H7 H7 H7 H8 H8 H8")  # a part of a longer titanic
    assert throw("H4 H4 H4 H5 H5 H5 H6 H6 H6 HA", "HQ HQ HQ HK HK HK")  # too short


def test_a_holding_counts_every_unit_inside_it():
    assert format_cards(throw("H8 H8 HA", "HJ HJ HJ").forced) == "H8 H8"  # a pair of a triple
    assert format_cards(throw("H4 H4 H5 H5 HA", "HJ HJ HJ HQ HQ HQ").forced) == "H5 H5 H4 H4"


def test_forced_unit_ties_go_to_the_smaller_kind():
    # a triple and a tractor both start on the off-suit level step: the triple is led
    result = throw("H10 H10 H10 D10 D10 S10 S10", "LJ LJ LJ BJ BJ BJ")
    assert not result and format_cards(result.forced) == "H10 H10 H10"
    assert result.beaten.kind == "triple" and "triple" in result.reason
    # a triple and a single on one step: the single
    assert format_cards(throw("H10 H10 H10 C10", "S10 S10 S10").forced) == "C10"
    # a triple and a pair on one step: the pair
    assert format_cards(throw("H10 H10 H10 D10 D10", "S10 S10 S10").forced) == "D10 D10"


def test_forced_titanic_ranks_by_its_lowest_triple():
    # titanic S3-S4 (lowest S3) and single SK, both beaten: the titanic is lower
    result = throw("S3 S3 S3 S4 S4 S4 SK", "SJ SJ SJ SQ SQ SQ SA")
    assert format_cards(result.forced) == "S4 S4 S4 S3 S3 S3"
    assert "titanic of 2 triples" in result.reason


# --- §11.1 who wins ------------------------------------------------------------------------


def winner(*plays, trump=L10S):
    return trick_winner([P(p) for p in plays], trump)


def test_a_triple_lead_is_won_by_a_higher_triple_or_a_trump_triple():
    assert winner("H7 H7 H7", "H9 H9 H9", "HA HA HK", "S3 S3 S3") == 3
    assert winner("H7 H7 H7", "H9 H9 H9", "HA HA HK", "S3 S3 S4") == 1
    assert winner("H7 H7 H7", "H5 H5 H5", "HA HA HA") == 2


def test_stand_ins_in_a_split():
    assert winner("H5 H5 H4", "S8 S8 S8") == 1  # a triple for a pair and a single
    assert winner("H5 H5 H4 H4 H9 H8", "S7 S7 S7 S8 S8 S8") == 1  # a titanic's pairs
    # k consecutive triples of a longer titanic for a k-titanic (and the rest a triple)
    lead = "H3 H3 H3 H4 H4 H4 H9 H9 H9"
    assert winner(lead, "S5 S5 S5 S6 S6 S6 S7 S7 S7", "S3 S3 S3 S4 S4 S4 SK SK SK") == 1
    assert winner(lead, "S3 S3 S3 S4 S4 S4 SK SK SK", "S5 S5 S5 S6 S6 S6 S7 S7 S7") == 2


def test_without_the_format_a_play_cannot_win():
    assert winner(TITANIC_LEAD, "S5 S5 S6 S6 S7 S7") == 0  # a tractor is no titanic
    assert winner(TITANIC_LEAD, "S5 S5 S5 S7 S7 S7") == 0  # triples apart
    assert winner(TITANIC_LEAD, "S5 S5 S5 S6 S6 S6") == 1


def test_key_units_a_titanic_above_a_tractor_of_as_many_cards():
    lead = "H3 H3 H3 H4 H4 H4 H7 H7 H8 H8 H9 H9"
    low_titanic = "S3 S3 S3 S4 S4 S4 SK SK SQ SQ SJ SJ"
    high_titanic = "S7 S7 S7 S8 S8 S8 S4 S4 S5 S5 S6 S6"
    assert winner(lead, low_titanic, high_titanic) == 2
    assert winner(lead, high_titanic, low_titanic) == 1


def test_equal_key_units_go_to_the_earlier_play():
    assert winner("H9 H9 H9 H3", "H10 H10 H10 S2", "C10 C10 C10 S3") == 1
    assert winner("H9 H9 H9 H3", "C10 C10 C10 SA", "H10 H10 H10 S2") == 1
    assert winner("H9 H9 H9 H3", "C10 C10 C10 SA", "S10 S10 S10 S2") == 2


def test_twos_trump_winners():
    assert winner("HA", "H2", trump=L10S2) == 1  # H2 is a trump
    assert winner("HA", "H2", trump=L10S) == 0
    assert winner("SA SA SK", "H2 H2 S3", trump=L10S2) == 1  # trump lead: 2s above SA
    assert winner("C2", "H2", "S2", trump=L10S2) == 2


# --- §11.1 and §11.4 the kitty multiplier --------------------------------------------------


@pytest.mark.parametrize(
    "lead, power, linear, plain",
    [
        ("HA", 2, 2, 1),
        ("HA HA", 4, 4, 2),
        ("HA HA HA", 8, 6, 3),  # a triple
        ("H5 H5 H4 H4", 16, 8, 4),
        ("H3 H3 H3 H4 H4 H4", 64, 12, 6),  # a two-triple titanic
        ("H3 H3 H3 H4 H4 H4 H5 H5 H5", 512, 18, 9),
        ("HA HA HK HQ", 4, 4, 2),  # a throw: its largest unit
        ("HA HA HA H5 H5 H4 H4", 16, 8, 4),  # a tractor is larger than a triple
    ],
)
def test_kitty_multipliers(lead, power, linear, plain):
    cards = P(lead)
    assert kitty_multiplier(cards, L10S) == power
    assert kitty_multiplier(cards, L10S, RuleSet(kitty="linear")) == linear
    assert kitty_multiplier(cards, L10S, RuleSet(kitty="plain")) == plain
    for cap in (1, 4, 64):
        assert kitty_multiplier(cards, L10S, RuleSet(kitty_max=cap)) == min(power, cap)
        assert kitty_multiplier(cards, L10S, RuleSet(kitty="plain", kitty_max=cap)) == min(
            plain, cap
        )


def test_kitty_max_64_of_seed_004():
    four_pairs = P("H6 H6 H5 H5 H4 H4 H3 H3")
    assert kitty_multiplier(four_pairs, L10S) == 256
    assert kitty_multiplier(four_pairs, L10S, RuleSet(kitty_max=64)) == 64


# --- §11.1 settlement ----------------------------------------------------------------------


def settlement_rows(step):
    """(points, dealer levels, defenders take the deal, defender levels) at the edges."""
    s = step
    return [
        (0, 3, False, 0),
        (1, 2, False, 0),
        (s - 1, 2, False, 0),
        (s, 1, False, 0),
        (2 * s - 1, 1, False, 0),
        (2 * s, 0, True, 0),
        (3 * s - 1, 0, True, 0),
        (3 * s, 0, True, 1),
        (4 * s - 1, 0, True, 1),
        (4 * s, 0, True, 2),
        (5 * s - 1, 0, True, 2),
        (5 * s, 0, True, 3),
        (6 * s, 0, True, 4),
    ]


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_settlement_edges(decks):
    rules = RuleSet(decks=decks)
    escalating = RuleSet(decks=decks, settlement="escalating")
    for points, dealer, take, defender in settlement_rows(20 * decks):
        result = settle(points, rules)
        assert (result.dealer_levels, result.defenders_take_deal, result.defender_levels) == (
            dealer,
            take,
            defender,
        ), (decks, points)
        result = settle(points, escalating)
        assert result.dealer_levels == dealer and result.defenders_take_deal == take
        assert result.defender_levels == (defender + 1 if take else 0), (decks, points)


def test_three_deck_settlement_in_the_words_of_section_11_1():
    rules = RuleSet(decks=3)
    names = {0: 3, 1: 2, 59: 2, 60: 1, 119: 1}
    for points, dealer in names.items():
        assert settle(points, rules).dealer_levels == dealer
    for points, defender in {120: 0, 179: 0, 180: 1, 239: 1, 240: 2, 299: 2, 300: 3}.items():
        result = settle(points, rules)
        assert result.defenders_take_deal and result.defender_levels == defender
    assert settle(-10, rules).dealer_levels == 3


def test_one_deck_settlement():
    rules = RuleSet(decks=1)
    assert [settle(p, rules).dealer_levels for p in (0, 5, 19, 20, 39)] == [3, 2, 2, 1, 1]
    assert [settle(p, rules).defender_levels for p in (40, 59, 60, 80, 100)] == [0, 0, 1, 2, 3]
    assert settle(40, rules).winner == "defenders" and settle(39, rules).winner == "dealers"


# --- §11.1 declaring: the ladder with triples ---------------------------------------------


def strength(text, level=2, decks=3):
    return dec.declaration_strength(P(text), level, decks)


def test_the_declaration_ladder_rung_by_rung():
    ladder = ["S2", "S2 S2", "LJ LJ", "BJ BJ", "S2 S2 S2", "LJ LJ LJ", "BJ BJ BJ"]
    strengths = [strength(t)[0] for t in ladder]
    assert strengths == sorted(strengths) and len(set(strengths)) == 7
    assert strengths == [
        dec.SINGLE_LEVEL,
        dec.PAIR_LEVEL,
        dec.LITTLE_JOKERS,
        dec.BIG_JOKERS,
        dec.TRIPLE_LEVEL,
        dec.LITTLE_JOKER_TRIPLE,
        dec.BIG_JOKER_TRIPLE,
    ]
    assert [strength(t)[1] for t in ladder] == ["S", "S", None, None, "S", None, None]
    # level pairs (and triples) of different suits are equally strong
    assert strength("H2 H2")[0] == strength("C2 C2")[0]
    assert strength("H2 H2 H2")[0] == strength("D2 D2 D2")[0]


@pytest.mark.parametrize(
    "text, decks",
    [
        ("S2 S2 S2", 2),  # three identical cards need three decks
        ("LJ LJ LJ", 2),
        ("S2 S2", 1),  # one deck: only single level cards
        ("H2 D2", 3),
        ("S2 S2 H2", 3),
        ("LJ", 3),
        ("S3 S3 S3", 3),
        ("S2 S2 S2 S2", 3),
    ],
)
def test_non_declarations(text, decks):
    with pytest.raises(ValueError, match="not a declaration"):
        strength(text, decks=decks)


def declared(seat, text, level=2, decks=3):
    strength_, suit = dec.declaration_strength(P(text), level, decks)
    return dec.Declaration(seat, tuple(P(text)), strength_, suit, 10)


def test_only_the_declarer_reinforces_with_the_standing_suit():
    standing = declared(0, "H2")
    for text in ("H2 H2", "H2 H2 H2"):  # single -> pair, single -> triple
        assert dec.declaration_over(P(text), 2, standing, seat=0, decks=3)[1] == "H"
        with pytest.raises(ValueError, match="only seat 0"):
            dec.declaration_over(P(text), 2, standing, seat=1, decks=3)
    assert dec.declaration_over(P("H2 H2 H2"), 2, declared(0, "H2 H2"), seat=0, decks=3)
    # anyone may make any other strictly stronger declaration, the declarer included
    assert dec.declaration_over(P("C2 C2"), 2, standing, seat=1, decks=3) == (dec.PAIR_LEVEL, "C")
    assert dec.declaration_over(P("C2 C2"), 2, standing, seat=0, decks=3) == (dec.PAIR_LEVEL, "C")
    assert dec.declaration_over(P("LJ LJ"), 2, declared(3, "H2 H2"), seat=1, decks=3)
    # strictly stronger
    with pytest.raises(ValueError, match="does not beat"):
        dec.declaration_over(P("C2 C2"), 2, declared(0, "H2 H2"), seat=1, decks=3)
    with pytest.raises(ValueError, match="does not beat"):
        dec.declaration_over(P("C2 C2 C2"), 2, declared(0, "D2 D2 D2"), seat=0, decks=3)
    # without a seat only strength is judged (today's two-deck behaviour)
    assert dec.declaration_over(P("H2 H2"), 2, standing, decks=2) == (dec.PAIR_LEVEL, "H")


def test_possible_declarations_with_three_decks():
    received = P("H2 H2 H2 C2 LJ LJ BJ S5")
    assert [format_cards(o) for o in dec.possible_declarations(received, 2, None, decks=3)] == [
        "LJ LJ",
        "H2",
        "H2 H2",
        "H2 H2 H2",
        "C2",
    ]
    standing = declared(1, "H2 H2")
    others = dec.possible_declarations(received, 2, standing, decks=3, seat=0)
    assert [format_cards(o) for o in others] == ["LJ LJ"]  # H2 H2 H2 is seat 1's to make
    mine = dec.possible_declarations(P("H2 H2 H2"), 2, standing, decks=3, seat=1)
    assert [format_cards(o) for o in mine] == ["H2 H2 H2"]
    assert dec.possible_declarations(P("BJ BJ BJ"), 2, declared(2, "BJ BJ BJ"), decks=3) == []


def test_one_deck_declaring_only_single_level_cards_and_the_first_stands():
    received = P("H2 C2 LJ BJ")
    assert [format_cards(o) for o in dec.possible_declarations(received, 2, None, decks=1)] == [
        "H2",
        "C2",
    ]
    assert dec.possible_declarations(received, 2, declared(3, "S2", decks=1), decks=1) == []


def test_the_ladder_in_words():
    assert dec.ladder_text(2) == (
        "one level card < a pair of level cards < two little jokers < two big jokers"
    )
    assert "three big jokers" in dec.ladder_text(3)
    assert dec.ladder_text(1) == "one level card only"


# --- §11.3 overcalling after the bury -------------------------------------------------------


def test_overcalls_may_not_use_the_standing_trump_suits_level_cards():
    standing = declared(0, "H6", level=6, decks=2)
    with pytest.raises(ValueError, match="standing trump suit"):
        dec.overcall_strength(P("H6 H6"), 6, standing, decks=2)
    assert dec.overcall_strength(P("C6 C6"), 6, standing, decks=2) == (dec.PAIR_LEVEL, "C")
    three = declared(0, "H6", level=6, decks=3)
    with pytest.raises(ValueError, match="standing trump suit"):
        dec.overcall_strength(P("H6 H6 H6"), 6, three, decks=3)
    # with two decks a pair of level cards overcalls only a single; then only joker pairs
    with pytest.raises(ValueError, match="does not beat"):
        dec.overcall_strength(P("D6 D6"), 6, declared(1, "C6 C6", level=6, decks=2), decks=2)
    big = dec.overcall_strength(P("BJ BJ"), 6, declared(1, "LJ LJ", level=6, decks=2), decks=2)
    assert big == (dec.BIG_JOKERS, None)
    # with three decks the ladder goes on through the triples
    assert dec.overcall_strength(P("D6 D6 D6"), 6, declared(1, "BJ BJ", 6), decks=3)[0] == (
        dec.TRIPLE_LEVEL
    )


def test_a_turned_up_kitty_card_counts_as_one_level_card():
    flip = dec.turned_up(Card.parse("HK"), seat=2, after_card=100)
    assert (flip.strength, flip.suit, flip.seat) == (dec.SINGLE_LEVEL, "H", 2)
    with pytest.raises(ValueError, match="standing trump suit"):
        dec.overcall_strength(P("H6 H6"), 6, flip, decks=2)
    assert dec.overcall_strength(P("S6 S6"), 6, flip, decks=2) == (dec.PAIR_LEVEL, "S")
    with pytest.raises(ValueError, match="does not beat"):
        dec.overcall_strength(P("S6"), 6, flip, decks=2)
    joker = dec.turned_up(Card.parse("LJ"), seat=0, after_card=100)
    assert (joker.strength, joker.suit) == (dec.SINGLE_LEVEL, None)
    assert dec.overcall_strength(P("H6 H6"), 6, joker, decks=2) == (dec.PAIR_LEVEL, "H")
    options = dec.possible_overcalls(P("H6 H6 S6 S6 LJ LJ"), 6, flip, decks=2)
    assert [format_cards(o) for o in options] == ["LJ LJ", "S6 S6"]


# --- one deck: only singles, every function on 54-card hands ------------------------------


def test_one_deck_hands_have_only_singles_and_every_rule_works():
    rng = random.Random(8)
    trump = Trump(7, "D")
    deck = new_deck(1)
    rng.shuffle(deck)
    hands = [deck[i * 12 : (i + 1) * 12] for i in range(4)]
    assert all(u.kind == "single" for u in decompose(deck, trump))
    assert len(decompose(deck, trump)) == 54
    for hand in hands:
        lead_suit = trump.suit_of(hand[0])
        lead = [c for c in hand if trump.suit_of(c) == lead_suit][:3]
        result = check_throw(lead, [h for h in hands if h is not hand], trump)
        assert result.ok or len(result.forced) == 1
        for other in hands:
            if other is hand:
                continue
            plays = legal_follows(other, lead, trump)
            assert plays and all(check_follow(other, lead, p, trump) for p in plays)
            play = random_follow(other, lead, trump, rng)
            assert check_follow(other, lead, play, trump)
            assert trick_winner([lead, play], trump) in (0, 1)
        assert kitty_multiplier(lead, trump, RuleSet(decks=1)) == 2
