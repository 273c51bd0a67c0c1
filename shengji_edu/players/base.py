"""The player protocol, and the view of the game a player decides from.

A player is asked three things, each with a :class:`~shengji_edu.game.view.PlayerView`:

* ``declare(view)`` – during the deal (or the auction), when it could declare: return the
  cards to show, or ``None`` to pass. ``view.legal_declarations`` lists the options.
* ``bury(view)`` – as dealer, after taking the kitty: return the 8 cards to bury.
* ``play(view)`` – lead (``view.lead is None``) or follow: return the cards to play.

The view shows only what that player may know: its own hand, every card played so far, the
trump, the running trick, who has shown a void in which suit, the points, how many cards
each player holds, and the kitty only if it buried it. Randomness comes from ``view.rng``,
the seat's *own* generator, derived from the game's seed and the seat (RULES §9): a game is
reproduced card for card by its seed, and nothing a player does with its generator
(drawing, reseeding, rewinding) changes the deal, the game's generator or another player.
Search players get worlds to play out from ``view.sample_world(rng)`` (or
``view.what_if(hands, buried, seed)`` with a guess of their own).

What is guaranteed, plainly: no path through the public API and no attribute of the view
(nor of anything it returns) leads to hidden information — the seed, the deck, the
original kitty, another hand, the game's generator or the engine's ``Round`` — and nothing
it returns can be written back into the game. A Python player running *in the same
process* can still dig through ``gc`` or stack frames to the engine: that is Python, and no
API can prevent it. The strong guarantee, untrusted players in their own processes given
only ``view.to_data()``, belongs to the tournament.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..cards import Card
from ..game.view import PlayerView


@runtime_checkable
class Player(Protocol):
    """Anything with a ``name`` and the three decisions is a player."""

    name: str

    def declare(self, view: PlayerView) -> list[Card] | None: ...

    def bury(self, view: PlayerView) -> list[Card]: ...

    def play(self, view: PlayerView) -> list[Card]: ...


__all__ = ["Player", "PlayerView"]
