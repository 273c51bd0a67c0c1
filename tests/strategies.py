"""Hypothesis strategies for the property tests: one, two or three decks (RULES §1, §11.1).

Every example is drawn from ONE pack of ``decks`` × 54 cards (two decks unless asked), so no
card appears more than ``decks`` times among all the cards of one example. Most cards come
from a small "pool" (a few ranks of one or two suits, level cards, jokers, the 2s when they
are trumps, high cards of the trump suit) so that pairs, tractors, triples, titanics, shared
steps, ruffs and beaten throws happen often: groups of 2 identical cards with two decks, of 2
or 3 with three, none with one.

``twos`` chooses the order of cards: False is §2 (the default game), True is §11.2 (twos are
always trump), None draws it.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from reference import groups

from shengji_edu import Card, Trump, decompose

SUITS = ("S", "H", "D", "C")
LJ = Card("J", 15)
BJ = Card("J", 16)
ALL_54 = [Card(s, r) for s in SUITS for r in range(2, 15)] + [LJ, BJ]

# The widths of the groups of identical cards drawn on purpose: none with one deck (no two
# cards are identical), pairs with two, triples (likelier) and pairs with three.
GROUP_WIDTHS = {1: (), 2: (2,), 3: (3, 2, 3)}


def card_key(card: Card) -> tuple[str, int]:
    """A fixed canonical order of our own (not game strength), for sorting multisets."""
    return (card.suit, card.rank)


def canon(cards) -> tuple:
    """A multiset as a sorted tuple."""
    return tuple(sorted(cards, key=card_key))


@st.composite
def trumps(draw, twos: bool | None = False) -> Trump:
    """A Trump: any level and trump suit (or none); ``twos_are_trump`` drawn if ``twos`` is None."""
    level = draw(st.one_of(st.sampled_from([2, 10, 14]), st.integers(2, 14)))
    suit = draw(st.sampled_from(["S", "H", "D", "C", None]))
    flag = draw(st.booleans()) if twos is None else twos
    return Trump(level, suit, twos_are_trump=flag)


@st.composite
def pools(draw, trump: Trump, ranks=(2, 4)) -> list[Card]:
    """A small set of distinct cards: a window of 2-4 ranks (``ranks``) in 1-2 suits, plus
    some trumps."""
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    width = draw(st.integers(*ranks))
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
    pool.update(Card(s, level) for s in draw(st.lists(st.sampled_from(SUITS), max_size=2)))
    if trump.twos_are_trump:
        pool.update(Card(s, 2) for s in draw(st.lists(st.sampled_from(SUITS), max_size=2)))
    if trump.suit is not None and draw(st.booleans()):
        # a few cards of the trump suit near the top of its run (SA, SK, ...)
        pool.update(Card(trump.suit, r) for r in draw(st.lists(st.integers(11, 14), max_size=2)))
    return sorted(pool, key=card_key)


def deck(decks: int = 2) -> Counter:
    """The whole pack: every card ``decks`` times."""
    return Counter({c: decks for c in ALL_54})


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
    decks: int = 2,
    modes=("runs", "groups", "random"),
) -> list[Card]:
    """n cards of effective suit ``suit``, with groups of identical cards on adjacent steps
    (tractors, titanics) likely; the groups are those of ``GROUP_WIDTHS[decks]``.

    strict=True: only cards of that suit (possibly fewer than n if there are not enough);
    strict=False: fill up with any cards when the suit runs out.
    modes: "runs" builds runs of groups, "groups" any groups, "random" any cards.
    """

    def of_suit(c):
        return trump.suit_of(c) == suit

    out: list[Card] = []
    mode = draw(st.sampled_from(modes))
    widths = GROUP_WIDTHS[decks]
    while mode != "random" and any(len(out) + w <= n for w in widths):
        width = draw(st.sampled_from([w for w in widths if len(out) + w <= n]))
        cands = [c for c in pool if of_suit(c) and avail[c] >= width]
        if out and mode == "runs":
            # extend a run of groups, or now and then start a separate one
            steps = {trump.step(c) for c in out}
            near = {s + d for s in steps for d in (-1, 0, 1)}
            adjacent = [c for c in cands if {trump.step(c) - 1, trump.step(c) + 1} & steps]
            apart = [c for c in cands if trump.step(c) not in near]
            cands = (apart if draw(st.integers(0, 3)) == 0 else adjacent) or adjacent or cands
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
    """Cards of effective suit ``suit`` shaped like the lead (its titanics, tractors, triples,
    pairs, singles), as far as the remaining cards allow; filled up with any cards to the
    lead's size."""
    out: list[Card] = []
    for unit in sorted(decompose(lead, trump), key=lambda u: -len(u.cards)):
        if unit.width > 1:
            in_suit = Counter({c: k for c, k in avail.items() if k and trump.suit_of(c) == suit})
            preferred = Counter({c: k for c, k in in_suit.items() if c in set(pool)})
            found = groups(preferred, unit.width, unit.steps, trump) or groups(
                in_suit, unit.width, unit.steps, trump
            )
            if found:
                group = draw(st.sampled_from(found))
                avail.subtract(Counter({c: unit.width for c in group}))
                out += [c for c in group for _ in range(unit.width)]
                continue
        out += draw_cards(
            draw, avail, pool, len(unit.cards), want=lambda c: trump.suit_of(c) == suit
        )
    return out


