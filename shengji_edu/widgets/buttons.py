"""The buttons of :class:`~shengji_edu.widgets.table.PlayTable` that come and go.

The declaring row holds a button per declaration or overcall the student may make now and,
for as long as their moment lasts, *deal on* and *go on*: each is a new button, so a click
meant for an earlier one lands on a closed button and is ignored. The fixed row's buttons
stay; :func:`set_disabled` and :func:`action_labels` keep them up to date.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..game import DEALING, OVERCALL
from . import views

if TYPE_CHECKING:
    from ..cards import Card
    from ..game import Round
    from ..i18n import Translator

Click = Callable[[widgets.Button], Any]


def _row_layout() -> widgets.Layout:
    return widgets.Layout(width="auto", min_width="96px", height="32px")


def transient_button(
    label: str, tooltip: str, css: str, handler: Click, style: str = ""
) -> widgets.Button:
    """A button that stands in the declaring row only while its moment lasts."""
    button = widgets.Button(
        description=label,
        tooltip=tooltip,
        button_style=style,
        layout=_row_layout(),
    )
    button.add_class(css)
    button.on_click(handler)
    return button


def declaration_buttons(
    tr: Translator,
    rnd: Round,
    options: Sequence[Sequence[Card]],
    overcalls: Sequence[Sequence[Card]],
    on_declare: Callable[[widgets.Button, Any], None],
    on_overcall: Callable[[widgets.Button, Any], None],
) -> list[widgets.Button]:
    """One button per declaration (``options``) then one per overcall (``overcalls``); a
    click calls ``on_declare(button, cards)`` or ``on_overcall(button, cards)``."""
    buttons: list[widgets.Button] = []
    for cards in options:
        shown = tr.cards(views.display_trump(rnd).sort(cards))
        b = widgets.Button(
            description=tr.say("declare {cards}", cards=shown),
            tooltip=tr.say("Show these cards to name the trump"),
            layout=_row_layout(),
        )
        b.add_class("shengji-declare")
        b.on_click(lambda button, cards=cards: on_declare(button, cards))
        buttons.append(b)
    for cards in overcalls:
        shown = tr.cards(views.display_trump(rnd).sort(cards))
        b = widgets.Button(
            description=tr.say("overcall with {cards}", cards=shown),
            tooltip=tr.say("Show these cards to change the trump, take the kitty and bury again"),
            layout=_row_layout(),
        )
        b.add_class("shengji-overcall")
        b.on_click(lambda button, cards=cards: on_overcall(button, cards))
        buttons.append(b)
    return buttons


def set_disabled(states: Mapping[widgets.DOMWidget, bool]) -> None:
    """Disable or enable each widget, touching only those whose state changes."""
    for button, disabled in states.items():
        if button.disabled != disabled:
            button.disabled = disabled


def action_labels(
    tr: Translator, rnd: Round, deal_next: widgets.Button, pass_button: widgets.Button
) -> None:
    """*deal next* says *fix trump* when the dealing is done; *pass* says *do not overcall*
    in the overcall round (only changed labels are sent)."""
    dealing = rnd.phase == DEALING
    label = tr.say("fix trump") if dealing and rnd.next_receiver is None else tr.say("deal next")
    if deal_next.description != label:
        deal_next.description = label
    if rnd.phase == OVERCALL:
        words = (tr.say("do not overcall"), tr.say("Pass in the overcall round"))
    else:
        words = (tr.say("pass"), tr.say("Pass in the auction"))
    if (pass_button.description, pass_button.tooltip) != words:
        pass_button.description, pass_button.tooltip = words
