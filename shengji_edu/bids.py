"""A hand's declarations judged under any rules (RULES §8, §12.2, §12.6, §12.7, §12.13): pure.

:mod:`.declaring` holds the ladder of §8 and §11; this module adds what the seeds' house rules
change about it and judges a whole sequence of bids the way the engine does:

* :func:`bid_strength`: the strength and suit of one declaration under a :class:`RuleSet`
  (its decks, ``joker_bids`` and ``bidding``).
* :func:`replay_bids`: every bid of a hand in the order made, each against the last accepted
  one, with the partner's reinforcement (对家保, §12.13) and joker-colour declaring
  (亮牌 / 反主, §12.6).
* :func:`no_bid_trump`: the trump when nobody declares (§12.7).

A refusal is a ``ValueError`` carrying an i18n message, as in :mod:`.declaring`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import BIG_JOKER, LITTLE_JOKER, Card
from .declaring import (
    PAIR_LEVEL,
    SINGLE_LEVEL,
    Declaration,
    declaration_over,
    declaration_strength,
    format_level,
)
from .i18n import N_, message
from .rules import RuleSet
from .sequences import Row

COLOUR_OF_JOKER = {"BJ": ("H", "D"), "LJ": ("S", "C")}
"""Joker-colour declaring (RULES §12.6): the big joker goes with the red suits, the little
joker with the black ones."""

COLOUR_SUIT_ORDER = {"D": 1, "C": 2, "H": 3, "S": 4}
"""The order overcalls climb under joker-colour declaring: ♠ > ♥ > ♣ > ♦ (RULES §12.6)."""

COLOUR_JOKER_PAIRS = {LITTLE_JOKER: 5, BIG_JOKER: 6}
"""Joker pairs under joker-colour declaring: above every suit, ``BJ BJ`` above ``LJ LJ``."""

_COLOUR_FOUR_JOKERS = 6


def _joker_name(card: Card) -> str:
    return "BJ" if card is BIG_JOKER else "LJ"


def bid_strength(cards: Sequence[Card], level: int, rules: RuleSet) -> tuple[int, str | None]:
    """``(strength, suit)`` of a declaration under ``rules`` (RULES §12.2), or ValueError.

    The strength is a whole number, larger for a stronger declaration and equal for equally
    strong ones (only the order means anything); the suit is the trump it names (``None``: no
    trump). ``bidding="yield"`` is judged as ``"during_deal"``; ``bidding="report"`` has its
    own functions (``report_strength``, RULES §12.5) and is a ValueError here.
    """
    cards = list(cards)
    if rules.bidding == "report":
        raise ValueError(
            message(
                "reports are not declarations: under bidding=report judge them with "
                "report_strength (RULES §12.5)"
            )
        )
    if rules.bidding == "joker_colour":
        return _colour_strength(cards, level, rules.joker_bids)
    return declaration_strength(cards, level, rules.decks, rules.joker_bids)


def _colour_strength(cards: list[Card], level: int, joker_bids: str) -> tuple[int, str | None]:
    """A joker-colour declaration (a joker and one level card of its colour), overcall (a
    joker and a pair of identical level cards of its colour), or jokers for no trump."""
    jokers = [c for c in cards if c.is_joker]
    others = [c for c in cards if not c.is_joker]
    if not others:
        if joker_bids == "pairs" and len(cards) == 2 and cards[0] is cards[1]:
            return COLOUR_JOKER_PAIRS[cards[0]], None
        if joker_bids == "four" and sorted(_joker_name(c) for c in cards) == [
            "BJ",
            "BJ",
            "LJ",
            "LJ",
        ]:
            return _COLOUR_FOUR_JOKERS, None
    elif len(jokers) == 1 and 1 <= len(others) <= 2 and all(c is others[0] for c in others):
        card = others[0]
        if card.rank == level and card.suit in COLOUR_OF_JOKER[_joker_name(jokers[0])]:
            return COLOUR_SUIT_ORDER[card.suit], card.suit
        if card.rank == level:
            raise ValueError(
                message(
                    "{cards} is not a declaration: the big joker goes with a red level card "
                    "(♥ or ♦), the little joker with a black one (♠ or ♣)",
                    cards=cards,
                )
            )
    forms = {
        "pairs": N_(
            "{cards} is not a declaration: show a joker with one level card of its colour (an "
            "overcall: with a pair of them), or a pair of identical jokers for no trump (the "
            "level is {level})"
        ),
        "four": N_(
            "{cards} is not a declaration: show a joker with one level card of its colour (an "
            "overcall: with a pair of them), or all four jokers for no trump (the level is "
            "{level})"
        ),
        "none": N_(
            "{cards} is not a declaration: show a joker with one level card of its colour (an "
            "overcall: with a pair of them) (the level is {level})"
        ),
    }
    raise ValueError(message(forms[joker_bids], cards=cards, level=format_level(level)))


@dataclass(frozen=True)
class BidReplay:
    """What :func:`replay_bids` found: a verdict per bid and what stands at the end."""

    accepted: Row
    """A bool per bid, in order (a list that also equals a tuple of the same bools)."""
    reasons: Row
    """``""`` or why, per bid."""
    standing: tuple[int, Row] | None
    suit: str | None
    first: int | None


def replay_bids(
    bids: Sequence[tuple[int, Sequence[Card]]], level: int, rules: RuleSet
) -> BidReplay:
    """Judge a hand's bids ``[(seat, cards), …]`` in the order made, as the engine does.

    Each bid is judged against the last accepted one and a refused bid changes nothing.
    Cards shown are taken as held. ``.standing`` is the standing declaration ``(seat,
    cards)`` (after a partner's reinforcement, §12.13, the declarer's pair), ``.suit`` its
    trump suit, ``.first`` the seat of the first accepted bid.
    """
    if rules.bidding == "report":
        bid_strength([], level, rules)  # raises: reports have their own functions
    accepted: list[bool] = []
    reasons: list[str] = []
    standing: Declaration | None = None
    first: int | None = None
    for number, (seat, cards) in enumerate(bids):
        cards = list(cards)
        try:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
                raise ValueError(f"a seat is 0, 1, 2 or 3, not {seat!r}")
            standing = _judge(seat, cards, level, rules, standing, number)
        except ValueError as exc:
            accepted.append(False)
            reasons.append(str(exc))
            continue
        accepted.append(True)
        reasons.append("")
        if first is None:
            first = seat
    return BidReplay(
        Row(accepted),
        Row(reasons),
        None if standing is None else (standing.seat, Row(standing.cards)),
        None if standing is None else standing.suit,
        first,
    )


def _judge(
    seat: int,
    cards: list[Card],
    level: int,
    rules: RuleSet,
    standing: Declaration | None,
    after: int,
) -> Declaration:
    """The standing declaration after ``seat`` shows ``cards``, or ValueError why not."""
    if rules.bidding == "joker_colour":
        return _judge_colour(seat, cards, level, rules, standing, after)
    reinforced = partner_reinforcement(seat, cards, standing, rules, after)
    if reinforced is not None:
        return reinforced
    strength, suit = declaration_over(cards, level, standing, seat, rules.decks, rules.joker_bids)
    return Declaration(seat, tuple(cards), strength, suit, after)


def partner_reinforcement(
    seat: int,
    cards: Sequence[Card],
    standing: Declaration | None,
    rules: RuleSet,
    after: int | None = None,
) -> Declaration | None:
    """对家保 (RULES §12.13): the standing declaration as a pair, still its declarer's, when
    ``seat`` is the declarer's partner showing the other copy of a one-card declaration;
    ``None`` when that is not what ``cards`` are (then they are judged as a declaration)."""
    if not rules.partner_reinforce or standing is None or standing.strength != SINGLE_LEVEL:
        return None
    if len(standing.cards) != 1 or seat != (standing.seat + 2) % 4:
        return None
    if len(cards) != 1 or cards[0] != standing.cards[0]:
        return None
    card = standing.cards[0]
    when = standing.after_card if after is None else after
    return Declaration(standing.seat, (card, card), PAIR_LEVEL, standing.suit, when)


def colour_options(
    cards: Sequence[Card], level: int, standing: Declaration | None, joker_bids: str = "pairs"
) -> list[list[Card]]:
    """Every joker-colour bid ``cards`` can make (RULES §12.6): with nothing standing the
    declarations (a joker and one level card of its colour; jokers for no trump), else the
    overcalls above ``standing`` (a joker and a pair of level cards of a higher suit of its
    colour; stronger jokers). The level cards come first in each option (``♥2 BJ``): the
    suit is what a player weighs."""
    held = list(cards)
    options: list[list[Card]] = []
    floor = 0 if standing is None else standing.strength
    copies = 1 if standing is None else 2
    for joker in (BIG_JOKER, LITTLE_JOKER):
        if joker not in held:
            continue
        for suit in sorted(COLOUR_OF_JOKER[_joker_name(joker)], key=COLOUR_SUIT_ORDER.get):
            card = Card(suit, level)
            if held.count(card) >= copies and COLOUR_SUIT_ORDER[suit] > floor:
                options.append([card] * copies + [joker])
    pairs = [j for j in (LITTLE_JOKER, BIG_JOKER) if held.count(j) >= 2]
    if joker_bids == "pairs":
        options += [[j, j] for j in pairs if COLOUR_JOKER_PAIRS[j] > floor]
    elif joker_bids == "four" and len(pairs) == 2 and floor < _COLOUR_FOUR_JOKERS:
        options.append([LITTLE_JOKER, LITTLE_JOKER, BIG_JOKER, BIG_JOKER])
    return options


def judge_colour_bid(
    seat: int,
    cards: Sequence[Card],
    level: int,
    rules: RuleSet,
    standing: Declaration | None,
    after: int,
) -> Declaration:
    """The standing declaration after ``seat`` bids ``cards`` under joker-colour declaring
    (RULES §12.6), or ValueError why not: see :func:`replay_bids`."""
    return _judge_colour(seat, list(cards), level, rules, standing, after)


def _judge_colour(
    seat: int,
    cards: list[Card],
    level: int,
    rules: RuleSet,
    standing: Declaration | None,
    after: int,
) -> Declaration:
    """Joker-colour declaring (RULES §12.6): the first bid declares (one level card), every
    later one overcalls (a pair, a suit higher in ♠ > ♥ > ♣ > ♦, or jokers for no trump)."""
    strength, suit = _colour_strength(cards, level, rules.joker_bids)
    level_cards = [c for c in cards if not c.is_joker]
    if standing is None:
        if len(level_cards) > 1:
            raise ValueError(
                message(
                    "{cards} is an overcall, but nothing is declared yet: declare with a joker "
                    "and one level card of its colour",
                    cards=cards,
                )
            )
        return Declaration(seat, tuple(cards), strength, suit, after)
    if suit is not None and len(level_cards) != 2:
        raise ValueError(
            message(
                "{cards} cannot overcall: an overcall shows a joker with a pair of identical "
                "level cards of its colour",
                cards=cards,
            )
        )
    if strength <= standing.strength:
        raise ValueError(
            message(
                "{cards} does not overcall {standing}: an overcall needs a suit higher in the "
                "order ♠ > ♥ > ♣ > ♦, or jokers (big over little); nothing overcalls no trump "
                "but stronger jokers",
                cards=cards,
                standing=list(standing.cards),
            )
        )
    return Declaration(seat, tuple(cards), strength, suit, after)


def no_bid_trump(
    kitty: Sequence[Card], rules: RuleSet, drawn: int = 0
) -> tuple[str | None, Card | None]:
    """``(suit, card)`` when nobody declares (RULES §12.7): the trump suit (``None``: no
    trump) and the card turned up (``None`` when none is).

    ``drawn`` is the number the mode uses: the kitty position for ``"flip"``
    (``randrange(kitty_size)``), the suit for ``"random_suit"`` (``randrange(4)`` over S, H,
    D, C); ``"third_card"`` turns up the kitty's third card, ``"no_trump"`` nothing.
    """
    kitty = list(kitty)
    mode = rules.no_bid
    if mode == "no_trump":
        return None, None
    if mode == "random_suit":
        if not isinstance(drawn, int) or isinstance(drawn, bool) or not 0 <= drawn < 4:
            raise ValueError(
                f"drawn must be 0, 1, 2 or 3 (S, H, D, C) for random_suit, not {drawn!r}"
            )
        return "SHDC"[drawn], None
    position = 2 if mode == "third_card" else drawn
    if not isinstance(position, int) or isinstance(position, bool):
        raise ValueError(f"drawn must be a kitty position (a whole number), not {drawn!r}")
    if not 0 <= position < len(kitty):
        raise ValueError(
            f"the kitty holds {len(kitty)} cards: position {position} is not among them"
        )
    card = kitty[position]
    return (None if card.is_joker else card.suit), card
