"""Random test cases for the exercise checks: trumps, hands, leads and plays.

Every generator takes a ``random.Random`` (seeded by the question), so the same cases come
back in every run. Cards come from a :class:`Shoe`, a double deck that hands out each card at
most twice, so generated hands, leads and plays could all be dealt from one real deck.
Generators aim at what a rule is about (pairs, neighbouring steps, the level gap, equal
level cards), because cards drawn uniformly from the deck would rarely hit those cases.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from ..cards import ALL_CARDS, SUITS, Card
from ..trump import EFFECTIVE_SUITS, Trump


@cache
def make_trump(level: int, suit: str | None) -> Trump:
    """The Trump for a level and suit, made once (a Trump works out all 54 cards when made)."""
    return Trump(level, suit)


def random_trump(rng: random.Random, no_trump_share: float = 0.2) -> Trump:
    """A level 2..A and a trump suit, or no trump suit now and then."""
    level = rng.randint(2, 14)
    suit = None if rng.random() < no_trump_share else rng.choice(SUITS)
    return make_trump(level, suit)


class Shoe:
    """A double deck to draw from: each of the 54 cards at most twice."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [2] * len(ALL_CARDS)  # copies left, by card.index

    def has(self, card: Card, copies: int = 1) -> bool:
        return self.left[card.index] >= copies

    def take(self, cards: Sequence[Card]) -> list[Card]:
        """Take these cards (all of them must be left)."""
        for card in cards:
            if self.left[card.index] <= 0:
                raise ValueError(f"no {card} left in the shoe")
            self.left[card.index] -= 1
        return list(cards)

    def put_back(self, cards: Sequence[Card]) -> None:
        for card in cards:
            self.left[card.index] += 1

    def draw(self, count: int, suit: str | None = None, trump: Trump | None = None) -> list[Card]:
        """``count`` random cards (of one effective suit if ``suit`` and ``trump`` are given)."""
        left = self.left
        cards = ALL_CARDS if suit is None or trump is None else suit_cards(trump, suit)
        pool = [card for card in cards for _ in range(left[card.index])]
        return self.take(self.rng.sample(pool, min(count, len(pool))))

    def pairs(self, count: int, suit: str, trump: Trump) -> list[Card]:
        """Up to ``count`` random pairs of one effective suit."""
        candidates = [c for c in suit_cards(trump, suit) if self.left[c.index] == 2]
        chosen = self.rng.sample(candidates, min(count, len(candidates)))
        return self.take([card for card in chosen for _ in range(2)])


@cache
def suit_cards(trump: Trump, suit: str) -> tuple[Card, ...]:
    """The distinct cards of one effective suit, in the fixed card order."""
    return tuple(card for card in ALL_CARDS if trump.suit_of(card) == suit)


@cache
def cards_by_step(trump: Trump, suit: str) -> dict[int, tuple[Card, ...]]:
    """The distinct cards of one effective suit, grouped by step (do not change the result)."""
    steps: dict[int, list[Card]] = {}
    for card in suit_cards(trump, suit):
        steps.setdefault(trump.step(card), []).append(card)
    return {step: tuple(cards) for step, cards in steps.items()}


def tractor(shoe: Shoe, trump: Trump, suit: str, length: int) -> list[Card]:
    """A random tractor of ``length`` pairs (shorter, or no cards, if the shoe cannot)."""
    steps = cards_by_step(trump, suit)
    top_steps = sorted(steps)
    for _ in range(20):
        if len(top_steps) < length:
            break
        low = shoe.rng.randint(top_steps[0], top_steps[-1] - length + 1)
        chosen = []
        for step in range(low, low + length):
            options = [c for c in steps.get(step, []) if shoe.has(c, 2)]
            if not options:
                break
            chosen.append(shoe.rng.choice(options))
        else:
            return shoe.take([card for card in chosen for _ in range(2)])
    return []


def random_suit(rng: random.Random, trump: Trump, trump_share: float = 0.3) -> str:
    """An effective suit: trumps now and then, otherwise a side suit of this trump."""
    sides = [s for s in SUITS if s != trump.suit]
    return "T" if rng.random() < trump_share else rng.choice(sides)


