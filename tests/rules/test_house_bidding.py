"""RULES §12.4 (yielding the deal, 让庄) and §12.5 (报牌 with 吸牌 and 回牌): the pure rules.

Every row of §12.4's two tables and of §12.5's table, then properties against brute force
written from the text of RULES: the yield round answer by answer, the twin card by turning up
kitty cards one at a time, the order of reports by a comparator of the three sentences, the
reports a hand can make and the returns it may give by trying every subset of small hands.
"""

from __future__ import annotations

import doctest
import random
import re
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import sub_multisets

import shengji_edu.reporting as reporting
import shengji_edu.yielding as yielding
from shengji_edu import (
    Card,
    ReportOutcome,
    check_return,
    new_deck,
    parse_cards,
    report_outcome,
    report_strength,
    twin_dealer,
    yield_round,
)
from shengji_edu.i18n import render
from shengji_edu.reporting import (
    LEVEL_PAIR_TOP,
    ReportStrength,
    possible_reports,
    report_suit,
    return_options,
)
from shengji_edu.yielding import yield_choices

P = parse_cards
SUITS = ("S", "H", "D", "C")
BJ, LJ = Card("J", 16), Card("J", 15)
RED, BLACK = ("H", "D"), ("S", "C")


def no_english(text: str) -> bool:
    """No English word left in a Chinese text (ranks J Q K A are single letters)."""
    return not re.findall(r"[A-Za-z]{2,}", text)


def refusal(call, *args) -> ValueError:
    """The ValueError ``call(*args)`` raises; its Chinese must read as Chinese."""
    with pytest.raises(ValueError) as caught:
        call(*args)
    assert no_english(render(caught.value, "zh")), render(caught.value, "zh")
    return caught.value


def test_the_names_are_importable_from_the_package():
    import shengji_edu

    for name in ("yield_round", "twin_dealer", "report_strength", "report_outcome"):
        assert name in shengji_edu.__all__
    assert "check_return" in shengji_edu.__all__


@pytest.mark.parametrize("module", [yielding, reporting], ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module):
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted and not failed


# --- §12.4 the yield round ------------------------------------------------------------------
LEVELS = (5, 6)  # team 0 at 5, team 1 at 6


@pytest.mark.parametrize(
    "answers, expected",
    [
        pytest.param([P("H5")], (0, 5, "H"), id="1: the candidate declares"),
        pytest.param([None, P("S6")], (1, 6, "S"), id="2: team 1 deals at its level"),
        pytest.param([None, None, P("D5")], (2, 5, "D"), id="3: the candidate's partner"),
        pytest.param([None, None, None, None], None, id="4: all four yield"),
        pytest.param([None, None, None, P("C6")], (3, 6, "C"), id="the last seat"),
    ],
)
def test_yield_table(answers, expected):
    assert yield_round(answers, LEVELS, 0) == expected


def test_yield_row_5_names_the_seats_own_level():
    exc = refusal(yield_round, [P("H6")], LEVELS, 0)
    assert "5" in str(exc) and "seat 0" in str(exc)


def test_yield_row_6_a_joker_is_no_level_card():
    exc = refusal(yield_round, [None, P("LJ")], LEVELS, 0)
    assert "6" in str(exc) and "one level card" in str(exc)


@pytest.mark.parametrize(
    "answers",
    [
        pytest.param([None, P("S5")], id="team 1 cannot use team 0's level"),
        pytest.param([P("H5 H5")], id="a pair"),
        pytest.param([P("BJ BJ")], id="a joker pair"),
        pytest.param([P("H5 S5")], id="two level cards"),
        pytest.param([P("HA")], id="not a level card"),
        pytest.param([[]], id="nothing shown is not a yield"),
    ],
)
def test_yield_round_refuses_what_is_not_one_level_card(answers):
    refusal(yield_round, answers, LEVELS, 0)


@pytest.mark.parametrize(
    "answers",
    [
        pytest.param([P("H5"), None], id="an answer after the declaration"),
        pytest.param([None, P("S6"), P("D5")], id="a second declaration"),
        pytest.param([None] * 5, id="more than once round"),
        pytest.param([None, None, None], id="the round is not over"),
        pytest.param([], id="nobody answered"),
    ],
)
def test_yield_round_refuses_a_round_that_is_not_one(answers):
    refusal(yield_round, answers, LEVELS, 0)


