"""What-if worlds: a playable :class:`~.round.Round` made from a public record and a guess.

Search players (and the lessons, through ``Round.what_if``) play a guess of the hidden cards
out from the public record. A world is built from that record and the guess only: no seed, no
deck, nothing shared with the round it came from. :meth:`Round.world` is this function; it
lives here so ``round.py`` holds the hand's actions and state, not the builder of its copies.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, as_cards
from ..i18n import message
from ..seeds import SeededWhenUsed
from .errors import BadGuess, WrongPhase
from .public import PLAYING, PublicTable, declaring_closed, phase_name, team_of
from .settling import ACE
from .state import copy_public_state


def build_world(
    cls: type,
    public: PublicTable,
    hands: Sequence[Sequence[Card]],
    buried: Sequence[Card],
    seed: int,
):
    """A ``cls`` (a Round) in the position of ``public`` with the cards of the guess
    (see :meth:`Round.world`); its state is the record's public fields, the guess, and every
    other field as a hand begins (:mod:`.state`: the one list of a hand's fields)."""
    if not isinstance(public, PublicTable):
        raise BadGuess(message("a world is built from a PublicTable (round.public or view.public)"))
    burying = public.bury_to_come
    if public.phase != PLAYING and not burying:
        raise WrongPhase(
            message(
                "what-if worlds are made during play or for the bury, not in the {phase} phase",
                phase=phase_name(public.phase),
            )
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadGuess(
            message("a world's seed must be a whole number, not {value}", value=_shown(seed))
        )
    if isinstance(hands, (str, bytes, dict)) or not isinstance(hands, Sequence):
        raise BadGuess(message("a what-if guess gives 4 hands, one list of cards per seat"))
    if len(hands) != 4:
        raise BadGuess(message("a what-if guess gives 4 hands, not {given}", given=len(hands)))
    guess = [as_cards(h) for h in hands]
    if tuple(len(h) for h in guess) != public.hand_sizes:
        raise BadGuess(
            message(
                "a what-if guess must give every seat as many cards as it holds "
                "{sizes}, not {given}",
                sizes=str(public.hand_sizes),
                given=str(tuple(len(h) for h in guess)),
            )
        )
    kitty = tuple(as_cards(buried))
    size = 0 if burying else public.rules.kitty_size  # the holder has the kitty in hand
    if len(kitty) != size:
        raise BadGuess(
            message("a what-if kitty holds {size} cards, not {given}", size=size, given=len(kitty))
        )
    world = cls.__new__(cls)
    copy_public_state(world, public)  # what the table saw; every other field as a hand begins
    world.seed = None
    world.rules = public.rules
    world.rng = SeededWhenUsed(seed)  # never drawn from unless someone asks
    world._rng_seed = seed
    world._dealt_cards = public.rules.dealt_cards
    world._hands = guess  # a world was never dealt: it knows only the guess
    world._kitty_cards = world._buried = kitty
    if burying:
        world._kitty_holder = public.turn  # in the kitty phase the turn is the holder's
    world._deal_levels = (public.level_rank,)
    world._at_ace = declaring_closed(public.rules, public.levels, public.starting_dealer)
    world._wear_ace_hand = world._at_ace and public.levels[team_of(public.dealer)] == ACE
    return world


def _shown(value: object) -> str:
    """A short ``repr`` for an error message."""
    try:
        text = repr(value)
    except ValueError:
        text = "<an integer too long to show>"
    return text if len(text) <= 40 else text[:40] + "…"
