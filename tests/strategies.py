"""Shared hypothesis strategies for the property tests.

Everything is drawn from ONE 108-card deck (two copies of each of the 54 cards), so no card
appears more than twice among all the cards of one example.  Most cards come from a small
"pool" (a few ranks, one or two suits, some trumps) so that pairs, tractors, ruffs and
beaten throws happen often.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from reference import sub_tractors

from shengji_edu import Card, Trump, decompose

SUITS = ("S", "H", "D", "C")
LJ = Card("J", 15)
BJ = Card("J", 16)
ALL_54 = [Card(s, r) for s in SUITS for r in range(2, 15)] + [LJ, BJ]


def card_key(card: Card) -> tuple[str, int]:
    """A fixed canonical order of our own (not game strength), for sorting multisets."""
    return (card.suit, card.rank)


def canon(cards) -> tuple:
    """A multiset as a sorted tuple."""
    return tuple(sorted(cards, key=card_key))


trumps = st.builds(
    Trump,
    level=st.one_of(st.sampled_from([2, 14]), st.integers(2, 14)),
    suit=st.sampled_from(["S", "H", "D", "C", None]),
)

cards_54 = st.sampled_from(ALL_54)


@st.composite
def pools(draw, trump: Trump, widths=(2, 4)) -> list[Card]:
    """A small set of distinct cards: a window of ranks in 1-2 suits, plus some trumps."""
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    width = draw(st.integers(*widths))
    level = trump.level
    start = draw(
        st.one_of(
            st.integers(2, 15 - width),
            # a window containing the level rank: side runs that skip it, level-card steps
            st.integers(max(2, level - width + 1), min(level, 15 - width)),
        )
    )
    pool = {Card(s, r) for s in suits for r in range(start, start + width)}
    jokers = draw(st.sampled_from(["none", "LJ", "BJ", "both"]))
    if jokers in ("LJ", "both"):
        pool.add(LJ)
    if jokers in ("BJ", "both"):
        pool.add(BJ)
    extra_level = draw(st.lists(st.sampled_from(SUITS), max_size=2, unique=True))
    pool.update(Card(s, level) for s in extra_level)
    if trump.suit is not None and draw(st.booleans()):
        # a few cards of the trump suit near the top of its run (SA, SK, ...)
        pool.update(Card(trump.suit, r) for r in draw(st.lists(st.integers(11, 14), max_size=2)))
    return sorted(pool, key=card_key)


def full_deck_counter() -> Counter:
    return Counter({c: 2 for c in ALL_54})


def draw_cards(draw, avail: Counter, pool, m: int, want=None) -> list[Card]:
    """Draw up to m cards (removing them from avail), preferring pool cards.

    want: optional predicate; cards satisfying it are preferred over all others
    (pool & want, then deck & want, then pool, then deck).
    """
    out: list[Card] = []
    pool_set = set(pool)
    for _ in range(m):
        present = [c for c in ALL_54 if avail[c] > 0]
        tiers = []
        if want is not None:
            tiers.append([c for c in present if c in pool_set and want(c)])
            tiers.append([c for c in present if want(c)])
        tiers.append([c for c in present if c in pool_set])
        tiers.append(present)
        choices = next((t for t in tiers if t), None)
        if choices is None:
            break
        card = draw(st.sampled_from(choices))
        avail[card] -= 1
        out.append(card)
    return out


def draw_suited(
    draw,
    avail: Counter,
    pool,
    trump: Trump,
    suit: str,
    n: int,
    strict: bool,
    modes=("tractor", "pairs", "random"),
):
    """n cards of effective suit `suit`, with pairs and adjacent pairs (tractors) likely.

    strict=True: only cards of that suit (possibly fewer than n if there are not enough);
    strict=False: fill up with any cards when the suit runs out.
    modes: "tractor" builds runs of pairs, "pairs" any pairs, "random" any cards.
    """

    def of_suit(c):
        return trump.suit_of(c) == suit

    out: list[Card] = []
    mode = draw(st.sampled_from(modes))
    while mode != "random" and len(out) + 2 <= n:
        cands = [c for c in pool if of_suit(c) and avail[c] >= 2]
        if out and mode == "tractor":
            # extend a run of pairs (a tractor), or now and then start a separate one
            steps = {trump.step(c) for c in out}
            near = {s + d for s in steps for d in (-1, 0, 1)}
            adjacent = [c for c in cands if {trump.step(c) - 1, trump.step(c) + 1} & steps]
            apart = [c for c in cands if trump.step(c) not in near]
            cands = (apart if draw(st.integers(0, 3)) == 0 else adjacent) or adjacent or cands
        if not cands:
            break
        card = draw(st.sampled_from(cands))
        avail[card] -= 2
        out += [card, card]
        if not draw(st.integers(0, 4)):
            break
    need = n - len(out)
    if strict:
        for _ in range(need):
            got = [c for c in ALL_54 if avail[c] > 0 and of_suit(c)]
            if not got:
                break
            preferred = [c for c in got if c in set(pool)] or got
            card = draw(st.sampled_from(preferred))
            avail[card] -= 1
            out.append(card)
    else:
        out += draw_cards(draw, avail, pool, need, want=of_suit)
    return out


def lead_suits(pool, trump: Trump) -> list[str]:
    return sorted({trump.suit_of(c) for c in pool})


def draw_shaped(draw, avail: Counter, pool, trump: Trump, suit: str, lead) -> list[Card]:
    """Cards of effective suit `suit` shaped like the lead (its tractors, pairs, singles),
    as far as the remaining cards allow; filled up with any cards to the lead's size."""
    out: list[Card] = []
    for unit in sorted(decompose(lead, trump), key=lambda u: -len(u.cards)):
        in_suit = Counter({c: k for c, k in avail.items() if k and trump.suit_of(c) == suit})
        preferred = Counter({c: k for c, k in in_suit.items() if c in set(pool)})
        if unit.kind == "tractor":
            length = len(unit.cards) // 2
            found = sub_tractors(preferred, length, trump) or sub_tractors(in_suit, length, trump)
            if found:
                tractor = draw(st.sampled_from(found))
                avail.subtract(Counter({c: 2 for c in tractor}))
                out += [c for c in tractor for _ in range(2)]
                continue
        if unit.kind in ("tractor", "pair"):
            pairs = sorted((c for c, k in preferred.items() if k >= 2), key=card_key)
            pairs = pairs or sorted((c for c, k in in_suit.items() if k >= 2), key=card_key)
            if pairs and len(unit.cards) == 2:
                card = draw(st.sampled_from(pairs))
                avail[card] -= 2
                out += [card, card]
                continue
        out += draw_cards(
            draw, avail, pool, len(unit.cards), want=lambda c: trump.suit_of(c) == suit
        )
    return out