def test_yield_round_counts_seats_from_the_candidate():
    # candidate 3: the answers are seats 3, 0, 1, 2
    assert yield_round([None, "H5"], LEVELS, 3) == (0, 5, "H")
    assert yield_round([None, None, "C6"], ("5", "6"), 3) == (1, 6, "C")
    assert yield_round(["H6"], (5, 6), 3) == (3, 6, "H")
    assert yield_round([None, None, None, "DA"], (2, "A"), 2) == (1, 14, "D")


def test_yield_round_refuses_bad_calls():
    for candidate in (-1, 4, None, True):
        with pytest.raises(ValueError):
            yield_round([None] * 4, LEVELS, candidate)
    for levels in ((5,), (5, 6, 7), "56", (5, 1)):
        with pytest.raises(ValueError):
            yield_round([None] * 4, levels, 0)


def test_yield_choices_lists_one_level_card_per_suit_held():
    hand = P("C5 H5 H5 BJ S6 D7")
    assert yield_choices(hand, 5) == [P("H5"), P("C5")]
    assert yield_choices(hand, 6) == [P("S6")]
    assert yield_choices(hand, 9) == []


def brute_yield(answers, levels, candidate):
    """The yield round read literally: answers one by one, 'error' where RULES refuses."""
    if len(answers) > 4:
        return "error"
    for turn, answer in enumerate(answers):
        if answer is None:
            continue
        seat = (candidate + turn) % 4
        level = levels[seat % 2]
        shown = list(answer)
        if len(shown) != 1 or shown[0].suit == "J" or shown[0].rank != level:
            return "error"
        if turn != len(answers) - 1:
            return "error"
        return seat, level, shown[0].suit
    return None if len(answers) == 4 else "error"


ANSWER_CARDS = st.sampled_from([Card(s, r) for s in SUITS for r in (5, 6, 7, 14)] + [BJ, LJ])
ANSWERS = st.one_of(
    st.none(),
    st.none(),
    st.lists(ANSWER_CARDS, min_size=1, max_size=1),
    st.lists(ANSWER_CARDS, min_size=0, max_size=3),
)


@given(
    st.lists(ANSWERS, min_size=0, max_size=5),
    st.tuples(st.sampled_from([5, 6, 7, 14]), st.sampled_from([5, 6, 7, 14])),
    st.integers(0, 3),
)
def test_yield_round_agrees_with_the_literal_reading(answers, levels, candidate):
    expected = brute_yield(answers, levels, candidate)
    if expected == "error":
        with pytest.raises(ValueError):
            yield_round(answers, levels, candidate)
    else:
        assert yield_round(answers, levels, candidate) == expected


# --- §12.4 the twin card ----------------------------------------------------------------------
def deal_around(kitty_text: str, holders: dict[int, str]) -> tuple[list[Card], list[list[Card]]]:
    """A whole two-deck deal: the kitty as given, the named cards in those seats' hands, the
    rest of the deck dealt round so that every hand has 25 cards."""
    kitty = P(kitty_text)
    rest = Counter(new_deck(2))
    rest.subtract(kitty)
    hands: list[list[Card]] = [[] for _ in range(4)]
    for seat, text in holders.items():
        hands[seat] = P(text)
        rest.subtract(hands[seat])
    assert all(n >= 0 for n in rest.values())
    pile = sorted(rest.elements(), key=lambda c: c.index)
    random.Random(12).shuffle(pile)
    for seat in range(4):
        while len(hands[seat]) < 25:
            hands[seat].append(pile.pop())
    return kitty, hands


def test_twin_table_row_1_the_holder_of_the_twin_deals():
    kitty, hands = deal_around("C9 S3 S4 S5 S6 S7 S8 S9", {3: "C9"})
    assert twin_dealer(kitty, hands, 0, 0) == (3, Card.parse("C9"))


def test_twin_table_row_2_a_big_joker_means_no_trump():
    kitty, hands = deal_around("S3 S4 S5 S6 S7 BJ S8 S9", {1: "BJ"})
    dealer, card = twin_dealer(kitty, hands, 5, 0)
    assert (dealer, card) == (1, BJ) and card.is_joker


def test_twin_table_row_3_a_twin_in_the_kitty_turns_up_the_next_card():
    kitty, hands = deal_around("HQ D4 S3 S4 HQ S5 S6 S7", {2: "D4"})
    assert twin_dealer(kitty, hands, 0, 0) == (2, Card.parse("D4"))


