"""RULES.md §3: singles, pairs, tractors and the decomposition of a set of cards."""

from collections import Counter

import pytest

from shengji_edu import Trump, decompose, parse_cards

L10S = Trump(level=10, suit="S")
L10N = Trump(level=10, suit=None)


def is_tractor(cards, trump):
    """True when the cards form exactly one unit, and it is a tractor."""
    units = decompose(cards, trump)
    return len(units) == 1 and units[0].kind == "tractor"


def kinds(text, trump=L10S):
    return [u.kind for u in decompose(parse_cards(text), trump)]


def unit_texts(text, trump=L10S):
    """Each unit as a sorted tuple of card texts, in decomposition order."""
    return [tuple(sorted(str(c) for c in u.cards)) for u in decompose(parse_cards(text), trump)]


def sorted_texts(text):
    return tuple(sorted(text.split()))


# --- the RULES §3 examples (level 10, spades trump) -------------------------------

TRACTORS = [
    "SK SK SQ SQ",
    "HJ HJ H9 H9",
    "H5 H5 H4 H4 H3 H3",
    "LJ LJ BJ BJ",
    "S10 S10 LJ LJ",
    "H10 H10 S10 S10",
    "SA SA H10 H10",
    "SA SA H10 H10 S10 S10",
]

NOT_TRACTORS = [
    "H5 H5 H4",
    "H5 H4 H4",
    "H5 H5 H3 H3",
    "HJ HJ HQ",
    "H10 H10 C10 C10",
    "HJ HJ H10 H10",
    "HA HA H2 H2",
]


@pytest.mark.parametrize("text", TRACTORS)
def test_rules_tractor_examples(text):
    cards = parse_cards(text)
    assert is_tractor(cards, L10S)
    (unit,) = decompose(cards, L10S)
    assert Counter(unit.cards) == Counter(cards)
    assert unit.pairs == len(cards) // 2


@pytest.mark.parametrize("text", NOT_TRACTORS)
def test_rules_not_tractor_examples(text):
    assert not is_tractor(parse_cards(text), L10S)


def test_not_tractor_examples_decompose_as_expected():
    assert sorted(kinds("H5 H5 H4")) == ["pair", "single"]
    assert sorted(kinds("H5 H4 H4")) == ["pair", "single"]
    assert kinds("H5 H5 H3 H3") == ["pair", "pair"]
    assert sorted(kinds("HJ HJ HQ")) == ["pair", "single"]
    assert kinds("H10 H10 C10 C10") == ["pair", "pair"]
    assert kinds("HJ HJ H10 H10") == ["pair", "pair"]  # H10 is a trump
    assert kinds("HA HA H2 H2") == ["pair", "pair"]  # no wrap-around


def test_other_level_tractors():
    assert is_tractor(parse_cards("H7 H7 H5 H5"), Trump(level=6, suit="S"))
    assert is_tractor(parse_cards("S5 S5 S3 S3"), Trump(level=4, suit="S"))
    assert not is_tractor(parse_cards("H7 H7 H5 H5"), L10S)
    assert is_tractor(parse_cards("H7 H7 H6 H6"), L10S)
    # level A: K and 2 are the ends of the ladder, no wrap-around
    assert not is_tractor(parse_cards("HK HK H2 H2"), Trump(level=14, suit="S"))
    assert is_tractor(parse_cards("HK HK HQ HQ"), Trump(level=14, suit="S"))


def test_no_trump_tractors():
    assert is_tractor(parse_cards("H10 H10 LJ LJ"), L10N)
    assert is_tractor(parse_cards("S10 S10 LJ LJ BJ BJ"), L10N)
    assert not is_tractor(parse_cards("S10 S10 H10 H10"), L10N)
    assert not is_tractor(parse_cards("SA SA S10 S10"), L10N)  # SA is a side card


def test_long_trump_tractor_through_level_cards_and_jokers():
    cards = parse_cards("SK SK SA SA D10 D10 S10 S10 LJ LJ BJ BJ")
    assert is_tractor(cards, L10S)
    assert decompose(cards, L10S)[0].pairs == 6


def test_tractor_unit_attributes():
    (unit,) = decompose(parse_cards("H5 H5 H4 H4 H3 H3"), L10S)
    assert unit.kind == "tractor"
    assert unit.suit == "H"
    assert unit.pairs == 3
    assert unit.high > unit.low
    (trump_unit,) = decompose(parse_cards("S10 S10 LJ LJ"), L10S)
    assert trump_unit.suit == "T"


# --- pairs ----------------------------------------------------------------------


