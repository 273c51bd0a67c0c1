"""RolloutPlayer's leads: :meth:`GreedyPlayer.lead <.greedy.GreedyPlayer.lead>`'s four rules,
worked out fast (see :mod:`.rollout`, whose player leads with :func:`rollout_lead`).

:func:`rollout_lead` asks greedy's rules (:func:`throw_sure_winners`,
:func:`lead_sure_winner`, :func:`pull_trumps`, :func:`lead_low`) of one
:class:`LeadContext`, which decomposes a suit only when a rule asks about it and judges each
unseen unit once. The search players build their own :class:`LeadContext` for the leads
they try. ``tests/players/test_greedy_fast.py`` compares every lead with greedy's at every
decision of seeded hands, and the context with the plain decomposition.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ALL_CARDS, Card
from ..trump import EFFECTIVE_SUITS, TRUMP, Trump
from ..units import (
    PAIR,
    SINGLE,
    TITANIC,
    TRACTOR,
    WIDTHS,
    UnitRecord,
    decompose_records,
)
from .base import PlayerView
from .greedy import SIDE_SUITS, wear_the_ace
from .rollout_knowledge import (
    _strongest_first,
    strongest_unseen_top,
    unseen_counts,
    unseen_groups,
    unseen_in,
)


class LeadContext:
    """What every lead rule of greedy needs, worked out once: my units and the unseen cards
    by suit (greedy's readable rules work each out from the view when they need it).

    ``units`` is ``decompose(view.hand, trump)`` as read-only records
    (:class:`~shengji_edu.units.UnitRecord`: the fields and properties of a Unit, made
    faster), as the rules only read them. Each suit is decomposed only when a rule first
    asks about it (:meth:`units_in`): most leads never look at the trumps' units, and no
    unit of a suit an opponent is void in can be sure."""

    __slots__ = ("view", "trump", "held", "_units", "_left", "_tops", "_voids", "_sure_side")

    def __init__(self, view: PlayerView) -> None:
        trump = view.trump
        assert trump is not None
        self.view = view
        self.trump = trump
        suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
        held: dict[str, list[Card]] = {suit: [] for suit in EFFECTIVE_SUITS}
        for card in view.hand:
            held[suit_of[card.index]].append(card)
        self.held = held
        """My cards by effective suit (trumps first), each in hand order."""
        self._units: dict[str, list] = {}
        self._left: list[int] | None = None  # unseen copies by card index, counted once
        self._tops: dict[tuple[str, int, int], int] = {}
        self._voids: frozenset[str] | None = None
        self._sure_side: list | None = None

    def units_in(self, suit: str) -> list:
        """My units of one effective suit: ``[u for u in self.units if u.suit == suit]``,
        decomposed the first time a rule asks."""
        units = self._units.get(suit)
        if units is None:
            units = self._units[suit] = suit_units(self.held[suit], self.trump)
        return units

    @property
    def units(self) -> list:
        """``decompose(view.hand, trump)``: each suit's units, trumps first."""
        return [unit for suit in EFFECTIVE_SUITS for unit in self.units_in(suit)]

    @property
    def side(self) -> list:
        """My side-suit units: ``[u for u in self.units if u.suit != TRUMP]``."""
        return [unit for suit in SIDE_SUITS for unit in self.units_in(suit)]

    @property
    def unseen(self) -> dict[str, list[Card]]:
        """The unseen cards by effective suit: ``unseen_by_suit(unseen_cards(view), trump)``."""
        return unseen_groups(self.view, self.trump)

    def unseen_in(self, suit: str) -> list[Card]:
        """``self.unseen.get(suit, [])``, worked out for that suit alone (the rules ask only
        about the suits of my side units)."""
        if self._left is None:
            self._left = unseen_counts(self.view)
        return unseen_in(self._left, self.trump, suit)

    def sure(self, unit) -> bool:
        """``unit_is_sure(unit, self.unseen, trump)`` and no opponent is void in its suit.

        The strongest unseen unit of each suit and shape is worked out once per lead
        (:func:`strongest_top`), as every rule asks about several units."""
        if self._void(unit.suit):
            return False
        return unit.high >= self._top(unit)

    def _void(self, suit: str) -> bool:
        """Has an opponent shown a void in ``suit``?"""
        voids = self._voids
        if voids is None:  # the suits either opponent has shown a void in, gathered once
            view, seat = self.view, self.view.seat
            voids = self._voids = view.voids((seat + 1) % 4) | view.voids((seat + 3) % 4)
        return suit in voids

    def _top(self, unit) -> int:
        """The top step of the strongest unseen unit of ``unit``'s suit and shape."""
        return self._top_of((unit.suit, WIDTHS[unit.kind], unit.pairs or 1))  # unit.steps

    def _top_of(self, key: tuple[str, int, int]) -> int:
        """The top step of the strongest unseen unit of (suit, width, steps), counted once."""
        top = self._tops.get(key)
        if top is None:
            if self._left is None:
                self._left = unseen_counts(self.view)
            # strongest_top(self.unseen_in(suit), trump, width, steps), counted on self._left
            top = self._tops[key] = strongest_unseen_top(self._left, self.trump, *key)
        return top

    @property
    def side_groups(self) -> list:
        """My side units of several cards: ``[u for u in self.side if u.kind != SINGLE]``.
        A suit holding no card twice has none, and is not decomposed."""
        held, step, groups = self.held, self.trump.step_by_index, []
        for suit in SIDE_SUITS:
            cards = held[suit]
            if _singles_only(cards):
                continue
            pairs = None if suit in self._units else _pairs_without_runs(cards, suit, step)
            if pairs is None:  # a tractor or triple may be there: decompose
                pairs = [unit for unit in self.units_in(suit) if unit.kind != SINGLE]
            groups += pairs
        return groups

    @property
    def sure_side(self) -> list:
        """My side units that are sure, in order: ``[u for u in self.side if self.sure(u)]``,
        judged once for the rules that ask (a throw of them, or the first of them). A suit
        an opponent is void in is not decomposed (none of its units is sure), nor is a suit
        holding no card twice: its units are its cards, each a single."""
        found = self._sure_side
        if found is None:
            found = self._sure_side = []
            trump, held, top_of, tops = self.trump, self.held, self._top_of, self._tops
            step = trump.step_by_index
            voids = self._voids
            if voids is None:  # self._void(suit) is ``suit in voids``
                self._void(TRUMP)
                voids = self._voids
            for suit in SIDE_SUITS:
                cards = held[suit]
                if not cards or suit in voids:
                    continue
                if suit not in self._units and len(set(map(id, cards))) == len(cards):
                    # no card held twice: each card is a single, sure if it is as high as
                    # the strongest unseen card (top_of((suit, 1, 1)), worked out in line)
                    top = tops.get((suit, 1, 1))
                    if top is None:
                        left = self._left
                        if left is None:
                            left = self._left = unseen_counts(self.view)
                        top = -1
                        for card in _strongest_first(trump)[suit]:
                            if left[card.index]:
                                top = step[card.index]
                                break
                        tops[(suit, 1, 1)] = top
                    sure = []  # (its step, the card) of each sure card
                    for card in cards:
                        if step[card.index] >= top:
                            sure.append((step[card.index], card))
                    if len(sure) > 1:
                        sure.sort(reverse=True)  # strongest first (one card a step: no ties)
                    for at, card in sure:
                        found.append(_new_record(UnitRecord, (SINGLE, [card], suit, at, at, 0)))
                    continue
                if suit not in self._units:
                    sure = _sure_without_runs(cards, suit, step, top_of)
                    if sure is not None:
                        found += sure
                        continue
                for unit in self.units_in(suit):  # unit.high >= self._top(unit)
                    if unit.high >= top_of((suit, WIDTHS[unit.kind], unit.pairs or 1)):
                        found.append(unit)
        return found


def _pair_steps(held: dict[int, int], step: Sequence[int]) -> list[int] | None:
    """The steps of the pairs among ``held`` (copies by card index), highest first; None
    when a card is held three times or two pairs stand on consecutive steps (a tractor).

    Only side suits are asked. There pairs on consecutive links (a tractor) are always on
    consecutive steps too, also when links are not steps (RULES §12.14): the answer None may
    then only send the caller to decompose when it need not."""
    pairs = []
    for index, count in held.items():
        if count >= 2:
            if count > 2:
                return None  # a triple
            pairs.append(step[index])
    pairs.sort(reverse=True)
    for higher, lower in zip(pairs, pairs[1:], strict=False):
        if higher - lower == 1:
            return None  # a tractor
    return pairs


def _sure_without_runs(cards: list[Card], suit: str, step: Sequence[int], top_of) -> list | None:
    """The sure units of a side suit's cards (``[u for u in suit_units(cards, trump) if
    u.high >= top_of((suit, width, steps))]``) when the suit holds no tractor and no triple,
    without decomposing it; None when it may hold one (then the caller decomposes).

    In a side suit each step is one card. With no card held three times and no two pairs
    on consecutive steps, ``decompose`` gives the pairs, strongest first, then the cards
    held once, strongest first: a pair is sure if it is as high as the strongest unseen
    pair, a single if it is as high as the strongest unseen card. The tests compare this
    with the decomposition at every lead of seeded hands."""
    held: dict[int, int] = {}  # copies of each card, by card.index
    for card in cards:
        index = card.index
        held[index] = held.get(index, 0) + 1
    if len(held) == len(cards):  # no card held twice: singles only
        top = top_of((suit, 1, 1))
        sure = [i for i in held if step[i] >= top]
        sure.sort(key=step.__getitem__, reverse=True)
        return [
            _new_record(UnitRecord, (SINGLE, [ALL_CARDS[i]], suit, step[i], step[i], 0))
            for i in sure
        ]
    pairs = _pair_steps(held, step)
    if pairs is None:
        return None  # a triple or a tractor
    found = []
    if pairs[0] >= top_of((suit, 2, 1)):
        top = top_of((suit, 2, 1))
        found = [
            _new_record(UnitRecord, (PAIR, [ALL_CARDS[i]] * 2, suit, step[i], step[i], 1))
            for i in sorted(
                (i for i, n in held.items() if n == 2 and step[i] >= top),
                key=step.__getitem__,
                reverse=True,
            )
        ]
    top = top_of((suit, 1, 1))
    singles = [i for i, n in held.items() if n == 1 and step[i] >= top]
    if singles:
        singles.sort(key=step.__getitem__, reverse=True)
        found += [
            _new_record(UnitRecord, (SINGLE, [ALL_CARDS[i]], suit, step[i], step[i], 0))
            for i in singles
        ]
    return found


def _pairs_without_runs(cards: list[Card], suit: str, step: Sequence[int]) -> list | None:
    """The units of several cards of a side suit (``[u for u in suit_units(cards, trump) if
    u.kind != SINGLE]``) when it holds no tractor and no triple: its pairs, strongest first
    (as :func:`_sure_without_runs` reads them); None when it may hold one."""
    held: dict[int, int] = {}  # copies of each card, by card.index
    for card in cards:
        index = card.index
        held[index] = held.get(index, 0) + 1
    pairs = _pair_steps(held, step)
    if pairs is None:
        return None  # a triple or a tractor
    return [
        _new_record(UnitRecord, (PAIR, [ALL_CARDS[i]] * 2, suit, step[i], step[i], 1))
        for i in sorted((i for i, n in held.items() if n == 2), key=step.__getitem__, reverse=True)
    ]


_new_record = tuple.__new__


def _singles_only(cards: list[Card]) -> bool:
    """No card held twice (cards are interned: the same card is the same object)."""
    return len(set(map(id, cards))) == len(cards)


def suit_units(cards: list[Card], trump: Trump) -> list:
    """``decompose_records(cards, trump)`` for the cards of one effective suit (none: no
    units). Not remembered between decisions: a cache of holdings kept in the module would
    let one player read another's cards, and it saved under 3% of greedy's work."""
    return decompose_records(cards, trump) if cards else []


def throw_sure_winners(ctx: LeadContext) -> list[Card] | None:
    """:func:`.greedy.throw_sure_winners`, asked of a :class:`LeadContext`."""
    by_suit: dict[str, list] = {}
    for unit in ctx.sure_side:  # the side units that are sure
        by_suit.setdefault(unit.suit, []).append(unit)
    for units in by_suit.values():
        if len(units) >= 2:
            return [c for u in units for c in u.cards]
    return None


def lead_sure_winner(ctx: LeadContext) -> list[Card] | None:
    """:func:`.greedy.lead_sure_winner`, asked of a :class:`LeadContext`."""
    sure = ctx.sure_side  # decompose lists tractors, then pairs, then singles
    return list(sure[0].cards) if sure else None


def pull_trumps(ctx: LeadContext) -> list[Card] | None:
    """:func:`.greedy.pull_trumps`, asked of a :class:`LeadContext`."""
    view = ctx.view
    if not view.is_dealer_team or len(ctx.held[TRUMP]) * 2 < len(view.hand):
        return None
    # trumps_in(view.hand, trump) is len(ctx.held[TRUMP]); the play is my first trump unit
    if TRUMP not in ctx._units:
        first = _first_unit_without_runs(ctx.held[TRUMP], ctx.trump)
        if first is not None:
            return first
    trumps = ctx.units_in(TRUMP)
    return list(trumps[0].cards) if trumps else None


def _first_unit_without_runs(cards: list[Card], trump: Trump) -> list[Card] | None:
    """The cards of ``decompose(cards, trump)[0]`` for the cards of one effective suit
    when they hold no tractor or titanic (None when they may: the caller decomposes).

    Without a run, decompose lists the triples, then the pairs, then the singles, each
    strongest first in display order: the first unit is the first card held three times,
    else the first held twice, else the first card. The tests compare the lead with
    greedy's at every lead of seeded hands."""
    if not cards:
        return None
    ordered = trump.sort(cards)  # strongest first: copies of a card sit side by side
    link = trump.link_by_index  # runs are on links (for the default trump, the steps)
    widest, first, steps = 1, ordered[0], set()
    count, previous = 0, None
    for card in ordered:
        count = count + 1 if card is previous else 1
        previous = card
        if count == 2 and link[card.index] is not None:
            steps.add(link[card.index])
        if count > widest:  # the first card held this many times (display order)
            widest, first = count, card
    if any(at + 1 in steps for at in steps):
        return None  # groups on consecutive steps: a tractor or titanic may be the first unit
    return [first] * min(widest, 3)


def lead_low(ctx: LeadContext) -> list[Card]:
    """:func:`.greedy.lead_low`, asked of a :class:`LeadContext`."""
    trump, held = ctx.trump, ctx.held
    longest, length = None, 0  # the longest side suit (of equals, the last in letter order)
    for suit in SIDE_SUITS:
        count = len(held[suit])
        if count and (count > length or (count == length and suit > longest)):
            longest, length = suit, count
    if longest is None:  # no side card
        return [min(ctx.view.hand, key=trump.strength)]
    best = best_key = None  # the first of the least key among my side groups without points
    for unit in ctx.side_groups:
        for card in unit.cards:
            if card.points:
                break
        else:
            key = (unit.kind not in (TRACTOR, TITANIC), unit.high)
            if best is None or key < best_key:
                best, best_key = unit, key
    if best is not None:
        return list(best.cards)
    step = trump.step_by_index
    for card in held[longest]:  # in hand order: the first of the least key
        key = (card.points > 0, step[card.index])
        if best is None or key < best_key:
            best, best_key = card, key
    return [best]


def rollout_lead(view: PlayerView) -> list[Card]:
    """:meth:`GreedyPlayer.lead <.greedy.GreedyPlayer.lead>`: its four rules, asked of one
    :class:`LeadContext`."""
    ctx = LeadContext(view)
    if ctx.trump.suit is None and ctx.trump.level == 14:  # maybe wearing the A (RULES §12.12)
        play = wear_the_ace(view)
        if play:
            return play
    for rule in (throw_sure_winners, lead_sure_winner, pull_trumps):
        play = rule(ctx)
        if play:
            return play
    return lead_low(ctx)
