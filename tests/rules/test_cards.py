"""RULES.md §1: the two-deck pack, the card notation and the point cards."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_edu import (
    Card,
    CardParseError,
    format_cards,
    new_deck,
    parse_cards,
    trick_points,
)

SUITS = "SHDC"
RANK_TEXT = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
ALL_TEXTS = [s + r for s in SUITS for r in RANK_TEXT.values()] + ["LJ", "BJ"]


# --- the deck -------------------------------------------------------------------


def test_deck_has_108_cards():
    assert len(new_deck()) == 108


def test_deck_has_every_card_exactly_twice():
    counts = Counter(new_deck())
    assert len(counts) == 54
    assert set(counts.values()) == {2}
    assert set(counts) == {Card.parse(t) for t in ALL_TEXTS}


def test_deck_has_four_jokers_two_of_each():
    counts = Counter(new_deck())
    assert counts[Card.parse("BJ")] == 2
    assert counts[Card.parse("LJ")] == 2
    assert sum(1 for c in new_deck() if c.suit == "J") == 4


def test_deck_has_26_cards_per_suit():
    per_suit = Counter(c.suit for c in new_deck())
    assert per_suit == {"S": 26, "H": 26, "D": 26, "C": 26, "J": 4}


# --- Card values ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, suit, rank",
    [
        ("S10", "S", 10),
        ("HA", "H", 14),
        ("D2", "D", 2),
        ("CJ", "C", 11),
        ("SQ", "S", 12),
        ("HK", "H", 13),
        ("D9", "D", 9),
        ("LJ", "J", 15),
        ("BJ", "J", 16),
    ],
)
def test_parse_canonical(text, suit, rank):
    card = Card.parse(text)
    assert card.suit == suit
    assert card.rank == rank
    assert card == Card(suit, rank)


def test_cards_are_hashable_values():
    a = Card.parse("S10")
    b = Card("S", 10)
    assert a == b
    assert hash(a) == hash(b)
    assert Counter([a, b])[a] == 2
    assert Card.parse("S10") != Card.parse("H10")
    assert Card.parse("LJ") != Card.parse("BJ")


def test_cards_sort_canonically_regardless_of_input_order():
    one = parse_cards("HA S2 BJ D10 HA C3")
    two = parse_cards("C3 HA D10 BJ HA S2")
    assert sorted(one) == sorted(two)
    assert len(sorted(one)) == 6


# --- alternative notations ------------------------------------------------------


@pytest.mark.parametrize(
    "alias, canonical",
    [
        ("♠10", "S10"),
        ("♥A", "HA"),
        ("♦2", "D2"),
        ("♣J", "CJ"),
        ("♠K", "SK"),
        ("ST", "S10"),
        ("HT", "H10"),
        ("♦T", "D10"),
        ("s10", "S10"),
        ("ha", "HA"),
        ("dq", "DQ"),
        ("cj", "CJ"),
        ("st", "S10"),
        ("bj", "BJ"),
        ("lj", "LJ"),
        ("大王", "BJ"),
        ("小王", "LJ"),
    ],
)
def test_parse_aliases(alias, canonical):
    assert Card.parse(alias) == Card.parse(canonical)
    assert str(Card.parse(alias)) == canonical


def test_parse_cards_mixed_notations():
    cards = parse_cards("♠T ha 大王 小王 C10 dk")
    assert cards == [
        Card("S", 10),
        Card("H", 14),
        Card("J", 16),
        Card("J", 15),
        Card("C", 10),
        Card("D", 13),
    ]
    assert format_cards(cards) == "S10 HA BJ LJ C10 DK"


def test_parse_cards_keeps_duplicates_and_order():
    cards = parse_cards("S10 S10 HA LJ BJ")
    assert len(cards) == 5
    assert cards[0] == cards[1] == Card("S", 10)
    assert cards[2:] == [Card("H", 14), Card("J", 15), Card("J", 16)]
    assert isinstance(cards, list)


# --- printing and round trip ----------------------------------------------------


def test_format_canonical_example():
    assert format_cards(parse_cards("S10 S10 HA LJ BJ")) == "S10 S10 HA LJ BJ"


SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ALL_CARDS = [Card(s, r) for s in SUITS for r in RANK_TEXT] + [Card("J", 15), Card("J", 16)]


def expected_text(card: Card, pretty: bool = False) -> str:
    """§1's notation, written out here: suit letter (or symbol) and rank; BJ, LJ."""
    if card.suit == "J":
        return "BJ" if card.rank == 16 else "LJ"
    return (SYMBOL[card.suit] if pretty else card.suit) + RANK_TEXT[card.rank]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips(card):
    text = expected_text(card)
    assert str(card) == text
    assert format_cards([card]) == text
    assert Card.parse(text) == card
    assert Card.parse(str(card)) == card
    assert parse_cards(text) == [card]
    pretty = format_cards([card], pretty=True)
    assert pretty == expected_text(card, pretty=True)
    assert parse_cards(pretty) == [card]
    assert Card.parse(text.lower()) == card
    if card.rank == 10 and card.suit != "J":
        assert Card.parse(card.suit + "T") == card
        assert Card.parse(SYMBOL[card.suit] + "T") == card
    if card.suit == "J":
        assert Card.parse("大王" if card.rank == 16 else "小王") == card


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=30), st.booleans())
def test_card_lists_round_trip(cards, pretty):
    text = format_cards(cards, pretty=pretty)
    assert text == " ".join(expected_text(c, pretty) for c in cards)
    assert parse_cards(text) == cards


