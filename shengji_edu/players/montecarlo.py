"""MonteCarloPlayer: guess the hidden cards many times, play each option out, keep the best.

This is *determinization*, the simplest search that works for card games with hidden
cards:

1. ``view.sample_hands`` (:func:`sample_world` here) deals the cards this player has not
   seen to the other hands (and to the kitty, unless it buried the kitty itself),
   respecting everything it knows: how many cards each player holds and which suits each
   has shown it is out of. ``view.what_if`` turns the guess into a world to play in, built
   from the table's public record and the guess alone.
2. For each candidate play (:func:`candidate_plays`: the greedy choice and a few
   alternatives), the world is played on by greedy players for ``depth`` more tricks
   (``None``: to the end of the hand). The rollouts' greedy players are
   :class:`~.rollout.RolloutPlayer`: greedy's plays, worked out fast (tested equal to
   :class:`~.greedy.GreedyPlayer` at every decision of seeded hands).
3. The candidate with the best average result for this player's team wins.

``samples`` counts sampled worlds, not seconds, so a decision depends only on the game's
seed, never on how fast the machine is; ``time`` (off by default) caps a decision's seconds
too, and then a fast machine may look at more worlds than a slow one. Declaring,
overcalling and burying are left to the greedy rules. The sampling knows the variant from
the view: every card exists ``rules.decks`` times, the kitty holds ``rules.kitty_size``
cards, and after an overcall only the seat that buried last knows the kitty.

:class:`~.search.SearchPlayer` is the stronger sibling: the same candidates and rollouts,
scored by the chance of winning the hand instead of by points, and pruned as the worlds
come in.
"""

from __future__ import annotations

import random
import time as _time

from ..cards import Card, shorten
from ..game.round import Round
from ..game.view import PlayerView
from .greedy import GreedyBidding
from .knowledge import check_name, winning_test
from .rollout import (
    LeadContext,
    RolloutPlayer,
    _card_costs,
    _play_cost,
    candidate_follows,
    cheapest,
    held_by_index,
)

DEFAULT_SAMPLES = 12
"""Worlds sampled per decision. With the default depth a decision takes some tens of
milliseconds (``python benchmarks/benchmark.py mc`` measures it)."""

DEFAULT_DEPTH = 3
"""Tricks played out after the current one (``None``: to the end of the hand). Short
rollouts are cheaper, so more worlds fit in the same time; the table in results/README.md and
``results/arena_montecarlo_*`` say how the settings compare against greedy."""


MAX_CANDIDATES = 5


