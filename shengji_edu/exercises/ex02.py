"""Exercise 02 · Trump order (lesson 02): trumps, effective suit, a strength key, sorting.

The student's functions take a card (or cards), the ``level`` (2..14) and the
``trump_suit`` (``"S" "H" "D" "C"`` or ``None`` for no trump), like the lesson's
``effective_suit``; the references ask a :class:`~shengji_edu.Trump`.
"""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, Card
from ..cards import parse_cards as _cards
from ..trump import Trump
from .checking import CardSequence, KeyOrder, OneOf, Question, TrueFalse
from .generate import Shoe, random_trump

EXERCISE = "ex02"


# --- cases (the references and solutions are in solutions/) --------------------------
def _show_order(value: object, args: tuple) -> str:
    a, b = args[0].text, args[1].text
    if value == 1:
        return f"{a} is stronger than {b}"
    if value == -1:
        return f"{b} is stronger than {a}"
    return f"{a} and {b} are equally strong"


def _special_card(rng: random.Random, trump: Trump) -> Card:
    """A card chosen to hit the interesting places: jokers, level cards, the trump suit."""
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(ALL_CARDS[52:])
    if roll < 0.4:
        return Card(rng.choice("SHDC"), trump.level)
    if roll < 0.6 and trump.suit is not None:
        return Card(trump.suit, rng.randint(2, 14))
    return rng.choice(ALL_CARDS)


def _one_card(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    return (_special_card(rng, trump), trump.level, trump.suit)


def _two_cards(rng: random.Random) -> tuple:
    """Two cards the order must compare: same effective suit, or a trump and a side card."""
    trump = random_trump(rng)
    while True:
        a, b = _special_card(rng, trump), _special_card(rng, trump)
        if rng.random() < 0.3:  # a neighbour or an equal card of the same suit
            same = [c for c in ALL_CARDS if trump.suit_of(c) == trump.suit_of(a)]
            near = [c for c in same if abs(trump.step(c) - trump.step(a)) <= 1]
            b = rng.choice(near)
        suits = {trump.suit_of(a), trump.suit_of(b)}
        if len(suits) == 1 or "T" in suits:
            return (a, b, trump.level, trump.suit)


def _hand(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    cards = shoe.draw(rng.randint(0, 14))
    for _ in range(rng.randint(0, 4)):
        card = _special_card(rng, trump)
        if shoe.has(card):
            cards += shoe.take([card])
    rng.shuffle(cards)
    return (cards, trump.level, trump.suit)


def _card_cases() -> list[tuple]:
    texts = [
        ("BJ", 2, "H"),
        ("LJ", 10, None),
        ("H2", 2, "H"),
        ("S2", 2, "H"),
        ("H9", 2, "H"),
        ("S9", 2, "H"),
        ("C10", 10, None),
        ("C9", 10, None),
        ("SA", 14, "S"),
        ("DA", 14, "S"),
    ]
    return [(Card.parse(text), level, suit) for text, level, suit in texts]


def _pair_cases() -> list[tuple]:
    pairs = [
        ("BJ", "LJ", 10, "S"),
        ("S10", "H10", 10, "S"),
        ("H10", "D10", 10, "S"),
        ("H10", "SA", 10, "S"),
        ("S2", "HA", 10, "S"),
        ("HA", "HK", 10, "S"),
        ("H9", "HJ", 10, "S"),
        ("H10", "C10", 10, None),
        ("LJ", "C10", 10, None),
        ("SA", "SA", 2, "H"),
    ]
    return [(Card.parse(a), Card.parse(b), level, suit) for a, b, level, suit in pairs]


q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="is_trump",
    params=("card", "level", "trump_suit"),
    reference="_is_trump_reference",
    answer=TrueFalse(),
    fixed=_card_cases(),
    generate=_one_card,
    hint="""
        Three kinds of trumps: jokers (card.is_joker), level cards (card.rank == level) and
        cards of the trump suit (card.suit == trump_suit). With no trump suit, trump_suit is
        None and no printed suit equals it.
    """,
    solution="is_trump",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="effective_suit",
    params=("card", "level", "trump_suit"),
    reference="_suit_reference",
    answer=OneOf(("T", "S", "H", "D", "C"), 'one of "T", "S", "H", "D", "C"'),
    fixed=_card_cases(),
    generate=_one_card,
    hint="""
        Every trump (jokers, level cards, the trump suit) has the effective suit "T";
        everything else keeps card.suit. Jokers have card.suit == "J", which is never an
        answer: they are trumps.
    """,
    solution="effective_suit",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="strength_key",
    params=("a", "b", "level", "trump_suit"),
    reference="_strength_reference",
    answer=KeyOrder(),
    call="both_keys",
    fixed=_pair_cases(),
    generate=_two_cards,
    random_cases=400,
    show_answer=_show_order,
    actual_words="but with your key:",
    try_it=lambda args: "strength_key(a, level, trump_suit), strength_key(b, level, trump_suit)",
    hint="""
        Ranks already grow 2..14, so side cards can keep card.rank. Give the special trumps
        numbers above the ace: the other level cards (all equal), the trump-suit level card,
        LJ, BJ. Then add the same big number (say 100) to every trump, so that any trump
        beats any side card.
    """,
    solution="strength_key",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="sort_hand",
    params=("cards", "level", "trump_suit"),
    reference="_sort_reference",
    answer=CardSequence(),
    fixed=[
        ([], 2, "H"),
        (_cards("H2 S2 D2 C2"), 2, "H"),
        (_cards("C10 H10 D10 S10 BJ SA"), 10, None),
        (_cards("S3 HA BJ S2 H2 D9 C5 LJ"), 2, "H"),
    ],
    generate=_hand,
    hint="""
        sorted(cards, key=...) with a tuple key: (group, -strength, card), where group is
        the position of the effective suit in "TSHDC" and strength your strength_key.
        The minus sign puts the strongest first; the card itself breaks ties between equal
        level cards in the fixed order S, H, D, C (cards sort that way by themselves).
    """,
    solution="sort_hand",
    builds_on=(2, 3),
)

QUESTIONS = [q1, q2, q3, q4]
