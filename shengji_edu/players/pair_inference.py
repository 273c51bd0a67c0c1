"""Who has shown that it holds no pair in a suit, and guesses of the hidden cards that honour it.

RULES §5.3: a player who follows a lead holding pairs must play pairs of the led suit as far as
it has them. So when a seat follows such a lead with fewer pairs of the suit than the lead
holds, its remaining cards of that suit hold no pair (with two decks, where a card has two
copies; with three, a triple counts as a pair and a seat may keep two of its three, so the
inference is not made). :func:`pairless_suits` reads this from the public record, and
:func:`break_pairs` changes a guess (``view.sample_hands`` or
:func:`~.inference.informed_sample`) so that no such seat holds a pair of such a suit.

It reads only the view (the tricks played), so a player using it sees nothing hidden
(RULES §9). Every swap keeps each seat's number of cards and the cards themselves, never gives
a seat a card of a suit it is void in, never moves a card a seat showed when declaring
(:func:`~.inference.shown_in_hand`), and never makes a new pair where one is ruled out; a
swap that cannot keep all of that is not made.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Card
from ..game.view import PlayerView
from ..units import lead_format


def pairless_suits(view: PlayerView) -> dict[int, set[str]]:
    """For each other seat, the effective suits it has shown it holds no pair of (§5.3):
    it followed a lead with pairs with fewer pairs of the led suit than the lead held.
    Empty unless the rules play two decks."""
    if view.rules.decks != 2:
        return {}
    trump = view.trump
    assert trump is not None
    suit_of = trump.suit_by_index
    found: dict[int, set[str]] = {}
    tricks = [list(trick.plays) for trick in view.tricks] + [list(view.current_trick)]
    for plays in tricks:
        if len(plays) < 2:
            continue
        fmt = lead_format(plays[0][1], trump)
        if not fmt.total_pairs:
            continue
        for seat, cards in plays[1:]:
            if seat == view.seat:
                continue
            in_suit = Counter(card for card in cards if suit_of[card.index] == fmt.suit)
            if sum(count // 2 for count in in_suit.values()) < fmt.total_pairs:
                found.setdefault(seat, set()).add(fmt.suit)
    return found


def break_pairs(
    view: PlayerView,
    hands: list[list[Card]],
    buried: list[Card],
    rng: random.Random,
    pairless: dict[int, set[str]],
    shown: dict[int, Counter] | None = None,
) -> None:
    """Change the guess in place so that no seat holds a pair of a suit it has shown it holds
    no pair of (``pairless``: :func:`pairless_suits`): one card of each such pair goes to
    another seat, or to a guessed kitty, in exchange for a card the seat may hold."""
    if not pairless:
        return
    suit_of = view.trump.suit_by_index
    shown = shown or {}
    guessed_kitty = not view.buried

    def may_take(place: int | None, card: Card, holding: list[Card]) -> bool:
        """May ``place`` (a seat, or None for the kitty) receive ``card``?"""
        if place is None:
            return True
        suit = suit_of[card.index]
        if suit in view.voids(place):
            return False
        return not (suit in pairless.get(place, ()) and card in holding)

    for seat, suits in pairless.items():
        hand = hands[seat]
        counts = Counter(hand)
        doubles = [card for card, n in counts.items() if n >= 2 and suit_of[card.index] in suits]
        for card in doubles:
            if counts[card] - shown.get(seat, Counter())[card] < 1:
                continue  # both copies were shown: the record contradicts itself, keep them
            places: list[tuple[int | None, list[Card]]] = [
                (other, hands[other]) for other in range(4) if other not in (seat, view.seat)
            ]
            if guessed_kitty:
                places.append((None, buried))
            rng.shuffle(places)
            for place, holding in places:
                if not may_take(place, card, holding):
                    continue
                kept = shown.get(place, Counter()) if place is not None else Counter()
                spare = [
                    spot
                    for spot, other in enumerate(holding)
                    if other is not card
                    and holding.count(other) > kept[other]
                    and suit_of[other.index] not in view.voids(seat)
                    and not (suit_of[other.index] in suits and other in hand)
                ]
                if spare:
                    spot = spare[rng.randrange(len(spare))]
                    hand[hand.index(card)], holding[spot] = holding[spot], card
                    break
