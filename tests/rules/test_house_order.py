"""RULES §12.3 (failed throws), §12.14 (tractors) and §12.15 (off-suit level cards by suit).

Every row of the three tables of RULES, then a few cases around them, then properties: the
engine against a brute-force reference written here from RULES (its own card order, its own
adjacency, its own splits), for every combination of the two card-order options. The only
package function the reference uses is ``Trump.suit_of`` (the effective suit, which neither
option changes) and ``Card``.
"""

from __future__ import annotations

import pickle
from collections import Counter
from itertools import product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import ALL_54, follow_cases, throw_cases, trick_cases
from strategies import samples as deck_samples

from shengji_edu import (
    Card,
    RuleSet,
    Trump,
    check_follow,
    check_throw,
    decompose,
    kitty_multiplier,
    legal_follows,
    parse_cards,
    trick_winner,
)
from shengji_edu.trump import OFFSUIT_LEVEL_RULES, TRACTOR_RULES
from shengji_edu.units import is_tractor, lead_format

P = parse_cards
SMALLEST = RuleSet(failed_throw="smallest_card")


def texts(cards) -> list[str]:
    return [card.text for card in cards]


def shape(cards, trump: Trump) -> str:
    """``tractor``, ``two pairs`` … : how decompose splits a few cards."""
    kinds = [unit.kind for unit in decompose(P(cards), trump)]
    return "tractor" if kinds == ["tractor"] else " + ".join(kinds)


# --- RULES §12.14: the table (level 3, ♠ trump) -------------------------------------------
L3 = {mode: Trump(3, "S", tractors=mode) for mode in TRACTOR_RULES}


@pytest.mark.parametrize(
    "cards, full, plain, off",
    [
        ("H4 H4 H2 H2", "tractor", "pair + pair", "pair + pair"),
        ("H5 H5 H4 H4", "tractor", "tractor", "pair + pair"),
        ("S5 S5 S4 S4", "tractor", "tractor", "pair + pair"),
        ("SA SA H3 H3", "tractor", "pair + pair", "pair + pair"),
        ("S3 S3 LJ LJ", "tractor", "pair + pair", "pair + pair"),
        ("LJ LJ BJ BJ", "tractor", "pair + pair", "pair + pair"),
    ],
)
def test_the_tractor_table_what_is_a_tractor(cards, full, plain, off):
    assert [shape(cards, L3[mode]) for mode in TRACTOR_RULES] == [full, plain, off]
    assert [is_tractor(P(cards), L3[mode]) for mode in TRACTOR_RULES] == [
        answer == "tractor" for answer in (full, plain, off)
    ]


def test_the_tractor_table_a_lead_of_two_pairs_against_a_higher_pair():
    lead, other = P("H5 H5 H4 H4"), P("H6 H6 C9")
    results = {mode: check_throw(lead, [other], L3[mode]) for mode in TRACTOR_RULES}
    assert results["full"].ok and results["plain"].ok
    assert not results["off"].ok and texts(results["off"].forced) == ["H4", "H4"]
    assert texts(results["off"].beaten_by) == ["H6", "H6"]


@pytest.mark.parametrize("mode, multiplier", [("full", 16), ("plain", 16), ("off", 4)])
def test_the_tractor_table_the_kitty_of_a_last_lead_of_two_pairs(mode, multiplier):
    lead = P("H5 H5 H4 H4")
    assert kitty_multiplier(lead, L3[mode], RuleSet(tractors=mode)) == multiplier
    assert kitty_multiplier(lead, L3[mode]) == multiplier  # the Trump decides what a unit is
    linear = RuleSet(kitty="linear", tractors=mode)
    assert kitty_multiplier(lead, L3[mode], linear) == {16: 8, 4: 4}[multiplier]


@pytest.mark.parametrize("mode, legal", [("full", False), ("plain", True), ("off", True)])
def test_the_tractor_table_following_a_tractor(mode, legal):
    hand, lead, play = P("H2 H2 H4 H4 H7 H7 HK"), P("H9 H9 H8 H8"), P("H4 H4 H7 H7")
    verdict = check_follow(hand, lead, play, L3[mode])
    assert bool(verdict) is legal
    if not legal:
        assert "tractor" in verdict.reason
    plays = {tuple(sorted(texts(p))) for p in legal_follows(hand, lead, L3[mode])}
    assert (tuple(sorted(texts(play))) in plays) is legal
    assert ("H2", "H2", "H4", "H4") in plays  # the tractor (or two pairs) is always legal


@pytest.mark.parametrize("mode, winner", [("full", 1), ("plain", 0), ("off", 1)])
def test_the_tractor_table_a_ruff_of_two_pairs(mode, winner):
    plays = [P("D9 D9 D8 D8"), P("S2 S2 S4 S4"), P("DK D2 D3 D4")]
    assert trick_winner(plays, L3[mode]) == winner


@pytest.mark.parametrize("mode", TRACTOR_RULES)
def test_the_rules_build_their_trumps_with_the_tractor_rule(mode):
    trump = RuleSet(tractors=mode).trump(3, "S")
    assert trump == L3[mode] and trump.tractors == mode
    assert shape("H5 H5 H4 H4", trump) == ("pair + pair" if mode == "off" else "tractor")


