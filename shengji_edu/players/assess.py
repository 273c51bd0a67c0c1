"""A seat's decisions in a finished hand, assessed (issue 30).

For each play a chosen seat made, :func:`assess_seat` asks two questions.

1. **What would the search player have played, from that seat's information alone?** The
   seat's view at that moment is rebuilt by replaying the hand's record up to the play
   (:class:`~shengji_edu.game.view.PlayerView`: its hand and the public record, nothing
   hidden), and :class:`~.search.SearchPlayer` decides from it. When its choice differs from
   the card(s) played, both are tried in the *same* sampled worlds (the same guess of the
   hidden cards, the same rollout generators: paired rollouts), and the difference in the
   chance of winning the hand (:func:`~.search.win_chance`) is estimated with a 95%
   interval over the worlds. Only an interval that lies wholly above :data:`CLEAR` counts
   as a clear mistake: one estimate from a few dozen worlds is noisy, and a flag that is
   often wrong teaches the wrong thing.
2. **With every hand known, what does perfect play give?** From the moment every hand holds
   at most :data:`ENDGAME_CARDS` cards, the endgame solver (:mod:`.endgame`) values the play
   made against the best one exactly, in the defenders' points.

Deterministic: every draw comes from generators seeded from ``seed`` and the decision's
number, never from the hand's own seat generators.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

from ..cards import Card, parse_cards
from ..game.records import _apply, hand_record
from ..game.round import Round
from ..game.view import PlayerView
from .endgame import Position, Solution, Solver
from .inference import informed_sample, shown_in_hand
from .search import SearchPlayer

ENDGAME_CARDS = 4
"""The endgame solver judges plays from when every hand holds at most this many cards
(benchmarks/endgame.py: within a second per position at 4 cards, results/endgame_speed.txt)."""

CLEAR = 0.05
"""A play is flagged as a clear mistake only when the whole 95% interval of the win-chance
difference lies above this (5 percentage points)."""

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval (normal approximation over paired worlds)."""

    mean: float
    low: float
    high: float
    worlds: int


@dataclass(frozen=True)
class Decision:
    """One play of the assessed seat: the trick number (from 1), the cards played, the
    search player's choice from the same view, the estimated gain in win chance had it been
    played (``None`` when the two agree), whether that is a clear mistake, and the endgame
    solver's exact verdict (``None`` before the endgame): the solution of the position and
    the defenders' points the play made gives up against the best (from the seat's side)."""

    trick: int
    seat: int
    played: tuple[Card, ...]
    suggested: tuple[Card, ...]
    gain: Estimate | None
    mistake: bool
    endgame: Solution | None
    points_lost: int | None


def assess_seat(
    round_: Round, seat: int, budget: int = 40, seed: int = 0, samples: int = 20
) -> list[Decision]:
    """Assess every play of ``seat`` in the finished ``round_`` (see the module docstring).

    ``budget``: the paired worlds per disputed decision; ``samples``: the search player's
    worlds per decision; ``seed``: the generators' seed.
    """
    if not isinstance(round_, Round) or round_.result is None:
        raise ValueError("assess_seat needs a finished hand (a Round whose result is known)")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0-3, not {seat!r}")
    if type(budget) is not int or budget < 2:
        raise ValueError(f"budget must be a whole number of worlds, at least 2, not {budget!r}")
    data = hand_record(round_)
    replay = Round(
        data["seed"],
        round_.rules,
        round_.levels_at_start,
        round_.starting_dealer,
        round_.fixed_trump,
    )
    player = SearchPlayer(samples=samples)
    decisions: list[Decision] = []
    solver: Solver | None = None
    for number, action in enumerate(data["actions"], start=1):
        if action["action"] == "play" and action["seat"] == seat:
            played = tuple(parse_cards(action["cards"]))
            rng = random.Random(f"{seed}:{seat}:{number}")
            view = fresh_view(replay, seat, rng)
            suggested = tuple(player.play(view))
            gain, mistake = None, False
            if sorted(suggested) != sorted(played):
                gain = paired_gain(player, view, suggested, played, budget, rng)
                mistake = gain.low > CLEAR
            endgame, lost = None, None
            if max(len(hand) for hand in replay.hands) <= ENDGAME_CARDS:
                position = Position.from_round(replay)
                if solver is None:
                    solver = Solver.for_position(position)
                endgame = solver.solve(position)
                lost = points_lost(endgame, played)
            decisions.append(
                Decision(
                    len(replay.tricks) + 1, seat, played, suggested, gain, mistake, endgame, lost
                )
            )
        _apply(replay, action, number)
    return decisions


def fresh_view(round_: Round, seat: int, rng: random.Random) -> PlayerView:
    """The seat's view now, with a generator of the assessment's own."""
    seen = round_.view(seat)
    return PlayerView.from_parts(seen.public, seat, seen.hand, rng, seen.buried)


def paired_gain(
    player: SearchPlayer,
    view: PlayerView,
    suggested: tuple[Card, ...],
    played: tuple[Card, ...],
    worlds: int,
    rng: random.Random,
) -> Estimate:
    """The search's choice minus the play made, in win chance, over the same worlds."""
    shown = shown_in_hand(view)
    differences = []
    for _ in range(worlds):
        hands, buried = informed_sample(view, rng, shown)
        world_seed = rng.getrandbits(32)
        better = player._value(view, hands, buried, world_seed, list(suggested))
        made = player._value(view, hands, buried, world_seed, list(played))
        differences.append(better - made)
    mean = statistics.fmean(differences)
    half = Z95 * statistics.stdev(differences) / math.sqrt(len(differences))
    return Estimate(mean, mean - half, mean + half, len(differences))


def points_lost(solution: Solution, played: tuple[Card, ...]) -> int:
    """How many of the defenders' points (from the side to move's view) the play gives up
    against perfect play."""
    key = sorted(played)
    for choice in solution.choices:
        if sorted(choice.cards) == key or sorted(choice.played) == key:
            loss = solution.value - choice.value
            return loss if solution.position.is_defender(solution.position.turn) else -loss
    raise ValueError(f"the play {played} is not among the position's legal plays")