def test_whole_deck_round_trips():
    deck = new_deck()
    text = format_cards(deck)
    assert parse_cards(text) == deck
    assert text.count(" ") == 107
    assert "10" in text and "T" not in text


def test_format_pretty_uses_suit_symbols():
    cards = parse_cards("S10 HA D2 CJ BJ LJ")
    assert format_cards(cards, pretty=True) == "♠10 ♥A ♦2 ♣J BJ LJ"
    assert parse_cards(format_cards(cards, pretty=True)) == cards


def test_format_empty_list():
    assert format_cards([]) == ""


# --- errors ---------------------------------------------------------------------

BAD_TOKENS = [
    "S1",
    "X5",
    "H11",
    "S10x",
    "♠Z",
    "X5",
    "S11",
    "HAA",
    "10S",
    "JJ",
    "S0",
    "H15",
    "S",
    "BJJ",
    "Z",
    "10",
    "T",
    "ST10",
    "S01",
    "♠1",
    "大王王",
]


def test_card_parse_error_is_a_value_error():
    assert issubclass(CardParseError, ValueError)


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_token_is_rejected_and_named(token):
    with pytest.raises(CardParseError) as info:
        Card.parse(token)
    assert token in str(info.value)


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_token_in_a_list_is_named(token):
    with pytest.raises(ValueError) as info:
        parse_cards(f"S10 {token} HA")
    assert isinstance(info.value, CardParseError)
    assert token in str(info.value)


def test_empty_token_is_rejected():
    with pytest.raises(CardParseError):
        Card.parse("")


# --- points ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, points",
    [
        ("S5", 5),
        ("H5", 5),
        ("D10", 10),
        ("C10", 10),
        ("SK", 10),
        ("HK", 10),
        ("SA", 0),
        ("HQ", 0),
        ("DJ", 0),
        ("C9", 0),
        ("S4", 0),
        ("H6", 0),
        ("D2", 0),
        ("BJ", 0),
        ("LJ", 0),
    ],
)
def test_point_value_of_each_card(text, points):
    assert trick_points(parse_cards(text)) == points


def test_points_of_a_trick():
    assert trick_points(parse_cards("S5 S5 H10 DK")) == 30
    assert trick_points(parse_cards("SA BJ LJ HQ")) == 0
    assert trick_points([]) == 0


def test_total_points_are_200():
    assert trick_points(new_deck()) == 200


def test_point_cards_per_rank():
    deck = new_deck()
    assert trick_points([c for c in deck if c.rank == 5]) == 40
    assert trick_points([c for c in deck if c.rank == 10]) == 80
    assert trick_points([c for c in deck if c.rank == 13]) == 80
