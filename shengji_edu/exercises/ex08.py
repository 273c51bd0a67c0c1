"""Exercise 08 · A simple AI (lesson 08): the greedy player's cost of a play, sure winners,
and the cheapest play that wins the trick.

Everything follows :mod:`shengji_edu.players.greedy` and
:mod:`shengji_edu.players.knowledge`, so each question has exactly one right answer:

* ``card_cost`` and ``play_cost`` are the greedy player's :func:`~.greedy.card_cost` and
  :func:`~.greedy.play_cost` (with the hand given as a list);
* ``cheapest_winning_play`` picks, among the legal follows that would be winning the trick
  right after being played, the one with the lowest ``play_cost``; ties go to the play whose
  cards, sorted (``sorted(play)``, the fixed card order), come first; ``None`` if no legal
  follow wins.
"""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, Card
from ..cards import parse_cards as _cards
from ..tricks import trick_winner
from ..trump import EFFECTIVE_SUITS, Trump
from .checking import CardMultiset, OrNone, Question, TrueFalse, WholeNumber
from .generate import (
    Shoe,
    follow_play,
    follower_hand,
    random_trick,
    random_trump,
    unit_of_size,
)

EXERCISE = "ex08"


# --- cases (the references and solutions are in solutions/) --------------------------
def _card_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    return (Shoe(rng).draw(1)[0], trump)


def _cost_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    hand = shoe.pairs(rng.randint(0, 4), rng.choice(EFFECTIVE_SUITS), trump)
    hand += shoe.draw(rng.randint(1, 8))
    rng.shuffle(hand)
    play = rng.sample(hand, rng.randint(1, min(4, len(hand))))
    return (play, hand, trump)


def _sure_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    card = shoe.draw(1)[0]
    if rng.random() < 0.5:  # a high card, which is often sure
        high = [c for c in ALL_CARDS if c.rank >= 12 and shoe.has(c)]
        shoe.put_back([card])
        card = shoe.take([rng.choice(high)])[0]
    suit = trump.suit_of(card)
    unseen = shoe.draw(rng.randint(0, 6), suit, trump) + shoe.draw(rng.randint(0, 25))
    rng.shuffle(unseen)
    return (card, unseen, trump)


def _would_win_case(rng: random.Random) -> tuple:
    plays, trump = random_trick(rng, (1, 1, 2, 2, 4))
    led = trump.suit_of(plays[0][0])
    shoe = Shoe(rng)
    for play in plays:
        shoe.take(play)
    plays = plays[: rng.randint(1, len(plays))]
    best = plays[trick_winner(plays, trump)]
    if len(best) == 1 and shoe.has(best[0]) and rng.random() < 0.3:
        return (plays, shoe.take(best), trump)  # the other copy of the best card: a tie
    return (plays, follow_play(shoe, trump, led, len(plays[0])), trump)


def _cheapest_case(rng: random.Random) -> tuple:
    plays, trump = random_trick(rng, (1, 1, 1, 2, 2, 4))
    plays = plays[: rng.randint(1, min(3, len(plays)))]
    shoe = Shoe(rng)
    for play in plays:
        shoe.take(play)
    led = trump.suit_of(plays[0][0])
    hand = follower_hand(shoe, trump, led, len(plays[0]), max_size=8)
    for _ in range(rng.randint(0, 3)):  # a few more cards that might win: the suit, trumps
        hand += shoe.draw(1, rng.choice([led, led, "T"]), trump)
    if rng.random() < 0.7:  # a unit of the lead's shape, of the led suit or trumps
        hand += unit_of_size(shoe, trump, rng.choice([led, led, "T"]), len(plays[0]))
    while len(hand) < len(plays[0]):
        hand += shoe.draw(1)
    rng.shuffle(hand)
    return (hand, plays, trump)


