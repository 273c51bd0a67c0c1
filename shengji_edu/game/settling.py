"""Settling: the result of a :class:`Round` after its last trick (RULES §7, §12.1, §12.9–§12.12).

The defenders' total is their trick points, plus the kitty (buried last, whoever buried
it) multiplied as §7, §11.4 and §12.8 say when they win the last trick, plus the throw
penalties kept apart during play (RULES §4). :func:`~shengji_edu.scoring.settle` turns it into
levels by the rules' settlement table (§12.9), and each team climbs its ladder
(:func:`~shengji_edu.ladders.climb`, §12.1): never past the top rung, and a team wins the
match by winning a hand as dealers on the top rung (A; K in the 5-10-K rooms).

The 45-point game (``settlement="forty_five"``, RULES §12.10) counts otherwise: the tricks
the defenders won except the last one, plus the penalties; the kitty never counts (the result
says so with a multiplier of 0 and ``trick_points`` without the last trick) and the last
trick's winner is part of the settlement. A draw there leaves the levels as they were and
names no next dealer and no winning team (``None``): the match plays the next hand like a
first hand.

Wearing the A (``wear_ace``, RULES §12.12): a hand played at A wins the match for the dealer
team only if it keeps the deal and wears the A (:func:`~shengji_edu.scoring.ace_worn`); a kept
deal without it leaves the team at A, the partner dealing next.
"""

from __future__ import annotations

from ..cards import format_cards
from ..ladders import climb, top_rung
from ..scoring import ace_worn, kitty_multiplier, settle, trick_points
from . import events as ev
from .public import FINISHED, HandResult, next_seat, team_of

ACE = 14
"""The top level of the standard ladder (RULES §7); the rules' own top rung is
:func:`~shengji_edu.ladders.top_rung`."""


class Settling:
    """:class:`~shengji_edu.game.round.Round`'s settlement (the state is the round's)."""

    __slots__ = ()  # the state is the round's (Round.__slots__)

    def _settle(self) -> None:
        trump = self._trump
        dealer = self._dealer
        rules = self.rules
        assert trump is not None and dealer is not None
        last = self._tricks[-1]
        defenders_won_last = not self.is_dealer_team(last.winner)
        if rules.settlement == "forty_five":  # RULES §12.10: the last trick is not counted
            points = self._points - (last.points if defenders_won_last else 0)
            multiplier = kitty_won = 0
            total = points + self._penalty
            settlement = settle(total, rules, won_last_trick=defenders_won_last)
        else:
            points = self._points
            kitty_points = trick_points(self._buried)
            multiplier = kitty_multiplier(last.lead, trump, rules)
            kitty_won = kitty_points * multiplier if defenders_won_last else 0
            total = points + kitty_won + self._penalty
            settlement = settle(total, rules)
        dealer_team = team_of(dealer)
        levels = list(self._levels)
        levels[dealer_team] = climb(levels[dealer_team], settlement.dealer_levels, rules)
        levels[1 - dealer_team] = climb(levels[1 - dealer_team], settlement.defender_levels, rules)
        if settlement.draw:
            next_dealer, winning_team = None, None
        elif settlement.defenders_take_deal:
            next_dealer, winning_team = next_seat(dealer), 1 - dealer_team
        else:
            next_dealer, winning_team = (dealer + 2) % 4, dealer_team
        match_won = winning_team == dealer_team and self.level_rank == top_rung(rules)
        if match_won and self._wear_ace_hand:
            match_won = ace_worn(self._tricks[0].lead, last.plays, dealer, trump)
        self._result = HandResult(
            trick_points=points,
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
        data = {
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
        }
        if settlement.draw:
            data["draw"] = True
        self._events.append(ev.Event(ev.SETTLE, dealer, data))
