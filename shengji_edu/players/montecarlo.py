"""MonteCarloPlayer: guess the hidden cards many times, play each option out, keep the best.

This is *determinization*, the simplest search that works for card games with hidden
cards:

1. ``view.sample_hands`` (:func:`sample_world` here) deals the cards this player has not
   seen to the other hands (and to the kitty, unless it buried the kitty itself),
   respecting everything it knows: how many cards each player holds and which suits each
   has shown it is out of. ``view.what_if`` turns the guess into a world to play in, built
   from the table's public record and the guess alone.
2. For each candidate play (:func:`candidate_plays`: the greedy choice and a few
   alternatives), the hand is played to the end in that world by greedy players.
3. The candidate with the best average result for this player's team wins.

``budget`` counts sampled worlds, not seconds, so a decision depends only on the game's
seed, never on how fast the machine is. Declaring, overcalling and burying are left to the
greedy rules. The sampling knows the variant from the view: every card exists
``rules.decks`` times, the kitty holds ``rules.kitty_size`` cards, and after an overcall
only the seat that buried last knows the kitty.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Card
from ..game.view import PlayerView
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

DEFAULT_BUDGET = 12
"""Worlds sampled per decision. With the default horizon the median decision stays well
under 0.25 s on a 2-core machine (benchmarks/benchmark.py measures it)."""

DEFAULT_HORIZON = 3
"""Tricks played out after the current one (0: to the end of the hand). Short rollouts are
cheaper, so more worlds fit in the same time, and they proved stronger: over 30 duplicate
deals against greedy (seed 11), budget 6 to the end won 53% of hands, budget 12 with
horizon 3 won 72%, budget 20 with horizon 2 won 68%."""

MAX_CANDIDATES = 5


def sample_world(view: PlayerView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """One guess of every hand (and of the kitty) consistent with what this player knows.

    The sampling lives with the view now (:meth:`PlayerView.sample_hands`); this name is
    kept for lesson 8, which shows the guess before playing it.
    """
    return view.sample_hands(rng)


def candidate_plays(view: PlayerView, greedy_choice: list[Card]) -> list[list[Card]]:
    """A few sensible plays to compare: the greedy choice first, then distinct alternatives."""
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
        counts = Counter(view.hand)
        wins = winning_test(view)
        winners = [p for p in plays if wins(p)]
        options.append(cheapest(plays, view))
        if winners:
            options.append(cheapest(winners, view))
            options.append(max(winners, key=lambda p: play_cost(p, counts, trump)))
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


class MonteCarloPlayer:
    """Determinization search over greedy rollouts; ``budget`` = worlds per decision."""

    def __init__(
        self, name: str = "montecarlo", budget: int = DEFAULT_BUDGET, horizon: int = DEFAULT_HORIZON
    ) -> None:
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError(
                f"budget must be a whole number of sampled worlds, at least 1, not {budget!r}"
            )
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
            raise ValueError(
                f"horizon must be 0 (play to the end) or a whole number of tricks, not {horizon!r}"
            )
        self.name = check_name(name)
        self.budget = budget
        self.horizon = horizon
        self.greedy = GreedyPlayer()

    def declare(self, view: PlayerView) -> list[Card] | None:
        return declare_good_suit(view)

    def overcall(self, view: PlayerView) -> list[Card] | None:
        return overcall_good_suit(view)

    def bury(self, view: PlayerView) -> list[Card]:
        return bury_low_cards(view)

    def play(self, view: PlayerView) -> list[Card]:
        choice = self.greedy.play(view)
        options = candidate_plays(view, choice)
        if len(options) == 1:
            return options[0]
        rng = random.Random(view.rng.getrandbits(64))
        totals = [0] * len(options)
        for _ in range(self.budget):
            hands, buried = view.sample_hands(rng)
            seed = rng.getrandbits(32)
            for index, play in enumerate(options):
                totals[index] += team_score(self._play_out(view, hands, buried, seed, play), view)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))  # ties: earlier option
        return options[best]

    def _play_out(self, view: PlayerView, hands, buried, seed: int, play: list[Card]) -> int:
        from ..game.table import Table, play_round

        world = view.what_if(hands, buried, seed)
        world.play(view.seat, play)
        rollout = [self.greedy] * 4
        if not self.horizon:
            play_round(world, rollout)
            assert world.result is not None
            return world.result.defender_points
        table = Table(world, rollout)
        stop = len(world.tricks) + self.horizon + (1 if world.current_trick else 0)
        while world.result is None and len(world.tricks) < stop:
            table.step()
        if world.result is not None:
            return world.result.defender_points
        return world.defender_points + world.penalty
