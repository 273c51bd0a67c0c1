"""RandomPlayer: the baseline every other player is measured against.

It knows the rules but not the game: it leads a random unit (single, pair, triple, tractor
or titanic), now and then a random throw, follows with a random legal play, declares (and,
after the bury, overcalls) when it happens to be able to, and buries the kitty's size of
random cards. Following uses :func:`random_follow`, which builds one
legal play directly: a hand void in the led suit facing an 8-card throw has about a million
legal plays, far too many to list and pick from.
"""

from __future__ import annotations

from random import Random

from ..burying import bury_choices
from ..cards import Card
from ..follow import random_follow
from ..trump import Trump
from ..units import decompose, decompose_records
from .base import PlayerView
from .knowledge import check_name, check_rate


class RandomPlayer:
    """Uniformly clueless, never illegal. ``throw_rate``: how often a lead is a throw;
    ``declare_rate`` and ``overcall_rate``: how often it takes a chance to declare or to
    overcall after the bury."""

    def __init__(
        self,
        name: str = "random",
        throw_rate: float = 0.1,
        declare_rate: float = 0.5,
        overcall_rate: float = 0.3,
    ):
        self.name = check_name(name)
        self.throw_rate = check_rate(throw_rate, "throw_rate")
        self.declare_rate = check_rate(declare_rate, "declare_rate")
        self.overcall_rate = check_rate(overcall_rate, "overcall_rate")

    def declare(self, view: PlayerView) -> list[Card] | None:
        options = view.legal_declarations
        if options and view.rng.random() < self.declare_rate:
            return view.rng.choice(options)
        return None

    def overcall(self, view: PlayerView) -> list[Card] | None:
        options = view.legal_overcalls
        if options and view.rng.random() < self.overcall_rate:
            return view.rng.choice(options)
        return None

    def bury(self, view: PlayerView) -> list[Card]:
        rules = view.rules
        if not rules.open_kitty:
            return view.rng.sample(list(view.hand), rules.kitty_size)
        must, may = bury_choices(view.hand, rules)  # no point cards in an open kitty (§12.11)
        return must + view.rng.sample(may, rules.kitty_size - len(must))

    def play(self, view: PlayerView) -> list[Card]:
        rng = view.rng
        if type(rng) is Random:  # the engine's generators: the quick form, the same draws
            return _quick_play(view.hand, view.lead, view.trump, rng, self.throw_rate)
        return self.plain_play(view)

    def plain_play(self, view: PlayerView) -> list[Card]:
        """The play, written plainly: a random follow, or a lead of a random unit of a suit
        (as likely as its share of the hand), now and then a throw of several."""
        trump = view.trump
        assert trump is not None
        rng = view.rng
        hand = view.hand
        lead = view.lead
        if lead is not None:
            return random_follow(hand, lead, trump, rng)
        suit = trump.suit_by_index[rng.choice(hand).index]  # a suit, as likely as its share
        units = decompose(trump.cards_of(hand, suit), trump)
        if len(units) >= 2 and rng.random() < self.throw_rate:
            chosen = rng.sample(units, rng.randint(2, min(4, len(units))))
            return [card for unit in chosen for card in unit.cards]
        return list(rng.choice(units).cards)


def _quick_play(
    hand: tuple[Card, ...],
    lead: tuple[Card, ...] | None,
    trump: Trump,
    rng: Random,
    throw_rate: float,
) -> list[Card]:
    """:meth:`RandomPlayer.plain_play` for a plain ``random.Random``: the same cards and the
    same draws from ``rng`` in the same order, so the same generator state after it (the
    tests compare the two at every decision of seeded hands).

    ``rng.choice(seq)`` is ``seq[i]`` for the first draw ``i = rng.getrandbits(k) < len(seq)``
    (``k`` the bit length of ``len(seq)``): ``Random.choice`` and its ``_randbelow``, written
    out; the cards of a suit are picked out in one loop (``trump.cards_of``)."""
    getrandbits = rng.getrandbits
    suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
    if lead is not None:
        if len(lead) != 1:
            return random_follow(hand, lead, trump, rng)
        # random_follow for one card led: a random card of the led suit, else of the hand
        suit = suit_of[lead[0].index]
        cards = []
        for card in hand:
            if suit_of[card.index] == suit:
                cards.append(card)
        if not cards:
            cards = hand
        count = len(cards)
        bits = count.bit_length()
        i = getrandbits(bits)
        while i >= count:
            i = getrandbits(bits)
        return [cards[i]]
    count = len(hand)  # rng.choice(hand): a suit, as likely as its share
    bits = count.bit_length()
    i = getrandbits(bits)
    while i >= count:
        i = getrandbits(bits)
    suit = suit_of[hand[i].index]
    cards = []
    for card in hand:
        if suit_of[card.index] == suit:
            cards.append(card)
    if len(set(map(id, cards))) == len(cards):  # no card twice (cards are interned)
        # decompose(cards, trump) is then each card a single, in display order: the units
        # are made only for a throw
        order = trump.sort_key_by_index
        cards.sort(key=lambda card: order[card.index])
        units = None
        count = len(cards)
    else:
        units = decompose_records(cards, trump)
        count = len(units)
    if count >= 2 and rng.random() < throw_rate:
        if units is None:  # each card a unit: the sample of units is a sample of cards
            return rng.sample(cards, rng.randint(2, min(4, count)))
        chosen = rng.sample(units, rng.randint(2, min(4, count)))
        return [card for unit in chosen for card in unit.cards]
    bits = count.bit_length()  # rng.choice(units)
    i = getrandbits(bits)
    while i >= count:
        i = getrandbits(bits)
    return [cards[i]] if units is None else list(units[i].cards)
