"""Units: singles, pairs, triples, tractors and titanics, and how cards split into them.

A unit is *k steps × width w*: w identical cards on each of k consecutive steps of one
effective suit. Consecutive means adjacent on a tractor chain (:meth:`Trump.link`); how
strong a unit is comes from the ladder (:meth:`Trump.step`). For the default trump the two
are one table; they part under RULES §12.14 (tractors ``"plain"`` or ``"off"``) and §12.15
(off-suit level cards ranked by suit, still on one shared link). Five kinds follow from the
two numbers:

=========  =====  =========  ===================================================
kind       width  steps      example (level 10, spades trump)
=========  =====  =========  ===================================================
single     1      1          ``H9``
pair       2      1          ``H9 H9`` (two identical cards; ``H10 C10`` never is)
triple     3      1          ``H9 H9 H9`` (三同张: three decks only)
tractor    2      k ≥ 2      ``HJ HJ H9 H9`` (拖拉机: the 10 is not in the run)
titanic    3      k ≥ 2      ``HJ HJ HJ H9 H9 H9`` (泰坦尼克: three decks only)
=========  =====  =========  ===================================================

With two decks no card exists three times, so only the first two widths occur and this is
RULES §3; with one deck only singles occur (RULES §11.1). A unit's *size* is its number of
cards; of two units of one size the wider is the larger (a titanic of 2 triples before a
tractor of 3 pairs). Leads, follows and trick winners are all described by units, so this
module gives the two views the other rules need:

* :func:`decompose` — the canonical split of a lead into units, whose shapes are the lead's
  *format* (牌型, :class:`LeadFormat`): repeatedly take the largest unit (ties: the higher),
  then triples, pairs and singles, highest first. A tractor may take two of three identical
  cards and leave the third as a single (``H7 H7 H8 H8 H8 H9 H9`` is a tractor and ``H8``).
* A "group profile": how many distinct cards on each link have at least *w* copies. Many
  questions ("does this hand hold a tractor of 3 pairs?", "can this play stand in for a
  2-pair tractor?") depend only on that profile, and working on it instead of on cards keeps
  the searches tiny. Several cards can share one link: the off-suit level cards (H10 H10 and
  C10 C10 at level 10), but two groups on one link are not consecutive, so a tractor or
  titanic uses at most one group per link. Groups of cards with no link (RULES §12.14) are
  counted under the key ``None``, which no run ever passes through.

:func:`decompose_records` gives the same decomposition as read-only tuples
(:class:`UnitRecord`, the same fields and properties), for the rules' and the players' hot
loops that decompose a hand at every lead of every simulated hand and only read the result
(about three times faster; the tests check that it agrees with :func:`decompose`). Units
stay frozen dataclasses, the form the lessons print.

Decision (RULES §11.1 says "prefer those that keep a larger group whole, then the suit
order"): when equally ranked cards of different suits could fill a step of a unit, the
decomposition takes the card with the *fewest* copies that still fills it (using a whole
pair rather than breaking a triple), then the first in the suit order S, H, D, C.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .cards import Card, format_cards
from .i18n import Listing, Message, Suit, message, plural_message
from .trump import EFFECTIVE_SUITS, Trump

SINGLE, PAIR, TRIPLE, TRACTOR, TITANIC = "single", "pair", "triple", "tractor", "titanic"

KINDS = (SINGLE, PAIR, TRIPLE, TRACTOR, TITANIC)
"""The unit kinds from small to large: the tie-break order of a failed throw (RULES §11.1)."""

WIDTHS = {SINGLE: 1, PAIR: 2, TRIPLE: 3, TRACTOR: 2, TITANIC: 3}
"""Identical cards on each step of a unit of each kind."""


def unit_kind(width: int, steps: int) -> str:
    """The name of a unit *steps × width*: (1, 1) single … (3, k ≥ 2) titanic."""
    if steps == 1:
        return (SINGLE, PAIR, TRIPLE)[width - 1]
    if width == 1:
        raise ValueError("single cards on consecutive steps are no unit: a run needs pairs")
    return TRACTOR if width == 2 else TITANIC


class Shape(NamedTuple):
    """The shape of a unit: ``width`` identical cards on each of ``steps`` consecutive steps."""

    width: int
    steps: int

    @property
    def size(self) -> int:
        """Number of cards."""
        return self.width * self.steps

    @property
    def kind(self) -> str:
        return unit_kind(self.width, self.steps)

    @property
    def order(self) -> tuple[int, int]:
        """Larger units sort higher: more cards, then wider (a titanic above a tractor)."""
        return (self.width * self.steps, self.width)

    def describe(self) -> str:
        """``a pair``, ``a tractor of 3 pairs``, ``a titanic of 2 triples`` …"""
        if self.steps == 1:
            return f"a {self.kind}"
        return f"a {self.kind} of {self.steps} {'pairs' if self.width == 2 else 'triples'}"


class _UnitShape:
    """What a unit's fields say about it (shared by :class:`Unit` and :class:`UnitRecord`)."""

    __slots__ = ()
    kind: str
    cards: list[Card]
    high: int
    low: int
    pairs: int

    @property
    def width(self) -> int:
        """Identical cards on each step: 1, 2 or 3."""
        return WIDTHS[self.kind]

    @property
    def steps(self) -> int:
        """Consecutive steps: 1, or k ≥ 2 for a tractor or a titanic (its ``pairs``)."""
        return self.pairs or 1

    @property
    def shape(self) -> Shape:
        return Shape(WIDTHS[self.kind], self.pairs or 1)

    @property
    def size(self) -> int:
        """Number of cards: width × steps."""
        return len(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True)
