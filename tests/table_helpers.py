"""Driving the play table headlessly, as a person would: shared by the widget tests."""

from __future__ import annotations

import re
from html import unescape

from shengji_edu import parse_cards
from shengji_edu.follow import iter_legal_follows
from shengji_edu.widgets import PlayTable


def select(pt: PlayTable, cards) -> None:
    """Press the toggles of ``cards`` (one toggle per physical card) and release the rest."""
    wanted = list(parse_cards(cards) if isinstance(cards, str) else cards)
    for toggle in pt.hand_toggles:
        card = pt.card_of(toggle)
        toggle.value = card in wanted
        if toggle.value:
            wanted.remove(card)
    assert not wanted, f"not in hand: {wanted}"


def legal_choice(pt: PlayTable) -> list:
    """A legal play chosen with the engine's own rules: the lowest card to lead, else the
    first legal follow."""
    rnd = pt.round
    hand = rnd.hand(pt.you)
    if rnd.lead is None:
        return [rnd.trump.sort(hand)[-1]]
    return next(iter_legal_follows(hand, rnd.lead, rnd.trump))


def text(pane) -> str:
    """What a person reads in an HTML widget: tags dropped (as spaces), entities decoded."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", pane.value)).split())
