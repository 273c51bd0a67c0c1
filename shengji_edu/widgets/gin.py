"""``GinTable``: a small notebook table to play Gin Rummy (lesson 10) against the computer.

``GinTable(seed=5)`` as the last line of a cell shows the score, the computer's side (cards
held, its last moves), the discard pile and the stock, your hand as one toggle per card
sorted by suit, your best melds and deadwood, a row of buttons and a message line. Click a
card to select it, then *discard* or *knock*; *take*, *pass*, *draw* and *gin* need no card.
A button is enabled only when the engine has such an action for you now. The computer moves
as soon as it is its turn; after a hand, *next hand* deals the next one, until someone
reaches 100. ``shengji gin --seed 5`` plays the same game in a terminal.

The engine decides, the table forwards: every action goes to :meth:`GinHand.act
<shengji_edu.gin.engine.GinHand.act>`, and a refusal shows the engine's reason in the
message line and changes nothing, the selection included. As on the Shengji table
(:mod:`.actions`), a click handler never raises (a problem is reported in the message line)
and a stale click (a disabled button, the toggle of a card no longer in the hand) is ignored
and changes nothing. Plain ipywidgets (7 or 8) and one ``<style>`` element, nothing else.
"""

from __future__ import annotations

import functools
import html
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from ..gin.cards import card_text, parse_card
from ..gin.engine import STOCK, Action, GinGame, GinHand, IllegalMove
from ..gin.players import make_player
from ..gin.scoring import STANDARD
from ..gin.text import (
    COMPUTER,
    YOU,
    final_text,
    gin_action,
    melds_text,
    move_text,
    prompt_text,
    result_text,
    score_text,
    state_text,
)
from .shown import widget_bundle

STYLE = """
.gin-card button, .gin-card { min-width: 44px; font-weight: bold; }
.gin-red, .gin-red button { color: #c0392b !important; }
.gin-taken { outline: 2px dashed #0072B2; }
.gin-message { min-height: 2.6em; }
.gin-log { min-height: 4.6em; color: #444; }
"""
"""Looks by CSS class (ipywidgets 7 has no style attribute for a toggle's text colour)."""

LOG_LINES = 4
"""How many of the latest moves the table shows."""

ACTIONS = ("take", "pass", "draw", "discard", "knock", "gin")


def click(method: Callable[..., None]) -> Callable[..., None]:
    """Wrap a button's handler: ignore stale clicks, never raise, redraw afterwards."""

    @functools.wraps(method)
    def handler(self: GinTable, button: Any = None) -> None:
        if button is not None and getattr(button, "disabled", False):
            self.ignored_clicks += 1
            return
        if self._busy:
            self.ignored_clicks += 1
            return
        self._busy = True
        try:
            method(self)
        except IllegalMove as exc:
            self._message = f"Not allowed: {exc}"
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self._message = f"Something went wrong ({type(exc).__name__}: {exc})."
        finally:
            self._busy = False
        self._safe_render()

    return handler