class Unit(_UnitShape):
    """One unit of a decomposition: a single, pair, triple, tractor or titanic of one suit.

    ``cards`` are listed strongest first (a list, like every other card list of the API).
    ``high`` and ``low`` are the steps (:meth:`Trump.step`, the strength) of its strongest and
    weakest card. A tractor (or a titanic) is compared with another by its highest step, but
    a failed throw is reduced to the beaten unit whose *lowest* step is lowest (RULES §4,
    §11.1), hence both. For the default trump a run's steps are consecutive, but with the
    off-suit level cards ranked by suit (RULES §12.15) ``SA SA H10 H10`` (level 10, ♠) spans
    more steps than it has pairs: its length is ``steps``, counted from ``pairs``.

    ``pairs`` counts the pairs the unit can give, one per step of width 2 or more: 0 for a
    single, 1 for a pair or a triple, k for a tractor of k pairs or a titanic of k triples
    (a triple holds a pair, a titanic holds a tractor). ``width`` and ``steps`` give the
    unit's shape *steps × width*.
    """

    kind: str
    cards: list[Card]
    suit: str
    high: int
    low: int
    pairs: int


def _unit(kind: str, cards: list[Card], suit: str, high: int, low: int, pairs: int) -> Unit:
    """``Unit(kind, cards, suit, high, low, pairs)``, made the quick way.

    A decomposition makes one Unit per single card: filling the instance's dictionary
    directly costs a fraction of the frozen dataclass's field-by-field ``__init__``."""
    unit = _new_unit(Unit)
    fields = unit.__dict__
    fields["kind"] = kind
    fields["cards"] = cards
    fields["suit"] = suit
    fields["high"] = high
    fields["low"] = low
    fields["pairs"] = pairs
    return unit


_new_unit = object.__new__


class _UnitFields(NamedTuple):
    """The fields of a :class:`UnitRecord`, as a :class:`Unit` has them."""

    kind: str
    cards: list[Card]
    suit: str
    high: int
    low: int
    pairs: int


class UnitRecord(_UnitFields, _UnitShape):
    """A :class:`Unit` as a plain read-only record: the same fields and properties.

    :func:`decompose_records` makes these about three times faster than Units (a tuple is
    made in one step): a player that decomposes its hand for every lead of every simulated
    hand reads its units, and never needs them to be Units. ``Unit(*record)`` is the Unit.
    """

    __slots__ = ()


def _record(kind: str, cards: list[Card], suit: str, high: int, low: int, pairs: int):
    return _new_record(UnitRecord, (kind, cards, suit, high, low, pairs))


_new_record = tuple.__new__


