"""Property tests: the package against brute-force references written from RULES.md.

Run with ``HYPOTHESIS_PROFILE=ci`` for the deterministic CI settings (see conftest.py).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import (
    of_suit,
    ref_check_throw,
    ref_decompose_shape,
    ref_is_legal_follow,
    ref_trick_winner,
    sub_multisets,
)
from strategies import (
    ALL_54,
    SUITS,
    canon,
    cards_54,
    deck_samples,
    follow_cases,
    throw_cases,
    tractor_follow_cases,
    trick_cases,
    trumps,
)

from shengji_edu import (
    Card,
    CardParseError,
    Trump,
    check_follow,
    check_throw,
    decompose,
    format_cards,
    legal_follows,
    parse_cards,
    trick_winner,
)

# --- 0. the primitives the references rely on: effective suits and steps (§2, §3) -------


def ref_ladder(trump: Trump, suit: str) -> list[list[Card]]:
    """The steps of one effective suit, low to high, each a list of the cards on it."""
    level = trump.level
    if suit != "T":
        return [[Card(suit, r)] for r in range(2, 15) if r != level]
    steps: list[list[Card]] = []
    if trump.suit is not None:
        steps += [[Card(trump.suit, r)] for r in range(2, 15) if r != level]
        steps.append([Card(s, level) for s in SUITS if s != trump.suit])
        steps.append([Card(trump.suit, level)])
    else:
        steps.append([Card(s, level) for s in SUITS])
    return [*steps, [Card("J", 15)], [Card("J", 16)]]


@given(trumps)
def test_suits_and_steps_follow_the_rules(trump):
    for suit in ("T", *SUITS):
        if suit == trump.suit:
            continue  # the trump suit's cards are all trumps
        ladder = ref_ladder(trump, suit)
        place = {c: i for i, cards in enumerate(ladder) for c in cards}
        for card in place:
            assert trump.suit_of(card) == suit, card
            assert trump.is_trump(card) == (suit == "T"), card
        for a in place:
            for b in place:
                assert trump.step(a) - trump.step(b) == place[a] - place[b], (a, b)
    suits = [s for s in ("T", *SUITS) if s != trump.suit]
    assert sum(len(step) for s in suits for step in ref_ladder(trump, s)) == 54


# --- 1. following (§5) -------------------------------------------------------------------


@given(follow_cases())
def test_legal_follows_matches_check_follow_and_reference(case):
    check_follows_against_reference(*case)


@given(tractor_follow_cases())
def test_tractor_following_matches_reference(case):
    """Leads with one or two tractors against hands rich in pairs (§5.3, §5.4)."""
    check_follows_against_reference(*case)


def check_follows_against_reference(hand, lead, trump):
    listed = [canon(p) for p in legal_follows(hand, lead, trump)]
    assert len(listed) == len(set(listed)), "legal_follows lists a play twice"
    accepted, reference = set(), set()
    for play in sub_multisets(hand, len(lead)):
        verdict = check_follow(hand, lead, list(play), trump)
        assert bool(verdict) == verdict.ok
        assert (verdict.reason == "") == verdict.ok, verdict.reason
        if verdict:
            accepted.add(canon(play))
        if ref_is_legal_follow(hand, lead, play, trump):
            reference.add(canon(play))
    described = f"hand={format_cards(hand)} lead={format_cards(lead)} trump={trump!r}"
    assert accepted == reference, (
        described,
        "check_follow accepts, reference rejects:",
        sorted(format_cards(p) for p in accepted - reference),
        "reference accepts, check_follow rejects:",
        sorted(format_cards(p) for p in reference - accepted),
    )
    assert set(listed) == reference, (
        described,
        "legal_follows only:",
        sorted(format_cards(p) for p in set(listed) - reference),
        "reference only:",
        sorted(format_cards(p) for p in reference - set(listed)),
    )


# --- 2. who wins a trick (§6) ------------------------------------------------------------


@given(trick_cases())
def test_trick_winner_matches_reference(case):
    plays, trump = case
    for play in plays:
        assert play  # every play has as many cards as the lead
    expected = ref_trick_winner(plays, trump)
    actual = trick_winner(plays, trump)
    assert actual == expected, (
        [format_cards(p) for p in plays],
        repr(trump),
        f"expected {expected}, got {actual}",
    )


# --- 3. decompose (§3) -------------------------------------------------------------------


@given(deck_samples())
def test_decompose_covers_cards_with_valid_units(case):
    cards, trump = case
    units = decompose(cards, trump)
    assert Counter(c for u in units for c in u.cards) == Counter(cards)
    for u in units:
        suits = {trump.suit_of(c) for c in u.cards}
        assert len(suits) == 1, u.cards
        assert u.suit in suits
        size = Counter(u.cards)
        if u.kind == "single":
            assert len(u.cards) == 1
        elif u.kind == "pair":
            assert len(u.cards) == 2 and len(size) == 1, u.cards
        else:
            assert u.kind == "tractor", u.kind
            assert len(u.cards) >= 4 and all(k == 2 for k in size.values()), u.cards
            steps = sorted(trump.step(c) for c in size)
            assert steps == list(range(steps[0], steps[0] + len(steps))), u.cards
    shape = sorted(
        (
            u.suit,
            len(u.cards) // 2 if len(u.cards) > 1 else 0,
            max(map(trump.step, u.cards)),
            len(u.cards),
        )
        for u in units
    )
    assert shape == ref_decompose_shape(cards, trump), (format_cards(cards), repr(trump))


# --- 4. parse / format (§1) --------------------------------------------------------------

RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def expected_text(card: Card, pretty: bool = False) -> str:
    if card.suit == "J":
        return "BJ" if card.rank == 16 else "LJ"
    return (SYMBOL[card.suit] if pretty else card.suit) + RANK_TEXT.get(card.rank, str(card.rank))


@pytest.mark.parametrize("card", ALL_54, ids=str)
def test_every_card_round_trips(card):
    text = expected_text(card)
    assert str(card) == text
    assert format_cards([card]) == text
    assert Card.parse(text) == card
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


@given(st.lists(cards_54, max_size=30), st.booleans())
def test_card_lists_round_trip(cards, pretty):
    text = format_cards(cards, pretty=pretty)
    assert text == " ".join(expected_text(c, pretty) for c in cards)
    assert parse_cards(text) == cards


@pytest.mark.parametrize("bad", ["S1", "X5", "H11", "S", "JJ", "S10x", "♠Z"])
def test_bad_token_is_named(bad):
    with pytest.raises(CardParseError) as info:
        parse_cards(f"HA {bad} S2")
    assert bad in str(info.value)


# --- 5. sort (§2) ------------------------------------------------------------------------


@given(deck_samples(max_size=25))
def test_sort_is_strongest_first_by_group(case):
    cards, trump = case
    out = trump.sort(cards)
    assert Counter(out) == Counter(cards)
    groups = [trump.suit_of(c) for c in out]
    order = ["T", "S", "H", "D", "C"]
    assert [order.index(g) for g in groups] == sorted(order.index(g) for g in groups), groups
    for a, b in zip(out, out[1:], strict=False):
        if trump.suit_of(a) == trump.suit_of(b):
            assert trump.step(a) >= trump.step(b), (format_cards(out), repr(trump))


# --- 6. throws (§4) ----------------------------------------------------------------------


@given(throw_cases())
def test_check_throw_matches_reference(case):
    lead, others, trump = case
    result = check_throw(lead, others, trump)
    ok, candidates = ref_check_throw(lead, others, trump)
    described = (format_cards(lead), [format_cards(h) for h in others], repr(trump))
    assert result.ok == ok, (*described, result.reason)
    forced = Counter(result.forced)
    assert not forced - Counter(lead), described  # a sub-multiset of the lead
    if ok:
        assert forced == Counter(lead), described
    else:
        units = [Counter(u.cards) for u in decompose(lead, trump)]
        assert forced in units, (*described, format_cards(result.forced))
        assert forced in [Counter(c) for c in candidates], (
            *described,
            "forced",
            format_cards(result.forced),
            "expected one of",
            [format_cards(c) for c in candidates],
        )
        assert result.reason


def test_rules_examples_throw():
    """The §4 example: level 10, H9 H8 H8 H4 H4."""
    trump = Trump(level=10, suit="S")
    lead = parse_cards("H9 H8 H8 H4 H4")
    for holder, forced in [("HJ", "H9"), ("HQ HQ", "H4 H4"), ("H5 H5", "H4 H4")]:
        others = [parse_cards(holder), [], []]
        assert ref_check_throw(lead, others, trump) == (False, [parse_cards(forced)])
        result = check_throw(lead, others, trump)
        assert not result.ok
        assert Counter(result.forced) == Counter(parse_cards(forced))
    assert check_throw(lead, [parse_cards("H7 H6 H5 H2"), [], []], trump).ok


def test_rules_examples_tricks():
    """The §6 examples, level 10, spades trump, hearts led."""
    trump = Trump(level=10, suit="S")
    cases = [
        (["HA HK H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2"], 1),
        (["HA HA H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2"], 0),
        (["H5 H4 H4", "S9 S7 S7", "S4 S8 S8"], 2),
        (["H5 H6 H7", "S9 S7 S7", "S4 S8 S8"], 1),
    ]
    for texts, winner in cases:
        plays = [parse_cards(t) for t in texts]
        assert ref_trick_winner(plays, trump) == winner, texts
        assert trick_winner(plays, trump) == winner, texts


def test_reference_follow_examples():
    """Sanity checks of the §5 reference itself on hand-made cases."""
    trump = Trump(level=10, suit="S")
    p = parse_cards
    lead = p("H5 H5 H4 H4")
    hand = p("HQ HQ HJ HJ H9 H2 C3 C4")
    assert ref_is_legal_follow(hand, lead, p("HQ HQ HJ HJ"), trump)
    assert not ref_is_legal_follow(hand, lead, p("HQ HQ H9 H2"), trump)  # tractor owed
    hand = p("HQ HQ H9 H9 H2 C3 C4")
    assert ref_is_legal_follow(hand, lead, p("HQ HQ H9 H9"), trump)
    assert not ref_is_legal_follow(hand, lead, p("HQ HQ H9 H2"), trump)  # pairs owed
    assert not ref_is_legal_follow(hand, lead, p("HQ HQ H9 C3"), trump)  # suit owed
    hand = p("HQ H9 C3 C4 D5")
    assert ref_is_legal_follow(hand, lead, p("HQ H9 C3 D5"), trump)
    assert not ref_is_legal_follow(hand, lead, p("HQ C3 C4 D5"), trump)
    assert of_suit(p("S3 H10 HA BJ"), "T", trump) == Counter(p("S3 H10 BJ"))


# --- hand-made cases for the subtle sentences of §4-§6 -------------------------------------


def test_tractor_obligations_use_the_plays_own_choice_of_tractor():
    """§5.4 "less the cards of the tractors already matched" + "some choice of its tractors".

    Level 10, spades trump; the lead is a 3-pair and a 2-pair trump tractor.  The hand holds
    trump pairs S2 S3 S4 S5 S6 and S8.  S2-S5 + S8 is legal: matching S3-S4-S5 for the
    3-pair tractor leaves S2, S6, S8 in the hand, which hold no 2-pair tractor.  S2-S4, S6,
    S8 is not: its only 3-pair tractor S2-S4 leaves S5-S6 in the hand.
    """
    trump = Trump(level=10, suit="S")
    lead = parse_cards("SK SK SA SA H10 H10 LJ LJ BJ BJ")
    hand = parse_cards("S2 S2 S3 S3 S4 S4 S5 S5 S6 S6 S8 S8 C3")
    legal = parse_cards("S2 S2 S3 S3 S4 S4 S5 S5 S8 S8")
    legal_too = parse_cards("S3 S3 S4 S4 S5 S5 S6 S6 S8 S8")
    illegal = parse_cards("S2 S2 S3 S3 S4 S4 S6 S6 S8 S8")
    assert ref_is_legal_follow(hand, lead, legal, trump)
    assert ref_is_legal_follow(hand, lead, legal_too, trump)
    assert not ref_is_legal_follow(hand, lead, illegal, trump)
    assert check_follow(hand, lead, legal, trump), check_follow(hand, lead, legal, trump).reason
    assert check_follow(hand, lead, legal_too, trump)
    assert not check_follow(hand, lead, illegal, trump)
    check_follows_against_reference(hand, lead, trump)


@pytest.mark.parametrize(
    ("texts", "winner"),
    [
        # a pair may be split into singles: S8 S8 SQ SQ = pair SQ + singles S8 S8 beats SJ SJ
        (["H5 H5 H3 H2", "SJ SJ S2 S3", "S8 S8 SQ SQ", "C2 C3 C4 C5"], 2),
        # smaller units are not compared: equal key pairs (off-suit level cards), earlier wins
        (["H5 H5 H3 H2", "H10 H10 S2 S3", "D10 D10 SA SK", "C2 C3 C4 C5"], 1),
        (["H5 H5 H3 H2", "H10 H10 S2 S3", "D10 D10 SA SK", "S10 S10 S4 S5"], 3),
        # a longer tractor may stand in for a shorter one plus a pair
        (["H6 H6 H5 H5 H3 H3", "S7 S7 S8 S8 S9 S9", "C2 C3 C4 C5 C6 C7", "S2 S2 S3 S3 S5 S5"], 1),
        # a follower of the led suit without the format cannot win
        (["H6 H6 H5 H5", "HA HA HK HQ", "C2 C3 C4 C5", "D2 D3 D4 D5"], 0),
    ],
)
def test_trick_winner_cases(texts, winner):
    trump = Trump(level=10, suit="S")
    plays = [parse_cards(t) for t in texts]
    assert ref_trick_winner(plays, trump) == winner
    assert trick_winner(plays, trump) == winner


def test_failed_throw_tie_goes_to_the_smaller_kind():
    """§4: a tractor ranks by its lowest pair; on a tie, the smaller kind is forced.

    Level 10, spades trump: H10 H10 S10 S10 C10 C10 is a tractor (one off-suit level pair
    and S10 S10) plus a pair, both with the lowest pair on the off-suit level step.  LJ LJ
    BJ BJ beats both; the pair must be led.
    """
    trump = Trump(level=10, suit="S")
    lead = parse_cards("H10 H10 S10 S10 C10 C10")
    others = [parse_cards("LJ LJ BJ BJ"), [], []]
    ok, candidates = ref_check_throw(lead, others, trump)
    assert not ok and all(len(c) == 2 and len(set(c)) == 1 for c in candidates)
    result = check_throw(lead, others, trump)
    assert not result.ok
    assert sorted(map(str, result.forced)) in (["C10", "C10"], ["H10", "H10"])