def test_twin_table_row_4_four_identical_pairs_leave_the_candidate():
    kitty = P("S3 S3 H4 H4 D5 D5 C6 C6")
    assert twin_dealer(kitty, [[], [], [], []], 3, 2) == (2, Card.parse("H4"))
    assert twin_dealer(kitty, {}, 3, 1) == (1, Card.parse("H4"))


def test_twin_card_wraps_round_the_kitty():
    kitty = P("S3 H4 H4 D5 D5 C6 C6 S9")
    hands = {0: P("S3"), 1: P("S9")}
    assert twin_dealer(kitty, hands, 7, 2) == (1, Card.parse("S9"))
    assert twin_dealer(kitty, hands, 1, 2) == (1, Card.parse("S9"))  # H4 … C6 are twins
    kitty = P("S3 H4 H4 D5 D5 C6 C6 S3")
    assert twin_dealer(kitty, hands, 7, 2) == (2, Card.parse("S3"))  # all eight are pairs


def test_twin_dealer_refuses_bad_calls():
    kitty = P("S3 H4 H4 D5 D5 C6 C6 S9")
    for drawn in (-1, 8, None, True):
        with pytest.raises(ValueError):
            twin_dealer(kitty, [[]] * 4, drawn, 0)
    with pytest.raises(ValueError):
        twin_dealer([], [[]] * 4, 0, 0)
    with pytest.raises(ValueError):
        twin_dealer(kitty, [[]] * 3, 0, 0)
    with pytest.raises(ValueError):
        twin_dealer(kitty, [[]] * 4, 0, 4)
    with pytest.raises(ValueError):  # three copies of S3
        twin_dealer(kitty, [P("S3"), P("S3"), [], []], 0, 0)


def simulate_twin(kitty, hands, drawn, candidate):
    """RULES §12.4 read literally: turn up kitty cards one at a time, from ``drawn``."""
    turned = []
    position = drawn
    while len(turned) < len(kitty):
        card = kitty[position]
        turned.append(card)
        twin_in_kitty = any(c == card for i, c in enumerate(kitty) if i != position)
        if not twin_in_kitty:
            for seat in range(4):
                if card in hands[seat]:
                    return seat, card
        position = (position + 1) % len(kitty)
    return candidate, turned[0]


@st.composite
def deals(draw):
    """A whole two-deck deal whose kitty holds 0–4 identical pairs, in any order."""
    deck = sorted(set(new_deck(2)), key=lambda c: c.index)
    pairs = draw(st.integers(0, 4))
    chosen = draw(st.permutations(deck))[: 8 - pairs]
    kitty = chosen[:pairs] * 2 + chosen[pairs:]
    kitty = draw(st.permutations(kitty))
    rest = Counter(new_deck(2))
    rest.subtract(kitty)
    pile = list(rest.elements())
    random.Random(draw(st.integers(0, 2**32))).shuffle(pile)
    hands = [pile[i::4] for i in range(4)]
    return list(kitty), hands


@given(deals(), st.integers(0, 7), st.integers(0, 3))
def test_twin_dealer_agrees_with_turning_up_cards_one_by_one(deal, drawn, candidate):
    kitty, hands = deal
    assert twin_dealer(kitty, hands, drawn, candidate) == simulate_twin(
        kitty, hands, drawn, candidate
    )
    dealer, card = twin_dealer(kitty, {s: h for s, h in enumerate(hands)}, drawn, candidate)
    assert card in kitty
    if Counter(kitty)[card] == 1:
        assert card in hands[dealer]  # with every card dealt, a single always has its twin


# --- §12.5 the strength of a report ---------------------------------------------------------
@pytest.mark.parametrize(
    "cards, level, expected",
    [
        ("BJ H3 H3", 2, ReportStrength(1, 3, True)),
        ("LJ SA SA", 2, ReportStrength(1, 14, False)),
        ("LJ C5 C5 C6 C6", 2, ReportStrength(2, 6, False)),
        ("C6 C5 LJ C6 C5", 2, ReportStrength(2, 6, False)),  # any order
        ("BJ H2 H2", 2, ReportStrength(1, LEVEL_PAIR_TOP, True)),
        ("BJ H4 H4 H6 H6", 5, ReportStrength(2, 6, True)),  # level 5: 4 and 6 are adjacent
        ("BJ H6 H6 H8 H8", 7, ReportStrength(2, 8, True)),
        ("LJ SQ SQ SK SK SA SA", 2, ReportStrength(3, 14, False)),
        ("LJ SQ SQ SK SK", 14, ReportStrength(2, 13, False)),  # level A: K is the top rank
        ("LJ SA SA", 14, ReportStrength(1, LEVEL_PAIR_TOP, False)),
    ],
)
def test_report_strength(cards, level, expected):
    assert report_strength(P(cards), level) == expected


