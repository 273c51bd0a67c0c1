"""SmartPlayer's leading and burying rules.

Greedy (:mod:`.greedy`) cashes a side-suit unit only when no unseen card can beat it *and*
no opponent has shown a void in its suit, throws when two such units share a suit, pulls
trumps on the dealer's side with half its hand in trumps, and otherwise leads low from its
longest side suit. The rules below ask a :class:`~.smart_memory.CardMemory`; the first that
answers leads (:data:`LEAD_RULES` gives the order, greedy's rules among them):

``safe_throws``    throw the units of a side suit that no other seat can beat (a throw is
                   refused when *any* seat, the partner too, holds a higher unit) and no
                   opponent can trump: a seat void in the suit holds no higher unit, and a
                   seat that showed it has no pair there holds no higher pair.
``boss_leads``     cash a side unit no opponent can beat or trump on the same test (greedy's
                   test counts every void opponent as a threat, even one out of trumps); on
                   the dealer's side, lead a trump pair or tractor nobody can beat.
``boss_trump``     lead a trump unit no opponent can beat while an opponent may hold trumps.
``likely_pairs``   with no sure winner to cash, lead the side pair or tractor most likely
                   to hold against the opponents, counting what it carries, before pulling
                   trumps or leading low.
``pull_often``     pull trumps on the dealer's side from :data:`PULL_SHARE` of the hand in
                   trumps, while an opponent may still hold one.
``pull_low``       greedy's pull, but a single trump is pulled with the lowest: it draws a
                   trump from each opponent as surely, and the high ones stay home.
``defender_pull``  a defender with half its hand in trumps pulls them too.
``partner_void``   lead a side suit my partner is void in (and can trump) while both
                   opponents must follow: its richest card, for my partner's trump to take.
``partner_suit``   lead low in a side suit my partner won a trick in with a card of it,
                   no opponent void there: the partner's strength keeps the lead.
``short_suit``     with a third of the hand in trumps, lead low from the shortest side suit.
``avoid_ruffs``    lead low from the side suits no opponent can trump.
``force_ruff``     lead my lowest plain card of a side suit only the last seat has shown a
                   void in: it wins what it can win, so it spends a trump on nothing.
``likely_singles`` instead of greedy's low lead, the side single most likely to hold
                   (a chance of at least :data:`SINGLE_CHANCE`), for the partner to feed.
``defender_trump_pairs`` as a defender, ``boss_trump`` leads only trump pairs and tractors,
                   keeping a single boss trump.
``cash_short``     ``boss_leads`` cashes first the sure unit of the suit with the fewest
                   cards out (an opponent is soonest void there).
``defender_feed_trump`` as a defender, ``boss_trump`` leads a single boss trump only when my
                   partner has shown a void in trumps (it can give points of any suit).
``point_void_bury`` ``void_bury``, point cards and all: a short suit with a 10 or K goes
                   whole into the kitty too.
``point_shy_bury`` greedy's bury, keeping the side suits' As and Ks too while plain low
                   cards can go.
``void_bury``      bury whole short side suits without points (As and pairs too), to
                   trump them later; the rest as the other bury rules say.

Which of them ``SmartPlayer()`` plays is :data:`~.smart.DEFAULT_RULES`, chosen by the
toggle ledger (``results/smart_ledger.json``).
"""

from __future__ import annotations

from ..burying import first_legal_bury
from ..cards import Card
from ..trump import TRUMP
from ..units import SINGLE, TITANIC, TRACTOR
from .base import PlayerView, trump_of
from .greedy import SIDE_SUITS
from .rollout import held_by_index
from .rollout_leads import LeadContext, lead_sure_winner, pull_trumps, throw_sure_winners
from .smart_memory import CardMemory

ACE, KING = 14, 13

PULL_SHARE = 1 / 3
"""``pull_often`` pulls trumps from this share of the hand in trumps (greedy: a half)."""


