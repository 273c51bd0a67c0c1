"""GreedyPlayer: a readable rule-based player. Each rule is one small function.

It thinks one trick at a time, the way a beginner is taught to:

Following
  1. :func:`feed_partner` – partner is winning the trick: add points to it.
  2. :func:`win_cheaply` – there are points to take (or I play last): win with the cheapest
     play that wins.
  3. :func:`discard_low` – otherwise play the cheapest legal cards.
Leading
  1. :func:`throw_sure_winners` – several units of a side suit nobody can beat: throw them.
  2. :func:`lead_sure_winner` – one unbeatable side-suit unit: cash it.
  3. :func:`pull_trumps` – the dealer's side, long in trumps: lead a strong trump unit.
  4. :func:`lead_low` – otherwise a low card (or pair) from the longest side suit.
Declaring, overcalling and burying
  :func:`declare_good_suit` declares when the named suit is long enough;
  :func:`overcall_good_suit` overcalls after the bury (RULES §11.3) on the same test, over an
  opponent's trump, or over its own side's when the new trump gives it clearly more trumps;
  :func:`bury_low_cards` buries low side cards, shortest suits first, keeping points home.

"Cheap" is measured by :func:`play_cost`: trumps are dear, high cards dearer than low ones,
point cards dear (they feed the other side), and splitting a pair (or a triple) costs extra.

Every rule reads its numbers from the view (``view.rules.kitty_size``, ``view.rules.decks``)
and its units from :func:`decompose`, so the player plays one, two or three decks, with or
without the 2s as trumps: a triple or a titanic is led, cashed and kept like a pair or a
tractor.

Speed (greedy plays every simulated hand of the search players): ``GreedyPlayer.play``
follows through two quick forms of :meth:`GreedyPlayer.follow`, :func:`follow_single` and
:func:`follow_several`, which ask the trick's winner once and cost each candidate once for
all three rules (a single card led is worked out on card indices). They choose the same
cards as ``follow`` and draw from ``view.rng`` as it does; the tests compare them at every
decision of seeded hands. A subclass that overrides ``follow`` is asked through it, so its
own rules are used. :class:`LeadContext` decomposes a suit only when a rule asks about it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, islice

from ..cards import ALL_CARDS, Card
from ..follow import iter_legal_follows, multiset_combinations, random_follow
from ..tricks import play_key
from ..trump import EFFECTIVE_SUITS, TRUMP, Trump
from ..units import (
    SINGLE,
    TITANIC,
    TRACTOR,
    WIDTHS,
    UnitRecord,
    decompose_records,
    lead_format,
)
from .base import PlayerView, trump_of
from .knowledge import (
    check_name,
    current_winner,
    is_last_to_play,
    points_on_table,
    strongest_unseen_top,
    unseen_counts,
    unseen_groups,
    unseen_in,
    winner_and_key,
    winning_test,
)

SIDE_SUITS = EFFECTIVE_SUITS[1:]
"""The side suits, in decompose's order (the effective suits after the trumps)."""

CANDIDATE_LIMIT = 120
"""At most this many legal follows are compared (see candidate_follows)."""


# --- how much a play costs ---------------------------------------------------------------
def card_cost(card: Card, trump: Trump) -> int:
    """What playing a card gives up: its strength (trumps on top) plus its points."""
    return trump.strength(card) + 3 * card.points


def play_cost(play: Sequence[Card], hand_counts: Counter, trump: Trump) -> int:
    """Total cost of a play, plus a charge for every pair (or triple) of the hand it splits."""
    costs = _card_costs(trump)  # card_cost of every card, by card.index
    if len(play) == 1:  # most plays: the same sum for one card
        card = play[0]
        return costs[card.index] + (8 if hand_counts[card] >= 2 else 0)
    cost = sum(costs[c.index] for c in play)
    split = sum(1 for c in set(play) if hand_counts[c] >= 2 and play.count(c) < hand_counts[c])
    return cost + 8 * split


