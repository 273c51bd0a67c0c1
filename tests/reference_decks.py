"""Brute-force references for RULES.md §11.1 (one, two or three decks), for property tests.

Written from RULES.md, independently of the package, like ``reference.py``: simple and
obviously correct rather than fast, for small inputs only. Where the package reasons ("rule 4
can be counted on the whole hand", "a tractor takes the card with the fewest copies"), the
references below do not: they try every order, every assignment and every choice of cards,
and judge each obligation literally on what is left. The only package functions used are
``Trump.suit_of`` / ``Trump.step`` (the order of cards, §2, §11.2) and, where noted,
``decompose`` for the lead's format (checked on its own against :func:`ref_decompose`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations, product

from shengji_edu import Card, Trump, decompose

KIND_ORDER = ("single", "pair", "triple", "tractor", "titanic")


def of_suit(cards, suit: str, trump: Trump) -> Counter:
    return Counter(c for c in cards if trump.suit_of(c) == suit)


def kind_of(width: int, steps: int) -> str:
    if steps == 1:
        return {1: "single", 2: "pair", 3: "triple"}[width]
    return {2: "tractor", 3: "titanic"}[width]


def groups(cnt: Counter, width: int, steps: int, trump: Trump) -> list[tuple[Card, ...]]:
    """Every unit of ``steps`` consecutive steps × ``width`` identical cards inside ``cnt``.

    A unit is the tuple of its distinct cards, one per step, lowest step first. Every choice
    of card on a shared step is listed, and any window of a longer run counts.
    """
    by_step: dict[int, list[Card]] = {}
    for card, k in cnt.items():
        if k >= width:
            by_step.setdefault(trump.step(card), []).append(card)
    found = []
    for low in sorted(by_step):
        window = [low + i for i in range(steps)]
        if all(s in by_step for s in window):
            found.extend(product(*(by_step[s] for s in window)))
    return found


def used(unit: Sequence[Card], width: int) -> Counter:
    return Counter({c: width for c in unit})


def top(unit: Sequence[Card], trump: Trump) -> int:
    return max(trump.step(c) for c in unit)


def lead_units(lead, trump: Trump) -> list[tuple[int, int]]:
    """The lead's format as (width, steps) per unit, from the package's decompose."""
    out = []
    for u in decompose(list(lead), trump):
        width = {"single": 1, "pair": 2, "triple": 3, "tractor": 2, "titanic": 3}[u.kind]
        out.append((width, len(u.cards) // width))
    return out


# --- §11.1 decomposition ------------------------------------------------------------------


def ref_decompose(cards, trump: Trump) -> list[tuple[str, tuple[str, ...]]]:
    """§11.1 greedy decomposition, literally: repeatedly the largest unit of all there are.

    Largest = most cards, then wider (a titanic before a tractor), then higher. Among the
    choices of cards for that unit, keep a larger group whole (the counts left, sorted, as
    large as possible), then the suit order S, H, D, C. Returns (kind, sorted card texts)
    per unit, sorted.
    """
    result = []
    for suit in {trump.suit_of(c) for c in cards}:
        cnt = of_suit(cards, suit, trump)
        while sum(cnt.values()):
            candidates = []
            for width in (1, 2, 3):
                for steps in range(1, 14) if width > 1 else (1,):
                    for unit in groups(cnt, width, steps, trump):
                        left = cnt - used(unit, width)
                        kept = tuple(sorted(left.values(), reverse=True))
                        order = tuple(sorted((c.index for c in unit), reverse=False))
                        key = (width * steps, width, top(unit, trump), kept, [-i for i in order])
                        candidates.append((key, unit, width, steps))
            _key, unit, width, steps = max(candidates, key=lambda c: c[0])
            cnt -= used(unit, width)
            texts = tuple(sorted(str(c) for c in unit for _ in range(width)))
            result.append((kind_of(width, steps), texts))
    return sorted(result)


# --- §11.1 following --------------------------------------------------------------------


def ref_is_legal_follow(hand, lead, play, trump: Trump) -> bool:
    """RULES.md §11.1 following, by trying every order and every assignment."""
    hand_c, play_c = Counter(hand), Counter(play)
    suit = trump.suit_of(lead[0])
    n = len(lead)
    if len(play) != n or play_c - hand_c:
        return False
    hs, ps = of_suit(hand, suit, trump), of_suit(play, suit, trump)
    if sum(hs.values()) >= n:
        if sum(ps.values()) != n:
            return False
    else:
        return not (hs - ps)  # short of the suit: all of it, then anything
    shapes = lead_units(lead, trump)
    titanics = sorted((k for w, k in shapes if w == 3 and k > 1), reverse=True)
    tractors = [k for w, k in shapes if w == 2 and k > 1]
    triples = sum(1 for s in shapes if s == (3, 1))
    pairs = sum(1 for s in shapes if s == (2, 1))

    def stage1(todo, hs, ps, unanswered) -> bool:  # (1) titanics, longest first
        if not todo:
            return stage2(hs, ps, unanswered)
        k = todo[0]
        if not groups(hs, 3, k, trump):
            return stage1(todo[1:], hs, ps, [*unanswered, k])
        return any(
            stage1(todo[1:], hs - used(g, 3), ps - used(g, 3), unanswered)
            for g in groups(ps, 3, k, trump)
        )

    def stage2(hs, ps, unanswered) -> bool:  # (2) tractors, longest first, ties any order
        demands = [(k, "tractor") for k in tractors] + [(k, "titanic") for k in unanswered]
        orders = {
            order
            for order in permutations(demands)
            if all(a[0] >= b[0] for a, b in zip(order, order[1:], strict=False))
        }
        return any(run2(list(order), hs, ps, []) for order in orders)

    def run2(order, hs, ps, unmet) -> bool:
        if not order:
            return stage3(hs, ps, unmet)
        k, origin = order[0]
        if not groups(hs, 2, k, trump):
            return run2(order[1:], hs, ps, [*unmet, (k, origin)])
        return any(
            run2(order[1:], hs - used(g, 2), ps - used(g, 2), unmet)
            for g in groups(ps, 2, k, trump)
        )

    def stage3(hs, ps, unmet) -> bool:  # (3) triples
        asked = triples + sum(k for k, origin in unmet if origin == "titanic")
        hand_triples = [c for c, k in hs.items() if k >= 3]
        play_triples = [c for c, k in ps.items() if k >= 3]
        need = min(asked, len(hand_triples))
        for count in range(need, min(asked, len(play_triples)) + 1):
            for chosen in combinations(play_triples, count):
                met = Counter({c: 3 for c in chosen})
                owed = pairs + sum(k for k, o in unmet if o == "tractor") + (asked - count)
                if stage4(hs - met, ps - met, owed):
                    return True
        return False

    def stage4(hs, ps, owed) -> bool:  # (4) pairs; a triple in hand counts as one pair
        hand_pairs = sum(k // 2 for k in hs.values())
        play_pairs = sum(k // 2 for k in ps.values())
        return play_pairs >= min(owed, hand_pairs)

    return stage1(titanics, hs, ps, [])


def sub_multisets(cards, size: int):
    """Every distinct sub-multiset of ``cards`` with ``size`` cards, each once."""
    items = sorted(Counter(cards).items(), key=lambda kv: kv[0].index)

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


# --- §11.1 throws ---------------------------------------------------------------------


def ref_check_throw(lead, other_hands, trump: Trump):
    """(ok, candidates): candidates are the units one of which a failed throw must lead."""
    suit = trump.suit_of(lead[0])
    units = decompose(list(lead), trump)
    if len(units) == 1:
        return True, [list(lead)]
    beaten = []
    for unit in units:
        width = {"single": 1, "pair": 2, "triple": 3, "tractor": 2, "titanic": 3}[unit.kind]
        steps = len(unit.cards) // width
        high = max(trump.step(c) for c in unit.cards)
        for hand in other_hands:
            hs = of_suit(hand, suit, trump)
            if any(top(g, trump) > high for g in groups(hs, width, steps, trump)):
                beaten.append(unit)
                break
    if not beaten:
        return True, [list(lead)]

    def rank(unit):
        return (min(trump.step(c) for c in unit.cards), KIND_ORDER.index(unit.kind))

    low = min(rank(u) for u in beaten)
    return False, [list(u.cards) for u in beaten if rank(u) == low]


# --- §11.1 who wins ---------------------------------------------------------------------


def _splits(cnt: Counter, shapes: list[tuple[int, int]], trump: Trump):
    """Every way to give each lead unit (width, steps) a unit of the play: the tops."""
    if not shapes:
        yield []
        return
    width, steps = shapes[0]
    if width == 1:  # singles: the rest of the cards, one each
        yield [("single", trump.step(c)) for c in cnt.elements()]
        return
    for g in groups(cnt, width, steps, trump):
        for rest in _splits(cnt - used(g, width), shapes[1:], trump):
            yield [((width, steps), top(g, trump)), *rest]


def ref_best_key(play, shapes: list[tuple[int, int]], trump: Trump):
    """The best split's key units (the lead's largest: most cards, then wider), or None."""
    order = sorted(shapes, key=lambda s: (s[0] * s[1], s[0]), reverse=True)
    key_shape = order[0]
    best = None
    for split in _splits(Counter(play), order, trump):
        if key_shape[0] == 1:
            vector = tuple(sorted((t for _, t in split), reverse=True))
        else:
            vector = tuple(sorted((t for s, t in split if s == key_shape), reverse=True))
        if best is None or vector > best:
            best = vector
    return best


def ref_trick_winner(plays, trump: Trump) -> int:
    lead = plays[0]
    suit = trump.suit_of(lead[0])
    shapes = lead_units(lead, trump)
    winner, winner_key = None, None
    for i, play in enumerate(plays):
        suits = {trump.suit_of(c) for c in play}
        if suits == {suit}:
            ruff = False
        elif suit != "T" and suits == {"T"}:
            ruff = True
        else:
            continue
        key = ref_best_key(play, shapes, trump)
        if key is None:
            continue
        if winner_key is None or (ruff, key) > winner_key:
            winner, winner_key = i, (ruff, key)
    assert winner is not None
    return winner
