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

A refused declaration raises ``ValueError`` with a :class:`~shengji_edu.i18n.Message`:
``str(exc)`` is the English reason, ``render(exc, "zh")`` the Chinese one. The texts
(:data:`STRENGTH_NAMES`, :func:`ladder_words`) are messages too.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import BIG_JOKER, LITTLE_JOKER, RANKS, SUITS, Card, rank_text
from .i18n import LESS, N_, Listing, Message, Suit, message

SINGLE_LEVEL, PAIR_LEVEL, LITTLE_JOKERS, BIG_JOKERS = 1, 2, 3, 4
TRIPLE_LEVEL, LITTLE_JOKER_TRIPLE, BIG_JOKER_TRIPLE = 5, 6, 7
FOUR_JOKERS = 8
"""``joker_bids="four"`` (RULES §12.2): all four jokers at once, above everything else."""

STRENGTH_NAMES = {
    SINGLE_LEVEL: N_("one level card"),
    PAIR_LEVEL: N_("a pair of level cards"),
    LITTLE_JOKERS: N_("a pair of little jokers (no trump)"),
    BIG_JOKERS: N_("a pair of big jokers (no trump)"),
    TRIPLE_LEVEL: N_("a triple of level cards"),
    LITTLE_JOKER_TRIPLE: N_("a triple of little jokers (no trump)"),
    BIG_JOKER_TRIPLE: N_("a triple of big jokers (no trump)"),
    FOUR_JOKERS: N_("all four jokers (no trump)"),
}
"""Each strength in English words; ``message(STRENGTH_NAMES[s])`` in any language."""

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


@functools.cache
def _ladder(decks: int, joker_bids: str = "pairs") -> dict[tuple[int, str], int]:
    """The declarations of ``decks`` decks as (copies, what) → strength; ``joker_bids``
    (RULES §12.2) keeps the joker declarations (``"pairs"``), drops them (``"none"``) or
    replaces them by all four jokers at once (``"four"``, key ``(4, "jokers")``). Made once
    per pair of arguments (the deal asks for it after every level card); do not change it."""
    ladder = {key: value for key, value in _LADDER.items() if key[0] <= decks}
    if joker_bids != "pairs":
        ladder = {key: value for key, value in ladder.items() if key[1] == "level"}
    if joker_bids == "four":
        ladder[(4, "jokers")] = FOUR_JOKERS
    return ladder


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
        return str(self.describe_message())

    def describe_message(self) -> Message:
        """:meth:`describe` as a message, to be shown in any language."""
        if self.suit is None:
            return message(
                "seat {seat} declares {cards} (no trump)", seat=self.seat, cards=list(self.cards)
            )
        return message(
            "seat {seat} declares {cards} ({suit})",
            seat=self.seat,
            cards=list(self.cards),
            suit=Suit(self.suit),
        )


def ladder_text(decks: int = 2, joker_bids: str = "pairs") -> str:
    """The ladder in words for messages, e.g. ``one level card < a pair of level cards < …``."""
    return str(ladder_words(decks, joker_bids))


_LADDER_WORDS = {
    SINGLE_LEVEL: N_("one level card"),
    PAIR_LEVEL: N_("a pair of level cards"),
    LITTLE_JOKERS: N_("two little jokers"),
    BIG_JOKERS: N_("two big jokers"),
    TRIPLE_LEVEL: N_("a triple of level cards"),
    LITTLE_JOKER_TRIPLE: N_("three little jokers"),
    BIG_JOKER_TRIPLE: N_("three big jokers"),
    FOUR_JOKERS: N_("all four jokers"),
}


def ladder_words(decks: int = 2, joker_bids: str = "pairs") -> Message | Listing:
    """:func:`ladder_text` as a message parameter, to be shown in any language."""
    strengths = sorted(set(_ladder(decks, joker_bids).values()))
    if strengths == [SINGLE_LEVEL]:
        return message("one level card only")
    return Listing([message(_LADDER_WORDS[s]) for s in strengths], LESS)


