"""Guessing the hidden cards as a card player would: what the table has shown, not only voids.

``view.sample_hands`` deals the unseen cards at random, honouring only the hand sizes and the
voids a seat has shown. A card player knows two things more, both from the public record:

1. **Cards shown when declaring stay in that hand until played.** A seat that declared (or
   bid, or overcalled) with a pair of level cards still holds them, unless it has played
   them since. :func:`place_shown_cards` moves each such card into its seat's guessed hand,
   swapping back a card the seat may hold (never one of a suit it is void in).
2. **Nobody buries trumps or points without a reason.** A player buries low side cards
   (greedy does exactly that, :func:`~.greedy.bury_low_cards`), so a guessed kitty holding a
   trump or a point card is unlikely. :func:`bury_like_a_player` swaps each such card with a
   plain card (no trump, no points) of the seat that buried the kitty (of another seat when
   the burier has shown a void in that card's suit).

:func:`informed_sample` is ``sample_hands`` followed by both. It reads only the view (the
public record, this seat's hand and, for the seat that buried it, the kitty), so a player
using it still sees nothing hidden (RULES §9). Every swap keeps each seat's number of cards,
keeps the cards themselves (the guess holds exactly the unseen cards) and never gives a seat
a card of a suit it has shown a void in; a swap that cannot keep all three is not made.

Decisions where a card player could differ: a declaring seat may bury a card it showed (the
guess ignores that chance), and a dealer who expects to win the last trick may bury points
(the guess assumes none). With greedy players both never happen.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Card
from ..game.view import PlayerView
from ..trump import TRUMP


def shown_in_hand(view: PlayerView) -> dict[int, Counter]:
    """For each other seat, the cards it showed when declaring, bidding or overcalling that it
    has not played since: it must still hold them (as often as it showed them at once)."""
    shown: dict[int, Counter] = {}

    def note(seat: int, cards) -> None:
        held = shown.setdefault(seat, Counter())
        for card, count in Counter(cards).items():
            held[card] = max(held[card], count)

    for declaration in view.declarations:
        note(declaration.seat, declaration.cards)
    for seat, cards in view.public.bids:
        if cards:
            note(seat, cards)
    for seat, overcall in view.overcalls:
        if overcall is not None:
            note(seat, overcall.cards)
    shown.pop(view.seat, None)
    plays = [play for trick in view.tricks for play in trick.plays] + list(view.current_trick)
    for seat, cards in plays:
        held = shown.get(seat)
        if held:
            held.subtract(card for card in cards if card in held)
    return {seat: +held for seat, held in shown.items() if +held}


def place_shown_cards(
    view: PlayerView,
    hands: list[list[Card]],
    buried: list[Card],
    rng: random.Random,
    shown: dict[int, Counter] | None = None,
) -> None:
    """Move every shown card (:func:`shown_in_hand`) into its seat's guessed hand, in place.

    The card comes from the guessed kitty or from a seat that need not hold it; the seat
    gives back a card it need not hold, one the receiving place may hold (a seat never gets a
    suit it is void in). A card with no such swap stays where the guess put it. ``shown``:
    :func:`shown_in_hand` of the view, if already known."""
    trump = view.trump
    assert trump is not None
    shown = shown_in_hand(view) if shown is None else shown
    guessed_kitty = not view.buried
    for seat, cards in shown.items():
        void = view.voids(seat)  # it showed the card, then failed to follow: it buried it
        for card, need in sorted(cards.items()):
            if trump.suit_of(card) in void:
                continue
            while hands[seat].count(card) < need:
                if not _fetch(view, hands, buried, guessed_kitty, shown, seat, card, rng):
                    break


def _fetch(view, hands, buried, guessed_kitty, shown, seat, card, rng) -> bool:
    """One swap bringing ``card`` into ``hands[seat]``; False if none can be made."""
    suit_of = view.trump.suit_of
    donors: list[tuple[frozenset[str], list[Card]]] = []
    if guessed_kitty and card in buried:
        donors.append((frozenset(), buried))  # the kitty may hold any suit
    for other in range(4):
        if other in (seat, view.seat):
            continue
        if hands[other].count(card) > shown.get(other, Counter()).get(card, 0):
            donors.append((view.voids(other), hands[other]))
    for void, donor in donors:
        spare = [
            position
            for position, held in enumerate(hands[seat])
            if held is not card
            and (held not in shown[seat] or hands[seat].count(held) > shown[seat][held])
            and suit_of(held) not in void
        ]
        if spare:
            give = spare[rng.randrange(len(spare))]
            donor[donor.index(card)], hands[seat][give] = hands[seat][give], card
            return True
    return False


def bury_like_a_player(
    view: PlayerView,
    hands: list[list[Card]],
    buried: list[Card],
    rng: random.Random,
    shown: dict[int, Counter] | None = None,
) -> None:
    """Swap each trump or point card of a guessed kitty, in place, with a plain card (no
    trump, no points, not one it showed) of the seat that buried it, or, if that seat may not
    hold the kitty card (it is void in its suit), of another seat that may. Nothing to do
    when this seat buried the kitty."""
    burier = view.buried_by
    if view.buried or burier is None or burier == view.seat:
        return
    trump = view.trump
    assert trump is not None
    suit_of = trump.suit_of
    shown = shown_in_hand(view) if shown is None else shown
    others = [burier] + [s for s in range(4) if s not in (burier, view.seat)]
    for position, card in enumerate(buried):
        suit = suit_of(card)
        if suit != TRUMP and not card.points:
            continue
        for seat in others:
            if suit in view.voids(seat):
                continue
            hand, kept = hands[seat], shown.get(seat, Counter())
            plain = [
                spot
                for spot, held in enumerate(hand)
                if suit_of(held) != TRUMP
                and not held.points
                and (held not in kept or hand.count(held) > kept[held])  # count shown cards only
            ]
            if plain:
                spot = plain[rng.randrange(len(plain))]
                buried[position], hand[spot] = hand[spot], card
                break


def informed_sample(
    view: PlayerView, rng: random.Random, shown: dict[int, Counter] | None = None
) -> tuple[list[list[Card]], list[Card]]:
    """``view.sample_hands(rng)`` with the shown cards placed and the kitty made of plain
    cards (see the module docstring). Draws only from ``rng``. ``shown``:
    :func:`shown_in_hand` of the view, if already known (a search asks it once per decision,
    not once per world)."""
    shown = shown_in_hand(view) if shown is None else shown
    hands, buried = view.sample_hands(rng)
    place_shown_cards(view, hands, buried, rng, shown)
    bury_like_a_player(view, hands, buried, rng, shown)
    return hands, buried


GUESSES = ("informed", "uniform")
"""How a search player guesses the hidden cards: ``"informed"`` (:func:`informed_sample`) or
``"uniform"`` (``view.sample_hands``: voids only)."""


__all__ = [
    "GUESSES",
    "bury_like_a_player",
    "informed_sample",
    "place_shown_cards",
    "shown_in_hand",
]
