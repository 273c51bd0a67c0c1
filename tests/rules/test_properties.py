"""Property tests: the package against the brute-force references of ``reference.py``.

One, two or three decks (RULES §3-§6, §11.1) and the 2s as trumps (§11.2): each property is
one test, run for every table in ``TABLES``, on cases drawn by ``strategies.py`` for that
table. Run with ``HYPOTHESIS_PROFILE=ci`` for the deterministic CI settings (see
conftest.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    of_suit,
    ref_check_throw,
    ref_decompose,
    ref_is_legal_follow,
    ref_trick_winner,
    sub_multisets,
)
from strategies import (
    ALL_54,
    SUITS,
    canon,
    follow_cases,
    group_follow_cases,
    samples,
    throw_cases,
    trick_cases,
)

from shengji_edu import (
    Card,
    Trump,
    check_follow,
    check_throw,
    decompose,
    format_cards,
    legal_follows,
    parse_cards,
    random_follow,
    trick_winner,
)
from shengji_edu.follow import iter_legal_follows
from shengji_edu.units import KINDS, WIDTHS, lead_format

# The tables every property is checked on: (decks, twos), twos as in strategies.py (None:
# drawn, with or without the 2s as trumps).
TABLES = [
    pytest.param(1, None, id="1-deck"),
    pytest.param(2, False, id="2-decks"),
    pytest.param(2, True, id="2-decks-twos"),
    pytest.param(3, None, id="3-decks"),
]
# Tables where groups of identical cards exist (tractors, and titanics with three decks).
GROUP_TABLES = TABLES[1:]

# --- 0. the primitives the references rely on: effective suits and steps (§2, §3, §11.2) ---


def ref_ladder(trump: Trump, suit: str) -> list[list[Card]]:
    """One effective suit's steps, low to high, each a list of the cards on it (§3, §11.2)."""
    level, ts = trump.level, trump.suit
    twos = trump.twos_are_trump and level != 2
    removed = {level, 2} if twos else {level}
    if suit != "T":
        return [[Card(suit, r)] for r in range(2, 15) if r not in removed]
    steps: list[list[Card]] = []
    if ts is not None:
        steps += [[Card(ts, r)] for r in range(2, 15) if r not in removed]
    if twos:
        steps.append([Card(s, 2) for s in SUITS if s != ts])
        if ts is not None:
            steps.append([Card(ts, 2)])
    steps.append([Card(s, level) for s in SUITS if s != ts])
    if ts is not None:
        steps.append([Card(ts, level)])
    return [*steps, [Card("J", 15)], [Card("J", 16)]]


EVERY_TRUMP = [
    Trump(level, suit, twos_are_trump=twos)
    for level in range(2, 15)
    for suit in ("S", "H", "D", "C", None)
    for twos in (False, True)
]


def test_suits_and_steps_follow_the_rules():
    """Every level, trump suit (or none) and 2s option: each card's effective suit and step."""
    for trump in EVERY_TRUMP:
        seen = Counter()
        for suit in ("T", *SUITS):
            if suit == trump.suit:
                continue  # the trump suit's cards are all trumps
            ladder = ref_ladder(trump, suit)
            place = {c: i for i, cards in enumerate(ladder) for c in cards}
            seen.update(place.keys())
            for card, i in place.items():
                assert trump.suit_of(card) == suit, (card, trump)
                assert trump.is_trump(card) == (suit == "T"), (card, trump)
                assert trump.step(card) == i, (card, trump)
            strongest_first = sorted(place, key=lambda c: (-place[c], c.index))
            assert trump.sort(strongest_first) == strongest_first, trump
        assert set(seen) == set(ALL_54) and set(seen.values()) == {1}, trump


@given(st.integers(2, 14), st.sampled_from(["S", "H", "D", "C", None]))
def test_at_level_two_the_option_changes_no_order(level, suit):
    plain, twos = Trump(2, suit), Trump(2, suit, twos_are_trump=True)
    for card in ALL_54:
        assert plain.suit_of(card) == twos.suit_of(card)
        assert plain.step(card) == twos.step(card)
        assert plain.sort_key(card) == twos.sort_key(card)


# --- 1. decompose (§3, §11.1) ----------------------------------------------------------------


@pytest.mark.parametrize(("decks", "twos"), TABLES)
@given(st.data())
def test_decompose_matches_the_reference(decks, twos, data):
    check_decompose(*data.draw(samples(decks, twos), label="case"))


