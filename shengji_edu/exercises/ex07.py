"""Exercise 07 · Scoring and a match (lesson 07): settlement, the kitty, a hand's points, levels.

Standard rules throughout (RULES §7): the ``"power"`` kitty multiplier and the
``"standard"`` settlement table. Seats 0 and 2 are team 0, seats 1 and 3 team 1.
"""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, Card
from ..cards import parse_cards as _cards
from ..trump import Trump
from .checking import Group, Question, TrueFalse, WholeNumber
from .generate import Shoe, follow_play, random_suit, random_trump, suit_hand, tractor

EXERCISE = "ex07"
ACE = 14


# --- cases (the references and solutions are in solutions/) --------------------------
def _lead(rng: random.Random, shoe: Shoe, trump: Trump) -> list[Card]:
    """A lead of one effective suit: often a tractor or pairs, so the multiplier varies."""
    suit = random_suit(rng, trump)
    if rng.random() < 0.3:
        lead = tractor(shoe, trump, suit, rng.randint(2, 4))
    else:
        lead = suit_hand(shoe, trump, suit, rng.randint(1, 6), pair_share=rng.random())
    return lead or shoe.draw(1)


def _lead_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    return (_lead(rng, Shoe(rng), trump), trump)


def _hand_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    tricks = []
    for _ in range(rng.randint(1, 4)):
        lead = _lead(rng, shoe, trump) if rng.random() < 0.5 else shoe.draw(1)
        led = trump.suit_of(lead[0])
        plays = [lead] + [follow_play(shoe, trump, led, len(lead)) for _ in range(3)]
        tricks.append((rng.randrange(4), plays))
    points = [card for card in ALL_CARDS if card.points]
    kitty = shoe.draw(rng.randint(0, 8))
    for card in rng.sample(points, rng.randint(0, 3)):
        if shoe.has(card) and len(kitty) < 8:
            kitty += shoe.take([card])
    return (tricks, kitty, rng.randrange(4), trump)


def _after_case(rng: random.Random) -> tuple:
    levels = (rng.choice([rng.randint(2, 14), 12, 13, 14]), rng.choice([rng.randint(2, 14), 14]))
    points = rng.choice([rng.randrange(0, 260, 5), rng.choice([0, 35, 40, 75, 80, 115, 120])])
    return (levels, rng.randrange(4), points)


_LEVEL2 = Trump(2, "S")
_LEAD_TEXTS = ["H9", "H9 H9", "H9 H9 H8 H8", "H9 H9 H8 H8 H7 H7", "HA HK HK", "HA HK"]
_TRICK = [_cards("H9 H9"), _cards("HK HK"), _cards("H3 D5"), _cards("S4 S4")]

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="settle_levels",
    params=("points",),
    reference="_settle_reference",
    answer=Group(
        [WholeNumber(), WholeNumber()],
        "a tuple (dealer levels, defender levels)",
        ["dealer levels", "defender levels"],
    ),
    fixed=[(points,) for points in range(0, 405, 5)],
    hint="""
        Under 80 the dealers climb: 3 levels for 0 points, 2 under 40, 1 under 80. From 80
        the defenders take the deal and climb one level for every full 40 points above 80:
        (points - 80) // 40.
    """,
    solution="settle_levels",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="multiplier",
    params=("lead", "trump"),
    reference="kitty_multiplier",
    answer=WholeNumber(),
    fixed=[(_cards(text), _LEVEL2) for text in _LEAD_TEXTS],
    generate=_lead_case,
    hint="""
        decompose(lead, trump) splits the lead into units; the largest unit's number of
        cards (len(unit.cards)) is 1, 2, 4, 6, ... The multiplier is 2 to that power.
    """,
    solution="multiplier",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="defender_points",
    params=("tricks", "kitty", "dealer", "trump"),
    reference="_points_reference",
    answer=WholeNumber(),
    fixed=[
        ([(1, _TRICK)], _cards("SK SK S5"), 0, _LEVEL2),
        ([(2, _TRICK)], _cards("SK SK S5"), 0, _LEVEL2),
        ([(3, _TRICK), (0, _TRICK[::-1])], _cards("D10"), 1, _LEVEL2),
    ],
    generate=_hand_case,
    hint="""
        The dealer's team is dealer % 2; a trick counts when winner % 2 is the other team.
        Add the points of every card of those tricks. Then the kitty: only if the defenders
        won the last trick (tricks[-1]), its points times your multiplier of that trick's
        lead (its plays[0]).
    """,
    solution="defender_points",
    builds_on=(2,),
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="after_hand",
    params=("levels", "dealer", "points"),
    reference="_after_reference",
    answer=Group(
        [Group([WholeNumber(), WholeNumber()], "two levels"), WholeNumber(), TrueFalse()],
        "a tuple ((team 0 level, team 1 level), next dealer, match won)",
        ["new levels", "next dealer", "match won"],
    ),
    fixed=[
        ((2, 2), 0, 0),
        ((2, 2), 0, 80),
        ((13, 5), 2, 10),
        ((14, 9), 0, 75),
        ((14, 9), 0, 80),
        ((9, 14), 1, 40),
        ((12, 12), 3, 240),
    ],
    generate=_after_case,
    hint="""
        The dealer's team is dealer % 2. Add settle_levels(points) to the two teams (the
        first number to the dealer's team), but never past A (14): min(14, ...). Under 80
        the dealer's partner deals next ((dealer + 2) % 4), else the next seat
        ((dealer + 1) % 4). The match is won when the dealers keep the deal at level A.
    """,
    solution="after_hand",
    builds_on=(1,),
)

QUESTIONS = [q1, q2, q3, q4]
