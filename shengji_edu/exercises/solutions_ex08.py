"""The solutions and references of exercise 08 (the questions are in :mod:`.ex08`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..follow import legal_follows
from ..players.greedy import card_cost as _card_cost_reference  # noqa: F401  (a reference the question names)
from ..players.greedy import play_cost as _play_cost
from ..players.knowledge import unit_is_sure, unseen_by_suit
from ..tricks import trick_winner
from ..trump import Trump
from ..units import SINGLE, Unit


def card_cost(card, trump):
    """What playing a card gives up: its strength, plus 3 times its points."""
    return trump.strength(card) + 3 * card.points


def play_cost(play, hand, trump):
    """The cost of the cards, plus 8 for every pair of the hand that the play splits."""
    counts = Counter(hand)
    cost = sum(card_cost(card, trump) for card in play)
    for card in set(play):  # each different card once
        if counts[card] == 2 and play.count(card) == 1:
            cost += 8
    return cost


def is_sure_single(card, unseen, trump):
    """No unseen card of the same effective suit is higher: nobody can beat this single."""
    suit = trump.suit_of(card)
    return not any(
        trump.suit_of(other) == suit and trump.step(other) > trump.step(card) for other in unseen
    )


def would_win(trick, play, trump):
    """Would ``play`` be winning the trick right after it is played?"""
    return trick_winner(trick + [play], trump) == len(trick)


def cheapest_winning_play(hand, trick, trump):
    """The legal follow that wins the trick at the lowest play_cost (ties: sorted cards)."""
    winners = [
        play for play in legal_follows(hand, trick[0], trump) if would_win(trick, play, trump)
    ]
    if not winners:
        return None
    return min(winners, key=lambda play: (play_cost(play, hand, trump), sorted(play)))


def _play_cost_reference(play: list[Card], hand: list[Card], trump: Trump) -> int:
    return _play_cost(play, Counter(hand), trump)


def _sure_reference(card: Card, unseen: list[Card], trump: Trump) -> bool:
    step = trump.step(card)
    unit = Unit(SINGLE, [card], trump.suit_of(card), step, step, 0)
    return unit_is_sure(unit, unseen_by_suit(Counter(unseen), trump), trump)


def _would_win_reference(trick: list[list[Card]], play: list[Card], trump: Trump) -> bool:
    return trick_winner([*trick, play], trump) == len(trick)


def _cheapest_reference(hand: list[Card], trick: list[list[Card]], trump: Trump):
    counts = Counter(hand)
    best = None
    for play in legal_follows(hand, trick[0], trump):
        if trick_winner([*trick, play], trump) != len(trick):
            continue
        key = (_play_cost(play, counts, trump), sorted(play))
        if best is None or key < best[0]:
            best = (key, play)
    return None if best is None else best[1]
