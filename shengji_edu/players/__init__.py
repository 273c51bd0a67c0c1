"""Players: the protocol and its read-only view, and the computer (and human) players."""

from __future__ import annotations

import inspect

from ..cards import shorten
from .base import Overcaller, Player, PlayerView
from .expert import ExpertPlayer
from .greedy import GreedyPlayer
from .learned import LearnedPlayer
from .montecarlo import MonteCarloPlayer
from .random_player import RandomPlayer
from .rollout import RolloutPlayer
from .search import SearchPlayer
from .smart import SmartPlayer

PLAYER_TYPES: dict[str, type] = {
    "random": RandomPlayer,
    "greedy": RolloutPlayer,
    "montecarlo": MonteCarloPlayer,
    "search": SearchPlayer,
    "expert": ExpertPlayer,
    "learned": LearnedPlayer,
    "smart": SmartPlayer,
}
"""Computer players by the name the command line, the arena and the widget use.

``"greedy"`` is :class:`RolloutPlayer`: the plays of the readable :class:`GreedyPlayer`
(lesson 08), worked out faster, as the search players' rollouts need; the tests compare the
two at every decision of seeded hands. ``GreedyPlayer()`` plays the same game, more slowly.
``"learned"`` scores the search player's candidates with weights learned by imitation
(lesson 13, ``results/learned_weights.json``), without searching."""


PLAYER_ALIASES: dict[str, str] = {"ai": "search"}
"""Other names of computer players. ``"ai"`` is the strongest player that decides within
about a second (the search player: about 30 ms a decision, results/README.md), so a person
who asks for "the AI" gets the best the package has at a playable speed."""


def make_player(name: str, **options) -> Player:
    """A computer player by name, e.g. ``make_player("montecarlo", budget=4)``.
    ``make_player("greedy")`` is a :class:`RolloutPlayer` (see :data:`PLAYER_TYPES`).

    An unknown name or option, or an option of the wrong type, is a ``ValueError`` naming
    it and saying what is accepted (never a ``TypeError`` from deep inside a constructor).
    """
    if not isinstance(name, str):
        raise ValueError(f"a player's name is text such as 'greedy', not {shorten(name)}")
    try:
        key = name.strip().lower()
        kind = PLAYER_TYPES[PLAYER_ALIASES.get(key, key)]
    except KeyError:
        raise ValueError(
            f"unknown player {shorten(name)!r}: choose one of "
            f"{', '.join([*PLAYER_TYPES, *PLAYER_ALIASES])}"
        ) from None
    accepted = [
        p.name
        for p in inspect.signature(kind).parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    for option in options:
        if option not in accepted:
            raise ValueError(
                f"unknown option {shorten(option)!r} for player {name.strip().lower()!r}: "
                f"its options are {', '.join(accepted)}"
            )
    return kind(**options)


__all__ = [
    "PLAYER_ALIASES",
    "PLAYER_TYPES",
    "ExpertPlayer",
    "GreedyPlayer",
    "LearnedPlayer",
    "MonteCarloPlayer",
    "Overcaller",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "RolloutPlayer",
    "SearchPlayer",
    "SmartPlayer",
    "make_player",
]
