"""RolloutPlayer: :class:`~.greedy.GreedyPlayer`'s decisions, worked out fast for search rollouts.

Monte Carlo and search (:mod:`.montecarlo`, :mod:`.search`) play thousands of simulated
tricks per decision with greedy players in every seat, so those players must be quick.
:class:`RolloutPlayer` makes exactly the plays of the readable
:class:`~.greedy.GreedyPlayer` (the one lesson 08 prints), by other means:

* :func:`follow_single` follows a single card led (half of all decisions) on card indices:
  greedy's candidates, then its three follow rules (:func:`~.greedy.feed_partner`,
  :func:`~.greedy.win_cheaply`, :func:`~.greedy.discard_low`) with the same keys and ties,
  the trick's winner found once for all of them;
* :func:`follow_several` follows longer leads, each candidate's cost worked out once;
* :func:`~.rollout_leads.rollout_lead` leads through
  :class:`~.rollout_leads.LeadContext`, which decomposes a suit only when a rule asks about
  it and judges each unseen unit once (in :mod:`.rollout_leads`);
* :func:`candidate_follows`, :func:`cheapest` and the cost tables here are greedy's, on card
  indices.

It is a copy kept equal by tests, not a second strategy: ``tests/players/test_greedy_fast.py`` asks
both players at every decision of seeded hands (one, two and three decks and the variants of
RULES §11) and requires the same cards and the same use of ``view.rng``. Change a rule in
:mod:`.greedy` and that test fails until the same change is made here. Declaring and
burying are greedy's rules, counted faster here (:func:`declare_good_suit`, asked after
every card of the deal, and :func:`bury_low_cards`; the tests compare them with greedy's
at every decision); overcalling is greedy's own (:class:`~.greedy.GreedyBidding`).

``make_player("greedy")`` (the command line, the arena, the tournament) returns this player:
the same decisions as ``GreedyPlayer``, at rollout speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, islice

from ..burying import first_legal_bury
from ..cards import ALL_CARDS, Card
from ..follow import iter_legal_follows, multiset_combinations, random_follow
from ..game.table import answers_from_own_cards
from ..tricks import play_key
from ..trump import EFFECTIVE_SUITS, TRUMP, Trump
from ..units import lead_format
from .base import PlayerView, trump_of
from .greedy import (
    CANDIDATE_LIMIT,
    GreedyBidding,
    card_cost,
    declaring_level,
    option_suit,
)
from .knowledge import (
    check_name,
)
from .rollout_knowledge import (
    winner_and_key,
)
from .rollout_leads import LeadContext, rollout_lead

__all__ = [
    "LeadContext",
    "RolloutPlayer",
    "bury_low_cards",
    "candidate_follows",
    "cheapest",
    "declare_good_suit",
    "follow_several",
    "follow_single",
    "held_by_index",
    "rollout_lead",
]


class RolloutPlayer(GreedyBidding):
    """:class:`~.greedy.GreedyPlayer`'s plays, worked out fast (see the module docstring):
    the player of search rollouts and of ``make_player("greedy")``. Its name is "greedy", as
    it plays greedy's game."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = check_name(name)

    @answers_from_own_cards  # the table asks again only when the hand or options changed
    def declare(self, view: PlayerView) -> list[Card] | None:
        return declare_good_suit(view)

    def bury(self, view: PlayerView) -> list[Card]:
        return bury_low_cards(view)

    def play(self, view: PlayerView) -> list[Card]:
        lead = view.lead
        if lead is None:
            return rollout_lead(view)
        if len(lead) == 1:
            return follow_single(view)
        return follow_several(view)


# --- declaring ----------------------------------------------------------------------------
def declare_good_suit(view: PlayerView) -> list[Card] | None:
    """:func:`.greedy.declare_good_suit` (asked after every card of the deal while a seat
    can declare): the same options, scores and choice, the hand counted once for every
    option. The tests compare the two at every declaring decision of seeded hands."""
    options = view.legal_declarations
    if not options:
        return None
    hand, level = view.hand, declaring_level(view)
    plain = []  # the suits of the cards that are neither level cards nor jokers
    for card in hand:
        if not card.is_joker and card.rank != level:
            plain.append(card.suit)
    high = len(hand) - len(plain)  # the level cards and jokers
    best, best_score = None, 0.0
    for cards in options:
        suit = option_suit(cards)
        # a suit's length: its cards that are not level cards (jokers are suit "J")
        score = high / 4 if suit is None else (plain.count(suit) + high) / max(3.0, len(hand) / 3)
        if score >= 1.0 and score > best_score:
            best, best_score = cards, score
    return best


