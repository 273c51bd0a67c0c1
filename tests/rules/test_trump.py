"""RULES.md §2 (trumps and the order of cards) and the steps of §3."""

import random

import pytest

from shengji_edu import Card, Trump, format_cards, new_deck, parse_cards

L10S = Trump(level=10, suit="S")  # the RULES example: level 10, spades trump
L10N = Trump(level=10, suit=None)  # level 10, no trump suit


def card(text):
    return Card.parse(text)


def shuffled(cards, seed=7):
    cards = list(cards)
    random.Random(seed).shuffle(cards)
    return cards


# --- construction ---------------------------------------------------------------


def test_trump_attributes():
    assert L10S.level == 10
    assert L10S.suit == "S"
    assert L10N.suit is None


@pytest.mark.parametrize("level, expected", [("10", 10), ("A", 14), (14, 14), (2, 2), (10, 10)])
def test_level_accepts_ints_and_text(level, expected):
    assert Trump(level=level, suit="H").level == expected


def test_text_level_behaves_like_int_level():
    a = Trump(level="A", suit="H")
    assert a.is_trump(card("SA"))
    assert not a.is_trump(card("SK"))
    ten = Trump(level="10", suit="S")
    assert ten.is_trump(card("D10"))
    assert not ten.is_trump(card("DA"))


@pytest.mark.parametrize("level", [0, 1, 15, 16, "1", "X", "B"])
def test_bad_level_raises(level):
    with pytest.raises(ValueError):
        Trump(level=level, suit="S")


@pytest.mark.parametrize("suit", ["X", "SH", "Z"])
def test_bad_suit_raises(suit):
    with pytest.raises(ValueError):
        Trump(level=10, suit=suit)


# --- which cards are trumps -------------------------------------------------------


@pytest.mark.parametrize("text", ["BJ", "LJ", "S10", "H10", "D10", "C10", "SA", "SK", "S2", "S5"])
def test_trumps_with_a_trump_suit(text):
    assert L10S.is_trump(card(text))
    assert L10S.suit_of(card(text)) == "T"


@pytest.mark.parametrize(
    "text, suit",
    [("HA", "H"), ("H2", "H"), ("DK", "D"), ("D9", "D"), ("CA", "C"), ("C3", "C")],
)
def test_side_cards_with_a_trump_suit(text, suit):
    assert not L10S.is_trump(card(text))
    assert L10S.suit_of(card(text)) == suit


def test_number_of_trumps_with_a_trump_suit():
    # 4 jokers + 8 level cards + 2 * 12 other spades
    assert sum(L10S.is_trump(c) for c in new_deck()) == 36


@pytest.mark.parametrize("text", ["BJ", "LJ", "S10", "H10", "D10", "C10"])
def test_trumps_without_trump_suit(text):
    assert L10N.is_trump(card(text))
    assert L10N.suit_of(card(text)) == "T"


@pytest.mark.parametrize(
    "text, suit", [("SA", "S"), ("S2", "S"), ("HK", "H"), ("D5", "D"), ("CJ", "C")]
)
def test_side_cards_without_trump_suit(text, suit):
    assert not L10N.is_trump(card(text))
    assert L10N.suit_of(card(text)) == suit


def test_number_of_trumps_without_trump_suit():
    assert sum(L10N.is_trump(c) for c in new_deck()) == 12


def test_other_levels_and_suits():
    t = Trump(level=2, suit="H")
    assert t.is_trump(card("S2")) and t.suit_of(card("S2")) == "T"
    assert t.is_trump(card("HA")) and t.suit_of(card("HA")) == "T"
    assert not t.is_trump(card("SA")) and t.suit_of(card("SA")) == "S"
    assert not t.is_trump(card("S10")) and t.suit_of(card("S10")) == "S"
    a = Trump(level=14, suit="D")
    assert a.is_trump(card("CA")) and a.is_trump(card("D2"))
    assert not a.is_trump(card("CK"))


# --- the order of trumps (RULES §2 example) ---------------------------------------

FULL_TRUMP_ORDER = "BJ LJ S10 H10 D10 C10 SA SK SQ SJ S9 S8 S7 S6 S5 S4 S3 S2"


def test_full_trump_order_by_sort():
    cards = parse_cards(FULL_TRUMP_ORDER)
    result = L10S.sort(shuffled(cards))
    assert format_cards(result[:3]) == "BJ LJ S10"
    assert sorted(result[3:6]) == sorted(parse_cards("H10 D10 C10"))
    assert format_cards(result[6:]) == "SA SK SQ SJ S9 S8 S7 S6 S5 S4 S3 S2"


def test_full_trump_order_by_strength():
    s = L10S.strength
    chain = parse_cards("BJ LJ S10 H10 SA SK SQ SJ S9 S8 S7 S6 S5 S4 S3 S2")
    for high, low in zip(chain, chain[1:], strict=False):
        assert s(high) > s(low), (high, low)
    assert s(card("H10")) == s(card("D10")) == s(card("C10"))
    assert s(card("S10")) > s(card("C10")) > s(card("SA"))


