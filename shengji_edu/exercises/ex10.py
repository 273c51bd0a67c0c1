"""Exercise 10 · Gin Rummy (lesson 10): card text, deadwood, melds, the exact split, knocking.

Gin Rummy cards are the integers 0..51 (``suit = card // 13`` in the order S H D C,
``rank = card % 13`` with the ace low), so the inputs are ints and lists of distinct ints; a
failing case also shows its cards as text (``5S 6S 7S ...``). The references are the package's
:mod:`shengji_edu.gin`; the functions named like the student's are the solutions that
``q.solution()`` prints.
"""

from __future__ import annotations

import random

from .. import gin
from .checking import OneOf, Question, TrueFalse, WholeNumber

EXERCISE = "ex10"


# --- cases (the references and solutions are in solutions/) --------------------------
def _cards(text: str) -> list[int]:
    return gin.parse_hand(text)


def _try(function: str, name: str) -> object:
    """``deadwood(cards)  # cards: 5S 6S 7S``: the call, with the cards as text."""

    def try_it(args: tuple) -> str:
        value = args[0]
        text = gin.card_text(value) if isinstance(value, int) else gin.format_hand(value)
        return f"{function}({name})  # {name}: {text or 'no cards'}"

    return try_it


def _one_card(rng: random.Random) -> tuple:
    return (rng.randrange(52),)


def _near_meld(rng: random.Random) -> tuple:
    """A set or a run (3 to 6 cards), often spoiled: a card swapped, added or taken away."""
    if rng.random() < 0.4:
        rank = rng.randrange(13)
        cards = [13 * suit + rank for suit in rng.sample(range(4), rng.choice((3, 4)))]
    else:
        suit, length = rng.randrange(4), rng.randint(3, 6)
        low = rng.randint(0, 13 - length)
        if rng.random() < 0.15:  # across the end of a suit: ids in a row, two suits
            low = rng.randint(13 - length + 1, 12)
            cards = [13 * suit + low + i for i in range(length) if 13 * suit + low + i < 52]
        else:
            cards = [13 * suit + low + i for i in range(length)]
    roll = rng.random()
    others = [c for c in gin.DECK if c not in cards]
    if roll < 0.25 and cards:
        cards[rng.randrange(len(cards))] = rng.choice(others)
    elif roll < 0.4:
        cards.append(rng.choice(others))
    elif roll < 0.55 and cards:
        cards.pop(rng.randrange(len(cards)))
    rng.shuffle(cards)
    return (cards,)


def _rich_hand(rng: random.Random, size: int) -> list[int]:
    """``size`` distinct cards, usually from a few neighbouring ranks: melds overlap a lot."""
    if rng.random() < 0.8:
        low = rng.randint(0, 7)
        pool = [c for c in gin.DECK if low <= c % 13 < low + rng.randint(4, 6)]
    else:
        pool = list(gin.DECK)
    return rng.sample(pool, min(size, len(pool)))


def _deadwood_hand(rng: random.Random) -> tuple:
    return (_rich_hand(rng, rng.choice((rng.randint(0, 9), 10, 10, 11))),)


def _knock_hand(rng: random.Random) -> tuple:
    """10 or 11 cards: one to three melds, then cards from a few neighbouring ranks."""
    size = rng.choice((10, 11))
    hand: set[int] = set()
    for _ in range(rng.randint(1, 3)):
        (meld,) = _near_meld(rng)
        if gin.is_meld(meld) and len(hand) + len(meld) <= size - 2:
            hand.update(meld)
    fill = [c for c in _rich_hand(rng, 52) if c not in hand]
    low = [c for c in fill if c % 13 < 5]
    rng.shuffle(low)
    cards = sorted(hand) + (low if rng.random() < 0.5 else fill)[: size - len(hand)]
    cards += [c for c in gin.DECK if c not in cards][: size - len(cards)]  # rarely needed
    rng.shuffle(cards)
    return (cards,)