def declaration_strength(
    cards: Sequence[Card], level: int, decks: int = 2, joker_bids: str = "pairs"
) -> tuple[int, str | None]:
    """Strength and trump suit of a declaration, or ``ValueError`` saying what is wrong.

    ``decks`` bounds how many identical cards a declaration may show (1, 2 or 3): with two
    decks ``S2 S2 S2`` cannot exist, with one deck neither can ``S2 S2``. ``joker_bids``
    (RULES §12.2) says what jokers declare: pairs (and triples), nothing, or all four at once.
    """
    ladder = _ladder(decks, joker_bids)
    strength = None
    if 1 <= len(cards) <= decks and all(c is cards[0] for c in cards):
        card = cards[0]
        what = "BJ" if card == BIG_JOKER else "LJ" if card == LITTLE_JOKER else None
        if what is None and card.rank == level:
            what = "level"
        strength = ladder.get((len(cards), what)) if what else None
        if strength is not None:
            return strength, None if card.is_joker else card.suit
    if (4, "jokers") in ladder and _is_four_jokers(cards):
        return FOUR_JOKERS, None
    if not cards:
        raise ValueError(
            message(
                "nothing is not a declaration: show {forms} (the level is {level})",
                forms=_forms(decks, joker_bids),
                level=format_level(level),
            )
        )
    raise ValueError(
        message(
            "{cards} is not a declaration: show {forms} (the level is {level})",
            cards=list(cards),
            forms=_forms(decks, joker_bids),
            level=format_level(level),
        )
    )


def _is_four_jokers(cards: Sequence[Card]) -> bool:
    return (
        len(cards) == 4
        and sorted(c.rank for c in cards)
        == [
            LITTLE_JOKER.rank,
            LITTLE_JOKER.rank,
            BIG_JOKER.rank,
            BIG_JOKER.rank,
        ]
        and all(c.is_joker for c in cards)
    )


def _forms(decks: int, joker_bids: str = "pairs") -> Message:
    if decks == 1:
        return message("one level card")
    if joker_bids == "none":
        if decks == 2:
            return message("one level card or a pair of identical level cards")
        return message("one level card, or two or three identical level cards")
    if joker_bids == "four":
        return message("one level card, a pair of identical level cards or all four jokers at once")
    if decks == 2:
        return message(
            "one level card, a pair of identical level cards or a pair of identical jokers"
        )
    return message(
        "one level card, or two or three identical level cards, or two or three identical jokers"
    )


def format_level(level: int) -> str:
    return rank_text(level)


def declaration_over(
    cards: Sequence[Card],
    level: int,
    standing: Declaration | None,
    seat: int | None = None,
    decks: int = 2,
    joker_bids: str = "pairs",
) -> tuple[int, str | None]:
    """Strength and suit of ``cards`` declared by ``seat`` over ``standing`` during the deal.

    Raises ``ValueError`` with the reason when the cards are not a declaration, are not
    strictly stronger, or use the standing trump suit's level cards while ``seat`` is not
    the standing declarer (only the declarer reinforces). ``seat=None`` judges strength only.
    """
    strength, suit = declaration_strength(cards, level, decks, joker_bids)
    if standing is None:
        return strength, suit
    if strength <= standing.strength:
        raise ValueError(
            message(
                "{cards} does not beat the standing declaration {standing}: a new declaration "
                "must be stronger ({ladder})",
                cards=list(cards),
                standing=list(standing.cards),
                ladder=ladder_words(decks, joker_bids),
            )
        )
    if seat is not None and suit is not None and suit == standing.suit and seat != standing.seat:
        raise ValueError(
            message(
                "{cards} uses the level cards of the standing trump suit {suit}: only seat "
                "{seat}, who declared it, may reinforce it; overcall with another suit's level "
                "cards or with jokers",
                cards=list(cards),
                suit=Suit(suit),
                seat=standing.seat,
            )
        )
    return strength, suit