# --- RULES §12.14: around the table -------------------------------------------------------
@pytest.mark.parametrize(
    "trump, cards, full, plain",
    [
        # the trump suit's run has a hole at the level rank under "plain"
        (Trump(8, "S"), "S7 S7 S9 S9", True, False),
        (Trump(8, "S"), "S9 S9 S10 S10 SJ SJ", True, True),
        (Trump(8, "H"), "D7 D7 D9 D9", True, False),
        # no wrap-around either way
        (Trump(8, "H"), "DA DA D2 D2", False, False),
        # the trump chain: off-suit level pair, trump-suit level pair, jokers
        (Trump(8, "H"), "S8 S8 H8 H8", True, False),
        (Trump(8, "H"), "HA HA C8 C8", True, False),
        (Trump(8, None), "LJ LJ BJ BJ", True, False),
        (Trump(8, None), "D8 D8 LJ LJ", True, False),
        # the 2s as trumps (RULES §11.2): SA SA H2 H2 is a tractor only under "full"
        (Trump(10, "S", True), "SA SA H2 H2", True, False),
        (Trump(10, "S", True), "S3 S3 S4 S4", True, True),
        (Trump(10, "H", True), "D3 D3 D4 D4", True, True),
        (Trump(10, "H", True), "H9 H9 HJ HJ", True, False),
        (Trump(2, "H", True), "C3 C3 C4 C4", True, True),  # at level 2 the 2s are level cards
        # a lone rank between two holes links to nothing
        (Trump(3, "S"), "H2 H2 H4 H4", True, False),
    ],
)
def test_plain_tractors_are_consecutive_printed_ranks_of_one_suit(trump, cards, full, plain):
    options = (trump.level, trump.suit, trump.twos_are_trump)
    assert is_tractor(P(cards), Trump(*options)) is full
    assert is_tractor(P(cards), Trump(*options, tractors="plain")) is plain
    assert not is_tractor(P(cards), Trump(*options, tractors="off"))


def test_plain_tractors_of_three_pairs_and_the_longest_first():
    plain = Trump(3, "S", tractors="plain")
    units = decompose(P("H8 H8 H7 H7 H6 H6 H5 H5 H4 H4 H2 H2 HK"), plain)
    assert [(u.kind, texts(u.cards)) for u in units] == [
        ("tractor", ["H8", "H8", "H7", "H7", "H6", "H6", "H5", "H5", "H4", "H4"]),
        ("pair", ["H2", "H2"]),
        ("single", ["HK"]),
    ]
    assert units[0].steps == 5 and units[0].shape.size == 10
    full = decompose(P("H8 H8 H7 H7 H6 H6 H5 H5 H4 H4 H2 H2 HK"), Trump(3, "S"))
    assert full[0].steps == 6  # across the hole of the 3s
    units = decompose(P("SA SA SK SK H3 H3 S3 S3 LJ LJ"), plain)
    assert [u.kind for u in units] == ["tractor", "pair", "pair", "pair"]
    assert texts(units[0].cards) == ["SA", "SA", "SK", "SK"]


def test_without_tractors_a_lead_of_pairs_is_a_throw_and_follows_owe_only_pairs():
    off = Trump(3, "S", tractors="off")
    lead = P("H9 H9 H8 H8 H7 H7")
    fmt = lead_format(lead, off)
    assert fmt.is_throw and fmt.pairs == 3 and not fmt.runs and fmt.largest_unit_size == 2
    # a hand holding a "tractor" owes three pairs, any three
    hand = P("HQ HQ HJ HJ H5 H5 HK H2")
    assert check_follow(hand, lead, P("HQ HQ HK H2 H5 H5"), off).ok is False  # two pairs only
    assert check_follow(hand, lead, P("HQ HQ H5 H5 HJ HJ"), off)
    assert check_follow(hand, lead, P("HQ HQ H5 H5 HJ HJ"), Trump(3, "S"))
    # the throw stands only if no other hand holds a higher pair than the lowest pair
    assert check_throw(lead, [P("H6 H6 HA")], off).ok
    failed = check_throw(lead, [P("H6 H6"), P("HJ HJ")], off)
    assert texts(failed.forced) == ["H7", "H7"] and texts(failed.beaten_by) == ["HJ", "HJ"]


def test_without_tractors_the_highest_pair_of_a_ruff_decides():
    off = Trump(3, "S", tractors="off")
    lead = P("D9 D9 D8 D8")
    plays = [lead, P("S2 S2 S4 S4"), P("SK SK S5 S5"), P("S6 S6 S7 S8")]
    assert trick_winner(plays, off) == 2  # SK SK beats S4 S4; the last play has one pair
    full = Trump(3, "S")
    # with tractors S2 S2 S4 S4 is a tractor and SK SK S5 S5 is not: the first ruff wins
    assert trick_winner(plays, full) == 1


def test_decks_of_three_refuse_other_tractor_rules():
    for mode in ("plain", "off"):
        with pytest.raises(ValueError, match="tractors"):
            RuleSet(decks=3, tractors=mode)


def test_one_deck_plays_every_tractor_rule_and_has_only_singles():
    for mode in TRACTOR_RULES:
        rules = RuleSet(decks=1, tractors=mode)
        trump = rules.trump(5, "H")
        assert [u.kind for u in decompose(P("H6 H7 H8 S5"), trump)] == ["single"] * 4


# --- RULES §12.15: the table --------------------------------------------------------------
EQUAL, BY_SUIT = Trump(10, "S"), Trump(10, "S", offsuit_levels="suit")


