"""The solutions and references of exercise 06 (the questions are in :mod:`.ex06`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..declaring import declaration_strength as _package_strength
from ..trump import Trump


def declaration_strength(cards, level):
    """1 one level card, 2 a pair of level cards, 3 two little jokers, 4 two big jokers, else 0."""
    if len(cards) == 1 and cards[0].rank == level:  # jokers have ranks 15 and 16
        return 1
    if len(cards) == 2 and cards[0] == cards[1]:
        if cards[0].text == "BJ":
            return 4
        if cards[0].text == "LJ":
            return 3
        if cards[0].rank == level:
            return 2
    return 0


def can_overcall(new, standing, level):
    """Is ``new`` a declaration strictly stronger than ``standing`` (None: nothing yet)?"""
    strength = declaration_strength(new, level)
    if strength == 0:
        return False
    if standing is None:
        return True
    return strength > declaration_strength(standing, level)


def first_hand_outcome(attempts, level):
    """(dealer seat, trump suit or None) after the attempts of a first hand; None if none stood."""
    standing = None
    dealer = None
    for seat, cards in attempts:
        if can_overcall(cards, standing, level):
            if dealer is None:
                dealer = seat  # the first declarer deals the first hand
            standing = cards
    if standing is None:
        return None
    trump_suit = None if standing[0].is_joker else standing[0].suit
    return dealer, trump_suit


def bury_low(hand, trump):
    """The 8 cards to bury, by the greedy player's rule (see the statement)."""
    counts = Counter(hand)
    lengths = Counter(trump.suit_of(card) for card in hand)

    def key(card):
        return (
            trump.suit_of(card) == "T",  # side cards first
            card.points > 0,  # cards without points first
            counts[card] == 2,  # single cards before pairs
            lengths[trump.suit_of(card)],  # shorter suits first
            trump.step(card),  # lower cards first
            card,  # then the fixed card order
        )

    return sorted(hand, key=key)[:8]


def _strength_reference(cards: list[Card], level: int) -> int:
    try:
        return _package_strength(cards, level)[0]
    except ValueError:
        return 0


def _overcall_reference(new: list[Card], standing: list[Card] | None, level: int) -> bool:
    strength = _strength_reference(new, level)
    floor = 0 if standing is None else _strength_reference(standing, level)
    return strength > max(floor, 0)


def _outcome_reference(attempts: list[tuple[int, list[Card]]], level: int):
    accepted = []
    for seat, cards in attempts:
        strength = _strength_reference(cards, level)
        if strength and (not accepted or strength > accepted[-1][1]):
            suit = _package_strength(cards, level)[1]
            accepted.append((seat, strength, suit))
    if not accepted:
        return None
    return accepted[0][0], accepted[-1][2]


def _bury_reference(hand: list[Card], trump: Trump) -> list[Card]:
    copies = Counter(hand)
    length = Counter(trump.suit_of(card) for card in hand)
    order = sorted(
        hand,
        key=lambda c: (
            trump.is_trump(c),
            c.points != 0,
            copies[c] > 1,
            length[trump.suit_of(c)],
            trump.step(c),
            c.index,
        ),
    )
    return order[:8]
