"""The endgame solver (issue 30): exact, checked against brute force through the engine.

The reference (tests/endgame_reference.py) plays every legal play of every seat through
copies of the engine's Round, without pruning or a table; the solver must find the same
value on 200 small seeded positions, one, two and three decks, with the variants that change
the play's points (failed throws and their penalty, the kitty tables and cap, tractors off,
twos always trump).
"""

from __future__ import annotations

import random

import pytest
from endgame_reference import brute_value, copy_world

from shengji_edu import parse_cards
from shengji_edu.game import PLAYING, Round, Table
from shengji_edu.players import RandomPlayer
from shengji_edu.players.endgame import EndgameError, Position, Solver, solve, solve_round
from shengji_edu.rules import RuleSet

VARIANTS = (
    {},
    {"throw_penalty": 10, "failed_throw": "smallest_card"},
    {"throw_penalty": 10},
    {"kitty": "linear", "kitty_max": 8},
    {"kitty": "cards"},
    {"kitty": "width", "tractors": "off"},
    {"twos_are_trump": True, "kitty": "pairs"},
    {"tractors": "plain", "offsuit_levels": "suit"},
)


def small_world(seed: int) -> Round:
    """A seeded world in play with 1 to 3 cards a hand, one, two or three
    decks, a variant, often with the hands' cards dealt out again in runs (so that pairs and
    tractors sit in one hand), sometimes stopped inside a trick."""
    rng = random.Random(seed)
    decks = 1 + seed % 3
    try:
        rules = RuleSet(decks=decks, **VARIANTS[rng.randrange(len(VARIANTS))])
    except ValueError:  # a variant no seed plays with this many decks (RULES §12.17)
        rules = RuleSet(decks=decks)
    table = Table(Round(seed, rules), [RandomPlayer() for _ in range(4)])
    world = table.round
    cards = rng.randint(1, 3)
    while world.phase != PLAYING or world.current_trick or len(world.hand(0)) > cards:
        if not table.step():
            return small_world(seed + 1000)  # a throw skipped past: take another hand
    hands = world.hands
    if rng.random() < 0.6:  # deal the same cards out again, in runs of the sorted pool
        pool = sorted(card for hand in hands for card in hand)
        seats = rng.sample(range(4), 4)
        size = len(hands[0])
        new = [None] * 4
        for number, seat in enumerate(seats):
            new[seat] = pool[number * size : (number + 1) * size]
        world = Round.world(world.public, new, world.kitty, seed)
    table = Table(world, [RandomPlayer() for _ in range(4)])
    for _ in range(rng.randrange(4)):
        if world.phase == PLAYING:
            table.step()
    return world


QUICK = 30
"""The first positions run in the edit-test loop; all 200 in the full run (``slow``)."""


@pytest.mark.parametrize(
    "seed", [s if s < QUICK else pytest.param(s, marks=pytest.mark.slow) for s in range(200)]
)
def test_solver_agrees_with_brute_force(seed):
    world = small_world(seed)
    if world.phase != PLAYING:  # the random plays finished the hand
        world = small_world(seed + 2000)
    assert world.phase == PLAYING
    solution = solve_round(world)
    assert solution.total == brute_value(copy_world(world))
    # the best line, played through the engine, reaches that total
    line_world = copy_world(world)
    for seat, cards in solution.line:
        assert line_world.turn == seat
        line_world.play(seat, list(cards))
    assert line_world.result.defender_points == solution.total


def test_every_choice_is_valued_exactly():
    """Each play's value is the brute-force value of the world after it."""
    for seed in range(3, 60, 7):
        world = small_world(seed)
        if world.phase != PLAYING:
            continue
        solution = solve_round(world)
        before = solution.position.defender_points
        for choice in solution.choices:
            child = copy_world(world)
            child.play(child.turn, list(choice.cards))
            assert before + choice.value == brute_value(child), (seed, choice)


def test_the_decks_covered():
    """The 200 positions hold one, two and three decks, mid-trick positions and pairs."""
    worlds = [small_world(seed) for seed in range(200)]
    assert {w.rules.decks for w in worlds} == {1, 2, 3}
    assert any(w.current_trick for w in worlds)
    assert sum(any(hand.count(card) > 1 for hand in w.hands for card in hand) for w in worlds) >= 20


def test_a_hand_built_position():
    """Spades trump at level 2, seat 0 deals and has led ♥A; seat 1 (a defender) has no
    heart: ruffing with ♠3 takes ♥K's 10 points, and seat 1 then leads ♦10, which seat 2
    ruffs with ♠4; discarding ♦10 instead gives the dealers both tricks."""
    position = Position(
        trump=RuleSet().trump(2, "S"),
        dealer=0,
        hands=(
            parse_cards("DA"),
            parse_cards("S3 D10"),
            parse_cards("H7 S4"),
            parse_cards("HK CK"),
        ),
        trick=((0, parse_cards("HA")),),
        kitty_points=20,
    )
    solution = solve(position)
    assert solution.value == 10 and solution.margin == 10
    assert [(c.cards, c.value) for c in solution.choices] == [
        (tuple(parse_cards("S3")), 10),
        (tuple(parse_cards("D10")), 0),
    ]
    assert [(seat, "".join(map(str, cards))) for seat, cards in solution.line] == [
        (1, "S3"),
        (2, "H7"),
        (3, "HK"),
        (1, "D10"),
        (2, "S4"),
        (3, "CK"),
        (0, "DA"),
    ]


def test_refusals():
    trump = RuleSet().trump(2, "S")
    hands = (parse_cards("HA"), parse_cards("H3"), parse_cards("H4"), parse_cards("H5"))
    with pytest.raises(EndgameError, match="equally many"):
        Position(trump=trump, dealer=0, hands=(*hands[:3], parse_cards("H5 H6")), turn=0)
    with pytest.raises(EndgameError, match="turn"):
        Position(trump=trump, dealer=0, hands=hands)
    with pytest.raises(EndgameError, match="45-point"):
        Position(
            trump=trump,
            dealer=0,
            hands=hands,
            turn=0,
            rules=RuleSet(decks=1, settlement="forty_five"),
        )
    with pytest.raises(EndgameError, match="phase"):
        Position.from_round(Round(1))


def test_a_solver_is_reused_across_positions():
    """One solver, many positions of a hand: the table carries over and the values agree."""
    world = small_world(11)
    position = Position.from_round(world)
    solver = Solver.for_position(position)
    first = solver.solve(position)
    again = solver.solve(position)
    assert first.value == again.value and again.nodes <= first.nodes
