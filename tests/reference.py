"""Brute-force references for RULES.md §3-§6 and §11.1-§11.2, for the property tests.

One, two or three decks alike: cards are counted with ``Counter``, so a card may be held
once, twice or three times, and units are *steps × width* (a single, a pair, a triple, a
tractor of pairs, a titanic of triples). With two decks only singles, pairs and tractors
occur, and every function here is then exactly §3-§6.

Written from RULES.md, independently of the package: simple and obviously correct rather
than fast, for small inputs only. Where the package reasons ("rule 4 can be counted on the
whole hand", "a tractor takes the card with the fewest copies"), these references do not:
they try every order, every assignment, every split and every choice of cards, and judge
each obligation literally on what is left. The only package functions used are
``Trump.suit_of`` / ``Trump.step`` (the order of cards, §2-§3, §11.2) and, where noted,
``decompose`` for the lead's format (checked on its own against :func:`ref_decompose`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations, product

from shengji_edu import Card, Trump, decompose

# A unit's width: how many identical cards it holds on each of its steps (§3, §11.1).
WIDTH = {"single": 1, "pair": 2, "triple": 3, "tractor": 2, "titanic": 3}
# §11.1: a failed throw's tie between beaten units of one rank goes to the smaller kind.
KIND_ORDER = ("single", "pair", "triple", "tractor", "titanic")


# --- helpers --------------------------------------------------------------------------


def of_suit(cards, suit: str, trump: Trump) -> Counter:
    """The cards of one effective suit, as a Counter."""
    return Counter(c for c in cards if trump.suit_of(c) == suit)


def kind_of(width: int, steps: int) -> str:
    if steps == 1:
        return {1: "single", 2: "pair", 3: "triple"}[width]
    return {2: "tractor", 3: "titanic"}[width]


def groups(cnt: Counter, width: int, steps: int, trump: Trump) -> list[tuple[Card, ...]]:
    """Every unit of ``steps`` consecutive steps × ``width`` identical cards inside ``cnt``.

    A unit is the tuple of its distinct cards, one per step, lowest step first; it uses each
    ``width`` times. Every choice of card on a shared step (off-suit level cards) is listed,
    and any window of a longer run counts: k consecutive pairs of a longer tractor are a
    k-pair tractor, two of three identical cards are a pair (§4, §5, §11.1).
    ``groups(cnt, 2, k, trump)`` are the k-pair tractors, ``groups(cnt, 1, 1, trump)`` the
    singles.
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
    """The cards of a unit given by its distinct cards, each ``width`` times."""
    return Counter({c: width for c in unit})


def top(unit: Sequence[Card], trump: Trump) -> int:
    """The step of a unit's highest card."""
    return max(trump.step(c) for c in unit)


