"""possible_declarations lists exactly what declaration_over accepts (RULES §8, §11.1,
§12.2), in its order: checked against trying every candidate one by one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu.cards import BIG_JOKER, LITTLE_JOKER, SUITS, Card
from shengji_edu.declaring import Declaration, declaration_over, possible_declarations


def tried_one_by_one(received, level, standing, decks, seat, joker_bids):
    """Every show of one declaring card (1 to ``decks`` copies held), and the four jokers,
    kept when declaration_over accepts it: jokers first (big, then little), then the level
    cards in suit order, fewer copies first."""
    candidates = [[LITTLE_JOKER, LITTLE_JOKER, BIG_JOKER, BIG_JOKER]]
    for card in (BIG_JOKER, LITTLE_JOKER, *(Card(suit, level) for suit in SUITS)):
        held = sum(1 for c in received if c is card)
        candidates += [[card] * n for n in range(1, min(held, decks) + 1)]
    found = []
    for cards in candidates:
        if sum(1 for c in received if c is cards[0]) < cards.count(cards[0]):
            continue  # the four jokers need two of each
        if len(cards) == 4 and sum(1 for c in received if c is BIG_JOKER) < 2:
            continue
        try:
            declaration_over(cards, level, standing, seat, decks, joker_bids)
        except ValueError:
            continue
        found.append(cards)
    return found


@st.composite
def holdings(draw):
    decks = draw(st.integers(1, 3))
    level = draw(st.integers(2, 14))
    pool = [
        BIG_JOKER,
        LITTLE_JOKER,
        *(Card(s, level) for s in SUITS),
        Card("S", 3 if level != 3 else 4),
    ]
    received = draw(st.lists(st.sampled_from(pool), max_size=12))
    received = [c for c in received if sum(1 for x in received if x is c) <= decks]
    joker_bids = draw(st.sampled_from(["pairs", "none", "four"]))
    standing = None
    if draw(st.booleans()):
        shown = draw(st.lists(st.sampled_from(pool[:6]), min_size=1, max_size=decks))
        shown = [shown[0]] * len(shown)
        if joker_bids == "four" and draw(st.booleans()) and decks >= 2:
            shown = [LITTLE_JOKER, LITTLE_JOKER, BIG_JOKER, BIG_JOKER]
        try:
            strength_suit = declaration_over(shown, level, None, None, decks, joker_bids)
        except ValueError:
            strength_suit = None
        if strength_suit is not None:
            who = draw(st.integers(0, 3))
            standing = Declaration(who, tuple(shown), strength_suit[0], strength_suit[1], 1)
    seat = draw(st.sampled_from([None, 0, 1, 2, 3]))
    return received, level, standing, decks, seat, joker_bids


@settings(max_examples=400, deadline=None)
@given(holdings())
def test_possible_declarations_are_the_accepted_ones(case) -> None:
    received, level, standing, decks, seat, joker_bids = case
    assert possible_declarations(received, level, standing, decks, seat, joker_bids) == (
        tried_one_by_one(received, level, standing, decks, seat, joker_bids)
    )