@pytest.mark.parametrize(
    "plays, trump_suit, equal, by_suit",
    [
        (["C10", "H10", "D10", "S3"], "S", 0, 1),
        (["DA", "C10", "H10", "D3"], "S", 1, 2),
        (["C10 C10", "H10 H10", "D4 D5", "S3 S3"], "S", 0, 1),
        (["C10", "S10", "H4", "D4"], None, 0, 1),
    ],
)
def test_the_offsuit_level_table_who_wins(plays, trump_suit, equal, by_suit):
    plays = [P(p) for p in plays]
    assert trick_winner(plays, Trump(10, trump_suit)) == equal
    assert trick_winner(plays, Trump(10, trump_suit, offsuit_levels="suit")) == by_suit


def test_the_offsuit_level_table_the_seeds_case_at_level_2():
    plays = [P("C2"), P("S2")]
    assert trick_winner(plays, Trump(2, "H")) == 0
    assert trick_winner(plays, Trump(2, "H", offsuit_levels="suit")) == 1
    assert trick_winner(plays, RuleSet(offsuit_levels="suit").trump(2, "H")) == 1
    # the trump suit's own level card stays above them all
    assert trick_winner([P("S2"), P("H2")], Trump(2, "H", offsuit_levels="suit")) == 1


def test_the_offsuit_level_table_throws():
    lead = P("LJ H10 C10")
    assert check_throw(lead, [P("D10")], EQUAL).ok
    failed = check_throw(lead, [P("D10")], BY_SUIT)
    assert not failed.ok and texts(failed.forced) == ["C10"] and texts(failed.beaten_by) == ["D10"]
    equal = check_throw(lead, [P("S10")], EQUAL)
    assert not equal.ok and texts(equal.forced) in (["H10"], ["C10"])
    by_suit = check_throw(lead, [P("S10")], BY_SUIT)
    assert not by_suit.ok and texts(by_suit.forced) == ["C10"]


def test_ranked_offsuit_level_cards_in_order_and_on_the_ladder():
    cards = P("S10 C10 H10 D10 LJ SA BJ")
    assert texts(BY_SUIT.sort(cards)) == ["BJ", "LJ", "S10", "H10", "D10", "C10", "SA"]
    assert [BY_SUIT.strength(c) for c in P("C10 D10 H10 S10")] == sorted(
        {BY_SUIT.strength(c) for c in P("C10 D10 H10 S10")}
    )
    assert EQUAL.strength(Card.parse("C10")) == EQUAL.strength(Card.parse("H10"))
    ladder = [texts(step) for step in BY_SUIT.ladders()["T"]]
    assert ladder[-7:] == [["SA"], ["C10"], ["D10"], ["H10"], ["S10"], ["LJ"], ["BJ"]]
    no_trump = Trump(10, None, offsuit_levels="suit")
    assert [texts(step) for step in no_trump.ladders()["T"]] == [
        ["C10"],
        ["D10"],
        ["H10"],
        ["S10"],
        ["LJ"],
        ["BJ"],
    ]
    # the off-suit 2s of RULES §11.2 stay equal; the level cards are ranked
    twos = Trump(10, "S", twos_are_trump=True, offsuit_levels="suit")
    assert [texts(step) for step in twos.ladders()["T"]][-8:] == [
        ["H2", "D2", "C2"],
        ["S2"],
        ["C10"],
        ["D10"],
        ["H10"],
        ["S10"],
        ["LJ"],
        ["BJ"],
    ]


def test_ranked_offsuit_level_cards_keep_the_steps_of_tractors_and_following():
    for cards, tractor in [
        ("SA SA H10 H10", True),
        ("SA SA C10 C10", True),
        ("H10 H10 S10 S10", True),
        ("C10 C10 S10 S10", True),
        ("SA SA H10 H10 S10 S10", True),
        ("H10 H10 C10 C10", False),  # still one shared step for tractors
        ("D10 D10 H10 H10", False),
    ]:
        assert is_tractor(P(cards), BY_SUIT) is tractor is is_tractor(P(cards), EQUAL)
    cards = P("SA SA H10 H10 C10 C10 S10 S10")
    assert [texts(u.cards) for u in decompose(cards, BY_SUIT)] == [
        texts(u.cards) for u in decompose(cards, EQUAL)
    ]
    assert [u.steps for u in decompose(cards, BY_SUIT)] == [3, 1]
    # following a tractor of trumps: the same answers
    hand, lead = P("SA SA C10 C10 H10 H10 S3 S4"), P("LJ LJ BJ BJ")
    for play in (P("SA SA C10 C10"), P("SA SA H10 H10"), P("C10 C10 H10 H10"), P("S3 S4 SA SA")):
        assert bool(check_follow(hand, lead, play, BY_SUIT)) is bool(
            check_follow(hand, lead, play, EQUAL)
        )


