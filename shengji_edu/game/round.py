"""One hand of Shengji as a state machine: deal and declare, kitty, the tricks, settlement.

:class:`Round` is the one place that owns the state of a hand. It moves through explicit
phases, and each action method (``deal_next``, ``declare``, ``pass_bid``, ``finish_deal``,
``bury``, ``overcall``, ``pass_overcall``, ``play``) first checks the action completely with
the rules engine and only then changes anything. A rejected action raises an
:class:`~shengji_edu.game.errors.IllegalAction` whose message says why, and leaves the
round exactly as it was. The message is a :class:`~shengji_edu.i18n.Message`: ``str(exc)``
is the English text, ``render(exc, "zh")`` the Chinese one.

Phases::

    DEALING  --finish_deal-->  [AUCTION, variant after_deal]  -->  KITTY  --bury-->
    [OVERCALL <--> KITTY, variant overcall_after_bury]  -->
    PLAYING  --until every hand is empty-->  FINISHED

Every number of the deal comes from the :class:`~shengji_edu.rules.RuleSet` (RULES §11.1):
``rules.deck()`` is shuffled and ``rules.dealt_cards`` (48, 100 or 156) are dealt one at a
time in play order, ``rules.kitty_size`` (6, 8 or 6) stay in the kitty, the no-declaration
fallback turns up ``randrange(rules.kitty_size)``, whoever holds the kitty buries that many
cards, every :class:`~shengji_edu.trump.Trump` is ``rules.trump(level, suit)`` (so it knows
``twos_are_trump``), declaring follows the §11.1 ladder
(:func:`~shengji_edu.game.declaring.declaration_over`, with the declaring seat and the
decks) and settlement steps by ``rules.settlement_step`` (20 × decks). With the default
RuleSet all of it is the two-deck game of RULES §1–§9, and a seed deals exactly the hand it
dealt before decks could be counted.

A hand has ``hand_size`` tricks only when every lead is a single: a pair lead plays 8 cards
at once, so the hand ends when the cards in the players' hands are played, after 25 tricks
(two decks) or fewer.

Decisions where RULES is silent, so a reader knows what we chose:

* In the first hand of a match (no dealer yet) both teams are on the same level; the
  declarer's team becomes the dealer team (抢庄).
* After the last card is dealt, the extra declaration round is run by the driver
  (:mod:`shengji_edu.game.table`); the engine accepts declarations until ``finish_deal``.
* Only the standing declarer reinforces with the standing trump suit's level cards (RULES
  §11.1, applied for every number of decks: see :mod:`~shengji_edu.game.declaring`; with two
  decks nobody else can hold such a pair, so the default game is unchanged).
* A failed throw leaves the rest of the attempted cards in the leader's hand, and all
  players can see them afterwards only through the ``throw_failed`` event.
* Trick points are counted for the defenders as tricks end; the kitty is added after the
  last trick; throw penalties are kept apart and added at settlement.

Overcalling after the bury (反主 / 炒底, ``RuleSet(overcall_after_bury=True)``, RULES §11.3).
After each bury the hand enters the ``OVERCALL`` phase: the seats are asked in play order,
the dealer first after the dealer's bury and the seat after the overcaller after an
overcaller's bury; each overcalls (:meth:`Round.overcall`) or passes
(:meth:`Round.pass_overcall`); four passes in a row end the round and the dealer leads. An
overcall must beat :attr:`PublicTable.overcall_floor <shengji_edu.game.public.PublicTable.
overcall_floor>` (the standing declaration, or the turned-up kitty card as one level card
of its suit; a joker as one level card with no trump suit) and may not use the standing
trump suit's level cards (:func:`~shengji_edu.game.declaring.overcall_strength`). The new
trump holds at once, and the overcaller takes the kitty into the hand: the hand is in the
``KITTY`` phase again, with the overcaller to bury (``turn`` and :attr:`Round.kitty_holder`
say who). Where §11.3 is silent we chose:

* **Who may overcall.** Anyone whose turn it is, the dealer and the dealer's partner
  included, and a seat may overcall its own overcall (say BJ BJ over its own LJ LJ): the rule
  bars only weaker overcalls and the standing suit's level cards. Overcalls are made with the
  cards in hand *now*: the dealer's may include kitty cards it kept, never the ones it buried.
* **The cards shown stay in the hand** (unlike a card played): the overcaller may bury them,
  as §11.3 allows. They are public (the record lists them); nothing else about the hand is.
* **A hand with a fixed trump** (the arena's duplicate deals) has no overcall round: nobody
  declares there, so nobody overcalls.
* **What each seat knows.** ``view(seat).buried`` is the kitty *that seat buried last*, and
  only while it is the kitty (the seat that buried last, in the ``OVERCALL``, ``PLAYING`` and
  ``FINISHED`` phases); a dealer whose kitty an overcaller took knows no kitty any more. The
  public record lists every overcall and pass (``PublicTable.overcalls``) and who buried
  last (``PublicTable.buried_by``); the events say who buried how many cards.
* **The first lead and the teams.** The dealer leads the first trick and the dealer team
  stays the dealer team, whoever overcalled (RULES §11.3); the kitty that counts at the end
  is the one buried last, whoever buried it, and is multiplied and scored for the defenders
  exactly as in §7.
* **The first hand of a match.** The dealer is fixed when the deal ends (the first
  declarer, or the drawn fallback); overcalls after the bury never change it.
* **Nothing to overcall with.** A seat is still asked (at a real table everyone is asked);
  the :class:`~shengji_edu.game.table.Table` passes for a computer player that has no legal
  overcall, and waits for a person to press pass.

Randomness and what players can reach (RULES §9):

* ``Round.rng`` (``random.Random(seed)``) is the game's generator. It shuffles the deck and
  draws the no-declaration fallback right away, in ``__init__``, and is never used again,
  so nothing done later (by anyone) can change the deal or the fallback.
* Each seat has its own generator, :meth:`Round.seat_rng`, derived from the seed and the
  seat with SHA-256 (:func:`seat_generator`): the seed cannot be worked back from it, and
  drawing from, reseeding or rewinding one seat's generator changes nothing else. The
  generators live here, in the round, and are made on first use, so a hand replays card
  for card whoever drives it: ``Table.run``, ``Table.step`` one decision at a time, the
  play widget, or a loop of your own calling ``round.view(seat)``.
* Players never get the round: they get a :class:`~shengji_edu.game.view.PlayerView`
  (:meth:`Round.view`), built from :attr:`Round.public` (the table's public record, which
  holds no hidden card), their own hand, their own generator and, for the seat that buried
  the kitty last, that kitty. The state the public record is built from is kept as
  immutable values (tuples, frozensets), so building a view copies nothing but the seat's
  hand.
* A what-if *world* (:meth:`Round.what_if`, and the view's ``what_if`` / ``sample_world``)
  is a new round built only from the public record and a guess of the hidden cards. It has
  no seed (``world.seed is None``), no deck and no real hand; its seats' generators come
  from the seed the caller gives.

Speed (issue 17; a simulation plays thousands of hands, every action checked by the rules):

* The log is written when read. :attr:`Round.events` and :attr:`Round.actions` are the same
  Events and dicts as ever, but a dealt card, a play, a failed throw and a trick are kept as
  small tuples and made into Events (with card text, and a failed throw's English reason)
  the first time someone reads them; nothing that decides the game reads them.
* Declaring is tracked, not searched: the round keeps which seats have a declaration to make
  (:attr:`Round.declaring_seats`, updated when a level card or joker is dealt or someone
  declares), the table asks only them after a card, and while nobody has one the table
  deals on in one loop (:meth:`Round.deal_while_nobody_declares`). In that loop the cards
  before the next level card or joker cannot change anyone's declarations, so they are dealt
  in one go (each seat's share is a slice of the deck, in the order it would have got them)
  and logged as one range of deals, written out as one ``deal`` event per card when the log
  is read: the events are the same as dealing card by card. The options of each seat are
  worked out once per change and handed to its views; :meth:`Round.may_declare` answers
  "has this seat a declaration now?" without building the lists.
* Playing is the hot path: :meth:`Round.view` builds a playing view in line, and
  :meth:`Round.play` does :meth:`Round.check_play`'s checks in line (the same checks in the
  same order, the same errors) and reads the trump's tables by card index
  (``trump.suit_by_index``). Every play still goes through
  :func:`~shengji_edu.tricks.check_lead` or :func:`~shengji_edu.follow.check_follow` first.

Every action checks its arguments' types before anything changes: seats are the ints 0-3
(``False`` is not seat 0), levels are ranks (``2.0`` is not a level), cards are Cards or card
text, rules a RuleSet. A wrong one raises :class:`~shengji_edu.game.errors.NoSuchSeat`, a
:class:`~shengji_edu.cards.CardParseError` or a ``ValueError``, and changes nothing.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from ..cards import Card, as_cards, first_missing, format_cards
from ..follow import check_follow
from ..i18n import N_, message
from ..rules import RuleSet
from ..scoring import kitty_multiplier, settle, trick_points
from ..tricks import check_lead, check_throw, trick_winner
from ..trump import Trump
from . import events as ev
from .declaring import (
    Declaration,
    declaration_over,
    overcall_strength,
    possible_declarations,
    possible_overcalls,
)
from .errors import BadGuess, IllegalMove, NoSuchSeat, OutOfTurn, WrongPhase
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
    SEATS,
    HandResult,
    PublicTable,
    Trick,
    bury_refusal,
    check_seat,
    make_trick,
    phase_name,
    team_of,
)
from .view import PlayerView, make_view

BID_TURN = N_("it is seat {turn}'s turn to bid, not seat {seat}'s")
OVERCALL_TURN = N_("it is seat {turn}'s turn to overcall or pass, not seat {seat}'s")

__all__ = [
    "AUCTION",
    "DEALING",
    "DEALT_CARDS",
    "FINISHED",
    "HAND_SIZE",
    "KITTY",
    "KITTY_SIZE",
    "OVERCALL",
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
_new_view = object.__new__

ACE = 14
MAX_SEED = 2**64
"""Seeds are whole numbers with ``abs(seed) < 2**64`` (matches and the arena draw 32 bits)."""


def next_seat(seat: int) -> int:
    """Play goes counter-clockwise in seat order: 0 → 1 → 2 → 3 → 0."""
    return (seat + 1) % 4


def shuffled_deck(rng: random.Random, rules: RuleSet = RuleSet()) -> list[Card]:
    """The cards of ``rules`` (108 by default) shuffled once with the game's RNG (RULES §8)."""
    deck = rules.deck()
    rng.shuffle(deck)
    return deck


