"""The solutions and references of exercise 11 (the questions are in :mod:`.ex11`).

Imported only where answers may be known: the grader's own process and a student's
own notebook (``q.solution()``, the hint that an earlier question is the cause). The
grader's sandboxed child can neither import nor read this module.
"""

from __future__ import annotations

from collections import Counter

from ..cards import ALL_CARDS, Card, new_deck
from ..rules import RuleSet
from ..scoring import kitty_multiplier, settle
from ..settlement_tables import Band, SettlementTable
from ..trump import Trump
from ..units import decompose, lead_format


def deck_of(decks):
    """Every one of the 54 cards, ``decks`` times: 54, 108 or 162 cards."""
    return [card for card in ALL_CARDS for _ in range(decks)]


def unit_kind(cards, trump):
    """'single', 'pair', 'triple', 'tractor' or 'titanic'; None if not exactly one unit."""
    counts = Counter(cards)
    if not cards or len(set(counts.values())) != 1:
        return None  # no cards, or cards held different numbers of times
    if len({trump.suit_of(card) for card in cards}) != 1:
        return None  # a unit is of one effective suit
    width = len(cards) // len(counts)  # identical cards on each step: 1, 2 or 3
    if len(counts) == 1:
        return ("single", "pair", "triple")[width - 1]
    if width == 1:
        return None  # different single cards are no unit
    steps = sorted(trump.step(card) for card in counts)
    if steps != list(range(steps[0], steps[0] + len(steps))):
        return None  # a gap, or two groups on one shared step
    return "tractor" if width == 2 else "titanic"


def settle_levels(points, decks):
    """(levels for the dealer team, levels for the defenders), with the step 20 x decks."""
    step = 20 * decks
    if points == 0:
        return 3, 0
    if points < step:
        return 2, 0
    if points < 2 * step:
        return 1, 0
    return 0, (points - 2 * step) // step


def lead_shape(cards, trump):
    """(titanic lengths, tractor lengths, triples, pairs, singles) of one suit's cards."""
    counts = Counter(cards)
    titanics, tractors = [], []
    while True:
        best = None  # (cards in the run, width, top step, steps, the cards on each step)
        for width in (2, 3):
            at_step = {}
            for card in counts:
                if counts[card] >= width:
                    at_step.setdefault(trump.step(card), []).append(card)
            for top in at_step:
                if top + 1 in at_step:
                    continue  # not the top of a run
                steps = 1
                while top - steps in at_step:
                    steps += 1
                key = (width * steps, width, top)  # more cards, then wider, then higher
                if steps >= 2 and (best is None or key > best[:3]):
                    best = (*key, steps, at_step)
        if best is None:
            break
        _size, width, top, steps, at_step = best
        for step in range(top - steps + 1, top + 1):
            card = min(at_step[step], key=lambda c: counts[c])  # keep larger groups whole
            counts[card] -= width
        (titanics if width == 3 else tractors).append(steps)
    triples = sum(1 for card in counts if counts[card] == 3)
    pairs = sum(1 for card in counts if counts[card] == 2)
    singles = sum(1 for card in counts if counts[card] == 1)
    return titanics, tractors, triples, pairs, singles


def multiplier(lead, trump, kitty, kitty_max):
    """The kitty multiplier for the last lead: power 2**m, linear 2m, plain m; capped."""
    titanics, tractors, triples, pairs, singles = lead_shape(lead, trump)
    sizes = [3 * k for k in titanics] + [2 * k for k in tractors]
    sizes += [3] * triples + [2] * pairs + [1] * singles
    m = max(sizes)  # cards in the largest unit
    value = {"power": 2**m, "linear": 2 * m, "plain": m}[kitty]
    return value if kitty_max is None else min(value, kitty_max)


def settle_by(points, bands, step):
    """(side, levels) for the defenders' points by a table of bands (low, side, levels)."""
    low, side, levels = [band for band in bands if band[0] <= points][-1]
    if low == bands[-1][0] and step is not None:  # past the last band's first point
        levels += (points - low) // step
    return side, levels


def kitty_table(lead, trump, kitty):
    """The kitty multiplier of the last lead by a table of RULES §12.8: cards, pairs, width."""
    titanics, tractors, triples, pairs, singles = lead_shape(lead, trump)

    def width():
        if titanics:
            return 2 * 3 ** max(titanics)
        if triples:
            return 6
        if tractors:
            return 2 * 2 ** max(tractors)
        return 4 if pairs else 2

    tables = {
        "cards": lambda: 2 ** len(lead),
        "pairs": lambda: 2 ** (1 + sum(titanics) + sum(tractors) + triples + pairs),
        "width": width,
    }
    return tables[kitty]()


def _deck_reference(decks: int) -> list[Card]:
    return new_deck(decks)


def _kind_reference(cards: list[Card], trump: Trump) -> str | None:
    if not cards or len({trump.suit_of(card) for card in cards}) != 1:
        return None
    units = decompose(cards, trump)
    return units[0].kind if len(units) == 1 else None


def _settle_reference(points: int, decks: int) -> tuple[int, int]:
    result = settle(points, RuleSet(decks=decks))
    return result.dealer_levels, result.defender_levels


def _shape_reference(cards: list[Card], trump: Trump) -> tuple:
    fmt = lead_format(cards, trump)
    return list(fmt.titanics), list(fmt.tractors), fmt.triples, fmt.pairs, fmt.singles


def _multiplier_reference(lead: list[Card], trump: Trump, kitty: str, kitty_max: int | None) -> int:
    return kitty_multiplier(lead, trump, RuleSet(kitty=kitty, kitty_max=kitty_max))


def _table_reference(points: int, bands: list, step: int | None) -> tuple[str, int]:
    last = len(bands) - 1
    table = SettlementTable(
        tuple(
            Band(low, side, levels, step if index == last else None)
            for index, (low, side, levels) in enumerate(bands)
        )
    )
    result = table.settle(points)
    return (
        "A" if result.defenders_take_deal else "D"
    ), result.dealer_levels + result.defender_levels


def _kitty_table_reference(lead: list[Card], trump: Trump, kitty: str) -> int:
    return kitty_multiplier(lead, trump, RuleSet(kitty=kitty, decks=3))
