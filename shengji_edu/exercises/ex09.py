"""Exercise 09 · Find the best play (lesson 09, issue 30's drills): the points of one trick,
the value of an endgame with every hand known, and the best play of a curated drill.

A position is given as plain data: ``hands`` (the four seats' cards, by seat), ``trick``
(the plays of the trick in progress, lead first; empty when a trick is to be led),
``leader`` (the seat that led it, or is to lead), ``dealer`` (the dealer's seat: the
dealer's team is seats of the dealer's parity, the defenders the others) and ``trump``. The
kitty holds no points and a failed throw costs nothing (the default rules): the value of a
position is the points the defenders take from here to the end when both teams play
perfectly, what :mod:`shengji_edu.players.endgame` computes.

* ``trick_value`` is the points of a complete trick if a defender wins it, else 0;
* ``endgame_value`` is the solver's value of a small position (1–2 cards a hand, sometimes
  a trick in progress);
* ``best_play`` is judged on the curated drills (:func:`~shengji_edu.players.drills.load_drills`),
  each with exactly one play proven best by 10 points or more; a FAIL shows the solver's best
  line and the margin.
"""

from __future__ import annotations

import random
from functools import cache

from ..cards import Card, format_cards
from ..cards import parse_cards as _cards
from ..follow import legal_follows
from ..players.drills import Drill, load_drills
from ..players.endgame import Position, solve
from ..trump import EFFECTIVE_SUITS, Trump
from .checking import CardMultiset, Question, WholeNumber
from .generate import Shoe, follow_play, random_trick, random_trump

EXERCISE = "ex09"


# --- cases (the references and solutions are in solutions/) --------------------------
def _trick_case(rng: random.Random) -> tuple:
    plays, trump = random_trick(rng, (1, 1, 1, 2, 2, 3))
    shoe = Shoe(rng)
    for play in plays:
        shoe.take(play)
    led = trump.suit_of(plays[0][0])
    while len(plays) < 4:
        plays.append(follow_play(shoe, trump, led, len(plays[0])))
    return (plays, rng.randrange(4), rng.randrange(4), trump)


def _position_case(rng: random.Random) -> tuple:
    """Hands of 1 or 2 cards from two suits and the trumps; now and then a trick begun."""
    trump = random_trump(rng)
    suits = ["T", *rng.sample([s for s in EFFECTIVE_SUITS if s not in ("T", trump.suit)], 2)]
    shoe = Shoe(rng)
    size = rng.choice((1, 2, 2))
    hands = [
        [c for _ in range(size) for c in shoe.draw(1, rng.choice(suits), trump)] for _ in range(4)
    ]
    leader, dealer = rng.randrange(4), rng.randrange(4)
    trick: list[list[Card]] = []
    for offset in range(rng.choice((0, 0, 1, 2, 3))):  # the first plays of a trick
        hand = hands[(leader + offset) % 4]
        play = [rng.choice(hand)] if not trick else rng.choice(legal_follows(hand, trick[0], trump))
        for card in play:
            hand.remove(card)
        trick.append(play)
    for hand in hands:
        hand.sort()
    return (hands, trick, leader, dealer, trump)


@cache
def drills() -> tuple[Drill, ...]:
    """The curated drills, read once."""
    return tuple(load_drills())


def drill_case(drill: Drill) -> tuple:
    """A drill's position as this exercise's arguments (plain data)."""
    p = drill.position
    leader = p.trick[0][0] if p.trick else p.turn
    trick = [list(cards) for _, cards in p.trick]
    return ([list(hand) for hand in p.hands], trick, leader, p.dealer, p.trump)


def position_of(hands, trick, leader, dealer, trump) -> Position:
    """The endgame solver's :class:`~shengji_edu.players.endgame.Position` of the arguments."""
    plays = tuple(((leader + i) % 4, tuple(play)) for i, play in enumerate(trick))
    turn = (leader + len(trick)) % 4
    return Position(
        trump=trump, dealer=dealer, hands=tuple(map(tuple, hands)), trick=plays, turn=turn
    )


def _drill_of(args: tuple) -> Drill | None:
    for drill in drills():
        if drill_case(drill) == tuple(args):
            return drill
    return None


