"""A PettingZoo AEC environment of a whole hand of Shengji, under any RuleSet.

Four agents, ``seat_0`` .. ``seat_3`` (teams 0/2 and 1/3), take turns as the engine asks
them, exactly as :class:`~shengji_edu.game.table.Table` asks computer players: during the
deal, after each card, every seat that could declare (in play order from the one who got
the card), then once more after the last card; in the after-deal auctions the bidder whose
turn it is; the kitty's holder buries; with ``overcall_after_bury`` (RULES §11.3) each seat
with a legal overcall is asked in the overcall round; then every lead and follow. Returning
cards under ``bidding="report"`` (RULES §12.5) is not a decision here: the weakest legal
return is given, as the table does for a player without a ``give`` method.

Each decision is made card by card with ``Discrete(55)`` and an exact mask
(:mod:`shengji_edu.rl.choosing`); the observation is ``{"observation": vector,
"action_mask": mask}`` (:mod:`shengji_edu.rl.encoding`); the mask is all zeros for a seat
whose turn it is not. The agents move only the engine: the rules are the engine's, which
checks every decision again.

Rewards come at the end of the hand, zero-sum between the teams: ``reward="levels"`` (the
default) is the team's rungs gained minus the other team's; ``"points"``: the defenders'
points over the deck's total (the dealers get the negative); ``"win"``: +1 for the team that
deals next, -1 for the other. ``reset(seed=...)`` gives the same deal and the same
generators for every seat (``view.rng``); ``declaring=False`` plays the arena's duplicate
setup instead (the dealer, level and trump of :func:`~shengji_edu.arena.deal_setup`, nobody
declares), the quick way to learn only the play.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..cards import Card
from ..game.round import AUCTION, DEALING, FINISHED, KITTY, OVERCALL, PLAYING, RETURNS, Round
from ..ladders import level_ladder
from ..reporting import weakest_return
from ..rules import RuleSet
from .choosing import BURY, DECLARE, FOLLOW, LEAD, N_ACTIONS, Choice, IllegalAction
from .choosing import OVERCALL as OVERCALL_KIND
from .encoding import HIGH, SIZE, encode

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")
REWARDS = ("levels", "points", "win")
_ORDER = tuple(tuple((first + i) % 4 for i in range(4)) for first in range(4))

Request = tuple[int, str]
"""(seat, kind): a decision the engine waits for."""


def drive(rnd: Round) -> Generator[Request, Sequence[Card] | None, None]:
    """The hand as a generator: yields each decision ``(seat, kind)`` and is sent the cards
    chosen (``None`` or ``[]`` to pass a declaration or overcall). The order of questions is
    :class:`~shengji_edu.game.table.Table`'s, so a hand driven by the same decisions ends
    the same."""
    total = rnd.rules.dealt_cards
    while rnd.phase == DEALING:
        if rnd.dealt < total:
            receiver = rnd.next_receiver
            rnd.deal_next()
            yield from _declaration_round(rnd, receiver)
        else:
            if rnd.rules.bidding == "during_deal":
                yield from _declaration_round(rnd, (rnd.first_receiver() + total - 1) % 4)
            rnd.finish_deal()
    while rnd.phase != FINISHED:
        phase, seat = rnd.phase, rnd.turn
        if phase == PLAYING:
            cards = yield (seat, LEAD if rnd.lead is None else FOLLOW)
            rnd.play(seat, cards)
        elif phase == AUCTION:
            cards = (yield (seat, DECLARE)) if rnd.legal_declarations(seat) else None
            if cards:
                rnd.declare(seat, cards)
            else:
                rnd.pass_bid(seat)
        elif phase == KITTY:
            rnd.bury(seat, (yield (seat, BURY)))
        elif phase == RETURNS:
            view = rnd.view(seat)
            owed = rnd.reported_cards(rnd.returns_due[0])
            rnd.give(seat, weakest_return(view.hand, owed, view.trump.strength))
        elif phase == OVERCALL:
            cards = (yield (seat, OVERCALL_KIND)) if rnd.legal_overcalls(seat) else None
            if cards:
                rnd.overcall(seat, cards)
            else:
                rnd.pass_overcall(seat)
        else:  # pragma: no cover - the engine has no other phase
            raise RuntimeError(f"unexpected phase {phase}")


def _declaration_round(rnd: Round, first: int) -> Generator[Request, Any, None]:
    declaring = rnd.declaring_seats
    if not declaring:
        return
    for seat in _ORDER[first]:
        if seat in declaring and rnd.may_declare(seat):
            cards = yield (seat, DECLARE)
            if cards:
                rnd.declare(seat, cards)
                declaring = rnd.declaring_seats


class ShengjiEnv(AECEnv):
    """One hand of Shengji for four agents (see the module docstring).

    ``rules``: any :class:`~shengji_edu.rules.RuleSet`; ``reward``: one of :data:`REWARDS`;
    ``levels`` and ``dealer``: the hand's start (by default a match's first hand, both teams
    on the ladder's first rung);
    ``declaring=False``: the arena's setup, trump fixed, no declaring."""

    metadata = {"name": "shengji_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: RuleSet = RuleSet(),
        reward: str = "levels",
        levels: Sequence[int] | None = None,
        dealer: int | None = None,
        declaring: bool = True,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(rules, RuleSet):
            raise ValueError(f"rules must be a RuleSet, e.g. RuleSet(decks=3), not {rules!r}")
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}: use one of {', '.join(REWARDS)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if levels is None:  # a match's first hand: both teams on the ladder's first rung
            levels = (level_ladder(rules)[0],) * 2
        Round(0, rules, levels, dealer)  # the engine's own errors for bad levels or dealer
        self.rules, self.reward_kind = rules, reward
        self.levels, self.dealer, self.declaring = tuple(levels), dealer, bool(declaring)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-HIGH, HIGH, (SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(N_ACTIONS)
        self._seeds = random.Random()
        self.round: Round | None = None
        self.choice: Choice | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # --- the hand -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new hand: ``seed`` fixes the deal and the seats' generators; without one the
        next seed comes from the last seed given (so a seeded run of resets repeats)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        deal_seed = self._seeds.getrandbits(63)
        if self.declaring:
            rnd = Round(deal_seed, self.rules, self.levels, self.dealer)
        else:
            from ..arena import deal_setup

            setup = deal_setup(deal_seed, self._seeds, self.rules)
            trump = self.rules.trump(setup.level, setup.trump_suit)
            level = (setup.level, setup.level)
            rnd = Round(setup.seed, self.rules, level, setup.dealer, fixed_trump=trump)
        self.round = rnd
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._driver = drive(rnd)
        self._advance(None, first=True)

    def _advance(self, cards: Sequence[Card] | None, first: bool = False) -> None:
        """Send the decision to the engine and wait for the next question."""
        try:
            seat, kind = next(self._driver) if first else self._driver.send(cards)
        except StopIteration:
            self.choice = None
            self._finish()
            return
        self.choice = Choice(kind, self.round.view(seat))
        self.agent_selection = AGENTS[seat]
        for agent in AGENTS:
            self.infos[agent] = {"decision": kind if agent == self.agent_selection else None}

    def _finish(self) -> None:
        result = self.round.result
        ladder = level_ladder(self.rules)
        gain = [
            ladder.index(result.levels_after[t]) - ladder.index(result.levels_before[t])
            for t in (0, 1)
        ]
        if self.reward_kind == "levels":
            team_reward = [float(gain[0] - gain[1]), float(gain[1] - gain[0])]
        elif self.reward_kind == "win":
            team_reward = [1.0 if result.winning_team == t else -1.0 for t in (0, 1)]
        else:
            share = result.defender_points / self.rules.total_points
            dealers = result.dealer % 2
            team_reward = [-share if t == dealers else share for t in (0, 1)]
        for seat, agent in enumerate(AGENTS):
            self.rewards[agent] = team_reward[seat % 2]
            self.terminations[agent] = True
            self.infos[agent] = {"decision": None, "result": result}

    def step(self, action: int | None) -> None:
        """One card of the decision being made, or ``DONE`` (54) to submit it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.choice.add(action):
            self._advance(list(self.choice.chosen))
        self._accumulate_rewards()

    def decide(self, cards: Sequence[Card] | None) -> None:
        """Make the whole decision at once (an opponent's, in the single-agent wrapper):
        ``cards`` must be a legal decision (``None`` or ``[]`` passes a declaration)."""
        choice = self.choice
        if choice is None:
            raise IllegalAction("the hand is over: reset() for a new one")
        cards = list(cards or [])
        if not choice.is_legal(cards):
            raise IllegalAction(
                f"{' '.join(c.text for c in cards) or 'a pass'} is not a legal {choice.kind}"
            )
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        self._advance(cards)
        self._accumulate_rewards()

    # --- what an agent sees -----------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = AGENTS.index(agent)
        choice = self.choice
        mine = choice is not None and agent == self.agent_selection
        observation = encode(
            self.round.view(seat),
            choice.kind if mine else None,
            choice.chosen if mine else (),
        )
        mask = choice.mask() if mine else np.zeros(N_ACTIONS, dtype=np.int8)
        return {"observation": observation, "action_mask": mask.copy()}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from ..render.text import result_text, trick_text, trump_text

        rnd = self.round
        lines = [f"phase {rnd.phase}, dealt {rnd.dealt}"]
        if rnd.trump is not None:
            lines.append(trump_text(rnd))
        if rnd.current_trick:
            lines.append(trick_text(rnd.current_trick))
        if rnd.result is not None:
            lines.append(result_text(rnd.result, rnd.kitty))
        if self.choice is not None:
            chosen = " ".join(c.text for c in self.choice.chosen) or "nothing yet"
            lines.append(f"{self.agent_selection} to {self.choice.kind}: chosen {chosen}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(**options: Any) -> ShengjiEnv:
    """The environment, PettingZoo's usual way: ``shengji_edu.rl.env(rules=RuleSet(decks=3))``."""
    return ShengjiEnv(**options)
