"""Units: singles, pairs and tractors, and how a set of cards splits into them (RULES §3).

A *pair* is two identical cards. A *tractor* is two or more pairs of one effective suit on
consecutive steps (see :meth:`Trump.step`). Leads, follows and trick winners are all
described by units, so this module gives the two views the other rules need:

* :func:`decompose` — the canonical split of a lead into units, whose shape is the lead's
  *format* (牌型): repeatedly take the longest tractor (ties: the highest), then the pairs
  (highest first), then singles.
* A "pair profile": how many pairs sit on each step. Many questions ("does this hand hold a
  tractor of 3 pairs?", "can this play stand in for a 2-pair tractor and a pair?") depend
  only on that profile, and working on it instead of on cards keeps the search tiny.
  Several pairs can share one step: the off-suit level cards (H10 H10 and C10 C10 at level
  10) are equally strong, but two pairs on one step are not consecutive, so a tractor uses at
  most one pair per step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import Card, format_cards
from .trump import EFFECTIVE_SUITS, Trump, suit_label

SINGLE, PAIR, TRACTOR = "single", "pair", "tractor"


@dataclass(frozen=True)
class Unit:
    """One unit of a decomposition: a single, a pair or a tractor of one effective suit.

    ``cards`` are listed strongest first (a list, like every other card list of the API).
    ``pairs`` is 0 for a single, 1 for a pair and k for a tractor of k pairs; ``high`` and
    ``low`` are the steps of its strongest and weakest card. A tractor is compared with
    another tractor by its highest pair, but a failed throw is reduced to the beaten unit
    whose *lowest* card is lowest (RULES §4), hence both.
    """

    kind: str
    cards: list[Card]
    suit: str
    high: int
    low: int
    pairs: int

    @property
    def size(self) -> int:
        """Number of cards: 1, 2 or 2k."""
        return len(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True)
class LeadFormat:
    """The shape of a lead (牌型): its tractors (lengths, longest first), pairs and singles."""

    suit: str
    tractors: tuple[int, ...]
    pairs: int
    singles: int

    @property
    def size(self) -> int:
        """Total number of cards."""
        return 2 * sum(self.tractors) + 2 * self.pairs + self.singles

    @property
    def total_pairs(self) -> int:
        """Pairs counting each tractor as its pairs (the number rule 3 of following uses)."""
        return sum(self.tractors) + self.pairs

    @property
    def largest_unit_size(self) -> int:
        """Cards in the largest unit: 2k for a k-pair tractor, 2 for a pair, 1 for a single."""
        if self.tractors:
            return 2 * self.tractors[0]
        return 2 if self.pairs else 1

    @property
    def is_throw(self) -> bool:
        """More than one unit: a throw (甩牌) that other hands may be able to beat."""
        return len(self.tractors) + self.pairs + self.singles > 1

    def describe(self) -> str:
        """Plain words, e.g. ``a tractor of 2 pairs, a pair and 2 singles of ♥``."""
        parts = [f"a tractor of {k} pairs" for k in self.tractors]
        if self.pairs:
            parts.append("a pair" if self.pairs == 1 else f"{self.pairs} pairs")
        if self.singles:
            parts.append("a single" if self.singles == 1 else f"{self.singles} singles")
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"{text} of {suit_label(self.suit)}"


def pair_profile(cards: Iterable[Card], trump: Trump) -> dict[int, int]:
    """How many pairs of identical cards sit on each step, e.g. ``{7: 1, 6: 1}``.

    Only meaningful for cards of one effective suit (callers split by suit first).
    """
    seen = [False] * 54  # by card.index: cheaper than a Counter on these short lists
    profile: dict[int, int] = {}
    for card in cards:
        if seen[card.index]:
            step = trump.step(card)
            profile[step] = profile.get(step, 0) + 1
        else:
            seen[card.index] = True
    return profile


def runs(profile: dict[int, int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive steps holding a pair, as ``(length, top step)``."""
    found = []
    for step in profile:
        if profile[step] > 0 and profile.get(step + 1, 0) == 0:
            low = step
            while profile.get(low - 1, 0) > 0:
                low -= 1
            found.append((step - low + 1, step))
    return found


def longest_run(profile: dict[int, int]) -> int:
    """Length of the longest tractor in a profile (1 if only pairs, 0 if no pair)."""
    return max((length for length, _ in runs(profile)), default=0)


