"""One hand of Shengji as a state machine: the state of the hand and the class that owns it.

:class:`Round` holds the state of a hand, declared once in ``__init__``, and its read-only
properties, the public record (:attr:`Round.public`), the players' views and the what-if
worlds of search. Its actions come from one module per phase, in the order of a hand:

* :mod:`~shengji_edu.game.dealing`: dealing and declaring (RULES §8, §11.1);
* :mod:`~shengji_edu.game.kitty`: burying the kitty and overcalling after the bury
  (RULES §8, §11.3);
* :mod:`~shengji_edu.game.playing`: leads, follows and tricks (RULES §4–§6);
* :mod:`~shengji_edu.game.settling`: the result (RULES §7).

Phases::

    DEALING  --finish_deal-->  [AUCTION, variant after_deal]  -->  KITTY  --bury-->
    [OVERCALL <--> KITTY, variant overcall_after_bury]  -->
    PLAYING  --until every hand is empty-->  FINISHED

Each action first checks its arguments and the action completely with the rules, and only
then changes anything: a refused action raises an
:class:`~shengji_edu.game.errors.IllegalAction` whose message (an
:class:`~shengji_edu.i18n.Message`) says why, and leaves the round as it was.

Randomness (RULES §9): ``Round.rng`` shuffles the deck and draws the no-declaration
fallback in ``__init__`` and is never used again; each seat's generator
(:meth:`Round.seat_rng`) is derived from the seed and the seat with SHA-256, so a hand
replays card for card whoever drives it. Players never get the round, only a
:class:`~shengji_edu.game.view.PlayerView` built from the public record. The log
(:attr:`Round.events`, :attr:`Round.actions`) keeps frequent entries as small tuples and
writes them out when read; nothing that decides the game reads it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card, rank_text
from ..declaring import Declaration
from ..i18n import message
from ..ladders import level_ladder
from ..rules import RuleSet
from ..tricks import ThrowResult
from ..trump import Trump
from . import events as ev
from .dealing import Dealing, seat_generator, shuffled_deck
from .errors import NoSuchSeat, OutOfTurn, WrongPhase
from .house_rounds import HOUSE_BIDDING, HouseRounds
from .kitty import KittyAndOvercalls
from .playing import Playing
from .public import (
    AUCTION,
    DEALING,
    DEALT_CARDS,
    FINISHED,
    HAND_SIZE,
    KITTY,
    KITTY_SIZE,
    OVERCALL,
    PHASE_NAMES,
    PLAYING,
    RETURNS,
    SEATS,
    HandResult,
    PublicTable,
    Trick,
    bury_refusal,
    check_seat,
    declaring_closed,
    hand_level,
    next_seat,
    phase_name,
    team_of,
)
from .report_round import ReportRound
from .settling import ACE, Settling
from .state import SLOTS, start_state
from .view import PlayerView, make_view
from .worlds import _shown, build_world

__all__ = [
    "ACE",
    "AUCTION",
    "DEALING",
    "DEALT_CARDS",
    "FINISHED",
    "HAND_SIZE",
    "KITTY",
    "KITTY_SIZE",
    "MAX_SEED",
    "OVERCALL",
    "RETURNS",
    "PHASE_NAMES",
    "PLAYING",
    "SEATS",
    "HandResult",
    "PublicTable",
    "Round",
    "Trick",
    "bury_refusal",
    "check_seat",
    "next_seat",
    "seat_generator",
    "team_of",
]

_new_public = tuple.__new__  # builds a PublicTable without NamedTuple's slower __new__
_new_view = tuple.__new__  # builds a PlayerView, a tuple (see game.view)

MAX_SEED = 2**64
"""Seeds are whole numbers with ``abs(seed) < 2**64`` (matches and the arena draw 32 bits)."""


class Round(Dealing, HouseRounds, ReportRound, KittyAndOvercalls, Playing, Settling):
    """The state of one hand. Read it through properties; change it only through actions.

    ``levels`` are the two teams' levels, rungs of the rules' ladder (2..14; 5, 10 or 13 with
    ``levels="5-10-K"``, RULES §12.1). ``dealer`` is ``None`` for the first hand of a match
    (the first declarer becomes dealer), and for the hand after a draw of the 45-point game,
    where the teams' levels may differ (RULES §12.10). ``fixed_trump`` fixes the trump ahead of
    time (used by the arena's duplicate deals, which leave declaring out): then ``dealer``
    must be given, the trump's level must be the dealer team's, it must be built the way the
    rules build trumps (``rules.trump(level, suit)``), and nobody may declare.
    """

    # The state is the fixed set of fields of game/state.py (HAND_STATE): slots are read
    # and written quicker than a dictionary of this many names, and every action does both.
    # The public attributes (seed, rules, rng) stay in the instance's dictionary: the class
    # itself has no attribute of those names.
    __slots__ = ("__dict__", *SLOTS)

    def __init__(
        self,
        seed: int,
        rules: RuleSet = RuleSet(),
        levels: Sequence[int] = (2, 2),
        dealer: int | None = None,
        fixed_trump: Trump | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
            raise ValueError(
                message(
                    "the seed must be a whole number between -2**64 and 2**64, not {value}",
                    value=_shown(seed),
                )
            )
        if not isinstance(rules, RuleSet):
            raise ValueError(
                message(
                    "rules must be a RuleSet, e.g. RuleSet(kitty='linear'), not {value}",
                    value=_shown(rules),
                )
            )
        try:
            levels = tuple(levels)
        except TypeError:
            raise ValueError(
                message("levels must be two ranks, e.g. (2, 2), not {value}", value=_shown(levels))
            ) from None
        if len(levels) != 2:
            raise ValueError(
                message(
                    "levels must be two ranks between 2 and 14 (A), not {value}",
                    value=_shown(levels),
                )
            )
        if any(
            isinstance(lv, bool) or not isinstance(lv, int) or not 2 <= lv <= ACE for lv in levels
        ):
            raise ValueError(
                message(
                    "levels must be two whole-number ranks between 2 and 14 (A), such as (2, 2), "
                    "not {value}",
                    value=_shown(levels),
                )
            )
        if dealer is not None:
            try:
                check_seat(dealer)
            except NoSuchSeat:
                raise ValueError(
                    message("dealer must be a seat 0-3 or None, not {value}", value=_shown(dealer))
                ) from None
        ladder = level_ladder(rules)
        if levels[0] not in ladder or levels[1] not in ladder:
            raise ValueError(
                message(
                    "levels {value} are not on the {ladder} ladder: its levels are {rungs}",
                    value=_shown(levels),
                    ladder=rules.levels,
                    rungs=", ".join(rank_text(rung) for rung in ladder),
                )
            )
        if dealer is None and levels[0] != levels[1] and rules.settlement != "forty_five":
            raise ValueError(
                message("a first hand (no dealer yet) needs both teams on the same level")
            )
        if fixed_trump is not None:
            if not isinstance(fixed_trump, Trump):
                raise ValueError(
                    message(
                        "fixed_trump must be a Trump or None, not {value}",
                        value=_shown(fixed_trump),
                    )
                )
            if dealer is None:
                raise ValueError(message("a hand with a fixed trump needs a dealer"))
            if fixed_trump.level != levels[team_of(dealer)]:
                raise ValueError(
                    message(
                        "the fixed trump's level {level} is not the dealer team's level "
                        "{dealer_level}",
                        level=fixed_trump.level,
                        dealer_level=levels[team_of(dealer)],
                    )
                )
            if fixed_trump.twos_are_trump != rules.twos_are_trump:
                raise ValueError(
                    message(
                        "the fixed trump has twos_are_trump={trump_twos} but the rules say "
                        "twos_are_trump={rules_twos}: build it with rules.trump(level, suit)",
                        trump_twos=fixed_trump.twos_are_trump,
                        rules_twos=rules.twos_are_trump,
                    )
                )
            if fixed_trump.suit is not None and declaring_closed(rules, levels, dealer):
                raise ValueError(
                    message(
                        "a hand played at A wearing the A has no trump suit: fix "
                        "rules.trump(14, None)"
                    )
                )
        start_state(self)  # every field as a hand begins (game/state.py); then this hand's:
        self.seed: int | None = seed
        """The game's seed (``None`` for a what-if world, which was never dealt)."""
        self.rules = rules
        self.rng = random.Random(seed)
        """The game's generator: it shuffles and draws the fallback here, then is never used."""
        self._levels = (levels[0], levels[1])
        self._dealer = dealer
        self._starting_dealer = dealer
        self._first_hand = dealer is None
        self._fixed_trump = fixed_trump
        self._dealt_cards = rules.dealt_cards
        self._deck = shuffled_deck(self.rng, rules)
        # The no-declaration fallback (RULES §8) is drawn now, right after the shuffle, so the
        # numbers are the ones the rule describes and do not depend on how much randomness
        # the players used during the deal: a record replays without its players.
        self._fallback_dealer = self.rng.randrange(4) if dealer is None else dealer
        self._fallback_flip = self.rng.randrange(rules.kitty_size)
        # RULES §12.7: random_suit draws its suit next; no other mode draws it, so the default
        # game's numbers are unchanged.
        self._fallback_suit = self.rng.randrange(4) if rules.no_bid == "random_suit" else None
        # Wearing the A (RULES §12.12): nobody declares (or overcalls) in a hand played at A,
        # and it is played with no trump suit; in a first hand the drawn dealer deals.
        self._at_ace = declaring_closed(rules, levels, dealer)
        self._wear_ace_hand = self._at_ace and levels[team_of(self._fallback_dealer)] == ACE
        self._rng_seed = seed
        # The ranks that declare, beside the jokers: the dealer team's level (the dealer, if
        # any, is known before the deal); in a first hand each team's own (RULES §12.10).
        self._deal_levels = (self.level_rank,) if dealer is not None else tuple(set(levels))
        self._kitty_cards = tuple(self._deck[self._dealt_cards :])
        # a house declaring round decides this hand (RULES §12.4-§12.6; not when wearing the A)
        self._house_bidding = (
            rules.bidding in HOUSE_BIDDING and fixed_trump is None and not self._at_ace
        )

    # --- read-only state --------------------------------------------------------------
    @property
    def events(self) -> tuple[ev.Event, ...]:
        """What happened so far, in order (see :mod:`shengji_edu.game.events`)."""
        built, logged = self._built_events, self._events
        read = self._events_read
        if read < len(logged):
            for entry in logged[read:]:
                if type(entry) is range:  # cards dealt in one go: one event per card
                    deck, first = self._deck, self._starting_dealer or 0
                    built.extend(
                        ev.Event(ev.DEAL, (first + i) % 4, {"card": deck[i].text, "number": i + 1})
                        for i in entry
                    )
                else:
                    built.append(ev.from_log(entry))
            self._events_read = len(logged)
        return tuple(built)

    @property
    def actions(self) -> tuple[dict, ...]:
        """Every accepted action in order, as plain data: what a record stores (copies)."""
        return tuple(ev.action_from_log(entry) for entry in self._actions)

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def levels(self) -> tuple[int, int]:
        return self._levels

    @property
    def dealer(self) -> int | None:
        """The dealer (庄家); in a first hand ``None`` until the first declaration."""
        return self._dealer

    @property
    def starting_dealer(self) -> int | None:
        """The dealer the hand began with (``None`` in the first hand of a match)."""
        return self._starting_dealer

    @property
    def levels_at_start(self) -> tuple[int, int]:
        """Both teams' levels as the hand began (they change only in the result)."""
        return self._levels

    @property
    def first_hand(self) -> bool:
        return self._first_hand

    @property
    def fixed_trump(self) -> Trump | None:
        """The trump given in advance (arena deals), or None when it is declared."""
        return self._fixed_trump

    @property
    def level_rank(self) -> int:
        """The rank that is trump this hand: the dealer team's level (in a first hand, before
        the dealer is fixed, the first declarer's team's; before any declaration, team 0's)."""
        dealer = self._dealer
        if dealer is not None:  # hand_level's common case, in line
            return self._levels[dealer % 2]
        return hand_level(self._levels, None, self._declarations)

    @property
    def wear_ace_hand(self) -> bool:
        """Whether the hand is played wearing the A (戴A, RULES §12.12): ``wear_ace`` and the
        dealer team at A. Then nobody declares, the trump has no suit, and the dealer team
        wins the match only if it keeps the deal and :func:`~shengji_edu.scoring.ace_worn`."""
        return self._wear_ace_hand

    @property
    def trump(self) -> Trump | None:
        """The trump once declaring is over (``None`` before); an overcall replaces it."""
        return self._trump

    @property
    def dealt(self) -> int:
        return self._dealt

    @property
    def deck(self) -> tuple[Card, ...]:
        """The shuffled deck in dealing order (the last ``rules.kitty_size`` are the kitty)."""
        return tuple(self._deck)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A copy of one player's current cards."""
        return tuple(self._hands[check_seat(seat)])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty: the undealt cards until the first bury (in the dealer's hand during the
        kitty phase), then the cards buried last; while an overcaller holds the kitty, the
        cards it took (RULES §11.3)."""
        return self._kitty_cards

    @property
    def kitty_holder(self) -> int | None:
        """In the kitty phase, the seat that took the kitty and must bury: the dealer, or
        the last overcaller; ``None`` in every other phase."""
        return self._kitty_holder if self._phase == KITTY else None

    @property
    def buried_by(self) -> int | None:
        """The seat whose bury is the kitty now (``None`` before the first bury)."""
        return self._buried_by

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations of the deal (and the after-deal auction); overcalls are apart."""
        return self._declarations

    @property
    def overcalls(self) -> tuple[tuple[int, Declaration | None], ...]:
        """The overcall round so far: (seat, its overcall) or (seat, None) for a pass."""
        return self._overcalls

    @property
    def standing_declaration(self) -> Declaration | None:
        """The declaration the trump comes from: the last overcall, else the last declaration."""
        for _seat, overcall in reversed(self._overcalls):
            if overcall is not None:
                return overcall
        return self._declarations[-1] if self._declarations else None

    @property
    def kitty_flip(self) -> Card | None:
        """The kitty card turned up to choose trump when nobody declared."""
        return self._kitty_flip

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Finished tricks."""
        return self._tricks

    @property
    def current_trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Plays of the running trick so far, as (seat, cards)."""
        return self._current

    @property
    def turn(self) -> int | None:
        """Whose move it is: the bidder in the auction, the kitty's holder in the kitty phase
        (the dealer, or an overcaller), the seat asked to overcall, the player to lead or
        follow during play; ``None`` while dealing and when finished."""
        phase = self._phase
        if phase == PLAYING:
            return self._turn
        if phase == AUCTION:
            return self._auction_turn
        if phase == KITTY:
            return self._kitty_holder
        if phase == OVERCALL:
            return self._overcall_turn
        if phase == RETURNS:
            return self._report_outcome.largest
        return None

    @property
    def leader(self) -> int | None:
        if self._phase != PLAYING:
            return None
        return self._current[0][0] if self._current else self._turn

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led in the running trick, or ``None`` when the next play is a lead."""
        return self._current[0][1] if self._current else None

    @property
    def defender_points(self) -> int:
        """Points the defenders have won in tricks so far (kitty and penalties not included)."""
        return self._points

    @property
    def penalty(self) -> int:
        """Net throw penalty for the defenders so far (+ when dealers failed throws)."""
        return self._penalty

    @property
    def failed_throws(self) -> tuple[tuple[int, int, ThrowResult], ...]:
        """Every failed throw so far, in order: (the thrower, the seat holding the cards that
        beat it, what :func:`~shengji_edu.tricks.check_throw` found then). What the
        ``throw_failed`` events say, with the seat of ``beaten_by`` and the unit it beats."""
        return tuple(
            (entry[1], [s for s in SEATS if s != entry[1]][entry[4].holder], entry[4])
            for entry in self._events
            if type(entry) is tuple and entry[0] == ev.THROW_FAILED
        )

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played to a trick so far, in order."""
        return self._played

    def voids(self, seat: int) -> frozenset[str]:
        """Effective suits the seat has shown to be out of (it failed to follow them)."""
        return self._voids[check_seat(seat)]

    @property
    def result(self) -> HandResult | None:
        return self._result

    def is_dealer_team(self, seat: int) -> bool:
        return self._dealer is not None and team_of(check_seat(seat)) == team_of(self._dealer)

    # --- what players get ----------------------------------------------------------------
    @property
    def public(self) -> PublicTable:
        """The public record of the hand right now: what every player has seen, nothing
        hidden (see :mod:`shengji_edu.game.public`). Cheap: it only gathers immutable
        values the round already keeps."""
        return _new_public(PublicTable, self._record())

    def _record(self) -> tuple:
        """The values of :attr:`public`, in :class:`PublicTable`'s order: what the record and
        every view (:meth:`view`) are made of."""
        hands, phase = self._hands, self._phase
        return (
            self.rules,
            phase,
            self._levels,
            self._starting_dealer,
            self._dealer,
            self._first_hand,
            self._fixed_trump,
            self._dealt,
            self._turn if phase == PLAYING else self.turn,  # every view in play
            self._trump,
            self._declarations,
            self._bids,
            self._kitty_flip,
            self._tricks,
            self._current,
            self._attempted if self._current else None,
            self._played,
            self._voids,
            self._points,
            self._penalty,
            (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
            self._result,
            self._overcalls,
            self._returns_shown,
            self._returns_due,
            self._shown_kitty,
        )

    def seat_rng(self, seat: int) -> random.Random:
        """The generator of ``seat``'s player for this hand (RULES §9; see the module doc)."""
        seat = check_seat(seat)
        rng = self._seat_rngs[seat]
        if rng is None:
            rng = self._seat_rngs[seat] = seat_generator(self._rng_seed, seat)
        return rng

    def view(self, seat: int) -> PlayerView:
        """What ``seat``'s player may see now: a :class:`~shengji_edu.game.view.PlayerView`.

        Made for every decision, so it only gathers values the round keeps immutable: the
        public record, a copy of the seat's hand, its generator and, for the seat that
        buried the kitty last (while it is the kitty), that kitty.
        """
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        rng = self._seat_rngs[seat] or self.seat_rng(seat)
        phase = self._phase
        if phase == PLAYING:  # the common case, every play
            return make_view(
                self._record(),
                seat,
                tuple(self._hands[seat]),
                rng,
                self._buried if self._buried_by == seat else (),
            )
        knows = self._buried_by == seat and phase in (PLAYING, OVERCALL, FINISHED)
        buried = self._buried if knows else ()
        options = None
        if phase in (DEALING, AUCTION):  # the declarations, as legal_declarations has them
            declaring = self._declarable[seat] or self._house_now
            options = (
                self._declaration_options(seat) if declaring and self._may_declare_now(seat) else ()
            )
        return make_view(self._record(), seat, tuple(self._hands[seat]), rng, buried, options)

    # --- what-if worlds for search --------------------------------------------------------
    def what_if(self, hands: Sequence[Sequence[Card]], buried: Sequence[Card], seed: int) -> Round:
        """A world in which the four hands and the kitty are ``hands`` and ``buried``.

        Built like a player's world (:meth:`world`) from the public record and the guess
        only: it has no seed, no deck, nothing shared with this round, and its seats'
        generators come from ``seed``. Lessons and the play widget use it to try a play out
        with the real cards; players get the same thing from their view, with a guess.
        """
        return Round.world(self.public, hands, buried, seed)

    @classmethod
    def world(
        cls,
        public: PublicTable,
        hands: Sequence[Sequence[Card]],
        buried: Sequence[Card],
        seed: int,
    ) -> Round:
        """A playable round made from a public record and a guess of the hidden cards.

        ``hands`` must give every seat as many cards as ``public.hand_sizes`` says, and
        ``buried`` the kitty (``rules.kitty_size`` cards). The world starts with empty events
        and actions; its trick history, points and voids are the record's. Search players
        play it out.
        """
        return build_world(cls, public, hands, buried, seed)

    # --- helpers ------------------------------------------------------------------------
    def _require(self, phase: str, refusal: str) -> None:
        """Refuse (``refusal``: a msgid with a ``{phase}`` field) outside ``phase``."""
        if self._phase != phase:
            raise WrongPhase(message(refusal, phase=phase_name(self._phase)))

    @staticmethod
    def _require_turn(seat: int, turn: int | None, refusal: str) -> None:
        """Refuse (``refusal``: a msgid with ``{turn}``, ``{seat}``) unless it is seat's turn."""
        if seat != turn:
            raise OutOfTurn(message(refusal, turn=turn, seat=seat))

    def __repr__(self) -> str:
        return (
            f"<Round seed={self.seed} phase={self._phase} dealer={self._dealer} "
            f"trump={self._trump} tricks={len(self._tricks)}>"
        )


PlayerView._build_world = staticmethod(Round.world)
"""A view builds its search worlds with ``Round.world``, given here: this module imports
:mod:`.view`, and the view never imports the round (one direction of dependency)."""