class GinTable:
    """A game of Gin Rummy to ``target`` points: you (seat 0) against a computer player.

    ``seed`` fixes the game (``None``: a random one, shown in the score line);
    ``computer`` names the computer player (see :data:`shengji_edu.gin.PLAYER_TYPES`) and
    ``knock_at`` the most deadwood it knocks with (``None``: as soon as the rules allow).
    ``.widget`` is the box on show; the buttons, toggles and HTML panes are attributes, so
    code (and tests) can click and read what a person would.
    """

    def __init__(
        self,
        seed: int | None = None,
        computer: str = "greedy",
        knock_at: int | None = None,
        target: int = STANDARD.target,
    ) -> None:
        if not isinstance(computer, str):
            raise ValueError(f"computer must be a player's name such as 'greedy', not {computer!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise ValueError(f"target must be a whole number of points, at least 1, not {target!r}")
        self.player = make_player(computer, knock_at=knock_at)  # ValueError on bad settings
        self.seed: int = random.randrange(1_000_000) if seed is None else seed
        self.computer = computer
        self.knock_at = knock_at
        self.game = GinGame(self.seed, replace(STANDARD, target=target))
        self.ignored_clicks = 0
        """Clicks that arrived on a disabled button or a card no longer in the hand."""
        self._busy = False
        self._message = ""
        """A refusal or a problem, shown (in red) until the next action or selection."""
        self._shown = ""
        self._log: list[str] = []
        self._toggles: dict[int, widgets.ToggleButton] = {}
        self._selecting = False
        self._build()
        self._start_hand()
        self._safe_render()

    # --- what is on show ----------------------------------------------------------------------
    def _build(self) -> None:
        self.score_html = widgets.HTML()
        self.table_html = widgets.HTML()
        self.log_html = widgets.HTML()
        self.log_html.add_class("gin-log")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="40px"))
        self.melds_html = widgets.HTML()
        self.message_html = widgets.HTML()
        self.message_html.add_class("gin-message")
        self.buttons: dict[str, widgets.Button] = {}
        for kind in (*ACTIONS, "next hand"):
            button = widgets.Button(description=kind, layout=widgets.Layout(width="88px"))
            self.buttons[kind] = button
        self.take_button = self.buttons["take"]
        self.pass_button = self.buttons["pass"]
        self.draw_button = self.buttons["draw"]
        self.discard_button = self.buttons["discard"]
        self.knock_button = self.buttons["knock"]
        self.gin_button = self.buttons["gin"]
        self.next_button = self.buttons["next hand"]
        self.take_button.on_click(self._take)
        self.pass_button.on_click(self._pass)
        self.draw_button.on_click(self._draw)
        self.discard_button.on_click(self._discard)
        self.knock_button.on_click(self._knock)
        self.gin_button.on_click(self._gin)
        self.next_button.on_click(self._next_hand)
        style = widgets.HTML(value=f"<style>{STYLE}</style>")
        self.widget = widgets.VBox(
            [
                style,
                self.score_html,
                self.table_html,
                self.log_html,
                self.hand_box,
                self.melds_html,
                widgets.HBox(list(self.buttons.values())),
                self.message_html,
            ]
        )

    @property
    def hand(self) -> GinHand:
        """The hand being played (or just finished)."""
        return self.game.hands[-1]

    @property
    def hand_toggles(self) -> list[widgets.ToggleButton]:
        """One toggle per card of your hand, sorted by suit (as on show)."""
        return [self._toggle(card) for card in sorted(self.hand.hands[YOU])]

    @property
    def selected(self) -> int | None:
        """The card you selected (None: no card)."""
        return next((c for c in sorted(self.hand.hands[YOU]) if self._toggle(c).value), None)

    @property
    def message(self) -> str:
        """The message line as plain text: what to do now, the engine's reason after a
        refused click, or how the hand ended."""
        return self._shown

    def toggle_of(self, card: int | str) -> widgets.ToggleButton:
        """The toggle of a card of your hand (``"7S"`` or its id)."""
        card = parse_card(card) if isinstance(card, str) else card
        if card not in self.hand.hands[YOU]:
            raise ValueError(f"{card_text(card)} is not in your hand")
        return self._toggle(card)

    def _toggle(self, card: int) -> widgets.ToggleButton:
        toggle = self._toggles.get(card)
        if toggle is None:
            toggle = widgets.ToggleButton(
                description=card_text(card, pretty=True), layout=widgets.Layout(width="48px")
            )
            toggle.add_class("gin-card")
            if card // 13 in (1, 2):
                toggle.add_class("gin-red")
            toggle.observe(functools.partial(self._on_toggle, card), names="value")
            self._toggles[card] = toggle
        return toggle

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """Show the table: the widget view, with a short, stable plain-text fallback."""
        return widget_bundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        return (
            f"GinTable(seed={self.seed}, computer={self.computer!r}, knock_at={self.knock_at}, "
            f"target={self.game.rules.target})"
        )

    # --- the flow of the game -----------------------------------------------------------------
    def _start_hand(self) -> None:
        hand = self.game.new_hand()
        dealer = "you deal" if hand.dealer == YOU else "the computer deals"
        self._log = [f"Hand {len(self.game.hands)}: {dealer}."]
        self._message = ""
        self._advance()

    def _advance(self) -> None:
        """Let the computer move until it is your turn or the hand is over."""
        hand = self.hand
        while not hand.over and hand.turn == COMPUTER:
            top = hand.top
            action = self.player.act(hand.view(COMPUTER))
            hand.act(COMPUTER, action)
            self._log.append(move_text(COMPUTER, action, top))
        if hand.over:
            self.game.hand_finished(hand)

    def _you(self, action: Action) -> None:
        """Your action, through the engine (a refusal raises IllegalMove: nothing changed)."""
        hand = self.hand
        top, before = hand.top, set(hand.hands[YOU])
        hand.act(YOU, action)
        drawn = next(iter(set(hand.hands[YOU]) - before), None) if action == STOCK else None
        self._log.append(move_text(YOU, action, top, drawn))
        self._clear_selection()
        self._message = ""
        self._advance()

    def _card(self, what: str) -> int | None:
        card = self.selected
        if card is None:
            self._message = f"Select a card first (click it), then press {what}."
        return card

    @click
    def _take(self) -> None:
        self._you(Action("take"))

    @click
    def _pass(self) -> None:
        self._you(Action("pass"))

    @click
    def _draw(self) -> None:
        self._you(STOCK)

    @click
    def _discard(self) -> None:
        card = self._card("discard")
        if card is not None:
            self._you(Action("discard", card))

    @click
    def _knock(self) -> None:
        if self.selected is None and Action("knock") in self.hand.legal_actions():
            self._you(Action("knock"))  # big gin: no discard
            return
        card = self._card("knock (the card is discarded face down)")
        if card is not None:
            self._you(Action("knock", card))

    @click
    def _gin(self) -> None:
        action = gin_action(self.hand)
        if action is None:
            self._message = "No gin: every discard leaves some deadwood."
            return
        self._you(action)

    @click
    def _next_hand(self) -> None:
        self._start_hand()

    def _on_toggle(self, card: int, change: dict) -> None:
        """One card selected at a time; a toggle of a card no longer in the hand is stale."""
        if self._selecting:
            return
        try:
            hand = self.hand
            if card not in hand.hands[YOU] or hand.over:
                self.ignored_clicks += 1
                self._set(card, False)
                return
            if change.get("new"):
                for other in hand.hands[YOU]:
                    if other != card:
                        self._set(other, False)
            self._message = ""
            self._render_message()
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self._message = f"Something went wrong ({exc})."
            self._safe_render()

    def _set(self, card: int, value: bool) -> None:
        toggle = self._toggles.get(card)
        if toggle is not None and toggle.value != value:
            self._selecting = True
            try:
                toggle.value = value
            finally:
                self._selecting = False

    def _clear_selection(self) -> None:
        for card in self._toggles:
            self._set(card, False)

    # --- drawing ------------------------------------------------------------------------------
    def _safe_render(self) -> None:
        try:
            self._render()
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self.message_html.value = f"<b>Something went wrong</b> ({html.escape(str(exc))})."

    def _render(self) -> None:
        game, hand = self.game, self.hand
        legal = {a.kind for a in hand.legal_actions()} if hand.turn == YOU else set()
        score = html.escape(score_text(game))
        self.score_html.value = (
            f"<b>Gin Rummy</b> · seed {self.seed} · hand {len(game.hands)} · {score}"
        )
        self.table_html.value = html.escape(state_text(hand)) if not hand.over else ""
        self.log_html.value = "<br>".join(html.escape(line) for line in self._log[-LOG_LINES:])
        mine = sorted(hand.hands[YOU])
        self.hand_box.children = tuple(self._toggle(c) for c in mine)
        for card in mine:
            toggle = self._toggle(card)
            toggle.disabled = hand.over
            taken = card == hand.taken
            (toggle.add_class if taken else toggle.remove_class)("gin-taken")
            toggle.tooltip = "just taken: you may not discard it now" if taken else ""
        self.melds_html.value = html.escape(melds_text(mine))
        self.take_button.disabled = "take" not in legal
        self.pass_button.disabled = "pass" not in legal
        self.draw_button.disabled = "stock" not in legal
        self.discard_button.disabled = "discard" not in legal
        self.knock_button.disabled = "knock" not in legal
        self.gin_button.disabled = hand.turn != YOU or gin_action(hand) is None
        self.next_button.disabled = not hand.over or game.over
        self._render_message()

    def _render_message(self) -> None:
        hand, game = self.hand, self.game
        if self._message:
            text = self._message
        elif game.over:
            text = result_text(hand) + "\n\n" + final_text(game)
        elif hand.over:
            text = result_text(hand) + "\n" + score_text(game) + "\nPress next hand."
        else:
            text = f"Your turn. {prompt_text(hand)}"
        self._shown = text
        body = html.escape(text)
        if "\n" in text:
            body = f"<pre style='margin:0'>{body}</pre>"
        red = self._message  # a refusal or a problem
        self.message_html.value = f"<span style='color:#c0392b'>{body}</span>" if red else body