SEAT_RNG_DOMAIN = "shengji-edu seat generator v1"


def seat_generator(seed: int, seat: int) -> random.Random:
    """The generator of ``seat`` in the hand dealt from ``seed`` (RULES §9).

    Seeded with SHA-256 of a fixed domain string, the seed and the seat: each seat's
    generator is fixed by the game's seed, but the seed (and so the deal) cannot be worked
    back from a generator or its state.
    """
    data = f"{SEAT_RNG_DOMAIN}|{seat}|".encode("ascii")
    data += seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    digest = hashlib.sha256(data).digest()
    return random.Random(int.from_bytes(digest, "big"))


class Round:
    """The state of one hand. Read it through properties; change it only through actions.

    ``levels`` are the two teams' levels (2..14). ``dealer`` is ``None`` for the first hand
    of a match (the first declarer becomes dealer). ``fixed_trump`` fixes the trump ahead of
    time (used by the arena's duplicate deals, which leave declaring out): then ``dealer``
    must be given, the trump's level must be the dealer team's, it must be built the way the
    rules build trumps (``rules.trump(level, suit)``), and nobody may declare.
    """

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
        if dealer is None and levels[0] != levels[1]:
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
        self.seed: int | None = seed
        """The game's seed (``None`` for a what-if world, which was never dealt)."""
        self.rules = rules
        self.rng = random.Random(seed)
        """The game's generator: it shuffles and draws the fallback here, then is never used."""
        self._levels: tuple[int, int] = (levels[0], levels[1])
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
        self._rng_seed = seed
        self._seat_rngs: list[random.Random | None] = [None] * 4
        self._dealt = 0
        self._hands: list[list[Card]] = [[] for _ in SEATS]
        self._declarable: list[list[Card]] = [[] for _ in SEATS]  # level cards and jokers
        self._declaration_cache: list[tuple | None] = [None] * 4
        self._declaring_seats: tuple[int, ...] = ()
        self._deal_level = self.level_rank  # the dealer, if any, is known before the deal
        # What the table sees is kept as immutable values (tuples, frozensets), replaced and
        # never changed in place, so the public record and the views share them for free.
        self._declarations: tuple[Declaration, ...] = ()
        self._bids: tuple[tuple[int, tuple[Card, ...] | None], ...] = ()
        self._auction_turn: int | None = None
        self._trump: Trump | None = None
        self._kitty_flip: Card | None = None
        self._kitty_cards: tuple[Card, ...] = tuple(self._deck[self._dealt_cards :])
        self._kitty_holder: int | None = None
        self._buried: tuple[Card, ...] = ()
        self._buried_by: int | None = None
        self._overcalls: tuple[tuple[int, Declaration | None], ...] = ()
        self._overcall_turn: int | None = None
        self._tricks: tuple[Trick, ...] = ()
        self._current: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        self._attempted: tuple[Card, ...] | None = None
        self._turn: int | None = None
        self._points = 0
        self._penalty = 0
        self._voids: tuple[frozenset[str], ...] = (frozenset(),) * 4
        self._played: tuple[Card, ...] = ()
        self._result: HandResult | None = None
        self._phase = DEALING
        # Events and actions are the hand's log, read by renderers and records but never by
        # the rules: the frequent ones (a card dealt, a play, a trick) are kept as small
        # tuples, and turned into Event objects and dicts of card text only when read.
        self._events: list = []
        self._events_read = 0  # how many entries of _events are in _built_events
        self._built_events: list[ev.Event] = []
        self._actions: list = []

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
                    built.append(_event(entry))
            self._events_read = len(logged)
        return tuple(built)

    @property
    def actions(self) -> tuple[dict, ...]:
        """Every accepted action in order, as plain data: what a record stores (copies)."""
        return tuple(_action(entry) for entry in self._actions)

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
        """The rank that is trump this hand: the dealer team's level."""
        if self._dealer is None:
            return self._levels[0]
        return self._levels[team_of(self._dealer)]

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
        hands = self._hands
        return _new_public(
            PublicTable,
            (
                self.rules,
                self._phase,
                self._levels,
                self._starting_dealer,
                self._dealer,
                self._first_hand,
                self._fixed_trump,
                self._dealt,
                self.turn,
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
            ),
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
        if phase == PLAYING:  # the common case, every play: make_view's work done in line
            view = _new_view(PlayerView)
            view._table = self.public
            view._seat = seat
            view._hand = tuple(self._hands[seat])
            view._rng = rng
            view._buried = self._buried if self._buried_by == seat else ()
            view._options = None
            return view
        knows = self._buried_by == seat and phase in (PLAYING, OVERCALL, FINISHED)
        buried = self._buried if knows else ()
        options = None
        if phase in (DEALING, AUCTION):  # the declarations, as legal_declarations has them
            options = self._declaration_options(seat) if self._declarable[seat] else ()
        return make_view(self.public, seat, tuple(self._hands[seat]), rng, buried, options)

    # --- dealing and declaring ---------------------------------------------------------
    def first_receiver(self) -> int:
        """Seat dealt the first card: the dealer the hand began with (first hand: seat 0)."""
        return self._starting_dealer if self._starting_dealer is not None else 0

    @property
    def next_receiver(self) -> int | None:
        """Seat that receives the next card, or None when all cards are dealt."""
        if self._dealt >= self._dealt_cards:
            return None
        return (self.first_receiver() + self._dealt) % 4

    def deal_next(self) -> Card:
        """Deal one card to the next seat; declarations may follow before the next card."""
        if self._phase != DEALING:
            self._require(DEALING, N_("cannot deal a card now: the hand is in the {phase} phase"))
        dealt = self._dealt
        if dealt >= self._dealt_cards:
            raise WrongPhase(
                message(
                    "all {total} cards are dealt: call finish_deal() to end the deal",
                    total=self._dealt_cards,
                )
            )
        first = self._starting_dealer
        seat = (dealt if first is None else first + dealt) % 4
        card = self._deck[dealt]
        self._hands[seat].append(card)
        if card.is_joker or card.rank == self._deal_level:
            self._declarable[seat].append(card)
            if bool(self._declaration_options(seat)) != (seat in self._declaring_seats):
                self._update_declaring_seats()  # only this seat's options changed
        self._dealt = dealt + 1
        self._events.append((ev.DEAL, seat, card, dealt + 1))
        return card

    def deal_all(self) -> None:
        """Deal every remaining card without declarations in between."""
        while self._dealt < self._dealt_cards:
            self.deal_next()

    def deal_while_nobody_declares(self) -> int | None:
        """Deal the next card, and more while no seat has a declaration to make: stop after
        a card when some seat has one (or after the last card). Returns the seat that got
        the last card dealt, or ``None`` if no card was left.

        The same as calling :meth:`deal_next` card by card and asking nobody in between
        (nobody had anything to declare), with the bookkeeping of one card done in line:
        the table deals most of a hand this way."""
        if self._phase != DEALING:
            self._require(DEALING, N_("cannot deal a card now: the hand is in the {phase} phase"))
        first = self._starting_dealer or 0
        deck, hands, declarable, events = self._deck, self._hands, self._declarable, self._events
        level, dealt, total = self._deal_level, self._dealt, self._dealt_cards
        seat = None
        while dealt < total:
            if not self._declaring_seats:
                # The cards before the next level card or joker change nobody's declarations:
                # they are dealt in one go, each seat's share a slice of the deck (the order
                # of its hand is the order it got them), and logged as one range of deals.
                stop = dealt
                while stop < total and not (deck[stop].is_joker or deck[stop].rank == level):
                    stop += 1
                if stop > dealt:
                    for receiver, hand in enumerate(hands):
                        hand.extend(deck[dealt + (receiver - first - dealt) % 4 : stop : 4])
                    events.append(range(dealt, stop))
                    dealt = self._dealt = stop
                    seat = (first + stop - 1) % 4
                    if stop == total:
                        break
            seat = (first + dealt) % 4
            card = deck[dealt]
            hands[seat].append(card)
            dealt += 1
            self._dealt = dealt
            events.append((ev.DEAL, seat, card, dealt))
            if card.is_joker or card.rank == level:
                declarable[seat].append(card)
                if bool(self._declaration_options(seat)) != (seat in self._declaring_seats):
                    self._update_declaring_seats()
            if self._declaring_seats:
                break
        return seat

    def legal_declarations(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may declare right now (empty outside the declaring windows)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        if not self._declarable[seat] or not self._may_declare_now(seat):
            return []
        return [list(option) for option in self._declaration_options(seat)]

    def may_declare(self, seat: int) -> bool:
        """``bool(legal_declarations(seat))``, without building the lists (the table asks it
        for every seat with a declaration after every card of the deal)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        return bool(
            self._declarable[seat]
            and self._may_declare_now(seat)
            and self._declaration_options(seat)
        )

    def _declaration_options(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """``possible_declarations`` for the seat's level cards and jokers, remembered (as
        tuples: views share them): they change only when the seat gets one more such card
        or someone declares."""
        declarable = self._declarable[seat]
        key = (len(declarable), len(self._declarations))
        cached = self._declaration_cache[seat]
        if cached is None or cached[0] != key:
            options = possible_declarations(
                declarable,
                self.level_rank,
                self.standing_declaration,
                self.rules.decks,
                seat,
            )
            options = tuple(tuple(option) for option in options)
            cached = self._declaration_cache[seat] = (key, options)
        return cached[1]

    @property
    def declaring_seats(self) -> tuple[int, ...]:
        """The seats whose cards make a declaration now (whether or not it is a moment to
        declare). After each card the table asks only these seats: for the others
        :meth:`legal_declarations` is empty. Kept up to date as cards are dealt and
        declarations made."""
        return self._declaring_seats

    def _update_declaring_seats(self) -> None:
        declarable = self._declarable
        self._declaring_seats = tuple(
            seat for seat in SEATS if declarable[seat] and self._declaration_options(seat)
        )

    def _may_declare_now(self, seat: int) -> bool:
        if self._fixed_trump is not None:
            return False
        if self._phase == DEALING:
            return self.rules.bidding == "during_deal" and self._dealt > 0
        return self._phase == AUCTION and self._auction_turn == seat

    def check_declaration(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """The declaration ``seat`` would make with ``cards``, or an error saying why not."""
        check_seat(seat)
        if self._fixed_trump is not None:
            raise WrongPhase(message("the trump is fixed for this hand: nobody declares"))
        if self._phase == AUCTION:
            self._require_turn(seat, self._auction_turn, BID_TURN)
        elif self._phase != DEALING:
            raise WrongPhase(
                message(
                    "declaring is over (the hand is in the {phase} phase)",
                    phase=phase_name(self._phase),
                )
            )
        elif self.rules.bidding != "during_deal":
            raise WrongPhase(
                message("with bidding=after_deal, declare in the auction after the deal")
            )
        elif self._dealt == 0:
            raise WrongPhase(message("no card has been dealt yet"))
        cards = as_cards(cards)
        missing = first_missing(cards, self._hands[seat])  # next(iter(Counter - Counter))
        if missing is not None:
            raise IllegalMove(
                message(
                    "seat {seat} has not been dealt {card}: declare with your cards",
                    seat=seat,
                    card=missing,
                )
            )
        try:
            strength, suit = declaration_over(
                cards, self.level_rank, self.standing_declaration, seat, self.rules.decks
            )
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        return Declaration(seat, tuple(cards), strength, suit, self._dealt)

    def declare(self, seat: int, cards: Sequence[Card] | str) -> Declaration:
        """Show level cards (or jokers) to name the trump; must beat the standing one."""
        declaration = self.check_declaration(seat, cards)
        standing = self.standing_declaration
        reinforce = (
            standing is not None and standing.seat == seat and standing.suit == declaration.suit
        )
        self._declarations += (declaration,)
        self._update_declaring_seats()
        self._actions.append(
            {
                "action": "declare",
                "seat": seat,
                "cards": format_cards(declaration.cards),
                "after_card": declaration.after_card,
            }
        )
        self._events.append(
            ev.Event(
                ev.DECLARE,
                seat,
                {
                    "cards": format_cards(declaration.cards),
                    "suit": declaration.suit,
                    "reinforce": reinforce,
                    "after_card": declaration.after_card,
                },
            )
        )
        if self._phase == AUCTION:
            self._bids += ((seat, declaration.cards),)
            self._advance_auction()
        return declaration

    def pass_bid(self, seat: int) -> None:
        """Pass in the after-deal auction (in the overcall round: :meth:`pass_overcall`)."""
        if self._phase == OVERCALL:
            raise WrongPhase(
                message("the hand is in the overcall phase: pass with pass_overcall(seat)")
            )
        self._require(AUCTION, N_("cannot pass now: the hand is in the {phase} phase"))
        check_seat(seat)
        self._require_turn(seat, self._auction_turn, BID_TURN)
        self._bids += ((seat, None),)
        self._actions.append({"action": "pass", "seat": seat})
        self._events.append(ev.Event(ev.PASS, seat))
        self._advance_auction()

    def _advance_auction(self) -> None:
        passes = 0
        for _seat, cards in reversed(self._bids):
            if cards is not None:
                break
            passes += 1
        declared = any(cards is not None for _seat, cards in self._bids)
        if (declared and passes >= 3) or (not declared and passes >= 4):
            self._resolve_trump()
        else:
            assert self._auction_turn is not None
            self._auction_turn = next_seat(self._auction_turn)

    def finish_deal(self) -> None:
        """End the deal: start the auction (variant) or fix dealer and trump, then the kitty."""
        self._require(DEALING, N_("cannot finish the deal now: the hand is in the {phase} phase"))
        if self._dealt < self._dealt_cards:
            raise WrongPhase(
                message(
                    "only {dealt} of {total} cards are dealt: deal the rest first",
                    dealt=self._dealt,
                    total=self._dealt_cards,
                )
            )
        self._actions.append({"action": "finish_deal"})
        if self.rules.bidding == "after_deal" and self._fixed_trump is None:
            self._phase = AUCTION
            self._auction_turn = self.first_receiver()
        else:
            self._resolve_trump()

    def _resolve_trump(self) -> None:
        if self._fixed_trump is not None:
            suit = self._fixed_trump.suit
        elif self._declarations:
            if self._first_hand:
                self._dealer = self._declarations[0].seat
            suit = self._declarations[-1].suit
        else:
            self._dealer = self._fallback_dealer
            flip = self._deck[self._dealt_cards + self._fallback_flip]
            self._kitty_flip = flip
            suit = None if flip.is_joker else flip.suit
        assert self._dealer is not None
        fixed = self._fixed_trump
        self._trump = fixed if fixed is not None else self.rules.trump(self.level_rank, suit)
        self._events.append(
            ev.Event(
                ev.TRUMP_FIXED,
                self._dealer,
                {
                    "level": self.level_rank,
                    "suit": suit,
                    "kitty_flip": self._kitty_flip.text if self._kitty_flip else None,
                },
            )
        )
        self._take_kitty(self._dealer)
        self._auction_turn = None

    def _take_kitty(self, seat: int) -> None:
        self._hands[seat].extend(self._kitty_cards)
        self._kitty_holder = seat
        self._events.append(ev.Event(ev.KITTY_TAKEN, seat))
        self._phase = KITTY

    # --- the kitty ----------------------------------------------------------------------
    def check_bury(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """Raise if ``seat`` may not bury ``cards`` now; return the cards as a list."""
        self._require(KITTY, N_("cannot bury the kitty now: the hand is in the {phase} phase"))
        check_seat(seat)
        holder = self._kitty_holder
        if seat != holder:
            if holder == self._dealer:
                raise OutOfTurn(
                    message("only the dealer (seat {seat}) buries the kitty", seat=self._dealer)
                )
            raise OutOfTurn(
                message(
                    "only seat {seat}, who overcalled and took the kitty, buries it now",
                    seat=holder,
                )
            )
        cards = as_cards(cards)
        refusal = bury_refusal(self._hands[seat], cards, self.rules.kitty_size)
        if refusal:
            raise IllegalMove(refusal)
        return cards

    def bury(self, seat: int, cards: Sequence[Card] | str) -> None:
        """The kitty's holder puts ``rules.kitty_size`` cards face down as the new kitty.

        Then the dealer leads, or with ``overcall_after_bury`` the overcall round begins (or
        goes on from the seat after the overcaller)."""
        cards = self.check_bury(seat, cards)
        _remove(self._hands[seat], cards)
        self._buried = self._kitty_cards = tuple(cards)
        self._buried_by = seat
        self._kitty_holder = None
        self._actions.append({"action": "bury", "seat": seat, "cards": format_cards(cards)})
        self._events.append(ev.Event(ev.BURY, seat, {"count": len(cards)}))
        if self.rules.overcall_after_bury and self._fixed_trump is None:
            self._phase = OVERCALL
            self._overcall_turn = seat if not self._overcalls else next_seat(seat)
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._phase = PLAYING
        self._overcall_turn = None
        self._turn = self._dealer

    # --- overcalling after the bury (RULES §11.3) ----------------------------------------
    def legal_overcalls(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may overcall with right now (empty unless it is asked now)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        if self._phase != OVERCALL or seat != self._overcall_turn:
            return []
        floor = self.public.overcall_floor
        assert floor is not None
        return possible_overcalls(self._hands[seat], self.level_rank, floor, self.rules.decks)

    def check_overcall(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """The overcall ``seat`` would make with ``cards``, or an error saying why not."""
        self._require(OVERCALL, N_("cannot overcall now: the hand is in the {phase} phase"))
        check_seat(seat)
        self._require_turn(seat, self._overcall_turn, OVERCALL_TURN)
        cards = as_cards(cards)
        missing = first_missing(cards, self._hands[seat])  # next(iter(Counter - Counter))
        if missing is not None:
            raise IllegalMove(
                message(
                    "seat {seat} does not hold {card}: overcall with your cards",
                    seat=seat,
                    card=missing,
                )
            )
        floor = self.public.overcall_floor
        assert floor is not None
        try:
            strength, suit = overcall_strength(cards, self.level_rank, floor, self.rules.decks)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        return Declaration(seat, tuple(cards), strength, suit, self._dealt)

    def overcall(self, seat: int, cards: Sequence[Card] | str) -> Declaration:
        """Overcall (反主): the new trump holds at once, and ``seat`` takes the kitty into its
        hand and must bury as many cards (the hand goes back to the kitty phase)."""
        overcall = self.check_overcall(seat, cards)
        self._overcalls += ((seat, overcall),)
        self._trump = self.rules.trump(self.level_rank, overcall.suit)
        self._overcall_turn = None
        self._actions.append(
            {"action": "overcall", "seat": seat, "cards": format_cards(overcall.cards)}
        )
        self._events.append(
            ev.Event(
                ev.OVERCALL,
                seat,
                {"cards": format_cards(overcall.cards), "suit": overcall.suit},
            )
        )
        self._take_kitty(seat)
        return overcall

    def pass_overcall(self, seat: int) -> None:
        """Pass in the overcall round; four passes in a row start the play."""
        self._require(OVERCALL, N_("cannot pass now: the hand is in the {phase} phase"))
        check_seat(seat)
        self._require_turn(seat, self._overcall_turn, OVERCALL_TURN)
        self._overcalls += ((seat, None),)
        self._actions.append({"action": "pass_overcall", "seat": seat})
        self._events.append(ev.Event(ev.OVERCALL_PASS, seat))
        passes = 0
        for _seat, overcall in reversed(self._overcalls):
            if overcall is not None:
                break
            passes += 1
        if passes >= 4:
            self._start_play()
        else:
            self._overcall_turn = next_seat(seat)

    # --- playing ------------------------------------------------------------------------
    def check_play(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """Raise if ``seat`` may not play ``cards`` now; return the cards as a list."""
        if self._phase != PLAYING:
            self._require(PLAYING, N_("cannot play cards now: the hand is in the {phase} phase"))
        if type(seat) is not int or seat != self._turn:
            check_seat(seat)
            raise OutOfTurn(
                message("it is seat {turn}'s turn, not seat {seat}'s", turn=self._turn, seat=seat)
            )
        cards = as_cards(cards)
        trump = self._trump
        assert trump is not None
        hand = self._hands[seat]
        current = self._current
        if not current:
            verdict = check_lead(hand, cards, trump)
        else:
            verdict = check_follow(hand, current[0][1], cards, trump)
        if not verdict.ok:
            raise IllegalMove(verdict.reason)
        return cards

    def play(self, seat: int, cards: Sequence[Card] | str) -> tuple[Card, ...]:
        """Lead or follow. Returns the cards actually played (a failed throw plays less)."""
        # check_play in line (it runs for every card of every simulated trick): the same
        # checks, the same rules core (check_lead / check_follow), the same errors
        if self._phase != PLAYING or type(seat) is not int or seat != self._turn:
            self.check_play(seat, cards)  # raises the refusal
        if type(cards) is list or type(cards) is tuple:  # as_cards's common case, in line
            for card in cards:  # a list or tuple of cards (a player's answer) is kept as it is
                if card.__class__ is not Card:
                    cards = [c if c.__class__ is Card else Card.parse(c) for c in cards]
                    break
        else:
            cards = as_cards(cards)
        trump = self._trump
        assert trump is not None
        hand = self._hands[seat]
        current = self._current
        verdict = (
            check_follow(hand, current[0][1], cards, trump)
            if current
            else check_lead(hand, cards, trump)
        )
        if not verdict.ok:
            raise IllegalMove(verdict.reason)
        played = tuple(cards)
        self._actions.append((seat, played))  # a play: its text is written when read
        if not current:
            self._attempted = None
            if len(cards) > 1:
                others = [self._hands[s] for s in SEATS if s != seat]
                throw = check_throw(cards, others, trump)
                if not throw.ok:
                    played = tuple(throw.forced)
                    self._attempted = tuple(cards)
                    penalty = self.rules.throw_penalty
                    self._penalty += penalty if self.is_dealer_team(seat) else -penalty
                    self._events.append(
                        (ev.THROW_FAILED, seat, self._attempted, played, throw, penalty)
                    )
        else:
            lead = current[0][1]
            suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
            suit = suit_of[lead[0].index]
            if len(played) == 1:
                short = suit_of[played[0].index] != suit
            else:
                short = sum(1 for c in played if suit_of[c.index] == suit) < len(lead)
            if short:  # the seat did not follow suit: it has shown a void
                voids = list(self._voids)
                voids[seat] = voids[seat] | {suit}
                self._voids = tuple(voids)
        if len(played) == 1:  # _remove(hand, played) in line
            card = played[0]
            for position, held in enumerate(hand):
                if held is card:
                    del hand[position]
                    break
        else:
            _remove(hand, played)
        self._played += played
        current += ((seat, played),)
        self._current = current
        self._events.append((ev.PLAY, seat, played))
        if len(current) == 4:
            self._finish_trick()
        else:
            self._turn = (seat + 1) % 4  # next_seat(seat)
        return played

    def _finish_trick(self) -> None:
        trump = self._trump
        assert trump is not None
        plays = self._current
        winner = plays[trick_winner([cards for _, cards in plays], trump)][0]
        # the trick's cards are the last ones played: four plays of the lead's size
        points = trick_points(self._played[-4 * len(plays[0][1]) :])
        if winner % 2 != self._dealer % 2:  # not is_dealer_team(winner): the defenders'
            self._points += points
        tricks = self._tricks + (make_trick(plays[0][0], plays, winner, points, self._attempted),)
        self._tricks = tricks
        self._events.append((ev.TRICK, winner, len(tricks), points, self._points))
        self._current = ()
        self._attempted = None
        self._turn = winner
        if not self._hands[winner]:  # every hand is empty: that was the last trick
            self._settle()

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
        if not isinstance(public, PublicTable):
            raise BadGuess(
                message("a world is built from a PublicTable (round.public or view.public)")
            )
        if public.phase != PLAYING:
            raise WrongPhase(
                message(
                    "what-if worlds are made during play, not in the {phase} phase",
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
        size = public.rules.kitty_size
        if len(kitty) != size:
            raise BadGuess(
                message(
                    "a what-if kitty holds {size} cards, not {given}", size=size, given=len(kitty)
                )
            )
        world = cls.__new__(cls)
        world.seed = None
        world.rules = public.rules
        world.rng = random.Random(seed)
        world._levels = public.levels
        world._dealer = public.dealer
        world._starting_dealer = public.starting_dealer
        world._first_hand = public.first_hand
        world._fixed_trump = public.fixed_trump
        world._dealt_cards = public.rules.dealt_cards
        world._deck = []  # a world was never dealt: it knows only the guess
        world._fallback_dealer = None
        world._fallback_flip = None
        world._rng_seed = seed
        world._seat_rngs = [None] * 4
        world._dealt = public.dealt
        world._hands = guess
        world._declarable = [[] for _ in SEATS]
        world._declaration_cache = [None] * 4
        world._declaring_seats = ()
        world._deal_level = public.level_rank
        world._declarations = public.declarations
        world._bids = public.bids
        world._auction_turn = None
        world._trump = public.trump
        world._kitty_flip = public.kitty_flip
        world._kitty_cards = kitty
        world._kitty_holder = None
        world._buried = kitty
        world._buried_by = public.buried_by
        world._overcalls = public.overcalls
        world._overcall_turn = None
        world._tricks = public.tricks
        world._current = public.current_trick
        world._attempted = public.attempted
        world._turn = public.turn
        world._points = public.defender_points
        world._penalty = public.penalty
        world._voids = public.voids
        world._played = public.played_cards
        world._result = None
        world._phase = PLAYING
        world._events = []
        world._events_read = 0
        world._built_events = []
        world._actions = []
        return world

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


def _shown(value: object) -> str:
    """A short ``repr`` for an error message."""
    try:
        text = repr(value)
    except ValueError:
        text = "<an integer too long to show>"
    return text if len(text) <= 40 else text[:40] + "…"


def _event(entry) -> ev.Event:
    """An event of the log: kept as an Event, or as a tuple for a deal, a play, a failed throw
    or a trick."""
    if type(entry) is not tuple:
        return entry
    kind, seat = entry[0], entry[1]
    if kind == ev.DEAL:
        return ev.Event(kind, seat, {"card": entry[2].text, "number": entry[3]})
    if kind == ev.PLAY:
        return ev.Event(kind, seat, {"cards": format_cards(entry[2])})
    if kind == ev.THROW_FAILED:
        attempted, forced, throw, penalty = entry[2:]
        data = {
            "attempted": format_cards(attempted),
            "forced": format_cards(forced),
            "beaten_by": format_cards(throw.beaten_by),
            "reason": throw.reason,  # its English is written now, when first read
            "penalty": penalty,
        }
        return ev.Event(kind, seat, data)
    number, points, defender_points = entry[2:]
    return ev.Event(
        kind, seat, {"number": number, "points": points, "defender_points": defender_points}
    )


def _action(entry) -> dict:
    """An action of the log as plain data (a copy): kept as a dict, or a play as a tuple."""
    if type(entry) is dict:
        return dict(entry)
    seat, cards = entry
    return {"action": "play", "seat": seat, "cards": format_cards(cards)}


def _remove(hand: list[Card], cards: Sequence[Card]) -> None:
    """Take the cards out of the hand. Cards are interned, so the first card that *is* each
    one is removed (what ``hand.remove`` does, without comparing cards one by one)."""
    for card in cards:
        for position, held in enumerate(hand):
            if held is card:
                del hand[position]
                break
        else:
            raise ValueError(f"{card} is not in the hand")


PlayerView._build_world = staticmethod(Round.world)
"""A view builds its search worlds with ``Round.world``, given here: this module imports
:mod:`.view`, and the view never imports the round (one direction of dependency)."""
