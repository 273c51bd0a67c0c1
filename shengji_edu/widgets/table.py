"""The play table: one notebook cell in which a student plays Shengji by clicking.

``PlayTable(seed=7)`` as the last line of a cell shows the student's hand as one toggle
button per physical card, the running trick, the trump, both teams' levels and points, a
log of the hand and, at the end, the revealed kitty and the settlement. The student's
partner and both opponents are computer players; they move by themselves until it is the
student's turn.

Design decisions, so a reader knows why the code looks the way it does:

* **The engine decides, the widget forwards.** Every button calls one engine action
  (:class:`~shengji_edu.game.round.Round` or :class:`~shengji_edu.game.table.Table`). The
  engine checks an action completely before changing anything, so when it raises an
  :class:`~shengji_edu.game.errors.IllegalAction` the widget shows the engine's reason and
  leaves everything as it was, the student's selection included. The widget never decides
  what is legal itself; even "is it my turn?" is the engine's answer.
* **A click handler never raises.** ipywidgets only logs an exception from a callback, which
  a student never sees, and a half-run handler could leave the display out of step with the
  game. Every handler is wrapped by :func:`_action`: refusals become a message, anything
  unexpected becomes a message too, and the table is redrawn from the engine's state.
  A click that arrives while another handler is still running (a double click during the
  computer players' moves) is answered without touching the game.
* **Plain ipywidgets only** (``ToggleButton``, ``Button``, ``HTML``, ``Checkbox`` and
  boxes), no custom JavaScript: the table works in JupyterLab, Notebook 7, VS Code and
  Colab, and with no build step.
* **Everything a test must read is a widget value** (``HTML.value``,
  ``ToggleButton.value`` / ``.description``), never an ``Output`` widget, whose content
  only the browser fills in. Stable CSS classes (``shengji-hand``, ``shengji-card``,
  ``shengji-trick``, ``shengji-message``, …) let a browser test find the parts, and the
  top box carries one ``shengji-state-*`` class saying what the table waits for.
* **Toggles are reused**, not rebuilt: a pool of at most 33 card toggles is relabelled
  after every action, so a long hand does not pile up hundreds of dead widgets.
* **Determinism.** The hint's "what would Greedy play" runs on a what-if copy of the hand
  with its own random generator, so asking for hints never changes the game: the same seed
  still gives the same hand.
"""

from __future__ import annotations

import contextlib
import functools
import html
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any

import ipywidgets as widgets

from ..cards import Card, format_cards, parse_cards, rank_text
from ..follow import iter_legal_follows
from ..game import (
    AUCTION,
    DEALING,
    FINISHED,
    KITTY,
    PLAYING,
    IllegalAction,
    Match,
    Round,
    Table,
    team_of,
)
from ..game import events as ev
from ..players import GreedyPlayer, PlayerView, make_player
from ..players.greedy import bury_low_cards
from ..render.pictures import COLOR_SCHEMES, TRUMP_FACE, suit_color
from ..render.text import SEAT_NAMES
from ..rules import RuleSet
from ..scoring import trick_points
from ..tricks import trick_winner
from ..trump import EFFECTIVE_SUITS, TRUMP, Trump, suit_label
from ..units import decompose

DEALT_CARDS = 100
"""Cards dealt to the players; the last 8 of the deck are the kitty."""

MAX_HAND = 33
"""The most cards a hand holds: the dealer's 25 plus the 8 kitty cards before burying."""

HINT_LIMIT = 12
"""Legal plays listed by the hint (there can be ~10^6; the first few teach enough)."""

MESSAGE_LINES = 8
"""What happened since the last click, at most this many lines (a whole deal declares a lot)."""

ERROR_COLOR = "#B00020"

_TOGGLE_STYLE = widgets.ToggleButton.class_traits()["style"].klass
_HTML_STYLE = widgets.HTML.class_traits()["style"].klass
_INKED_TOGGLES = "text_color" in _TOGGLE_STYLE.class_trait_names()
"""ipywidgets 8 can colour a toggle's text; with 7 (Colab's default) the cards stay black and
only the HTML panes show suit colours."""

_STATE_CLASSES = {
    "deal": "shengji-state-deal",
    "auction": "shengji-state-auction",
    "bury": "shengji-state-bury",
    "play": "shengji-state-play",
    "wait": "shengji-state-wait",
    "over": "shengji-state-over",
}