def test_every_trump_beats_every_side_card_in_strength():
    for trump in (L10S, L10N, Trump(level=2, suit="C")):
        deck = set(new_deck())
        lowest_trump = min(trump.strength(c) for c in deck if trump.is_trump(c))
        highest_side = max(trump.strength(c) for c in deck if not trump.is_trump(c))
        assert lowest_trump > highest_side


def test_no_trump_order():
    cards = parse_cards("S10 H10 D10 C10 LJ BJ")
    result = L10N.sort(shuffled(cards))
    assert format_cards(result[:2]) == "BJ LJ"
    assert sorted(result[2:]) == sorted(parse_cards("S10 H10 D10 C10"))
    s = L10N.strength
    assert s(card("BJ")) > s(card("LJ")) > s(card("S10"))
    assert s(card("S10")) == s(card("H10")) == s(card("D10")) == s(card("C10"))


def test_no_trump_spade_ace_is_a_side_card():
    result = L10N.sort(parse_cards("SA S10 H3"))
    assert format_cards(result) == "S10 SA H3"


# --- side-suit order ------------------------------------------------------------


def test_side_suit_order_with_level_removed():
    hearts = parse_cards("HA HK HQ HJ H9 H8 H7 H6 H5 H4 H3 H2")
    assert L10S.sort(shuffled(hearts)) == hearts
    s = L10S.strength
    for high, low in zip(hearts, hearts[1:], strict=False):
        assert s(high) > s(low)


def test_side_suit_order_at_other_level():
    t = Trump(level=6, suit="S")
    hearts = parse_cards("HA HK HQ HJ H10 H9 H8 H7 H5 H4 H3 H2")
    assert t.sort(shuffled(hearts, seed=3)) == hearts
    assert t.sort(parse_cards("H5 H6 H7"))[0] == card("H6")  # H6 is a trump


# --- sorting --------------------------------------------------------------------


def test_sort_groups_trumps_then_spades_hearts_diamonds_clubs():
    t = Trump(level=10, suit="D")
    cards = parse_cards("HA S3 C10 DK SK H2 CJ D3 BJ")
    assert format_cards(t.sort(cards)) == "BJ C10 DK D3 SK S3 HA H2 CJ"


def test_sort_with_equal_level_cards():
    t = Trump(level=2, suit="H")
    cards = parse_cards("C3 SA H2 D2 DK BJ H5 CA S2 HA SK D5 C2")
    result = t.sort(cards)
    assert format_cards(result[:2]) == "BJ H2"
    assert sorted(result[2:5]) == sorted(parse_cards("S2 D2 C2"))
    assert format_cards(result[5:]) == "HA H5 SA SK DK D5 CA C3"


def test_sort_keeps_duplicates_and_does_not_mutate():
    cards = parse_cards("H3 HA H3 BJ HA")
    before = list(cards)
    result = L10S.sort(cards)
    assert cards == before
    assert format_cards(result) == "BJ HA HA H3 H3"
    assert result is not cards


def test_sort_whole_deck_is_permutation():
    deck = new_deck()
    result = L10S.sort(shuffled(deck))
    assert sorted(result) == sorted(deck)
    assert format_cards(result[:4]) == "BJ BJ LJ LJ"
    assert format_cards(result[-2:]) == "C2 C2"


# --- steps (tractor adjacency, RULES §3) ------------------------------------------


def adjacent(trump, low, high):
    return trump.step(card(high)) - trump.step(card(low)) == 1


def test_level_6_side_suit_five_and_seven_adjacent():
    t = Trump(level=6, suit="S")
    assert adjacent(t, "H5", "H7")
    assert adjacent(t, "H4", "H5")
    assert adjacent(t, "H7", "H8")


def test_level_4_spades_trump_three_and_five_adjacent():
    t = Trump(level=4, suit="S")
    assert adjacent(t, "S3", "S5")
    assert adjacent(t, "S2", "S3")


def test_trump_ladder_top_with_trump_suit():
    assert adjacent(L10S, "SK", "SA")
    assert adjacent(L10S, "SA", "H10")
    assert L10S.step(card("H10")) == L10S.step(card("D10")) == L10S.step(card("C10"))
    assert adjacent(L10S, "C10", "S10")
    assert adjacent(L10S, "S10", "LJ")
    assert adjacent(L10S, "LJ", "BJ")
    assert adjacent(L10S, "SJ", "SQ")
    assert adjacent(L10S, "S9", "SJ")  # the level rank is skipped


def test_trump_ladder_without_trump_suit():
    assert (
        L10N.step(card("S10"))
        == L10N.step(card("H10"))
        == L10N.step(card("D10"))
        == L10N.step(card("C10"))
    )
    assert adjacent(L10N, "H10", "LJ")
    assert adjacent(L10N, "LJ", "BJ")


def test_side_suit_steps_level_10():
    assert adjacent(L10S, "H9", "HJ")
    assert adjacent(L10S, "H2", "H3")
    assert adjacent(L10S, "HK", "HA")
    assert not adjacent(L10S, "H8", "HJ")


def test_no_wrap_around_in_steps():
    assert L10S.step(card("HA")) > L10S.step(card("H2"))
    assert not adjacent(L10S, "HA", "H2")
