"""RandomPlayer: the baseline every other player is measured against.

It knows the rules but not the game: it leads a random unit (single, pair or tractor), now
and then a random throw, follows with a random legal play, declares when it happens to be
able to, and buries 8 random cards. Following uses :func:`random_follow`, which builds one
legal play directly: a hand void in the led suit facing an 8-card throw has about a million
legal plays, far too many to list and pick from.
"""

from __future__ import annotations

from ..cards import Card
from ..follow import random_follow
from ..units import decompose
from .base import PlayerView


class RandomPlayer:
    """Uniformly clueless, never illegal. ``throw_rate``: how often a lead is a throw."""

    def __init__(self, name: str = "random", throw_rate: float = 0.1, declare_rate: float = 0.5):
        self.name = name
        self.throw_rate = throw_rate
        self.declare_rate = declare_rate

    def declare(self, view: PlayerView) -> list[Card] | None:
        options = view.legal_declarations
        if options and view.rng.random() < self.declare_rate:
            return view.rng.choice(options)
        return None

    def bury(self, view: PlayerView) -> list[Card]:
        return view.rng.sample(list(view.hand), 8)

    def play(self, view: PlayerView) -> list[Card]:
        trump = view.trump
        assert trump is not None
        rng = view.rng
        if view.lead is not None:
            return random_follow(view.hand, view.lead, trump, rng)
        units = decompose(view.hand, trump)
        if rng.random() < self.throw_rate:
            by_suit: dict[str, list] = {}
            for unit in units:
                by_suit.setdefault(unit.suit, []).append(unit)
            throwable = [group for group in by_suit.values() if len(group) >= 2]
            if throwable:
                group = rng.choice(throwable)
                chosen = rng.sample(group, rng.randint(2, min(4, len(group))))
                return [card for unit in chosen for card in unit.cards]
        return list(rng.choice(units).cards)
