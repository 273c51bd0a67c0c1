"""RULES §12.1, §12.8, §12.9, §12.10, §12.12 and §12.16: ladders, kitty and settlement tables,
the 45-point game, wearing the A and the rooms' scoring, as pure rules (every row of their
tables, and properties with Hypothesis)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu import (
    RuleSet,
    Settlement,
    SettlementTable,
    Trump,
    ace_worn,
    climb,
    kitty_multiplier,
    level_ladder,
    parse_cards,
    settle,
)
from shengji_edu.rooms import rating_points, room_coins
from shengji_edu.rules import KITTY_RULES
from shengji_edu.scoring import KITTY_TABLES

ROOMS = RuleSet(levels="5-10-K")
FORTY_FIVE = RuleSet(decks=1, settlement="forty_five")
LEVEL2 = Trump(2, "S")


# --- §12.1 level ladders --------------------------------------------------------------------
def test_the_ladders():
    assert level_ladder(RuleSet()) == tuple(range(2, 15))
    assert level_ladder(ROOMS) == (5, 10, 13)
    assert level_ladder() == level_ladder(RuleSet(levels="2-A"))


@pytest.mark.parametrize(
    "level, n, standard, rooms",
    [(5, 2, 7, 13), (10, 3, 13, 13), (10, 1, 11, 13), (13, 2, 14, 13), (6, 1, 7, None)],
)
def test_climb_table(level, n, standard, rooms):
    assert climb(level, n, RuleSet()) == standard
    if rooms is None:
        with pytest.raises(ValueError, match="5, 10, K"):
            climb(level, n, ROOMS)
    else:
        assert climb(level, n, ROOMS) == rooms


@pytest.mark.parametrize("level, n", [(5, -1), (5, 1.0), (5, True), (15, 0), (1, 0), (None, 1)])
def test_climb_refuses(level, n):
    with pytest.raises(ValueError):
        climb(level, n, ROOMS if level == 5 else RuleSet())


def test_climb_reads_rank_text_and_stays_put_at_zero():
    assert climb("K", 0, ROOMS) == 13 and climb("10", 1, ROOMS) == 13 and climb("A", 5) == 14


@given(st.sampled_from(["2-A", "5-10-K"]), st.data(), st.integers(0, 40))
def test_climb_never_leaves_the_ladder(ladder, data, n):
    rules = RuleSet(levels=ladder)
    rungs = level_ladder(rules)
    level = data.draw(st.sampled_from(rungs))
    up = climb(level, n, rules)
    assert up in rungs
    assert rungs.index(up) == min(rungs.index(level) + n, len(rungs) - 1)
    assert climb(up, 0, rules) == up and up >= level


# --- §12.8 kitty tables -------------------------------------------------------------------
@pytest.mark.parametrize(
    "lead, decks, cards, pairs, width, power",
    [
        ("HA", 2, 2, 2, 2, 2),
        ("H4 H4", 2, 4, 4, 4, 4),
        ("HA HK HQ", 2, 8, 2, 2, 2),
        ("HA HA H9 H9", 2, 16, 8, 4, 4),
        ("H4 H4 H5 H5", 2, 16, 8, 8, 16),
        ("H4 H4 H5 H5 H6 H6", 2, 64, 16, 16, 64),
        ("H5 H5 H5", 3, 8, 4, 6, 8),
        ("H4 H4 H4 H5 H5 H5", 3, 64, 8, 18, 64),
        ("H9 H9 H9 H4 H4 H5 H5 H6 H6", 3, 512, 32, 6, 64),
    ],
)
def test_kitty_table(lead, decks, cards, pairs, width, power):
    got = [
        kitty_multiplier(parse_cards(lead), LEVEL2, RuleSet(kitty=kitty, decks=decks))
        for kitty in ("cards", "pairs", "width", "power")
    ]
    assert got == [cards, pairs, width, power]


def test_width_titanics_and_tractors_by_their_longest():
    three = RuleSet(kitty="width", decks=3)
    titanic3 = parse_cards("H3 H3 H3 H4 H4 H4 H5 H5 H5")
    assert kitty_multiplier(titanic3, LEVEL2, three) == 2 * 3**3
    tractors = parse_cards("H3 H3 H4 H4 H6 H6 H7 H7 H8 H8")  # a 3-pair and a 2-pair tractor
    assert kitty_multiplier(tractors, LEVEL2, RuleSet(kitty="width")) == 2 * 2**3
    assert kitty_multiplier(tractors, LEVEL2, RuleSet(kitty="pairs")) == 2 ** (1 + 5)


def test_every_kitty_rule_is_an_entry_of_the_table():
    assert set(KITTY_TABLES) == set(KITTY_RULES)


@pytest.mark.parametrize("kitty", KITTY_RULES)
@pytest.mark.parametrize("cap", [1, 4, 64])
def test_kitty_max_caps_every_table(kitty, cap):
    for lead in ("HA", "H4 H4 H5 H5 H6 H6", "HA HK HQ HJ H9"):
        cards = parse_cards(lead)
        free = kitty_multiplier(cards, LEVEL2, RuleSet(kitty=kitty))
        capped = kitty_multiplier(cards, LEVEL2, RuleSet(kitty=kitty, kitty_max=cap))
        assert capped == min(free, cap)


# --- §12.9 settlement tables --------------------------------------------------------------
def old_settle(points: int, decks: int, escalating: bool) -> tuple[int, int, bool]:
    """The settlement of RULES §7 and §11.1 as it was written before tables were data."""
    step = 20 * decks
    points = max(0, points)
    if points < 2 * step:
        return (3 if points == 0 else 2 if points < step else 1), 0, False
    return 0, (points - 2 * step) // step + escalating, True


@given(st.integers(-50, 1000), st.sampled_from([1, 2, 3]), st.booleans())
def test_the_standard_and_escalating_tables_are_the_old_settle(points, decks, escalating):
    rules = RuleSet(decks=decks, settlement="escalating" if escalating else "standard")
    s = settle(points, rules)
    assert (s.dealer_levels, s.defender_levels, s.defenders_take_deal) == old_settle(
        points, decks, escalating
    )
    assert s.defender_points == points and not s.draw
    assert s == SettlementTable.parse("escalating" if escalating else "standard", decks).settle(
        points
    )


def test_named_tables_text():
    assert str(SettlementTable.parse("standard", 2)) == "0:D3/1:D2/40:D1/80:A0+40"
    assert str(SettlementTable.parse("standard", 3)) == "0:D3/1:D2/60:D1/120:A0+60"
    assert str(SettlementTable.parse("escalating", 1)) == "0:D3/1:D2/20:D1/40:A1+20"
    assert str(SettlementTable.parse("twenty")) == (
        "0:D3/1:D2/40:D1/80:A0/100:A1/120:A2/140:A3/160:A4/180:A5/200:A8+20"
    )
    assert str(SettlementTable.parse("one_deck_classic", 1)) == "0:D2/1:D1/40:A0/80:A1/100:A2"


def outcome(s: Settlement) -> tuple[str, int]:
    return (s.winner, s.defender_levels if s.defenders_take_deal else s.dealer_levels)


@pytest.mark.parametrize(
    "rules, points, expected",
    [
        (RuleSet(settlement_table="twenty"), 79, ("dealers", 1)),
        (RuleSet(settlement_table="twenty"), 80, ("defenders", 0)),
        (RuleSet(settlement_table="twenty"), 100, ("defenders", 1)),
        (RuleSet(settlement_table="twenty"), 199, ("defenders", 5)),
        (RuleSet(settlement_table="twenty"), 200, ("defenders", 8)),
        (RuleSet(settlement_table="twenty"), 220, ("defenders", 9)),
        (RuleSet(decks=1, settlement_table="one_deck_classic"), 0, ("dealers", 2)),
        (RuleSet(decks=1, settlement_table="one_deck_classic"), 35, ("dealers", 1)),
        (RuleSet(decks=1, settlement_table="one_deck_classic"), 55, ("defenders", 0)),
        (RuleSet(decks=1, settlement_table="one_deck_classic"), 85, ("defenders", 1)),
        (RuleSet(decks=1, settlement_table="one_deck_classic"), 100, ("defenders", 2)),
        (RuleSet(decks=1, settlement_table="one_deck_classic"), 140, ("defenders", 2)),
        (RuleSet(settlement_table="0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40"), 100, ("dealers", 0)),
        (RuleSet(settlement_table="0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40"), 130, ("defenders", 0)),
        (RuleSet(settlement_table="0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40"), 250, ("defenders", 3)),
    ],
)
def test_settlement_table_rows(rules, points, expected):
    assert outcome(settle(points, rules)) == expected
    assert settle(points, rules) == SettlementTable.of(rules).settle(points)


@pytest.mark.parametrize(
    "text, band",
    [
        ("0:D3/40:D1/20:A0", "20:A0"),  # order
        ("1:D2/80:A0", "1:D2"),  # not from 0
        ("0:D3/80:A0/120:D1", "120:D1"),  # D after A
        ("0:D3/40:D1", "40:D1"),  # no A band at the end
        ("0:D1/40:D2/80:A0", "40:D2"),  # dealers gain more with more points
        ("0:D3/80:A2/120:A1", "120:A1"),  # defenders gain less
        ("0:D3/80:A0+0", "80:A0+0"),  # step 0
        ("0:D3/80:A0+40/120:A1", "80:A0+40"),  # a step before the last band
        ("0:D3/80:X0", "80:X0"),
        ("0:D3/80:A-1", "80:A-1"),
        ("0:D3/80A0", "80A0"),
        ("0:D3//80:A0", "''"),
        ("0:D3/1_0:A0", "1_0:A0"),
    ],
)
def test_bad_tables_name_the_band(text, band):
    with pytest.raises(ValueError, match=band.replace("+", r"\+")):
        SettlementTable.parse(text)
    with pytest.raises(ValueError):
        RuleSet(settlement_table=text)


def test_table_text_is_read_loosely_and_kept_canonical():
    rules = RuleSet(settlement_table=" 0:d3 / 1:d2/40:d1/80:a0+40 ")
    assert rules.settlement_table == "0:D3/1:D2/40:D1/80:A0+40"
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.parse("settlement_table=0:d3/1:d2/40:d1/80:a0+40") == rules
    assert RuleSet(settlement_table="escalating") == RuleSet(settlement="escalating")
    assert SettlementTable.of(RuleSet(settlement_table="escalating")) == SettlementTable.parse(
        "escalating"
    )
    assert SettlementTable.of(FORTY_FIVE) is None


def test_a_negative_total_settles_as_zero_and_bools_are_no_points():
    table = SettlementTable.parse("0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40")
    assert outcome(table.settle(-30)) == ("dealers", 3)
    assert table.settle(-30).defender_points == -30
    with pytest.raises(TypeError):
        table.settle(True)
    with pytest.raises(TypeError):
        settle(80.0)


@st.composite
def tables(draw):
    """A random valid table: rising lows from 0, dealers' bands then defenders' bands."""
    lows = sorted(draw(st.sets(st.integers(1, 400), max_size=8)))
    lows = [0, *lows]
    split = draw(st.integers(0, len(lows) - 1))  # the first defenders' band
    dealer_levels = sorted(draw(st.lists(st.integers(0, 5), min_size=split, max_size=split)))
    defender_levels = sorted(
        draw(st.lists(st.integers(0, 9), min_size=len(lows) - split, max_size=len(lows) - split))
    )
    bands = [f"{low}:D{n}" for low, n in zip(lows, reversed(dealer_levels), strict=False)]
    bands += [f"{low}:A{n}" for low, n in zip(lows[split:], defender_levels, strict=True)]
    text = "/".join(bands)
    step = draw(st.none() | st.integers(1, 80))
    return text if step is None else f"{text}+{step}"


@settings(max_examples=200)
@given(tables())
def test_random_tables_round_trip(text):
    table = SettlementTable.parse(text)
    assert SettlementTable.parse(str(table)) == table
    assert str(table) == text
    assert SettlementTable.parse(text.lower()) == table
    rules = RuleSet(settlement_table=text)
    assert SettlementTable.of(rules) == table
    assert RuleSet.from_dict(rules.to_dict()) == rules


@settings(max_examples=200)
@given(tables(), st.integers(-20, 600), st.integers(0, 100))
def test_every_valid_table_is_monotone(text, points, more):
    """As points rise the dealers' levels never rise, the defenders' never fall, and once
    the defenders take the deal they keep taking it."""
    table = SettlementTable.parse(text)
    low, high = table.settle(points), table.settle(points + more)
    assert high.dealer_levels <= low.dealer_levels or low.defenders_take_deal
    assert high.defender_levels >= low.defender_levels
    assert high.defenders_take_deal >= low.defenders_take_deal
    assert min(low.dealer_levels, low.defender_levels) == 0


def test_settlement_keeps_its_old_face():
    """``draw`` is new: a settlement that is no draw prints, pickles and ``vars`` as before."""
    s = settle(135)
    assert vars(s) == {
        "defender_points": 135,
        "dealer_levels": 0,
        "defender_levels": 1,
        "defenders_take_deal": True,
    }
    assert repr(s) == (
        "Settlement(defender_points=135, dealer_levels=0, defender_levels=1, "
        "defenders_take_deal=True)"
    )
    assert pickle.loads(pickle.dumps(s)) == s and s.draw is False
    assert Settlement(135, 0, 1, True, draw=False) == s
    draw = Settlement(40, 0, 0, False, draw=True)
    assert (
        draw != Settlement(40, 0, 0, False) and draw.winner == "draw" and "draw=True" in repr(draw)
    )


def test_old_imports_still_work():
    from shengji_edu.scoring import Settlement as FromScoring
    from shengji_edu.settlement_tables import Settlement as FromTables

    assert FromScoring is FromTables is Settlement


# --- §12.10 the 45-point game -------------------------------------------------------------
@pytest.mark.parametrize(
    "counted, last, expected",
    [
        (50, False, ("defenders", 1)),
        (30, True, ("defenders", 1)),
        (45, True, ("defenders", 2)),
        (70, True, ("defenders", 3)),
        (100, False, ("defenders", 3)),
        (40, False, ("draw", 0)),
        (40, True, ("defenders", 1)),
        (0, False, ("dealers", 3)),
        (20, False, ("dealers", 1)),
        (-10, False, ("dealers", 3)),
        (44, False, ("dealers", 1)),
        (64, False, ("defenders", 1)),
        (65, False, ("defenders", 2)),
        (0, True, ("defenders", 1)),
    ],
)
def test_forty_five_table(counted, last, expected):
    s = settle(counted, FORTY_FIVE, won_last_trick=last)
    assert outcome(s) == expected
    assert s.draw == (expected[0] == "draw")
    assert s.defender_points == counted


def test_forty_five_needs_the_last_trick():
    with pytest.raises(ValueError, match="won_last_trick"):
        settle(50, FORTY_FIVE)
    with pytest.raises(ValueError):
        settle(50, FORTY_FIVE, won_last_trick="yes")
    assert settle(50, RuleSet(), won_last_trick=True) == settle(50)  # others ignore it


@given(st.integers(-20, 200), st.booleans())
def test_forty_five_properties(counted, last):
    s = settle(counted, FORTY_FIVE, won_last_trick=last)
    points = max(0, counted)
    assert s.defenders_take_deal == (points >= 45 or last)
    assert s.draw == (points == 40 and not last)
    if s.defenders_take_deal:
        assert s.defender_levels == last + (points >= 45) * (1 + (points - 45) // 20)
        assert s.dealer_levels == 0


# --- §12.12 wearing the A ----------------------------------------------------------------
AT_ACE = RuleSet(wear_ace=True).trump(14, None)


def plays(text: str) -> list:
    return [
        (int(seat), parse_cards(cards)) for seat, cards in (p.split(":") for p in text.split("; "))
    ]


@pytest.mark.parametrize(
    "first, last, worn",
    [
        ("HA", "2:DA; 3:D3; 0:D4; 1:D5", True),
        ("S3", "2:DA; 3:D3; 0:D4; 1:D5", False),
        ("HA", "1:SK; 2:CA; 3:S2; 0:S4", True),
        ("HA", "1:SK; 2:S3; 3:SA; 0:S4", False),
        ("HA", "0:SK; 1:S2; 2:S3; 3:S4", False),
        ("HA", "0:SA; 1:BJ; 2:S3; 3:S4", False),
    ],
)
def test_ace_worn_table(first, last, worn):
    assert ace_worn(parse_cards(first), plays(last), 0, AT_ACE) is worn


def test_ace_worn_more():
    assert Trump(14, None) == AT_ACE and AT_ACE.is_trump(parse_cards("HA")[0])
    # the same trick seen by the other team: seat 1 deals, its team won nothing with an A
    assert not ace_worn(parse_cards("HA"), plays("2:DA; 3:D3; 0:D4; 1:D5"), 1, AT_ACE)
    # the first lead may be a pair or a throw holding an A; card text is read too
    assert ace_worn("HA HA", [(2, "DA DA"), (3, "D3 D4"), (0, "D5 D6"), (1, "D7 D8")], 0, AT_ACE)
    with pytest.raises(ValueError):
        ace_worn(parse_cards("HA"), [], 0, AT_ACE)
    with pytest.raises(ValueError):
        ace_worn(parse_cards("HA"), plays("2:DA; 3:D3; 0:D4; 1:D5"), 4, AT_ACE)


# --- §12.16 rooms ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "settlement, ratings, big_light, points",
    [
        (settle(0), [90] * 4, None, 8),
        (settle(0), [400] * 4, None, 12),
        (settle(0), [400] * 4, 6, 18),
        (settle(120), [90, 90, 90, 50], None, 3),
        (settle(200), None, None, 4),
        (settle(50), [300] * 4, None, 6),
        (settle(90), None, None, 2),  # the defenders take the deal, +0
        (settle(50), None, 6, 2),  # 大光 only when the defenders have nothing
        (settle(-20), None, 6, 6),  # a negative total is 0 points
        (settle(100, RuleSet(settlement_table="0:D3/80:D0/120:A0+40")), None, None, 1),
        (settle(40, FORTY_FIVE, won_last_trick=False), [400] * 4, 6, 0),  # a draw
        (settle(130, RuleSet(), None), [300, 300, 300, 299], None, 3),
    ],
)
def test_rating_points_table(settlement, ratings, big_light, points):
    assert rating_points(settlement, ratings, big_light) == points


@pytest.mark.parametrize(
    "settlement, winner, loser, house",
    [
        (settle(30), 190, -200, 20),  # dealers +2
        (settle(90), 90, -100, 20),  # take +0: a counts as 1
        (settle(0), 290, -300, 20),
        (settle(40, FORTY_FIVE, won_last_trick=False), 0, 0, 0),
    ],
)
def test_room_coins_table(settlement, winner, loser, house):
    draw = settlement.draw
    assert room_coins(settlement, 100, fee=10) == ((0, 0, 0) if draw else (winner, loser, house))
    if not draw:
        assert room_coins(settlement, 100) == (winner + 10, loser, 0)


@pytest.mark.parametrize(
    "call",
    [
        lambda: rating_points(80),
        lambda: rating_points(settle(0), [100] * 3),
        lambda: rating_points(settle(0), big_light=-1),
        lambda: room_coins(settle(0), -1),
        lambda: room_coins(settle(0), 100, fee=True),
    ],
)
def test_rooms_refuse_nonsense(call):
    with pytest.raises(ValueError):
        call()