def test_ranked_offsuit_level_cards_in_pairs_tractors_and_throws():
    # a pair of ♥10 beats a pair of ♣10, in a trick and against a throw
    assert trick_winner([P("DA DA"), P("C10 C10"), P("H10 H10")], BY_SUIT) == 2
    lead = P("C10 C10 H10 H10")  # two pairs of trumps: a throw (one shared step)
    assert lead_format(lead, BY_SUIT).is_throw
    assert check_throw(lead, [P("D10 D10")], EQUAL).ok
    failed = check_throw(lead, [P("D10 D10")], BY_SUIT)
    assert texts(failed.forced) == ["C10", "C10"]
    # three decks: a tractor through the shared step ranks by its top pair
    three = RuleSet(decks=3, offsuit_levels="suit")
    by_suit = three.trump(10, "S")
    plays = [P("DA DA DK DK"), P("SA SA C10 C10"), P("SA SA H10 H10"), P("D2 D3 D4 D5")]
    assert trick_winner(plays, EQUAL) == 1
    assert trick_winner(plays, by_suit) == 2
    throw = P("SA SA C10 C10 BJ")
    assert check_throw(throw, [P("SA SA H10 H10")], EQUAL).ok
    failed = check_throw(throw, [P("SA SA H10 H10")], by_suit)
    assert texts(failed.forced) == ["C10", "C10", "SA", "SA"]  # strongest first
    assert texts(failed.beaten_by) == ["H10", "H10", "SA", "SA"]
    # a titanic through it ranks by its top triple; a triple against a triple
    (titanic,) = decompose(P("SA SA SA H10 H10 H10"), by_suit)
    assert titanic.kind == "titanic" and titanic.steps == 2
    assert titanic.high == by_suit.step(Card.parse("H10")) > by_suit.step(Card.parse("C10"))
    plays = [P("D9 D9 D9"), P("D10 D10 D10"), P("H10 H10 H10")]
    assert trick_winner(plays, EQUAL) == 1 and trick_winner(plays, by_suit) == 2
    throw = P("C10 C10 C10 BJ")
    assert check_throw(throw, [P("H10 H10 H10")], three.trump(10, "S")).ok is False
    assert check_throw(throw, [P("H10 H10 H10")], RuleSet(decks=3).trump(10, "S")).ok


# --- RULES §12.3: the table (level 10, ♠ trump) -------------------------------------------
@pytest.mark.parametrize(
    "attempt, held, lowest_beaten, smallest_card",
    [
        ("H9 H8 H8 H4 H4", "HJ", [["H9"]], [["H4"]]),
        ("H9 H8 H8 H4 H4", "HQ HQ", [["H4", "H4"]], [["H4"]]),
        ("H9 H8 H8 H4 H4", "H3 H3", None, None),
        ("SA SK S3 S3", "BJ", [["SK"]], [["S3"]]),
        ("LJ H10 C10", "BJ", [["H10"], ["C10"]], [["H10"], ["C10"]]),
    ],
)
def test_the_failed_throw_table(attempt, held, lowest_beaten, smallest_card):
    lead, others = P(attempt), [P(held), P("C3 C4")]
    for rules, expected in ((RuleSet(), lowest_beaten), (SMALLEST, smallest_card)):
        result = check_throw(lead, others, EQUAL, rules)
        if expected is None:
            assert result.ok and result.forced == lead
        else:
            assert not result.ok and texts(result.forced) in expected
            assert texts(result.beaten_by) == texts(P(held))  # who beats it is the same
    assert check_throw(lead, others, EQUAL) == check_throw(lead, others, EQUAL, RuleSet())


def test_the_smallest_card_rule_says_why_in_both_languages():
    result = check_throw(P("H9 H8 H8 H4 H4"), [P("HJ")], EQUAL, SMALLEST)
    assert "smallest card ♥4" in result.reason and "♥J" in result.reason
    assert result.beaten.kind == "single" and texts(result.beaten.cards) == ["H9"]
    from shengji_edu.i18n import render

    assert "最小的一张" in render(result.message, "zh")


def test_the_smallest_card_is_the_weakest_in_its_suits_order():
    # the order of the effective suit, not the printed rank: level 10, ♠ trump
    result = check_throw(P("S10 S2 H10 LJ"), [P("BJ")], EQUAL, SMALLEST)
    assert texts(result.forced) == ["S2"]
    result = check_throw(P("LJ H10 C10 D10"), [P("BJ")], BY_SUIT, SMALLEST)
    assert texts(result.forced) == ["C10"]  # ranked by suit, ♣ is the weakest
    # a single unit is no throw and always stands, under either rule
    assert check_throw(P("H4 H4"), [P("HA HA")], EQUAL, SMALLEST).ok


def test_a_failed_last_lead_counts_the_card_led():
    # RULES §7 / §12.3: the kitty multiplier counts what was led
    result = check_throw(P("H9 H8 H8 H4 H4"), [P("HQ HQ")], EQUAL, SMALLEST)
    assert kitty_multiplier(result.forced, EQUAL, SMALLEST) == 2
    result = check_throw(P("H9 H8 H8 H4 H4"), [P("HQ HQ")], EQUAL)
    assert kitty_multiplier(result.forced, EQUAL) == 4


# --- the engine plays these rules ---------------------------------------------------------
def _failing_throw(rules: RuleSet):
    """A dealt round at level 2 (♠ trump) whose dealer holds a side-suit throw of a single
    and a pair that fails; returns (round, throw)."""
    from shengji_edu.game import Round

    trump = rules.trump(2, "S")
    for seed in range(400):
        rnd = Round(seed, rules, (2, 2), 0, fixed_trump=trump)
        rnd.deal_all()
        rnd.finish_deal()
        rnd.bury(0, list(rnd.deck[100:]))
        hand = Counter(rnd.hand(0))
        others = [c for seat in (1, 2, 3) for c in rnd.hand(seat)]
        for suit in "HDC":
            pairs = sorted(c for c, n in hand.items() if n == 2 and c.suit == suit and c.rank > 2)
            singles = [c for c, n in hand.items() if n == 1 and c.suit == suit and c.rank > 2]
            if not pairs or not singles:
                continue
            pair, single = pairs[-1], max(singles)
            if pair.rank - single.rank in (-1, 1):
                continue  # no tractor
            beaten = any(c.suit == suit and c.rank > single.rank for c in others)
            if beaten and single.rank < pair.rank:
                return rnd, [single, pair, pair]
    pytest.fail("no failing throw found")


