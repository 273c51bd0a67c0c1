"""Property tests for Gin Rummy: the package against brute force written from the rules.

Run with ``HYPOTHESIS_PROFILE=ci`` for the deterministic CI settings (see conftest.py).
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from shengji_edu.gin import (
    NO_LAYOFFS,
    best_melds,
    can_knock,
    candidate_melds,
    card_value,
    deadwood,
    is_meld,
    knock_discards,
    score_hand,
)
from shengji_edu.gin.melds import _meld_masks, deadwood_without_each, to_mask

# Random 10-card hands from the whole deck rarely hold a meld, so most hands come from
# smaller pools, where melds (and overlapping melds, the hard case) are common.
POOLS = {
    "deck": list(range(52)),
    "ranks 4-9": [c for c in range(52) if 3 <= c % 13 <= 8],
    "two suits": list(range(26)),
    "ranks A-5, three suits": [c for c in range(39) if c % 13 <= 4],
}


@st.composite
def hands(draw, size=10):
    pool = POOLS[draw(st.sampled_from(sorted(POOLS)))]
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


def ref_is_meld(cards) -> bool:
    """Straight from the rules: 3-4 of a rank, or 3+ of a suit with consecutive ranks."""
    ranks = sorted(c % 13 for c in cards)
    if len(cards) < 3:
        return False
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    suits = {c // 13 for c in cards}
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))


def brute_force_deadwood(hand) -> int:
    """Try every collection of disjoint melds among all subsets of the hand."""
    melds = [
        frozenset(subset)
        for size in range(3, len(hand) + 1)
        for subset in combinations(hand, size)
        if ref_is_meld(subset)
    ]
    best = sum(card_value(c) for c in hand)

    def search(start: int, used: frozenset) -> None:
        nonlocal best
        best = min(best, sum(card_value(c) for c in hand if c not in used))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                search(i + 1, used | melds[i])

    search(0, frozenset())
    return best


@given(hands())
def test_candidate_melds_fast_and_plain_agree(hand):
    plain = sorted(to_mask(m) for m in candidate_melds(hand))
    assert sorted(_meld_masks(to_mask(hand))) == plain
    assert all(ref_is_meld(m) for m in candidate_melds(hand))


@given(hands())
def test_best_melds_equals_brute_force(hand):
    split = best_melds(hand)
    assert split.deadwood == brute_force_deadwood(hand)
    assert all(ref_is_meld(m) and is_meld(m) for m in split.melds)
    used = [c for m in split.melds for c in m] + list(split.unmatched)
    assert sorted(used) == sorted(hand)
    assert split.deadwood == sum(card_value(c) for c in split.unmatched)


@given(hands(size=11))
def test_knocking_with_eleven_cards_tries_every_discard(hand):
    # deadwood itself is checked against brute force above; here: every discard is tried
    expected = [c for c in hand if deadwood([d for d in hand if d != c]) <= 10]
    assert knock_discards(hand) == sorted(expected)
    assert can_knock(hand) == bool(expected)
    after = deadwood_without_each(hand)  # the players' shortcut agrees with the plain way
    assert all(after[c] == deadwood([d for d in hand if d != c]) for c in hand)


@st.composite
def knock_deals(draw):
    """A knocking hand (deadwood <= 10) and a defender's hand from the same pool."""
    pool = POOLS[draw(st.sampled_from(["ranks 4-9", "two suits"]))]
    cards = draw(st.permutations(pool))
    knocker = next(
        (
            list(cards[i : i + 10])
            for i in range(len(cards) - 19)
            if deadwood(cards[i : i + 10]) <= 10
        ),
        None,
    )
    rest = [c for c in cards if knocker is None or c not in knocker]
    return knocker, rest[:10]


@given(knock_deals())
def test_scoring_invariants(deal):
    knocker, defender = deal
    if knocker is None:
        return
    score = score_hand(knocker, defender)
    plain = score_hand(knocker, defender, NO_LAYOFFS)
    assert score.points > 0 and plain.points > 0
    assert score.knocker_deadwood <= 10
    # layoffs only ever help the defender
    assert score.value <= plain.value
    laid = [c for c, _ in score.layoffs]
    assert sorted(
        laid + [c for m in score.defender.melds for c in m] + list(score.defender.unmatched)
    ) == sorted(defender)
    if score.kind == "gin":
        assert score.points == 25 + deadwood(defender) and not laid
    elif score.kind == "knock":
        assert score.points == score.defender_deadwood - score.knocker_deadwood
    else:
        assert score.kind == "undercut"
        assert score.points == 25 + score.knocker_deadwood - score.defender_deadwood
