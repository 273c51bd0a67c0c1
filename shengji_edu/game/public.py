"""The public record of a hand: what every player at the table has seen, and nothing else.

A real table shows everyone the trump, the levels, who deals, every declaration and pass,
the card turned up from the kitty, every overcall after the bury (RULES §11.3) and who
buried last, every trick and the running one, failed throws, who has shown a void, the
points, and how many cards each player holds. That is a
:class:`PublicTable`. The engine (:class:`~shengji_edu.game.round.Round`) builds one from
its state on demand; a player's view (:mod:`shengji_edu.game.view`) is this record plus the
player's own hand, its own generator and, for the dealer, the kitty it buried.

Everything here is immutable (a ``NamedTuple`` of tuples, frozensets, frozen dataclasses,
cards, ints and strings), so a record can be handed to any number of players and kept:
nothing a player does to it reaches the game. It holds no seed, no deck, no other hand and
no kitty, so nothing can be worked out from it that the table has not seen.

:meth:`PublicTable.to_data` and :meth:`PublicTable.from_data` turn it into JSON-ready data
and back (views sent to a player in another process); ``from_data`` checks every field and
raises :class:`~shengji_edu.game.errors.RecordError` naming the one that is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..burying import check_bury
from ..cards import Card, CardParseError, format_cards, parse_cards
from ..declaring import SINGLE_LEVEL, Declaration, turned_up
from ..i18n import N_, Message, message
from ..rules import RuleSet
from ..scoring import Settlement
from ..trump import Trump
from .errors import NoSuchSeat, RecordError

DEALING, AUCTION, KITTY, PLAYING, FINISHED = "dealing", "auction", "kitty", "playing", "finished"
OVERCALL = "overcall"
"""After a bury, with ``RuleSet(overcall_after_bury=True)``: the seats are asked in turn to
overcall (反主) or pass (RULES §11.3). An overcall leads back to :data:`KITTY`, where the
overcaller takes the kitty and buries; four passes in a row lead to :data:`PLAYING`."""
RETURNS = "returns"
"""Under ``RuleSet(bidding="report")``: the largest reporter gives cards back to the players
whose reports it absorbed (回牌, RULES §12.5), before or after the kitty."""
PHASES = (DEALING, AUCTION, KITTY, OVERCALL, RETURNS, PLAYING, FINISHED)
PHASE_NAMES = {
    DEALING: N_("dealing"),
    AUCTION: N_("auction"),
    KITTY: N_("kitty"),
    OVERCALL: N_("overcall"),
    RETURNS: N_("returning cards"),
    PLAYING: N_("playing"),
    FINISHED: N_("finished"),
}
"""Each phase's name in words (the English is the phase's own name), for messages."""
SEATS = (0, 1, 2, 3)
HAND_SIZE = 25
"""Cards dealt to each player with two decks. The engine asks ``rules.hand_size`` (12, 25
or 39, RULES §11.1); these three names stay for code written for the two-deck game."""
KITTY_SIZE = 8
"""The two-deck kitty; the engine asks ``rules.kitty_size`` (6, 8 or 6)."""
DEALT_CARDS = 4 * HAND_SIZE
"""Cards dealt to the players with two decks; the engine asks ``rules.dealt_cards``."""
VIEW_FORMAT = "shengji-edu public table"
VIEW_VERSION = 1


def hand_level(
    levels: tuple[int, int], dealer: int | None, declarations: Sequence[Declaration]
) -> int:
    """The rank that is trump this hand: the dealer team's level; in a first hand, before the
    dealer is fixed, the first declarer's team's; before any declaration, team 0's."""
    if dealer is None:
        if not declarations:
            return levels[0]
        dealer = declarations[0].seat
    return levels[dealer % 2]  # team_of(dealer)