def suit_hand(
    shoe: Shoe, trump: Trump, suit: str, size: int, pair_share: float = 0.5
) -> list[Card]:
    """About ``size`` cards of one effective suit, many of them in pairs (and tractors)."""
    rng = shoe.rng
    cards: list[Card] = []
    if rng.random() < 0.4 and size >= 4:
        cards += tractor(shoe, trump, suit, rng.randint(2, max(2, min(4, size // 2))))
    pairs = int((size - len(cards)) * pair_share) // 2
    cards += shoe.pairs(pairs, suit, trump)
    cards += shoe.draw(max(0, size - len(cards)), suit, trump)
    rng.shuffle(cards)
    return cards


def lead_of_kind(shoe: Shoe, trump: Trump, suit: str, kind: str) -> list[Card]:
    """A lead: ``single``, ``pair``, ``tractor`` (2-3 pairs) or ``throw`` (several units)."""
    rng = shoe.rng
    if kind == "pair":
        lead = shoe.pairs(1, suit, trump)
    elif kind == "tractor":
        lead = tractor(shoe, trump, suit, rng.choice((2, 2, 3)))
    elif kind == "throw":
        lead = shoe.pairs(rng.randint(0, 2), suit, trump)
        lead += shoe.draw(rng.randint(1, 3), suit, trump)
    else:
        lead = shoe.draw(1, suit, trump)
    return lead or shoe.draw(1, suit, trump)


def other_suits(trump: Trump, suit: str) -> list[str]:
    return [s for s in EFFECTIVE_SUITS if s != suit and (s == "T" or s != trump.suit)]


def follower_hand(
    shoe: Shoe, trump: Trump, suit: str, lead_size: int, max_size: int = 12
) -> list[Card]:
    """A hand facing a lead of ``suit``: short, exact or long in the suit, plus other cards."""
    rng = shoe.rng
    roll = rng.random()
    if roll < 0.15:
        in_suit = 0
    elif roll < 0.35:
        in_suit = rng.randint(1, max(1, lead_size))
    else:
        in_suit = rng.randint(lead_size, max(lead_size, max_size - 2))
    hand = suit_hand(shoe, trump, suit, in_suit) if in_suit else []
    others = rng.randint(1, max(1, max_size - len(hand)))
    for _ in range(others):
        hand += shoe.draw(1, rng.choice(other_suits(trump, suit)), trump)
    rng.shuffle(hand)
    return hand


def unit_of_size(shoe: Shoe, trump: Trump, suit: str, size: int) -> list[Card]:
    """A unit of ``size`` cards (single, pair or tractor) of one suit, if the shoe has one."""
    if size == 1:
        cards = shoe.draw(1, suit, trump)
    elif size == 2:
        cards = shoe.pairs(1, suit, trump)
    else:
        cards = tractor(shoe, trump, suit, size // 2)
    return cards if len(cards) == size else cards + shoe.draw(size - len(cards), suit, trump)


def level_cards(shoe: Shoe, trump: Trump) -> list[Card]:
    """Off-suit level cards of which the shoe still holds both copies."""
    cards = [Card(suit, trump.level) for suit in SUITS if suit != trump.suit]
    return [card for card in cards if shoe.has(card, 2)]


def follow_play(shoe: Shoe, trump: Trump, led: str, size: int) -> list[Card]:
    """A play of ``size`` cards that may or may not compete: units, near misses, discards."""
    rng = shoe.rng
    roll = rng.random()
    options = level_cards(shoe, trump)
    if roll < 0.1 and size <= 2 and options:  # an off-suit level card (or pair of them)
        play = shoe.take([rng.choice(options)] * size)
    elif roll < 0.3:
        play = unit_of_size(shoe, trump, led, size)
    elif roll < 0.55:
        play = unit_of_size(shoe, trump, "T", size)
    elif roll < 0.75:  # the right suit but not the right shape: pairs not on neighbouring steps
        play = shoe.pairs(size // 2, rng.choice([led, "T"]), trump)
        play += shoe.draw(size - len(play), rng.choice([led, "T"]), trump)
    elif roll < 0.9:  # a mixed play
        play = shoe.draw(size - size // 2, led, trump) + shoe.draw(size // 2, "T", trump)
    else:  # a discard of another side suit
        play = unit_of_size(shoe, trump, rng.choice(other_suits(trump, led)), size)
    if len(play) < size:
        play += shoe.draw(size - len(play))
    rng.shuffle(play)
    return play


def random_trick(rng: random.Random, sizes: tuple[int, ...]) -> tuple[list[list[Card]], Trump]:
    """A trick so far: a lead of one of ``sizes`` cards and 0-3 plays after it."""
    trump = random_trump(rng)
    shoe = Shoe(rng)
    led = random_suit(rng, trump)
    size = rng.choice(sizes)
    lead = unit_of_size(shoe, trump, led, size)
    if rng.random() < 0.2 and size <= 2:  # off-suit level cards: equal trumps, ties
        options = level_cards(shoe, trump)
        if options:
            shoe.put_back(lead)  # put the first lead back
            lead = shoe.take([rng.choice(options)] * size)
    led = trump.suit_of(lead[0])
    plays = [lead] + [follow_play(shoe, trump, led, size) for _ in range(rng.randint(0, 3))]
    return plays, trump
