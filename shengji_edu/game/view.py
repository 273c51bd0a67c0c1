"""What a player sees: its own hand and the table's public record, and nothing else.

A :class:`PlayerView` is four things and no more: the public record
(:class:`~.public.PublicTable`, what the whole table has seen), the seat, that seat's hand
(a tuple), that seat's own generator and, for the seat that buried the kitty last (the
dealer, or with ``overcall_after_bury`` the last overcaller), the kitty it buried. (What
the seat may declare and the cards led are worked out from these once, as it is made.)
Every decision gets a new view, so it is made cheaply: one immutable tuple of those
values, each read by its name as a named tuple's fields are; the record's fields are the
view's attributes (``view.trump``, ``view.current_trick``), and :attr:`PlayerView.public`
gathers them into a :class:`~.public.PublicTable` when asked. It keeps no reference to the
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
from ..declaring import overcall_strength, possible_declarations, possible_overcalls
from ..follow import check_follow
from ..i18n import message
from ..tricks import check_lead
from ..verdict import Verdict
from .errors import BadGuess, RecordError
from .public import (
    AUCTION,
    DEALING,
    KITTY,
    OVERCALL,
    PLAYING,
    PublicTable,
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


try:  # the read-only field of a named tuple, as collections.namedtuple makes it
    from _collections import _tuplegetter
except ImportError:  # another Python: the same thing as a property
    from operator import itemgetter

    def _tuplegetter(index: int, doc: str) -> property:
        return property(itemgetter(index), doc=doc)


def _field(name: str, doc: str):
    """The read-only attribute of a view for the public record's field ``name``."""
    return _tuplegetter(PublicTable._fields.index(name), doc)


_RECORD = len(PublicTable._fields)
"""A view holds the public record's values first, in :class:`PublicTable`'s order."""
_SEAT, _HAND, _RNG, _BURIED, _OPTIONS, _LEAD = range(_RECORD, _RECORD + 6)


