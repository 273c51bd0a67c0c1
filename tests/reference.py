"""Brute-force reference implementations of RULES.md §3-§6, for the property tests.

Written from RULES.md, independently of the package: simple and obviously correct rather
than fast, for small inputs only.  The only package functions used as primitives are
``Trump.is_trump`` / ``Trump.suit_of`` / ``Trump.step`` (the order of cards, §2-§3) and
``decompose`` (only to get the lead's format, §3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

from shengji_edu import Card, Trump, decompose

# --- helpers --------------------------------------------------------------------------


def of_suit(cards, suit: str, trump: Trump) -> Counter:
    """The cards of one effective suit, as a Counter."""
    return Counter(c for c in cards if trump.suit_of(c) == suit)


def count_pairs(cnt: Counter) -> int:
    """Most disjoint pairs (two identical cards) in a multiset."""
    return sum(k // 2 for k in cnt.values())


def sub_tractors(cnt: Counter, length: int, trump: Trump) -> list[tuple[Card, ...]]:
    """Every tractor of exactly `length` pairs inside the multiset `cnt` (one effective suit).

    A tractor is given as the tuple of its distinct cards, one per step, lowest step first;
    each card is used twice.  Several cards on one step (off-suit level cards) give several
    tractors.  k consecutive pairs of a longer tractor are found as well (§3, §4, §5).
    """
    by_step: dict[int, list[Card]] = {}
    for card, k in cnt.items():
        if k >= 2:
            by_step.setdefault(trump.step(card), []).append(card)
    found = []
    for low in sorted(by_step):
        steps = [low + i for i in range(length)]
        if all(s in by_step for s in steps):
            found.extend(product(*(by_step[s] for s in steps)))
    return found


def as_pairs(tractor: Sequence[Card]) -> Counter:
    return Counter({c: 2 for c in tractor})


def lead_shape(lead: Sequence[Card], trump: Trump) -> tuple[list[int], int]:
    """The lead's format from decompose: tractor lengths (longest first), number of pairs."""
    units = decompose(list(lead), trump)
    tractors = sorted((len(u.cards) // 2 for u in units if u.kind == "tractor"), reverse=True)
    pairs = sum(1 for u in units if u.kind == "pair")
    return tractors, pairs


# --- §5 following ---------------------------------------------------------------------


def _tractor_obligations(hs: Counter, ps: Counter, lengths: list[int], trump: Trump) -> bool:
    """§5.4: some choice of disjoint tractors of the play meets every obligation."""
    if not lengths:
        return True
    length, rest = lengths[0], lengths[1:]
    if not sub_tractors(hs, length, trump):
        # Hs (less the tractors matched so far) holds no tractor this long: no obligation.
        # (Then the play cannot hold one outside the matched tractors either.)
        return _tractor_obligations(hs, ps, rest, trump)
    for tractor in sub_tractors(ps, length, trump):
        used = as_pairs(tractor)
        if _tractor_obligations(hs - used, ps - used, rest, trump):
            return True
    return False


def ref_is_legal_follow(hand, lead, play, trump: Trump) -> bool:
    """RULES.md §5, directly."""
    hand_c, play_c = Counter(hand), Counter(play)
    suit = trump.suit_of(lead[0])
    n = len(lead)
    # 1. exactly n cards from the hand
    if len(play) != n or play_c - hand_c:
        return False
    hs = of_suit(hand, suit, trump)
    ps = of_suit(play, suit, trump)
    # 2. suit
    if sum(hs.values()) >= n:
        if sum(ps.values()) != n:
            return False
    elif hs - ps:
        return False
    # 3. pairs (each tractor of the lead counted as its pairs)
    tractors, pairs = lead_shape(lead, trump)
    lead_pairs = pairs + sum(tractors)
    if count_pairs(ps) < min(lead_pairs, count_pairs(hs)):
        return False
    # 4. tractors, longest first
    return _tractor_obligations(hs, ps, tractors, trump)


def sub_multisets(cards, size: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of `cards` with `size` cards, each once."""
    items = sorted(Counter(cards).items(), key=lambda kv: (kv[0].suit, kv[0].rank))

    def rec(i: int, left: int):
        if left == 0:
            yield ()
            return
        if i == len(items):
            return
        card, k = items[i]
        for take in range(min(k, left), -1, -1):
            for rest in rec(i + 1, left - take):
                yield (card,) * take + rest

    yield from rec(0, size)


# --- §6 who wins a trick ----------------------------------------------------------------


def _splits(cnt: Counter, tractors: list[int], pairs: int, trump: Trump):
    """Every split of a one-suit play into the lead's format.

    Yields lists of (kind, pairs, high step) for the tractor and pair units, followed by
    the leftover cards as singles.
    """
    if tractors:
        length = tractors[0]
        for tractor in sub_tractors(cnt, length, trump):
            high = max(trump.step(c) for c in tractor)
            for rest in _splits(cnt - as_pairs(tractor), tractors[1:], pairs, trump):
                yield [("tractor", length, high), *rest]
    elif pairs:
        for card, k in list(cnt.items()):
            if k >= 2:
                for rest in _splits(cnt - Counter({card: 2}), [], pairs - 1, trump):
                    yield [("pair", 1, trump.step(card)), *rest]
    else:
        yield [("single", 0, trump.step(c)) for c in cnt.elements()]


def best_key(play, tractors: list[int], pairs: int, trump: Trump):
    """The play's best split (§6): its key units' ranks, highest first; None if no split."""
    if tractors:
        key_kind, key_len = "tractor", tractors[0]
    elif pairs:
        key_kind, key_len = "pair", 1
    else:
        key_kind, key_len = "single", 0
    best = None
    for split in _splits(Counter(play), tractors, pairs, trump):
        key = tuple(
            sorted((h for kind, ln, h in split if kind == key_kind and ln == key_len), reverse=True)
        )
        if best is None or key > best:
            best = key
    return best


def ref_trick_winner(plays, trump: Trump) -> int:
    """RULES.md §6 by brute force over every split of every play."""
    lead = plays[0]
    suit = trump.suit_of(lead[0])
    tractors, pairs = lead_shape(lead, trump)
    winner, winner_key = None, None
    for i, play in enumerate(plays):
        suits = {trump.suit_of(c) for c in play}
        if len(play) != len(lead):
            continue
        if suits == {suit}:
            ruff = False
        elif suit != "T" and suits == {"T"}:
            ruff = True  # all trumps on a side-suit lead
        else:
            continue  # mixed play or another side suit: never wins
        key = best_key(play, tractors, pairs, trump)
        if key is None:
            continue  # not the lead's format
        full = (ruff, key)
        if winner_key is None or full > winner_key:  # ties go to the earlier play
            winner, winner_key = i, full
    assert winner is not None  # the lead always qualifies
    return winner


# --- §4 throws ------------------------------------------------------------------------


def unit_beaten(unit, other_hands, suit: str, trump: Trump) -> bool:
    """§4: does some other hand hold, in the lead's suit, a same-kind unit beating `unit`?"""
    high = max(trump.step(c) for c in unit.cards)
    for hand in other_hands:
        hs = of_suit(hand, suit, trump)
        if unit.kind == "single":
            if any(trump.step(c) > high for c in hs):
                return True
        elif unit.kind == "pair":
            if any(trump.step(c) > high for c, k in hs.items() if k >= 2):
                return True
        else:
            length = len(unit.cards) // 2
            if any(max(trump.step(c) for c in t) > high for t in sub_tractors(hs, length, trump)):
                return True
    return False


def unit_rank(unit, trump: Trump) -> tuple[int, int]:
    """§4 failed throw: lowest step (a tractor ranks by its lowest pair), then smaller kind."""
    return (min(trump.step(c) for c in unit.cards), len(unit.cards))


def ref_check_throw(lead, other_hands, trump: Trump):
    """RULES.md §4: (ok, candidates); candidates = the units one of which must be led."""
    suit = trump.suit_of(lead[0])
    units = decompose(list(lead), trump)
    if len(units) == 1:
        return True, [list(lead)]  # a single, pair or tractor is no throw: it always stands
    beaten = [u for u in units if unit_beaten(u, other_hands, suit, trump)]
    if not beaten:
        return True, [list(lead)]
    low = min(unit_rank(u, trump) for u in beaten)
    return False, [list(u.cards) for u in beaten if unit_rank(u, trump) == low]


# --- §3 decomposition (shape only) ------------------------------------------------------


def ref_decompose_shape(cards, trump: Trump) -> list[tuple[str, int, int, int]]:
    """§3 greedy decomposition, suit by suit: sorted (suit, pairs, high step, size) per unit.

    Longest tractor first (ties: highest), then pairs, then singles.  Which of two equal
    off-suit level cards goes where does not change this shape.
    """
    shape = []
    for suit in {trump.suit_of(c) for c in cards}:
        cnt = of_suit(cards, suit, trump)
        while True:
            best = None
            length = 2
            while sub_tractors(cnt, length, trump):
                found = sub_tractors(cnt, length, trump)
                best = max(found, key=lambda t: max(trump.step(c) for c in t))
                length += 1
            if best is None:
                break
            shape.append((suit, len(best), max(trump.step(c) for c in best), 2 * len(best)))
            cnt -= as_pairs(best)
        for card, k in cnt.items():
            for _ in range(k // 2):
                shape.append((suit, 1, trump.step(card), 2))
            for _ in range(k % 2):
                shape.append((suit, 0, trump.step(card), 1))
    return sorted(shape)