@pytest.mark.parametrize("failed_throw", ["lowest_beaten", "smallest_card"])
def test_the_engine_leads_what_the_failed_throw_rule_says(failed_throw):
    from shengji_edu.game import events as ev

    rules = RuleSet(failed_throw=failed_throw, throw_penalty=10)
    rnd, throw = _failing_throw(rules)
    before = Counter(rnd.hand(0))
    played = rnd.play(0, throw)
    single = throw[0]  # the weakest card, and (beaten) the lowest beaten unit here as well
    assert played == (single,)
    assert rnd.lead == (single,)
    assert Counter(rnd.hand(0)) == before - Counter([single])
    event = [e for e in rnd.events if e.kind == ev.THROW_FAILED][-1]
    assert parse_cards(event.data["forced"]) == [single]
    assert rnd.penalty == 10  # the penalty applies in both modes


def test_the_engine_leads_the_smallest_card_where_the_lowest_beaten_unit_differs():
    from shengji_edu.game import Round

    trump = SMALLEST.trump(2, "S")
    for seed in range(600):
        rnd = Round(seed, SMALLEST, (2, 2), 0, fixed_trump=trump)
        rnd.deal_all()
        rnd.finish_deal()
        rnd.bury(0, list(rnd.deck[100:]))
        others = [rnd.hand(seat) for seat in (1, 2, 3)]
        held = Counter(rnd.hand(0))
        for suit in "HDC":
            pairs = [c for c, n in held.items() if n == 2 and c.suit == suit and c.rank > 2]
            singles = [c for c, n in held.items() if c.suit == suit and c.rank > 2]
            for pair, single in product(pairs, singles):
                if single.rank <= pair.rank + 1:
                    continue  # a single above the pair, and no tractor
                throw = [single, pair, pair]
                default = check_throw(throw, others, trump)
                if default.ok or default.forced != [single]:
                    continue  # the single is the lowest beaten unit: not the smallest card
                played = rnd.play(0, throw)
                assert played == (pair,)  # smallest_card: the weakest card instead
                assert rnd.hand(0).count(pair) == 1 and single in rnd.hand(0)
                return
    pytest.fail("no seed found")


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(tractors="plain"),
        RuleSet(tractors="off", failed_throw="smallest_card"),
        RuleSet(offsuit_levels="suit", twos_are_trump=True),
        RuleSet(tractors="plain", offsuit_levels="suit", decks=1),
        RuleSet(offsuit_levels="suit", decks=3, failed_throw="smallest_card"),
    ],
    ids=["plain", "off-smallest", "suit-twos", "plain-suit-1deck", "suit-3decks"],
)
def test_whole_hands_under_the_order_options_keep_the_engines_checks(rules):
    from shengji_edu.game import Round, Table
    from shengji_edu.players import GreedyPlayer, RandomPlayer

    for seed in range(3):
        players = [RandomPlayer(throw_rate=0.5), GreedyPlayer(), RandomPlayer(), GreedyPlayer()]
        rnd = Table(Round(seed, rules), players).run()  # every play is checked as it is made
        assert rnd.result is not None
        assert rnd.trump.tractors == rules.tractors
        assert rnd.trump.offsuit_levels == rules.offsuit_levels


# --- Trump: links and chains --------------------------------------------------------------
TRUMPS = [
    Trump(level, suit, twos, tractors, offsuit)
    for level in (2, 3, 10, 14)
    for suit in ("S", "H", None)
    for twos in (False, True)
    for tractors in TRACTOR_RULES
    for offsuit in OFFSUIT_LEVEL_RULES
]


def test_the_link_table_is_the_step_table_for_the_default_order_only():
    for trump in TRUMPS:
        same = trump.tractors == "full" and trump.offsuit_levels == "equal"
        assert (trump.link_by_index is trump.step_by_index) is same


def test_links_chains_and_the_link_table_agree():
    for trump in TRUMPS:
        assert list(trump.chains()) == list(trump.ladders())
        on_chain = {}
        for suit, chains in trump.chains().items():
            for number, chain in enumerate(chains):
                assert len(chain) >= 2
                for position, cards in enumerate(chain):
                    for card in cards:
                        assert trump.suit_of(card) == suit
                        on_chain[card] = (suit, number, position)
        for card in ALL_54:
            link = trump.link(card)
            assert link == trump.link_by_index[card.index]
            assert (link is None) is (card not in on_chain)
        for a in on_chain:
            for b in on_chain:
                (sa, na, pa), (sb, nb, pb) = on_chain[a], on_chain[b]
                adjacent = sa == sb and na == nb and pb == pa + 1
                assert (trump.link(b) == trump.link(a) + 1 and sa == sb) is adjacent


def test_full_chains_are_the_ladders_with_one_shared_step_for_the_level_cards():
    for trump in TRUMPS:
        if trump.tractors != "full":
            continue
        equal = Trump(trump.level, trump.suit, trump.twos_are_trump)
        assert trump.chains() == {suit: [ladder] for suit, ladder in equal.ladders().items()}
        assert trump.link_by_index == equal.step_by_index