def bury_low_cards(view: PlayerView) -> list[Card]:
    """:func:`.greedy.bury_low_cards`: the same keys, counted by card index instead of with
    two ``Counter`` objects, and the same stable sort. The tests compare the two at every
    bury of seeded hands."""
    trump = trump_of(view)
    hand = view.hand
    suit_of, step = trump.suit_by_index, trump.step_by_index
    held = [0] * len(ALL_CARDS)  # Counter(hand), by card index
    lengths = dict.fromkeys(EFFECTIVE_SUITS, 0)  # Counter(trump.suit_of(card) ...)
    for card in hand:
        held[card.index] += 1
        lengths[suit_of[card.index]] += 1

    def keep_score(card: Card) -> tuple:
        index = card.index
        suit = suit_of[index]
        return (suit == TRUMP, card.points > 0, held[index] >= 2, lengths[suit], step[index])

    rules = getattr(view, "rules", None)  # a stand-in view without rules: two decks' 8
    if rules is None:
        return sorted(hand, key=keep_score)[:8]
    return first_legal_bury(sorted(hand, key=keep_score), rules)  # an open kitty: §12.11


# --- how much a play costs, on card indices -----------------------------------------------
def _card_costs(trump: Trump) -> tuple[int, ...]:
    """:func:`~.greedy.card_cost` of every card under ``trump``, by card index (made once per trump,
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
    """:func:`.greedy.cheapest`: the play of least :func:`~.greedy.play_cost` (the first of
    equals), on card indices."""
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
    """How many copies of each card the hand holds, by ``card.index``: ``Counter(view.hand)``
    as a list, so the rules count without hashing cards. Counted afresh for each question:
    nothing of one player's hand is kept in the module where another player could read it."""
    held = [0] * len(ALL_CARDS)
    for card in view.hand:
        held[card.index] += 1
    return held


def _play_cost(play: Sequence[Card], held: list[int], costs: tuple[int, ...]) -> int:
    """:func:`~.greedy.play_cost` with the hand's counts by card index
    (:func:`held_by_index`) and the cost table at hand: the same number (the tests compare
    them at every decision)."""
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
    copies: dict[int, int] = {}  # how many of each card the play takes
    cost = 0
    for card in play:
        index = card.index
        cost += costs[index]
        copies[index] = copies.get(index, 0) + 1
    for index, taken in copies.items():  # each card of the play once: does it split a group?
        if taken < held[index] >= 2:
            cost += 8
    return cost