def lead_units(lead, trump: Trump) -> list[tuple[int, int]]:
    """The lead's format as (width, steps) per unit, from the package's decompose."""
    out = []
    for u in decompose(list(lead), trump):
        width = WIDTH[u.kind]
        out.append((width, len(u.cards) // width))
    return out


def sub_multisets(cards, size: int) -> Iterator[tuple[Card, ...]]:
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


# --- §3, §11.1 decomposition ----------------------------------------------------------------


def ref_decompose(cards, trump: Trump) -> list[tuple[str, tuple[str, ...]]]:
    """§3 / §11.1 greedy decomposition, literally: repeatedly the largest unit of all there are.

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
                        order = tuple(sorted(c.index for c in unit))
                        key = (width * steps, width, top(unit, trump), kept, [-i for i in order])
                        candidates.append((key, unit, width, steps))
            _key, unit, width, steps = max(candidates, key=lambda c: c[0])
            cnt -= used(unit, width)
            texts = tuple(sorted(str(c) for c in unit for _ in range(width)))
            result.append((kind_of(width, steps), texts))
    return sorted(result)


# --- §5, §11.1 following --------------------------------------------------------------------


def ref_is_legal_follow(hand, lead, play, trump: Trump) -> bool:
    """RULES.md §5 (§11.1 for any number of decks), by trying every order and assignment.

    With two decks only obligations (2) tractors and (4) pairs arise, and this is §5 rules
    3 and 4: each tractor of the lead that the hand (less the tractors matched so far) can
    answer asks for one, and the pairs of the tractors left unmatched are asked for as pairs.
    """
    hand_c, play_c = Counter(hand), Counter(play)
    suit = trump.suit_of(lead[0])
    n = len(lead)
    # 1. exactly n cards from the hand
    if len(play) != n or play_c - hand_c:
        return False
    hs, ps = of_suit(hand, suit, trump), of_suit(play, suit, trump)
    # 2. suit
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
            # the hand (less the units matched so far) has no tractor this long: no obligation
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


# --- §4, §11.1 throws -----------------------------------------------------------------------


def unit_beaten(unit, other_hands, suit: str, trump: Trump) -> bool:
    """§4: does some other hand hold, in the lead's suit, a same-kind unit beating ``unit``?

    Same kind = same width and as many steps; a higher one ranks by its highest card.
    """
    width = WIDTH[unit.kind]
    steps = len(unit.cards) // width
    high = top(unit.cards, trump)
    return any(
        top(g, trump) > high
        for hand in other_hands
        for g in groups(of_suit(hand, suit, trump), width, steps, trump)
    )


def unit_rank(unit, trump: Trump) -> tuple[int, int]:
    """§4 failed throw: lowest step (a tractor ranks by its lowest pair), then smaller kind."""
    return (min(trump.step(c) for c in unit.cards), KIND_ORDER.index(unit.kind))


def ref_check_throw(lead, other_hands, trump: Trump):
    """RULES.md §4 / §11.1: (ok, candidates); candidates = the units one of which must be led."""
    suit = trump.suit_of(lead[0])
    units = decompose(list(lead), trump)
    if len(units) == 1:
        return True, [list(lead)]  # a single unit is no throw: it always stands
    beaten = [u for u in units if unit_beaten(u, other_hands, suit, trump)]
    if not beaten:
        return True, [list(lead)]
    low = min(unit_rank(u, trump) for u in beaten)
    return False, [list(u.cards) for u in beaten if unit_rank(u, trump) == low]


# --- §6, §11.1 who wins a trick ---------------------------------------------------------


def _splits(cnt: Counter, shapes: list[tuple[int, int]], trump: Trump):
    """Every way to give each lead unit (width, steps) a unit of the play.

    Yields lists of (shape, top step) per unit; the singles are the cards left over, one each
    (so a pair may be split into singles, a triple into a pair and a single, and so on).
    """
    if not shapes:
        yield []
        return
    width, steps = shapes[0]
    if width == 1:  # singles: the rest of the cards, one each
        yield [((1, 1), trump.step(c)) for c in cnt.elements()]
        return
    for g in groups(cnt, width, steps, trump):
        for rest in _splits(cnt - used(g, width), shapes[1:], trump):
            yield [((width, steps), top(g, trump)), *rest]


def best_key(play, shapes: list[tuple[int, int]], trump: Trump):
    """The play's best split (§6): its key units' tops, highest first; None if no split.

    The key units are the lead's largest (most cards, then wider: its longest titanics or
    tractors, else its triples, else its pairs, else its singles).
    """
    order = sorted(shapes, key=lambda s: (s[0] * s[1], s[0]), reverse=True)
    key_shape = order[0]
    best = None
    for split in _splits(Counter(play), order, trump):
        vector = tuple(sorted((t for s, t in split if s == key_shape), reverse=True))
        if best is None or vector > best:
            best = vector
    return best


def ref_trick_winner(plays, trump: Trump) -> int:
    """RULES.md §6 / §11.1 by brute force over every split of every play."""
    lead = plays[0]
    suit = trump.suit_of(lead[0])
    shapes = lead_units(lead, trump)
    winner, winner_key = None, None
    for i, play in enumerate(plays):
        if len(play) != len(lead):
            continue
        suits = {trump.suit_of(c) for c in play}
        if suits == {suit}:
            ruff = False
        elif suit != "T" and suits == {"T"}:
            ruff = True  # all trumps on a side-suit lead
        else:
            continue  # mixed play or another side suit: never wins
        key = best_key(play, shapes, trump)
        if key is None:
            continue  # not the lead's format
        if winner_key is None or (ruff, key) > winner_key:  # ties go to the earlier play
            winner, winner_key = i, (ruff, key)
    assert winner is not None  # the lead always qualifies
    return winner