@st.composite
def follow_cases(draw, lead_sizes=(1, 4), hand_sizes=(4, 9), widths=(2, 4)):
    """(hand, lead, trump): a small hand and a lead of one suit (sizes: inclusive ranges)."""
    trump = draw(trumps)
    pool = draw(pools(trump, widths))
    avail = full_deck_counter()
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.sampled_from(list(range(lead_sizes[1], lead_sizes[0] - 1, -1))))
    lead = draw_suited(draw, avail, pool, trump, suit, n, strict=True)
    size = draw(st.integers(*hand_sizes))
    in_suit = draw(st.sampled_from(list(range(size, -1, -1))))  # pairs/tractors likely
    hand = draw_suited(draw, avail, pool, trump, suit, in_suit, strict=False)
    hand += draw_cards(draw, avail, pool, size - len(hand))
    return hand, lead, trump


@st.composite
def trick_cases(draw):
    """(plays, trump): a lead of 1-6 cards of one suit and three follows of the same size."""
    trump = draw(trumps)
    pool = draw(pools(trump))
    avail = full_deck_counter()
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.sampled_from([6, 4, 5, 2, 3, 1]))
    lead = draw_suited(draw, avail, pool, trump, suit, n, strict=True)
    n = len(lead)
    plays = [lead]
    for _ in range(3):
        mode = draw(
            st.sampled_from(
                ["same", "trump", "shaped", "shaped trump", "rich", "rich trump", "any"]
            )
        )
        target = "T" if mode.endswith("trump") else suit
        if mode.startswith("shaped"):
            play = draw_shaped(draw, avail, pool, trump, target, lead)
        elif mode.startswith("rich"):  # more pairs and longer runs than the lead: splits
            rich = ("tractor", "pairs")
            play = draw_suited(draw, avail, pool, trump, target, n, strict=False, modes=rich)
        elif mode == "same":
            play = draw_suited(draw, avail, pool, trump, suit, n, strict=False)
        elif mode == "trump":
            play = draw_suited(draw, avail, pool, trump, "T", n, strict=False)
        else:
            play = draw_cards(draw, avail, pool, n)
        plays.append(play)
    return plays, trump