def test_report_order_of_the_text():
    s = lambda text, level=2: report_strength(P(text), level)  # noqa: E731
    assert s("LJ C5 C5 C6 C6") > s("BJ DK DK")  # more pairs first
    assert s("LJ SA SA") > s("BJ H3 H3")  # then the top pair
    assert s("BJ HA HA") > s("LJ SA SA")  # then the big joker
    assert s("BJ H2 H2") > s("LJ SA SA") and s("BJ H2 H2") > s("BJ HA HA")  # level pair above A
    assert s("LJ S3 S3 S4 S4") > s("BJ H2 H2")  # a tractor beats the level pair
    assert s("BJ HA HA") == s("BJ DA DA")  # equally strong: the seat decides
    assert s("LJ S2 S2") == s("LJ C2 C2")


@pytest.mark.parametrize(
    "cards, says",
    [
        pytest.param("LJ H5 H5", "colour", id="6: colour"),
        pytest.param("BJ H5 D5", "no pair", id="6: no pair"),
        pytest.param("BJ H6 H6 H8 H8", "no tractor", id="6: no tractor"),
        pytest.param("BJ BJ H3 H3", "two jokers", id="6: two jokers"),
        pytest.param("BJ S5 S5", "colour", id="BJ with black"),
        pytest.param("LJ D5 D5 D6 D6", "colour", id="LJ with a red tractor"),
        pytest.param("H3 H3", "joker", id="no joker"),
        pytest.param("BJ", "pair", id="a joker alone"),
        pytest.param("LJ LJ", "joker", id="a pair of jokers"),
        pytest.param("BJ H3 H3 H4", "no pair", id="an odd card"),
        pytest.param("BJ H3 H3 H3", "no pair", id="three identical cards"),
        pytest.param("BJ H3 H3 D4 D4", "one suit", id="pairs of two suits"),
        pytest.param("BJ HA HA H2 H2", "alone", id="the level pair in a tractor"),
        pytest.param("BJ H2 H2 H3 H3", "alone", id="the level pair below 3"),
        pytest.param("LJ SA SA S2 S2", "alone", id="no wrap at another level"),
        pytest.param("BJ LJ H3 H3", "joker", id="both jokers"),
        pytest.param("", "nothing", id="nothing"),
    ],
)
def test_what_is_not_a_report(cards, says):
    exc = refusal(report_strength, P(cards), 2)
    assert says in str(exc)


def test_no_wrap_and_the_level_left_out():
    with pytest.raises(ValueError, match="tractor"):
        report_strength(P("LJ SA SA S2 S2"), 5)  # A and 2 are not adjacent
    with pytest.raises(ValueError, match="tractor"):
        report_strength(P("BJ H4 H4 H6 H6"), 2)  # 5 is between them at level 2
    assert report_suit(P("BJ D4 D4 D6 D6"), 5) == "D"


# A brute-force reading of §12.5's definition, built as a table of every report at a level.
def every_report(level):
    """{canonical cards: (pairs, top rank, joker)} of every report at ``level``, by the text:
    one joker with one pair, or one tractor (pairs on consecutive ranks with the level left
    out), of a suit of the joker's colour; a pair of the level rank alone."""
    table = {}
    ladder = [r for r in range(2, 15) if r != level]
    for joker, colour in ((BJ, RED), (LJ, BLACK)):
        for suit in colour:
            table[canon([joker, Card(suit, level), Card(suit, level)])] = ("level", 1, joker)
            for low in range(len(ladder)):
                for high in range(low, len(ladder)):
                    ranks = ladder[low : high + 1]
                    cards = [joker] + [Card(suit, r) for r in ranks for _ in (0, 1)]
                    table[canon(cards)] = (ranks[-1], len(ranks), joker)
    return table


def canon(cards):
    return tuple(sorted(cards, key=lambda c: c.index))


def brute_compare(a, b):
    """+1 if report ``a`` is larger, -1 if smaller, 0 if equally strong (seats aside), from
    the text: more pairs; then the higher top pair (a level pair above A); then BJ."""
    (top_a, pairs_a, joker_a), (top_b, pairs_b, joker_b) = a, b
    if pairs_a != pairs_b:
        return 1 if pairs_a > pairs_b else -1
    rank = {"level": 99}
    top_a, top_b = rank.get(top_a, top_a), rank.get(top_b, top_b)
    if top_a != top_b:
        return 1 if top_a > top_b else -1
    if joker_a != joker_b:
        return 1 if joker_a == BJ else -1
    return 0


