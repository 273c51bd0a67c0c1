"""Completing a partial choice card by card (completion.follow_completer, burying.can_complete_bury)
against brute force: a partial choice completes exactly when some legal play (every one,
listed by legal_follows) or legal bury holds it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import follow_cases, group_follow_cases

from shengji_edu import RuleSet, check_follow, legal_follows
from shengji_edu.burying import can_complete_bury, check_bury
from shengji_edu.completion import can_complete_follow, follow_completer
from shengji_edu.units import lead_format


def sub_multisets(cards, most):
    """Every distinct sub-multiset of ``cards`` with at most ``most`` cards."""
    counts = Counter(cards)
    found = {()}
    for card, n in counts.items():
        found = {old + (card,) * k for old in found for k in range(n + 1) if len(old) + k <= most}
    return [list(s) for s in found]


def check_completion(hand, lead, trump):
    size = lead_format(lead, trump).size
    if len(hand) < size:
        return
    plays = [Counter(p) for p in legal_follows(hand, lead, trump)]
    done = follow_completer(hand, lead, trump)
    for partial in sub_multisets(hand, size):
        chosen = Counter(partial)
        expected = any(not chosen - play for play in plays)
        assert done(partial) == expected, (hand, lead, partial)
    if plays:  # the one-shot form agrees, and a full choice completes iff it is legal
        play = list(plays[0].elements())
        assert can_complete_follow(hand, lead, play, trump) == bool(
            check_follow(hand, lead, play, trump)
        )


@pytest.mark.parametrize("decks", [1, 2, 3])
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_follow_completion_matches_brute_force(decks, data):
    hand, lead, trump = data.draw(
        follow_cases(decks, None, lead_sizes=(1, 5), hand_sizes=(4, 9)), label="case"
    )
    check_completion(hand, lead, trump)


@pytest.mark.parametrize("decks", [2, 3])
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_follow_completion_with_groups_matches_brute_force(decks, data):
    hand, lead, trump = data.draw(group_follow_cases(decks, None), label="case")
    if len(hand) <= 11:
        check_completion(hand, lead, trump)


def test_completion_refuses_cards_not_held_and_too_many():
    from shengji_edu import Trump, parse_cards

    trump = Trump(2, "S")
    hand, lead = parse_cards("H5 H5 H6 C3"), parse_cards("H9 H9")
    assert can_complete_follow(hand, lead, parse_cards("H5"), trump)
    assert not can_complete_follow(hand, lead, parse_cards("H6"), trump)  # the pair is owed
    assert not can_complete_follow(hand, lead, parse_cards("H7"), trump)  # not held
    assert not can_complete_follow(hand, lead, parse_cards("H5 H5 H6"), trump)  # too many


@settings(max_examples=80, deadline=None)
@given(
    st.data(),
    st.sampled_from([1, 2, 3]),
    st.booleans(),
)
def test_bury_completion_matches_brute_force(data, decks, open_kitty):
    from strategies import ALL_54

    rules = RuleSet(decks=decks, open_kitty=open_kitty)
    size = rules.kitty_size
    pool = data.draw(st.lists(st.sampled_from(ALL_54[:20]), min_size=size, max_size=size + 4))
    hand = [c for c, n in Counter(pool).items() for _ in range(min(n, decks))]
    if len(hand) < size:
        return
    legal = [
        Counter(b)
        for b in {tuple(sorted(b, key=str)) for b in combinations(hand, size)}
        if check_bury(hand, list(b), rules)
    ]
    for partial in sub_multisets(hand, size):
        expected = any(not Counter(partial) - bury for bury in legal)
        assert can_complete_bury(hand, partial, rules) == expected, (hand, partial)