def side_sure_units(ctx: LeadContext, memory: CardMemory) -> list:
    """My side-suit units that no opponent can beat or trump (:meth:`CardMemory.sure`),
    suit by suit in decompose's order (largest first, then highest); worked out once per
    decision for every rule that asks."""
    found = memory.cache.get("side_sure")
    if found is not None:
        return found
    found = memory.cache["side_sure"] = []
    for suit in memory.side_suits:
        cards = ctx.held[suit]
        if not cards or any(
            suit in memory.voids[s] and memory.can_trump(s) for s in memory.opponents
        ):
            continue  # nothing held, or an opponent can trump it: no unit of it is sure
        if not memory.caps and not any(
            suit in memory.voids[s]
            or (len(set(map(id, cards))) < len(cards) and suit in memory.no_pairs[s])
            for s in memory.opponents
        ):
            # no void and no missing pair to count: greedy's own test, worked out fast
            found += [unit for unit in ctx.sure_side if unit.suit == suit]
            continue
        for unit in ctx.units_in(suit):
            if memory.sure(unit, memory.opponents):
                found.append(unit)
    return found


def safe_throw(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``safe_throws``: the largest set of two or more units of one side suit that no
    opponent can beat or trump and no other seat can beat (see the module docstring)."""
    by_suit: dict[str, list] = {}
    for unit in side_sure_units(ctx, memory):
        if memory.sure(unit, memory.others):
            by_suit.setdefault(unit.suit, []).append(unit)
    best = None
    for units in by_suit.values():
        if len(units) >= 2:
            cards = [card for unit in units for card in unit.cards]
            if best is None or len(cards) > len(best):
                best = cards
    return best


def boss_lead(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``boss_leads``: a side unit no opponent can beat or trump (the largest, then the
    highest), else on the dealer's side, while an opponent may hold trumps, a trump pair or
    tractor nobody can beat."""
    sure = side_sure_units(ctx, memory)
    if sure:
        return list(min(sure, key=lambda u: (-len(u.cards), -u.high)).cards)
    if ctx.view.is_dealer_team and not memory.opponents_out_of(TRUMP):
        for unit in ctx.units_in(TRUMP):
            if unit.kind != SINGLE and memory.sure(unit, memory.opponents):
                return list(unit.cards)
    return None


def lead_to_partner_void(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``partner_void``: a side suit my partner is void in (and may still trump) and
    neither opponent has shown a void in: its richest card (the lowest of equals)."""
    view, trump = ctx.view, ctx.trump
    partner_voids = memory.voids[view.partner]
    if TRUMP in partner_voids:
        return None
    best = None
    for suit in memory.side_suits:
        cards = ctx.held[suit]
        if not cards or suit not in partner_voids:
            continue
        if any(suit in memory.voids[s] for s in memory.opponents):
            continue
        card = max(cards, key=lambda c: (c.points, -trump.step_by_index[c.index]))
        if best is None or card.points > best.points:
            best = card
    return [best] if best is not None else None


def lead_low_safely(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``avoid_ruffs``: greedy's low lead from the side suits no opponent can trump: a low
    pair or tractor without points, else the lowest plain card of the longest such suit.
    None (greedy's own low lead) when no suit is to be avoided, or every suit is."""
    trump, held = ctx.trump, ctx.held
    risky: set[str] = set()
    for seat in memory.opponents:
        if memory.can_trump(seat):
            risky |= memory.voids[seat]
    mine = [s for s in memory.side_suits if held[s]]
    suits = [s for s in mine if s not in risky]
    if not suits or len(suits) == len(mine):
        return None
    groups = [
        unit
        for suit in suits
        for unit in ctx.units_in(suit)
        if unit.kind != SINGLE and not any(card.points for card in unit.cards)
    ]
    if groups:
        return list(min(groups, key=lambda u: (u.kind not in (TRACTOR, TITANIC), u.high)).cards)
    longest = max(suits, key=lambda s: (len(held[s]), s))
    step = trump.step_by_index
    return [min(held[longest], key=lambda c: (c.points > 0, step[c.index]))]


def pull_often(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``pull_often``: on the dealer's side, with :data:`PULL_SHARE` of my hand in trumps,
    while an opponent may still hold one: lead my best trump unit, as greedy pulls."""
    view = ctx.view
    if not view.is_dealer_team or len(ctx.held[TRUMP]) < PULL_SHARE * len(view.hand):
        return None
    if memory.opponents_out_of(TRUMP):
        return None
    units = ctx.units_in(TRUMP)
    return list(units[0].cards) if units else None


def pull_low(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``pull_low``: greedy's test for pulling trumps, but a single trump is pulled with my
    lowest, keeping the high ones for the last tricks."""
    view = ctx.view
    if not view.is_dealer_team or len(ctx.held[TRUMP]) * 2 < len(view.hand):
        return None
    units = ctx.units_in(TRUMP)
    if not units:
        return None
    if units[0].kind != SINGLE:
        return list(units[0].cards)
    step = ctx.trump.step_by_index
    return [min(ctx.held[TRUMP], key=lambda c: step[c.index])]


def boss_trump(ctx: LeadContext, memory: CardMemory, singles: bool = True) -> list[Card] | None:
    """``boss_trump``: a trump unit no opponent can beat (pairs and tractors first), while
    an opponent may still hold trumps: my partner feeds it points. ``singles=False``: only
    a pair or tractor (:func:`boss_trump_pairs`)."""
    if not ctx.held[TRUMP] or memory.opponents_out_of(TRUMP):
        return None
    for unit in ctx.units_in(TRUMP):
        if (singles or unit.kind != SINGLE) and memory.sure(unit, memory.opponents):
            return list(unit.cards)
    return None


def boss_trump_fed(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``boss_trump`` with ``defender_feed_trump``, for a defender: a single boss trump
    only when my partner has shown a void in trumps (it can give points from any suit);
    pairs and tractors as ``boss_trump`` leads them."""
    return boss_trump(ctx, memory, singles=TRUMP in memory.voids[ctx.view.partner])


def boss_trump_pairs(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``boss_trump`` with ``defender_trump_pairs``, for a defender: only a trump pair or
    tractor no opponent can beat; a single boss trump stays in the hand."""
    return boss_trump(ctx, memory, singles=False)


def force_ruff(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``force_ruff``: the last seat to play (my right-hand opponent) has shown a void in a
    side suit and may still trump, and neither other seat has: my lowest card without points
    of that suit (the lowest of all such suits). The last seat wins what it can win (greedy's
    rule, and ``rich_win``'s), so it spends a trump on a trick without points."""
    view = ctx.view
    last, second = (view.seat + 3) % 4, (view.seat + 1) % 4
    if not memory.can_trump(last) or not memory.out_in(TRUMP):
        return None
    voids, step = memory.voids, ctx.trump.step_by_index
    best, best_step = None, 0
    for suit in memory.side_suits:
        if suit not in voids[last] or suit in voids[view.partner] or suit in voids[second]:
            continue
        for card in ctx.held[suit]:
            if not card.points and (best is None or step[card.index] < best_step):
                best, best_step = card, step[card.index]
    return [best] if best is not None else None


def defender_pull(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``defender_pull``: a defender with half its hand in trumps pulls them, as the
    dealer's side does, while an opponent may still hold one."""
    view = ctx.view
    if view.is_dealer_team or len(ctx.held[TRUMP]) * 2 < len(view.hand):
        return None
    if memory.opponents_out_of(TRUMP):
        return None
    units = ctx.units_in(TRUMP)
    return list(units[0].cards) if units else None


def lead_short_suit(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``short_suit``: holding a third of my hand in trumps and no low pair to lead, the
    low lead comes from my shortest side suit, to be void in it sooner."""
    held, trump = ctx.held, ctx.trump
    if len(held[TRUMP]) * 3 < len(ctx.view.hand) or ctx.side_groups:
        return None
    suits = [s for s in memory.side_suits if held[s]]
    if not suits:
        return None
    shortest = min(suits, key=lambda s: (len(held[s]), s))
    step = trump.step_by_index
    return [min(held[shortest], key=lambda c: (c.points > 0, step[c.index]))]


PAIR_BASE, PAIR_STEP = 5, 10
"""``likely_pairs`` weighs a side pair or tractor by its chance to hold times
(``PAIR_BASE`` + its points + ``PAIR_STEP`` per card beyond the first): a pair that wins
takes a trick and the lead, a tractor more (RULES §5.3: it draws pairs out), and its own
points come home with it."""


def likely_pair(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``likely_pairs``: the side pair or tractor (any unit of two cards or more) with the
    best chance to hold against the opponents (:meth:`CardMemory.hold_chance`, the cards
    still out dealt at random among the places that may hold them), weighed by what it
    wins (:data:`PAIR_BASE`, :data:`PAIR_STEP`); the first of equals. Greedy leads only its
    lowest pointless pair, one that an opponent's higher pair often takes, and keeps its
    point pairs (55, 1010, KK) for the end, where a void opponent may trump them."""
    best, best_key = None, -1.0
    for suit in memory.side_suits:
        cards = ctx.held[suit]
        if len(cards) < 2 or len(set(map(id, cards))) == len(cards):
            continue  # no card held twice: no pair in this suit
        for unit in ctx.units_in(suit):
            if unit.kind == SINGLE:
                continue
            play = list(unit.cards)
            chance = memory.hold_chance(play, play, memory.opponents)
            points = sum(card.points for card in play)
            key = chance * (PAIR_BASE + points + PAIR_STEP * (len(play) - 1))
            if key > best_key:
                best, best_key = play, key
    return best


def boss_lead_short(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``boss_leads`` with ``cash_short``: of my sure side units, first the one whose suit
    has the fewest cards still out (an opponent close to void there may trump it soon),
    then the largest, then the highest."""
    sure = side_sure_units(ctx, memory)
    if sure:
        out = memory.out_in
        return list(min(sure, key=lambda u: (out(u.suit), -len(u.cards), -u.high)).cards)
    return boss_lead(ctx, memory)


def partner_suit(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``partner_suit``: a side suit my partner won a trick in with a card of that suit
    (the latest such trick first), that no opponent has shown a void in: my low pair
    without points there, else my lowest card without points; the partner's strength
    there takes the trick and keeps the lead on my side."""
    view = ctx.view
    partner, suit_of = view.partner, ctx.trump.suit_by_index
    tried: set[str] = set()
    for trick in reversed(view.tricks):
        if trick.winner != partner:
            continue
        suit = suit_of[trick.lead[0].index]
        if suit == TRUMP or suit in tried:
            continue
        tried.add(suit)
        cards = dict(trick.plays)[partner]
        if suit_of[cards[0].index] != suit or not ctx.held[suit]:
            continue
        if any(suit in memory.voids[s] for s in memory.opponents):
            continue
        groups = [
            u for u in ctx.units_in(suit) if u.kind != SINGLE and not any(c.points for c in u.cards)
        ]
        if groups:
            return list(min(groups, key=lambda u: u.high).cards)
        plain = [c for c in ctx.held[suit] if not c.points]
        if plain:
            step = ctx.trump.step_by_index
            return [min(plain, key=lambda c: step[c.index])]
    return None


SINGLE_CHANCE, SINGLE_BASE = 0.6, 5
"""``likely_singles`` leads a side single that holds against the opponents with at least
``SINGLE_CHANCE``, weighed by its chance times (``SINGLE_BASE`` + its points)."""


def likely_single(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """``likely_singles``: instead of greedy's low lead, the side single most likely to
    hold against the opponents (:meth:`CardMemory.hold_chance`), if it holds with at least
    :data:`SINGLE_CHANCE`: my partner feeds a trick it expects to hold."""
    best, best_key = None, 0.0
    for suit in memory.side_suits:
        if any(suit in memory.voids[s] and memory.can_trump(s) for s in memory.opponents):
            continue
        seen: set[int] = set()
        for card in ctx.held[suit]:
            if card.index in seen:
                continue
            seen.add(card.index)
            play = [card]
            chance = memory.hold_chance(play, play, memory.opponents)
            if chance < SINGLE_CHANCE:
                continue
            key = chance * (SINGLE_BASE + card.points)
            if key > best_key:
                best, best_key = play, key
    return best


def _greedy(rule):
    """One of greedy's lead rules, asked like a smart one."""
    return lambda ctx, _memory: rule(ctx)


LEAD_RULES = (
    ("safe_throws", safe_throw),
    ("boss_leads", boss_lead),
    ("boss_trump", boss_trump),
    (None, _greedy(throw_sure_winners)),
    (None, _greedy(lead_sure_winner)),
    ("likely_pairs", likely_pair),
    ("pull_often", pull_often),
    ("pull_low", pull_low),
    (None, _greedy(pull_trumps)),
    ("defender_pull", defender_pull),
    ("partner_void", lead_to_partner_void),
    ("partner_suit", partner_suit),
    ("force_ruff", force_ruff),
    ("short_suit", lead_short_suit),
    ("avoid_ruffs", lead_low_safely),
    ("likely_singles", likely_single),
)
"""The lead rules in the order they are asked (None: greedy's, always asked); when none
answers, greedy's low lead (:func:`~.rollout_leads.lead_low`)."""

LEADING_RULES = (
    *(name for name, _rule in LEAD_RULES if name is not None),
    "defender_trump_pairs",
    "cash_short",
    "defender_feed_trump",
)
"""The leading rules, by name (``defender_trump_pairs`` and ``defender_feed_trump`` change
how ``boss_trump`` leads, ``cash_short`` how ``boss_leads`` does)."""


def bury_order(view: PlayerView, point_shy: bool) -> list[Card]:
    """My hand, the cards to bury first at the front: greedy's keys (side cards before
    trumps, plain cards before point cards, singles before pairs, the shortest suits first,
    then the lowest), with ``point_shy`` also the side suits' As and Ks kept while other
    cards can go."""
    trump = trump_of(view)
    hand = list(view.hand)
    held = held_by_index(view)
    lengths: dict[str, int] = {}
    for card in hand:
        suit = trump.suit_of(card)
        lengths[suit] = lengths.get(suit, 0) + 1

    def keep_score(card: Card) -> tuple:
        suit = trump.suit_of(card)
        return (
            suit == TRUMP,
            card.points > 0,
            point_shy and card.rank in (ACE, KING),
            held[card.index] >= 2,
            lengths[suit],
            trump.step(card),
        )

    return sorted(hand, key=keep_score)


def bury_point_shy(view: PlayerView) -> list[Card]:
    """``point_shy_bury``: greedy's bury (low side cards of the shortest suits; points,
    pairs and trumps kept), keeping also the side suits' As and Ks while other cards can go
    (a legal bury of ``rules.kitty_size`` cards: RULES §8, §12.11)."""
    return first_legal_bury(bury_order(view, True), view.rules)


def bury_voids(view: PlayerView, point_shy: bool, points: bool = False) -> list[Card]:
    """``void_bury``: whole side suits first, the shortest first (of equals, in suit order),
    each one that fits in the room left in the kitty and holds no point card, its As and
    pairs too: a suit I am void in I can trump, and the kitty keeps no points for the
    defenders to win back with the last trick (RULES §7). The rest of the kitty as
    :func:`bury_order` gives it (``point_shy``: as ``point_shy_bury`` does). ``points``
    (``point_void_bury``): a suit with point cards goes whole too."""
    trump = trump_of(view)
    by_suit: dict[str, list[Card]] = {suit: [] for suit in SIDE_SUITS}
    for card in view.hand:
        suit = trump.suit_of(card)
        if suit != TRUMP:
            by_suit[suit].append(card)
    room, first = view.rules.kitty_size, []
    for suit in sorted(SIDE_SUITS, key=lambda s: len(by_suit[s])):
        cards = by_suit[suit]
        if cards and len(cards) <= room and (points or not any(c.points for c in cards)):
            first += cards
            room -= len(cards)
    rest = list(bury_order(view, point_shy))
    for card in first:
        rest.remove(card)
    return first_legal_bury(first + rest, view.rules)


def bury_candidates(view: PlayerView) -> list[list[Card]]:
    """Buries worth comparing by search (:meth:`~.expert.ExpertPlayer.bury`), each legal
    (RULES §8, §12.11), repeats kept (the caller drops them): :func:`bury_point_shy`,
    :func:`bury_voids` with and without point suits, and, for each side suit that fits
    whole in the kitty, that suit alone voided with the rest point-shy (the heuristics void
    every short suit at once, or none; which one to void is what a search can judge)."""
    trump = trump_of(view)
    rules = view.rules
    order = bury_order(view, True)
    options = [bury_point_shy(view), bury_voids(view, True), bury_voids(view, True, True)]
    for suit in SIDE_SUITS:
        cards = [card for card in view.hand if trump.suit_of(card) == suit]
        if cards and len(cards) <= rules.kitty_size:
            options.append(first_legal_bury(cards + [c for c in order if c not in cards], rules))
    return options


__all__ = [
    "LEADING_RULES",
    "LEAD_RULES",
    "boss_lead",
    "boss_lead_short",
    "boss_trump_fed",
    "likely_single",
    "partner_suit",
    "bury_candidates",
    "bury_order",
    "bury_point_shy",
    "boss_trump_pairs",
    "bury_voids",
    "force_ruff",
    "lead_low_safely",
    "lead_to_partner_void",
    "likely_pair",
    "safe_throw",
    "side_sure_units",
]
