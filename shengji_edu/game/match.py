"""A match: hands one after another until a team wins a hand as dealer on the top rung
(level A, RULES §7; K in the 5-10-K rooms, §12.1).

The match owns one seeded ``random.Random``; each hand gets its own seed drawn from it, so a
single hand can be saved, replayed or studied on its own, and the whole match is still
reproduced by the match seed alone. Every hand is played under the match's
:class:`~shengji_edu.rules.RuleSet`, so the settlement table, the ladder the teams climb
(:func:`~shengji_edu.ladders.level_ladder`), the cap at its top rung and the next dealer all
come from the rules, for one, two or three decks alike. Both teams start on ``start_level``,
by default the ladder's first rung (2, or 5 in the 5-10-K rooms).

After a draw of the 45-point game (RULES §12.10) there is no dealer: the next hand is played
like a first hand, each seat declaring with its own team's level.

Refusals carry a :class:`~shengji_edu.i18n.Message`: ``str(exc)`` is English, and a front end
shows ``render(exc, "zh")``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import parse_rank, rank_text, shorten
from ..i18n import message
from ..ladders import level_ladder
from ..rules import RuleSet
from .errors import WrongPhase
from .round import MAX_SEED, Round, team_of
from .table import play_round

if TYPE_CHECKING:
    from ..players.base import Player

MAX_HANDS = 500
"""A guard against a runaway loop; real matches between sensible players take ~10–40 hands."""


class Match:
    """Levels, dealer and the finished hands of one match."""

    def __init__(
        self,
        seed: int,
        rules: RuleSet = RuleSet(),
        start_level: int | str | None = None,
        max_hands: int = MAX_HANDS,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
            raise ValueError(
                message(
                    "the match seed must be a whole number between -2**64 and 2**64, not {value}",
                    value=shorten(seed),
                )
            )
        if not isinstance(rules, RuleSet):
            raise ValueError(message("rules must be a RuleSet, not {value}", value=shorten(rules)))
        if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
            raise ValueError(
                message(
                    "max_hands must be a whole number, at least 1, not {value}",
                    value=shorten(max_hands),
                )
            )
        self.seed = seed
        self.rules = rules
        self.max_hands = max_hands
        self.rng = random.Random(seed)
        ladder = level_ladder(rules)
        if start_level is None:
            start_level = ladder[0]
        try:
            rank = parse_rank(start_level)
        except ValueError:
            rank = None
        if rank not in ladder:
            raise ValueError(
                message(
                    "the start level {value} is not on the {ladder} ladder: its levels are {rungs}",
                    value=shorten(start_level),
                    ladder=rules.levels,
                    rungs=", ".join(rank_text(rung) for rung in ladder),
                )
            )
        self.start_level = rank
        self.levels: tuple[int, int] = (self.start_level, self.start_level)
        self.dealer: int | None = None
        self.rounds: list[Round] = []
        self.winner: int | None = None
        """The winning team (0 or 1) once the match is over."""
        self._scored = 0

    @property
    def over(self) -> bool:
        return self.winner is not None or len(self.rounds) >= self.max_hands

    def new_round(self) -> Round:
        """The next hand, at the current levels with the current dealer (None: a first hand,
        also after a draw)."""
        if self.over:
            raise WrongPhase(message("the match is over: start a new Match"))
        if self._scored < len(self.rounds):
            raise WrongPhase(message("finish the current hand before dealing the next one"))
        round_ = Round(self.rng.getrandbits(32), self.rules, self.levels, self.dealer)
        self.rounds.append(round_)
        return round_

    def hand_finished(self, round_: Round) -> None:
        """Take a finished hand's result: new levels, next dealer, maybe a winner."""
        result = round_.result if isinstance(round_, Round) else None
        if (
            result is None
            or not self.rounds
            or round_ is not self.rounds[-1]
            or self._scored == len(self.rounds)
        ):
            raise WrongPhase(
                message("only the current, finished hand can be scored, and only once")
            )
        self._scored += 1
        self.levels = result.levels_after
        self.dealer = result.next_dealer
        if result.match_won:
            self.winner = team_of(result.dealer)

    def play(self, players: Sequence[Player]) -> Match:
        """Play hands with four computer players until the match is over."""
        while not self.over:
            round_ = self.new_round()
            play_round(round_, players)
            self.hand_finished(round_)
        return self


def play_match(players: Sequence[Player], seed: int, rules: RuleSet = RuleSet()) -> Match:
    """Play a whole match with four computer players."""
    return Match(seed, rules).play(players)