def possible_declarations(
    received: Sequence[Card],
    level: int,
    standing: Declaration | None,
    decks: int = 2,
    seat: int | None = None,
    joker_bids: str = "pairs",
) -> list[list[Card]]:
    """Every declaration a player holding ``received`` could make over ``standing`` now.

    Built directly from the level cards and jokers held (this runs after every card of the
    deal for every player, so it avoids trying every card). Jokers first (big, then little),
    then the level cards in suit order; for each, the fewer cards first. Give ``seat`` to
    leave out what only the standing declarer may declare (see :func:`declaration_over`).
    """
    floor = standing.strength if standing is not None else 0
    offers, four, top = _offers(level, decks, joker_bids)
    if floor >= top:
        return []
    barred = None
    if seat is not None and standing is not None and standing.seat != seat:
        barred = standing.suit  # the standing trump suit's level cards are the declarer's
    held: dict[int, int] = {}  # copies of each level card and joker held, by card.index
    for c in received:
        if c.rank == level or c.is_joker:
            held[c.index] = held.get(c.index, 0) + 1
    if not held:
        return []
    options: list[list[Card]] = []
    if four and floor < FOUR_JOKERS and held.get(_LJ, 0) >= 2 and held.get(_BJ, 0) >= 2:
        options.append([LITTLE_JOKER, LITTLE_JOKER, BIG_JOKER, BIG_JOKER])
    for card, strengths in offers:  # big joker, little joker, the level cards S H D C
        copies = held.get(card.index)
        if copies is None or card.suit == barred:  # a joker's suit "J" is never barred
            continue
        for n in range(min(copies, decks)):  # showing n + 1 copies
            strength = strengths[n]
            if strength is not None and strength > floor:
                options.append([card] * (n + 1))
    return options


@functools.cache
def _offers(level: int, decks: int, joker_bids: str) -> tuple[tuple, bool, int]:
    """What :func:`possible_declarations` reads from the ladder, worked out once per level
    and rules (it runs after every level card or joker dealt): each card that declares at
    ``level``, strongest first, with the strength of showing 1, 2, ... ``decks`` copies
    (``None``: not a declaration); whether four jokers declare; the strongest declaration."""
    ladder = _ladder(decks, joker_bids)
    offers = []
    for card in _DECLARERS.get(level, _JOKERS):
        what = "BJ" if card is BIG_JOKER else "LJ" if card is LITTLE_JOKER else "level"
        offers.append((card, tuple(ladder.get((n, what)) for n in range(1, decks + 1))))
    return tuple(offers), FOUR_JOKERS in ladder.values(), max(ladder.values())


_JOKERS = (BIG_JOKER, LITTLE_JOKER)
_DECLARERS = {level: (*_JOKERS, *(Card(suit, level) for suit in SUITS)) for level in RANKS}
"""The cards that declare at each level, strongest first: possible_declarations's order."""
_LJ, _BJ = LITTLE_JOKER.index, BIG_JOKER.index


# --- overcalling after the bury (反主 / 炒底, RULES §11.3) --------------------------------
def turned_up(card: Card, seat: int, after_card: int) -> Declaration:
    """The standing declaration when nobody declared and ``card`` was turned up from the
    kitty: one level card of its suit, or for a joker one level card with no trump suit."""
    return Declaration(
        seat, (card,), SINGLE_LEVEL, None if card.is_joker else card.suit, after_card
    )


def overcall_strength(
    cards: Sequence[Card],
    level: int,
    standing: Declaration,
    decks: int = 2,
    joker_bids: str = "pairs",
) -> tuple[int, str | None]:
    """Strength and suit of an overcall after the bury, or ``ValueError`` with the reason.

    It must be strictly stronger than ``standing`` and may not use the standing trump
    suit's level cards (whoever makes it: if ♥6 stands, ♥6 ♥6 cannot overcall).
    """
    strength, suit = declaration_strength(cards, level, decks, joker_bids)
    if suit is not None and suit == standing.suit:
        raise ValueError(
            message(
                "{cards} uses the level cards of the standing trump suit {suit}: an overcall "
                "needs another suit's level cards or jokers",
                cards=list(cards),
                suit=Suit(suit),
            )
        )
    if strength <= standing.strength:
        raise ValueError(
            message(
                "{cards} does not beat the standing {strength} {standing}: an overcall must be "
                "stronger ({ladder})",
                cards=list(cards),
                strength=message(STRENGTH_NAMES[standing.strength]),
                standing=list(standing.cards),
                ladder=ladder_words(decks, joker_bids),
            )
        )
    return strength, suit


def possible_overcalls(
    hand: Sequence[Card],
    level: int,
    standing: Declaration,
    decks: int = 2,
    joker_bids: str = "pairs",
) -> list[list[Card]]:
    """Every overcall ``hand`` could make over ``standing`` after the bury (RULES §11.3)."""
    options = possible_declarations(hand, level, standing, decks, joker_bids=joker_bids)
    return [o for o in options if o[0].is_joker or o[0].suit != standing.suit]
