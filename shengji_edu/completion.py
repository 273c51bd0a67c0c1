"""Completing a follow card by card: can the cards chosen so far still become a legal follow?

For front ends and learners that choose a play one card at a time (the learning environment's
mask, RULES §5 as a sequence of choices) without listing the legal follows, which can run to
hundreds of thousands. It asks :func:`~shengji_edu.follow.check_follow`, the one judge of a
follow; nothing here decides what is legal on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from .cards import Card
from .follow import check_follow, grouped_parts
from .trump import Trump
from .units import lead_format


def follow_completer(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump
) -> Callable[[Sequence[Card]], bool]:
    """A test ``done(partial)``: can the cards chosen so far be completed to a legal follow?

    For choosing a follow card by card (the learning environment's mask, a front end's hints)
    without listing the legal plays, which can run to hundreds of thousands. Short of the led
    suit, any choice of at most ``n - len(Hs)`` other cards completes. Otherwise only cards of
    the suit do, and a follow is legal exactly when its *groups* (cards played two or more
    times) meet the obligations: single cards never count for pairs, triples or runs, and
    playing more copies never breaks an obligation met (what :func:`random_follow` relies
    on). So the test lists once, per position, every choice of groups ``G`` whose play with
    single cards around it :func:`check_follow` accepts (the groups :func:`iter_legal_follows`
    tries), and a partial choice ``S`` completes when for some ``G`` the union of ``S`` and
    ``G`` fits in ``n`` cards and, filled up from the hand, is accepted by :func:`check_follow`.
    """
    fmt = lead_format(lead, trump)
    size, suit = fmt.size, fmt.suit
    hand = list(hand)
    hand_counts = Counter(hand)
    hand_suit = trump.sort(trump.cards_of(hand, suit))
    suit_of = trump.suit_by_index
    short = len(hand_suit) <= size
    suit_counts = Counter(hand_suit)
    cores: list[Counter] | None = None

    def fill(need: Counter) -> list[Card]:
        """``need`` filled up to ``size`` cards with the hand's other cards of the suit,
        distinct cards first (so the filling adds as few groups as it can)."""
        play = list(need.elements())
        left = suit_counts - need
        while len(play) < size and left:
            for card in list(left):
                if len(play) == size:
                    break
                play.append(card)
                left[card] -= 1
                if not left[card]:
                    del left[card]
        return play

    def all_cores() -> list[Counter]:
        groupable = [c for c in suit_counts if suit_counts[c] >= 2]
        needed = min(fmt.total_pairs, len(groupable))
        found = []
        for count in range(needed, min(len(groupable), size // 2) + 1):
            for grouped in combinations(groupable, count):
                for multi in grouped_parts(grouped, suit_counts, size):
                    core = Counter(multi)
                    if check_follow(hand, lead, fill(core), trump):
                        found.append(core)
        return found

    def done(partial: Sequence[Card]) -> bool:
        nonlocal cores
        chosen = Counter(partial)
        if len(partial) > size or any(hand_counts[c] < n for c, n in chosen.items()):
            return False
        off = sum(n for c, n in chosen.items() if suit_of[c.index] != suit)
        if short:
            return off <= size - len(hand_suit)
        if off:
            return False
        if not fmt.total_pairs or check_follow(hand, lead, fill(chosen), trump):
            return True
        if cores is None:
            cores = all_cores()
        room = size - len(partial)
        for core in cores:
            extra = sum(max(0, n - chosen[c]) for c, n in core.items())
            if extra <= room and check_follow(hand, lead, fill(chosen | core), trump):
                return True
        return False

    return done


def can_complete_follow(
    hand: Sequence[Card], lead: Sequence[Card], partial: Sequence[Card], trump: Trump
) -> bool:
    """Can ``partial`` be completed to a legal follow of ``lead`` from ``hand``?
    (:func:`follow_completer` for one question; ask it for many on one position.)"""
    return follow_completer(hand, lead, trump)(partial)


__all__ = ["can_complete_follow", "follow_completer"]
