"""SearchPlayer: Monte Carlo search that spends its worlds on the plays still in the race.

It is :class:`~.montecarlo.MonteCarloPlayer` (the same candidates, the same greedy rollouts,
the same scoring) with two changes:

1. **Successive halving.** Every candidate is tried in the first quarter of the worlds;
   then the worse half is dropped, and after half of the worlds again (never fewer than
   :data:`KEEP`), so most worlds go to the two plays that might be best. With 20 worlds and
   5 candidates it makes as many rollouts as MonteCarloPlayer's 12 worlds × 5 candidates
   (5 × 5 + 3 × 5 + 2 × 10 = 60), but the final choice rests on 20 worlds instead of 12.
2. **No search when there is nothing to choose**: one distinct candidate is played at once,
   and so is greedy's choice when it is the whole hand (the last trick, where a follower's
   every card must go, or a lead of every card left, which greedy makes only with sure
   winners).

As before, all candidates are compared in the same sampled worlds (the same guess and the
same rollout generators), so a difference in their scores comes from the play, not luck.

Settings, in a student's terms: ``samples`` (worlds per decision), ``depth`` (tricks looked
ahead after the current one; ``None``: to the end of the hand, where a won hand is worth
:data:`WIN_BONUS` points more) and ``time`` (a cap in seconds per decision; ``None``, the
default, keeps decisions reproducible from the seed alone). What was tried and did not help
is in the README ("Measured figures"): rollouts to the end of the hand, and more worlds.
Randomness comes only from ``view.rng`` (RULES §9); the worlds come from
``view.sample_hands`` and ``view.what_if``, which see only what this player may see.
Declaring, overcalling and burying are greedy's.
"""

from __future__ import annotations

import math
import random
import time as _time

from ..cards import Card
from ..game.round import team_of
from ..game.view import PlayerView
from .greedy import (
    GreedyPlayer,
    bury_low_cards,
    declare_good_suit,
    overcall_good_suit,
)
from .knowledge import check_name
from .montecarlo import candidate_plays, play_on, search_settings, team_score

DEFAULT_SAMPLES = 20
"""Worlds sampled per decision (the first ones try every candidate, later ones only the
candidates still in the race)."""

DEFAULT_DEPTH: int | None = 3
"""Tricks played out after the current one, as MonteCarloPlayer's default: short rollouts
are less noisy than rollouts to the end (README, "Measured figures")."""

KEEP = 2
"""Successive halving never drops below this many candidates."""

WIN_BONUS = 40
"""What winning the hand is worth, in points, on top of the points (rollouts to the end)."""


class SearchPlayer:
    """Determinized search with successive halving; see the module docstring.

    ``samples``: worlds per decision; ``depth``: tricks played out after the current one,
    ``None`` to the end; ``time``: a cap in seconds per decision (``None``: no cap).
    """

    def __init__(
        self,
        name: str = "search",
        samples: int = DEFAULT_SAMPLES,
        depth: int | None | str = DEFAULT_DEPTH,
        time: float | None = None,
    ) -> None:
        self.name = check_name(name)
        self.samples, self.depth, self.time = search_settings(samples, depth, time)
        self.greedy = GreedyPlayer()

    def declare(self, view: PlayerView) -> list[Card] | None:
        return declare_good_suit(view)

    def overcall(self, view: PlayerView) -> list[Card] | None:
        return overcall_good_suit(view)

    def bury(self, view: PlayerView) -> list[Card]:
        return bury_low_cards(view)

    def play(self, view: PlayerView) -> list[Card]:
        choice = self.greedy.play(view)
        if len(view.hand) == len(choice):  # the last trick (or a sure throw of every card)
            return choice
        options = candidate_plays(view, choice)
        if len(options) == 1:
            return options[0]
        scores = self.scores(view, options)
        return options[max(scores, key=lambda i: (scores[i], -i))]  # ties: the earlier option

    def scores(self, view: PlayerView, options: list[list[Card]]) -> dict[int, float]:
        """Average rollout value of the candidates still in the race, by index in ``options``.

        Successive halving: after a quarter and after half of the worlds, the worse half of
        the candidates (never fewer than :data:`KEEP`) is dropped.
        """
        rng = random.Random(view.rng.getrandbits(64))
        totals = [0.0] * len(options)
        alive = list(range(len(options)))
        checkpoints = {max(2, self.samples // 4), max(3, self.samples // 2)}
        deadline = None if self.time is None else _time.perf_counter() + self.time
        worlds = 0
        for worlds in range(1, self.samples + 1):
            hands, buried = view.sample_hands(rng)
            seed = rng.getrandbits(32)
            for index in alive:
                totals[index] += self._value(view, hands, buried, seed, options[index])
            if worlds in checkpoints and len(alive) > KEEP:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[: max(KEEP, math.ceil(len(alive) / 2))])
            if deadline is not None and _time.perf_counter() > deadline:
                break
        return {i: totals[i] / worlds for i in alive}

    def _value(self, view: PlayerView, hands, buried, seed: int, play: list[Card]) -> float:
        """One rollout: this side's points (and the win bonus, played to the end)."""
        world = view.what_if(hands, buried, seed)
        world.play(view.seat, play)
        play_on(world, self.greedy, self.depth)
        result = world.result
        if result is None:
            return team_score(world.defender_points + world.penalty, view)
        value = team_score(result.defender_points, view)
        if self.depth is None and result.winning_team == team_of(view.seat):
            value += WIN_BONUS
        return value
