"""The buttons of :class:`~shengji_edu.widgets.table.PlayTable` that come and go.

The declaring row (:class:`DeclaringRow`) holds a button per declaration or overcall the
student may make now and, for as long as their moment lasts, *deal on*, *go on* and
*continue that game*: each is a new button, so a click meant for an earlier one lands on a
closed button and is ignored. The fixed row's buttons stay; :func:`set_disabled` and
:func:`action_labels` keep them up to date.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..game import DEALING, OVERCALL, RETURNS
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


class DeclaringRow:
    """The declaring row in ``box``: what it offers now, and which of its buttons are on show.

    ``resume_button`` (*continue that game*) stays the same button; ``on_declare`` and
    ``on_overcall`` are called as ``on_declare(button, cards)``, ``on_deal_on`` and
    ``on_go_on`` with the button.
    """

    def __init__(
        self,
        box: widgets.Box,
        resume_button: widgets.Button,
        on_declare: Callable[[widgets.Button, Any], None],
        on_overcall: Callable[[widgets.Button, Any], None],
        on_deal_on: Click,
        on_go_on: Click,
    ) -> None:
        self.box = box
        self.resume_button = resume_button
        self._on = (on_declare, on_overcall, on_deal_on, on_go_on)
        self._key: tuple | None = None
        self._transient: weakref.WeakSet = weakref.WeakSet([resume_button])
        self.deal_on_button: widgets.Button | None = None
        """*deal on*, while the row offers it."""
        self.go_on_button: widgets.Button | None = None
        """*go on*, while the row offers it."""

    def shows(self, button: Any) -> bool:
        """The button is on show now: any button but one of this row's earlier ones."""
        return button not in self._transient or button in self.box.children

    def forget(self) -> None:
        """Build the row afresh at the next :meth:`show` (say, in another language)."""
        self._key = None

    def show(
        self,
        tr: Translator,
        rnd: Round,
        you: int,
        *,
        stop: int | None,
        paused: bool,
        resumable: bool,
        colors: str,
    ) -> None:
        """Offer what seat ``you`` may do now: declarations, overcalls, *deal on* at the
        declaring ``stop`` of *deal all*, *go on* while ``paused`` after a trick, *continue
        that game* if ``resumable``.

        Rebuilt with new buttons whenever what it offers changes, so a click meant for an
        earlier button lands on a closed one and is ignored.
        """
        options = rnd.legal_declarations(you)
        overcalls = rnd.legal_overcalls(you)
        key = (
            tuple(tuple(o) for o in options),
            tuple(tuple(o) for o in overcalls),
            len(rnd.declarations),
            len(rnd.overcalls),
            stop,
            paused,
            len(rnd.tricks),
            resumable,
            tr.lang,
            colors,
        )
        if key == self._key:
            return
        self._key = key
        for old in self.box.children:
            if old is not self.resume_button:
                old.close()
        on_declare, on_overcall, on_deal_on, on_go_on = self._on
        children: list[widgets.Widget] = []
        self.resume_button.disabled = not resumable
        if resumable:
            children.append(self.resume_button)
        for b in declaration_buttons(tr, rnd, options, overcalls, on_declare, on_overcall):
            self._transient.add(b)
            children.append(b)
        self.deal_on_button = None
        if stop is not None:
            self.deal_on_button = self._button(
                tr.say("deal on"),
                tr.say("Do not declare now: deal on to the next chance"),
                "shengji-deal-on",
                on_deal_on,
            )
            children.append(self.deal_on_button)
        self.go_on_button = None
        if paused:
            self.go_on_button = self._button(
                tr.say("go on"),
                tr.say("You have seen the trick: let the next one start"),
                "shengji-go-on",
                on_go_on,
                style="success",
            )
            children.append(self.go_on_button)
        self.box.children = children

    def _button(
        self, label: str, tooltip: str, css: str, handler: Click, style: str = ""
    ) -> widgets.Button:
        button = transient_button(label, tooltip, css, handler, style)
        self._transient.add(button)
        return button


def set_disabled(states: Mapping[widgets.DOMWidget, bool]) -> None:
    """Disable or enable each widget, touching only those whose state changes."""
    for button, disabled in states.items():
        if button.disabled != disabled:
            button.disabled = disabled


def action_labels(
    tr: Translator,
    rnd: Round,
    deal_next: widgets.Button,
    pass_button: widgets.Button,
    bury_button: widgets.Button,
) -> None:
    """*deal next* says *fix trump* when the dealing is done; *pass* says *do not overcall*
    in the overcall round; *bury* says *give back* when the largest reporter returns cards
    (RULES §12.5). Only changed labels are sent."""
    bury = tr.say("give back") if rnd.phase == RETURNS else tr.say("bury")
    if bury_button.description != bury:
        bury_button.description = bury
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