def tractor_windows(profile: dict[int, int], length: int) -> list[int]:
    """Top steps of every tractor of exactly ``length`` pairs inside the profile.

    Any ``length`` consecutive pairs of a longer tractor count (RULES §4–6), so a run of 4
    gives windows of 2 at three places.
    """
    tops = []
    for run_length, top in runs(profile):
        tops.extend(top - shift for shift in range(run_length - length + 1))
    return tops


def take_window(profile: dict[int, int], top: int, length: int) -> dict[int, int]:
    """A copy of the profile with one pair removed from each step of a window."""
    rest = dict(profile)
    for step in range(top - length + 1, top + 1):
        rest[step] -= 1
    return rest


def decompose(cards: Iterable[Card], trump: Trump) -> list[Unit]:
    """Split cards into units: longest tractors first (ties: highest), then pairs, then singles.

    Cards of several effective suits are decomposed one suit at a time (trumps first); the
    format of a lead only makes sense for one suit, see :func:`lead_format`.
    """
    units: list[Unit] = []
    groups = trump.by_suit(cards)
    for suit in EFFECTIVE_SUITS:
        if groups[suit]:
            units.extend(_decompose_suit(groups[suit], suit, trump))
    return units


def _decompose_suit(cards: list[Card], suit: str, trump: Trump) -> list[Unit]:
    counts = Counter(cards)  # cards arrive strongest first, so pairs come strongest first
    pairs_at: dict[int, list[Card]] = {}
    for card, count in counts.items():
        if count >= 2:
            pairs_at.setdefault(trump.step(card), []).append(card)
    units: list[Unit] = []
    while True:
        profile = {step: len(pair_cards) for step, pair_cards in pairs_at.items() if pair_cards}
        candidates = [run for run in runs(profile) if run[0] >= 2]
        if not candidates:
            break
        length, top = max(candidates)  # longest, then highest
        tractor: list[Card] = []
        for step in range(top, top - length, -1):
            card = pairs_at[step].pop(0)
            tractor += [card, card]
            counts[card] -= 2
        units.append(Unit(TRACTOR, tractor, suit, top, top - length + 1, length))
    for step in sorted(pairs_at, reverse=True):
        for card in pairs_at[step]:
            counts[card] -= 2
            units.append(Unit(PAIR, [card, card], suit, step, step, 1))
    for card in cards:  # strongest first
        if counts[card] > 0:
            counts[card] -= 1
            step = trump.step(card)
            units.append(Unit(SINGLE, [card], suit, step, step, 0))
    return units


def lead_format(cards: Sequence[Card], trump: Trump) -> LeadFormat:
    """The format (牌型) of a lead of one effective suit; raises ``ValueError`` if mixed."""
    if not cards:
        raise ValueError("a lead needs at least one card")
    if len(cards) <= 2:  # the common leads, answered without a full decomposition
        first, suit = cards[0], trump.suit_of(cards[0])
        if len(cards) == 1:
            return LeadFormat(suit, (), 0, 1)
        if trump.suit_of(cards[1]) == suit:
            return LeadFormat(suit, (), 1, 0) if cards[1] == first else LeadFormat(suit, (), 0, 2)
    return _long_lead_format(tuple(cards), trump)


@lru_cache(maxsize=4096)
def _long_lead_format(cards: tuple[Card, ...], trump: Trump) -> LeadFormat:
    """Format of a longer (or mixed) lead; cached, as a trick asks for it once per play."""
    suits = {trump.suit_of(c) for c in cards}
    if len(suits) > 1:
        names = ", ".join(suit_label(s) for s in sorted(suits))
        raise ValueError(
            f"{format_cards(cards, pretty=True)} mixes {names}: a lead is of one suit only"
        )
    units = decompose(cards, trump)
    return LeadFormat(
        suit=units[0].suit,
        tractors=tuple(u.pairs for u in units if u.kind == TRACTOR),
        pairs=sum(1 for u in units if u.kind == PAIR),
        singles=sum(1 for u in units if u.kind == SINGLE),
    )


def is_pair(cards: Sequence[Card]) -> bool:
    """Two identical cards (H10 C10 is never a pair, whatever the trump)."""
    return len(cards) == 2 and cards[0] == cards[1]


def is_tractor(cards: Sequence[Card], trump: Trump) -> bool:
    """Two or more pairs of one effective suit on consecutive steps, nothing else."""
    if len(cards) < 4 or len({trump.suit_of(c) for c in cards}) != 1:
        return False
    units = decompose(cards, trump)
    return len(units) == 1 and units[0].kind == TRACTOR
