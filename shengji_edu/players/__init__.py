"""Players: the protocol and its read-only view, and the computer (and human) players."""

from __future__ import annotations

from .base import Player, PlayerView
from .greedy import GreedyPlayer
from .montecarlo import MonteCarloPlayer
from .random_player import RandomPlayer

PLAYER_TYPES: dict[str, type] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "montecarlo": MonteCarloPlayer,
}
"""Computer players by the name the command line, the arena and the widget use."""


def make_player(name: str, **options) -> Player:
    """A computer player by name, e.g. ``make_player("random")``."""
    try:
        kind = PLAYER_TYPES[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown player {name!r}: choose one of {', '.join(PLAYER_TYPES)}"
        ) from None
    return kind(**options)


__all__ = [
    "PLAYER_TYPES",
    "GreedyPlayer",
    "MonteCarloPlayer",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "make_player",
]
