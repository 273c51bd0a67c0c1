"""Exercise 05 · Tricks (lesson 05): who wins a trick, and whether a throw stands.

Trick winners are indexes into the list of plays (the lead is index 0), as in the package's
``trick_winner``; throws are judged like ``check_throw``.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Card
from ..cards import parse_cards as _cards
from ..trump import Trump
from ..units import decompose
from .checking import CardMultiset, Question, TrueFalse, WholeNumber
from .generate import (
    Shoe,
    random_suit,
    random_trick,
    random_trump,
)

EXERCISE = "ex05"


# --- cases (the references and solutions are in solutions/) --------------------------
def _single_trick(rng: random.Random) -> tuple:
    plays, trump = random_trick(rng, (1,))
    return ([play[0] for play in plays], trump)


def _pair_trick(rng: random.Random) -> tuple:
    return random_trick(rng, (2,))


def _unit_trick(rng: random.Random) -> tuple:
    return random_trick(rng, (1, 2, 4, 4, 6))


def _throw(rng: random.Random) -> tuple:
    """A lead of singles and pairs (no tractor) and three other hands."""
    trump = random_trump(rng)
    shoe = Shoe(rng)
    suit = random_suit(rng, trump)
    while True:
        lead = shoe.pairs(rng.randint(0, 2), suit, trump) + shoe.draw(
            rng.randint(0, 3), suit, trump
        )
        units = decompose(lead, trump)
        kinds_on_step = Counter((unit.kind, unit.high) for unit in units)
        # No tractor; and no two singles (or two pairs) on one step, which only equal level
        # cards can do: the rules do not say which of two such beaten units must be led.
        if units and all(u.kind != "tractor" for u in units) and max(kinds_on_step.values()) == 1:
            break
        shoe.put_back(lead)  # put the cards back and try again
    others = []
    for _ in range(3):
        hand = shoe.pairs(rng.randint(0, 2), suit, trump) if rng.random() < 0.5 else []
        hand += shoe.draw(rng.randint(0, 4), suit, trump)
        hand += shoe.draw(rng.randint(0, 3))
        rng.shuffle(hand)
        others.append(hand)
    rng.shuffle(lead)
    return (lead, others, trump)


def _unit_and_others(rng: random.Random) -> tuple:
    lead, others, trump = _throw(rng)
    unit = rng.choice(decompose(lead, trump)).cards
    return (unit, others, trump)


_LEVEL10 = Trump(10, "S")


def _tricks(*texts: str) -> list[list[Card]]:
    return [_cards(text) for text in texts]


_THROW = _cards("H9 H8 H8 H4 H4")
_THROW_CASES = [
    (_THROW, _tricks("HJ H2 C5", "D3 D4", "S5 S6"), _LEVEL10),
    (_THROW, _tricks("HQ HQ C5", "D3 D4", "S5 S6"), _LEVEL10),
    (_THROW, _tricks("H5 H5 C5", "D3 D4", "S5 S6"), _LEVEL10),
    (_THROW, _tricks("H7 H3 H2", "D3 D4", "S5 S6"), _LEVEL10),
    (_cards("HA HA"), _tricks("BJ", "", "HK HK"), _LEVEL10),
]

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="single_winner",
    params=("cards", "trump"),
    reference="_single_reference",
    answer=WholeNumber(),
    fixed=[
        (_cards("HK HA H3 DA"), _LEVEL10),
        (_cards("HA H3 S2 H4"), _LEVEL10),
        (_cards("HA S2 S3 DA"), _LEVEL10),
        (_cards("HA HA H3 H4"), _LEVEL10),
        (_cards("HA D10 C10 H3"), _LEVEL10),
        (_cards("C5"), _LEVEL10),
    ],
    generate=_single_trick,
    random_cases=300,
    hint="""
        Keep the index of the best card so far (start with 0, the lead). A later card takes
        over only if its effective suit is the led suit or "T" and its strength
        (trump.strength) is strictly higher: equal cards leave the earlier one winning.
    """,
    solution="single_winner",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="pair_winner",
    params=("plays", "trump"),
    reference="trick_winner",
    answer=WholeNumber(),
    fixed=[
        (_tricks("H9 H9", "HA HK", "HJ HJ", "S2 S3"), _LEVEL10),
        (_tricks("H9 H9", "S2 S2", "SA SA", "HJ HJ"), _LEVEL10),
        (_tricks("D10 D10", "H10 H10", "S9 S9", "C10 C10"), _LEVEL10),
    ],
    generate=_pair_trick,
    random_cases=300,
    hint="""
        Like single_winner, but a play can only take over if it is a pair (its two cards
        are equal), of the led suit or trumps, and strictly stronger than the best so far.
    """,
    solution="pair_winner",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="is_beaten",
    params=("unit", "others", "trump"),
    reference="_beaten_reference",
    answer=TrueFalse(),
    fixed=[
        (_cards("H9"), _tricks("HJ H2 C5", "D3 D4", "S5 S6"), _LEVEL10),
        (_cards("H8 H8"), _tricks("HJ H2 C5", "D3 D4", "S5 S6"), _LEVEL10),
        (_cards("H4 H4"), _tricks("H5 H5 C5", "D3 D4", "S5 S6"), _LEVEL10),
        (_cards("H9"), _tricks("H7 H3 H2", "S2 S3", "BJ"), _LEVEL10),
        (_cards("HA"), _tricks("HA", "", "C2"), _LEVEL10),
        (_cards("H10"), _tricks("C10 C10 SA", "D10", ""), _LEVEL10),
    ],
    generate=_unit_and_others,
    random_cases=300,
    hint="""
        Only cards of the unit's effective suit count. For a single, any higher card beats
        it (also one card of a pair); for a pair, a higher pair (a card held twice by the
        same hand). Higher means a higher trump.step; an equal card does not beat it.
    """,
    solution="is_beaten",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="forced_lead",
    params=("lead", "others", "trump"),
    reference="_forced_reference",
    answer=CardMultiset(),
    fixed=_THROW_CASES,
    generate=_throw,
    random_cases=300,
    hint="""
        Split the lead into units with Counter: a card held twice is a pair, otherwise a
        single. One unit always stands. Find the beaten units with your is_beaten; none:
        the whole lead stands. Otherwise
        the leader must lead the beaten unit of lowest rank, the lowest trump.step; if a
        single and a pair tie (equal level cards), the single. min(..., key=...) with a
        tuple key does both.
    """,
    solution="forced_lead",
    builds_on=(3,),
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="unit_winner",
    params=("plays", "trump"),
    reference="trick_winner",
    answer=WholeNumber(),
    fixed=[
        (_tricks("H5 H5 H4 H4", "HQ HQ HJ HJ", "S3 S3 S2 S2", "H9 H9 H7 H7"), _LEVEL10),
        (_tricks("H5 H5 H4 H4", "HQ HQ HJ HJ", "SA SA S2 S2", "HK HK HA HA"), _LEVEL10),
        (_tricks("SA SA H10 H10", "LJ LJ BJ BJ", "D10 D10 C10 C10"), _LEVEL10),
        (_tricks("H9 H9", "S2 S2", "SA SA", "HJ HJ"), _LEVEL10),
        (_tricks("HA", "S2", "S3", "DA"), _LEVEL10),
    ],
    generate=_unit_trick,
    random_cases=300,
    hint="""
        Give each play a key, or None when it cannot win: it must be all of one effective
        suit, the led suit or "T"; after a pair or a tractor lead, every card must be held
        twice and the steps of the pairs must be consecutive. The key is (is it a ruff,
        its highest step): a trump play on a side-suit lead beats every play of that suit.
        The best key wins; ties stay with the earlier play.
    """,
    solution="unit_winner",
)

QUESTIONS = [q1, q2, q3, q4, q5]