@st.composite
def follow_cases(draw, decks=2, twos=False, lead_sizes=(1, 6), hand_sizes=(4, 10), ranks=(2, 4)):
    """(hand, lead, trump): a small hand and a lead of one suit (sizes: inclusive ranges)."""
    trump = draw(trumps(twos))
    pool = draw(pools(trump, ranks))
    avail = deck(decks)
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    lo, hi = lead_sizes
    # small leads (where most refusals are) and large ones (units, throws) both often
    n = draw(st.one_of(st.integers(lo, hi), st.sampled_from(list(range(hi, lo - 1, -1)))))
    lead = draw_suited(draw, avail, pool, trump, suit, n, strict=True, decks=decks)
    size = draw(st.integers(max(hand_sizes[0], len(lead)), max(hand_sizes[1], len(lead))))
    in_suit = draw(st.integers(0, size))
    hand = draw_suited(draw, avail, pool, trump, suit, in_suit, strict=False, decks=decks)
    hand += draw_cards(draw, avail, pool, size - len(hand))
    return hand, lead, trump


@st.composite
def trick_cases(draw, decks=2, twos=False):
    """(plays, trump): a lead of 1-7 cards of one suit and three follows of the same size."""
    trump = draw(trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.sampled_from([6, 4, 5, 7, 2, 3, 1]))
    lead = draw_suited(draw, avail, pool, trump, suit, n, strict=True, decks=decks)
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
        elif mode.startswith("rich"):  # more groups and longer runs than the lead: splits
            rich = ("runs", "groups")
            play = draw_suited(draw, avail, pool, trump, target, n, False, decks, modes=rich)
        elif mode in ("same", "trump"):
            play = draw_suited(draw, avail, pool, trump, target, n, strict=False, decks=decks)
        else:
            play = draw_cards(draw, avail, pool, n)
        plays.append(play)
    return plays, trump


