"""Exercise 03 · Pairs and tractors (lesson 03): pairs, the level gap, tractors, a lead's shape."""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, RANKS, Card
from ..cards import parse_cards as _cards
from ..trump import Trump
from .checking import Group, NumberMultiset, Question, TrueFalse, WholeNumber
from .generate import Shoe, random_suit, random_trump, suit_hand, tractor

EXERCISE = "ex03"


# --- cases (the references and solutions are in solutions/) --------------------------
def _pair_candidates(rng: random.Random) -> tuple:
    card = rng.choice(ALL_CARDS)
    roll = rng.random()
    if roll < 0.4:
        cards = [card, card]
    elif roll < 0.6 and not card.is_joker:
        cards = [card, Card(rng.choice([s for s in "SHDC" if s != card.suit]), card.rank)]
    elif roll < 0.7:
        cards = _cards(rng.choice(["LJ BJ", "BJ LJ", "LJ LJ", "BJ BJ"]))
    elif roll < 0.85:
        cards = [card, card, rng.choice(ALL_CARDS)]
        rng.shuffle(cards)
    else:
        cards = rng.sample(ALL_CARDS, rng.randint(0, 2))
    return (cards,)


def _near_tractor(rng: random.Random) -> tuple:
    """A tractor, or something that almost is one."""
    trump = random_trump(rng)
    shoe = Shoe(rng)
    suit = random_suit(rng, trump, trump_share=0.4)
    cards = tractor(shoe, trump, suit, rng.choice((2, 2, 3, 4)))
    roll = rng.random()
    if not cards or roll < 0.3:
        pass
    elif roll < 0.45:
        cards.pop(rng.randrange(len(cards)))  # one card short
    elif roll < 0.55:
        cards += shoe.draw(1, rng.choice([suit, random_suit(rng, trump)]), trump)
    elif roll < 0.75:
        cards = cards[:2] + shoe.pairs(1, rng.choice([suit, random_suit(rng, trump)]), trump)
    elif roll < 0.9:  # pairs on the same step, or pairs of the shared level step
        level_pairs = [c for c in ALL_CARDS if c.rank == trump.level and shoe.has(c, 2)]
        cards = shoe.take([c for c in rng.sample(level_pairs, 2) for _ in range(2)])
    else:
        cards = shoe.pairs(rng.randint(2, 3), suit, trump)
    rng.shuffle(cards)
    return (cards, trump)