class PlayerView(tuple):
    """What seat ``seat`` can see of a hand right now: ``round.view(seat)`` (or
    ``table.view(seat)``, the same thing).

    The view is a snapshot: it does not change when the game goes on (ask for a new one).
    Other processes rebuild one with :meth:`from_data`; tests with :meth:`from_parts`.

    Every decision of every player gets a new view, so it is made as cheaply as Python
    allows: one immutable tuple of the public record's values (in :class:`PublicTable`'s
    order, each read by its name, as a named tuple's fields are), then the seat, the hand,
    the generator, the kitty this seat buried, the declarations it may make and the cards
    led. Read it by its names; :attr:`public` is the record as a :class:`PublicTable`.
    """

    __slots__ = ()

    def __new__(cls, *_args: object, **_kwargs: object) -> PlayerView:
        raise TypeError(
            "a PlayerView is not made directly: ask the game for one, round.view(seat) or "
            "table.view(seat)"
        )

    # a view is equal only to itself, as any object (not to a tuple of the same values)
    __hash__ = object.__hash__

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

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
        hand, buried = tuple(as_cards(hand)), tuple(as_cards(buried))
        return make_view(tuple(table), check_seat(seat), hand, rng, buried)

    def __reduce__(self):  # copies and pickles rebuild through from_parts
        return (PlayerView.from_parts, (self.public, self.seat, self.hand, self.rng, self[_BURIED]))

    def __repr__(self) -> str:
        return f"<PlayerView seat={self.seat} phase={self.phase} hand={len(self.hand)} cards>"

    # --- who and what ------------------------------------------------------------------
    seat = _tuplegetter(_SEAT, "This player's seat.")
    hand = _tuplegetter(_HAND, "This player's cards (during the deal: the cards received so far).")
    rng = _tuplegetter(
        _RNG, "This seat's own generator (RULES §9): draw from it freely; it is nobody else's."
    )

    @property
    def public(self) -> PublicTable:
        """The whole public record (what every player at the table has seen), made when
        asked: a player that reads it often keeps it."""
        return _new_public(PublicTable, self[:_RECORD])

    # the public record's fields, by their names (PublicTable's)
    rules = _field("rules", "The rules of the hand.")
    phase = _field("phase", "The phase of the hand.")
    levels = _field("levels", "Both teams' levels as the hand began.")
    starting_dealer = _field(
        "starting_dealer", "The dealer the hand began with (None in a first hand)."
    )
    dealer = _field("dealer", "The dealer (None in a first hand until someone declares).")
    first_hand = _field("first_hand", "Whether this is the first hand of a match.")
    fixed_trump = _field("fixed_trump", "The trump fixed in advance (arena deals), or None.")
    dealt = _field("dealt", "How many cards of the deal have been dealt so far.")
    turn = _field("turn", "Whose decision the game waits for (None while dealing).")
    trump = _field("trump", "The trump once declaring is over (None before).")
    declarations = _field(
        "declarations", "The declarations of the deal (and the after-deal auction)."
    )
    kitty_flip = _field("kitty_flip", "The kitty card turned up when nobody declared.")
    tricks = _field("tricks", "The finished tricks.")
    current_trick = _field("current_trick", "The running trick's plays so far, as (seat, cards).")
    attempted = _field("attempted", "The running trick's failed throw (all the leader tried).")
    played_cards = _field("played_cards", "Every card played to a trick so far, in order.")
    defender_points = _field("defender_points", "Points the defenders have won in tricks so far.")
    penalty = _field("penalty", "Net throw penalty for the defenders so far.")
    result = _field("result", "How the hand ended (None until it has).")
    overcalls = _field(
        "overcalls", "The overcall round so far: (seat, its overcall) or (seat, None) for a pass."
    )
    lead = _tuplegetter(_LEAD, "Cards led in the running trick; None when this player is to lead.")

    @property
    def buried(self) -> tuple[Card, ...]:
        """The kitty this player buried, while it is the kitty (empty unless this seat
        buried last: the dealer, or with ``overcall_after_bury`` the last overcaller). With
        ``open_kitty`` (RULES §12.11) every player sees it: it is ``open_kitty``."""
        return self[_BURIED] or self[_OPEN_KITTY]

    bids = _field(
        "bids",
        "The after-deal bids so far: (seat, cards) or (seat, None) for a pass; under "
        'bidding="report" empty until all four have answered, then every answer.',
    )

    def reported(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` reported (``None``: it passed, or nothing is shown yet)."""
        for who, cards in self.bids:
            if who == seat:
                return cards
        return None

    returns = _field("returns", "The returns made so far as (giver, receiver, number of cards).")
    returns_due = _field(
        "returns_due", "The seats still owed a return, in order (the first is owed now)."
    )
    open_kitty = _field(
        "open_kitty",
        "The buried cards, shown to everyone with rules.open_kitty (RULES §12.11); empty "
        "otherwise and before the bury.",
    )

    # the record's derived facts: PublicTable's own, which read only the fields above
    level_rank = PublicTable.level_rank
    standing_declaration = PublicTable.standing_declaration
    overcall_floor = PublicTable.overcall_floor
    buried_by = PublicTable.buried_by
    declaring_closed = PublicTable.declaring_closed

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def is_dealer_team(self) -> bool:
        dealer = self.dealer
        return dealer is not None and team_of(dealer) == team_of(self.seat)

    # --- declaring ---------------------------------------------------------------------
    @property
    def legal_declarations(self) -> list[list[Card]]:
        """What this player may declare right now (fresh lists: yours to keep or change)."""
        options = self[_OPTIONS]
        if options is not None:  # the round's own answer for this seat, worked out once
            return list(map(list, options))
        # a view made without the round (a what-if world): §8's ladder
        if self.fixed_trump is not None:
            return []
        if self.phase == DEALING:
            allowed = self.rules.bidding == "during_deal" and self.dealt > 0
        else:
            allowed = self.phase == AUCTION and self.turn == self.seat
        if not allowed:
            return []
        if self.declaring_closed:  # wearing the A (RULES §12.12): nobody declares
            return []
        level = self.level_rank
        if self.dealer is None and not self.declarations:  # a first hand: one's own level
            level = self.levels[self.seat % 2]
        return possible_declarations(
            self.hand,
            level,
            self.standing_declaration,
            self.rules.decks,
            self.seat,
            joker_bids=self.rules.joker_bids,
        )

    # --- overcalling after the bury (RULES §11.3) ----------------------------------------
    @property
    def legal_overcalls(self) -> list[list[Card]]:
        """What this player may overcall with right now (fresh lists; empty unless it is
        this player's turn in the overcall round)."""
        if self.phase != OVERCALL or self.turn != self.seat:
            return []
        floor = self.overcall_floor
        if floor is None:
            return []
        return possible_overcalls(
            self.hand, self.level_rank, floor, self.rules.decks, self.rules.joker_bids
        )

    def check_overcall(self, cards: Sequence[Card] | str) -> str:
        """Why overcalling with ``cards`` would be refused ("" if it would be accepted)."""
        table = self
        if table.phase != OVERCALL:
            return str(
                message(
                    "cannot overcall now: the hand is in the {phase} phase",
                    phase=phase_name(table.phase),
                )
            )
        if table.turn != self.seat:
            return str(
                message(
                    "it is seat {turn}'s turn to overcall or pass, not seat {seat}'s",
                    turn=table.turn,
                    seat=self.seat,
                )
            )
        try:
            cards = as_cards(cards)
        except CardParseError as exc:
            return str(exc)
        missing = first_missing(cards, self.hand)
        if missing is not None:
            return str(
                message(
                    "seat {seat} does not hold {card}: overcall with your cards",
                    seat=self.seat,
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
    def kitty_holder(self) -> int | None:
        """In the kitty phase, the seat that holds the kitty and must bury it (else None)."""
        return self.turn if self.phase == KITTY else None

    def voids(self, seat: int) -> frozenset[str]:
        """Effective suits ``seat`` has shown it is out of."""
        return self[_VOIDS][check_seat(seat)]

    def hand_sizes(self) -> tuple[int, ...]:
        return self[_HAND_SIZES]

    def check(self, cards: Sequence[Card] | str) -> Verdict:
        """Would this lead or follow be accepted? (Throws are checked only when played.)"""
        trump = self.trump
        if self.phase != PLAYING or trump is None:
            reason = message(
                "cards are played in the playing phase, not {phase}",
                phase=phase_name(self.phase),
            )
            return Verdict(False, str(reason))
        try:
            cards = as_cards(cards)
        except CardParseError as exc:
            return Verdict(False, str(exc))
        lead = self.lead
        if lead is None:
            return check_lead(self.hand, cards, trump)
        return check_follow(self.hand, lead, cards, trump)

    def check_bury(self, cards: Sequence[Card] | str) -> str:
        """Why burying ``cards`` would be refused ("" if it would be accepted)."""
        table = self
        if table.phase != KITTY:
            return str(
                message(
                    "cannot bury the kitty now: the hand is in the {phase} phase",
                    phase=phase_name(table.phase),
                )
            )
        if self.seat != table.turn:
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
        return bury_refusal(self.hand, cards, table.rules)

    # --- worlds for search -------------------------------------------------------------
    def what_if(self, hands: Sequence[Sequence[Card]], buried: Sequence[Card], seed: int) -> Round:
        """A playable world in which the players hold ``hands`` and the kitty is ``buried``
        (before the bury, for the kitty's holder: ``buried`` is empty, the world is in the
        kitty phase and its holder buries first).

        The guess must leave this player's own hand as it is and give every seat as many
        cards as it holds. The world is built from the public record and the guess only
        (see the module docstring), so searching in it is fair play.
        """
        if isinstance(hands, Sequence) and len(hands) == 4 and not isinstance(hands, str):
            try:
                mine = sorted(as_cards(hands[self.seat]))
            except CardParseError as exc:
                raise BadGuess(f"a what-if hand is not cards: {exc}") from None
            if mine != sorted(self.hand):
                raise BadGuess("a guess must leave this player's own hand as it is")
        try:
            return PlayerView._build_world(self.public, hands, buried, seed)
        except CardParseError as exc:
            raise BadGuess(f"a what-if guess holds something that is not a card: {exc}") from None

    def sample_hands(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """One guess of every hand (and of the kitty) consistent with what this player knows:
        each seat gets as many cards as it holds, never of a suit it has shown a void in,
        and the kitty is guessed too unless this seat buried it. The kitty's holder may
        also guess before it buries (the kitty is then in its hand: the guessed kitty is
        empty), to try buries out in :meth:`what_if` worlds."""
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
        return self._data(rng, self.public)

    def _data(self, rng: bool, public: PublicTable) -> dict[str, Any]:
        """:meth:`to_data` with ``public`` as the table (the tournament's changes send
        the record with only the tricks a seat has not been sent: see
        :mod:`shengji_edu.tournament.changes`)."""
        state = None
        if rng:
            version, internal, gauss = self.rng.getstate()
            state = [version, list(internal), gauss]
        return {
            "format": PLAYER_VIEW_FORMAT,
            "version": PLAYER_VIEW_VERSION,
            "seat": self.seat,
            "hand": format_cards(self.hand),
            "buried": format_cards(self[_BURIED]),
            "rng": state,
            "table": public.to_data(),
        }

    @classmethod
    def from_data(
        cls,
        data: Any,
        rng: random.Random | None = None,
        previous: tuple[dict, PlayerView] | None = None,
    ) -> PlayerView:
        """A view equal to the one :meth:`to_data` described; checks every field.

        ``rng``: the generator to use (default: one restored from the data's state, or a
        fresh ``random.Random(0)`` if the data has none). Raises RecordError on bad data.

        ``previous``: ``(data, view)`` of an earlier call, for data built from that data
        with some values replaced (the tournament's changes, :mod:`.tournament.changes`):
        a value that *is* the earlier data's (the same object: it was read and checked
        then) is not read again, the earlier view's is taken (the rules, each finished
        trick, the hand). The view is the same either way; only the work differs.
        """
        r = _Reader(data, "player view")
        if r.get("format", str) != PLAYER_VIEW_FORMAT or r.get("version", int) != (
            PLAYER_VIEW_VERSION
        ):
            raise RecordError(f"not a {PLAYER_VIEW_FORMAT} (version {PLAYER_VIEW_VERSION})")
        before = None
        if previous is not None:
            old_data, old_view = previous
            before = (old_data.get("table"), old_view.public)
        table = PublicTable.from_data(r.get("table", dict), before)
        seat = r.seat("seat")
        if previous is not None and data.get("hand") is previous[0].get("hand"):
            hand = previous[1].hand
        else:
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
    record: tuple,
    seat: int,
    hand: tuple,
    rng: random.Random,
    buried: tuple,
    options: tuple | None = None,
) -> PlayerView:
    """The engine's way to a view (:meth:`Round.view`): parts already checked.

    ``record`` is the public record's values in :class:`PublicTable`'s order (a plain tuple,
    or the record itself). ``options`` is what the seat may declare, when the round has
    worked it out already (it is what :attr:`PlayerView.legal_declarations` would compute
    from the view's hand)."""
    current = record[_CURRENT]
    lead = current[0][1] if current else None
    return _new_view(PlayerView, record + (seat, hand, rng, buried, options, lead))


_new_view = tuple.__new__
_new_public = tuple.__new__
_CURRENT = PublicTable._fields.index("current_trick")
_VOIDS = PublicTable._fields.index("voids")
_HAND_SIZES = PublicTable._fields.index("hand_sizes")
_OPEN_KITTY = PublicTable._fields.index("open_kitty")


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
    me = view.seat
    holding = view.phase != PLAYING and view.public.bury_to_come and view.kitty_holder == me
    if trump is None or (view.phase != PLAYING and not holding):
        raise BadGuess(
            f"worlds are sampled during play or by the kitty's holder before the bury, "
            f"not in the {view.phase} phase"
        )
    sizes = view.hand_sizes()
    knows_kitty = bool(view.buried) or holding  # holding: the kitty is in my hand
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
    buried = list(view.buried) if knows_kitty else guess["kitty"]  # holding: [] (in hand)
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