def test_h10_c10_is_never_a_pair():
    assert kinds("H10 C10") == ["single", "single"]
    assert kinds("H10 C10", L10N) == ["single", "single"]
    assert kinds("H9 C9", Trump(level=9, suit="H")) == ["single", "single"]


@pytest.mark.parametrize("text", ["LJ LJ", "BJ BJ", "HA HA", "S10 S10", "C10 C10"])
def test_identical_cards_make_a_pair(text):
    units = decompose(parse_cards(text), L10S)
    assert [u.kind for u in units] == ["pair"]
    assert units[0].pairs == 1


def test_big_and_small_joker_are_not_a_pair():
    assert kinds("BJ LJ") == ["single", "single"]


def test_single_unit():
    units = decompose(parse_cards("HQ"), L10S)
    assert [u.kind for u in units] == ["single"]
    assert units[0].pairs == 0


def test_same_rank_different_suit_is_not_a_pair():
    assert sorted(kinds("HA DA")) == ["single", "single"]


# --- decomposition ----------------------------------------------------------------


def test_decompose_longest_tractor_first_then_pairs_then_singles():
    text = "H2 H9 HA H4 H3 H9 HK H5 H3 H7 HA H4 HK H5"
    units = unit_texts(text)
    assert units[:3] == [
        sorted_texts("H5 H5 H4 H4 H3 H3"),
        sorted_texts("HA HA HK HK"),
        sorted_texts("H9 H9"),
    ]
    assert sorted(units[3:]) == [("H2",), ("H7",)]
    assert kinds(text) == ["tractor", "tractor", "pair", "single", "single"]


def test_decompose_tie_between_tractors_highest_first():
    assert unit_texts("H5 H5 HA HA H4 H4 HK HK") == [
        sorted_texts("HA HA HK HK"),
        sorted_texts("H5 H5 H4 H4"),
    ]


def test_decompose_pairs_highest_first():
    assert unit_texts("H3 H3 HQ HQ H7 H7") == [
        ("HQ", "HQ"),
        ("H7", "H7"),
        ("H3", "H3"),
    ]


def test_decompose_singles_after_pairs():
    assert kinds("H3 HQ HQ H7") == ["pair", "single", "single"]


def test_decompose_three_level_pairs_on_one_step():
    # SA, the off-suit level step (three pairs) and S10: one tractor of three
    # pairs, the two remaining off-suit level pairs stay pairs.
    cards = parse_cards("SA SA H10 H10 D10 D10 C10 C10 S10 S10")
    units = decompose(cards, L10S)
    assert [u.kind for u in units] == ["tractor", "pair", "pair"]
    assert units[0].pairs == 3
    tractor = Counter(str(c) for c in units[0].cards)
    assert tractor["SA"] == 2 and tractor["S10"] == 2
    assert sum(tractor[t] for t in ("H10", "D10", "C10")) == 2


def test_decompose_longer_tractor_beats_two_shorter():
    # The longest tractor is taken first: SA x10 S10 (3 pairs), not two tractors.
    units = decompose(parse_cards("SA SA H10 H10 D10 D10 S10 S10"), L10S)
    assert [(u.kind, u.pairs) for u in units] == [("tractor", 3), ("pair", 1)]


def test_decompose_uses_effective_suit():
    # At level 10 H10 is a trump, so HJ and H9 are adjacent hearts.
    units = decompose(parse_cards("HJ HJ H9 H9 H10 H10"), L10S)
    by_suit = {u.suit: u for u in units}
    assert by_suit["H"].kind == "tractor"
    assert by_suit["T"].kind == "pair"
    assert len(units) == 2


@pytest.mark.parametrize(
    "text",
    [
        "H2 H9 HA H4 H3 H9 HK H5 H3 H7 HA H4 HK H5",
        "SA SA H10 H10 D10 D10 C10 C10 S10 S10",
        "BJ LJ S10 H10 SA SA DK D3 D3 C2",
        "HJ HJ H9 H9 H10 H10 S3 S3 S2 S2 D4",
        "LJ LJ BJ BJ",
        "C5",
    ],
)
def test_decompose_covers_the_cards_exactly(text):
    cards = parse_cards(text)
    units = decompose(cards, L10S)
    assert Counter(c for u in units for c in u.cards) == Counter(cards)
    for u in units:
        assert len(u.cards) == {"single": 1, "pair": 2}.get(u.kind, 2 * u.pairs)
        assert len({L10S.suit_of(c) for c in u.cards}) == 1
        assert u.suit == L10S.suit_of(u.cards[0])


def test_decompose_empty():
    assert decompose([], L10S) == []
