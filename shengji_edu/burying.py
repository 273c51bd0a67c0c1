"""What the kitty's holder may bury (RULES §8, §12.11): a pure rule, one verdict.

Always: exactly ``rules.kitty_size`` cards, all held. With ``open_kitty`` (RULES §12.11) the
buried cards are shown to everyone and may hold no point card (5, 10, K), unless the holder
has fewer non-point cards than the kitty holds; then the bury must hold all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import Card, first_missing
from .i18n import message
from .rules import RuleSet
from .verdict import Verdict


def check_bury(hand: Sequence[Card], cards: Sequence[Card], rules: RuleSet = RuleSet()) -> Verdict:
    """A verdict on burying ``cards`` from ``hand`` under ``rules`` (``bool`` and ``.reason``)."""
    size = rules.kitty_size
    if len(cards) != size:
        return _refused(
            message("bury exactly {size} cards; you chose {chosen}", size=size, chosen=len(cards))
        )
    missing = first_missing(cards, hand)
    if missing is not None:
        return _refused(message("you do not hold {card} to bury", card=missing))
    if rules.open_kitty:
        points = [card for card in cards if card.points]
        if points:
            plain = sum(1 for card in hand if not card.points)
            buried_plain = len(cards) - len(points)
            if plain >= size:
                return _refused(
                    message(
                        "the kitty is shown to everyone and holds no point card: {card} is one "
                        "(bury cards that are not 5s, 10s or kings)",
                        card=points[0],
                    )
                )
            if buried_plain < plain:
                return _refused(
                    message(
                        "the kitty is shown to everyone: you hold only {plain} cards that are not "
                        "5s, 10s or kings, so bury all of them and make up the rest with point "
                        "cards",
                        plain=plain,
                    )
                )
    return Verdict(True)


def bury_choices(hand: Sequence[Card], rules: RuleSet) -> tuple[list[Card], list[Card]]:
    """``(must, may)``: a legal bury is ``must`` and ``kitty_size - len(must)`` cards of
    ``may``. Without ``open_kitty`` nothing must be buried and any card may; with it the
    non-point cards may (or, when there are too few of them, must, with point cards for the
    rest)."""
    hand = list(hand)
    if not rules.open_kitty:
        return [], hand
    plain = [card for card in hand if not card.points]
    if len(plain) >= rules.kitty_size:
        return [], plain
    return plain, [card for card in hand if card.points]


def can_complete_bury(hand: Sequence[Card], partial: Sequence[Card], rules: RuleSet) -> bool:
    """Can the cards chosen so far be completed to a legal bury (for choosing card by card)?

    By :func:`bury_choices`: every legal bury is ``must`` plus cards of ``may``, so a choice
    completes when it is held, fits in the kitty, and takes no more cards of ``may`` than the
    ``kitty_size - len(must)`` the bury has room for beside ``must``."""
    must, may = bury_choices(hand, rules)
    room = Counter(must) + Counter(may)
    chosen = Counter(partial)
    if len(partial) > rules.kitty_size or any(room[c] < n for c, n in chosen.items()):
        return False
    from_may = len(partial) - sum((chosen & Counter(must)).values())
    return from_may <= rules.kitty_size - len(must)


def first_legal_bury(ordered: Sequence[Card], rules: RuleSet) -> list[Card]:
    """The first ``kitty_size`` cards of ``ordered`` (a hand, the cards to bury first at the
    front) that make a legal bury: without ``open_kitty`` simply the first ones; with it
    what must be buried, then the first of those that may be (RULES §12.11)."""
    must, may = bury_choices(ordered, rules)
    return must + may[: rules.kitty_size - len(must)]


def _refused(reason) -> Verdict:
    return Verdict(False, message=reason)
