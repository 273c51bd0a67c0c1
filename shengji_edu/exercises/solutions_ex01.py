"""The solutions and references of exercise 01 (the questions are in :mod:`.ex01`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter

from ..cards import ALL_CARDS, Card, new_deck
from ..scoring import trick_points  # noqa: F401  (a reference the question names)


def points_of(cards):
    """Total points of the cards: 5 for each 5, 10 for each 10 and each K."""
    total = 0
    for card in cards:
        if card.rank == 5:
            total += 5
        elif card.rank in (10, 13) and not card.is_joker:
            total += 10
    return total


def parse_one(text):
    """One card from its canonical text: 'S10', 'HA', 'D2', 'BJ', 'LJ'."""
    if text == "BJ":
        return Card("J", 16)
    if text == "LJ":
        return Card("J", 15)
    ranks = {"J": 11, "Q": 12, "K": 13, "A": 14}
    rank_text = text[1:]
    rank = ranks[rank_text] if rank_text in ranks else int(rank_text)
    return Card(text[0], rank)


def count_pairs(hand):
    """How many pairs the hand holds: cards that appear twice."""
    counts = Counter(hand)
    return sum(1 for card in counts if counts[card] == 2)


def parse_loose(text):
    """One card, also written with suit symbols, lower case, T for ten, or 大王 / 小王."""
    text = text.strip()
    upper = text.upper()
    if upper in ("BJ", "大王"):
        return Card("J", 16)
    if upper in ("LJ", "小王"):
        return Card("J", 15)
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    suit = symbols.get(upper[0], upper[0])
    ranks = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
    rank_text = upper[1:]
    rank = ranks[rank_text] if rank_text in ranks else int(rank_text)
    return Card(suit, rank)


def rest_of_deck(seen):
    """The cards of the 108-card double deck that are not in ``seen`` (copies counted)."""
    left = Counter(new_deck())
    left.subtract(seen)
    return list(left.elements())


def _pairs_reference(hand: list[Card]) -> int:
    return len(hand) - len(set(hand))  # each card held twice loses one copy in the set


def _rest_reference(seen: list[Card]) -> list[Card]:
    counts = Counter(seen)
    return [card for card in ALL_CARDS for _ in range(2 - counts[card])]