def phase_name(phase: str) -> Message:
    """A phase as a message parameter: ``kitty`` in English, ``扣底`` in Chinese."""
    return message(PHASE_NAMES.get(phase, phase))


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 is seats 1 and 3 (partners sit opposite)."""
    return seat % 2


def next_seat(seat: int) -> int:
    """Play goes counter-clockwise in seat order: 0 → 1 → 2 → 3 → 0."""
    return (seat + 1) % 4


ACE = 14


def declaring_closed(rules: RuleSet, levels: Sequence[int], dealer: int | None) -> bool:
    """Whether nobody declares, yields, reports or overcalls in a hand: with ``wear_ace``, a
    hand whose dealer team is at A (a first hand: a team at A) is played wearing the A, with
    no trump suit (RULES §12.12)."""
    if not rules.wear_ace:
        return False
    if dealer is None:
        return ACE in levels
    return levels[team_of(dealer)] == ACE


def check_seat(seat: object) -> int:
    """``seat`` if it is one of the ints 0-3, else :class:`NoSuchSeat` (``True`` is no seat)."""
    if type(seat) is int and 0 <= seat <= 3:  # the common case first: this runs very often
        return seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise NoSuchSeat(
            message(
                "there is no seat {seat}: seats are the whole numbers 0, 1, 2 and 3",
                seat=shorten_value(seat),
            )
        )
    return seat


def bury_refusal(hand: Sequence[Card], cards: Sequence[Card], rules: RuleSet = RuleSet()) -> str:
    """Why burying ``cards`` from ``hand`` is refused ("" when it is fine): the reason of
    :func:`~shengji_edu.burying.check_bury`, shared by the round and the views so both
    say the same thing.

    The reason is a :class:`~shengji_edu.i18n.MessageText`: English as ``str``, and
    ``render(reason, "zh")`` in Chinese."""
    return check_bury(hand, cards, rules).reason


@dataclass(frozen=True)
class Trick:
    """A finished (or running) trick: plays in order as (seat, cards), winner and points."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int | None = None
    points: int = 0
    attempted: tuple[Card, ...] | None = None
    """The whole attempted throw when the leader had to lead a smaller unit instead."""

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0][1]

    def cards(self) -> list[Card]:
        return [c for _, cards in self.plays for c in cards]


def make_trick(
    leader: int,
    plays: tuple[tuple[int, tuple[Card, ...]], ...],
    winner: int | None,
    points: int,
    attempted: tuple[Card, ...] | None,
) -> Trick:
    """``Trick(leader, plays, winner, points, attempted)`` made the quick way (the engine
    makes one per trick): the instance's fields are filled at once, not one by one."""
    trick = _new_trick(Trick)
    fields = trick.__dict__
    fields["leader"] = leader
    fields["plays"] = plays
    fields["winner"] = winner
    fields["points"] = points
    fields["attempted"] = attempted
    return trick


