"""The player protocol, and the view of the game a player decides from.

A player is asked three things, each with a :class:`~shengji_edu.game.view.PlayerView`:

* ``declare(view)`` – during the deal (or the auction), when it could declare: return the
  cards to show, or ``None`` to pass. ``view.legal_declarations`` lists the options.
* ``bury(view)`` – when it holds the kitty (as dealer after taking it, or after an overcall):
  return ``view.rules.kitty_size`` cards to bury (8 with two decks, 6 with one or three).
* ``play(view)`` – lead (``view.lead is None``) or follow: return the cards to play.

and, optionally, a fourth:

* ``overcall(view)`` – with ``RuleSet(overcall_after_bury=True)`` (反主, RULES §11.3), when it
  is asked in the overcall round after a bury and has a legal overcall: return the cards to
  show (one of ``view.legal_overcalls``), or ``None`` to pass. An overcaller then takes the
  kitty into its hand and is asked ``bury(view)``. A player without an ``overcall`` method
  always passes, so players written before overcalling existed play every variant.

During the deal the table asks every seat that could declare after every card. A player
whose ``declare`` answers only from its hand, its legal declarations and the hand's level
(and draws nothing from ``view.rng``) may mark the method with
:func:`~shengji_edu.game.table.answers_from_own_cards`: after it passes, it is asked again
only once it got another card or someone declared (the rollout player does this).

The view shows only what that player may know: its own hand, every card played so far, the
trump, the running trick, who has shown a void in which suit, the points, how many cards
each player holds, every declaration and overcall, and the kitty only if it buried it last.
Randomness comes from ``view.rng``, the seat's *own* generator, derived from the game's
seed and the seat (RULES §9): a game is reproduced card for card by its seed, and nothing a
player does with its generator (drawing, reseeding, rewinding) changes the deal, the game's
generator or another player. Search players get worlds to play out from
``view.sample_world(rng)`` (or ``view.what_if(hands, buried, seed)`` with a guess of their own).

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
from ..game.errors import WrongPhase
from ..game.public import phase_name
from ..game.view import PlayerView
from ..i18n import message
from ..trump import Trump


@runtime_checkable
class Player(Protocol):
    """Anything with a ``name`` and the three decisions is a player (``overcall`` is
    optional: see the module docstring and :class:`Overcaller`)."""

    name: str

    def declare(self, view: PlayerView) -> list[Card] | None: ...

    def bury(self, view: PlayerView) -> list[Card]: ...

    def play(self, view: PlayerView) -> list[Card]: ...


@runtime_checkable
class Overcaller(Protocol):
    """A player that also decides overcalls after the bury (RULES §11.3)."""

    def overcall(self, view: PlayerView) -> list[Card] | None: ...


def trump_of(view: PlayerView) -> Trump:
    """The view's trump, or :class:`~shengji_edu.game.errors.WrongPhase` before it is fixed
    (a player asked to bury or play always has one: this names the mistake of asking early)."""
    trump = view.trump
    if trump is None:
        raise WrongPhase(
            message(
                "the trump is not fixed yet (the hand is in the {phase} phase): players bury and "
                "play once it is",
                phase=phase_name(view.phase),
            )
        )
    return trump


__all__ = ["Overcaller", "Player", "PlayerView", "trump_of"]