LEVEL = st.sampled_from([2, 5, 7, 10, 13, 14])


@st.composite
def report_like(draw):
    """Cards that are often a report and often nearly one."""
    level = draw(LEVEL)
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2))
    matching = BJ if suits[0] in RED else LJ
    joker = draw(st.sampled_from([matching, matching, matching, BJ, LJ, None]))
    low = draw(st.integers(2, 13))
    ranks = list(range(low, min(15, low + draw(st.integers(1, 4)))))
    if len(ranks) > 2 and draw(st.booleans()):
        ranks.pop(1)  # a gap: a tractor only where the level was left out
    cards = [card for r in ranks for card in [Card(draw(st.sampled_from(suits)), r)] * 2]
    if draw(st.booleans()):
        cards = [Card(c.suit, level) if c.rank == ranks[0] else c for c in cards]
    if draw(st.integers(0, 4)) == 0 and cards:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    if draw(st.integers(0, 6)) == 0:
        cards.append(draw(st.sampled_from([BJ, LJ, Card("H", level)])))
    if joker is not None:
        cards.append(joker)
    return draw(st.permutations(cards)), level


@given(report_like())
def test_report_strength_accepts_exactly_the_reports_of_the_text(case):
    cards, level = case
    table = every_report(level)
    if canon(cards) in table:
        strength = report_strength(cards, level)
        assert strength.pairs == table[canon(cards)][1]
        assert strength.big == (table[canon(cards)][2] == BJ)
    else:
        refusal(report_strength, cards, level)


@given(LEVEL, st.data())
def test_report_order_is_the_brute_force_comparator(level, data):
    table = every_report(level)
    keys = sorted(table)
    a, b, c = (data.draw(st.sampled_from(keys)) for _ in range(3))
    sa, sb, sc = (report_strength(list(k), level) for k in (a, b, c))
    expected = brute_compare(table[a], table[b])
    assert (sa > sb) - (sa < sb) == expected
    assert (sa == sb) == (expected == 0)
    if sa >= sb and sb >= sc:  # transitive, as a total order must be
        assert sa >= sc


def test_the_order_on_every_pair_of_reports_at_one_level():
    table = every_report(10)
    strengths = {k: report_strength(list(k), 10) for k in table}
    for a, b in combinations(sorted(table), 2):
        expected = brute_compare(table[a], table[b])
        assert (strengths[a] > strengths[b]) - (strengths[a] < strengths[b]) == expected


@st.composite
def small_hands(draw, size=(3, 10)):
    level = draw(LEVEL)
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(2, 11))
    pool = [Card(s, r) for s in suits for r in range(low, low + 4)]
    pool += [Card(s, level) for s in suits] + [BJ, LJ]
    deck = [c for c in pool for _ in (0, 1)]
    n = draw(st.integers(*size))
    chosen = draw(st.permutations(deck))[:n]
    return list(chosen), level


@given(small_hands())
def test_possible_reports_are_every_report_a_subset_makes(case):
    hand, level = case
    expected = set()
    for size in range(3, len(hand) + 1):
        for sub in sub_multisets(hand, size):
            try:
                report_strength(list(sub), level)
            except ValueError:
                continue
            expected.add(canon(sub))
    found = possible_reports(hand, level)
    assert len(found) == len({canon(r) for r in found})
    assert {canon(r) for r in found} == expected
    strengths = [report_strength(r, level) for r in found]
    assert strengths == sorted(strengths, reverse=True)


# --- §12.5 who wins, who deals, who is absorbed ---------------------------------------------
@pytest.mark.parametrize(
    "reports, candidate, largest, suit, dealer, absorbed",
    [
        pytest.param({0: "BJ H3 H3", 1: "LJ SA SA"}, 0, 1, "S", 0, [0], id="1: A > 3"),
        pytest.param({1: "LJ C5 C5 C6 C6", 3: "BJ DK DK"}, 0, 1, "C", 1, [3], id="2: two pairs"),
        pytest.param({0: "BJ HA HA", 2: "LJ SA SA"}, 0, 0, "H", 0, [2], id="3: BJ beats LJ"),
        pytest.param({1: "BJ H2 H2", 3: "LJ SA SA"}, 0, 1, "H", 1, [3], id="4: level pair"),
        pytest.param({1: "BJ HA HA", 3: "BJ DA DA"}, 0, 1, "H", 1, [3], id="5: earlier seat"),
        pytest.param({1: "BJ HA HA", 3: "BJ DA DA"}, 2, 3, "D", 3, [1], id="5: from seat 2"),
    ],
)
def test_report_table(reports, candidate, largest, suit, dealer, absorbed):
    outcome = report_outcome({s: P(c) for s, c in reports.items()}, 2, candidate)
    assert (outcome.largest, outcome.suit, outcome.dealer) == (largest, suit, dealer)
    assert outcome.absorbed == absorbed