@st.composite
def throw_cases(draw, decks=2, twos=False):
    """(lead, other_hands, trump): a lead of 1-7 cards of one suit and 3 other hands."""
    trump = draw(trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    suit = draw(st.sampled_from(lead_suits(pool, trump)))
    n = draw(st.sampled_from([5, 6, 4, 7, 3, 2, 1]))
    lead = draw_suited(draw, avail, pool, trump, suit, n, strict=True, decks=decks)
    others = []
    for _ in range(3):
        size = draw(st.integers(0, 9))
        if draw(st.booleans()):
            others.append(
                draw_suited(draw, avail, pool, trump, suit, size, strict=False, decks=decks)
            )
        else:
            others.append(draw_cards(draw, avail, pool, size))
    return lead, others, trump


@st.composite
def samples(draw, decks=2, twos=False, max_size: int = 16):
    """(cards, trump): a random multiset of cards (any suits), with groups likely."""
    trump = draw(trumps(twos))
    pool = draw(pools(trump))
    avail = deck(decks)
    size = draw(st.integers(0, max_size))
    out: list[Card] = []
    while len(out) < size:
        if draw(st.booleans()):
            suit = draw(st.sampled_from(lead_suits(pool, trump)))
            out += draw_suited(
                draw, avail, pool, trump, suit, size - len(out), strict=False, decks=decks
            )
        else:
            out += draw_cards(draw, avail, pool, 1)
    return out, trump


# group_follow_cases: the leads it tries, each a list of separate groups (width, steps).
GROUP_LEADS = {
    2: [
        [(2, 3), (2, 2)],
        [(2, 2), (2, 2)],
        [(2, 2)],
        [(2, 3)],
        [(2, 2), (2, 2)],
        [(2, 4), (2, 2)],
        [(2, 3), (2, 3)],
    ],
    3: [
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
    ],
}


@st.composite
def group_follow_cases(draw, decks=2, twos=False):
    """(hand, lead, trump): a lead of separate tractors (titanics and triples too with three
    decks), perhaps with a pair or a single, and a hand rich in groups of that suit, so that
    the obligations of §5.3-§5.4 (§11.1 (1)-(4)) decide often: each judged on the hand less
    the groups already matched. The lead comes from a window of 5-10 steps of one effective
    suit, the hand's groups from what the window has left (then from the rest of the suit),
    about as many cards as led; two or three decks."""
    trump = draw(trumps(twos))
    suit = draw(st.sampled_from([s for s in ("T", *SUITS) if s != trump.suit]))
    cards = [c for c in ALL_54 if trump.suit_of(c) == suit]
    steps = sorted({trump.step(c) for c in cards})
    width = draw(st.integers(min(5, len(steps)), min(10, len(steps))))
    first = draw(st.integers(0, len(steps) - width))
    window = set(steps[first : first + width])
    avail = Counter({c: decks for c in cards if trump.step(c) in window})
    rest = Counter({c: decks for c in cards if trump.step(c) not in window})
    lead: list[Card] = []
    for group_width, length in draw(st.sampled_from(GROUP_LEADS[decks])):
        near = {trump.step(c) + d for c in lead for d in (-1, 0, 1)}
        found = [
            g
            for g in groups(avail, group_width, length, trump)
            if not {trump.step(c) for c in g} & near  # separate: not one longer run
        ]
        if found:
            group = draw(st.sampled_from(found))
            avail.subtract(Counter({c: group_width for c in group}))
            lead += [c for c in group for _ in range(group_width)]
    extra = draw(st.sampled_from(["none", "pair", "single"]))
    left = sorted((c for c, k in avail.items() if k >= (2 if extra == "pair" else 1)), key=card_key)
    if extra != "none" and left:
        card = draw(st.sampled_from(left))
        take = 2 if extra == "pair" else 1
        avail[card] -= take
        lead += [card] * take
    if not lead:  # the window had no such run left: lead the widest group there is
        card = draw(
            st.sampled_from(sorted((c for c, k in avail.items() if k == decks), key=card_key))
        )
        avail[card] -= decks
        lead = [card] * decks
    hand: list[Card] = []
    # about as many cards of the suit as led, in groups: the obligations then decide
    target = len(lead) + draw(st.integers(-2, 3))
    while len(hand) < target:
        group_width = draw(st.sampled_from(GROUP_WIDTHS[decks]))
        # from the window, and once it runs out from the rest of the suit
        source = avail if any(k >= group_width for k in avail.values()) else rest
        cands = sorted((c for c, k in source.items() if k >= group_width), key=card_key)
        if hand and draw(st.integers(0, 2)):
            held = {trump.step(c) for c in hand}
            cands = [c for c in cands if {trump.step(c) - 1, trump.step(c) + 1} & held] or cands
        if not cands:
            break
        card = draw(st.sampled_from(cands))
        source[card] -= group_width
        hand += [card] * group_width
    n_singles = draw(st.integers(0, 3))
    for _ in range(n_singles):
        left = sorted((c for c, k in avail.items() if k > 0), key=card_key)
        if left:
            card = draw(st.sampled_from(left))
            avail[card] -= 1
            hand.append(card)
    # other suits: a few, and enough that the hand can follow with as many cards as led
    others = Counter({c: decks for c in ALL_54 if trump.suit_of(c) != suit})
    hand += draw_cards(draw, others, [], draw(st.integers(0, 3 - n_singles)))
    hand += draw_cards(draw, others, [], len(lead) - len(hand))
    return hand, lead, trump