def sample_world(view: PlayerView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """One guess of every hand (and of the kitty) consistent with what this player knows.

    The sampling lives with the view now (:meth:`PlayerView.sample_hands`); this name is
    kept for lesson 8, which shows the guess before playing it.
    """
    return view.sample_hands(rng)


def candidate_plays(view: PlayerView, greedy_choice: list[Card]) -> list[list[Card]]:
    """A few sensible plays to compare: the greedy choice first, then distinct alternatives:
    to lead, the strongest and the weakest unit of each suit; to follow, the cheapest legal
    play, the cheapest and the dearest winning play, and the richest in points. (Greedy's
    candidates and costs, as :class:`~.rollout.RolloutPlayer` works them out.)"""
    trump = view.trump
    assert trump is not None
    options: list[list[Card]] = [greedy_choice]
    if view.lead is None:
        ctx = LeadContext(view)
        by_suit: dict[str, list] = {}
        for unit in ctx.units:
            by_suit.setdefault(unit.suit, []).append(unit)
        for units in by_suit.values():  # the strongest and the weakest unit of each suit
            options.append(list(units[0].cards))
            options.append(list(min(units, key=lambda u: (u.size, u.high)).cards))
    else:
        plays = candidate_follows(view)
        held, costs = held_by_index(view), _card_costs(trump)
        wins = winning_test(view)
        winners = [p for p in plays if wins(p)]
        options.append(cheapest(plays, view))
        if winners:
            options.append(cheapest(winners, view))
            options.append(max(winners, key=lambda p: _play_cost(p, held, costs)))
        options.append(max(plays, key=lambda p: sum(c.points for c in p)))
    distinct: list[list[Card]] = []
    seen: set[tuple[Card, ...]] = set()
    for play in options:
        key = tuple(sorted(play))
        if key not in seen:
            seen.add(key)
            distinct.append(play)
    return distinct[:MAX_CANDIDATES]


def team_score(points: int, view: PlayerView) -> int:
    """The final defender points seen from this player's side (more is better for it)."""
    return -points if view.is_dealer_team else points


class MonteCarloPlayer(GreedyBidding):
    """Determinization search over greedy rollouts.

    ``samples``: worlds per decision; ``depth``: tricks played out after the current one
    (``None``: to the end of the hand); ``time``: an optional cap in seconds per decision.
    ``budget`` and ``horizon`` are the old names of ``samples`` and ``depth`` (``horizon=0``
    meant "to the end", i.e. ``depth=None``), kept so older code and records still run.
    """

    def __init__(
        self,
        name: str = "montecarlo",
        samples: int = DEFAULT_SAMPLES,
        depth: int | None | str = DEFAULT_DEPTH,
        time: float | None = None,
        *,
        budget: int | None = None,
        horizon: int | None = None,
    ) -> None:
        self.name = check_name(name)
        self.samples, self.depth, self.time = search_settings(samples, depth, time, budget, horizon)
        self.greedy = RolloutPlayer()  # GreedyPlayer's plays, worked out fast

    @property
    def budget(self) -> int:
        """The old name of :attr:`samples`."""
        return self.samples

    @property
    def horizon(self) -> int:
        """The old name of :attr:`depth` (0: to the end of the hand)."""
        return 0 if self.depth is None else self.depth

    def play(self, view: PlayerView) -> list[Card]:
        choice = self.greedy.play(view)
        options = candidate_plays(view, choice)
        if len(options) == 1:
            return options[0]
        rng = random.Random(view.rng.getrandbits(64))
        totals = [0] * len(options)
        deadline = None if self.time is None else _time.perf_counter() + self.time
        for _ in range(self.samples):
            hands, buried = view.sample_hands(rng)
            seed = rng.getrandbits(32)
            for index, play in enumerate(options):
                totals[index] += team_score(self._play_out(view, hands, buried, seed, play), view)
            if deadline is not None and _time.perf_counter() > deadline:
                break
        best = max(range(len(options)), key=lambda i: (totals[i], -i))  # ties: earlier option
        return options[best]

    def _play_out(self, view: PlayerView, hands, buried, seed: int, play: list[Card]) -> int:
        world = view.what_if(hands, buried, seed)
        world.play(view.seat, play)
        play_on(world, self.greedy, self.depth)
        if world.result is not None:
            return world.result.defender_points
        return world.defender_points + world.penalty


def play_on(world: Round, player, depth: int | None) -> None:
    """Let ``player`` play every seat of ``world`` to the end of the running trick and
    ``depth`` more tricks (``None``: to the end of the hand). The loop asks the world for
    each seat's view and plays through the engine, so every rollout move is checked by the
    rules; it skips the :class:`~shengji_edu.game.table.Table` (no person ever plays here)."""
    stop = None
    if depth is not None:
        stop = len(world.tricks) + depth + (1 if world.current_trick else 0)
    while world.result is None and (stop is None or len(world.tricks) < stop):
        seat = world.turn
        world.play(seat, player.play(world.view(seat)))


def search_settings(
    samples: object, depth: object, time: object, budget: object = None, horizon: object = None
) -> tuple[int, int | None, float | None]:
    """Check a search player's settings (and map the old ``budget``/``horizon`` onto
    ``samples``/``depth``); a bad one is a ``ValueError`` saying what is accepted."""
    if budget is not None:
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError(
                "budget (the old name of samples) must be a whole number of sampled worlds, "
                f"at least 1, not {shorten(budget)}"
            )
        samples = budget
    if horizon is not None:
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
            raise ValueError(
                f"horizon must be 0 (play to the end) or a whole number of tricks, not {horizon!r}"
            )
        depth = horizon or None
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(
            f"samples must be a whole number of sampled worlds, at least 1, not {shorten(samples)}"
        )
    if isinstance(depth, str) and depth.strip().lower() in ("none", "end"):
        depth = None
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise ValueError(
            "depth must be a whole number of tricks after the current one (0 or more), or None "
            f"(or 'end') to play to the end of the hand, not {shorten(depth)}"
        )
    if time is not None:
        if isinstance(time, bool) or not isinstance(time, (int, float)) or not 0 < time <= 60:
            raise ValueError(
                f"time must be a number of seconds per decision (above 0, at most 60) or None, "
                f"not {shorten(time)}"
            )
        time = float(time)
    return samples, depth, time