# --- following ----------------------------------------------------------------------------
def candidate_follows(view: PlayerView, limit: int = CANDIDATE_LIMIT) -> list[list[Card]]:
    """:func:`.greedy.candidate_follows`, the same plays in the same order (the tests
    compare them at every decision), with quick forms for one and two cards led.

    Holding enough of the led suit, that is every legal play (up to ``limit``). Short of the
    suit, the suit cards are forced and only the extra cards are chosen; listing every way
    to pick them can mean ~10^6 plays, so we build the interesting ones instead: the
    cheapest extras, the richest in points, all-trump plays that might ruff, and a few
    random legal plays.
    """
    trump = view.trump
    lead = view.lead
    assert trump is not None and lead is not None
    suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
    suit = suit_of[lead[0].index]
    forced = []  # the hand's cards of the led suit
    for card in view.hand:
        if suit_of[card.index] == suit:
            forced.append(card)
    if len(forced) >= len(lead):
        if len(lead) == 1:  # what iter_legal_follows lists for a single: each suit card once
            return [[card] for card in islice(dict.fromkeys(trump.sort(forced)), limit)]
        if len(lead) == 2:  # a pair or two cards led: what iter_legal_follows lists
            return _two_card_follows(forced, lead[0] is lead[1], trump)[:limit]
        return list(islice(iter_legal_follows(view.hand, lead, trump), limit))
    extra = len(lead) - len(forced)
    others = []  # the hand's other cards
    for card in view.hand:
        if suit_of[card.index] != suit:
            others.append(card)
    costs = _card_costs(trump)  # card_cost(c, trump) is costs[c.index]
    if extra == 1 and others:  # sorted(...)[:1]: the first card of the least key, unsorted
        by_cost = [costs[c.index] for c in others]
        by_points = [(-c.points, cost) for c, cost in zip(others, by_cost, strict=True)]
        plays = [
            [*forced, others[by_cost.index(min(by_cost))]],
            [*forced, others[by_points.index(min(by_points))]],
        ]
    else:  # sorted(others, key=...)[:extra], each key worked out once (a stable sort)
        by_cost, by_points = [], []
        for card in others:
            by_cost.append(costs[card.index])
            by_points.append((-card.points, costs[card.index]))
        order = range(len(others))
        pick = others.__getitem__
        plays = [
            forced + list(map(pick, sorted(order, key=by_cost.__getitem__)[:extra])),
            forced + list(map(pick, sorted(order, key=by_points.__getitem__)[:extra])),
        ]
    trumps = [c for c in others if suit_of[c.index] == TRUMP]
    if not forced and suit != TRUMP and len(trumps) >= extra:
        plays += islice(multiset_combinations(trump.sort(trumps), extra), limit // 2)
    if len(lead) >= 3:  # many ways to choose the extras: add a few random legal ones
        hand, rng = view.hand, view.rng
        plays += [random_follow(hand, lead, trump, rng), random_follow(hand, lead, trump, rng)]
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


_POINTS = tuple(card.points for card in ALL_CARDS)  # card.points, by card.index


def follow_single(view: PlayerView) -> list[Card]:
    """``GreedyPlayer().follow(view)`` when one card is led (half of all decisions),
    worked out on card indices: the same candidates in the same order as
    :func:`candidate_follows`, then greedy's ``feed_partner``, ``win_cheaply`` and
    ``discard_low`` with the same keys and ties (the first of equals). The trick's winner and
    its strength are found once, in one pass, for both rules. The tests compare it with
    ``GreedyPlayer`` at every decision of seeded hands. (Loops rather than comprehensions:
    with a few cards each, the loops are quicker.)"""
    trump = view.trump
    trick = view.current_trick
    suit_of, strength = trump.suit_by_index, trump.strength_by_index  # tables by card.index
    first = trick[0][1][0].index
    led = suit_of[first]
    costs = _card_costs(trump)
    held = []  # the indices of the cards to choose from: of the led suit, else every card
    for card in view.hand:
        if suit_of[card.index] == led:
            held.append(card.index)
    if held:  # each card of the suit once, in display order
        if len(held) == 1:
            return [ALL_CARDS[held[0]]]
        plays = sorted(set(held), key=trump.sort_key_by_index.__getitem__)
        if len(plays) == 1:
            return [ALL_CARDS[plays[0]]]
    else:  # the cheapest card, the richest in points, then every trump (to ruff)
        trumps = set()
        cheap = rich = None  # the first of the least cost, of the most points then least cost
        for card in view.hand:
            i = card.index
            held.append(i)
            if cheap is None:
                cheap = rich = i
            else:
                if costs[i] < costs[cheap]:
                    cheap = i
                if _POINTS[i] > _POINTS[rich] or (
                    _POINTS[i] == _POINTS[rich] and costs[i] < costs[rich]
                ):
                    rich = i
            if suit_of[i] == TRUMP:
                trumps.add(i)
        plays = [cheap, rich]
        if led != TRUMP and trumps:
            plays += sorted(trumps, key=trump.sort_key_by_index.__getitem__)[: CANDIDATE_LIMIT // 2]
    # the trick so far: its winner and the strength to beat (current_winner, winning_test)
    winner, top = trick[0][0], strength[first]
    for seat, cards in trick[1:]:
        index = cards[0].index
        if strength[index] > top and suit_of[index] in (led, TRUMP):
            winner, top = seat, strength[index]
    last = len(trick) == 3
    cost = []  # play_cost of each play
    for i in plays:
        cost.append(costs[i] + 8 if held.count(i) >= 2 else costs[i])
    if winner == (view.seat + 2) % 4:  # feed_partner, when the partner's card is safe
        if last or suit_of[dict(trick)[winner][0].index] == TRUMP:
            best = best_key = None  # the most points, then the least cost net of them
            for i, c in zip(plays, cost, strict=True):
                key = (-_POINTS[i], c - 3 * _POINTS[i])
                if best is None or key < best_key:
                    best, best_key = i, key
            return [ALL_CARDS[best]]
    else:  # win_cheaply: the first winning play of the least cost
        best, low = None, 0
        for i, c in zip(plays, cost, strict=True):
            if strength[i] > top and suit_of[i] in (led, TRUMP) and (best is None or c < low):
                best, low = i, c
        if best is not None and (
            last or _POINTS[best] or any(cards[0].points for _s, cards in trick)
        ):
            return [ALL_CARDS[best]]
    return [ALL_CARDS[plays[cost.index(min(cost))]]]  # discard_low


def follow_several(view: PlayerView) -> list[Card]:
    """``GreedyPlayer().follow(view)`` when several cards are led: the same candidates
    (:func:`candidate_follows`, drawing from ``view.rng`` as it does), then greedy's
    ``feed_partner``, ``win_cheaply`` and ``discard_low`` with the trick's winner and best
    key found once and each candidate's cost (:func:`_play_cost`) worked out once for all
    three. The tests compare it with ``GreedyPlayer`` at every decision of seeded hands."""
    plays = candidate_follows(view)
    if len(plays) == 1:
        return plays[0]
    trump, trick = view.trump, view.current_trick
    winner, top = winner_and_key(view)  # current_winner, and the key to beat
    held, costs = held_by_index(view), _card_costs(trump)
    two = len(trick[0][1]) == 2  # two cards led: a pair, or two singles
    cost = []
    if two:  # _play_cost of two cards, in line
        for x, y in plays:
            a, b = x.index, y.index
            if a == b:
                cost.append(2 * costs[a] + 8 if held[a] >= 3 else 2 * costs[a])
            else:
                cost.append(
                    costs[a] + costs[b] + (8 if held[a] >= 2 else 0) + (8 if held[b] >= 2 else 0)
                )
    else:
        for play in plays:
            cost.append(_play_cost(play, held, costs))
    last = len(trick) == 3
    if winner == (view.seat + 2) % 4:  # the partner: feed it if it plays last (no ruff)
        if last:
            best = best_key = None  # the most points, then the least cost net of them
            for play, c in zip(plays, cost, strict=True):
                n = sum([card.points for card in play])
                key = (-n, c - 3 * n)
                if best is None or key < best_key:
                    best, best_key = play, key
            return best
    elif two:  # win_cheaply for two cards led: play_key of each play, in line
        best = _cheapest_win_of_two(plays, cost, trick[0][1], top, trump)
        if best is not None and (last or _any_points(best) or _trick_has_points(trick)):
            return best
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
        if best is not None and (last or _any_points(best) or _trick_has_points(trick)):
            return best
    return plays[cost.index(min(cost))]  # discard_low


def _any_points(cards: Sequence[Card]) -> bool:
    """``any(c.points for c in cards)``, as a loop."""
    for card in cards:  # noqa: SIM110 (a plain loop: quicker than any() and a generator)
        if card.points:
            return True
    return False


def _trick_has_points(trick: tuple) -> bool:
    """Does a card played to the trick so far carry points?"""
    for _seat, cards in trick:
        for card in cards:
            if card.points:
                return True
    return False


def _cheapest_win_of_two(
    plays: list[list[Card]], cost: list[int], lead: Sequence[Card], top: tuple, trump: Trump
) -> list[Card] | None:
    """The first play of the least cost whose :func:`~shengji_edu.tricks.play_key` beats
    ``top`` when two cards are led (None: no play wins), the keys worked out in line: a
    play of two cards of one suit, the led suit or trumps, keyed (a ruff?, its steps highest
    first); when a pair is led, only a pair, keyed by its step. The tests compare it with
    ``play_key`` at every decision of seeded hands."""
    suit_of, step = trump.suit_by_index, trump.step_by_index
    led = suit_of[lead[0].index]
    pair_led = lead[0] is lead[1]
    wins = []
    for n, (x, y) in enumerate(plays):
        if pair_led and x is not y:
            continue  # not a pair: it cannot beat a pair (cards are interned)
        a, b = x.index, y.index
        suit = suit_of[a]
        if suit != suit_of[b] or (suit != led and suit != TRUMP):
            continue  # a mixed play, or a discard: it cannot win
        if pair_led:
            key = (suit != led, (step[a],))
        else:
            key = (suit != led, (step[a], step[b]) if step[a] >= step[b] else (step[b], step[a]))
        if key > top:
            wins.append((cost[n], n))
    return plays[min(wins)[1]] if wins else None
