"""SearchPlayer: Monte Carlo search that plays every guess to the end of the hand.

It is :class:`~.montecarlo.MonteCarloPlayer` with four changes, each of which made it
stronger against greedy (lesson 08 and ``results/arena_search_*`` show by how much):

1. **Rollouts to the end of the hand** (``depth=None``). A rollout that stops after a few
   tricks never sees the kitty, yet the last trick decides it, multiplied (RULES §6). Played
   to the end, a rollout is scored the way the arena scores a hand: this side's points, plus
   :data:`WIN_BONUS` when this side wins the hand (crossing 80 matters more than 5 points).
2. **Candidate pruning by successive halving.** Every candidate is tried in the first few
   worlds; then the worse half is dropped, and again, so the worlds are spent on the plays
   that might be best. More candidates can be compared (every suit's strongest, weakest and
   highest single card to lead; up to :data:`MAX_CANDIDATES`) for the price of a few.
3. **No search when there is nothing to choose**: one distinct legal play, or the last
   trick, is played at once, so the time goes to the decisions that matter.
4. **Common worlds.** As before, all candidates are compared in the same sampled worlds
   (the same guess and the same rollout generators), so a difference in their scores comes
   from the play, not from luck.

Settings, in a student's terms: ``samples`` (worlds per decision), ``depth`` (tricks looked
ahead after the current one; ``None``: to the end of the hand) and ``time`` (a cap in
seconds per decision; ``None``, the default, keeps decisions reproducible from the seed
alone). Randomness comes only from ``view.rng`` (RULES §9); the worlds come from
``view.sample_hands`` and ``view.what_if``, which see only what this player may see.
Declaring, overcalling and burying are greedy's.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections import Counter

from ..cards import Card
from ..game.round import team_of
from ..game.view import PlayerView
from ..trump import TRUMP
from .greedy import (
    GreedyPlayer,
    LeadContext,
    bury_low_cards,
    candidate_follows,
    cheapest,
    declare_good_suit,
    overcall_good_suit,
    play_cost,
)
from .knowledge import check_name, winning_test
from .montecarlo import play_on, search_settings, team_score

DEFAULT_SAMPLES = 20
"""Worlds sampled per decision (the first ones try every candidate, later ones only the
candidates still in the race)."""

DEFAULT_DEPTH: int | None = None
"""Play every rollout to the end of the hand (``None``), so the kitty and the hand's result
are seen."""

MAX_CANDIDATES = 8
"""At most this many distinct plays are compared in the first worlds."""

KEEP = 2
"""Successive halving never drops below this many candidates."""

WIN_BONUS = 40
"""What winning the hand is worth, in points, on top of the points (rollouts to the end)."""


def distinct(plays: list[list[Card]]) -> list[list[Card]]:
    """The plays without repeats (the same cards in another order are the same play)."""
    seen: set[tuple[Card, ...]] = set()
    out = []
    for play in plays:
        key = tuple(sorted(play))
        if key not in seen:
            seen.add(key)
            out.append(play)
    return out


def search_candidates(view: PlayerView, greedy_choice: list[Card]) -> list[list[Card]]:
    """The plays worth comparing, greedy's choice first.

    Leading: for every suit (trumps too), the strongest unit, the weakest unit and the
    highest single card. Following: every distinct legal play when there are few, else the
    cheapest, the cheapest and the dearest winning play, the richest in points and the
    cheapest without points.
    """
    trump = view.trump
    assert trump is not None
    options: list[list[Card]] = [greedy_choice]
    if view.lead is None:
        ctx = LeadContext(view)
        by_suit: dict[str, list] = {}
        for unit in ctx.units:
            by_suit.setdefault(unit.suit, []).append(unit)
        for suit in sorted(by_suit, key=lambda s: s == TRUMP):  # side suits first
            units = by_suit[suit]
            options.append(list(units[0].cards))
            options.append(list(min(units, key=lambda u: (u.size, u.high)).cards))
            options.append([max((c for u in units for c in u.cards), key=trump.strength)])
    else:
        plays = distinct(candidate_follows(view))
        if len(plays) <= MAX_CANDIDATES - 1:
            options += plays
        else:
            counts = Counter(view.hand)
            wins = winning_test(view)
            winners = [p for p in plays if wins(p)]
            options.append(cheapest(plays, view))
            if winners:
                options.append(cheapest(winners, view))
                options.append(max(winners, key=lambda p: play_cost(p, counts, trump)))
            options.append(max(plays, key=lambda p: sum(c.points for c in p)))
            pointless = [p for p in plays if not any(c.points for c in p)]
            if pointless:
                options.append(cheapest(pointless, view))
    return distinct(options)[:MAX_CANDIDATES]


class SearchPlayer:
    """Determinized search with rollouts to the end of the hand; see the module docstring.

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
        if len(view.hand) == len(choice):  # the last trick: every card must go
            return choice
        options = search_candidates(view, choice)
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