def _card_costs(trump: Trump) -> tuple[int, ...]:
    """:func:`card_cost` of every card under ``trump``, by card index (made once per trump,
    and the last one asked for kept at hand: a decision asks for it once per play)."""
    global _last_costs
    last = _last_costs  # one tuple, read at once: safe with threads
    if last[0] is not trump:
        last = _last_costs = (trump, _costs_of(trump))
    return last[1]


@lru_cache(maxsize=256)
def _costs_of(trump: Trump) -> tuple[int, ...]:
    return tuple(card_cost(card, trump) for card in ALL_CARDS)


_last_costs: tuple = (None, ())


def cheapest(plays: list[list[Card]], view: PlayerView) -> list[Card]:
    """The play of least :func:`play_cost` (the first of equals)."""
    held, costs = held_by_index(view), _card_costs(view.trump)
    # min(plays, key=lambda p: _play_cost(p, held, costs)), with a single card's cost
    # worked out in line (most plays are one card): the first play of the least cost
    keys = [
        costs[p[0].index] + (8 if held[p[0].index] >= 2 else 0)
        if len(p) == 1
        else _play_cost(p, held, costs)
        for p in plays
    ]
    return plays[keys.index(min(keys))]


def held_by_index(view: PlayerView) -> list[int]:
    """How many copies of each card the hand holds, by ``card.index``: ``hand_counts(view)``
    as a list, so the rules count without hashing cards. Counted afresh for each question:
    nothing of one player's hand is kept in the module where another player could read it."""
    held = [0] * len(ALL_CARDS)
    for card in view.hand:
        held[card.index] += 1
    return held


def _play_cost(play: Sequence[Card], held: list[int], costs: tuple[int, ...]) -> int:
    """:func:`play_cost` with the hand's counts by card index (:func:`held_by_index`) and the
    cost table at hand: the same number (the tests compare them at every decision)."""
    if len(play) == 1:
        index = play[0].index
        return costs[index] + (8 if held[index] >= 2 else 0)
    if len(play) == 2:  # a pair splits a group of three; two cards each split a pair
        first, second = play[0].index, play[1].index
        if first == second:
            return 2 * costs[first] + (8 if held[first] >= 3 else 0)
        return (
            costs[first]
            + costs[second]
            + (8 if held[first] >= 2 else 0)
            + (8 if held[second] >= 2 else 0)
        )
    indices = [card.index for card in play]
    cost = sum([costs[index] for index in indices])
    for index in set(indices):  # each card of the play once: does it split a group?
        if held[index] >= 2 and indices.count(index) < held[index]:
            cost += 8
    return cost


