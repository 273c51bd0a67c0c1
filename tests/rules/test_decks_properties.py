"""Property tests for one to three decks (RULES §11) against brute-force references.

Three decks (cards up to three times: triples, titanics, tractors taking two of three) and
the 2s as trumps (§11.2) are checked against ``reference_decks.py``, which tries every
order, assignment and split. Run with ``HYPOTHESIS_PROFILE=ci`` for the CI settings.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from reference_decks import (
    ref_check_throw,
    ref_decompose,
    ref_is_legal_follow,
    ref_trick_winner,
    sub_multisets,
)
from strategies import ALL_54, SUITS, canon
from strategies_decks import (
    any_trumps,
    follow_cases,
    run_follow_cases,
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
    random_follow,
    trick_winner,
)
from shengji_edu.follow import iter_legal_follows
from shengji_edu.units import KINDS, WIDTHS, lead_format

# --- the order of cards with the 2s as trumps (§11.2) ------------------------------------


def ref_ladder(trump: Trump, suit: str) -> list[list[Card]]:
    """§11.2 (and §2-§3 without the option): one effective suit's steps, low to high."""
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


@given(any_trumps())
def test_suits_and_steps_with_or_without_twos(trump):
    seen = Counter()
    for suit in ("T", *SUITS):
        if suit == trump.suit:
            continue
        ladder = ref_ladder(trump, suit)
        place = {c: i for i, cards in enumerate(ladder) for c in cards}
        seen.update(place.keys())
        for card, i in place.items():
            assert trump.suit_of(card) == suit, card
            assert trump.step(card) == i, (card, trump)
        strongest_first = sorted(place, key=lambda c: (-place[c], c.index))
        assert trump.sort(strongest_first) == strongest_first
    assert set(seen) == set(ALL_54) and set(seen.values()) == {1}


@given(st.integers(2, 14), st.sampled_from(["S", "H", "D", "C", None]))
def test_at_level_two_the_option_changes_no_order(level, suit):
    plain, twos = Trump(2, suit), Trump(2, suit, twos_are_trump=True)
    for card in ALL_54:
        assert plain.suit_of(card) == twos.suit_of(card)
        assert plain.step(card) == twos.step(card)
        assert plain.sort_key(card) == twos.sort_key(card)


# --- decomposition ---------------------------------------------------------------------


@given(samples())
def test_decompose_matches_the_reference_three_decks(case):
    check_decompose(*case)


@given(samples(decks=2, twos=True))
def test_decompose_matches_the_reference_twos_trump(case):
    check_decompose(*case)


def check_decompose(cards, trump):
    units = decompose(cards, trump)
    assert Counter(c for u in units for c in u.cards) == Counter(cards)
    for u in units:
        assert u.kind in KINDS
        assert len(u.cards) == u.width * u.steps == WIDTHS[u.kind] * u.steps
        assert u.shape == (u.width, u.steps)
        assert [trump.step(c) for c in u.cards] == sorted(
            (trump.step(c) for c in u.cards), reverse=True
        ), "strongest first"
        assert u.high == trump.step(u.cards[0]) and u.low == trump.step(u.cards[-1])
        assert u.pairs == (0 if u.width == 1 else u.steps)
    got = sorted((u.kind, tuple(sorted(map(str, u.cards)))) for u in units)
    assert got == ref_decompose(cards, trump), (format_cards(cards), repr(trump))


# --- following ---------------------------------------------------------------------------


def check_follows(hand, lead, trump):
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
        "check_follow only:",
        sorted(format_cards(p) for p in accepted - reference),
        "reference only:",
        sorted(format_cards(p) for p in reference - accepted),
    )
    assert set(listed) == reference, (described, "legal_follows differs from the reference")
    rng = random.Random(len(hand) * 1000 + len(lead))
    for _ in range(5):
        play = random_follow(hand, lead, trump, rng)
        assert canon(play) in reference, (described, "random_follow", format_cards(play))


@given(follow_cases())
def test_following_three_decks_matches_the_reference(case):
    check_follows(*case)


@settings(max_examples=100)
@given(follow_cases(lead_sizes=(6, 7), hand_sizes=(8, 10)))
def test_following_long_leads_three_decks(case):
    check_follows(*case)


@given(run_follow_cases())
def test_following_titanics_tractors_and_triples_matches_the_reference(case):
    """Leads of titanics, tractors and triples against hands rich in groups (§11.1 1-4)."""
    check_follows(*case)


@given(follow_cases(decks=2, twos=True))
def test_following_twos_trump_matches_the_reference(case):
    check_follows(*case)


@given(follow_cases(decks=1, hand_sizes=(3, 8)))
def test_following_one_deck_matches_the_reference(case):
    check_follows(*case)


# --- throws ----------------------------------------------------------------------------


def check_throws(lead, others, trump):
    result = check_throw(lead, others, trump)
    ok, candidates = ref_check_throw(lead, others, trump)
    described = (format_cards(lead), [format_cards(h) for h in others], repr(trump))
    assert result.ok == ok, (*described, result.reason)
    if ok:
        assert Counter(result.forced) == Counter(lead) and not result.reason
    else:
        assert Counter(result.forced) in [Counter(c) for c in candidates], (
            *described,
            format_cards(result.forced),
            [format_cards(c) for c in candidates],
        )
        assert result.reason and result.beaten is not None
        beaters = Counter(result.beaten_by)
        assert not beaters - Counter(others[result.holder]), "the beater is in the holder's hand"


@given(throw_cases())
def test_throws_three_decks_match_the_reference(case):
    check_throws(*case)


@given(throw_cases(decks=2, twos=True))
def test_throws_twos_trump_match_the_reference(case):
    check_throws(*case)


# --- who wins --------------------------------------------------------------------------


def check_winner(plays, trump):
    expected = ref_trick_winner(plays, trump)
    actual = trick_winner(plays, trump)
    assert actual == expected, ([format_cards(p) for p in plays], repr(trump), expected, actual)


@given(trick_cases())
def test_trick_winner_three_decks_matches_the_reference(case):
    check_winner(*case)


@given(trick_cases(decks=2, twos=True))
def test_trick_winner_twos_trump_matches_the_reference(case):
    check_winner(*case)


@given(trick_cases(decks=1))
def test_trick_winner_one_deck_matches_the_reference(case):
    check_winner(*case)


# --- one deck: only singles ----------------------------------------------------------------


@given(samples(decks=1, max_size=54))
def test_one_deck_has_only_singles(case):
    cards, trump = case
    assert all(u.kind == "single" for u in decompose(cards, trump))
    if cards:
        suit = trump.suit_of(cards[0])
        lead = [c for c in cards if trump.suit_of(c) == suit]
        assert lead_format(lead, trump).total_pairs == 0