def test_plain_chains_hold_printed_runs_and_off_holds_none():
    for trump in TRUMPS:
        if trump.tractors == "off":
            assert all(not chains for chains in trump.chains().values())
            continue
        if trump.tractors != "plain":
            continue
        for chains in trump.chains().values():
            for chain in chains:
                cards = [cards[0] for cards in chain]
                assert all(len(step) == 1 for step in chain)
                assert len({c.suit for c in cards}) == 1
                assert [c.rank for c in cards] == list(range(cards[0].rank, cards[-1].rank + 1))
                for card in cards:
                    assert not card.is_joker and card.rank != trump.level
                    assert not (trump.twos_are_trump and card.rank == 2)


def test_the_order_options_change_no_effective_suit_and_only_level_card_strengths():
    def sign(x, y):
        return (x > y) - (x < y)

    for trump in TRUMPS:
        base = Trump(trump.level, trump.suit, trump.twos_are_trump)
        assert trump.suit_by_index == base.suit_by_index
        if trump.offsuit_levels == "equal":
            assert trump.step_by_index == base.step_by_index
        for a in ALL_54:
            for b in ALL_54:
                now = sign(trump.strength(a), trump.strength(b))
                before = sign(base.strength(a), base.strength(b))
                ranked = {a.rank, b.rank} == {trump.level} and trump.suit not in (a.suit, b.suit)
                assert now == before or (ranked and before == 0 and a.suit != b.suit)


def test_trumps_with_the_order_options_are_values():
    for trump in TRUMPS[::7]:
        again = pickle.loads(pickle.dumps(trump))
        assert again == trump and hash(again) == hash(trump) and repr(again) == repr(trump)
        assert again.link_by_index == trump.link_by_index


# --- the reference: RULES §2-§6 and §12.14-12.15, from scratch ----------------------------
SUIT_ORDER = {"S": 3, "H": 2, "D": 1, "C": 0}


def ref_strength(card: Card, trump: Trump, by_suit: bool | None = None) -> tuple[int, int]:
    """How strong a card is within its effective suit (RULES §2, §11.2, §12.15)."""
    if by_suit is None:
        by_suit = trump.offsuit_levels == "suit"
    twos = trump.twos_are_trump and trump.level != 2
    if card.is_joker:
        return (9 if card.rank == 16 else 8, 0)
    if card.rank == trump.level:
        if card.suit == trump.suit:
            return (7, 0)
        return (6, SUIT_ORDER[card.suit] if by_suit else 0)
    if twos and card.rank == 2:
        return (5, 0) if card.suit == trump.suit else (4, 0)
    return (0, card.rank)


def ref_link(card: Card, trump: Trump):
    """(chain, position) of a card for tractors, or None (RULES §3, §11.2, §12.14)."""
    if trump.tractors == "off":
        return None
    if trump.tractors == "plain":
        if card.is_joker or card.rank == trump.level or (trump.twos_are_trump and card.rank == 2):
            return None
        return (card.suit, card.rank)
    suit = trump.suit_of(card)
    classes = sorted(
        {ref_strength(c, trump, by_suit=False) for c in ALL_54 if trump.suit_of(c) == suit}
    )
    return (suit, classes.index(ref_strength(card, trump, by_suit=False)))


def ref_tractors(cnt: Counter, length: int, trump: Trump) -> list[tuple[Card, ...]]:
    """Every tractor of ``length`` pairs inside ``cnt``: distinct cards, lowest first."""
    links = {c: ref_link(c, trump) for c, k in cnt.items() if k >= 2}
    links = {c: link for c, link in links.items() if link is not None}
    found = []

    def extend(run):
        if len(run) == length:
            found.append(tuple(run))
            return
        chain, position = links[run[-1]]
        for card, link in links.items():
            if link == (chain, position + 1):
                extend([*run, card])

    for card in links:
        extend([card])
    return found


