"""The player protocol and the read-only view of the game a player decides from.

A player is asked three things, each with a :class:`PlayerView` of the game:

* ``declare(view)`` – during the deal (or the auction), when it could declare: return the
  cards to show, or ``None`` to pass. ``view.legal_declarations`` lists the options.
* ``bury(view)`` – as dealer, after taking the kitty: return the 8 cards to bury.
* ``play(view)`` – lead (``view.lead is None``) or follow: return the cards to play.

The view shows only what that player may know: its own hand, every card played so far, the
trump, the running trick, who has shown a void in which suit, the points, and the kitty only
if it buried it. It never shows another player's hand, so a player cannot cheat by accident.
Randomness comes from ``view.rng``, the game's own seeded ``random.Random``, so a game is
reproduced card for card by its seed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..cards import Card
from ..follow import check_follow
from ..tricks import check_lead
from ..trump import Trump
from ..verdict import Verdict

if TYPE_CHECKING:
    from ..game.round import Round, Trick


class PlayerView:
    """What seat ``seat`` can see of ``round`` right now (read-only, copies only)."""

    __slots__ = ("_round", "seat")

    def __init__(self, round_: Round, seat: int) -> None:
        self._round = round_
        self.seat = seat

    @property
    def hand(self) -> tuple[Card, ...]:
        """This player's cards (during the deal: the cards received so far)."""
        return self._round.hand(self.seat)

    @property
    def rng(self) -> random.Random:
        return self._round.rng

    @property
    def phase(self) -> str:
        return self._round.phase

    @property
    def trump(self) -> Trump | None:
        return self._round.trump

    @property
    def level_rank(self) -> int:
        return self._round.level_rank

    @property
    def levels(self) -> tuple[int, int]:
        return self._round.levels

    @property
    def dealer(self) -> int | None:
        return self._round.dealer

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def is_dealer_team(self) -> bool:
        return self._round.is_dealer_team(self.seat)

    @property
    def standing_declaration(self):
        return self._round.standing_declaration

    @property
    def declarations(self):
        return self._round.declarations

    @property
    def legal_declarations(self) -> list[list[Card]]:
        return self._round.legal_declarations(self.seat)

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """Cards led in the running trick; ``None`` when this player is to lead."""
        return self._round.lead

    @property
    def current_trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        return self._round.current_trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self._round.tricks

    @property
    def played_cards(self) -> tuple[Card, ...]:
        return self._round.played_cards

    @property
    def defender_points(self) -> int:
        return self._round.defender_points

    @property
    def buried(self) -> tuple[Card, ...]:
        """The kitty this player buried (empty unless it is the dealer)."""
        if self._round.dealer == self.seat and self._round.phase in ("playing", "finished"):
            return self._round.kitty
        return ()

    def voids(self, seat: int) -> frozenset[str]:
        """Effective suits ``seat`` has shown it is out of."""
        return self._round.voids(seat)

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(self._round.hand(s)) for s in range(4))

    def what_if(self, hands: list[list[Card]], buried: list[Card], seed: int) -> Round:
        """A playable copy of the hand in which the other players hold ``hands`` (a guess).

        This player's own hand must be unchanged in the guess. The copy knows nothing but
        the guess, so searching in it is fair play.
        """
        if sorted(hands[self.seat]) != sorted(self.hand):
            raise ValueError("a guess must leave this player's own hand as it is")
        return self._round.what_if(hands, buried, seed)

    def check_bury(self, cards: list[Card]) -> str:
        """Why burying ``cards`` would be refused ("" if it would be accepted)."""
        from ..game.errors import IllegalAction

        try:
            self._round.check_bury(self.seat, cards)
        except IllegalAction as exc:
            return str(exc)
        return ""

    def check(self, cards: list[Card]) -> Verdict:
        """Would this lead or follow be accepted? (Throws are checked only when played.)"""
        trump = self.trump
        if trump is None:
            return Verdict(False, "the trump is not fixed yet")
        lead = self.lead
        if lead is None:
            return check_lead(self.hand, cards, trump)
        return check_follow(self.hand, lead, cards, trump)


@runtime_checkable
class Player(Protocol):
    """Anything with a ``name`` and the three decisions is a player."""

    name: str

    def declare(self, view: PlayerView) -> list[Card] | None: ...

    def bury(self, view: PlayerView) -> list[Card]: ...

    def play(self, view: PlayerView) -> list[Card]: ...