def test_nobody_reported():
    outcome = report_outcome({}, 2, 1)
    assert (outcome.largest, outcome.suit, outcome.dealer) == (None, None, None)
    assert outcome.absorbed == [] and outcome.owed == [] and not outcome.kitty_first
    assert report_outcome({0: None, 3: None}, 2, 1) == outcome


def test_absorbed_in_play_order_from_the_largest_partner_included():
    reports = {0: P("BJ H3 H3"), 1: P("LJ S4 S4"), 2: P("LJ C3 C3 C4 C4"), 3: P("BJ DA DA")}
    outcome = report_outcome(reports, 2, 0)
    assert outcome.largest == 2 and outcome.suit == "C" and outcome.dealer == 0
    assert outcome.absorbed == [3, 0, 1]
    assert outcome.owed == [(3, 3), (0, 3), (1, 3)]
    assert outcome.kitty_first  # the dealer's report was absorbed: kitty, bury, then returns


def test_a_candidate_that_passes_hands_the_deal_to_the_largest():
    outcome = report_outcome({2: P("BJ H3 H3"), 3: P("LJ S3 S3")}, 2, 1)
    assert (outcome.largest, outcome.dealer, outcome.absorbed) == (2, 2, [3])
    assert not outcome.kitty_first  # the dealer absorbed: returns first, then the kitty


def test_a_lone_report_absorbs_nobody():
    outcome = report_outcome({3: P("LJ S3 S3")}, 2, 0)
    assert (outcome.largest, outcome.suit, outcome.dealer) == (3, "S", 3)
    assert outcome.absorbed == [] and outcome.owed == []


def test_report_outcome_names_the_seat_of_a_refused_report():
    exc = refusal(report_outcome, {0: P("BJ H3 H3"), 2: P("LJ H5 H5")}, 2, 0)
    assert str(exc).startswith("seat 2: ") and "colour" in str(exc)
    for candidate in (-1, 4, None):
        with pytest.raises(ValueError):
            report_outcome({}, 2, candidate)
    with pytest.raises(ValueError):
        report_outcome({4: P("BJ H3 H3")}, 2, 0)


def brute_outcome(reports, level, candidate):
    """§12.5 read literally: the largest by the comparator; ties to the earlier seat in play
    order from the candidate; the candidate deals if it reported."""
    table = every_report(level)
    seats = [(candidate + i) % 4 for i in range(4)]
    reporters = [s for s in seats if s in reports]
    if not reporters:
        return None, None, None, []
    best = reporters[0]
    for seat in reporters[1:]:
        if brute_compare(table[canon(reports[seat])], table[canon(reports[best])]) > 0:
            best = seat
    suit = next(c.suit for c in reports[best] if c.suit != "J")
    dealer = candidate if candidate in reports else best
    absorbed = [(best + i) % 4 for i in range(1, 4) if (best + i) % 4 in reports]
    return best, suit, dealer, absorbed


