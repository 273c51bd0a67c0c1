"""RULES.md §7: trick points, the kitty multiplier, settlement, and the RuleSet."""

import dataclasses

import pytest

from shengji_edu import RuleSet, Trump, kitty_multiplier, parse_cards, settle, trick_points

L10S = Trump(level=10, suit="S")
LINEAR = RuleSet(kitty="linear")
ESCALATING = RuleSet(settlement="escalating")


# --- trick points ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, points",
    [
        ("S5 H10 DK", 25),
        ("S5 S5", 10),
        ("HK HK H10 H10", 40),
        ("BJ LJ SA HQ", 0),
        ("D5 C9 CJ", 5),
        ("H5 H5 D5 D5 SK", 30),
    ],
)
def test_trick_points(text, points):
    assert trick_points(parse_cards(text)) == points


def test_trick_points_empty():
    assert trick_points([]) == 0


# --- kitty multiplier -------------------------------------------------------------


@pytest.mark.parametrize(
    "lead, power, linear",
    [
        ("HA", 2, 2),  # single
        ("S2", 2, 2),  # trump single
        ("HA HA", 4, 4),  # pair
        ("H10 H10", 4, 4),  # trump pair
        ("H5 H5 H4 H4", 16, 8),  # 2-pair tractor
        ("HJ HJ H9 H9", 16, 8),  # 2-pair tractor across the level rank
        ("H5 H5 H4 H4 H3 H3", 64, 12),  # 3-pair tractor
        ("H6 H6 H5 H5 H4 H4 H3 H3", 256, 16),  # 4-pair tractor
        ("SA SA H10 H10 S10 S10", 64, 12),  # trump 3-pair tractor
        ("HA HK", 2, 2),  # throw of singles
        ("HA HA HK", 4, 4),  # throw: pair + single
        ("H9 H8 H8 H4 H4", 4, 4),  # throw: pairs and a single
        ("HA HA H5 H5 H4 H4", 16, 8),  # throw: tractor + pair
        ("HA HK H5 H5 H4 H4", 16, 8),  # throw: tractor + singles
        ("HA HA HK HK HQ HQ H4 H4 H3 H3", 64, 12),  # throw: 3-tractor + 2-tractor
    ],
)
def test_kitty_multiplier(lead, power, linear):
    cards = parse_cards(lead)
    assert kitty_multiplier(cards, L10S) == power
    assert kitty_multiplier(cards, L10S, RuleSet()) == power
    assert kitty_multiplier(cards, L10S, rules=RuleSet(kitty="power")) == power
    assert kitty_multiplier(cards, L10S, rules=LINEAR) == linear


def test_kitty_multiplier_depends_on_level():
    # The format, hence the multiplier, depends on the level rank that is removed.
    assert kitty_multiplier(parse_cards("H10 H10 H9 H9"), Trump(level=2, suit="S")) == 16
    assert kitty_multiplier(parse_cards("H7 H7 H5 H5"), Trump(level=6, suit="S")) == 16
    assert kitty_multiplier(parse_cards("H7 H7 H5 H5"), L10S) == 4


# --- settlement: standard -----------------------------------------------------------

STANDARD = [
    # points, dealer levels, defenders take the deal, defender levels
    (0, 3, False, 0),
    (5, 2, False, 0),
    (35, 2, False, 0),
    (39, 2, False, 0),
    (40, 1, False, 0),
    (75, 1, False, 0),
    (79, 1, False, 0),
    (80, 0, True, 0),
    (115, 0, True, 0),
    (119, 0, True, 0),
    (120, 0, True, 1),
    (155, 0, True, 1),
    (160, 0, True, 2),
    (195, 0, True, 2),
    (200, 0, True, 3),
    (235, 0, True, 3),
    (240, 0, True, 4),
    (275, 0, True, 4),
    (280, 0, True, 5),
    (320, 0, True, 6),
]

