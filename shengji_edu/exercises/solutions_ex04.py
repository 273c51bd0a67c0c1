"""The solutions and references of exercise 04 (the questions are in :mod:`.ex04`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ..cards import Card
from ..follow import check_follow, legal_follows
from ..trump import Trump


def cards_of_suit(hand, suit, trump):
    """The cards of the hand whose effective suit is ``suit``."""
    return [card for card in hand if trump.suit_of(card) == suit]


def suit_rule_ok(hand, lead, play, trump):
    """Rules 1 and 2: n cards from the hand; only the led suit, or all of it when short."""
    suit, n = trump.suit_of(lead[0]), len(lead)
    if len(play) != n or Counter(play) - Counter(hand):
        return False  # rule 1: exactly n cards, all from the hand (copies counted)
    hand_suit = cards_of_suit(hand, suit, trump)
    if len(hand_suit) >= n:
        return all(trump.suit_of(card) == suit for card in play)
    return not Counter(hand_suit) - Counter(play)  # short: every card of the suit is played


def pair_rule_ok(hand, lead, play, trump):
    """Rules 1-3 for a lead of one card or one pair."""

    def count_pairs(cards):
        counts = Counter(cards)
        return sum(1 for card in counts if counts[card] == 2)

    if not suit_rule_ok(hand, lead, play, trump):
        return False
    hand_suit = cards_of_suit(hand, trump.suit_of(lead[0]), trump)
    if len(hand_suit) < len(lead):
        return True  # short of the suit: the suit rule already decided
    return count_pairs(play) >= min(count_pairs(lead), count_pairs(hand_suit))


def unit_follow_ok(hand, lead, play, trump):
    """Rules 1-4 for a lead that is one unit: a single, a pair or a tractor."""

    def has_tractor(cards, length):
        """Do the cards (of one effective suit) hold ``length`` pairs on consecutive steps?"""
        counts = Counter(cards)
        steps = {trump.step(card) for card in counts if counts[card] == 2}
        return any(all(step + i in steps for i in range(length)) for step in steps)

    if not pair_rule_ok(hand, lead, play, trump):
        return False
    hand_suit = cards_of_suit(hand, trump.suit_of(lead[0]), trump)
    if len(lead) < 4 or len(hand_suit) < len(lead):
        return True  # no tractor led, or short of the suit
    length = len(lead) // 2  # a tractor of k pairs has 2k cards
    if has_tractor(hand_suit, length):
        return has_tractor(play, length)
    return True


def count_legal_follows(hand, lead, trump):
    """How many different plays (as sets of cards, copies counted) are legal."""
    plays = {tuple(sorted(play)) for play in combinations(hand, len(lead))}
    return sum(1 for play in plays if check_follow(hand, lead, list(play), trump))


def _cards_of_suit_reference(hand: list[Card], suit: str, trump: Trump) -> list[Card]:
    return trump.cards_of(hand, suit)


def _follow_reference(hand: list[Card], lead: list[Card], play: list[Card], trump: Trump) -> bool:
    return bool(check_follow(hand, lead, play, trump))


def _count_reference(hand: list[Card], lead: list[Card], trump: Trump) -> int:
    return len(legal_follows(hand, lead, trump))