def _explain_line(args: tuple, expected: object) -> list[str]:
    """The solver's best line, and for a drill the margin: why the answer is right."""
    drill = _drill_of(args)
    if drill is not None:
        line, margin = drill.line, drill.margin
    else:
        solution = solve(position_of(*args))
        line = "; ".join(f"seat {seat} {format_cards(cards)}" for seat, cards in solution.line)
        margin = solution.margin
    lines = [f"The endgame solver's best line (every hand known): {line}."]
    if drill is not None and margin is not None:
        side = "defenders" if drill.position.is_defender(drill.position.turn) else "dealer's team"
        lines.append(
            f"Every other play costs the {side} at least {margin} points: the defenders would "
            f"take {drill.value} from here with {format_cards(drill.answer)}."
        )
    return lines


_LEVEL10 = Trump(10, "S")
_LEVEL2 = Trump(2, "H")

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="trick_value",
    params=("trick", "leader", "dealer", "trump"),
    reference="trick_value",
    answer=WholeNumber(),
    fixed=[
        ([_cards("HA"), _cards("H5"), _cards("HK"), _cards("H2")], 0, 0, _LEVEL10),
        ([_cards("HA"), _cards("H5"), _cards("HK"), _cards("H2")], 0, 1, _LEVEL10),
        ([_cards("HK"), _cards("S3"), _cards("H10"), _cards("H5")], 2, 0, _LEVEL10),
        ([_cards("C9 C9"), _cards("CK C5"), _cards("D10 D10"), _cards("CA C2")], 3, 2, _LEVEL2),
    ],
    generate=_trick_case,
    random_cases=200,
    hint="""
        trick_winner(trick, trump) is the index of the winning play (0 for the lead); the
        winner's seat is (leader + index) % 4. A seat is a defender when seat % 2 differs
        from dealer % 2. If a defender wins, return the points of every card of the trick
        (card.points, or trick_points), else 0.
    """,
    solution="trick_value",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="endgame_value",
    params=("hands", "trick", "leader", "dealer", "trump"),
    reference="_value_reference",
    answer=WholeNumber(),
    fixed=[
        ([_cards("HA"), _cards("H5"), _cards("HK"), _cards("H2")], [], 0, 1, _LEVEL10),
        ([_cards("HK"), _cards("H5"), _cards("HA"), _cards("H2")], [], 0, 1, _LEVEL10),
        ([_cards("HA H3"), _cards("HK S2"), _cards("H10 H4"), _cards("C5 D5")], [], 0, 0, _LEVEL10),
        ([[], _cards("H5"), _cards("HK"), _cards("H2")], [_cards("HA")], 0, 1, _LEVEL10),
    ],
    generate=_position_case,
    random_cases=120,
    hint="""
        Minimax, one play at a time. The seat to play is (leader + len(trick)) % 4. Its
        plays: legal_follows(hand, trick[0], trump) when the trick has begun; else every
        lead, any cards of one effective suit (group the hand by trump.suit_of; a throw that
        check_throw says fails plays its .forced cards instead). Try each play on copies of
        the hands: when the trick is full, add trick_value (question 1) and start the next
        trick from its winner. The defenders take the largest value, the dealer's team the
        smallest. With no cards left, the value is 0.
    """,
    solution="endgame_value",
    builds_on=(1,),
    try_it=lambda args: "endgame_value(hands, trick, leader, dealer, trump)",
    explain=_explain_line,
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="best_play",
    params=("hands", "trick", "leader", "dealer", "trump"),
    reference="_best_play_reference",
    answer=CardMultiset(),
    fixed=[drill_case(drill) for drill in drills()],
    hint="""
        The best play is the play after which endgame_value (question 2) is best for the
        seat to play: the largest value for a defender, the smallest for the dealer's team.
        For a lead, return the cards you lead (a throw that would fail is never better
        than leading the unit it falls back to). In every drill exactly one play is best,
        by 10 points or more.
    """,
    solution="best_play",
    builds_on=(2,),
    try_it=lambda args: "best_play(hands, trick, leader, dealer, trump)",
    explain=_explain_line,
    points=2,
)

QUESTIONS = [q1, q2, q3]
