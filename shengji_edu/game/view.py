"""What a player sees: its own hand and the table's public record, and nothing else.

A :class:`PlayerView` is four things and no more: the :class:`~.public.PublicTable` (what
the whole table has seen), the seat, that seat's hand (a tuple), that seat's own generator
and, for the seat that buried the kitty last (the dealer, or with ``overcall_after_bury``
the last overcaller), the kitty it buried. It keeps no reference to the
:class:`~shengji_edu.game.round.Round` and everything it returns is immutable (tuples,
frozensets, frozen dataclasses, cards, ints, strings) or freshly made for the caller (the
lists of :attr:`PlayerView.legal_declarations`): nothing a player does to what it is given
can reach the game, and no attribute of the view leads to the seed, the deck, the original
kitty or another hand.

Search players play *worlds*: :meth:`PlayerView.sample_world` deals the cards this player
has not seen at random (honouring hand sizes and shown voids; the kitty is guessed too
unless this seat buried it) and builds a playable round from the public record and that
guess alone (:meth:`Round.world <shengji_edu.game.round.Round.world>`): it has no seed, no
deck and no real hand, and its generators come from the caller's ``rng``.

:meth:`PlayerView.to_data` / :meth:`PlayerView.from_data` give a JSON-ready form and an
equivalent view rebuilt from it, for players that run in another process.

What this guarantees, and what it cannot: no path through the public API and no attribute
of a view leads to hidden information. A Python player running in the same process can
always dig through ``gc`` or stack frames to the engine; the strong guarantee (a player in
its own process, given only ``to_data()``) is the tournament's.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import ALL_CARDS, Card, CardParseError, as_cards, first_missing, format_cards
from ..declaring import Declaration, overcall_strength, possible_declarations, possible_overcalls
from ..follow import check_follow
from ..i18n import message
from ..rules import RuleSet
from ..tricks import check_lead
from ..trump import Trump
from ..verdict import Verdict
from .errors import BadGuess, RecordError
from .public import (
    AUCTION,
    DEALING,
    KITTY,
    OVERCALL,
    PLAYING,
    PublicTable,
    Trick,
    _Reader,
    bury_refusal,
    check_seat,
    phase_name,
    shorten_value,
    team_of,
)

if TYPE_CHECKING:
    from .round import Round

PLAYER_VIEW_FORMAT = "shengji-edu player view"
PLAYER_VIEW_VERSION = 1


class PlayerView:
    """What seat ``seat`` can see of a hand right now: ``round.view(seat)`` (or
    ``table.view(seat)``, the same thing).

    The view is a snapshot: it does not change when the game goes on (ask for a new one).
    Other processes rebuild one with :meth:`from_data`; tests with :meth:`from_parts`.
    """

    __slots__ = ("_table", "_seat", "_hand", "_rng", "_buried", "_options")

    _table: PublicTable
    _seat: int
    _hand: tuple[Card, ...]
    _rng: random.Random
    _buried: tuple[Card, ...]

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        raise TypeError(
            "a PlayerView is not made directly: ask the game for one, round.view(seat) or "
            "table.view(seat)"
        )

    _build_world: Callable[..., Round]
    """``Round.world``, set by :mod:`shengji_edu.game.round` (which imports this module, not
    the other way round): what :meth:`what_if` builds a world with."""

    @classmethod
    def from_parts(
        cls,
        table: PublicTable,
        seat: int,
        hand: Sequence[Card],
        rng: random.Random,
        buried: Sequence[Card] = (),
    ) -> PlayerView:
        """A view from its parts (the tournament and tests build views without a Round)."""
        if not isinstance(table, PublicTable):
            raise ValueError("a view's table must be a PublicTable")
        if not isinstance(rng, random.Random):
            raise ValueError("a view's rng must be a random.Random")
        view = object.__new__(cls)
        _fill(view, table, check_seat(seat), tuple(as_cards(hand)), rng, tuple(as_cards(buried)))
        return view

    def __reduce__(self):  # copies and pickles rebuild through from_parts
        return (
            PlayerView.from_parts,
            (self._table, self._seat, self._hand, self._rng, self._buried),
        )

    def __repr__(self) -> str:
        return (
            f"<PlayerView seat={self._seat} phase={self._table.phase} hand={len(self._hand)} cards>"
        )

    # --- who and what ------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self._seat

    @property
    def hand(self) -> tuple[Card, ...]:
        """This player's cards (during the deal: the cards received so far)."""
        return self._hand

    @property
    def rng(self) -> random.Random:
        """This seat's own generator (RULES §9): draw from it freely; it is nobody else's."""
        return self._rng

    @property
    def public(self) -> PublicTable:
        """The whole public record (what every player at the table has seen)."""
        return self._table

    @property
    def rules(self) -> RuleSet:
        return self._table.rules

    @property
    def phase(self) -> str:
        return self._table.phase

    @property
    def turn(self) -> int | None:
        return self._table.turn

    @property
    def dealt(self) -> int:
        """How many cards of the deal have been dealt so far."""
        return self._table.dealt

    @property
    def trump(self) -> Trump | None:
        return self._table.trump

    @property
    def level_rank(self) -> int:
        return self._table.level_rank

    @property
    def levels(self) -> tuple[int, int]:
        return self._table.levels

    @property
    def dealer(self) -> int | None:
        return self._table.dealer

    @property
    def partner(self) -> int:
        return (self._seat + 2) % 4

    @property
    def is_dealer_team(self) -> bool:
        dealer = self._table.dealer
        return dealer is not None and team_of(dealer) == team_of(self._seat)

    # --- declaring ---------------------------------------------------------------------
    @property
    def standing_declaration(self) -> Declaration | None:
        return self._table.standing_declaration

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        return self._table.declarations

    @property
    def legal_declarations(self) -> list[list[Card]]:
        """What this player may declare right now (fresh lists: yours to keep or change)."""
        if self._options is not None:  # the round's own answer for this seat, worked out once
            return [list(option) for option in self._options]
        table = self._table  # a view made without the round (a what-if world): §8's ladder
        if table.fixed_trump is not None:
            return []
        if table.phase == DEALING:
            allowed = table.rules.bidding == "during_deal" and table.dealt > 0
        else:
            allowed = table.phase == AUCTION and table.turn == self._seat
        if not allowed:
            return []
        if table.declaring_closed:  # wearing the A (RULES §12.12): nobody declares
            return []
        level = table.level_rank
        if table.dealer is None and not table.declarations:  # a first hand: one's own level
            level = table.levels[self._seat % 2]
        return possible_declarations(
            self._hand,
            level,
            table.standing_declaration,
            table.rules.decks,
            self._seat,
            joker_bids=table.rules.joker_bids,
        )

    # --- overcalling after the bury (RULES §11.3) ----------------------------------------
    @property
    def overcalls(self) -> tuple[tuple[int, Declaration | None], ...]:
        """The overcall round so far: (seat, its overcall) or (seat, None) for a pass."""
        return self._table.overcalls

    @property
    def overcall_floor(self) -> Declaration | None:
        """What an overcall must beat now (see :attr:`PublicTable.overcall_floor`)."""
        return self._table.overcall_floor

    @property
    def legal_overcalls(self) -> list[list[Card]]:
        """What this player may overcall with right now (fresh lists; empty unless it is
        this player's turn in the overcall round)."""
        table = self._table
        if table.phase != OVERCALL or table.turn != self._seat:
            return []
        floor = table.overcall_floor
        if floor is None:
            return []
        return possible_overcalls(
            self._hand, table.level_rank, floor, table.rules.decks, table.rules.joker_bids
        )

    def check_overcall(self, cards: Sequence[Card] | str) -> str:
        """Why overcalling with ``cards`` would be refused ("" if it would be accepted)."""
        table = self._table
        if table.phase != OVERCALL:
            return str(
                message(
                    "cannot overcall now: the hand is in the {phase} phase",
                    phase=phase_name(table.phase),
                )
            )
        if table.turn != self._seat:
            return str(
                message(
                    "it is seat {turn}'s turn to overcall or pass, not seat {seat}'s",
                    turn=table.turn,
                    seat=self._seat,
                )
            )
        try:
            cards = as_cards(cards)
        except CardParseError as exc:
            return str(exc)
        missing = first_missing(cards, self._hand)
        if missing is not None:
            return str(
                message(
                    "seat {seat} does not hold {card}: overcall with your cards",
                    seat=self._seat,
                    card=missing,
                )
            )
        floor = table.overcall_floor
        assert floor is not None
        try:
            overcall_strength(
                cards, table.level_rank, floor, table.rules.decks, table.rules.joker_bids
            )
        except ValueError as exc:
            return str(exc)
        return ""

    # --- the play ----------------------------------------------------------------------
    @property
    def lead(self) -> tuple[Card, ...] | None:
        """Cards led in the running trick; ``None`` when this player is to lead."""
        current = self._table.current_trick  # the table's lead, read without its property
        return current[0][1] if current else None

    @property
    def current_trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        return self._table.current_trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self._table.tricks

    @property
    def played_cards(self) -> tuple[Card, ...]:
        return self._table.played_cards

    @property
    def defender_points(self) -> int:
        return self._table.defender_points

    @property
    def penalty(self) -> int:
        """Net throw penalty for the defenders so far."""
        return self._table.penalty

    # --- reports and returns (RULES §12.5) ----------------------------------------------
    @property
    def bids(self) -> tuple[tuple[int, tuple[Card, ...] | None], ...]:
        """The after-deal bids so far: (seat, cards) or (seat, None) for a pass; under
        ``bidding="report"`` empty until all four have answered, then every answer."""
        return self._table.bids

    def reported(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` reported (``None``: it passed, or nothing is shown yet)."""
        for who, cards in self._table.bids:
            if who == seat:
                return cards
        return None

    @property
    def returns(self) -> tuple[tuple[int, int, int], ...]:
        """The returns made so far as (giver, receiver, number of cards)."""
        return self._table.returns

    @property
    def returns_due(self) -> tuple[int, ...]:
        """The seats still owed a return, in order (the first is owed now)."""
        return self._table.returns_due

    @property
    def buried(self) -> tuple[Card, ...]:
        """The kitty this player buried, while it is the kitty (empty unless this seat
        buried last: the dealer, or with ``overcall_after_bury`` the last overcaller). With
        ``open_kitty`` (RULES §12.11) every player sees it: it is ``open_kitty``."""
        return self._buried or self._table.open_kitty

    @property
    def kitty_holder(self) -> int | None:
        """In the kitty phase, the seat that holds the kitty and must bury it (else None)."""
        table = self._table
        return table.turn if table.phase == KITTY else None

    @property
    def buried_by(self) -> int | None:
        """The seat whose bury is the kitty now (``None`` before the first bury)."""
        return self._table.buried_by

    def voids(self, seat: int) -> frozenset[str]:
        """Effective suits ``seat`` has shown it is out of."""
        return self._table.voids[check_seat(seat)]

    def hand_sizes(self) -> tuple[int, ...]:
        return self._table.hand_sizes

    def check(self, cards: Sequence[Card] | str) -> Verdict:
        """Would this lead or follow be accepted? (Throws are checked only when played.)"""
        trump = self._table.trump
        if self._table.phase != PLAYING or trump is None:
            reason = message(
                "cards are played in the playing phase, not {phase}",
                phase=phase_name(self.phase),
            )
            return Verdict(False, str(reason))
        try:
            cards = as_cards(cards)
        except CardParseError as exc:
            return Verdict(False, str(exc))
        lead = self._table.lead
        if lead is None:
            return check_lead(self._hand, cards, trump)
        return check_follow(self._hand, lead, cards, trump)

    def check_bury(self, cards: Sequence[Card] | str) -> str:
        """Why burying ``cards`` would be refused ("" if it would be accepted)."""
        table = self._table
        if table.phase != KITTY:
            return str(
                message(
                    "cannot bury the kitty now: the hand is in the {phase} phase",
                    phase=phase_name(table.phase),
                )
            )
        if self._seat != table.turn:
            if table.turn == table.dealer:
                return str(
                    message("only the dealer (seat {seat}) buries the kitty", seat=table.dealer)
                )
            return str(
                message(
                    "only seat {seat}, who overcalled and took the kitty, buries it now",
                    seat=table.turn,
                )
            )
        try:
            cards = as_cards(cards)
        except CardParseError as exc:
            return str(exc)
        return bury_refusal(self._hand, cards, table.rules)

    # --- worlds for search -------------------------------------------------------------
    def what_if(self, hands: Sequence[Sequence[Card]], buried: Sequence[Card], seed: int) -> Round:
        """A playable world in which the players hold ``hands`` and the kitty is ``buried``.

        The guess must leave this player's own hand as it is and give every seat as many
        cards as it holds. The world is built from the public record and the guess only
        (see the module docstring), so searching in it is fair play.
        """
        if isinstance(hands, Sequence) and len(hands) == 4 and not isinstance(hands, str):
            try:
                mine = sorted(as_cards(hands[self._seat]))
            except CardParseError as exc:
                raise BadGuess(f"a what-if hand is not cards: {exc}") from None
            if mine != sorted(self._hand):
                raise BadGuess("a guess must leave this player's own hand as it is")
        try:
            return PlayerView._build_world(self._table, hands, buried, seed)
        except CardParseError as exc:
            raise BadGuess(f"a what-if guess holds something that is not a card: {exc}") from None

    def sample_hands(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """One guess of every hand (and of the kitty) consistent with what this player knows:
        each seat gets as many cards as it holds, never of a suit it has shown a void in,
        and the kitty is guessed too unless this seat buried it."""
        return sample_hands(self, rng)

    def sample_world(self, rng: random.Random) -> Round:
        """A world to search in: :meth:`sample_hands` played into :meth:`what_if`, the world's
        generators seeded from ``rng`` (one draw after the guess)."""
        hands, buried = sample_hands(self, rng)
        return self.what_if(hands, buried, rng.getrandbits(64))

    # --- plain data --------------------------------------------------------------------
    def to_data(self, rng: bool = True) -> dict[str, Any]:
        """JSON-ready data for a player in another process; :meth:`from_data` rebuilds it.

        With ``rng=True`` the generator's state goes along (625 numbers), so the rebuilt
        view draws exactly what this one would.
        """
        state = None
        if rng:
            version, internal, gauss = self._rng.getstate()
            state = [version, list(internal), gauss]
        return {
            "format": PLAYER_VIEW_FORMAT,
            "version": PLAYER_VIEW_VERSION,
            "seat": self._seat,
            "hand": format_cards(self._hand),
            "buried": format_cards(self._buried),
            "rng": state,
            "table": self._table.to_data(),
        }

    @classmethod
    def from_data(cls, data: Any, rng: random.Random | None = None) -> PlayerView:
        """A view equal to the one :meth:`to_data` described; checks every field.

        ``rng``: the generator to use (default: one restored from the data's state, or a
        fresh ``random.Random(0)`` if the data has none). Raises RecordError on bad data.
        """
        r = _Reader(data, "player view")
        if r.get("format", str) != PLAYER_VIEW_FORMAT or r.get("version", int) != (
            PLAYER_VIEW_VERSION
        ):
            raise RecordError(f"not a {PLAYER_VIEW_FORMAT} (version {PLAYER_VIEW_VERSION})")
        table = PublicTable.from_data(r.get("table", dict))
        seat = r.seat("seat")
        hand = tuple(r.cards("hand"))
        buried = tuple(r.cards("buried"))
        if len(hand) != table.hand_sizes[seat]:
            raise RecordError(
                f"the player view's hand holds {len(hand)} cards but the table says "
                f"{table.hand_sizes[seat]}"
            )
        size = table.rules.kitty_size
        if buried and len(buried) != size:
            raise RecordError(f"the player view's 'buried' must be {size} cards or none")
        if rng is None:
            state = r.get("rng", (list, type(None)))
            rng = random.Random(0)
            if state is not None:
                try:
                    version, internal, gauss = state
                    if not (isinstance(internal, list) and all(type(x) is int for x in internal)):
                        raise TypeError("the state must be numbers")
                    rng.setstate((version, tuple(internal), gauss))
                except (TypeError, ValueError, OverflowError) as exc:
                    raise RecordError(f"the player view's 'rng' is not a state: {exc}") from None
        elif not isinstance(rng, random.Random):
            raise ValueError("rng must be a random.Random")
        return cls.from_parts(table, seat, hand, rng, buried)


def make_view(
    table: PublicTable,
    seat: int,
    hand: tuple,
    rng: random.Random,
    buried: tuple,
    options: tuple | None = None,
):
    """The engine's fast way to a view (:meth:`Round.view`): parts already checked.

    ``options`` is what the seat may declare, when the round has worked it out already (it
    is what :attr:`PlayerView.legal_declarations` would compute from the view's hand)."""
    view = _new_view(PlayerView)
    view._table = table
    view._seat = seat
    view._hand = hand
    view._rng = rng
    view._buried = buried
    view._options = options
    return view


_new_view = object.__new__


def _fill(view: PlayerView, table, seat, hand, rng, buried) -> None:
    view._table = table
    view._seat = seat
    view._hand = hand
    view._rng = rng
    view._buried = buried
    view._options = None


# --- sampling the unseen cards -----------------------------------------------------------------
def unseen_list(view: PlayerView) -> list[Card]:
    """The cards this player has not seen (not in its hand, not played, not buried by it),
    each copy listed, in canonical card order (every card exists ``rules.decks`` times)."""
    left = [view.rules.decks] * len(ALL_CARDS)
    for seen in (view.hand, view.played_cards, view.buried):
        for card in seen:
            left[card.index] -= 1
    return [card for card, n in zip(ALL_CARDS, left, strict=True) for _ in range(n)]


def sample_hands(view: PlayerView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """One guess of every hand (and the kitty) consistent with the view (see
    :meth:`PlayerView.sample_hands`). Draws only from ``rng``.

    Cards that fewer places can hold are dealt first, so voids rarely dead-end; after 20
    failed tries (rare: a seat void in all but one suit, say) :func:`_deal_without_dead_ends`
    deals in a way that cannot fail, so the voids are always honoured.
    """
    if not isinstance(rng, random.Random):
        raise BadGuess(f"worlds are sampled with a random.Random, not {shorten_value(rng)}")
    trump = view.trump
    if trump is None or view.phase != PLAYING:
        raise BadGuess(f"worlds are sampled during play, not in the {view.phase} phase")
    me = view.seat
    sizes = view.hand_sizes()
    knows_kitty = bool(view.buried)
    slots: list = [s for s in range(4) if s != me] + ([] if knows_kitty else ["kitty"])
    room = {s: sizes[s] for s in range(4) if s != me}
    if not knows_kitty:
        room["kitty"] = view.rules.kitty_size
    unseen = unseen_list(view)
    voids = {s: view.voids(s) for s in range(4) if s != me}
    for _attempt in range(20):
        rng.shuffle(unseen)
        order = sorted(
            unseen,
            key=lambda c: sum(1 for s in slots if s == "kitty" or trump.suit_of(c) not in voids[s]),
        )
        free = dict(room)
        guess: dict = {s: [] for s in slots}
        for card in order:
            allowed = [
                s
                for s in slots
                if free[s] and (s == "kitty" or trump.suit_of(card) not in voids[s])
            ]
            if not allowed:
                break
            slot = rng.choice(allowed)
            guess[slot].append(card)
            free[slot] -= 1
        else:
            break
    else:  # twenty dead ends: deal card by card, keeping the rest dealable every time
        guess = _deal_without_dead_ends(unseen, slots, room, voids, trump.suit_of, rng)
    hands = [list(view.hand) if s == me else guess[s] for s in range(4)]
    buried = list(view.buried) if knows_kitty else guess["kitty"]
    return hands, buried


def _dealable(need: Counter, free: dict, voids: dict) -> bool:
    """Can cards of these suits (``need``: suit → count) fill places with ``free`` room, a
    seat taking no suit it is void in? Hall's condition for every set of suits: the cards
    of the set fit in the room of the places that take some suit of it (the max-flow/min-cut
    theorem on a graph of at most five suits and five places)."""
    suits = [suit for suit, count in need.items() if count]
    for size in range(1, len(suits) + 1):
        for chosen in itertools.combinations(suits, size):
            room = sum(
                free[s] for s in free if s == "kitty" or any(x not in voids[s] for x in chosen)
            )
            if sum(need[x] for x in chosen) > room:
                return False
    return True


def _deal_without_dead_ends(unseen, slots, room, voids, suit_of, rng) -> dict:
    """Deal ``unseen`` into ``slots`` honouring every void: each card goes to a place chosen
    at random among those after which the cards left can still be dealt (:func:`_dealable`).
    The real hands are such a deal, so one always exists."""
    rng.shuffle(unseen)
    need = Counter(suit_of(card) for card in unseen)
    free = dict(room)
    guess: dict = {s: [] for s in slots}
    for card in unseen:
        suit = suit_of(card)
        need[suit] -= 1
        allowed = []
        for s in slots:
            if free[s] and (s == "kitty" or suit not in voids[s]):
                free[s] -= 1
                if _dealable(need, free, voids):
                    allowed.append(s)
                free[s] += 1
        if not allowed:
            raise BadGuess("no deal of the unseen cards honours every void the table showed")
        slot = rng.choice(allowed)
        guess[slot].append(card)
        free[slot] -= 1
    return guess


__all__ = ["PlayerView", "sample_hands", "unseen_list"]
