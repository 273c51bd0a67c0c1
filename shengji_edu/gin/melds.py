"""Melds and deadwood: the best way to split a hand into melds, found exactly.

A **meld** is a set (3 or 4 cards of one rank) or a run (3 or more consecutive cards of one
suit, ace low only: A23 is a run, QKA is not). Cards in no meld are **deadwood**; their
values (A = 1, 2..9 face value, T/J/Q/K = 10) add up to the hand's deadwood count.

Melds may not share a card, and that is what makes splitting hard. In
``5S 6S 7S 7H 7D 7C JH QH KH AC`` the 7S fits the run 5S-6S-7S and the set of four 7s. Take
the biggest meld first (the four 7s) and 5S 6S are left over: deadwood 12. The best split
uses the run *and* the set 7H 7D 7C: deadwood 1 (the AC). So the search must consider every
3-card subset of a 4-card set and every piece of a long run, not just whole groups.

:func:`best_melds` does that exactly. It looks at the lowest card still to place: either it
is deadwood, or it belongs to one of the candidate melds that contain it; each choice leaves a
smaller hand, solved the same way (with memory, so no smaller hand is solved twice). Hands are
bitmasks (bit ``card`` set for each card held), so "is this meld still available?" is one
``&``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from .cards import card_text, card_value, parse_hand

Meld = tuple[int, ...]
"""A meld: its card ids in increasing order."""

_VALUES = tuple(card_value(c) for c in range(52))


class Split(NamedTuple):
    """A way to split a hand: the melds, the unmatched cards and their deadwood count."""

    melds: tuple[Meld, ...]
    unmatched: tuple[int, ...]
    deadwood: int

    def text(self) -> str:
        """Melds in brackets, then the deadwood cards, e.g. ``[5S 6S 7S] [7H 7D 7C] AC``."""
        parts = ["[" + " ".join(card_text(c) for c in meld) + "]" for meld in self.melds]
        parts += [card_text(c) for c in self.unmatched]
        return " ".join(parts) + f"  (deadwood {self.deadwood})"


def is_set(cards: Iterable[int]) -> bool:
    """3 or 4 distinct cards of one rank."""
    cards = list(cards)
    return (
        len(cards) in (3, 4) and len(set(cards)) == len(cards) and len({c % 13 for c in cards}) == 1
    )


def is_run(cards: Iterable[int]) -> bool:
    """3 or more consecutive cards of one suit (ace low, no wrapping round from K to A)."""
    cards = sorted(cards)
    return (
        len(cards) >= 3
        and len({c // 13 for c in cards}) == 1
        and len(set(cards)) == len(cards)
        and cards[-1] - cards[0] == len(cards) - 1
    )


def is_meld(cards: Iterable[int]) -> bool:
    cards = list(cards)
    return is_set(cards) or is_run(cards)


def candidate_melds(cards: Iterable[int]) -> list[Meld]:
    """Every meld that can be made from ``cards``: each 3-subset of a 4-set, every sub-run."""
    held = set(cards)
    melds: list[Meld] = []
    for rank in range(13):
        same = sorted(c for c in held if c % 13 == rank)
        for size in range(3, len(same) + 1):
            melds.extend(combinations(same, size))
    for suit in range(4):
        start = 13 * suit
        for low in range(start, start + 11):
            high = low
            while high + 1 < start + 13 and high + 1 in held and low in held:
                high += 1
                if high - low >= 2:
                    melds.append(tuple(range(low, high + 1)))
    return melds


def to_mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def from_mask(mask: int) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def best_melds(cards: str | Iterable[int | str]) -> Split:
    """A split of ``cards`` (distinct cards, any number) with the least deadwood.

    Exact: every candidate meld (see :func:`candidate_melds`) is considered. Among equally
    good splits the result is always the same one. Raises ValueError on a repeated card.
    Instant for a hand; the work grows quickly with the number of cards that could meld
    (26 cards of one colour take milliseconds, the whole deck far too long).
    """
    return _best_split(to_mask(parse_hand(cards)))


def deadwood(cards: str | Iterable[int | str]) -> int:
    """The least deadwood count of ``cards`` (the deadwood of :func:`best_melds`)."""
    return best_melds(cards).deadwood


@lru_cache(maxsize=1 << 16)
def _best_split(hand_mask: int) -> Split:
    """The search described in the module docstring, on a bitmask."""
    melds = [(m, tuple(from_mask(m))) for m in _meld_masks(hand_mask)]
    if not melds:
        cards = tuple(from_mask(hand_mask))
        return Split((), cards, _value_of(hand_mask))
    meldable = 0
    for meld_mask, _ in melds:
        meldable |= meld_mask
    memo: dict[int, tuple[int, tuple[Meld, ...]]] = {0: (0, ())}

    def solve(mask: int) -> tuple[int, tuple[Meld, ...]]:
        if mask in memo:
            return memo[mask]
        low = (mask & -mask).bit_length() - 1  # the lowest card still to place
        rest, chosen = solve(mask & (mask - 1))
        best = (rest + _VALUES[low], chosen)  # option 1: it is deadwood
        for meld_mask, meld in melds:
            if meld_mask >> low & 1 and meld_mask & mask == meld_mask:
                rest, chosen = solve(mask & ~meld_mask)
                if rest < best[0]:  # option 2: it is in this meld
                    best = (rest, (meld, *chosen))
        memo[mask] = best
        return best

    # Cards in no candidate meld are deadwood in every split: only the others are searched.
    count, chosen = solve(hand_mask & meldable)
    used = to_mask(c for meld in chosen for c in meld)
    unmatched = tuple(from_mask(hand_mask & ~used))
    return Split(tuple(sorted(chosen)), unmatched, sum(_VALUES[c] for c in unmatched))


_RANK_MASKS = tuple(sum(1 << c for c in range(rank, 52, 13)) for rank in range(13))
_RUN_STARTS = sum(1 << c for c in range(52) if c % 13 <= 10)
"""Cards that can start a 3-card run in their own suit (J, Q, K cannot: no wrapping)."""
_RUN_EXTENDS = sum(1 << c for c in range(52) if c % 13 <= 11)
"""Cards that a higher card of their own suit can follow (not the kings)."""


def deadwood_of(cards: Iterable[int]) -> int:
    """Deadwood of ids already known to be distinct (no checks; for the players' inner loops)."""
    return _deadwood(to_mask(cards))


_SUIT_VALUES = tuple(sum(_VALUES[r] for r in range(13) if bits >> r & 1) for bits in range(1 << 13))
"""Deadwood value of every pattern of cards within one suit (a 13-bit number)."""


def _value_of(mask: int) -> int:
    """Total value of the cards in ``mask``: four table look-ups, one per suit."""
    return (
        _SUIT_VALUES[mask & 0x1FFF]
        + _SUIT_VALUES[mask >> 13 & 0x1FFF]
        + _SUIT_VALUES[mask >> 26 & 0x1FFF]
        + _SUIT_VALUES[mask >> 39]
    )


def _meld_masks(mask: int) -> list[int]:
    """:func:`candidate_melds` as bitmasks, computed with bit tricks (the fast version).

    Sets: the cards of each rank are one mask. Runs: ``mask & mask >> 1 & mask >> 2`` marks
    every card that starts three in a row; each such run is then extended card by card.
    """
    melds: list[int] = []
    for rank_mask in _RANK_MASKS:
        same = mask & rank_mask
        count = same.bit_count()
        if count >= 3:
            melds.append(same)
            if count == 4:
                rest = same
                while rest:
                    low = rest & -rest
                    melds.append(same ^ low)
                    rest ^= low
    starts = mask & mask >> 1 & mask >> 2 & _RUN_STARTS
    while starts:
        low = starts & -starts
        starts ^= low
        run = low * 7
        melds.append(run)
        top = low << 2
        while top & _RUN_EXTENDS and mask & top << 1:
            top <<= 1
            run |= top
            melds.append(run)
    return melds


# --- the fast count: sets chosen, then each suit from a table -----------------------------------
# Once it is decided which sets to make, the cards left can only meld in runs, and a run lies
# in one suit: each suit is then solved on its own. There are 2**13 patterns of cards in a
# suit, so the least run-only deadwood of every pattern is computed once, here, and the
# deadwood of a hand is four look-ups per way of choosing its sets (most hands have no set
# to choose, a few have one or two). The search above (:func:`_best_split`) is the form that
# also says *which* melds; the tests check that the two always agree.


def _run_table() -> tuple[int, ...]:
    """Least deadwood of each 13-bit pattern of one suit when only runs may meld.

    The lowest card is deadwood, or it starts a run of 3 or more cards (it is the lowest);
    what is left is a smaller number, so it has been solved already.
    """
    table = [0] * (1 << 13)
    for bits in range(1, 1 << 13):
        low = (bits & -bits).bit_length() - 1
        best = table[bits & (bits - 1)] + _VALUES[low]
        run, top = 1 << low, low + 1
        while top < 13 and bits >> top & 1:
            run |= 1 << top
            top += 1
            if top - low >= 3:
                best = min(best, table[bits & ~run])
        table[bits] = best
    return tuple(table)


_RUN_DEADWOOD = _run_table()
_SUIT = 0x1FFF


def _set_options(mask: int, ranks: int) -> list[int]:
    """Every way to choose disjoint sets among ``ranks`` (a 13-bit pattern of the ranks
    with 3 or 4 cards in ``mask``): the masks of the cards the chosen sets use."""
    options = [0]
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        same = mask & _RANK_MASKS[low.bit_length() - 1]
        choices = [same]
        if same.bit_count() == 4:  # or any three of the four
            rest = same
            while rest:
                card = rest & -rest
                choices.append(same ^ card)
                rest ^= card
        options += [used | choice for used in options for choice in choices]
    return options


@lru_cache(maxsize=1 << 17)
def _deadwood(mask: int) -> int:
    """The least deadwood of ``mask`` (the same count as :func:`_best_split`); hands recur
    often in the players' searches, so answers are remembered."""
    s0, s1, s2, s3 = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
    best = _RUN_DEADWOOD[s0] + _RUN_DEADWOOD[s1] + _RUN_DEADWOOD[s2] + _RUN_DEADWOOD[s3]
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))  # ranks with 3 or 4 cards
    if not ranks:
        return best
    for used in _set_options(mask, ranks)[1:]:
        rest = mask & ~used
        count = (
            _RUN_DEADWOOD[rest & _SUIT]
            + _RUN_DEADWOOD[rest >> 13 & _SUIT]
            + _RUN_DEADWOOD[rest >> 26 & _SUIT]
            + _RUN_DEADWOOD[rest >> 39]
        )
        if count < best:
            best = count
    return best


def deadwood_without_each(cards: Iterable[int]) -> dict[int, int]:
    """``{card: deadwood of the others}`` for every card: the deadwood after each discard."""
    mask = to_mask(cards)
    return {c: _deadwood(mask ^ (1 << c)) for c in from_mask(mask)}


def all_splits(cards: Iterable[int]) -> list[Split]:
    """Every way to pick disjoint melds from ``cards`` (none, one, two, ...), best first.

    The knocker chooses among these (see :mod:`.scoring`): the split with the least deadwood
    is not always the one that scores best, because the defender lays off on the melds shown.
    """
    hand = parse_hand(list(cards))
    melds = sorted(candidate_melds(hand))
    splits: list[Split] = []

    def extend(start: int, used: int, chosen: tuple[Meld, ...]) -> None:
        unmatched = tuple(c for c in sorted(hand) if not used >> c & 1)
        splits.append(Split(chosen, unmatched, sum(card_value(c) for c in unmatched)))
        for i in range(start, len(melds)):
            meld_mask = to_mask(melds[i])
            if not meld_mask & used:
                extend(i + 1, used | meld_mask, (*chosen, melds[i]))

    extend(0, 0, ())
    return sorted(splits, key=lambda s: (s.deadwood, s.melds))