def check_decompose(cards, trump):
    units = decompose(cards, trump)
    assert Counter(c for u in units for c in u.cards) == Counter(cards)
    for u in units:
        suits = {trump.suit_of(c) for c in u.cards}
        assert len(suits) == 1 and u.suit in suits, u.cards
        assert u.kind in KINDS
        assert len(u.cards) == u.width * u.steps == WIDTHS[u.kind] * u.steps
        assert u.shape == (u.width, u.steps)
        held = Counter(u.cards)
        assert set(held.values()) == {u.width}, u.cards  # each card width times
        steps = sorted(trump.step(c) for c in held)
        assert steps == list(range(steps[0], steps[0] + u.steps)), u.cards  # consecutive
        assert [trump.step(c) for c in u.cards] == sorted(
            (trump.step(c) for c in u.cards), reverse=True
        ), "strongest first"
        assert u.high == trump.step(u.cards[0]) and u.low == trump.step(u.cards[-1])
        assert u.pairs == (0 if u.width == 1 else u.steps)
    got = sorted((u.kind, tuple(sorted(map(str, u.cards)))) for u in units)
    assert got == ref_decompose(cards, trump), (format_cards(cards), repr(trump))


@given(samples(decks=1, twos=None, max_size=54))
def test_one_deck_has_only_singles(case):
    cards, trump = case
    assert all(u.kind == "single" for u in decompose(cards, trump))
    if cards:
        suit = trump.suit_of(cards[0])
        lead = [c for c in cards if trump.suit_of(c) == suit]
        assert lead_format(lead, trump).total_pairs == 0


# --- 2. following (§5, §11.1) ---------------------------------------------------------------


def check_follows(hand, lead, trump):
    """check_follow, legal_follows, iter_legal_follows and random_follow against the reference
    on every play of the lead's size from the hand."""
    listed = [canon(p) for p in legal_follows(hand, lead, trump)]
    assert len(listed) == len(set(listed)), "legal_follows lists a play twice"
    assert [canon(p) for p in iter_legal_follows(hand, lead, trump)] == listed
    accepted, reference = set(), set()
    for play in sub_multisets(hand, len(lead)):
        verdict = check_follow(hand, lead, list(play), trump)
        assert (verdict.reason == "") == verdict.ok == bool(verdict), verdict
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
    rng = random.Random(len(hand) * 1000 + len(lead))
    for _ in range(5):
        play = random_follow(hand, lead, trump, rng)
        assert canon(play) in reference, (described, "random_follow", format_cards(play))


@pytest.mark.parametrize(("decks", "twos"), TABLES)
@given(st.data())
def test_following_matches_the_reference(decks, twos, data):
    check_follows(*data.draw(follow_cases(decks, twos), label="case"))


@pytest.mark.parametrize(("decks", "twos"), GROUP_TABLES)
@given(st.data())
def test_following_groups_matches_the_reference(decks, twos, data):
    """Leads of tractors (titanics and triples with three decks) against hands rich in
    groups (§5.3-§5.4, §11.1 (1)-(4))."""
    check_follows(*data.draw(group_follow_cases(decks, twos), label="case"))


@settings(max_examples=100)
@given(follow_cases(decks=3, twos=None, lead_sizes=(6, 7), hand_sizes=(8, 10)))
def test_following_long_leads_three_decks(case):
    check_follows(*case)


# --- 3. who wins a trick (§6, §11.1) ----------------------------------------------------------


def check_winner(plays, trump):
    for play in plays:
        assert len(play) == len(plays[0])  # every play has as many cards as the lead
    expected = ref_trick_winner(plays, trump)
    actual = trick_winner(plays, trump)
    assert actual == expected, (
        [format_cards(p) for p in plays],
        repr(trump),
        f"expected {expected}, got {actual}",
    )


@pytest.mark.parametrize(("decks", "twos"), TABLES)
@given(st.data())
def test_trick_winner_matches_the_reference(decks, twos, data):
    check_winner(*data.draw(trick_cases(decks, twos), label="case"))


# --- 4. throws (§4, §11.1) ------------------------------------------------------------------


def check_throws(lead, others, trump):
    result = check_throw(lead, others, trump)
    ok, candidates = ref_check_throw(lead, others, trump)
    described = (format_cards(lead), [format_cards(h) for h in others], repr(trump))
    assert result.ok == ok, (*described, result.reason)
    forced = Counter(result.forced)
    assert not forced - Counter(lead), described  # a sub-multiset of the lead
    if ok:
        assert forced == Counter(lead) and not result.reason, described
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
        assert result.reason and result.beaten is not None
        beaters = Counter(result.beaten_by)
        assert not beaters - Counter(others[result.holder]), "the beater is in the holder's hand"


@pytest.mark.parametrize(("decks", "twos"), TABLES)
@given(st.data())
def test_check_throw_matches_the_reference(decks, twos, data):
    check_throws(*data.draw(throw_cases(decks, twos), label="case"))


# --- 5. sort (§2) ------------------------------------------------------------------------


@given(samples(decks=2, twos=False, max_size=25))
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


# --- 6. hand-made cases: the rule book's examples and the subtle sentences of §4-§6 ----------


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
    check_follows(hand, lead, trump)


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