# --- following ----------------------------------------------------------------------------
def candidate_follows(view: PlayerView, limit: int = CANDIDATE_LIMIT) -> list[list[Card]]:
    """The legal follows worth comparing.

    Holding enough of the led suit, that is every legal play (up to ``limit``). Short of the
    suit, the suit cards are forced and only the extra cards are chosen; listing every way
    to pick them can mean ~10^6 plays, so we build the interesting ones instead: the
    cheapest extras, the richest in points, all-trump plays that might ruff, and a few
    random legal plays.
    """
    trump = view.trump
    lead = view.lead
    assert trump is not None and lead is not None
    hand = view.hand
    suit = trump.suit_of(lead[0])
    forced = trump.cards_of(hand, suit)
    if len(forced) >= len(lead):
        if len(lead) == 1:  # what iter_legal_follows lists for a single: each suit card once
            return [[card] for card in islice(dict.fromkeys(trump.sort(forced)), limit)]
        if len(lead) == 2:  # a pair or two cards led: what iter_legal_follows lists
            return _two_card_follows(forced, lead[0] is lead[1], trump)[:limit]
        return list(islice(iter_legal_follows(hand, lead, trump), limit))
    extra = len(lead) - len(forced)
    suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
    others = [c for c in hand if suit_of[c.index] != suit]
    costs = _card_costs(trump)  # card_cost(c, trump) is costs[c.index]
    if extra == 1 and others:  # sorted(...)[:1]: the first card of the least key, unsorted
        by_cost = [costs[c.index] for c in others]
        by_points = [(-c.points, cost) for c, cost in zip(others, by_cost, strict=True)]
        plays = [
            [*forced, others[by_cost.index(min(by_cost))]],
            [*forced, others[by_points.index(min(by_points))]],
        ]
    else:
        plays = [
            forced + sorted(others, key=lambda c: costs[c.index])[:extra],
            forced + sorted(others, key=lambda c: (-c.points, costs[c.index]))[:extra],
        ]
    trumps = [c for c in others if suit_of[c.index] == TRUMP]
    if not forced and suit != TRUMP and len(trumps) >= extra:
        plays += islice(multiset_combinations(trump.sort(trumps), extra), limit // 2)
    if len(lead) >= 3:  # many ways to choose the extras: add a few random legal ones
        plays += [random_follow(hand, lead, trump, view.rng) for _ in range(2)]
    return plays


def _two_card_follows(suit_cards: list[Card], pair_led: bool, trump: Trump) -> list[list[Card]]:
    """``list(iter_legal_follows(hand, lead, trump))`` for a lead of two cards when the hand
    holds at least two cards of the led suit (``suit_cards``): a pair led must be answered
    by a pair when there is one, else by any two cards; two different cards led allow any
    two cards, the pairs listed last. Cards come in display order, as there (the tests
    compare the two at every decision)."""
    distinct: list[Card] = []
    pairs: list[list[Card]] = []
    for card in trump.sort(suit_cards):  # copies of a card sit side by side (cards are interned)
        if not distinct or distinct[-1] is not card:
            distinct.append(card)
        elif not pairs or pairs[-1][0] is not card:
            pairs.append([card, card])
    if pair_led and pairs:
        return pairs
    return [[first, second] for first, second in combinations(distinct, 2)] + (
        [] if pair_led else pairs
    )


def feed_partner(view: PlayerView, plays: list[list[Card]]) -> list[Card] | None:
    """Partner is winning and likely to stay winning (I play last, or it won a single-card
    trick with a trump): give it the most points, giving up as little else as possible."""
    if current_winner(view) != view.partner:
        return None
    trump = view.trump
    partner_cards = dict(view.current_trick)[view.partner]
    safe = is_last_to_play(view) or (
        len(partner_cards) == 1 and trump.suit_of(partner_cards[0]) == TRUMP
    )
    if not safe:
        return None

    held, costs = held_by_index(view), _card_costs(trump)
    # the most points, then the least cost net of them: min over (-points, cost - 3 * points),
    # the first of equals; a single card's numbers are worked out in line
    keys = []
    for play in plays:
        if len(play) == 1:
            card = play[0]
            points = card.points
            cost = costs[card.index] + (8 if held[card.index] >= 2 else 0)
        else:
            points = sum(c.points for c in play)
            cost = _play_cost(play, held, costs)
        keys.append((-points, cost - 3 * points))
    return plays[keys.index(min(keys))]


def win_cheaply(view: PlayerView, plays: list[list[Card]]) -> list[Card] | None:
    """Points on the table, points in my winning play, or I play last: win, as cheaply as
    possible. An opponent winning a pointless trick is left alone."""
    if current_winner(view) == view.partner:
        return None
    wins = winning_test(view)
    winners = [p for p in plays if wins(p)]
    if not winners:
        return None
    best = cheapest(winners, view)
    if points_on_table(view) > 0 or is_last_to_play(view) or any(c.points for c in best):
        return best
    return None


def discard_low(view: PlayerView, plays: list[list[Card]]) -> list[Card]:
    """Nothing to gain: play the cheapest legal cards."""
    return cheapest(plays, view)


_POINTS = tuple(card.points for card in ALL_CARDS)  # card.points, by card.index


def follow_single(view: PlayerView) -> list[Card]:
    """:meth:`GreedyPlayer.follow` when one card is led (half of all decisions), worked out
    on card indices: the same candidates in the same order as :func:`candidate_follows`,
    then :func:`feed_partner`, :func:`win_cheaply` and :func:`discard_low` with the same
    keys and ties (the first of equals). The trick's winner and its strength are found once,
    in one pass, for both rules. The tests compare it with ``follow`` at every decision of
    seeded hands."""
    table = view.public
    trump = table.trump
    trick = table.current_trick
    suit_of, strength = trump.suit_by_index, trump.strength_by_index  # tables by card.index
    first = trick[0][1][0].index
    led = suit_of[first]
    hand = view.hand
    costs = _card_costs(trump)
    forced = [c.index for c in hand if suit_of[c.index] == led]
    if forced:  # each card of the suit once, in display order
        plays = sorted(set(forced), key=trump.sort_key_by_index.__getitem__)
        if len(plays) == 1:
            return [ALL_CARDS[plays[0]]]
        held = forced  # every copy of these cards in the hand
    else:  # the cheapest card, the richest in points, then every trump (to ruff)
        every = held = [c.index for c in hand]
        by_cost = [costs[i] for i in every]
        by_points = [(-_POINTS[i], cost) for i, cost in zip(every, by_cost, strict=True)]
        plays = [every[by_cost.index(min(by_cost))], every[by_points.index(min(by_points))]]
        if led != TRUMP:
            trumps = {i for i in every if suit_of[i] == TRUMP}
            plays += sorted(trumps, key=trump.sort_key_by_index.__getitem__)[: CANDIDATE_LIMIT // 2]
    # the trick so far: its winner and the strength to beat (current_winner, winning_test)
    winner, top = trick[0][0], strength[first]
    for seat, cards in trick[1:]:
        index = cards[0].index
        if strength[index] > top and suit_of[index] in (led, TRUMP):
            winner, top = seat, strength[index]
    cost = [costs[i] + (8 if held.count(i) >= 2 else 0) for i in plays]  # play_cost of each
    last = len(trick) == 3
    partner = (view.seat + 2) % 4
    if winner == partner:  # feed_partner, when the partner's card is safe
        if last or suit_of[dict(trick)[partner][0].index] == TRUMP:
            keys = [(-_POINTS[i], c - 3 * _POINTS[i]) for i, c in zip(plays, cost, strict=True)]
            return [ALL_CARDS[plays[keys.index(min(keys))]]]
    else:  # win_cheaply
        wins = [
            (c, n)
            for n, (i, c) in enumerate(zip(plays, cost, strict=True))
            if strength[i] > top and suit_of[i] in (led, TRUMP)
        ]
        if wins:
            best = plays[min(wins)[1]]  # the least cost, the first of equals
            if last or _POINTS[best] or any(cards[0].points for _s, cards in trick):
                return [ALL_CARDS[best]]
    return [ALL_CARDS[plays[cost.index(min(cost))]]]  # discard_low


def follow_several(view: PlayerView) -> list[Card]:
    """:meth:`GreedyPlayer.follow` when several cards are led: the same candidates
    (:func:`candidate_follows`, drawing from ``view.rng`` as it does), then
    :func:`feed_partner`, :func:`win_cheaply` and :func:`discard_low` with the trick's
    winner and best key found once and each candidate's :func:`play_cost` worked out once
    for all three. The tests compare it with ``follow`` at every decision of seeded hands."""
    plays = candidate_follows(view)
    if len(plays) == 1:
        return plays[0]
    table = view.public
    trump, trick = table.trump, table.current_trick
    winner, top = winner_and_key(view)  # current_winner, and the key to beat
    held, costs = held_by_index(view), _card_costs(trump)
    cost = [_play_cost(play, held, costs) for play in plays]
    last = len(trick) == 3
    if winner == (view.seat + 2) % 4:  # the partner: feed it if it plays last (no ruff)
        if last:
            points = [sum(c.points for c in play) for play in plays]
            keys = [(-n, c - 3 * n) for n, c in zip(points, cost, strict=True)]
            return plays[keys.index(min(keys))]
    else:  # win_cheaply
        fmt = lead_format(trick[0][1], trump)
        suit_of, step = trump.suit_by_index, trump.step_by_index
        led, reach = fmt.suit, (top[0], top[1][0])  # a ruff?, and the best play's top step
        best = None  # the cheapest winning play, the first of equals: tried cheapest first
        for _cost, n in sorted(zip(cost, range(len(plays)), strict=True)):
            play = plays[n]
            # a play's key is (a ruff?, its units' top steps): none is above its highest card,
            # so a play below ``reach`` cannot win (and play_key need not be asked)
            ruff = suit_of[play[0].index] == TRUMP != led
            if (ruff, max([step[c.index] for c in play])) < reach:
                continue
            key = play_key(play, fmt, trump)
            if key is not None and key > top:
                best = play
                break
        if best is not None and (
            last
            or any(c.points for c in best)
            or any(c.points for _s, cards in trick for c in cards)
        ):
            return best
    return plays[cost.index(min(cost))]  # discard_low


# --- leading ------------------------------------------------------------------------------
class LeadContext:
    """What every lead rule needs, worked out once: my units and the unseen cards by suit.

    ``units`` is ``decompose(view.hand, trump)`` as read-only records
    (:class:`~shengji_edu.units.UnitRecord`: the fields and properties of a Unit, made
    faster), as the rules only read them. Each suit is decomposed only when a rule first
    asks about it (:meth:`units_in`): most leads never look at the trumps' units, and no
    unit of a suit an opponent is void in can be sure."""

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
        self._voids: dict[str, bool] = {}
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
        """Has an opponent shown a void in ``suit`` (asked once per suit)?"""
        void = self._voids.get(suit)
        if void is None:
            void = self._voids[suit] = _opponent_void(self.view, suit)
        return void

    def _top(self, unit) -> int:
        """The top step of the strongest unseen unit of ``unit``'s suit and shape."""
        return self._top_of((unit.suit, WIDTHS[unit.kind], unit.high - unit.low + 1))

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
        held = self.held
        return [
            unit
            for suit in SIDE_SUITS
            if not _singles_only(held[suit])
            for unit in self.units_in(suit)
            if unit.kind != SINGLE
        ]

    @property
    def sure_side(self) -> list:
        """My side units that are sure, in order: ``[u for u in self.side if self.sure(u)]``,
        judged once for the rules that ask (a throw of them, or the first of them). A suit
        an opponent is void in is not decomposed (none of its units is sure), nor is a suit
        holding no card twice: its units are its cards, each a single."""
        found = self._sure_side
        if found is None:
            found = self._sure_side = []
            held, step, top_of = self.held, self.trump.step_by_index, self._top_of
            for suit in SIDE_SUITS:
                cards = held[suit]
                if not cards or self._void(suit):
                    continue
                if _singles_only(cards) and suit not in self._units:
                    # the sure singles: my cards as high as the strongest unseen card
                    top = top_of((suit, 1, 1))
                    found += [
                        UnitRecord(SINGLE, [card], suit, step[card.index], step[card.index], 0)
                        for card in self.trump.sort(cards)
                        if step[card.index] >= top
                    ]
                    continue
                for unit in self.units_in(suit):  # unit.high >= self._top(unit)
                    if unit.high >= top_of((suit, WIDTHS[unit.kind], unit.high - unit.low + 1)):
                        found.append(unit)
        return found


def _singles_only(cards: list[Card]) -> bool:
    """No card held twice (cards are interned: the same card is the same object)."""
    return len(set(map(id, cards))) == len(cards)


def suit_units(cards: list[Card], trump: Trump) -> list:
    """``decompose_records(cards, trump)`` for the cards of one effective suit (none: no
    units). Not remembered between decisions: a cache of holdings kept in the module would
    let one player read another's cards, and it saved under 3% of greedy's work."""
    return decompose_records(cards, trump) if cards else []


def throw_sure_winners(ctx: LeadContext) -> list[Card] | None:
    """Two or more units of one side suit that no unseen cards can beat: a safe throw,
    unless an opponent has shown a void there (it would ruff)."""
    by_suit: dict[str, list] = {}
    for unit in ctx.sure_side:  # the side units that are sure
        by_suit.setdefault(unit.suit, []).append(unit)
    for units in by_suit.values():
        if len(units) >= 2:
            return [c for u in units for c in u.cards]
    return None


def lead_sure_winner(ctx: LeadContext) -> list[Card] | None:
    """Cash the biggest side-suit unit that nobody can beat (tractors and pairs first)."""
    sure = ctx.sure_side  # decompose lists tractors, then pairs, then singles
    return list(sure[0].cards) if sure else None


def pull_trumps(ctx: LeadContext) -> list[Card] | None:
    """On the dealer's side with at least half the hand in trumps: lead the best trump unit
    (a tractor or pair first) to draw the defenders' trumps."""
    view = ctx.view
    if not view.is_dealer_team or len(ctx.held[TRUMP]) * 2 < len(view.hand):
        return None
    trumps = ctx.units_in(TRUMP)  # trumps_in(view.hand, trump) is len(ctx.held[TRUMP])
    return list(trumps[0].cards) if trumps else None


def lead_low(ctx: LeadContext) -> list[Card]:
    """A low pair or tractor if I have one in a side suit, else the lowest non-point card of
    my longest side suit; with only trumps left, the lowest trump."""
    trump, hand = ctx.trump, ctx.view.hand
    lengths = {suit: len(ctx.held[suit]) for suit in SIDE_SUITS if ctx.held[suit]}
    if not lengths:  # no side card
        return [min(hand, key=trump.strength)]
    multi = [u for u in ctx.side_groups if not any(c.points for c in u.cards)]
    if multi:
        return list(min(multi, key=lambda u: (u.kind not in (TRACTOR, TITANIC), u.high)).cards)
    longest = max(lengths, key=lambda s: (lengths[s], s))
    cards = ctx.held[longest]  # in hand order
    return [min(cards, key=lambda c: (c.points > 0, trump.step(c)))]


def _opponent_void(view: PlayerView, suit: str) -> bool:
    voids, seat = view.public.voids, view.seat  # view.voids(seat), for both opponents
    return suit in voids[(seat + 1) % 4] or suit in voids[(seat + 3) % 4]


# --- declaring and burying ----------------------------------------------------------------
def declare_good_suit(view: PlayerView) -> list[Card] | None:
    """Declare when the suit would be strong: its cards plus level cards and jokers make at
    least a third of what I have received (joker pairs: at least 4 such cards)."""
    options = view.legal_declarations
    if not options:
        return None
    hand = view.hand
    high, lengths = _declaring_counts(hand, view.level_rank)
    best, best_score = None, 0.0
    for cards in options:
        suit = None if cards[0].is_joker else cards[0].suit
        if suit is None:
            score = high / 4
        else:
            score = (lengths.get(suit, 0) + high) / max(3.0, len(hand) / 3)
        if score >= 1.0 and score > best_score:
            best, best_score = cards, score
    return best


def _declaring_counts(hand: Sequence[Card], level: int) -> tuple[int, dict[str, int]]:
    """(jokers and level cards held, the other cards held in each printed suit), counted in
    one pass: ``sum(1 for c in hand if c.is_joker or c.rank == level)`` and, for each suit,
    ``sum(1 for c in hand if c.suit == suit and c.rank != level)``."""
    high = 0
    lengths: dict[str, int] = {}
    for card in hand:
        if card.is_joker or card.rank == level:
            high += 1
        else:
            lengths[card.suit] = lengths.get(card.suit, 0) + 1
    return high, lengths


def overcall_good_suit(view: PlayerView) -> list[Card] | None:
    """Overcall after the bury (RULES §11.3) when the new suit passes the declaring test of
    :func:`declare_good_suit`: over an opponent's trump (or a turned-up card), or over its
    own side's when the new trump holds at least 3 more of its cards than the standing one
    (changing a partner's trump for a slightly better one helps nobody)."""
    options = view.legal_overcalls
    if not options:
        return None
    hand = view.hand
    level = view.level_rank
    high = sum(1 for c in hand if c.is_joker or c.rank == level)
    standing = view.standing_declaration  # None: the trump was turned up from the kitty
    ours = standing is not None and standing.seat % 2 == view.seat % 2
    current = view.trump
    assert current is not None
    trumps_now = sum(1 for c in hand if current.is_trump(c))
    best, best_score = None, 0.0
    for cards in options:
        suit = None if cards[0].is_joker else cards[0].suit
        if suit is None:
            score = high / 4
        else:
            length = sum(1 for c in hand if c.suit == suit and c.rank != level)
            score = (length + high) / max(3.0, len(hand) / 3)
        if ours:
            new_trump = view.rules.trump(level, suit)
            if sum(1 for c in hand if new_trump.is_trump(c)) < trumps_now + 3:
                continue
        if score >= 1.0 and score > best_score:
            best, best_score = cards, score
    return best


def bury_low_cards(view: PlayerView) -> list[Card]:
    """Bury the kitty's size (8 with two decks) of side cards: low ones, from the shortest
    suits (to make voids for ruffing), keeping point cards, pairs and trumps in hand when
    possible."""
    trump = trump_of(view)
    hand = list(view.hand)
    suit_of, step = trump.suit_by_index, trump.step_by_index  # trump.suit_of, trump.step
    counts = [0] * len(ALL_CARDS)  # Counter(hand), by card.index
    for card in hand:
        counts[card.index] += 1
    lengths = Counter(suit_of[c.index] for c in hand)

    def keep_score(card: Card) -> tuple:
        index = card.index
        suit = suit_of[index]
        return (suit == TRUMP, card.points > 0, counts[index] >= 2, lengths[suit], step[index])

    rules = getattr(view, "rules", None)  # a stand-in view without rules: two decks' 8
    return sorted(hand, key=keep_score)[: rules.kitty_size if rules is not None else 8]


class GreedyBidding:
    """Declaring, overcalling and burying by greedy's rules (:func:`declare_good_suit`,
    :func:`overcall_good_suit`, :func:`bury_low_cards`): shared by the players that search
    only their plays (Monte Carlo, search)."""

    def declare(self, view: PlayerView) -> list[Card] | None:
        return declare_good_suit(view)

    def overcall(self, view: PlayerView) -> list[Card] | None:
        return overcall_good_suit(view)

    def bury(self, view: PlayerView) -> list[Card]:
        return bury_low_cards(view)


class GreedyPlayer(GreedyBidding):
    """The rule-based player described in this module's docstring."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = check_name(name)

    def play(self, view: PlayerView) -> list[Card]:
        lead = view.lead
        if lead is None:
            return self.lead(view)
        if type(self).follow is not _PLAIN_FOLLOW:  # a subclass's (or a patched) follow
            return self.follow(view)
        if len(lead) == 1:
            return follow_single(view)  # follow's choice, worked out on card indices
        return follow_several(view)  # follow's choice, each fact worked out once

    def lead(self, view: PlayerView) -> list[Card]:
        ctx = LeadContext(view)
        for rule in (throw_sure_winners, lead_sure_winner, pull_trumps):
            play = rule(ctx)
            if play:
                return play
        return lead_low(ctx)

    def follow(self, view: PlayerView) -> list[Card]:
        plays = candidate_follows(view)
        if len(plays) == 1:
            return plays[0]
        for rule in (feed_partner, win_cheaply):
            play = rule(view, plays)
            if play:
                return play
        return discard_low(view, plays)


_PLAIN_FOLLOW = GreedyPlayer.follow
"""The follow that :func:`follow_single` and :func:`follow_several` stand for: ``play`` takes
them only while a player's class still has it (a subclass or a patch keeps its own rules)."""