@st.composite
def throw_cases(draw):
    """(lead, other_hands, trump): a lead of 1-6 cards of one suit and 3 other hands."""
    trump = draw(trumps)
    pool = draw(pools(trump))
    avail = full_deck_counter()
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.sampled_from([5, 6, 4, 3, 2, 1]))
    lead = draw_suited(draw, avail, pool, trump, suit, n, strict=True)
    others = []
    for _ in range(3):
        size = draw(st.integers(0, 8))
        if draw(st.booleans()):
            others.append(draw_suited(draw, avail, pool, trump, suit, size, strict=False))
        else:
            others.append(draw_cards(draw, avail, pool, size))
    return lead, others, trump


@st.composite
def deck_samples(draw, max_size: int = 16):
    """A random multiset of cards from one deck (any suits), with pairs likely."""
    trump = draw(trumps)
    pool = draw(pools(trump))
    avail = full_deck_counter()
    size = draw(st.integers(0, max_size))
    out: list[Card] = []
    while len(out) < size:
        if draw(st.booleans()):
            suit = draw(st.sampled_from(lead_suits(pool, trump)))
            out += draw_suited(draw, avail, pool, trump, suit, size - len(out), strict=False)
        else:
            out += draw_cards(draw, avail, pool, 1)
    return out, trump


@st.composite
def tractor_follow_cases(draw):
    """(hand, lead, trump): a lead with one or two tractors (plus maybe a pair or single)
    and a hand rich in pairs of that suit, so that §5.4 (tractors, longest first, less the
    tractors already matched) decides often.  Cards come from a window of 5-9 steps."""
    trump = draw(trumps)
    suit = draw(st.sampled_from([s for s in ("T", *SUITS) if s != trump.suit]))
    cards = [c for c in ALL_54 if trump.suit_of(c) == suit]
    steps = sorted({trump.step(c) for c in cards})
    width = draw(st.integers(min(5, len(steps)), min(9, len(steps))))
    first = draw(st.integers(0, len(steps) - width))
    window = set(steps[first : first + width])
    avail = Counter({c: 2 for c in cards if trump.step(c) in window})
    lead: list[Card] = []
    for length in draw(st.sampled_from([(3, 2), (2, 2), (2,), (3,), (2, 2), (4, 2), (3, 3)])):
        near = {trump.step(c) + d for c in lead for d in (-1, 0, 1)}
        found = [
            t
            for t in sub_tractors(avail, length, trump)
            if not {trump.step(c) for c in t} & near  # separate: not one longer tractor
        ]
        if found:
            tractor = draw(st.sampled_from(found))
            avail.subtract(Counter({c: 2 for c in tractor}))
            lead += [c for c in tractor for _ in range(2)]
    extra = draw(st.sampled_from(["none", "pair", "single"]))
    left = sorted((c for c, k in avail.items() if k >= (2 if extra == "pair" else 1)), key=card_key)
    if extra != "none" and left:
        card = draw(st.sampled_from(left))
        take = 2 if extra == "pair" else 1
        avail[card] -= take
        lead += [card] * take
    if not lead:  # the window had no tractor left: lead any pair
        card = draw(st.sampled_from(sorted(avail, key=card_key)))
        avail[card] -= 2
        lead = [card, card]
    hand: list[Card] = []
    n_pairs = draw(st.integers(2, 6))
    for _ in range(n_pairs):
        pairs = sorted((c for c, k in avail.items() if k >= 2), key=card_key)
        if not pairs:
            break
        if hand and draw(st.integers(0, 2)):
            hand_steps = {trump.step(c) for c in hand}
            adjacent = [c for c in pairs if {trump.step(c) - 1, trump.step(c) + 1} & hand_steps]
            pairs = adjacent or pairs
        card = draw(st.sampled_from(pairs))
        avail[card] -= 2
        hand += [card, card]
    n_singles = draw(st.integers(0, 3))
    for _ in range(n_singles):
        left = sorted((c for c, k in avail.items() if k > 0), key=card_key)
        if left:
            card = draw(st.sampled_from(left))
            avail[card] -= 1
            hand.append(card)
    others = [c for c in ALL_54 if trump.suit_of(c) != suit]
    hand += draw(st.lists(st.sampled_from(others), max_size=3 - n_singles, unique=True))
    return hand, lead, trump
