"""Greedy's questions about the unseen cards and the running trick, counted fast: the quick
forms behind :class:`~.rollout.RolloutPlayer` (``make_player("greedy")``, the searches'
rollouts), beside the readable helpers of :mod:`.knowledge` that :class:`~.greedy.GreedyPlayer`
asks.

Each answers one of those helpers' questions on counts by ``card.index`` instead of Counters
of cards, or remembers the last answer for the next seat's question:
``tests/game/test_speed_identical.py`` and ``tests/players/test_greedy_fast.py`` compare each
with its readable form at every decision of seeded hands. They pay: greedy self-play through
them is about 2.3 times as fast as the readable player's (``benchmarks/benchmark.py rlcard``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import ALL_CARDS, Card
from ..tricks import play_key, trick_winner
from ..trump import EFFECTIVE_SUITS, Trump
from ..units import (
    group_profile,
    lead_format,
    ranked_windows,
    run_ranks,
    top_steps,
    tractor_windows,
)
from .base import PlayerView


def unseen_counts(view: PlayerView) -> list[int]:
    """How many copies of each card (by ``card.index``) this player has not seen."""
    left = _unplayed(view.played_cards, view.rules.decks)  # a fresh list, by card.index
    for seen in (view.hand, view.buried):
        for card in seen:
            left[card.index] -= 1
    return left


def _unplayed(played: tuple[Card, ...], decks: int) -> list[int]:
    """Copies of each card (by ``card.index``) not among ``played``: a new list.

    Played cards only grow during a hand, and every player asks after every trick: the
    counts of the last answer are kept and only the cards played since are taken off."""
    global _last_unplayed
    last_played, last_decks, counts = _last_unplayed  # one tuple, read at once: thread-safe
    known = len(last_played)
    if last_decks == decks and len(played) >= known and played[:known] == last_played:
        counts = list(counts)
        new = played[known:]
    else:
        counts, new = [decks] * len(ALL_CARDS), played
    for card in new:
        counts[card.index] -= 1
    _last_unplayed = (played, decks, counts)
    return list(counts)


_last_unplayed: tuple = ((), 0, [])


def unseen_groups(view: PlayerView, trump: Trump) -> dict[str, list[Card]]:
    """``unseen_by_suit(unseen_cards(view), trump)`` in one step (the lead rules ask it for
    every lead): the unseen cards by effective suit, each copy listed, in card order."""
    left = unseen_counts(view)
    groups: dict[str, list[Card]] = {}
    for suit in _members(trump):
        group = unseen_in(left, trump, suit)
        if group:
            groups[suit] = group
    return groups


def unseen_in(left: list[int], trump: Trump, suit: str) -> list[Card]:
    """``unseen_groups(view, trump).get(suit, [])``, one suit only: ``left`` is how many
    copies of each card (by ``card.index``) the player has not seen (``unseen_counts``)."""
    group: list[Card] = []
    for card in _members(trump)[suit]:
        if left[card.index]:
            group += [card] * left[card.index]
    return group


def _members(trump: Trump) -> dict[str, tuple[Card, ...]]:
    """Each effective suit with its cards in card order (the last trump asked about kept)."""
    global _last_members
    last = _last_members  # one tuple, read at once: safe with threads
    if last[0] is not trump:
        last = _last_members = (trump, _members_of(trump))
    return last[1]


@lru_cache(maxsize=256)  # a match or an arena comes back to the same few trumps
def _members_of(trump: Trump) -> dict[str, tuple[Card, ...]]:
    return {s: tuple(trump.cards_of(ALL_CARDS, s)) for s in EFFECTIVE_SUITS}


_last_members: tuple = (None, ())


def _strongest_first(trump: Trump) -> dict[str, tuple[Card, ...]]:
    """Each effective suit with its cards strongest first (the last trump asked about kept)."""
    global _last_strongest
    last = _last_strongest  # one tuple, read at once: safe with threads
    if last[0] is not trump:
        last = _last_strongest = (trump, _strongest_first_of(trump))
    return last[1]


@lru_cache(maxsize=256)
def _strongest_first_of(trump: Trump) -> dict[str, tuple[Card, ...]]:
    step = trump.step_by_index
    return {
        suit: tuple(sorted(cards, key=lambda c: -step[c.index]))
        for suit, cards in _members_of(trump).items()
    }


_last_strongest: tuple = (None, ())


def strongest_top(cards: Sequence[Card], trump: Trump, width: int, steps: int) -> int:
    """The top step of the strongest unit of *steps × width* inside ``cards`` (-1: none).

    ``unit_is_sure(unit, unseen, trump)`` is ``unit.high >= strongest_top(unseen cards of the
    unit's suit, trump, unit.width, unit.steps)``: one number per suit and shape, which a
    player judging many units against the same unseen cards works out once (the tests
    check that the two agree)."""
    if width == 1:
        return max(map(trump.step, cards), default=-1)
    if steps == 1:
        return max(group_profile(cards, trump, width, trump.step_by_index), default=-1)
    return max(run_ranks(cards, trump, width, steps), default=-1)


def strongest_unseen_top(left: list[int], trump: Trump, suit: str, width: int, steps: int) -> int:
    """``strongest_top(unseen_in(left, trump, suit), trump, width, steps)``, counted on
    ``left`` (unseen copies by ``card.index``) without listing the cards (the tests check
    that the two agree)."""
    step = trump.step_by_index
    if steps == 1:  # a single, pair or triple: the strongest card unseen width times
        for card in _strongest_first(trump)[suit]:
            if left[card.index] >= width:
                return step[card.index]
        return -1
    if trump.link_by_index is not step:  # runs on links, ranked by steps (RULES §12.14, §12.15)
        copies = [(card, left[card.index]) for card in _members(trump)[suit]]
        return max(ranked_windows(top_steps(copies, trump, width), steps), default=-1)
    profile: dict[int, int] = {}  # group_profile of the unseen cards of the suit
    for card in _members(trump)[suit]:
        if left[card.index] >= width:
            at = step[card.index]
            profile[at] = profile.get(at, 0) + 1
    return max(tractor_windows(profile, steps), default=-1)


def winner_and_key(view: PlayerView) -> tuple[int, tuple | None]:
    """(:func:`current_winner`, the :func:`play_key` a play must beat to win; None when
    single cards are led) in one question, for a player that asks both while following."""
    trump = view.trump
    assert trump is not None and view.current_trick
    return _trick_so_far(view.current_trick, trump)


def _trick_so_far(plays: tuple, trump: Trump) -> tuple[int, tuple | None]:
    """(the seat winning ``plays`` so far, its :func:`play_key`; None for single cards).

    The seat is ``plays[trick_winner([cards for _s, cards in plays], trump)][0]``, kept for
    the next question: a player's rules ask about one trick several times, and the next seat
    asks about the same trick with one play more, so only that play is scored, by
    :func:`trick_winner`'s rule (a play takes the lead only with a strictly higher key). The
    tests compare it with :func:`trick_winner` at every decision of seeded hands.
    """
    global _last_trick
    last = _last_trick  # one tuple, read at once: safe with threads
    if last[0] is plays and last[1] is trump:  # asked again about the same trick
        return last[2]
    lead = plays[0][1]
    if len(lead) == 1:  # single cards: trick_winner's quick comparison of strengths
        answer = (plays[trick_winner([cards for _s, cards in plays], trump)][0], None)
    else:
        fmt = lead_format(lead, trump)
        before = last[0]
        if (
            last[1] is trump
            and before is not None
            and len(before) == len(plays) - 1
            and plays[:-1] == before  # the trick asked about last, one play ago
        ):
            (seat, best), start = last[2], len(before)
        else:
            seat, best, start = plays[0][0], play_key(lead, fmt, trump), 1
        for next_seat, cards in plays[start:]:
            key = play_key(cards, fmt, trump)
            if key is not None and key > best:
                seat, best = next_seat, key
        answer = (seat, best)
    _last_trick = (plays, trump, answer)
    return answer


_last_trick: tuple = (None, None, None)
"""The last trick :func:`_trick_so_far` judged (it is immutable: a tuple) and its answer."""