@dataclass(frozen=True)
class LeadFormat:
    """The shape of a lead (牌型): the shapes of its units, largest first, and its suit.

    The counts the rules ask for are kept beside the shapes: ``titanics`` and ``tractors``
    (their lengths in steps, longest first), ``triples``, ``pairs`` and ``singles`` (how
    many), ``size`` (cards), ``total_pairs`` (one per step of width 2 or more: the pairs a
    follower may owe, a tractor counted as its pairs and a triple as one pair) and ``runs``
    (the shapes of the tractors and titanics, largest first).
    """

    suit: str
    shapes: tuple[Shape, ...]
    titanics: tuple[int, ...] = field(init=False, repr=False, compare=False)
    tractors: tuple[int, ...] = field(init=False, repr=False, compare=False)
    triples: int = field(init=False, repr=False, compare=False)
    pairs: int = field(init=False, repr=False, compare=False)
    singles: int = field(init=False, repr=False, compare=False)
    size: int = field(init=False, repr=False, compare=False)
    total_pairs: int = field(init=False, repr=False, compare=False)
    runs: tuple[Shape, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        shapes = tuple(sorted(self.shapes, key=lambda s: s.order, reverse=True))
        counts = Counter(shapes)
        facts = {
            "shapes": shapes,
            "titanics": tuple(s.steps for s in shapes if s.width == 3 and s.steps > 1),
            "tractors": tuple(s.steps for s in shapes if s.width == 2 and s.steps > 1),
            "triples": counts[Shape(3, 1)],
            "pairs": counts[Shape(2, 1)],
            "singles": counts[Shape(1, 1)],
            "size": sum(s.size for s in shapes),
            "total_pairs": sum(s.steps for s in shapes if s.width >= 2),
            "runs": tuple(s for s in shapes if s.steps > 1),
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)

    @property
    def largest(self) -> Shape:
        """The shape of the largest unit: the key units compared in a trick (RULES §6)."""
        return self.shapes[0]

    @property
    def largest_unit_size(self) -> int:
        """Cards in the largest unit (the kitty multiplier's *m*): 1, 2, 3, 2k or 3k."""
        return self.shapes[0].size

    @property
    def is_throw(self) -> bool:
        """More than one unit: a throw (甩牌) that other hands may be able to beat."""
        return len(self.shapes) > 1

    def describe(self) -> str:
        """Plain words, e.g. ``a tractor of 2 pairs, a pair and 2 singles of ♥``."""
        return str(self.describe_message())

    def describe_message(self) -> Message:
        """:meth:`describe` as a message, to be shown in any language (it is in reasons)."""
        parts = [message("a titanic of {steps} triples", steps=k) for k in self.titanics]
        parts += [message("a tractor of {steps} pairs", steps=k) for k in self.tractors]
        if self.triples:
            parts.append(
                message("a triple")
                if self.triples == 1
                else plural_message("{n} triple", "{n} triples", self.triples)
            )
        if self.pairs:
            parts.append(
                message("a pair")
                if self.pairs == 1
                else plural_message("{n} pair", "{n} pairs", self.pairs)
            )
        if self.singles:
            parts.append(
                message("a single")
                if self.singles == 1
                else plural_message("{n} single", "{n} singles", self.singles)
            )
        units = parts[0]
        if len(parts) > 1:
            units = message("{first} and {last}", first=Listing(parts[:-1]), last=parts[-1])
        return message("{units} of {suit}", units=units, suit=Suit(self.suit))


# --- group profiles ---------------------------------------------------------------------
def group_profile(
    cards: Iterable[Card], trump: Trump, width: int = 2, by: Sequence | None = None
) -> dict[int | None, int]:
    """How many distinct cards with at least ``width`` copies sit on each link.

    ``width=2`` counts pairs (a triple holds one pair), ``width=3`` triples. Only meaningful
    for cards of one effective suit (callers split by suit first). The keys are links
    (:meth:`Trump.link`, ``None`` for cards on no tractor chain), or the values of another
    table by card index given as ``by`` (``trump.step_by_index``: the strength).
    """
    seen = [0] * 54  # copies so far, by card.index: cheaper than a Counter on short lists
    key_of = trump.link_by_index if by is None else by  # trump.link(card) is key_of[card.index]
    profile: dict[int, int] = {}
    for card in cards:
        copies = seen[card.index] + 1
        seen[card.index] = copies
        if copies == width:
            step = key_of[card.index]
            profile[step] = profile.get(step, 0) + 1
    return profile


def group_profiles(
    cards: Iterable[Card], trump: Trump, by: Sequence | None = None
) -> tuple[dict[int, int], dict[int, int]]:
    """The pair profile and the triple profile at once (one pass over the cards), by link
    (or by another table, as :func:`group_profile`)."""
    key_of = trump.link_by_index if by is None else by  # trump.link(card) is key_of[card.index]
    kind = type(cards)
    if (kind is list or kind is tuple) and len(cards) == 2:  # two cards: what the loop gives
        first, second = cards
        return ({key_of[first.index]: 1} if first is second else {}), {}
    seen = [0] * 54  # copies so far, by card.index
    pairs_at: dict[int, int] = {}
    triples_at: dict[int, int] = {}
    for card in cards:
        index = card.index
        if seen[index]:
            step = key_of[index]
            if seen[index] == 1:
                pairs_at[step] = pairs_at.get(step, 0) + 1
                seen[index] = 2
            else:
                triples_at[step] = triples_at.get(step, 0) + 1
        else:
            seen[index] = 1
    return pairs_at, triples_at


def pair_profile(cards: Iterable[Card], trump: Trump) -> dict[int | None, int]:
    """How many pairs of identical cards sit on each link, e.g. ``{7: 1, 6: 1}``.

    A card held three times is one pair (and a single). Only meaningful for cards of one
    effective suit (callers split by suit first). Pairs of cards on no tractor chain count
    under ``None`` (RULES §12.14).
    """
    seen = [0] * 54  # copies so far, by card.index: cheaper than a Counter on short lists
    key_of = trump.link_by_index  # trump.link(card) is key_of[card.index]
    profile: dict[int, int] = {}
    for card in cards:
        index = card.index
        if not seen[index]:
            seen[index] = 1
        elif seen[index] == 1:
            seen[index] = 2
            step = key_of[index]
            profile[step] = profile.get(step, 0) + 1
    return profile


def runs(profile: dict[int | None, int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive links holding a group, as ``(length, top link)``.

    Groups under ``None`` (cards on no tractor chain) belong to no run."""
    found = []
    for step in profile:
        if step is not None and profile[step] > 0 and profile.get(step + 1, 0) == 0:
            low = step
            while profile.get(low - 1, 0) > 0:
                low -= 1
            found.append((step - low + 1, step))
    return found


def longest_run(profile: dict[int, int]) -> int:
    """Length of the longest run in a profile (1 if only single groups, 0 if none)."""
    return max((length for length, _ in runs(profile)), default=0)


def tractor_windows(profile: dict[int, int], length: int) -> list[int]:
    """Top steps of every run of exactly ``length`` steps inside the profile.

    On a pair profile these are the tractors, on a triple profile the titanics. Any
    ``length`` consecutive groups of a longer run count (RULES §4–6), so a run of 4 gives
    windows of 2 at three places.
    """
    tops = []
    for run_length, top in runs(profile):
        tops.extend(top - shift for shift in range(run_length - length + 1))
    return tops


def run_ranks(cards: Iterable[Card], trump: Trump, width: int, length: int) -> list[int]:
    """How strong each run of ``length`` links × ``width`` inside the cards is: the step of
    the strongest card that can top it, one number per window (any ``length`` consecutive
    groups of a longer run count, RULES §4).

    For the default trump a link is a step and these are :func:`tractor_windows`' tops. When
    they part (RULES §12.14, §12.15) the runs are found on links and ranked by steps: with
    the off-suit level cards ranked by suit, ``SA SA H10 H10`` outranks ``SA SA C10 C10``.
    """
    if trump.link_by_index is trump.step_by_index:
        return tractor_windows(group_profile(cards, trump, width), length)
    return ranked_windows(top_steps(Counter(cards).items(), trump, width), length)


def top_steps(copies: Iterable[tuple[Card, int]], trump: Trump, width: int) -> dict[int, int]:
    """For each link holding a card with at least ``width`` copies, the highest step of such
    a card (``copies`` is pairs of a card and how many of it there are)."""
    link_of, step_of = trump.link_by_index, trump.step_by_index
    tops: dict[int, int] = {}
    for card, count in copies:
        link = link_of[card.index]
        if count >= width and link is not None:
            step = step_of[card.index]
            if step > tops.get(link, -1):
                tops[link] = step
    return tops


def ranked_windows(top_steps: dict[int, int], length: int) -> list[int]:
    """:func:`run_ranks` given :func:`top_steps`: the top step of every window."""
    return [top_steps[top] for top in tractor_windows(dict.fromkeys(top_steps, 1), length)]


def take_window(profile: dict[int, int], top: int, length: int) -> dict[int, int]:
    """A copy of the profile with one group removed from each step of a window."""
    rest = dict(profile)
    for step in range(top - length + 1, top + 1):
        rest[step] -= 1
    return rest


# --- decomposition -------------------------------------------------------------------------
def decompose(cards: Iterable[Card], trump: Trump) -> list[Unit]:
    """Split cards into units: the largest first (most cards, then the wider, then the
    higher), so tractors and titanics, then triples, pairs and singles, highest first.

    Cards of several effective suits are decomposed one suit at a time (trumps first); the
    format of a lead only makes sense for one suit, see :func:`lead_format`.
    """
    return _decompose(cards, trump, _unit)


def decompose_records(cards: Iterable[Card], trump: Trump) -> list[UnitRecord]:
    """:func:`decompose` as :class:`UnitRecord` values (``Unit(*record)`` is each Unit):
    the same units in the same order, made faster; the tests check that the two agree."""
    return _decompose(cards, trump, _record)


def _decompose(cards: Iterable[Card], trump: Trump, make) -> list:
    """:func:`decompose`, each unit made by ``make(kind, cards, suit, high, low, pairs)``."""
    ordered = trump.sort(cards)  # grouped by effective suit, strongest first in each
    if not ordered:
        return []
    suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
    suit = suit_of[ordered[0].index]
    if suit_of[ordered[-1].index] == suit:  # one suit only (a lead, a suit of a hand): as below
        return _decompose_suit(ordered, suit, trump, make)
    # Sorted, the cards of each effective suit sit side by side, the suits in the order of
    # EFFECTIVE_SUITS (trumps first): each run of one suit is decomposed on its own.
    units: list = []
    start, count = 0, len(ordered)
    while start < count:
        suit = suit_of[ordered[start].index]
        end = start + 1
        while end < count and suit_of[ordered[end].index] == suit:
            end += 1
        units.extend(_decompose_suit(ordered[start:end], suit, trump, make))
        start = end
    return units


def _decompose_suit(cards: list[Card], suit: str, trump: Trump, make=_unit) -> list:
    # Cards arrive strongest first, ties in suit order, so identical cards sit side by side.
    # Most suits of a hand hold no card twice, which the distinct ids (no Python-level
    # hashing) tell at once: then every card is a single. Otherwise the copies of each card
    # not yet in a unit are counted by card.index (a list, not a dict of cards).
    step_of = trump.step_by_index  # trump.step(card) is step_of[card.index]
    if len(set(map(id, cards))) == len(cards):
        if make is _record:  # _record's tuples, made without a call per card
            return [
                _new_record(
                    UnitRecord, (SINGLE, [card], suit, step_of[card.index], step_of[card.index], 0)
                )
                for card in cards
            ]
        return [
            make(SINGLE, [card], suit, step_of[card.index], step_of[card.index], 0)
            for card in cards
        ]
    left = [0] * 54
    distinct: list[Card] = []  # each card once, strongest first
    for card in cards:
        if not left[card.index]:
            distinct.append(card)
        left[card.index] += 1
    groupable = [card for card in distinct if left[card.index] >= 2]  # also strongest first
    units: list = []
    if len(groupable) >= 2:  # a tractor or titanic needs two groups
        # runs are found on links (trump.link(card) is link_of[card.index]); cards on no
        # tractor chain (None, RULES §12.14) are left to the triples, pairs and singles
        link_of = trump.link_by_index
        at_step: dict[int, list[Card]] = {}
        for card in groupable:
            link = link_of[card.index]
            if link is not None:
                at_step.setdefault(link, []).append(card)
        widest = min(3, max(left[c.index] for c in groupable))
        while (found := _largest_run(left, at_step, widest)) is not None:
            width, length, top = found
            run_cards: list[Card] = []
            for step in range(top, top - length, -1):
                # the card with the fewest copies that fills the step keeps larger groups whole
                fill = at_step[step]
                if len(fill) > 1:
                    card = min(
                        (c for c in fill if left[c.index] >= width), key=lambda c: left[c.index]
                    )
                else:
                    card = fill[0]
                left[card.index] -= width
                run_cards += [card] * width
                if left[card.index] < 2:  # at_step keeps only the cards still held twice
                    at_step[step].remove(card)
                    if not at_step[step]:
                        del at_step[step]
            kind = TRACTOR if width == 2 else TITANIC
            # its strength: the steps of its top and bottom cards (for the default trump the
            # links themselves, top and top - length + 1)
            high, low = step_of[run_cards[0].index], step_of[run_cards[-1].index]
            units.append(make(kind, run_cards, suit, high, low, length))
    for width, kind in ((3, TRIPLE), (2, PAIR)):
        for card in groupable:
            while left[card.index] >= width:
                left[card.index] -= width
                step = step_of[card.index]
                units.append(make(kind, [card] * width, suit, step, step, 1))
    for card in cards:  # strongest first
        if left[card.index] > 0:
            left[card.index] -= 1
            step = step_of[card.index]
            units.append(make(SINGLE, [card], suit, step, step, 0))
    return units


def _largest_run(
    left: list[int], at_step: dict[int, list[Card]], widest: int
) -> tuple[int, int, int] | None:
    """The largest tractor or titanic left, as (width, steps, top link), or None.

    ``left`` is the copies of each card not yet in a unit, by card.index; ``at_step`` the
    cards still held twice or more on each link. Of two equally large runs the one with the
    higher top link is the higher: links rise with strength along a chain."""
    best = None
    for width in range(2, widest + 1):
        if width == 2:
            profile = dict.fromkeys(at_step, 1)  # every card there is held twice or more
        else:
            profile = {
                s: 1 for s, cards in at_step.items() if any(left[c.index] >= 3 for c in cards)
            }
        for length, top in runs(profile):
            if length >= 2:
                key = (width * length, width, top)  # more cards, then wider, then higher
                if best is None or key > best:
                    best = key
    if best is None:
        return None
    size, width, top = best
    return width, size // width, top


# --- the format of a lead ------------------------------------------------------------------
_SHORT_FORMATS: dict[tuple[str, tuple[Shape, ...]], LeadFormat] = {}
_ONE, _PAIR, _TWO = (Shape(1, 1),), (Shape(2, 1),), (Shape(1, 1), Shape(1, 1))


def _short_format(suit: str, shapes: tuple[Shape, ...]) -> LeadFormat:
    fmt = _SHORT_FORMATS.get((suit, shapes))
    if fmt is None:
        fmt = _SHORT_FORMATS[(suit, shapes)] = LeadFormat(suit, shapes)
    return fmt


def lead_format(cards: Sequence[Card], trump: Trump) -> LeadFormat:
    """The format (牌型) of a lead of one effective suit; raises ``ValueError`` if mixed."""
    if not cards:
        raise ValueError("a lead needs at least one card")
    if len(cards) <= 2:  # the common leads, answered without a full decomposition
        suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
        first, suit = cards[0], suit_of[cards[0].index]
        if len(cards) == 1:
            return _ONE_CARD[suit]
        if suit_of[cards[1].index] == suit:  # the same card twice (cards are interned)?
            return _PAIR_OF[suit] if cards[1] is first else _TWO_CARDS[suit]
    return _long_lead_format(tuple(cards), trump)


# the formats of the leads of one or two cards of each effective suit, made once
_ONE_CARD = {suit: _short_format(suit, _ONE) for suit in EFFECTIVE_SUITS}
_PAIR_OF = {suit: _short_format(suit, _PAIR) for suit in _ONE_CARD}
_TWO_CARDS = {suit: _short_format(suit, _TWO) for suit in _ONE_CARD}


@lru_cache(maxsize=4096)
def _long_lead_format(cards: tuple[Card, ...], trump: Trump) -> LeadFormat:
    """Format of a longer (or mixed) lead; cached, as a trick asks for it once per play."""
    suits = {trump.suit_of(c) for c in cards}
    if len(suits) > 1:
        raise ValueError(
            message(
                "{cards} mixes {suits}: a lead is of one suit only",
                cards=list(cards),
                suits=Listing(Suit(s) for s in sorted(suits)),
            )
        )
    units = decompose_records(cards, trump)
    return _short_format(units[0].suit, tuple(u.shape for u in units))  # one per format


def is_pair(cards: Sequence[Card]) -> bool:
    """Two identical cards (H10 C10 is never a pair, whatever the trump)."""
    return len(cards) == 2 and cards[0] == cards[1]


def is_triple(cards: Sequence[Card]) -> bool:
    """Three identical cards (three decks only)."""
    return len(cards) == 3 and cards[0] == cards[1] == cards[2]


def is_tractor(cards: Sequence[Card], trump: Trump) -> bool:
    """Two or more pairs of one effective suit on consecutive links, nothing else (with
    ``tractors="off"`` never, RULES §12.14)."""
    return _is_run(cards, trump, TRACTOR)


def is_titanic(cards: Sequence[Card], trump: Trump) -> bool:
    """Two or more triples of one effective suit on consecutive links, nothing else."""
    return _is_run(cards, trump, TITANIC)


def _is_run(cards: Sequence[Card], trump: Trump, kind: str) -> bool:
    if len(cards) < 2 * WIDTHS[kind] or len({trump.suit_of(c) for c in cards}) != 1:
        return False
    units = decompose(cards, trump)
    return len(units) == 1 and units[0].kind == kind
