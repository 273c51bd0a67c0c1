"""When may a player knock? After drawing, a player holds 11 cards and must discard one.

They may **knock** (end the hand) when, after that discard, their deadwood is at most 10.
With 11 cards the question is therefore "is there *some* discard that leaves 10 or less?",
and every discard must be tried. Throwing away the highest deadwood card is not enough:
``AS 3S 6S 2H 3H 6H 2D 5D 6D 7D 3C`` splits best as [3S 3H 3C] [5D 6D 7D] with deadwood 17;
dropping a 6 leaves 11, too much. Discarding the **7D**, a card of a meld, lets the three 6s
meld instead: [3S 3H 3C] [6S 6H 6D], deadwood AS 2H 2D 5D = 10, and the player may knock.
Eleven discards are few, so trying them all is cheap and always right.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import parse_hand
from .melds import deadwood_of

KNOCK_LIMIT = 10
"""The most deadwood a knocking hand may hold (standard Gin Rummy)."""


def _hand(cards: str | Iterable[int | str]) -> list[int]:
    hand = parse_hand(cards)
    if len(hand) not in (10, 11):
        raise ValueError(f"a Gin Rummy hand has 10 cards (11 just after drawing), not {len(hand)}")
    return hand


def knock_discards(cards: str | Iterable[int | str], limit: int = KNOCK_LIMIT) -> list[int]:
    """The discards from an 11-card hand that leave at most ``limit`` deadwood, sorted."""
    hand = _hand(cards)
    if len(hand) != 11:
        raise ValueError("knock_discards needs 11 cards: the hand just after drawing")
    return sorted(c for c in hand if deadwood_of([d for d in hand if d != c]) <= limit)


def can_knock(cards: str | Iterable[int | str], limit: int = KNOCK_LIMIT) -> bool:
    """10 cards: deadwood at most ``limit``. 11 cards: some discard leaves at most ``limit``."""
    hand = _hand(cards)
    if len(hand) == 10:
        return deadwood_of(hand) <= limit
    return any(deadwood_of([d for d in hand if d != c]) <= limit for c in hand)


def is_big_gin(cards: str | Iterable[int | str]) -> bool:
    """11 cards that are all melded: the player knocks without discarding."""
    hand = parse_hand(cards)
    return len(hand) == 11 and deadwood_of(hand) == 0
