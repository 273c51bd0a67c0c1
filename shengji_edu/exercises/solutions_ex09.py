"""The solutions and references of exercise 09 (the questions are in :mod:`.ex09`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.

The solutions are the small minimax a student writes; the references are the package's
exact endgame solver (:mod:`shengji_edu.players.endgame`), which proves the drills' answers.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import Card
from ..follow import legal_follows
from ..players.endgame import solve
from ..tricks import check_throw, trick_winner
from ..trump import Trump
from .ex09 import position_of


def trick_value(trick, leader, dealer, trump):
    """The points of a complete trick if a defender wins it, else 0."""
    winner = (leader + trick_winner(trick, trump)) % 4
    if winner % 2 != dealer % 2:  # a defender
        return sum(card.points for play in trick for card in play)
    return 0


def endgame_value(hands, trick, leader, dealer, trump):
    """The defenders' points from here to the end under perfect play (minimax)."""
    if len(trick) == 4:  # a complete trick: score it; its winner leads the next one
        winner = (leader + trick_winner(trick, trump)) % 4
        points = trick_value(trick, leader, dealer, trump)
        return points + endgame_value(hands, [], winner, dealer, trump)
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    if not hand:
        return 0  # no card left: the hand is over
    if trick:
        plays = legal_follows(hand, trick[0], trump)
    else:  # any cards of one effective suit; a throw that fails plays its forced cards
        others = [h for s, h in enumerate(hands) if s != seat]
        leads = {lead for n in range(1, len(hand) + 1) for lead in combinations(sorted(hand), n)}
        leads = [list(lead) for lead in leads if len({trump.suit_of(c) for c in lead}) == 1]
        throws = [check_throw(lead, others, trump) for lead in leads]
        plays = [lead if t.ok else t.forced for lead, t in zip(leads, throws, strict=True)]
    values = []
    for play in plays:
        rest = [list(h) for h in hands]  # copies: what we were given must not change
        for card in play:
            rest[seat].remove(card)
        values.append(endgame_value(rest, trick + [list(play)], leader, dealer, trump))
    return max(values) if seat % 2 != dealer % 2 else min(values)


def best_play(hands, trick, leader, dealer, trump):
    """The play after which endgame_value is best for the seat to play (smaller leads first)."""
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    if trick:
        plays = [(play, play) for play in legal_follows(hand, trick[0], trump)]
    else:
        others = [h for s, h in enumerate(hands) if s != seat]
        leads = {lead for n in range(1, len(hand) + 1) for lead in combinations(sorted(hand), n)}
        leads = [list(lead) for lead in sorted(leads, key=lambda lead: (len(lead), lead))]
        plays = []
        for lead in leads:
            if len({trump.suit_of(c) for c in lead}) == 1:
                throw = check_throw(lead, others, trump)
                plays.append((lead, lead if throw.ok else throw.forced))
    sign = 1 if seat % 2 != dealer % 2 else -1  # defenders maximise, dealers minimise
    best, best_value = None, None
    for chosen, played in plays:
        rest = [list(h) for h in hands]
        for card in played:
            rest[seat].remove(card)
        value = endgame_value(rest, trick + [list(played)], leader, dealer, trump)
        if best is None or sign * value > sign * best_value:
            best, best_value = chosen, value
    return best


def _value_reference(
    hands: list[list[Card]], trick: list[list[Card]], leader: int, dealer: int, trump: Trump
) -> int:
    return solve(position_of(hands, trick, leader, dealer, trump)).value


def _best_play_reference(
    hands: list[list[Card]], trick: list[list[Card]], leader: int, dealer: int, trump: Trump
) -> list[Card]:
    return list(solve(position_of(hands, trick, leader, dealer, trump)).best[0].cards)