def ref_format(lead, trump: Trump) -> tuple[list[int], int, int]:
    """RULES §3's decomposition of a lead: (tractor lengths longest first, pairs, singles).

    The longest tractor first, of equally long ones the highest, pair by pair from the top
    (on the shared step of the off-suit level cards: the suit order S, H, D, C of §11.1)."""
    cnt = Counter(lead)
    lengths = []
    while True:
        length, best = 2, None
        while found := ref_tractors(cnt, length, trump):
            best = max(found, key=lambda t: [ref_strength(c, trump) for c in reversed(t)])
            length += 1
        if best is None:
            break
        lengths.append(len(best))
        cnt -= Counter({c: 2 for c in best})
    pairs = sum(k // 2 for k in cnt.values())
    return sorted(lengths, reverse=True), pairs, sum(k % 2 for k in cnt.values())


def ref_units(lead, trump: Trump) -> list[tuple[str, int, tuple, tuple]]:
    """The same decomposition as units: (kind, pairs, top strength, low strength)."""
    cnt = Counter(lead)
    units = []
    while True:
        length, best = 2, None
        while found := ref_tractors(cnt, length, trump):
            best = max(found, key=lambda t: [ref_strength(c, trump) for c in reversed(t)])
            length += 1
        if best is None:
            break
        units.append(
            ("tractor", len(best), ref_strength(best[-1], trump), ref_strength(best[0], trump))
        )
        cnt -= Counter({c: 2 for c in best})
    for card, k in cnt.items():
        units += [("pair", 1, ref_strength(card, trump), ref_strength(card, trump))] * (k // 2)
        units += [("single", 0, ref_strength(card, trump), ref_strength(card, trump))] * (k % 2)
    return sorted(units)


def ref_best_key(play, lengths: list[int], pairs: int, trump: Trump):
    """RULES §6: the play's key units' strengths, highest first, in its best split."""
    key_length = lengths[0] if lengths else (1 if pairs else 0)
    best = None

    def split(cnt, lengths, pairs, keys):
        nonlocal best
        if lengths:
            for tractor in ref_tractors(cnt, lengths[0], trump):
                top = ref_strength(tractor[-1], trump)
                more = [top] if lengths[0] == key_length else []
                split(cnt - Counter({c: 2 for c in tractor}), lengths[1:], pairs, keys + more)
            return
        if pairs:
            pairable = sorted((c for c, k in cnt.items() if k >= 2), key=lambda c: card_order(c))
            if len(pairable) < pairs:
                return
            if key_length == 1:  # the pairs are the key units: the highest ones
                tops = sorted((ref_strength(c, trump) for c in pairable), reverse=True)
                keys = keys + tops[:pairs]
        elif key_length == 0:
            keys = [ref_strength(c, trump) for c in cnt.elements()]
        vector = tuple(sorted(keys, reverse=True))
        if best is None or vector > best:
            best = vector

    split(Counter(play), lengths, pairs, [])
    return best


def card_order(card: Card) -> tuple[str, int]:
    return (card.suit, card.rank)


def ref_trick_winner(plays, trump: Trump) -> int:
    lead = plays[0]
    suit = trump.suit_of(lead[0])
    lengths, pairs, _singles = ref_format(lead, trump)
    winner, winner_key = 0, None
    for index, play in enumerate(plays):
        suits = {trump.suit_of(c) for c in play}
        if suits == {suit}:
            ruff = False
        elif suit != "T" and suits == {"T"}:
            ruff = True
        else:
            continue
        key = ref_best_key(play, lengths, pairs, trump)
        if key is None:
            continue
        if winner_key is None or (ruff, key) > winner_key:
            winner, winner_key = index, (ruff, key)
    return winner


def ref_beaten(unit, others, suit: str, trump: Trump) -> bool:
    kind, length, top, _low = unit
    for hand in others:
        cnt = Counter(c for c in hand if trump.suit_of(c) == suit)
        if kind == "single" and any(ref_strength(c, trump) > top for c in cnt):
            return True
        if kind == "pair" and any(ref_strength(c, trump) > top for c, k in cnt.items() if k >= 2):
            return True
        if kind == "tractor" and any(
            ref_strength(t[-1], trump) > top for t in ref_tractors(cnt, length, trump)
        ):
            return True
    return False


def ref_throw(lead, others, trump: Trump, rules: RuleSet):
    """(stands, the possible forced leads as sorted card lists)."""
    suit = trump.suit_of(lead[0])
    units = ref_units(lead, trump)
    if len(units) == 1:
        return True, None
    beaten = [u for u in units if ref_beaten(u, others, suit, trump)]
    if not beaten:
        return True, None
    if rules.failed_throw == "smallest_card":
        weakest = min(ref_strength(c, trump) for c in lead)
        return False, [[c] for c in lead if ref_strength(c, trump) == weakest]
    kinds = ("single", "pair", "tractor")
    rank = min((u[3], kinds.index(u[0]), u[1]) for u in beaten)
    return False, [u for u in beaten if (u[3], kinds.index(u[0]), u[1]) == rank]


def ref_follow(hand, lead, play, trump: Trump) -> bool:
    """RULES §5, with §12.14's tractors."""
    hand_c, play_c = Counter(hand), Counter(play)
    suit, n = trump.suit_of(lead[0]), len(lead)
    if len(play) != n or play_c - hand_c:
        return False
    hs = Counter({c: k for c, k in hand_c.items() if trump.suit_of(c) == suit})
    ps = Counter({c: k for c, k in play_c.items() if trump.suit_of(c) == suit})
    if sum(hs.values()) >= n:
        if sum(ps.values()) != n:
            return False
    elif hs - ps:
        return False
    lengths, pairs, _ = ref_format(lead, trump)
    owed = min(pairs + sum(lengths), sum(k // 2 for k in hs.values()))
    if sum(k // 2 for k in ps.values()) < owed:
        return False

    def tractors(hs, ps, lengths):
        if not lengths:
            return True
        if not ref_tractors(hs, lengths[0], trump):
            return tractors(hs, ps, lengths[1:])
        for tractor in ref_tractors(ps, lengths[0], trump):
            used = Counter({c: 2 for c in tractor})
            if tractors(hs - used, ps - used, lengths[1:]):
                return True
        return False

    return tractors(hs, ps, lengths)


# --- properties -------------------------------------------------------------------------
orders = st.tuples(st.sampled_from(TRACTOR_RULES), st.sampled_from(OFFSUIT_LEVEL_RULES))


def with_order(trump: Trump, order, twos: bool = False) -> Trump:
    tractors, offsuit = order
    return Trump(trump.level, trump.suit, twos, tractors=tractors, offsuit_levels=offsuit)


def one_suit(cards, trump: Trump) -> bool:
    return len({trump.suit_of(c) for c in cards}) == 1


@given(deck_samples(), orders, st.booleans())
def test_decompose_is_the_references_decomposition(sample, order, twos):
    cards, base = sample
    trump = with_order(base, order, twos)
    units = decompose(cards, trump)
    got = []
    for suit in {trump.suit_of(c) for c in cards}:
        mine = [c for c in cards if trump.suit_of(c) == suit]
        expected = ref_units(mine, trump)
        got = sorted(
            (
                u.kind,
                u.pairs,
                ref_strength(u.cards[0], trump),
                ref_strength(u.cards[-1], trump),
            )
            for u in units
            if u.suit == suit
        )
        assert got == expected
    assert Counter(c for u in units for c in u.cards) == Counter(cards)


@given(deck_samples(), st.sampled_from(OFFSUIT_LEVEL_RULES), st.booleans())
def test_without_tractors_decompose_gives_pairs_and_singles(sample, offsuit, twos):
    cards, base = sample
    trump = with_order(base, ("off", offsuit), twos)
    units = decompose(cards, trump)
    counts = Counter(cards)
    assert all(u.kind in ("pair", "single") for u in units)
    assert sorted(texts(u.cards) for u in units if u.kind == "pair") == sorted(
        [c.text, c.text] for c, k in counts.items() for _ in range(k // 2)
    )
    assert len([u for u in units if u.kind == "single"]) == sum(k % 2 for k in counts.values())


@given(deck_samples(), st.sampled_from(OFFSUIT_LEVEL_RULES), st.booleans())
def test_plain_tractors_are_printed_runs_without_level_cards(sample, offsuit, twos):
    cards, base = sample
    trump = with_order(base, ("plain", offsuit), twos)
    for unit in decompose(cards, trump):
        if unit.kind != "tractor":
            continue
        distinct = unit.cards[::2]
        assert len({c.suit for c in distinct}) == 1
        ranks = [c.rank for c in distinct]
        assert ranks == list(range(ranks[0], ranks[0] - len(ranks), -1))
        for card in distinct:
            assert not card.is_joker and card.rank != trump.level
            assert not (trump.twos_are_trump and card.rank == 2)


@given(deck_samples(), st.sampled_from(TRACTOR_RULES), st.booleans())
def test_ranking_level_cards_by_suit_changes_no_unit(sample, tractors, twos):
    cards, base = sample
    equal = with_order(base, (tractors, "equal"), twos)
    by_suit = with_order(base, (tractors, "suit"), twos)
    assert [(u.kind, u.cards) for u in decompose(cards, equal)] == [
        (u.kind, u.cards) for u in decompose(cards, by_suit)
    ]


@given(trick_cases(), orders)
def test_trick_winner_is_the_references(case, order):
    plays, base = case
    trump = with_order(base, order)
    assert trick_winner(plays, trump) == ref_trick_winner(plays, trump)


@given(trick_cases(), orders)
def test_trick_winner_with_twos_is_the_references(case, order):
    plays, base = case
    trump = with_order(base, order, twos=True)
    assume(one_suit(plays[0], trump))
    assert trick_winner(plays, trump) == ref_trick_winner(plays, trump)


@given(throw_cases(), orders, st.sampled_from(["lowest_beaten", "smallest_card"]), st.booleans())
def test_check_throw_is_the_references(case, order, failed_throw, twos):
    lead, others, base = case
    trump, rules = with_order(base, order, twos), RuleSet(failed_throw=failed_throw)
    assume(one_suit(lead, trump))
    result = check_throw(lead, others, trump, rules)
    stands, forced = ref_throw(lead, others, trump, rules)
    assert result.ok is stands
    if stands:
        assert Counter(result.forced) == Counter(lead)
    elif failed_throw == "smallest_card":
        assert [result.forced] in [[f] for f in forced]
        assert len(result.forced) == 1
    else:
        unit = next(u for u in decompose(result.forced, trump))
        assert len(decompose(result.forced, trump)) == 1
        assert (unit.kind, unit.pairs) in [(f[0], f[1]) for f in forced]
        low = ref_strength(result.forced[-1], trump)
        assert low == forced[0][3]
        assert not Counter(result.forced) - Counter(lead)
    # the two rules fail the same throws, beaten by the same cards
    other = check_throw(lead, others, trump)
    assert other.ok is result.ok and other.beaten_by == result.beaten_by


@given(follow_cases(), orders, st.booleans())
def test_check_follow_is_the_references(case, order, twos):
    hand, lead, base = case
    trump = with_order(base, order, twos)
    assume(one_suit(lead, trump))
    plays = list(legal_follows(hand, lead, trump))
    for play in plays:
        assert ref_follow(hand, lead, play, trump)
    # every other play of the suit's cards is refused by both
    suit_cards = [c for c in hand if trump.suit_of(c) == trump.suit_of(lead[0])]
    seen = {tuple(sorted(card_order(c) for c in p)) for p in plays}
    for size in {len(lead)}:
        for combo in set(_sub_multisets(suit_cards, size)):
            play = list(combo)
            expected = ref_follow(hand, lead, play, trump)
            assert bool(check_follow(hand, lead, play, trump)) is expected
            if expected:
                assert tuple(sorted(card_order(c) for c in play)) in seen


def _sub_multisets(cards, size):
    items = sorted(Counter(cards).items(), key=lambda kv: card_order(kv[0]))
    for counts in product(*(range(k + 1) for _, k in items)):
        if sum(counts) == size:
            yield tuple(c for (c, _), n in zip(items, counts, strict=True) for _ in range(n))


@given(follow_cases(), st.sampled_from(TRACTOR_RULES))
def test_ranking_level_cards_by_suit_changes_no_follow(case, tractors):
    hand, lead, base = case
    equal = with_order(base, (tractors, "equal"))
    by_suit = with_order(base, (tractors, "suit"))
    plays = [sorted(p) for p in legal_follows(hand, lead, equal)]
    assert plays == [sorted(p) for p in legal_follows(hand, lead, by_suit)]