_OVERLAP = _cards("5S 6S 7S 7H 7D 7C JH QH KH AC")  # greedy: 12; exact: 1
_LONG_RUN = _cards("3S 4S 5S 6S 7S 8S 9S 6H 6D KC")  # greedy: 22; exact: 10
_DISCARD_A_MELD = _cards("AS 3S 6S 2H 3H 6H 2D 5D 6D 7D 3C")  # knock by discarding the 7D

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="card_text",
    params=("card",),
    reference="gin.card_text",
    answer=OneOf(
        [gin.card_text(c) for c in gin.DECK], "card text, rank then suit, like '7S', 'TH', 'AC'"
    ),
    fixed=[(card,) for card in gin.DECK],
    size=lambda card: 1,
    hint="""
        The rank is card % 13 and the suit card // 13. Look both up in strings:
        "A23456789TJQK"[rank] and "SHDC"[suit]. The rank comes first; ten is "T".
    """,
    solution="card_text",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="deadwood_value",
    params=("card",),
    reference="gin.card_value",
    answer=WholeNumber(),
    fixed=[(card,) for card in gin.DECK],
    size=lambda card: 1,
    try_it=_try("deadwood_value", "card"),
    hint="""
        The rank card % 13 is 0 for the ace, 1 for the 2, ..., 9 for the ten, 12 for the king.
        The value is the rank plus one, but never more than 10: min(...) does it.
    """,
    solution="deadwood_value",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="is_meld",
    params=("cards",),
    reference="_is_meld_reference",
    answer=TrueFalse(),
    fixed=[
        ([],),
        (_cards("7S 7H"),),
        (_cards("7S 7H 7D"),),
        (_cards("7C 7S 7H 7D"),),
        (_cards("7S 7H 8D"),),
        (_cards("5S 6S 7S"),),
        (_cards("9H 7H 8H TH"),),
        (_cards("AS 2S 3S"),),
        (_cards("QS KS AS"),),  # no wrapping round from K to A
        (_cards("KS AS 2S"),),
        (_cards("QS KS AH"),),  # ids 11 12 13 in a row, but two suits
        (_cards("5S 6S 8S"),),
        (_cards("5S 6H 7S"),),
        (_cards("5S 6S 7S 7H"),),
    ],
    generate=_near_meld,
    random_cases=300,
    size=lambda cards: len(cards),
    try_it=_try("is_meld", "cards"),
    hint="""
        Sort the cards. A set: 3 or 4 cards with one rank (one value of c % 13). A run: 3 or
        more cards with one suit (one value of c // 13) whose ids are consecutive, i.e. the
        highest minus the lowest is len(cards) - 1. The suit test matters: KS and AH are ids
        12 and 13, neighbours as numbers but not in a run.
    """,
    solution="is_meld",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="deadwood",
    params=("cards",),
    reference="_deadwood_reference",
    answer=WholeNumber(),
    fixed=[
        ([],),
        (_cards("AC"),),
        (_cards("7S 7H 7D"),),
        (_OVERLAP,),
        (_LONG_RUN,),
        (_cards("5S 6S 7S 8S 7H 7D 8H 8D 2C 3C"),),
        (_cards("AS 2S 3S 4S 4H 4D 4C 5C 6C KD"),),
        (_cards("TS JS QS KS TH JH QH KH TD TC"),),
        (_DISCARD_A_MELD,),
    ],
    generate=_deadwood_hand,
    random_cases=300,
    size=lambda cards: len(cards),
    try_it=_try("deadwood", "cards"),
    hint="""
        List every meld the cards can make: every 3 and every 4 cards of one rank, and every
        piece (3 cards or more) of every run, not only the longest. Then search, remembering
        answers (functools.cache on a frozenset): the lowest card left is either deadwood (its
        value + the best for the others) or in one of the melds that contain it and whose cards
        are all still there (the best for what is left). Keep the least. Taking the biggest
        meld first is wrong: 5S 6S 7S 7H 7D 7C JH QH KH AC has deadwood 1, not 12.
    """,
    solution="deadwood",
    builds_on=(2,),
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="can_knock",
    params=("hand",),
    reference="_knock_reference",
    answer=TrueFalse(),
    fixed=[
        (_OVERLAP,),
        (_LONG_RUN,),
        (_cards("3S 4S 5S 6S 7S 8S 9S 6H 6D QC"),),  # deadwood 10: may knock
        (_cards("3S 4S 5S 6S 7S 8S 9S 6H 5D KC"),),  # deadwood 20
        (_DISCARD_A_MELD,),  # only the 7D, a card of a meld, leaves 10
        ([*_LONG_RUN, gin.parse_card("JC")],),
        (_cards("AS 2S 3S 5H 6H 7H 9D TD JD QC KC"),),
    ],
    generate=_knock_hand,
    random_cases=300,
    size=lambda hand: len(hand),
    try_it=_try("can_knock", "hand"),
    hint="""
        Use your deadwood. With 10 cards: deadwood(hand) <= 10. With 11 cards you discard one
        first, so try every discard: any(...) over the 11 hands of 10 cards. Dropping the card
        with the highest value is not enough: in AS 3S 6S 2H 3H 6H 2D 5D 6D 7D 3C only
        discarding the 7D, a card of a run, lets the three 6s meld.
    """,
    solution="can_knock",
    builds_on=(4,),
)

QUESTIONS = [q1, q2, q3, q4, q5]
