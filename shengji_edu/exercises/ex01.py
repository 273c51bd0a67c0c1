"""Exercise 01 · Cards (lesson 01): points, reading cards, pairs in a hand, the rest of the deck.

The functions named like the student's (``points_of`` …) are the solutions that
``q.solution()`` prints; the checks compare against the package (the reference).
"""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, SUIT_SYMBOLS, new_deck
from ..cards import parse_cards as _cards
from .checking import CardMultiset, OneCard, Question, WholeNumber
from .generate import Shoe

EXERCISE = "ex01"


# --- cases (the references and solutions are in solutions/) --------------------------
def _point_rich(rng: random.Random) -> tuple:
    shoe = Shoe(rng)
    cards = shoe.draw(rng.randint(0, 10))
    point_cards = [c for c in ALL_CARDS if c.points]
    for _ in range(rng.randint(0, 3)):
        card = rng.choice(point_cards)
        if shoe.has(card):
            cards += shoe.take([card])
    rng.shuffle(cards)
    return (cards,)


def _pairy_hand(rng: random.Random) -> tuple:
    shoe = Shoe(rng)
    size = rng.randint(0, 25)
    pairs = rng.randint(0, size // 2)
    distinct = rng.sample(ALL_CARDS, pairs)
    hand = shoe.take([c for c in distinct for _ in range(2)])
    hand += shoe.draw(size - len(hand))
    rng.shuffle(hand)
    return (hand,)


def _loose_text(rng: random.Random) -> tuple:
    card = rng.choice(ALL_CARDS)
    if card.is_joker:
        names = ["BJ", "bj", "Bj", "大王"] if card.rank == 16 else ["LJ", "lj", "lJ", "小王"]
        return (rng.choice(names),)
    suit = rng.choice([card.suit, card.suit.lower(), SUIT_SYMBOLS[card.suit]])
    rank = card.text[1:]
    if card.rank == 10:
        rank = rng.choice(["10", "T", "t"])
    elif rng.random() < 0.5:
        rank = rank.lower()
    return (suit + rank,)


def _seen_cards(rng: random.Random) -> tuple:
    shoe = Shoe(rng)
    return (shoe.draw(rng.choice([rng.randint(0, 6), rng.randint(0, 108)])),)


q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="points_of",
    params=("cards",),
    reference="trick_points",
    answer=WholeNumber(),
    fixed=[
        ([],),
        (_cards("S5"),),
        (_cards("HK H10 D5"),),
        (_cards("BJ LJ SA DQ"),),
        (_cards("S5 S5 CK"),),
        (new_deck(),),
    ],
    generate=_point_rich,
    hint="""
        Go through the cards and add 5 when card.rank is 5, and 10 when it is 10 or 13 (K).
        Jokers have ranks 15 and 16, so they never match. sum(...) over a generator works too.
    """,
    solution="points_of",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="parse_one",
    params=("text",),
    reference="Card.parse",
    answer=OneCard(),
    fixed=[(card.text,) for card in ALL_CARDS],
    size=lambda text: 1,
    hint="""
        "BJ" and "LJ" first. Otherwise text[0] is the suit and text[1:] the rank: a digit
        string ("2" ... "10", so int() works) or one of J, Q, K, A (11, 12, 13, 14).
        Card(suit, rank) then makes the card; jokers are Card("J", 16) and Card("J", 15).
    """,
    solution="parse_one",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="count_pairs",
    params=("hand",),
    reference="_pairs_reference",
    answer=WholeNumber(),
    fixed=[([],), (_cards("HQ HQ S5"),), (_cards("H10 C10 D10 S10"),), (_cards("BJ BJ LJ LJ S2"),)],
    generate=_pairy_hand,
    hint="""
        Counter(hand) maps each card to how many copies the hand holds (1 or 2). Count the
        cards held twice. A set would throw the second copy away, so it cannot see pairs.
    """,
    solution="count_pairs",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="parse_loose",
    params=("text",),
    reference="Card.parse",
    answer=OneCard(),
    fixed=[("S10",), ("st",), ("♥A",), ("hq",), ("♣t",), ("bj",), ("大王",), ("小王",), ("d2",)],
    generate=_loose_text,
    random_cases=300,
    size=lambda text: 1,
    hint="""
        Work on text.upper(): then "bj", "st" and "hq" look like "BJ", "ST" and "HQ".
        Turn a suit symbol into its letter with a dict {"♠": "S", "♥": "H", ...}, and add
        "T": 10 to the table of rank names. Check the jokers (also 大王 and 小王) first.
    """,
    solution="parse_loose",
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="rest_of_deck",
    params=("seen",),
    reference="_rest_reference",
    answer=CardMultiset(),
    fixed=[([],), (_cards("S2"),), (_cards("S2 S2"),), (new_deck(),)],
    generate=_seen_cards,
    hint="""
        Start from Counter(new_deck()) (every card twice) and take away Counter(seen); the
        Counter's elements() are the cards left, each as often as it is left. Beware of
        `card not in seen`: one S2 seen means one S2 is still in the deck.
    """,
    solution="rest_of_deck",
)

QUESTIONS = [q1, q2, q3, q4, q5]