def _action(method: Callable[..., bool]) -> Callable[..., None]:
    """Wrap a click handler so that it never raises and never runs inside another handler.

    The wrapped method returns True when the game may have changed (then the whole table is
    redrawn) and False when only the message or the hint changed. An ``IllegalAction``
    means the engine refused and changed nothing: only the message is redrawn, so the
    student's selection stays for a second try.
    """

    @functools.wraps(method)
    def handler(self: PlayTable, *args: Any) -> None:
        if self._busy:
            self._refuse_while_busy(method.__name__)
            return
        self._busy = True
        changed = False
        try:
            changed = method(self, *args)
        except IllegalAction as exc:
            self._say(str(exc), error=True)
        except Exception as exc:  # noqa: BLE001 - a callback must never raise (see module doc)
            self._say(f"{type(exc).__name__}: {exc}", problem=True)
            changed = True
        finally:
            self._busy = False
        self._safe_render(full=changed)

    return handler


class PlayTable:
    """An interactive Shengji table: the student at seat ``you`` against computer players.

    ``seed`` fixes the whole match (``None``: a random seed, shown in the status line so
    the game can be replayed). ``computer`` names the kind of the three computer players
    (``"greedy"``, ``"random"`` or ``"montecarlo"``), ``colors`` the suit colours
    (``"classic"`` or the colour-blind-safe ``"four"``), ``rules`` the rule variants.

    Show it by making it the last expression of a cell; ``.widget`` is the top-level box.
    The buttons, HTML panes and card toggles are attributes, so code (and tests) can click
    and read exactly what a person would.
    """

    def __init__(
        self,
        seed: int | None = None,
        computer: str = "greedy",
        colors: str = "classic",
        rules: RuleSet = RuleSet(),
        you: int = 0,
    ) -> None:
        if you not in (0, 1, 2, 3):
            raise ValueError(f"you must be a seat 0-3, not {you!r}")
        if colors not in COLOR_SCHEMES:
            raise ValueError(f"unknown colors {colors!r}: choose one of {', '.join(COLOR_SCHEMES)}")
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        self.seed: int = random.randrange(1_000_000) if seed is None else seed
        self.computer = computer
        self.colors = colors
        self.rules = rules
        self.you = you
        self.partner = (you + 2) % 4
        self.players = [None if s == you else make_player(computer) for s in range(4)]
        self.match = Match(self.seed, rules)
        self.decision_seconds: list[float] = []
        """CPU seconds of each computer decision of the current hand (Table.step calls).
        Process time, not wall time, so the figure does not depend on what else the
        machine is running (a test asserts the limits: Greedy 0.3 s, Monte Carlo 1 s)."""

        self._busy = False
        self._drawing = False
        self._step = 0
        self._message = ""
        self._message_error = False
        self._declaration_key: tuple[str, ...] | None = None
        self._build_widgets()
        self._start_round(self.match.new_round())
        self._safe_render(full=True)

    # --- building -------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        # Widgets share their Layout and Style objects where they look alike: every model is
        # a message to the browser and an entry in a saved notebook's widget state, and a
        # table has dozens of buttons. Shared objects are replaced, never mutated.
        plain = widgets.Layout()
        html_style = _HTML_STYLE()
        button_style = widgets.ButtonStyle()
        self._button_style = button_style
        self._plain_layout = plain
        self._button_layout = widgets.Layout(width="auto", min_width="5.5em")
        self._card_layout = widgets.Layout(width="3.6em", padding="0px", margin="1px")
        self._card_styles: dict[tuple[str, str, str], Any] = {}

        def html_pane(css: str, **layout: str) -> widgets.HTML:
            pane = widgets.HTML(
                layout=widgets.Layout(**layout) if layout else plain, style=html_style
            )
            pane.add_class(css)
            return pane

        def button(text: str, css: str, tip: str, kind: str = "", hides: bool = False):
            # a button that is hidden and shown needs a layout of its own
            layout = (
                widgets.Layout(width="auto", min_width="5.5em") if hides else self._button_layout
            )
            b = widgets.Button(
                description=text, tooltip=tip, button_style=kind, layout=layout, style=button_style
            )
            b.add_class(css)
            return b

        self.status_html = html_pane("shengji-status")
        self.message_html = html_pane("shengji-message", min_height="2.5em")
        self.trick_html = html_pane("shengji-trick", width="50%")
        self.log_html = html_pane("shengji-log", width="50%", max_height="260px", overflow="auto")
        self.result_html = html_pane("shengji-result")
        self.selection_html = html_pane("shengji-selection")
        self.hint_html = html_pane("shengji-hint")

        self._pool: list[widgets.ToggleButton] = []
        self._shown: list[Card] = []
        self._rows = {}
        label_layout = widgets.Layout(width="7.5em")
        row_layout = widgets.Layout(flex_flow="row wrap")
        for suit in EFFECTIVE_SUITS:
            label = widgets.HTML(layout=label_layout, style=html_style)
            row = widgets.HBox(layout=row_layout)
            row.add_class("shengji-suit-row")
            self._rows[suit] = (label, row)
        self.hand_box = widgets.VBox(layout=plain)
        self.hand_box.add_class("shengji-hand")

        self.deal_next_button = button(
            "deal next", "shengji-deal-next", "Deal one card; after the last one, fix the trump"
        )
        self.deal_all_button = button(
            "deal all",
            "shengji-deal-all",
            "Deal on; stops when you get something new to declare",
        )
        self.declare_box = widgets.HBox(layout=plain)
        self.declare_box.add_class("shengji-declarations")
        self.pass_button = button("pass", "shengji-pass", "Pass in the auction", hides=True)
        self.bury_button = button(
            "bury",
            "shengji-bury",
            "Bury the 8 selected cards as the new kitty",
            "warning",
            hides=True,
        )
        self.play_button = button("play", "shengji-play", "Play the selected cards", "primary")
        self.hint_button = button("hint", "shengji-hint-button", "Show legal plays", "info")
        self.next_hand_button = button(
            "next hand", "shengji-next-hand", "Deal the next hand of the match", "success"
        )
        self.colors_checkbox = widgets.Checkbox(
            value=self.colors == "four",
            description="four colours (colour-blind safe)",
            indent=False,
            layout=plain,
        )
        self.colors_checkbox.add_class("shengji-colors")

        self.deal_next_button.on_click(lambda _b: self._on_deal_next())
        self.deal_all_button.on_click(lambda _b: self._on_deal_all())
        self.pass_button.on_click(lambda _b: self._on_pass())
        self.bury_button.on_click(lambda _b: self._on_bury())
        self.play_button.on_click(lambda _b: self._on_play())
        self.hint_button.on_click(lambda _b: self._on_hint())
        self.next_hand_button.on_click(lambda _b: self._on_next_hand())
        self.colors_checkbox.observe(self._on_colors, names="value")

        controls = widgets.HBox(
            [
                self.deal_next_button,
                self.deal_all_button,
                self.declare_box,
                self.pass_button,
                self.bury_button,
                self.play_button,
                self.hint_button,
                self.next_hand_button,
            ],
            layout=row_layout,
        )
        controls.add_class("shengji-controls")
        self.widget = widgets.VBox(
            [
                self.status_html,
                self.message_html,
                widgets.HBox([self.trick_html, self.log_html], layout=plain),
                self.result_html,
                self.hand_box,
                self.selection_html,
                controls,
                self.hint_html,
                self.colors_checkbox,
            ],
            layout=plain,
        )
        self.widget.add_class("shengji-table")
        self._state_class = ""

    def _toggle(self, index: int) -> widgets.ToggleButton:
        while len(self._pool) <= index:
            toggle = widgets.ToggleButton(
                layout=self._card_layout, style=self._card_style("#000000", "normal", "normal")
            )
            toggle.add_class("shengji-card")
            toggle.observe(self._on_selection, names="value")
            self._pool.append(toggle)
        return self._pool[index]

    def _card_style(self, color: str, weight: str, style: str) -> Any:
        """A shared toggle style per look (ink, weight, italics); never mutated."""
        key = (color, weight, style)
        if key not in self._card_styles:
            looks = {"text_color": color, "font_weight": weight, "font_style": style}
            self._card_styles[key] = _TOGGLE_STYLE(**(looks if _INKED_TOGGLES else {}))
        return self._card_styles[key]

    # --- public read-only helpers -----------------------------------------------------------
    @property
    def round(self) -> Round:
        """The hand being played (the engine's state machine)."""
        return self._round

    @property
    def game_table(self) -> Table:
        """The engine's table that asks the computer players for their decisions."""
        return self._table

    @property
    def hand_toggles(self) -> list[widgets.ToggleButton]:
        """The card toggles on show, in display order (one per physical card)."""
        return self._pool[: len(self._shown)]

    def card_of(self, toggle: widgets.ToggleButton) -> Card:
        """The card a toggle currently stands for."""
        for shown, card in zip(self.hand_toggles, self._shown, strict=True):
            if shown is toggle:
                return card
        raise ValueError("that toggle is not showing a card of the hand")

    @property
    def selected_cards(self) -> list[Card]:
        """The cards whose toggles are pressed, in display order."""
        return [
            card
            for toggle, card in zip(self.hand_toggles, self._shown, strict=True)
            if toggle.value
        ]

    @property
    def declare_buttons(self) -> list[widgets.Button]:
        """One button per declaration the student may make now."""
        return list(self.declare_box.children)

    @property
    def message(self) -> str:
        """The message line as plain text (the engine's reason after a refused action)."""
        return self._message

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """Show the table: the widget view, with a short, stable plain-text fallback."""
        show = getattr(self.widget, "_repr_mimebundle_", None)
        bundle = show(**kwargs) if show is not None else None
        if bundle is None:  # ipywidgets 7 displays through _ipython_display_ instead
            view = {"version_major": 2, "version_minor": 0, "model_id": self.widget.model_id}
            bundle = {"application/vnd.jupyter.widget-view+json": view}
        bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        return (
            f"PlayTable(seed={self.seed}, computer={self.computer!r}, colors={self.colors!r}, "
            f"you={self.you})"
        )

    # --- the flow of a hand -------------------------------------------------------------------
    def _start_round(self, round_: Round) -> None:
        self._round = round_
        self._table = Table(round_, self.players)
        self._scored = False
        self._offered: set[str] = set()
        self._events_seen = 0
        self.decision_seconds = []
        self.hint_html.value = ""
        self._say(
            f"Hand {len(self.match.rounds)}: press deal next or deal all to deal the cards. "
            "Declare trump with the buttons that appear when you get level cards or jokers."
        )

    def _advance(self) -> None:
        """Let the computer players move until the student must act or the hand is over."""
        rnd = self._round
        while rnd.phase != DEALING:  # the student paces the deal with the deal buttons
            start = time.process_time()
            if not self._table.step():
                break
            self.decision_seconds.append(time.process_time() - start)
        if rnd.phase == FINISHED and not self._scored:
            self._scored = True
            self.match.hand_finished(rnd)

    def _new_declaration_options(self) -> bool:
        """True if the student may now declare something not offered before."""
        options = {format_cards(o) for o in self._round.legal_declarations(self.you)}
        new = options - self._offered
        self._offered |= options
        return bool(new)

    def _finish_deal(self) -> None:
        self._table.finish_deal()
        self._advance()

    # --- click handlers (each wrapped: never raises) ---------------------------------------
    @_action
    def _on_deal_next(self) -> bool:
        rnd = self._round
        if rnd.phase == DEALING and rnd.dealt >= DEALT_CARDS:
            self._finish_deal()
        else:
            self._table.deal_one()  # outside the deal, the engine refuses with its reason
            self._new_declaration_options()
        self._report()
        return True

    @_action
    def _on_deal_all(self) -> bool:
        rnd = self._round
        if rnd.phase != DEALING:
            self._table.deal_one()  # raises the engine's reason (the deal is over)
        while rnd.dealt < DEALT_CARDS:
            self._table.deal_one()
            if self._new_declaration_options():
                self._report("You can declare now (buttons below), or press deal all to deal on.")
                return True
        if self._new_declaration_options():
            self._report(
                "All cards are dealt. Declare now if you like, or press deal all again to "
                "fix the trump."
            )
            return True
        self._finish_deal()
        self._report()
        return True

    @_action
    def _on_declare(self, cards: list[Card]) -> bool:
        rnd = self._round
        rnd.declare(self.you, cards)
        if rnd.phase == AUCTION:
            self._advance()
        self._report()
        return True

    @_action
    def _on_pass(self) -> bool:
        self._round.pass_bid(self.you)
        self._advance()
        self._report()
        return True

    @_action
    def _on_bury(self) -> bool:
        cards = self.selected_cards
        self._round.bury(self.you, cards)
        self._advance()
        self._report(f"You buried {format_cards(cards, pretty=True)}.")
        return True

    @_action
    def _on_play(self) -> bool:
        cards = self.selected_cards
        played = self._round.play(self.you, cards)
        self._advance()
        self._report(f"You played {format_cards(played, pretty=True)}.")
        return True

    @_action
    def _on_hint(self) -> bool:
        self.hint_html.value = self._hint_html()
        return False

    @_action
    def _on_next_hand(self) -> bool:
        try:
            round_ = self.match.new_round()
        except ValueError as exc:  # the match refuses: hand not finished, or match over
            raise IllegalAction(str(exc)) from None
        self._start_round(round_)
        return True

    def _on_colors(self, change: dict[str, Any]) -> None:
        self.colors = "four" if change.get("new") else "classic"
        self._safe_render(full=True, keep_selection=True)

    def _on_selection(self, _change: dict[str, Any]) -> None:
        if not self._drawing:
            with contextlib.suppress(Exception):  # a callback must never raise
                self.selection_html.value = self._selection_html()

    def _refuse_while_busy(self, name: str) -> None:
        """A click during another handler: ask the engine (read-only) why, change nothing."""
        try:
            if name == "_on_play":
                self._round.check_play(self.you, self.selected_cards)
            elif name == "_on_bury":
                self._round.check_bury(self.you, self.selected_cards)
            self._say("wait a moment: the computer players are still moving", error=True)
        except IllegalAction as exc:
            self._say(str(exc), error=True)
        except Exception as exc:  # noqa: BLE001
            self._say(f"{type(exc).__name__}: {exc}", problem=True)
        self._safe_render(full=False)

    # --- messages -------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False, problem: bool = False) -> None:
        """Set the message: ``error`` is a refused click, ``problem`` a bug we report."""
        if problem:
            self._message = "Something went wrong (please report it): " + text
        else:
            self._message = ("Not allowed: " + text) if error else text
        self._message_error = error or problem

    def _report(self, first: str = "") -> None:
        """Set the message: the student's action, then what happened since the last click."""
        rnd = self._round
        lines = [first] if first else []
        events = rnd.events
        for event in events[self._events_seen :]:
            line = self._event_text(event)
            if line:
                lines.append(line)
        self._events_seen = len(events)
        if len(lines) > MESSAGE_LINES:
            lines = lines[: MESSAGE_LINES - 1] + ["… (see the log)"]
        self._say(" ".join(lines) if lines else "")

    def _event_text(self, event: ev.Event) -> str:
        seat = self._seat(event.seat) if event.seat is not None else ""
        data = event.data
        if event.kind == ev.DECLARE:
            verb = "reinforces with" if data.get("reinforce") else "declares"
            return f"{seat} {verb} {_pretty(data['cards'])}."
        if event.kind == ev.PASS:
            return f"{seat} passes."
        if event.kind == ev.TRUMP_FIXED:
            trump = suit_label(data["suit"]) if data["suit"] else "no trump suit"
            flip = data.get("kitty_flip")
            how = (
                f" (nobody declared: the kitty card {_pretty(flip)} was turned up)" if flip else ""
            )
            return f"Trump: {trump} at level {rank_text(data['level'])}; {seat} deals{how}."
        if event.kind == ev.KITTY_TAKEN:
            if event.seat == self.you:
                return "You take the 8 kitty cards (in italics): select 8 cards and press bury."
            return f"{seat} takes the kitty."
        if event.kind == ev.BURY:
            return f"{seat} buries 8 cards." if event.seat != self.you else ""
        if event.kind == ev.THROW_FAILED:
            return (
                f"{seat} tried to throw {_pretty(data['attempted'])}, but "
                f"{_pretty(data['beaten_by'])} beats it: {_pretty(data['forced'])} is led instead."
            )
        if event.kind == ev.TRICK:
            return f"Trick {data['number']}: {seat} wins {data['points']} points."
        if event.kind == ev.SETTLE:
            return "The hand is over: see the result below, then press next hand."
        return ""

    # --- drawing ----------------------------------------------------------------------------
    def _safe_render(self, full: bool, keep_selection: bool = False) -> None:
        """Redraw (everything, or just the message); a drawing bug becomes a message.

        The message is drawn last and carries the number of this redraw (``data-step``), so
        its value changes every time: a front end (or a browser test) that sees the new
        step has received every update of this redraw before it.
        """
        self._step += 1
        try:
            if full:
                self._render(keep_selection)
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self._say(f"could not draw the table: {type(exc).__name__}: {exc}", problem=True)
        try:
            self.message_html.value = self._message_html()
        except Exception:  # noqa: BLE001
            self.message_html.value = f"<div data-step='{self._step}'>could not draw</div>"

    def _render(self, keep_selection: bool = False) -> None:
        # The state class first: a front end that sees the status change has the new state.
        self._render_state_class()
        self.status_html.value = self._status_html()
        self.trick_html.value = self._trick_html()
        self.log_html.value = self._log_html()
        self.result_html.value = self._result_html()
        if not keep_selection:
            self.hint_html.value = ""  # a hint is about the position it was asked in
        self._render_hand(keep_selection)
        self.selection_html.value = self._selection_html()
        self._render_buttons()

    def _render_hand(self, keep_selection: bool) -> None:
        rnd = self._round
        cards = rnd.hand(self.you)
        trump = self._display_trump()
        from_kitty = Counter(rnd.kitty) if self._must_bury() else Counter()
        selected = Counter(self.selected_cards) if keep_selection else Counter()
        groups = trump.by_suit(cards)
        shown: list[Card] = []
        rows = []
        self._drawing = True
        try:
            for suit in EFFECTIVE_SUITS:
                group = groups[suit]
                if not group:
                    continue
                label, row = self._rows[suit]
                name = "trumps" if suit == TRUMP else suit_label(suit)
                label.value = f"<b>{name}</b> ({len(group)})"
                toggles = []
                for card in group:
                    toggle = self._toggle(len(shown))
                    shown.append(card)
                    toggle.description = card.pretty
                    kitty = from_kitty[card] > 0
                    if kitty:
                        from_kitty[card] -= 1
                    toggle.style = self._card_style(
                        suit_color(card, self.colors),
                        "bold" if trump.is_trump(card) else "normal",
                        "italic" if kitty else "normal",
                    )
                    toggle.tooltip = f"{card.pretty}{' (from the kitty)' if kitty else ''}"
                    toggle.value = selected[card] > 0
                    if selected[card] > 0:
                        selected[card] -= 1
                    toggles.append(toggle)
                row.children = [label, *toggles]
                rows.append(row)
            for toggle in self._pool[len(shown) :]:
                toggle.value = False
        finally:
            self._drawing = False
        self._shown = shown
        self.hand_box.children = rows

    def _render_buttons(self) -> None:
        rnd = self._round
        phase = rnd.phase
        dealing = phase == DEALING
        self.deal_next_button.disabled = not dealing
        self.deal_all_button.disabled = not dealing
        self.deal_next_button.description = (
            "fix trump" if dealing and rnd.dealt >= DEALT_CARDS else "deal next"
        )
        options = rnd.legal_declarations(self.you)
        key = tuple(format_cards(o) for o in options)
        if key != self._declaration_key:
            self._declaration_key = key
            for old in self.declare_box.children:
                old.close()
            buttons = []
            for cards in options:
                b = widgets.Button(
                    description=f"declare {format_cards(cards, pretty=True)}",
                    tooltip="Show these cards to name the trump",
                    layout=self._button_layout,
                    style=self._button_style,
                )
                b.add_class("shengji-declare")
                b.on_click(lambda _b, cards=cards: self._on_declare(cards))
                buttons.append(b)
            self.declare_box.children = buttons
        your_turn = rnd.turn == self.you
        self.pass_button.layout.display = "" if phase == AUCTION and your_turn else "none"
        self.bury_button.layout.display = "" if self._must_bury() else "none"
        self.play_button.disabled = not (phase == PLAYING and your_turn)
        self.next_hand_button.disabled = not (phase == FINISHED and not self.match.over)

    def _render_state_class(self) -> None:
        state = self._state()
        css = _STATE_CLASSES[state]
        if css != self._state_class:
            if self._state_class:
                self.widget.remove_class(self._state_class)
            self.widget.add_class(css)
            self._state_class = css

    def _state(self) -> str:
        """What the table waits for: deal, auction, bury, play, over (wait: a computer)."""
        rnd = self._round
        if rnd.phase == DEALING:
            return "deal"
        if rnd.phase == FINISHED:
            return "over"
        if rnd.turn != self.you:
            return "wait"
        return {AUCTION: "auction", KITTY: "bury", PLAYING: "play"}[rnd.phase]

    def _must_bury(self) -> bool:
        return self._round.phase == KITTY and self._round.dealer == self.you

    def _display_trump(self) -> Trump:
        """The trump, or while declaring the trump the standing declaration would give."""
        rnd = self._round
        if rnd.trump is not None:
            return rnd.trump
        standing = rnd.standing_declaration
        return Trump(rnd.level_rank, standing.suit if standing else None)

    def _seat(self, seat: int) -> str:
        name = SEAT_NAMES[seat]
        if seat == self.you:
            return f"{name} (you)"
        if seat == self.partner:
            return f"{name} (partner)"
        return name

    def _cards_html(self, cards: Sequence[Card]) -> str:
        trump = self._round.trump
        spans = []
        for card in cards:
            style = f"color:{suit_color(card, self.colors)};font-weight:bold"
            if trump is not None and trump.is_trump(card):
                style += f";background:{TRUMP_FACE}"
            spans.append(f'<span style="{style}">{html.escape(card.pretty)}</span>')
        return " ".join(spans)

    def _team_name(self, team: int) -> str:
        seats = f"{SEAT_NAMES[team]} & {SEAT_NAMES[team + 2]}"
        return f"your team ({seats})" if team == team_of(self.you) else f"opponents ({seats})"

    def _status_html(self) -> str:
        rnd = self._round
        level = rank_text(rnd.level_rank)
        trump = rnd.trump
        standing = rnd.standing_declaration
        if trump is not None:
            suit = suit_label(trump.suit) if trump.suit else "no trump suit"
            trump_text = f"trump <b>{suit}</b>"
        elif standing is not None:
            suit = suit_label(standing.suit) if standing.suit else "no trump suit"
            trump_text = f"trump not fixed yet (standing: {suit}, {self._seat(standing.seat)})"
        else:
            trump_text = "trump not declared yet"
        dealer = self._seat(rnd.dealer) if rnd.dealer is not None else "the first declarer"
        captured = [0, 0]
        for trick in rnd.tricks:
            captured[team_of(trick.winner)] += trick.points
        rows = []
        for team in (0, 1):
            if rnd.dealer is None:
                role, points = "", f"{captured[team]}"
            elif rnd.is_dealer_team(team):
                role, points = "dealers", f"{captured[team]} (dealers' points do not count)"
            else:
                role, points = "defenders", f"<b>{rnd.defender_points}</b> (80 take the deal)"
            rows.append(
                f"<tr><td>{self._team_name(team)}</td><td>level {rank_text(rnd.levels[team])}"
                f"</td><td>{role}</td><td>points: {points}</td></tr>"
            )
        head = (
            f"<b>Hand {len(self.match.rounds)}</b> · seed {self.seed} · you are "
            f"{SEAT_NAMES[self.you]} (seat {self.you}), partner {SEAT_NAMES[self.partner]}; "
            f"the others are {html.escape(self.computer)} players"
        )
        game = f"level <b>{level}</b> · {trump_text} · dealer: {dealer}"
        return (
            f"<div>{head}</div><div>{game}</div><table>{''.join(rows)}</table>"
            f"<div class='shengji-next'><b>{html.escape(self._next_step())}</b></div>"
        )

    def _next_step(self) -> str:
        rnd = self._round
        phase = rnd.phase
        if phase == DEALING:
            if rnd.dealt >= DEALT_CARDS:
                return "All 100 cards are dealt: declare now if you like, then fix the trump."
            return f"Dealing: {rnd.dealt} of {DEALT_CARDS} cards dealt."
        if phase == FINISHED:
            if self.match.over:
                return "The hand is over, and so is the match."
            return "The hand is over: press next hand to continue the match."
        if rnd.turn != self.you:
            return f"Waiting for {self._seat(rnd.turn)}."
        if phase == AUCTION:
            return "Your bid: declare or pass."
        if phase == KITTY:
            return "You are the dealer: select 8 cards and press bury."
        lead = rnd.lead
        if lead is None:
            return "Your turn: lead (select cards of one suit and press play)."
        leader = self._seat(rnd.current_trick[0][0])
        return f"Your turn: follow {leader}'s lead of {len(lead)} card(s)."

    def _play_lines(
        self, plays: Sequence[tuple[int, Sequence[Card]]], winner: int | None, waiting: int | None
    ) -> list[str]:
        lines = []
        trump = self._round.trump
        for seat, cards in plays:
            cards = trump.sort(cards) if trump is not None else cards
            mark = " ← winning" if seat == winner else ""
            lines.append(f"<div>{self._seat(seat)}: {self._cards_html(cards)}{mark}</div>")
        if waiting is not None:
            who = "your turn" if waiting == self.you else "to play"
            lines.append(f"<div>{self._seat(waiting)}: <i>{who}</i></div>")
        return lines

    def _trick_html(self) -> str:
        rnd = self._round
        trump = rnd.trump
        parts = []
        if rnd.phase == PLAYING and trump is not None:
            plays = rnd.current_trick
            number = len(rnd.tricks) + 1
            if plays:
                best = trick_winner([cards for _, cards in plays], trump)
                winner = plays[best][0]
                points = trick_points(c for _, cards in plays for c in cards)
                parts.append(f"<div><b>Trick {number}</b> · {points} points on the table</div>")
            else:
                winner = None
                parts.append(f"<div><b>Trick {number}</b></div>")
            parts += self._play_lines(plays, winner, rnd.turn)
        elif rnd.phase != FINISHED:
            parts.append("<div><b>No trick yet</b>: the deal and the kitty come first.</div>")
        if rnd.tricks:
            last = rnd.tricks[-1]
            parts.append(
                f"<div style='margin-top:0.5em'><b>Last trick ({len(rnd.tricks)})</b> · "
                f"{self._seat(last.winner)} won {last.points} points</div>"
            )
            parts += self._play_lines(last.plays, last.winner, None)
        return "".join(parts)

    def _log_html(self) -> str:
        rnd = self._round
        lines = []
        for event in rnd.events:
            if event.kind == ev.TRICK:
                number = event.data["number"]
                trick = rnd.tricks[number - 1]
                plays = " · ".join(
                    f"{SEAT_NAMES[s]} {self._cards_html(c)}{' ★' if s == trick.winner else ''}"
                    for s, c in trick.plays
                )
                gain = f", {trick.points} pts" if trick.points else ""
                lines.append(f"{number}. {plays}{gain}")
            elif event.kind not in (ev.DEAL, ev.PLAY, ev.KITTY_TAKEN):
                text = self._event_text(event)
                if text:
                    lines.append(html.escape(text))
        if not lines:
            return "<b>Log</b><div><i>nothing yet</i></div>"
        items = "".join(f"<div>{line}</div>" for line in reversed(lines))
        return f"<b>Log</b> (newest first)<div>{items}</div>"

    def _result_html(self) -> str:
        rnd = self._round
        result = rnd.result
        if rnd.phase != FINISHED or result is None:
            return ""
        s = result.settlement
        dealer_team = team_of(result.dealer)
        last = rnd.tricks[-1]
        raw = trick_points(rnd.kitty)
        if result.kitty_points:
            kitty = (
                f"the defenders won the last trick: {raw} × {result.kitty_multiplier} = "
                f"{result.kitty_points} points"
            )
        else:
            kitty = (
                f"{self._seat(last.winner)} (dealers) won the last trick: the kitty's {raw} "
                f"points (× {result.kitty_multiplier}) do not count"
            )
        total = f"tricks {result.trick_points} + kitty {result.kitty_points}"
        if result.penalty:
            total += f" + throw penalties {result.penalty:+}"
        if s.defenders_take_deal:
            outcome = (
                f"the defenders, {self._team_name(1 - dealer_team)}, take the deal and go up "
                f"{s.defender_levels} level(s)"
            )
        else:
            outcome = (
                f"the dealers, {self._team_name(dealer_team)}, keep the deal and go up "
                f"{s.dealer_levels} level(s)"
            )
        levels = ", ".join(
            f"{self._team_name(t)} {rank_text(result.levels_before[t])} → "
            f"{rank_text(result.levels_after[t])}"
            for t in (0, 1)
        )
        lines = [
            "<b>The hand is over</b>",
            f"Kitty buried by {self._seat(result.dealer)}: {self._cards_html(rnd.kitty)}",
            f"Multiplier ×{result.kitty_multiplier}: {kitty}",
            f"Defenders' points: {total} = <b>{result.defender_points}</b>",
            f"Result: {outcome}",
            f"Levels: {levels}",
        ]
        if result.match_won:
            lines.append(f"<b>{self._team_name(dealer_team)} win the match!</b>")
        else:
            lines.append(f"Next dealer: {self._seat(result.next_dealer)}")
        return "".join(f"<div>{line}</div>" for line in lines)

    def _selection_html(self) -> str:
        cards = self.selected_cards
        if not cards:
            return "<i>Selected: nothing (click cards to select them)</i>"
        return f"Selected ({len(cards)}): {self._cards_html(cards)}"

    def _message_html(self) -> str:
        text = html.escape(self._message)
        if self._message_error:
            return (
                f"<div class='shengji-error' data-step='{self._step}' "
                f"style='color:{ERROR_COLOR}'>⚠ {text}</div>"
            )
        return f"<div class='shengji-info' data-step='{self._step}'>{text}</div>"

    # --- the hint ---------------------------------------------------------------------------
    def _hint_html(self) -> str:
        rnd = self._round
        phase = rnd.phase
        you = self.you
        if phase == FINISHED:
            return "<b>Hint</b>: the hand is over; press next hand."
        if phase in (DEALING, AUCTION):
            options = rnd.legal_declarations(you)
            if not options:
                return (
                    f"<b>Hint</b>: nothing to declare now. A declaration shows a level card "
                    f"({rank_text(rnd.level_rank)}), a pair of them, or a pair of jokers, "
                    "and must beat the standing one."
                )
            return "<b>Hint</b>: you may declare" + self._list_html(options)
        if rnd.turn != you:
            return f"<b>Hint</b>: wait for {self._seat(rnd.turn)}."
        if phase == KITTY:
            suggestion = bury_low_cards(PlayerView(rnd, you))
            return (
                "<b>Hint</b>: bury 8 cards. Point cards in the kitty score for the defenders "
                "(multiplied) if they win the last trick; short side suits make voids. "
                f"Greedy would bury: {self._cards_html(suggestion)}"
            )
        trump = rnd.trump
        assert trump is not None
        hand = rnd.hand(you)
        greedy = self._greedy_suggestion()
        suggestion = (
            f"<div class='shengji-suggestion'>Greedy would play: {self._cards_html(greedy)}</div>"
            if greedy
            else ""
        )
        if rnd.lead is None:
            units = [u.cards for u in decompose(hand, trump)]
            return (
                "<b>Hint</b>: you lead. Any single card, pair or tractor of one suit is a "
                "legal lead; a throw of several units stands only if nobody can beat one "
                f"of them. Your units:{self._list_html(units)}{suggestion}"
            )
        plays = list(islice(iter_legal_follows(hand, rnd.lead, trump), HINT_LIMIT + 1))
        more = " (and more)" if len(plays) > HINT_LIMIT else ""
        return f"<b>Hint</b>: legal plays{more}:{self._list_html(plays[:HINT_LIMIT])}{suggestion}"

    def _list_html(self, plays: Sequence[Sequence[Card]]) -> str:
        items = "".join(f"<li>{self._cards_html(p)}</li>" for p in plays[:HINT_LIMIT])
        return f"<ol class='shengji-legal'>{items}</ol>"

    def _greedy_suggestion(self) -> list[Card] | None:
        """What Greedy would play here, decided in a what-if copy with its own generator."""
        rnd = self._round
        try:
            copy = rnd.what_if(rnd.hands, rnd.kitty, seed=rnd.seed)
            return GreedyPlayer().play(PlayerView(copy, self.you))
        except Exception:  # noqa: BLE001 - a hint is optional; never let it break the table
            return None


def _pretty(cards: str) -> str:
    """Canonical card text ("S10 HA") in display notation ("♠10 ♥A")."""
    return format_cards(parse_cards(cards), pretty=True)
