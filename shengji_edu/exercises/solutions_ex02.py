"""The solutions and references of exercise 02 (the questions are in :mod:`.ex02`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from ..cards import Card
from .generate import make_trump


def is_trump(card, level, trump_suit):
    """True for jokers, level cards and cards of the trump suit."""
    return card.is_joker or card.rank == level or card.suit == trump_suit


def effective_suit(card, level, trump_suit):
    """'T' for a trump, otherwise the printed suit."""
    if card.is_joker or card.rank == level or card.suit == trump_suit:
        return "T"
    return card.suit


def strength_key(card, level, trump_suit):
    """A number: trumps above side cards; higher is stronger; equal cards get equal numbers."""
    if card.text == "BJ":
        return 118
    if card.text == "LJ":
        return 117
    if card.rank == level:
        return 116 if card.suit == trump_suit else 115
    if card.suit == trump_suit:
        return 100 + card.rank
    return card.rank


def sort_hand(cards, level, trump_suit):
    """Trumps first, then spades, hearts, diamonds, clubs; strongest first in each group."""
    groups = "TSHDC"

    def key(card):
        suit = effective_suit(card, level, trump_suit)
        return (groups.index(suit), -strength_key(card, level, trump_suit), card)

    return sorted(cards, key=key)


def _is_trump_reference(card: Card, level: int, trump_suit: str | None) -> bool:
    return make_trump(level, trump_suit).is_trump(card)


def _suit_reference(card: Card, level: int, trump_suit: str | None) -> str:
    return make_trump(level, trump_suit).suit_of(card)


def _sort_reference(cards: list[Card], level: int, trump_suit: str | None) -> list[Card]:
    return make_trump(level, trump_suit).sort(cards)


def _strength_reference(card: Card, level: int, trump_suit: str | None) -> int:
    return make_trump(level, trump_suit).strength(card)
