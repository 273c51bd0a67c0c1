"""Brute-force minimax for the endgame solver's tests: no pruning, no table, no shortcut.

Every node plays the game through the engine itself: a copy of the world
(:meth:`Round.world` from its public record and its hands) is made for each move, the move is
played with :meth:`Round.play`, and a finished hand is worth what the engine settles:
``result.defender_points``. The moves are found the slow, obvious way: every set of cards of
the right size taken from the hand (by position, then merged when equal), kept if
``check_lead`` or ``check_follow`` accepts it. So the throws, their failures and penalties,
the winners, the points and the kitty bonus all come from the engine, and nothing here shares
code with :mod:`shengji_edu.players.endgame`.
"""

from __future__ import annotations

from itertools import combinations

from shengji_edu.follow import check_follow
from shengji_edu.game import Round
from shengji_edu.tricks import check_lead


def copy_world(world: Round) -> Round:
    """An independent copy of a world in play (its hands, kitty and public record)."""
    return Round.world(world.public, world.hands, world.kitty, 0)


def candidate_plays(world: Round) -> list[tuple]:
    """Every legal play of the seat to move, each multiset of cards once."""
    seat = world.turn
    hand = list(world.hand(seat))
    current = world.current_trick
    sizes = range(1, len(hand) + 1) if not current else [len(current[0][1])]
    plays = set()
    for size in sizes:
        for positions in combinations(range(len(hand)), size):
            cards = [hand[i] for i in positions]
            verdict = (
                check_follow(hand, current[0][1], cards, world.trump)
                if current
                else check_lead(hand, cards, world.trump)
            )
            if verdict.ok:
                plays.add(tuple(sorted(cards)))
    return sorted(plays)


def brute_value(world: Round) -> int:
    """The defenders' final total (as settled) under perfect play by both teams."""
    if world.result is not None:
        return world.result.defender_points
    maximise = not world.is_dealer_team(world.turn)
    values = []
    for play in candidate_plays(world):
        child = copy_world(world)
        child.play(child.turn, list(play))
        values.append(brute_value(child))
    return max(values) if maximise else min(values)
