"""A Gymnasium single-agent view of the hand: one seat learns, the other three are opponents.

Opponents are package players (a name for :func:`~shengji_edu.players.make_player`, or a
player object: ``declare``, ``bury``, ``play`` and optionally ``overcall``), or functions
``f(view, kind) -> cards`` (``kind`` one of ``declare``, ``overcall``, ``bury``, ``lead``,
``follow``; ``None`` passes a declaration). Their decisions are made whole and checked by the
engine; the learner chooses card by card as in :class:`~shengji_edu.rl.env.ShengjiEnv`. The
reward comes at the end of the hand (the environment's ``reward``); ``reset(seed=...)``
repeats the deal and the opponents' choices (their generators are the seats' own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym

from ..cards import Card
from ..game.view import PlayerView
from ..players import make_player
from .choosing import BURY, DECLARE, OVERCALL
from .env import AGENTS, ShengjiEnv

Opponent = str | Any | Callable[[PlayerView, str], Sequence[Card] | None]


def as_decider(opponent: Opponent) -> Callable[[PlayerView, str], Sequence[Card] | None]:
    """A function ``f(view, kind) -> cards`` for a player name, player object or function."""
    if isinstance(opponent, str):
        opponent = make_player(opponent)
    if all(callable(getattr(opponent, m, None)) for m in ("declare", "bury", "play")):
        player = opponent

        def decide(view: PlayerView, kind: str) -> Sequence[Card] | None:
            if kind == DECLARE:
                return player.declare(view)
            if kind == OVERCALL:
                ask = getattr(player, "overcall", None)
                return ask(view) if callable(ask) else None
            if kind == BURY:
                return player.bury(view)
            return player.play(view)

        return decide
    if callable(opponent):
        return opponent
    raise ValueError(
        f"an opponent is a player's name, a player (declare, bury, play) or a function "
        f"f(view, kind) -> cards, not {opponent!r}"
    )


class SingleSeatEnv(gym.Env):
    """Seat ``seat`` learns against three opponents (one spec for all, or one per other seat
    in seat order). Other options go to :class:`ShengjiEnv`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self, seat: int = 0, opponents: Opponent | Sequence[Opponent] = "greedy", **options: Any
    ) -> None:
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"seat is 0, 1, 2 or 3, not {seat!r}")
        self.env = ShengjiEnv(**options)
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != 3:
                raise ValueError(f"give one opponent or three, not {len(opponents)}")
            specs = list(opponents)
        else:
            specs = [opponents] * 3
        others = [s for s in range(4) if s != seat]
        self.deciders = {s: as_decider(spec) for s, spec in zip(others, specs, strict=True)}
        self.seat, self.agent = seat, AGENTS[seat]
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self.render_mode = options.get("render_mode")

    def _play_others(self) -> None:
        env = self.env
        while env.choice is not None and env.agent_selection != self.agent:
            seat = AGENTS.index(env.agent_selection)
            env.decide(self.deciders[seat](env.choice.view, env.choice.kind))

    def _answer(self) -> tuple[dict, float, bool, bool, dict]:
        env = self.env
        done = env.choice is None
        reward = env.rewards[self.agent] if done else 0.0
        return env.observe(self.agent), reward, done, False, dict(env.infos[self.agent])

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        self._play_others()
        observation, _, _, _, info = self._answer()
        return observation, info

    def step(self, action: int):
        self.env.step(action)
        self._play_others()
        return self._answer()

    def render(self) -> str | None:
        return self.env.render()