_LEVEL2 = Trump(2, "S")
_LEVEL10 = Trump(10, "S")

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="card_cost",
    params=("card", "trump"),
    reference="_card_cost_reference",
    answer=WholeNumber(),
    fixed=[(Card.parse(t), _LEVEL10) for t in ["H2", "HA", "H5", "HK", "S10", "BJ", "C10"]],
    generate=_card_case,
    hint="""
        trump.strength(card) is the strength key of lesson 02 (trumps + 100), and
        card.points is 0, 5 or 10. The cost is the strength plus three times the points.
    """,
    solution="card_cost",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="play_cost",
    params=("play", "hand", "trump"),
    reference="_play_cost_reference",
    answer=WholeNumber(),
    fixed=[
        (_cards("HQ"), _cards("HQ HQ H3"), _LEVEL10),
        (_cards("HQ HQ"), _cards("HQ HQ H3"), _LEVEL10),
        (_cards("HQ H3"), _cards("HQ HQ H3 H3"), _LEVEL10),
        (_cards("H5 HK"), _cards("H5 HK D2"), _LEVEL10),
    ],
    generate=_cost_case,
    hint="""
        Add card_cost for every card of the play. Then, for each *different* card of the
        play (set(play)), add 8 if the hand holds it twice (Counter(hand)) but the play uses
        only one copy (play.count(card) == 1): the play splits a pair.
    """,
    solution="play_cost",
    builds_on=(1,),
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="is_sure_single",
    params=("card", "unseen", "trump"),
    reference="_sure_reference",
    answer=TrueFalse(),
    fixed=[
        (Card.parse("HA"), _cards("HK HQ D2"), _LEVEL10),
        (Card.parse("HK"), _cards("HA H2"), _LEVEL10),
        (Card.parse("HK"), _cards("S2 BJ HK"), _LEVEL10),
        (Card.parse("S2"), _cards("H10 HA"), _LEVEL10),
        (Card.parse("H10"), _cards("C10 D10"), _LEVEL10),
        (Card.parse("H10"), _cards("S10"), _LEVEL10),
    ],
    generate=_sure_case,
    random_cases=300,
    hint="""
        Only cards of the same effective suit can beat a single of that suit (a trump on a
        side suit is a ruff: a matter for later, not for this question). Look for an unseen
        card with the same trump.suit_of and a higher trump.step. An equal card (the other
        copy, or another off-suit level card) does not beat it: the first played wins.
    """,
    solution="is_sure_single",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="would_win",
    params=("trick", "play", "trump"),
    reference="_would_win_reference",
    answer=TrueFalse(),
    fixed=[
        ([_cards("HA")], _cards("HA"), _LEVEL10),
        ([_cards("HK"), _cards("HA")], _cards("S2"), _LEVEL10),
        ([_cards("H9 H9")], _cards("HA HK"), _LEVEL10),
        ([_cards("H5 H5 H4 H4"), _cards("S3 S3 S2 S2")], _cards("S8 S8 S7 S7"), _LEVEL10),
    ],
    generate=_would_win_case,
    random_cases=300,
    hint="""
        trick_winner (from the package) knows every rule about who wins. Ask it about the
        trick with your play added at the end: it answers with an index; the play wins if
        that index is its own, len(trick). Ties stay with the earlier play.
    """,
    solution="would_win",
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="cheapest_winning_play",
    params=("hand", "trick", "trump"),
    reference="_cheapest_reference",
    answer=OrNone(CardMultiset(), "no legal play wins"),
    fixed=[
        (_cards("HA HK H3 S2"), [_cards("HQ")], _LEVEL10),
        (_cards("HK HK H3 C2"), [_cards("HQ")], _LEVEL10),
        (_cards("S2 S3 C4 D5"), [_cards("HQ")], _LEVEL10),
        (_cards("H2 H3 H4"), [_cards("HA")], _LEVEL10),
        (_cards("HA HA HK S2 S2"), [_cards("H9 H9"), _cards("HQ HQ")], _LEVEL2),
        (_cards("H10 C10 D2"), [_cards("CA")], _LEVEL10),
        (_cards("D10 D10 C10 C10 H3"), [_cards("S4 S4")], _LEVEL10),
    ],
    generate=_cheapest_case,
    random_cases=200,
    hint="""
        List the candidates with legal_follows(hand, trick[0], trump), keep those for which
        would_win(trick, play, trump) is true, and return the one with the smallest
        (play_cost(play, hand, trump), sorted(play)): min(..., key=...) with that tuple.
        With no winner, return None.
    """,
    solution="cheapest_winning_play",
    builds_on=(2, 4),
)

QUESTIONS = [q1, q2, q3, q4, q5]