@given(LEVEL, st.integers(0, 3), st.data())
def test_report_outcome_agrees_with_the_literal_reading(level, candidate, data):
    keys = sorted(every_report(level))
    seats = data.draw(st.lists(st.integers(0, 3), unique=True, max_size=4))
    near = data.draw(st.sampled_from(keys))  # often equal reports: ties are likely
    reports = {
        s: list(data.draw(st.sampled_from([near, near, *keys[:: max(1, len(keys) // 20)]])))
        for s in seats
    }
    outcome = report_outcome(reports, level, candidate)
    assert isinstance(outcome, ReportOutcome)
    expected = brute_outcome(reports, level, candidate)
    assert (outcome.largest, outcome.suit, outcome.dealer, outcome.absorbed) == expected
    assert outcome.owed == [(s, len(reports[s])) for s in outcome.absorbed]
    assert outcome.kitty_first == (outcome.dealer is not None and outcome.dealer != outcome.largest)


# --- §12.5 returning cards (回牌) -------------------------------------------------------------
def test_report_row_1_with_the_card_counts():
    """Seat 0 (candidate) reports BJ H3 H3, seat 1 LJ SA SA: seat 1 absorbs, seat 0 deals."""
    deck = Counter(new_deck(2))
    seat0 = P("BJ H3 H3 S2 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK D3 D4 D5 D6 D7 D8 D9 D10 DJ DQ DK")
    seat1 = P("LJ SA SA H4 H5 H6 H7 H8 H9 H10 HJ HQ HK C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK HA")
    deck.subtract(seat0 + seat1)
    assert len(seat0) == len(seat1) == 25 and all(n >= 0 for n in deck.values())
    reports = {0: P("BJ H3 H3"), 1: P("LJ SA SA")}
    outcome = report_outcome(reports, 2, 0)
    assert (outcome.largest, outcome.suit, outcome.dealer) == (1, "S", 0)
    assert outcome.owed == [(0, 3)] and outcome.kitty_first
    absorber = seat1 + reports[0]
    dealer = Counter(seat0)
    dealer.subtract(reports[0])
    assert len(absorber) == 28 and dealer.total() == 22
    # seat 0 takes the kitty (30) and buries 8 (22) first; then 3 cards come back: 25 / 25
    assert check_return(absorber, P("C3 C4 C5"), reports[0])  # no ♥, no joker
    assert check_return(absorber, P("SA SA C3"), reports[0])  # its own reported cards may go
    assert not check_return(absorber, P("C3 C4 H4"), reports[0])  # ♥
    assert not check_return(absorber, P("C3 C4 H3"), reports[0])  # ♥ taken from seat 0
    assert not check_return(absorber, P("C3 C4 BJ"), reports[0])  # a joker
    assert not check_return(absorber, P("C3 C4 LJ"), reports[0])
    assert not check_return(absorber, P("C3 C4"), reports[0])  # as many as it took
    assert not check_return(absorber, P("C3 C4 C5 C6"), reports[0])
    assert not check_return(absorber, P("C3 C4 D2"), reports[0])  # not held


def test_report_row_2_the_absorber_returns_before_the_kitty():
    reports = {1: P("LJ C5 C5 C6 C6"), 3: P("BJ DK DK")}
    outcome = report_outcome(reports, 2, 0)
    assert outcome.owed == [(3, 3)] and not outcome.kitty_first
    hand = P("S3 S4 D5 D6 H7 H8 H9 H10 HJ HQ HK HA S5 S6 S7 S8 S9 S10 SJ SQ") + reports[1]
    absorber = hand + reports[3]
    assert len(absorber) == 28
    assert check_return(absorber, P("S3 H7 C5"), reports[3])  # no ♦: 25, then the kitty: 33
    assert not check_return(absorber, P("S3 H7 D5"), reports[3])


def test_a_short_absorber_gives_all_other_cards_then_the_reported_suit():
    hand = P("BJ LJ H3 H3 H4 S9")  # holds one card that is not ♥ and not a joker
    reported = P("BJ H3 H3")
    assert check_return(hand, P("S9 H3 H4"), reported)
    assert check_return(hand, P("S9 H3 H3"), reported)
    assert not check_return(hand, P("H3 H3 H4"), reported)  # keeps ♠9
    assert not check_return(hand, P("S9 H3 LJ"), reported)  # a joker while ♥ is held
    assert return_options(hand, reported) == (P("S9"), P("H3 H3 H4"), 2)


def test_only_jokers_make_up_what_nothing_else_can():
    hand = P("BJ BJ LJ LJ H3 S9")
    reported = P("LJ C5 C5 C6 C6")  # five cards owed, two that are not jokers
    assert check_return(hand, P("H3 S9 BJ LJ LJ"), reported)
    assert check_return(hand, P("H3 S9 BJ BJ LJ"), reported)
    assert not check_return(hand, P("H3 BJ BJ LJ LJ"), reported)  # keeps ♠9
    assert "5" in check_return(hand, P("H3 S9 BJ LJ"), reported).reason
    assert return_options(hand, reported) == (P("H3 S9"), P("BJ BJ LJ LJ"), 3)


def test_the_reasons_read_in_english_and_chinese():
    absorber = P("BJ H3 H3 HK S4 S9 C7 LJ SA SA")
    reported = P("BJ H3 H3")
    cases = {
        "C7 S4": "give back 3",
        "C7 S4 D9": "do not hold",
        "C7 C7 S4": "only 1",
        "C7 S4 HK": "the suit this player reported",
        "C7 S4 LJ": "joker",
    }
    for returned, says in cases.items():
        verdict = check_return(absorber, P(returned), reported)
        assert not verdict and says in verdict.reason, (returned, verdict.reason)
        assert no_english(render(verdict.reason, "zh")), render(verdict.reason, "zh")
    short = check_return(P("S9 H3 H4 H5"), P("H3 H4 H5"), reported)
    assert not short and "you keep ♠9" in short.reason
    assert no_english(render(short.reason, "zh"))
    jokers = check_return(P("BJ H3 H4"), P("BJ H3 S3"), reported)
    assert not jokers  # ♠3 is not held
    jokers = check_return(P("BJ LJ H3 H4"), P("BJ LJ H3"), reported)
    assert not jokers and "joker" in jokers.reason and no_english(render(jokers.reason, "zh"))


def test_check_return_needs_a_suit_to_judge():
    for reported in ("BJ", "", "BJ H3 D3"):
        with pytest.raises(ValueError):
            check_return(P("S3 S4 S5"), P("S3 S4 S5"), P(reported))


def brute_return_ok(hand, given, reported):
    """§12.5's 回牌 read literally, on a sub-multiset ``given`` of ``hand``."""
    suit = next(c.suit for c in reported if c.suit != "J")
    owed = len(reported)
    if len(given) != owed:
        return False
    such = [c for c in hand if c.suit != "J" and c.suit != suit]
    of_suit = [c for c in hand if c.suit == suit]
    given_such = [c for c in given if c.suit != "J" and c.suit != suit]
    given_suit = [c for c in given if c.suit == suit]
    given_jokers = [c for c in given if c.suit == "J"]
    if len(such) >= owed:  # no joker, none of the reported suit
        return not given_suit and not given_jokers
    if len(such) + len(of_suit) >= owed:  # all such cards, the rest from the reported suit
        return len(given_such) == len(such) and not given_jokers
    return len(given_such) == len(such) and len(given_suit) == len(of_suit)  # then jokers


@st.composite
def return_cases(draw):
    hand, level = draw(small_hands(size=(1, 9)))
    reports = [r for r in possible_reports(hand, level)] or [
        [draw(st.sampled_from([BJ, LJ]))] + [Card(draw(st.sampled_from(SUITS)), 3)] * 2
    ]
    reported = draw(st.sampled_from(reports + [[BJ, Card("H", 9), Card("H", 9)]]))
    return hand, reported


@given(return_cases())
def test_check_return_accepts_exactly_the_subsets_the_text_allows(case):
    hand, reported = case
    options = return_options(hand, reported)
    allowed = {
        canon(options.give_all + list(chosen))
        for chosen in sub_multisets(options.choose_from, options.count)
    }
    for size in range(len(hand) + 1):
        for returned in sub_multisets(hand, size):
            expected = brute_return_ok(hand, list(returned), reported)
            verdict = check_return(hand, list(returned), reported)
            assert bool(verdict) == expected, (hand, returned, reported, verdict.reason)
            assert (canon(returned) in allowed) == expected
            if not verdict:
                assert verdict.reason and no_english(render(verdict.reason, "zh"))


@given(return_cases(), st.lists(st.sampled_from([BJ, LJ, Card("S", 3), Card("H", 9)]), max_size=3))
def test_check_return_refuses_cards_not_held(case, extra):
    hand, reported = case
    returned = list(hand[: len(reported)]) + extra
    held = Counter(hand)
    if any(n > held[c] for c, n in Counter(returned).items()):
        assert not check_return(hand, returned, reported)


def test_rows_of_results_equal_lists_and_tuples():
    """A rule's row of answers (replay_bids's accepted and reasons, report_outcome's absorbed
    and owed) compares equal to a list or a tuple of the same items, and to nothing else."""
    from shengji_edu import RuleSet, replay_bids

    found = replay_bids([(0, parse_cards("H5")), (1, parse_cards("LJ LJ"))], 5, RuleSet())
    assert found.accepted == [True, True] and found.accepted == (True, True)
    assert found.accepted != (True, False) and found.accepted != [True]
    assert found.accepted != "TT" and found.standing == (1, parse_cards("LJ LJ"))
    assert found.standing == (1, tuple(parse_cards("LJ LJ")))
    outcome = report_outcome({0: parse_cards("BJ H3 H3"), 1: parse_cards("LJ SA SA")}, 2, 0)
    assert outcome.absorbed == [0] and outcome.absorbed == (0,) and outcome.owed == [(0, 3)]