ESCALATING_ROWS = [
    (0, 3, False, 0),
    (5, 2, False, 0),
    (35, 2, False, 0),
    (40, 1, False, 0),
    (75, 1, False, 0),
    (80, 0, True, 1),
    (115, 0, True, 1),
    (120, 0, True, 2),
    (155, 0, True, 2),
    (160, 0, True, 3),
    (195, 0, True, 3),
    (200, 0, True, 4),
    (235, 0, True, 4),
    (240, 0, True, 5),
    (280, 0, True, 6),
]


def check_settlement(result, dealer, take, defender):
    assert result.dealer_levels == dealer
    assert bool(result.defenders_take_deal) is take
    assert result.defender_levels == defender


@pytest.mark.parametrize("points, dealer, take, defender", STANDARD)
def test_settle_standard(points, dealer, take, defender):
    check_settlement(settle(points), dealer, take, defender)
    check_settlement(settle(points, RuleSet()), dealer, take, defender)
    check_settlement(settle(points, rules=RuleSet(settlement="standard")), dealer, take, defender)


@pytest.mark.parametrize("points, dealer, take, defender", ESCALATING_ROWS)
def test_settle_escalating(points, dealer, take, defender):
    check_settlement(settle(points, rules=ESCALATING), dealer, take, defender)


def test_escalating_differs_from_standard_only_when_defenders_take_the_deal():
    for points in range(0, 300, 5):
        std, esc = settle(points), settle(points, rules=ESCALATING)
        assert std.defenders_take_deal == esc.defenders_take_deal
        assert std.dealer_levels == esc.dealer_levels
        if points >= 80:
            assert esc.defender_levels == std.defender_levels + 1
        else:
            assert esc.defender_levels == std.defender_levels == 0


def test_settle_negative_total_counts_as_zero():
    # "Penalties accumulate over the hand; a negative total is settled as 0."
    check_settlement(settle(-10), 3, False, 0)


def test_kitty_variant_does_not_change_settlement():
    for points in (0, 40, 80, 200):
        a, b = settle(points), settle(points, rules=LINEAR)
        assert (a.dealer_levels, a.defender_levels, a.defenders_take_deal) == (
            b.dealer_levels,
            b.defender_levels,
            b.defenders_take_deal,
        )


# --- RuleSet -------------------------------------------------------------------


def test_ruleset_defaults():
    rules = RuleSet()
    assert rules.kitty == "power"
    assert rules.settlement == "standard"
    assert rules.throw_penalty == 0
    assert rules.bidding == "during_deal"


def test_ruleset_accepts_every_variant():
    rules = RuleSet(kitty="linear", settlement="escalating", throw_penalty=10, bidding="after_deal")
    assert rules.kitty == "linear"
    assert rules.settlement == "escalating"
    assert rules.throw_penalty == 10
    assert rules.bidding == "after_deal"


def test_ruleset_equality():
    assert RuleSet() == RuleSet(kitty="power")
    assert RuleSet() != RuleSet(kitty="linear")


def test_ruleset_is_frozen():
    rules = RuleSet()
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        rules.kitty = "linear"
    assert rules.kitty == "power"


@pytest.mark.parametrize(
    "field, bad, accepted",
    [
        ("kitty", "cubic", ("power", "linear")),
        ("kitty", "Power", ("power", "linear")),
        ("settlement", "bogus", ("standard", "escalating")),
        ("bidding", "before_deal", ("during_deal", "after_deal")),
    ],
)
def test_ruleset_rejects_unknown_values(field, bad, accepted):
    with pytest.raises(ValueError) as info:
        RuleSet(**{field: bad})
    message = str(info.value)
    for value in accepted:
        assert value in message, message


@pytest.mark.parametrize("bad", [-1, -10])
def test_ruleset_rejects_negative_throw_penalty(bad):
    with pytest.raises(ValueError):
        RuleSet(throw_penalty=bad)
