"""Exercise 06 · Declaring and the kitty (lesson 06): declarations, overcalls, the dealer, burying.

``level`` is the level rank (2..14). A declaration's strength is 1 for one level card, 2 for
a pair of identical level cards, 3 for two little jokers, 4 for two big jokers, and 0 for
anything else (RULES §8).
"""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card
from ..cards import parse_cards as _cards
from ..declaring import declaration_strength as _package_strength
from ..trump import Trump
from .checking import CardMultiset, Group, OneOf, OrNone, Question, TrueFalse, WholeNumber
from .generate import Shoe, random_trump

EXERCISE = "ex06"


# --- cases (the references and solutions are in solutions/) --------------------------
def _declaration_like(rng: random.Random, level: int) -> list[Card]:
    """Cards a player might show: level cards, jokers, pairs of them, and mistakes."""
    level_cards = [Card(suit, level) for suit in "SHDC"]
    roll = rng.random()
    if roll < 0.3:
        return [rng.choice(level_cards)]
    if roll < 0.5:
        return [rng.choice(level_cards)] * 2
    if roll < 0.65:
        return [rng.choice([BIG_JOKER, LITTLE_JOKER])] * 2
    if roll < 0.75:
        return rng.sample(level_cards, 2)  # two level cards of different suits
    if roll < 0.82:
        return rng.sample([BIG_JOKER, LITTLE_JOKER], rng.randint(1, 2))
    if roll < 0.9:
        return [rng.choice(level_cards)] * 2 + [rng.choice(ALL_CARDS)]
    other = rng.choice([c for c in ALL_CARDS if c.rank != level and not c.is_joker])
    return [other] * rng.randint(1, 2)


def _strength_case(rng: random.Random) -> tuple:
    level = rng.randint(2, 14)
    return (_declaration_like(rng, level), level)


def _overcall_case(rng: random.Random) -> tuple:
    level = rng.randint(2, 14)
    standing = None
    if rng.random() < 0.8:
        while not _declares(standing or [], level):
            standing = _declaration_like(rng, level)
    return (_declaration_like(rng, level), standing, level)


def _declares(cards: list[Card], level: int) -> bool:
    """Is this a declaration at all (the package's rule)? For the random cases only."""
    try:
        return bool(_package_strength(cards, level)[0])
    except ValueError:
        return False


def _attempts_case(rng: random.Random) -> tuple:
    level = rng.randint(2, 14)
    attempts = [(rng.randrange(4), _declaration_like(rng, level)) for _ in range(rng.randint(0, 6))]
    return (attempts, level)


def _bury_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    return (shoe.draw(rng.choice([33, 33, rng.randint(8, 32)])), trump)


_LEVEL2 = [(_cards(text), 2) for text in ["S2", "S2 S2", "LJ LJ", "BJ BJ", "S3", "S3 S3"]]
_LEVEL2 += [(_cards(text), 2) for text in ["LJ", "BJ LJ", "H2 D2", "S2 S2 S2", ""]]

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="declaration_strength",
    params=("cards", "level"),
    reference="_strength_reference",
    answer=WholeNumber(),
    fixed=_LEVEL2,
    generate=_strength_case,
    hint="""
        Look at the number of cards first. One card: a level card (card.rank == level) is
        1. Two cards: they must be identical (==); then BJ is 4, LJ is 3, a level card 2.
        Everything else is 0. Jokers have ranks 15 and 16, never a level.
    """,
    solution="declaration_strength",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="can_overcall",
    params=("new", "standing", "level"),
    reference="_overcall_reference",
    answer=TrueFalse(),
    fixed=[
        (_cards("C2 C2"), _cards("H2"), 2),
        (_cards("D2 D2"), _cards("C2 C2"), 2),
        (_cards("BJ BJ"), _cards("LJ LJ"), 2),
        (_cards("H2"), None, 2),
        (_cards("H3"), None, 2),
        (_cards("H2"), _cards("H2"), 2),
    ],
    generate=_overcall_case,
    hint="""
        Use your declaration_strength. Something that is not a declaration (strength 0)
        never overcalls; with nothing standing (None) any declaration does; otherwise the
        new one must be strictly stronger: equal pairs of different suits do not overcall.
    """,
    solution="can_overcall",
    builds_on=(1,),
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="first_hand_outcome",
    params=("attempts", "level"),
    reference="_outcome_reference",
    answer=OrNone(
        Group(
            [WholeNumber(), OneOf(("S", "H", "D", "C", None), "a suit letter or None")],
            "a tuple (dealer seat, trump suit)",
            ["dealer seat", "trump suit"],
        ),
        "nobody declared",
    ),
    fixed=[
        ([(2, _cards("H2")), (3, _cards("C2 C2")), (0, _cards("D2 D2")), (0, _cards("BJ BJ"))], 2),
        ([(1, _cards("S2")), (1, _cards("S2 S2"))], 2),
        ([(3, _cards("S3"))], 2),
        ([], 2),
    ],
    generate=_attempts_case,
    hint="""
        Walk through the attempts in order, keeping the standing declaration (start with
        None). An attempt is accepted when can_overcall(cards, standing, level) says so;
        the seat of the first accepted one deals. At the end, the trump suit is the suit
        of the last accepted declaration, or None if it was a pair of jokers.
    """,
    solution="first_hand_outcome",
    builds_on=(2,),
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="bury_low",
    params=("hand", "trump"),
    reference="_bury_reference",
    answer=CardMultiset(),
    fixed=[
        (_cards("S3 S4 H5 H6 H7 D8 D9 DJ C2 C2 CQ BJ"), Trump(10, "S")),
        (_cards("S3 S3 S4 S4 H3 H3 H4 H4 D3 D3"), Trump(2, None)),
    ],
    generate=_bury_case,
    hint="""
        sorted(hand, key=...) with a tuple key, one entry per rule, then the first 8 cards.
        False sorts before True, so (trump.suit_of(card) == "T", card.points > 0,
        counts[card] == 2, ...) puts side cards, cards without points and single cards
        first. Count suit lengths with Counter(trump.suit_of(c) for c in hand), and end the
        key with trump.step(card) and the card itself.
    """,
    solution="bury_low",
)

QUESTIONS = [q1, q2, q3, q4]
