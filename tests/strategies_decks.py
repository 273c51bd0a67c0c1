"""Hypothesis strategies for one to three decks (RULES §11), in the style of strategies.py.

Every example is drawn from ONE deck of ``decks`` × 54 cards, so no card appears more than
``decks`` times among all the cards of one example. Most cards come from a small pool (a
few ranks of one or two suits, level cards, jokers, and 2s when they are trumps) so that
triples, titanics, shared steps and beaten throws happen often.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from strategies import ALL_54, SUITS, card_key

from shengji_edu import Card, Trump

LJ, BJ = Card("J", 15), Card("J", 16)


@st.composite
def any_trumps(draw, twos=None) -> Trump:
    """A Trump, with ``twos_are_trump`` drawn too unless ``twos`` fixes it."""
    level = draw(st.one_of(st.sampled_from([2, 10, 14]), st.integers(2, 14)))
    suit = draw(st.sampled_from(["S", "H", "D", "C", None]))
    flag = draw(st.booleans()) if twos is None else twos
    return Trump(level, suit, twos_are_trump=flag)


@st.composite
def pools(draw, trump: Trump) -> list[Card]:
    """A small set of distinct cards: a window of ranks in 1-2 suits, plus some trumps."""
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    width = draw(st.integers(2, 4))
    level = trump.level
    start = draw(
        st.one_of(
            st.integers(2, 15 - width),
            st.integers(max(2, level - width + 1), min(level, 15 - width)),
        )
    )
    pool = {Card(s, r) for s in suits for r in range(start, start + width)}
    jokers = draw(st.sampled_from(["none", "LJ", "BJ", "both"]))
    if jokers in ("LJ", "both"):
        pool.add(LJ)
    if jokers in ("BJ", "both"):
        pool.add(BJ)
    pool.update(Card(s, level) for s in draw(st.lists(st.sampled_from(SUITS), max_size=2)))
    if trump.twos_are_trump:
        pool.update(Card(s, 2) for s in draw(st.lists(st.sampled_from(SUITS), max_size=2)))
    if trump.suit is not None and draw(st.booleans()):
        pool.update(Card(trump.suit, r) for r in draw(st.lists(st.integers(11, 14), max_size=2)))
    return sorted(pool, key=card_key)


def deck(decks: int) -> Counter:
    return Counter({c: decks for c in ALL_54})


def draw_any(draw, avail: Counter, pool, m: int, want=None) -> list[Card]:
    """Up to m cards (removed from avail), preferring pool cards and cards that ``want``."""
    out: list[Card] = []
    pool_set = set(pool)
    for _ in range(m):
        present = [c for c in ALL_54 if avail[c] > 0]
        tiers = []
        if want is not None:
            tiers += [[c for c in present if c in pool_set and want(c)]]
            tiers += [[c for c in present if want(c)]]
        tiers += [[c for c in present if c in pool_set], present]
        choices = next((t for t in tiers if t), None)
        if choices is None:
            break
        card = draw(st.sampled_from(choices))
        avail[card] -= 1
        out.append(card)
    return out


def draw_grouped(draw, avail: Counter, pool, trump: Trump, suit: str, n: int, strict: bool):
    """n cards of effective suit ``suit`` with groups of 2 and 3 on adjacent steps likely.

    strict=True: only that suit (perhaps fewer than n cards); else fill up with any cards.
    """

    def in_suit(c):
        return trump.suit_of(c) == suit

    out: list[Card] = []
    mode = draw(st.sampled_from(["runs", "groups", "random"]))
    while mode != "random" and len(out) + 2 <= n:
        width = draw(st.sampled_from([3, 2, 3])) if len(out) + 3 <= n else 2
        cands = [c for c in pool if in_suit(c) and avail[c] >= width]
        if out and mode == "runs":
            steps = {trump.step(c) for c in out}
            adjacent = [c for c in cands if {trump.step(c) - 1, trump.step(c) + 1} & steps]
            cands = adjacent or cands
        if not cands:
            break
        card = draw(st.sampled_from(cands))
        avail[card] -= width
        out += [card] * width
        if not draw(st.integers(0, 4)):
            break
    need = n - len(out)
    if strict:
        for _ in range(need):
            got = [c for c in ALL_54 if avail[c] > 0 and in_suit(c)]
            if not got:
                break
            card = draw(st.sampled_from([c for c in got if c in set(pool)] or got))
            avail[card] -= 1
            out.append(card)
    else:
        out += draw_any(draw, avail, pool, need, want=in_suit)
    return out


def lead_suits(pool, trump: Trump) -> list[str]:
    return sorted({trump.suit_of(c) for c in pool})


@st.composite
def follow_cases(draw, decks=3, lead_sizes=(1, 6), hand_sizes=(3, 9), twos=None):
    """(hand, lead, trump): a small hand and a lead of one suit, from ``decks`` decks."""
    trump = draw(any_trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.integers(*lead_sizes))
    lead = draw_grouped(draw, avail, pool, trump, suit, n, strict=True)
    size = draw(st.integers(max(hand_sizes[0], len(lead)), max(hand_sizes[1], len(lead))))
    in_suit = draw(st.integers(0, size))
    hand = draw_grouped(draw, avail, pool, trump, suit, in_suit, strict=False)
    hand += draw_any(draw, avail, pool, size - len(hand))
    return hand, lead, trump


@st.composite
def trick_cases(draw, decks=3, twos=None):
    """(plays, trump): a lead of 1-7 cards of one suit and three follows of as many cards."""
    trump = draw(any_trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.integers(1, 7))
    lead = draw_grouped(draw, avail, pool, trump, suit, n, strict=True)
    n = len(lead)
    plays = [lead]
    for _ in range(3):
        target = draw(st.sampled_from([suit, "T", suit, "any"]))
        if target == "any":
            play = draw_any(draw, avail, pool, n)
        else:
            play = draw_grouped(draw, avail, pool, trump, target, n, strict=False)
        if len(play) < n:  # the deck ran out of cards: fill up with anything left
            play += draw_any(draw, avail, pool, n - len(play))
        plays.append(play)
    return plays, trump


@st.composite
def throw_cases(draw, decks=3, twos=None):
    """(lead, other_hands, trump): a lead of 1-7 cards of one suit and 3 other hands."""
    trump = draw(any_trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    lead = draw_grouped(draw, avail, pool, trump, suit, draw(st.integers(1, 7)), strict=True)
    others = []
    for _ in range(3):
        size = draw(st.integers(0, 9))
        if draw(st.booleans()):
            others.append(draw_grouped(draw, avail, pool, trump, suit, size, strict=False))
        else:
            others.append(draw_any(draw, avail, pool, size))
    return lead, others, trump


@st.composite
def samples(draw, decks=3, max_size=14, twos=None):
    """(cards, trump): any multiset from ``decks`` decks, with groups likely."""
    trump = draw(any_trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    size = draw(st.integers(0, max_size))
    out: list[Card] = []
    while len(out) < size:
        if draw(st.booleans()):
            suit = draw(st.sampled_from(lead_suits(pool, trump)))
            out += draw_grouped(draw, avail, pool, trump, suit, size - len(out), strict=False)
        else:
            out += draw_any(draw, avail, pool, 1)
    return out, trump


@st.composite
def run_follow_cases(draw, twos=None):
    """(hand, lead, trump) with three decks: a lead of titanics, tractors and triples, and a
    hand rich in groups of that suit, so that obligations (1)-(3) of §11.1 decide often.
    Cards come from a window of 4-8 steps of one effective suit."""
    trump = draw(any_trumps(twos))
    suit = draw(st.sampled_from([s for s in ("T", *SUITS) if s != trump.suit]))
    cards = [c for c in ALL_54 if trump.suit_of(c) == suit]
    steps = sorted({trump.step(c) for c in cards})
    width = draw(st.integers(min(4, len(steps)), min(8, len(steps))))
    first = draw(st.integers(0, len(steps) - width))
    window = set(steps[first : first + width])
    avail = Counter({c: 3 for c in cards if trump.step(c) in window})
    shapes = draw(
        st.sampled_from(
            [
                [(3, 2)],
                [(3, 2), (2, 2)],
                [(3, 3)],
                [(3, 2), (3, 1)],
                [(2, 2), (3, 1)],
                [(3, 1), (3, 1)],
                [(3, 2), (2, 1)],
                [(2, 3), (3, 2)],
                [(3, 2), (3, 2)],
                [(2, 2), (2, 2)],
                [(3, 1)],
            ]
        )
    )
    lead: list[Card] = []
    for group_width, length in shapes:
        near = {trump.step(c) + d for c in lead for d in (-1, 0, 1)}
        found = [
            run
            for run in _runs(avail, group_width, length, trump)
            if not {trump.step(c) for c in run} & near
        ]
        if found:
            run = draw(st.sampled_from(found))
            for card in run:
                avail[card] -= group_width
                lead += [card] * group_width
    if draw(st.booleans()):
        left = sorted((c for c, k in avail.items() if k), key=card_key)
        if left:
            card = draw(st.sampled_from(left))
            avail[card] -= 1
            lead.append(card)
    if not lead:
        card = draw(st.sampled_from(sorted((c for c, k in avail.items() if k >= 3), key=card_key)))
        avail[card] -= 3
        lead = [card] * 3
    hand: list[Card] = []
    for _ in range(draw(st.integers(2, 4))):
        group_width = draw(st.sampled_from([2, 3, 3]))
        cands = sorted((c for c, k in avail.items() if k >= group_width), key=card_key)
        if hand and draw(st.integers(0, 2)):
            held = {trump.step(c) for c in hand}
            cands = [c for c in cands if {trump.step(c) - 1, trump.step(c) + 1} & held] or cands
        if not cands:
            break
        card = draw(st.sampled_from(cands))
        avail[card] -= group_width
        hand += [card] * group_width
    for _ in range(draw(st.integers(0, 2))):
        left = sorted((c for c, k in avail.items() if k), key=card_key)
        if left:
            card = draw(st.sampled_from(left))
            avail[card] -= 1
            hand.append(card)
    others = [c for c in ALL_54 if trump.suit_of(c) != suit]
    hand += draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
    while len(hand) < len(lead):
        hand.append(draw(st.sampled_from(others)))
    return hand, lead, trump


def _runs(avail: Counter, width: int, length: int, trump: Trump) -> list[list[Card]]:
    """Every run of ``length`` steps × ``width`` copies available, one card per step."""
    by_step: dict[int, list[Card]] = {}
    for card, k in avail.items():
        if k >= width:
            by_step.setdefault(trump.step(card), []).append(card)
    found = []
    for low in sorted(by_step):
        window = [low + i for i in range(length)]
        if all(s in by_step for s in window):
            found.append([sorted(by_step[s], key=card_key)[0] for s in window])
    return found