def _pairy_hand(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    cards: list[Card] = []
    for _ in range(rng.randint(1, 3)):
        suit = random_suit(rng, trump, trump_share=0.4)
        cards += suit_hand(shoe, trump, suit, rng.randint(2, 8), pair_share=0.8)
    rng.shuffle(cards)
    return (cards, trump)


def _one_suit(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    suit = random_suit(rng, trump, trump_share=0.4)
    cards = suit_hand(shoe, trump, suit, rng.randint(1, 12), pair_share=rng.random())
    if rng.random() < 0.3:
        cards += tractor(shoe, trump, suit, rng.randint(2, 3))
    if suit == "T" and rng.random() < 0.4:  # pairs on the shared step of the level cards
        level_cards = [
            c
            for c in ALL_CARDS
            if c.rank == trump.level and c.suit != trump.suit and shoe.has(c, 2)
        ]
        for card in rng.sample(level_cards, min(len(level_cards), rng.randint(1, 2))):
            cards += shoe.take([card, card])
    rng.shuffle(cards)
    return (cards, trump)


_TEN_SPADES = Trump(10, "S")
_RULE_TRACTORS = [
    "SK SK SQ SQ",
    "HJ HJ H9 H9",
    "H5 H5 H4 H4 H3 H3",
    "LJ LJ BJ BJ",
    "S10 S10 LJ LJ",
    "H10 H10 S10 S10",
    "SA SA H10 H10",
    "SA SA H10 H10 S10 S10",
]
_RULE_NOT_TRACTORS = [
    "H5 H5 H4",
    "H5 H4 H4",
    "H5 H5 H3 H3",
    "HJ HJ HQ",
    "H10 H10 C10 C10",
    "HJ HJ H10 H10",
    "HA HA H2 H2",
]

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="is_pair",
    params=("cards",),
    reference="_is_pair_reference",
    answer=TrueFalse(),
    fixed=[(_cards(text),) for text in ["H10 H10", "H10 C10", "LJ LJ", "LJ BJ", "H5 H5 H6", ""]],
    generate=_pair_candidates,
    hint="""
        A pair is exactly two cards, and the two are the same card: same suit and same rank
        (cards compare with ==). Check the length first: cards[1] does not exist in a
        one-card list.
    """,
    solution="is_pair",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="side_step",
    params=("rank", "level"),
    reference="_side_step_reference",
    answer=WholeNumber(),
    fixed=[(rank, level) for level in RANKS for rank in RANKS if rank != level],
    size=lambda rank, level: 1,
    hint="""
        Without the gap, rank 2 is step 0, rank 3 step 1, ...: rank - 2. The level rank
        leaves the suit, so every rank above the level moves down by one step.
    """,
    solution="side_step",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="is_tractor",
    params=("cards", "trump"),
    reference="_is_tractor_reference",
    answer=TrueFalse(),
    fixed=[(_cards(t), _TEN_SPADES) for t in _RULE_TRACTORS + _RULE_NOT_TRACTORS]
    + [(_cards("H7 H7 H5 H5"), Trump(6, "S")), (_cards("C10 C10 LJ LJ"), Trump(10, None))],
    generate=_near_tractor,
    random_cases=300,
    hint="""
        Three tests, as in the lesson: (1) at least 4 cards and every card held exactly
        twice (Counter); (2) one effective suit (trump.suit_of); (3) the steps of the
        distinct cards (trump.step), sorted, are low, low + 1, low + 2, ... with no repeat.
        Two pairs on one shared step give a repeated step, so they fail test 3.
    """,
    solution="is_tractor",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="longest_tractor",
    params=("cards", "trump"),
    reference="_longest_reference",
    answer=WholeNumber(),
    fixed=[
        ([], _TEN_SPADES),
        (_cards("H5 H5 H4 H4 H3 H3 HQ HQ H9"), _TEN_SPADES),
        (_cards("HJ HJ H9 H9"), _TEN_SPADES),
        (_cards("SA SA H10 H10 C10 C10 S10 S10"), _TEN_SPADES),
        (_cards("H10 H10 C10 C10"), _TEN_SPADES),
        (_cards("HQ HQ SQ SQ"), _TEN_SPADES),
    ],
    generate=_pairy_hand,
    hint="""
        For each effective suit, collect the steps (trump.step) of the cards held twice.
        A run starts at a step whose step - 1 is not in the set; count how far it goes
        up. The answer is the longest run, if it has at least 2 pairs (else 0).
    """,
    solution="longest_tractor",
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="lead_shape",
    params=("cards", "trump"),
    reference="_shape_reference",
    answer=Group(
        [NumberMultiset(), WholeNumber(), WholeNumber()],
        "a tuple (tractor lengths, number of pairs, number of singles)",
        ["list of tractor lengths", "number of pairs", "number of singles"],
    ),
    fixed=[
        (_cards("H5 H5 H4 H4 H3 H3 HQ HQ H9"), _TEN_SPADES),
        (_cards("H4 H4 H3 H3 H9 H9 H8 H8"), _TEN_SPADES),
        (_cards("HQ HQ HJ HJ H9 H9 H8 H8"), _TEN_SPADES),
        (_cards("SA SA H10 H10 C10 C10 S10 S10"), _TEN_SPADES),
        (_cards("HA"), _TEN_SPADES),
    ],
    generate=_one_suit,
    hint="""
        Count the pairs on each step: Counter(trump.step(c) for c in distinct cards held
        twice). Then repeat: find the longest run of consecutive steps that still hold a
        pair; if it has 2 or more steps, it is a tractor: take one pair off each of its
        steps and note its length. The pairs left over are pairs; every other card is a
        single. (The package's decompose does this; write it yourself.)
    """,
    solution="lead_shape",
)

QUESTIONS = [q1, q2, q3, q4, q5]
