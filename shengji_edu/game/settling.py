"""Settling: the result of a :class:`Round` after its last trick (RULES §7).

The defenders' total is their trick points, plus the kitty (buried last, whoever buried
it) multiplied as §7 and §11.4 say when they win the last trick, plus the throw penalties
kept apart during play (RULES §4). The levels move by ``rules.settlement_step``.
"""

from __future__ import annotations

from ..cards import format_cards
from ..scoring import kitty_multiplier, settle, trick_points
from . import events as ev
from .public import FINISHED, HandResult, next_seat, team_of

ACE = 14
"""The top level: a team that wins a hand as dealers at level A wins the match."""


class Settling:
    """:class:`~shengji_edu.game.round.Round`'s settlement (the state is the round's)."""

    def _settle(self) -> None:
        trump = self._trump
        dealer = self._dealer
        assert trump is not None and dealer is not None
        last = self._tricks[-1]
        kitty_points = trick_points(self._buried)
        multiplier = kitty_multiplier(last.lead, trump, self.rules)
        kitty_won = 0 if self.is_dealer_team(last.winner) else kitty_points * multiplier
        total = self._points + kitty_won + self._penalty
        settlement = settle(total, self.rules)
        dealer_team = team_of(dealer)
        levels = list(self._levels)
        levels[dealer_team] = min(ACE, levels[dealer_team] + settlement.dealer_levels)
        levels[1 - dealer_team] = min(ACE, levels[1 - dealer_team] + settlement.defender_levels)
        if settlement.defenders_take_deal:
            next_dealer, winning_team = next_seat(dealer), 1 - dealer_team
        else:
            next_dealer, winning_team = (dealer + 2) % 4, dealer_team
        match_won = not settlement.defenders_take_deal and self.level_rank == ACE
        self._result = HandResult(
            trick_points=self._points,
            kitty_points=kitty_won,
            kitty_multiplier=multiplier,
            penalty=self._penalty,
            defender_points=total,
            settlement=settlement,
            levels_before=self._levels,
            levels_after=(levels[0], levels[1]),
            dealer=dealer,
            next_dealer=next_dealer,
            winning_team=winning_team,
            match_won=match_won,
        )
        self._phase = FINISHED
        self._turn = None
        self._events.append(
            ev.Event(
                ev.SETTLE,
                dealer,
                {
                    "defender_points": total,
                    "kitty": format_cards(self._buried),
                    "kitty_points": kitty_won,
                    "multiplier": multiplier,
                    "penalty": self._penalty,
                    "dealer_levels": settlement.dealer_levels,
                    "defender_levels": settlement.defender_levels,
                    "levels_after": levels,
                    "next_dealer": next_dealer,
                    "match_won": match_won,
                },
            )
        )
