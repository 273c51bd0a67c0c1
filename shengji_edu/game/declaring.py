"""Declaring trump (亮主, RULES §8 and §11.1) and overcalling (反主, §11.3): pure rules.

A declaration shows identical level-rank cards or identical jokers. From weak to strong:

===  ===========================================  ================
 1   one level card (its suit becomes trump)       every deck count
 2   a pair of identical level cards               two or three decks
 3   a pair of little jokers (no trump)            two or three decks
 4   a pair of big jokers (no trump)               two or three decks
 5   a triple of identical level cards             three decks
 6   a triple of little jokers (no trump)          three decks
 7   a triple of big jokers (no trump)             three decks
===  ===========================================  ================

Pairs (and triples) of level cards of different suits are equally strong, so they cannot
overcall each other. A new declaration must be strictly stronger than the standing one, and
only the current declarer may declare again with the standing trump suit's level cards
(reinforcing, 自保: single → pair, pair → triple, single → triple); anyone, the declarer
included, may make any other strictly stronger declaration. With one deck only single level
cards exist, so the first declaration stands.

Decision (RULES §8 reads "anyone may make a strictly stronger declaration", §11.1 "only the
current declarer may declare again with the standing trump suit's level cards"): the §11.1
rule is applied for every number of decks. With two decks it changes nothing that can
happen during a deal: the standing declarer holds one of the two copies of its level card,
so nobody else can show a pair of it. The engine passes the declaring ``seat`` to apply the
rule; without a seat (``seat=None``) only strength is judged, as before.

After the bury (§11.3) an overcall must be strictly stronger and may not use the standing
trump suit's level cards at all, whoever makes it. A kitty card turned up for want of a
declaration counts as one level card of its suit; a turned-up joker as one level card with
no trump suit (:func:`turned_up`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import BIG_JOKER, LITTLE_JOKER, SUIT_SYMBOLS, Card, format_cards, rank_text

SINGLE_LEVEL, PAIR_LEVEL, LITTLE_JOKERS, BIG_JOKERS = 1, 2, 3, 4
TRIPLE_LEVEL, LITTLE_JOKER_TRIPLE, BIG_JOKER_TRIPLE = 5, 6, 7

STRENGTH_NAMES = {
    SINGLE_LEVEL: "one level card",
    PAIR_LEVEL: "a pair of level cards",
    LITTLE_JOKERS: "a pair of little jokers (no trump)",
    BIG_JOKERS: "a pair of big jokers (no trump)",
    TRIPLE_LEVEL: "a triple of level cards",
    LITTLE_JOKER_TRIPLE: "a triple of little jokers (no trump)",
    BIG_JOKER_TRIPLE: "a triple of big jokers (no trump)",
}

# strength of (copies shown, what is shown): a level card, the little or the big joker
_LADDER = {
    (1, "level"): SINGLE_LEVEL,
    (2, "level"): PAIR_LEVEL,
    (2, "LJ"): LITTLE_JOKERS,
    (2, "BJ"): BIG_JOKERS,
    (3, "level"): TRIPLE_LEVEL,
    (3, "LJ"): LITTLE_JOKER_TRIPLE,
    (3, "BJ"): BIG_JOKER_TRIPLE,
}


@dataclass(frozen=True)
class Declaration:
    """A declaration made by ``seat`` after ``after_card`` cards had been dealt.

    ``suit`` is the trump suit it names (``None``: no trump). In the after-deal auction
    ``after_card`` is the number of cards dealt (every card).
    """

    seat: int
    cards: tuple[Card, ...]
    strength: int
    suit: str | None
    after_card: int

    def describe(self) -> str:
        shown = format_cards(self.cards, pretty=True)
        trump = SUIT_SYMBOLS[self.suit] if self.suit else "no trump"
        return f"seat {self.seat} declares {shown} ({trump})"

    @property
    def uses_level_cards(self) -> bool:
        """Level cards of a suit (not jokers): what only its declarer may reinforce."""
        return self.suit is not None


def ladder_text(decks: int = 2) -> str:
    """The ladder in words for messages, e.g. ``one level card < a pair of level cards < …``."""
    if decks == 1:
        return "one level card only"
    names = ["one level card", "a pair of level cards", "two little jokers", "two big jokers"]
    if decks >= 3:
        names += ["a triple of level cards", "three little jokers", "three big jokers"]
    return " < ".join(names)


def declaration_strength(
    cards: Sequence[Card], level: int, decks: int = 2
) -> tuple[int, str | None]:
    """Strength and trump suit of a declaration, or ``ValueError`` saying what is wrong.

    ``decks`` bounds how many identical cards a declaration may show (1, 2 or 3): with two
    decks ``S2 S2 S2`` cannot exist, with one deck neither can ``S2 S2``.
    """
    shown = format_cards(cards, pretty=True) or "nothing"
    if 1 <= len(cards) <= decks and all(c is cards[0] for c in cards):
        card = cards[0]
        what = "BJ" if card == BIG_JOKER else "LJ" if card == LITTLE_JOKER else None
        if what is None and card.rank == level:
            what = "level"
        strength = _LADDER.get((len(cards), what)) if what else None
        if strength is not None:
            return strength, None if card.is_joker else card.suit
    raise ValueError(
        f"{shown} is not a declaration: show {_forms(decks)} (the level is {format_level(level)})"
    )


def _forms(decks: int) -> str:
    if decks == 1:
        return "one level card"
    if decks == 2:
        return "one level card, a pair of identical level cards or a pair of identical jokers"
    return "one level card, or two or three identical level cards, or two or three identical jokers"


def format_level(level: int) -> str:
    return rank_text(level)


def declaration_over(
    cards: Sequence[Card],
    level: int,
    standing: Declaration | None,
    seat: int | None = None,
    decks: int = 2,
) -> tuple[int, str | None]:
    """Strength and suit of ``cards`` declared by ``seat`` over ``standing`` during the deal.

    Raises ``ValueError`` with the reason when the cards are not a declaration, are not
    strictly stronger, or use the standing trump suit's level cards while ``seat`` is not
    the standing declarer (only the declarer reinforces). ``seat=None`` judges strength only.
    """
    strength, suit = declaration_strength(cards, level, decks)
    if standing is None:
        return strength, suit
    shown = format_cards(cards, pretty=True)
    if strength <= standing.strength:
        raise ValueError(
            f"{shown} does not beat the standing declaration "
            f"{format_cards(standing.cards, pretty=True)}: a new declaration must be stronger "
            f"({ladder_text(decks)})"
        )
    if seat is not None and suit is not None and suit == standing.suit and seat != standing.seat:
        raise ValueError(
            f"{shown} uses the level cards of the standing trump suit "
            f"{SUIT_SYMBOLS[suit]}: only seat {standing.seat}, who declared it, may reinforce "
            f"it; overcall with another suit's level cards or with jokers"
        )
    return strength, suit


def possible_declarations(
    received: Sequence[Card],
    level: int,
    standing: Declaration | None,
    decks: int = 2,
    seat: int | None = None,
) -> list[list[Card]]:
    """Every declaration a player holding ``received`` could make over ``standing`` now.

    Built directly from the level cards and jokers held (this runs after every card of the
    deal for every player, so it avoids trying every card). Jokers first (big, then little),
    then the level cards in suit order; for each, the fewer cards first. Give ``seat`` to
    leave out what only the standing declarer may declare (see :func:`declaration_over`).
    """
    floor = standing.strength if standing is not None else 0
    if floor >= _strongest(decks):
        return []
    barred = None
    if seat is not None and standing is not None and standing.seat != seat:
        barred = standing.suit  # the standing trump suit's level cards are the declarer's
    counts = Counter(c for c in received if c.rank == level or c.is_joker)
    options: list[list[Card]] = []
    for card in sorted(counts, key=lambda c: (-c.rank, c.index)):
        if not card.is_joker and card.suit == barred:
            continue
        what = "BJ" if card == BIG_JOKER else "LJ" if card == LITTLE_JOKER else "level"
        for copies in range(1, min(counts[card], decks) + 1):
            strength = _LADDER.get((copies, what))
            if strength is not None and strength > floor:
                options.append([card] * copies)
    return options


def _strongest(decks: int) -> int:
    return {1: SINGLE_LEVEL, 2: BIG_JOKERS}.get(decks, BIG_JOKER_TRIPLE)


# --- overcalling after the bury (反主 / 炒底, RULES §11.3) --------------------------------
def turned_up(card: Card, seat: int, after_card: int) -> Declaration:
    """The standing declaration when nobody declared and ``card`` was turned up from the
    kitty: one level card of its suit, or for a joker one level card with no trump suit."""
    return Declaration(
        seat, (card,), SINGLE_LEVEL, None if card.is_joker else card.suit, after_card
    )


def overcall_strength(
    cards: Sequence[Card], level: int, standing: Declaration, decks: int = 2
) -> tuple[int, str | None]:
    """Strength and suit of an overcall after the bury, or ``ValueError`` with the reason.

    It must be strictly stronger than ``standing`` and may not use the standing trump
    suit's level cards (whoever makes it: if ♥6 stands, ♥6 ♥6 cannot overcall).
    """
    strength, suit = declaration_strength(cards, level, decks)
    shown = format_cards(cards, pretty=True)
    if suit is not None and suit == standing.suit:
        raise ValueError(
            f"{shown} uses the level cards of the standing trump suit {SUIT_SYMBOLS[suit]}: "
            f"an overcall needs another suit's level cards or jokers"
        )
    if strength <= standing.strength:
        raise ValueError(
            f"{shown} does not beat the standing {STRENGTH_NAMES[standing.strength]} "
            f"{format_cards(standing.cards, pretty=True)}: an overcall must be stronger "
            f"({ladder_text(decks)})"
        )
    return strength, suit


def possible_overcalls(
    hand: Sequence[Card], level: int, standing: Declaration, decks: int = 2
) -> list[list[Card]]:
    """Every overcall ``hand`` could make over ``standing`` after the bury (RULES §11.3)."""
    options = possible_declarations(hand, level, standing, decks)
    return [o for o in options if o[0].is_joker or o[0].suit != standing.suit]