_new_trick = object.__new__


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended: points, kitty, settlement and the levels after it."""

    trick_points: int
    kitty_points: int
    kitty_multiplier: int
    penalty: int
    defender_points: int
    settlement: Settlement
    levels_before: tuple[int, int]
    levels_after: tuple[int, int]
    dealer: int
    next_dealer: int | None
    """The next hand's dealer; ``None`` after a draw (RULES §12.10): the next hand is then
    played like a first hand."""
    winning_team: int | None
    """The team that deals the next hand; ``None`` after a draw."""
    match_won: bool
    """The dealer team won this hand as dealer on the top rung (A; K in the 5-10-K rooms; when
    wearing the A, only if it wore it): the match is over."""


class PublicTable(NamedTuple):
    """Everything the whole table has seen of one hand at one moment (see the module doc)."""

    rules: RuleSet
    phase: str
    levels: tuple[int, int]
    starting_dealer: int | None
    """The dealer the hand began with (``None`` in a first hand; seat 0 gets the first card)."""
    dealer: int | None
    first_hand: bool
    fixed_trump: Trump | None
    dealt: int
    turn: int | None
    trump: Trump | None
    declarations: tuple[Declaration, ...]
    bids: tuple[tuple[int, tuple[Card, ...] | None], ...]
    """The after-deal auction so far: (seat, cards shown) or (seat, None) for a pass."""
    kitty_flip: Card | None
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, tuple[Card, ...]], ...]
    attempted: tuple[Card, ...] | None
    """The running trick's failed throw (everything the leader tried), if any."""
    played_cards: tuple[Card, ...]
    voids: tuple[frozenset[str], ...]
    defender_points: int
    penalty: int
    hand_sizes: tuple[int, ...]
    result: HandResult | None
    overcalls: tuple[tuple[int, Declaration | None], ...] = ()
    """The overcall round after the bury (RULES §11.3) so far, in order: (seat, its overcall)
    or (seat, None) for a pass. Empty unless ``rules.overcall_after_bury``."""
    returns: tuple[tuple[int, int, int], ...] = ()
    """Under ``bidding="report"``: the returns made so far, as (giver, receiver, number of
    cards); which cards only the two players see (RULES §12.5)."""
    returns_due: tuple[int, ...] = ()
    """The seats still owed a return, in the order they get it."""
    open_kitty: tuple[Card, ...] = ()
    """The buried cards, shown to everyone with ``rules.open_kitty`` (RULES §12.11); empty
    otherwise and before the bury."""

    # --- derived facts -------------------------------------------------------------------
    @property
    def level_rank(self) -> int:
        """The rank that is trump this hand: the dealer team's level (in a first hand, before
        the dealer is fixed, the first declarer's team's; before any declaration, team 0's)."""
        return hand_level(self.levels, self.dealer, self.declarations)

    @property
    def declaring_closed(self) -> bool:
        """Nobody declares or overcalls in this hand: it is played wearing the A (RULES
        §12.12; see :func:`declaring_closed`)."""
        return declaring_closed(self.rules, self.levels, self.starting_dealer)

    @property
    def standing_declaration(self) -> Declaration | None:
        """The declaration the trump comes from now: the last overcall, else the last
        declaration of the deal (``None`` if nobody declared)."""
        for _seat, overcall in reversed(self.overcalls):
            if overcall is not None:
                return overcall
        return self.declarations[-1] if self.declarations else None

    @property
    def overcall_floor(self) -> Declaration | None:
        """What an overcall must beat (RULES §11.3): the standing declaration, or when nobody
        declared the card turned up from the kitty, as one level card of its suit (a joker:
        one level card, no trump suit). ``None`` before the trump is fixed, or when it was
        fixed in advance (nobody declares then, nor overcalls)."""
        if self.trump is None or self.fixed_trump is not None:
            return None
        standing = self.standing_declaration
        if standing is not None:
            return standing
        if self.kitty_flip is not None and self.dealer is not None:
            return turned_up(self.kitty_flip, self.dealer, self.dealt)
        if self.dealer is not None:  # RULES §12.7: no card turned up, one level card of the suit
            return Declaration(self.dealer, (), SINGLE_LEVEL, self.trump.suit, self.dealt)
        return None

    @property
    def buried_by(self) -> int | None:
        """The seat whose bury is the kitty now (the one that counts at the end: RULES §11.3
        says the kitty buried last counts, whoever buried it); ``None`` before the first
        bury. While an overcaller holds the kitty, the seat that buried it before."""
        if self.phase in (DEALING, AUCTION) or self.dealer is None:
            return None
        buriers = [self.dealer] + [seat for seat, o in self.overcalls if o is not None]
        if self.phase == KITTY:
            buriers.pop()  # the holder has not buried yet
        return buriers[-1] if buriers else None

    @property
    def bury_to_come(self) -> bool:
        """The kitty's holder (``turn``) is about to bury, no reports to return first (RULES
        §12.5): a what-if world can be built here to try buries out (the kitty is in the
        holder's hand, so none is guessed)."""
        return self.phase == KITTY and not self.returns_due

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led in the running trick, or ``None`` when the next play is a lead."""
        return self.current_trick[0][1] if self.current_trick else None

    @property
    def first_receiver(self) -> int:
        return self.starting_dealer if self.starting_dealer is not None else 0

    # --- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """JSON-ready data; :meth:`from_data` rebuilds an equal record."""
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "levels": list(self.levels),
            "starting_dealer": self.starting_dealer,
            "dealer": self.dealer,
            "first_hand": self.first_hand,
            "fixed_trump": _trump_data(self.fixed_trump),
            "dealt": self.dealt,
            "turn": self.turn,
            "trump": _trump_data(self.trump),
            "declarations": [_declaration_data(d) for d in self.declarations],
            "bids": [[seat, None if c is None else format_cards(c)] for seat, c in self.bids],
            "kitty_flip": None if self.kitty_flip is None else self.kitty_flip.text,
            "tricks": [
                {
                    "leader": t.leader,
                    "plays": _plays_data(t.plays),
                    "winner": t.winner,
                    "points": t.points,
                    "attempted": None if t.attempted is None else format_cards(t.attempted),
                }
                for t in self.tricks
            ],
            "current_trick": _plays_data(self.current_trick),
            "attempted": None if self.attempted is None else format_cards(self.attempted),
            "played_cards": format_cards(self.played_cards),
            "voids": [sorted(v) for v in self.voids],
            "defender_points": self.defender_points,
            "penalty": self.penalty,
            "hand_sizes": list(self.hand_sizes),
            "result": _result_data(self.result),
            "overcalls": [
                [seat, None if o is None else _declaration_data(o)] for seat, o in self.overcalls
            ],
        }

    @classmethod
    def from_data(cls, data: Any, previous: tuple[Any, PublicTable] | None = None) -> PublicTable:
        """Rebuild a record from :meth:`to_data`'s data, checking every field's type.

        ``previous``: ``(data, record)`` of an earlier call; values of ``data`` that *are*
        (the same objects as) that data's rules or finished tricks are taken from that
        record, not read again (see :meth:`PlayerView.from_data
        <shengji_edu.game.view.PlayerView.from_data>`)."""
        d = _Reader(data, "public table")
        old_data, old = previous if previous is not None else (None, None)
        if not isinstance(old_data, dict) or not isinstance(old, PublicTable):
            old_data = old = None
        if d.get("format", str) != VIEW_FORMAT or d.get("version", int) != VIEW_VERSION:
            raise RecordError(
                f"not a {VIEW_FORMAT} (version {VIEW_VERSION}): format "
                f"{shorten_value(data.get('format'))}, version {shorten_value(data.get('version'))}"
            )
        try:
            given = d.get("rules", dict)
            same = old is not None and given is old_data.get("rules")
            rules = old.rules if same else RuleSet.from_dict(given)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"the public table's 'rules' are invalid: {exc}") from None
        phase = d.get("phase", str)
        if phase not in PHASES:
            raise RecordError(f"the public table's 'phase' {shorten_value(phase)} is unknown")
        declarations = [
            _read_declaration(item, f"declaration {n + 1}")
            for n, item in enumerate(d.get("declarations", list))
        ]
        overcalls = []
        # "overcalls" is optional: data written before overcalling existed has none
        items = d.get("overcalls", list) if "overcalls" in d.data else []
        for n, item in enumerate(items):
            if not isinstance(item, list) or len(item) != 2:
                raise RecordError(f"the public table's overcall {n + 1} is not [seat, overcall]")
            seat = _Reader({"seat": item[0]}, f"overcall {n + 1}").seat("seat")
            shown = None if item[1] is None else _read_declaration(item[1], f"overcall {n + 1}")
            overcalls.append((seat, shown))
        bids = []
        for n, item in enumerate(d.get("bids", list)):
            if not isinstance(item, list) or len(item) != 2:
                raise RecordError(f"the public table's bid {n + 1} is not [seat, cards]")
            r = _Reader({"seat": item[0], "cards": item[1]}, f"bid {n + 1}")
            cards = None if item[1] is None else tuple(r.cards("cards"))
            bids.append((r.seat("seat"), cards))
        tricks = []
        known = old_data.get("tricks") if old is not None else None
        if not isinstance(known, list) or len(known) != len(old.tricks):
            known = []
        for n, item in enumerate(d.get("tricks", list)):
            if n < len(known) and item is known[n]:
                tricks.append(old.tricks[n])  # read and checked before (the same object)
                continue
            r = _Reader(item, f"trick {n + 1}")
            attempted = r.get("attempted", (str, type(None)))
            tricks.append(
                Trick(
                    r.seat("leader"),
                    r.plays("plays"),
                    r.seat("winner", none=True),
                    r.count("points"),
                    None if attempted is None else tuple(r.cards("attempted")),
                )
            )
        voids = d.get("voids", list)
        if len(voids) != 4 or not all(
            isinstance(v, list) and all(s in ("T", "S", "H", "D", "C") for s in v) for v in voids
        ):
            raise RecordError("the public table's 'voids' must be 4 lists of suits T/S/H/D/C")
        sizes = d.get("hand_sizes", list)
        if len(sizes) != 4 or not all(_is_count(n) for n in sizes):
            raise RecordError("the public table's 'hand_sizes' must be 4 card counts")
        levels = d.get("levels", list)
        if len(levels) != 2 or not all(_is_count(lv) and 2 <= lv <= 14 for lv in levels):
            raise RecordError("the public table's 'levels' must be two ranks 2..14")
        flip = d.get("kitty_flip", (str, type(None)))
        attempted = d.get("attempted", (str, type(None)))
        return cls(
            rules=rules,
            phase=phase,
            levels=(levels[0], levels[1]),
            starting_dealer=d.seat("starting_dealer", none=True),
            dealer=d.seat("dealer", none=True),
            first_hand=d.get("first_hand", bool),
            fixed_trump=d.trump("fixed_trump", rules),
            dealt=d.count("dealt"),
            turn=d.seat("turn", none=True),
            trump=d.trump("trump", rules),
            declarations=tuple(declarations),
            bids=tuple(bids),
            kitty_flip=None if flip is None else d.cards("kitty_flip", one=True)[0],
            tricks=tuple(tricks),
            current_trick=d.plays("current_trick"),
            attempted=None if attempted is None else tuple(d.cards("attempted")),
            played_cards=tuple(d.cards("played_cards")),
            voids=tuple(frozenset(v) for v in voids),
            defender_points=d.get("defender_points", int),
            penalty=d.get("penalty", int),
            hand_sizes=tuple(sizes),
            result=_read_result(d.get("result", (dict, type(None)))),
            overcalls=tuple(overcalls),
        )


# --- plain-data helpers ------------------------------------------------------------------------
def _declaration_data(d: Declaration) -> dict[str, Any]:
    return {
        "seat": d.seat,
        "cards": format_cards(d.cards),
        "strength": d.strength,
        "suit": d.suit,
        "after_card": d.after_card,
    }


def _read_declaration(item: Any, where: str) -> Declaration:
    r = _Reader(item, where)
    return Declaration(
        r.seat("seat"),
        tuple(r.cards("cards")),
        r.count("strength"),
        r.suit("suit"),
        r.count("after_card"),
    )


def _trump_data(trump: Trump | None) -> dict[str, Any] | None:
    return None if trump is None else {"level": trump.level, "suit": trump.suit}


def _plays_data(plays) -> list[list[Any]]:
    return [[seat, format_cards(cards)] for seat, cards in plays]


def _result_data(result: HandResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    s = result.settlement
    return {
        "trick_points": result.trick_points,
        "kitty_points": result.kitty_points,
        "kitty_multiplier": result.kitty_multiplier,
        "penalty": result.penalty,
        "defender_points": result.defender_points,
        "settlement": {
            "defender_points": s.defender_points,
            "dealer_levels": s.dealer_levels,
            "defender_levels": s.defender_levels,
            "defenders_take_deal": s.defenders_take_deal,
            **({"draw": True} if s.draw else {}),  # only a draw says so (RULES §12.10)
        },
        "levels_before": list(result.levels_before),
        "levels_after": list(result.levels_after),
        "dealer": result.dealer,
        "next_dealer": result.next_dealer,
        "winning_team": result.winning_team,
        "match_won": result.match_won,
    }


def _read_result(data: dict | None) -> HandResult | None:
    if data is None:
        return None
    r = _Reader(data, "result")
    s = _Reader(r.get("settlement", dict), "result's settlement")
    pairs = []
    for name in ("levels_before", "levels_after"):
        value = r.get(name, list)
        if len(value) != 2 or not all(_is_count(v) for v in value):
            raise RecordError(f"the result's {name!r} must be two levels")
        pairs.append((value[0], value[1]))
    return HandResult(
        trick_points=r.get("trick_points", int),
        kitty_points=r.get("kitty_points", int),
        kitty_multiplier=r.get("kitty_multiplier", int),
        penalty=r.get("penalty", int),
        defender_points=r.get("defender_points", int),
        settlement=Settlement(
            s.get("defender_points", int),
            s.get("dealer_levels", int),
            s.get("defender_levels", int),
            s.get("defenders_take_deal", bool),
            draw="draw" in s.data and s.get("draw", bool),
        ),
        levels_before=pairs[0],
        levels_after=pairs[1],
        dealer=r.seat("dealer"),
        next_dealer=r.seat("next_dealer", none=True),
        winning_team=r.get("winning_team", (int, type(None))),
        match_won=r.get("match_won", bool),
    )


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def shorten_value(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        text = "<an integer too long to show>"
    return text if len(text) <= limit else text[:limit] + "…"


class _Reader:
    """Reads typed fields of one JSON object, raising RecordError that names the field."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise RecordError(f"the {where} must be a JSON object, not {shorten_value(data)}")
        self.data = data
        self.where = where

    def get(self, name: str, kinds: type | tuple[type, ...]) -> Any:
        if name not in self.data:
            raise RecordError(f"the {self.where} has no {name!r} field")
        value = self.data[name]
        allowed = kinds if isinstance(kinds, tuple) else (kinds,)
        if (isinstance(value, bool) and bool not in allowed) or not isinstance(value, allowed):
            raise RecordError(
                f"the {self.where}'s {name!r} has the wrong type ({shorten_value(value)})"
            )
        return value

    def seat(self, name: str, none: bool = False) -> int | None:
        value = self.get(name, (int, type(None)) if none else int)
        if value is not None and value not in SEATS:
            raise RecordError(f"the {self.where}'s {name!r} is not a seat 0-3: {value}")
        return value

    def count(self, name: str) -> int:
        value = self.get(name, int)
        if value < 0:
            raise RecordError(f"the {self.where}'s {name!r} cannot be negative: {value}")
        return value

    def suit(self, name: str) -> str | None:
        value = self.get(name, (str, type(None)))
        if value is not None and value not in ("S", "H", "D", "C"):
            raise RecordError(f"the {self.where}'s {name!r} is not a suit: {shorten_value(value)}")
        return value

    def cards(self, name: str, one: bool = False) -> list[Card]:
        text = self.get(name, str)
        try:
            cards = parse_cards(text)
        except CardParseError as exc:
            raise RecordError(f"the {self.where}'s {name!r}: {exc}") from None
        if one and len(cards) != 1:
            raise RecordError(f"the {self.where}'s {name!r} must be one card")
        return cards

    def trump(self, name: str, rules: RuleSet) -> Trump | None:
        """A trump of ``rules`` (it knows ``twos_are_trump``) from {level, suit}."""
        value = self.get(name, (dict, type(None)))
        if value is None:
            return None
        r = _Reader(value, f"{self.where}'s {name}")
        level = r.get("level", int)
        try:
            return rules.trump(level, r.suit("suit"))
        except ValueError as exc:
            raise RecordError(f"the {self.where}'s {name!r} is invalid: {exc}") from None

    def plays(self, name: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        plays = []
        for n, item in enumerate(self.get(name, list)):
            if not isinstance(item, list) or len(item) != 2:
                raise RecordError(f"the {self.where}'s {name!r} play {n + 1} is not [seat, cards]")
            r = _Reader({"seat": item[0], "cards": item[1]}, f"{self.where}'s play {n + 1}")
            plays.append((r.seat("seat"), tuple(r.cards("cards"))))
        return tuple(plays)
