"""The play table: one notebook cell (or a web page) in which a person plays Shengji.

``PlayTable(seed=7)`` as the last line of a cell shows a card table: the four seats with the
cards each put into the trick, the trump, level and points, your hand as card faces you click,
the buttons, and tabs with the hint, the log, the settings (seed, computer players, rules,
language, colours) and, once a hand is over, its review. The other three seats are computer
players, who move by themselves until it is your turn. ``lang="zh"`` shows it all in Chinese.

This module's job is the table itself: it holds the game (the match and the hand being
played), draws it after every click and ties the parts together, each its own module:

* :mod:`.layout` builds the widgets once, at fixed sizes, with the stylesheet;
* :mod:`.selection` binds one toggle to each physical card of the hand;
* :mod:`.actions` answers the clicks: its :class:`~.actions.Controls` runs one engine action
  per click, never a misfire, and keeps the flow of the hand (the declaring stops of *deal
  all*, the pause after a trick). It knows the table only through the short public interface
  :class:`~.actions.TableFace` (``round``, ``say``, ``report``, ``redraw``, ...): this module
  imports it, never the other way round;
* :mod:`.buttons` makes the declaring row's buttons and keeps the fixed ones up to date;
* :mod:`.messages` says what happened since the last click, or why a click changed nothing;
* :mod:`.saves` keeps a match across a rerun cell or a reloaded page (what a saved match
  holds is this module's :meth:`PlayTable._saved_state`);
* :mod:`.views` (with :mod:`.pieces`) and :mod:`.hints` turn the engine's state into HTML;
  :mod:`.review` the finished hand's explanations (the review tab);
  :mod:`.settings` builds the settings from :class:`~shengji_edu.rules.RuleSet`'s fields.

The engine decides, the widget forwards: a refused click shows the engine's reason and
changes nothing.

**Running the cell again.** Rerunning ``PlayTable(seed=7)`` while that game is in progress
makes a new table that starts afresh but offers *continue that game*: pressing it moves the
running match into the new table (the old one, if still on screen, says so and stops
answering). A table resumes its own game only: the earlier table must come from the same
cell (JupyterLab and Notebook 7 name the cell being run; elsewhere the cell's source text
stands for it) and have the same arguments that make the game (seed, computer players,
rules, seat, starting level), so a changed colour or language still finds the game but
another cell's table with the same seed never does. Outside a notebook (plain Python) the
arguments alone match.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..cards import Card
from ..game import (
    AUCTION,
    DEALING,
    FINISHED,
    KITTY,
    OVERCALL,
    PLAYING,
    RETURNS,
    Match,
    Round,
    Table,
)
from ..i18n import DEFAULT_LANGUAGE, Translator, check_language, translator
from ..players import make_player
from ..render.pictures import COLOR_SCHEMES
from ..rules import RuleSet
from . import buttons, hints, messages, saves, views
from .actions import Controls
from .layout import STATE_CLASSES, TableWidgets, table_state
from .messages import Say
from .review import ReviewPane
from .selection import HandToggles, box_suits, dress_hand
from .settings import Settings
from .shown import widget_bundle

DEFAULT_TRICK_PAUSE: float | None = None
"""The default of ``PlayTable(trick_pause=...)``: None, a finished trick stays until *go on*."""

_DEFAULT = object()


class PlayTable:
    """An interactive Shengji table: you at seat ``you`` against computer players.

    ``seed`` fixes the whole match (``None``: a random seed, shown in the status bar so the
    game can be replayed). ``computer`` names the kind of the three computer players
    (``"greedy"``, ``"random"`` or ``"montecarlo"``), ``colors`` the suit colours
    (``"classic"`` or the colour-blind-safe ``"four"``), ``rules`` the rule variants and
    ``lang`` the language of every label and message (``"en"`` or ``"zh"``).

    Show it by making it the last expression of a cell; ``.widget`` is the top-level box.
    The buttons, HTML panes and card toggles are attributes, so code (and tests) can click
    and read exactly what a person would. ``.controls`` holds the click handlers
    (:class:`~shengji_edu.widgets.actions.Controls`); the public methods they call (``say``,
    ``report``, ``redraw``, ``sync_hand``, ...) make the table a
    :class:`~shengji_edu.widgets.actions.TableFace`.
    """

    def __init__(
        self,
        seed: int | None = None,
        computer: str = "greedy",
        colors: str = "classic",
        rules: RuleSet = RuleSet(),
        you: int = 0,
        lang: str = DEFAULT_LANGUAGE,
        trick_pause: float | None = _DEFAULT,  # type: ignore[assignment]
        start_level: int | str | None = None,
    ) -> None:
        if you not in (0, 1, 2, 3):
            raise ValueError(f"you must be a seat 0-3, not {you!r}")
        if colors not in COLOR_SCHEMES:
            raise ValueError(f"unknown colors {colors!r}: choose one of {', '.join(COLOR_SCHEMES)}")
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        if trick_pause is _DEFAULT:
            trick_pause = DEFAULT_TRICK_PAUSE
        if trick_pause is not None and (
            isinstance(trick_pause, bool)
            or not isinstance(trick_pause, int | float)
            or trick_pause < 0
        ):
            raise ValueError(f"trick_pause must be seconds (>= 0) or None, not {trick_pause!r}")
        make_player(computer)  # an unknown kind raises ValueError naming the known ones
        self.trick_pause = trick_pause
        """How long a trick a computer player won stays on the table before it leads again:
        None, until you press *go on*; 0, not at all; else that many seconds, or until *go
        on* (the pause needs a running event loop, as in a kernel)."""
        self.lang = check_language(lang)
        self._tr = translator(self.lang)
        self.colors = colors
        self.you = you
        self.controls = Controls(self)
        """The click handlers, and the state of the clicking and of the hand's flow."""

        self._drawing = False
        self._step = 0
        self._message: Say = ""
        self._message_error = False
        self._last_info: Say = ""
        self._kitty_toggles: set[int] = set()
        self._suit_boxes: list[widgets.HBox] = []
        """One box per suit of the hand (a suit wraps to a new line whole), reused."""
        self._moved_to: PlayTable | None = None
        self._save_path: Path | None = None
        self._resumable: PlayTable | None = None

        self.ui = ui = TableWidgets()
        self.widget = ui.widget
        self.status_html = ui.status_html
        self.trick_html = ui.trick_html
        self.message_html = ui.message_html
        self.hint_html = ui.hint_html
        self.log_html = ui.log_html
        self.review_html = ui.review_html
        self.review = ReviewPane(ui.review_html)
        """The review tab: the finished hand explained (:mod:`.review`)."""
        self.hand_box = ui.hand_box
        self.declare_box = ui.declare_box
        self.deal_next_button = ui.deal_next_button
        self.deal_all_button = ui.deal_all_button
        self.pass_button = ui.pass_button
        self.bury_button = ui.bury_button
        self.play_button = ui.play_button
        self.hint_button = ui.hint_button
        self.next_hand_button = ui.next_hand_button
        self.last_trick_toggle = ui.last_trick_toggle
        self.resume_button = ui.resume_button

        self._card_layout = widgets.Layout(width="40px", height="50px", margin="2px", padding="0")
        self.hand = HandToggles(self._make_toggle)
        self.settings = Settings(
            on_new_match=lambda: self.controls.on_new_match(self.settings.new_match_button),
            on_display=self._on_display_change,
        )
        self.colors_checkbox = self.settings.colors_checkbox
        self.language_dropdown = self.settings.language_dropdown
        ui.settings_box.children = self.settings.rows()

        controls = self.controls
        self.declaring_row = buttons.DeclaringRow(
            ui.declare_box,
            self.resume_button,
            controls.on_declare,
            controls.on_overcall,
            controls.on_deal_on,
            controls.on_go_on,
        )
        """The declaring row: the buttons that come and go (:mod:`.buttons`)."""
        self.deal_next_button.on_click(controls.on_deal_next)
        self.deal_all_button.on_click(controls.on_deal_all)
        self.pass_button.on_click(controls.on_pass)
        self.bury_button.on_click(controls.on_bury)
        self.play_button.on_click(controls.on_play)
        self.hint_button.on_click(controls.on_hint)
        self.next_hand_button.on_click(controls.on_next_hand)
        self.resume_button.on_click(controls.on_resume)
        self.last_trick_toggle.observe(self._on_last_trick, names="value")

        self._new_match(seed, computer, rules, start_level)
        self.origin = saves.cell_origin()
        """The notebook cell that made this table (None outside a notebook)."""
        self._key = (self.origin, seed, computer, rules, you, self.start_level)
        previous = saves.previous_table(self._key, self)
        if previous is not None and previous._moved_to is None and previous._in_progress():
            self._resumable = previous
            self.say(self._resume_offer(previous))
        self._relabel()
        self.redraw(full=True)

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
    def partner(self) -> int:
        return (self.you + 2) % 4

    @property
    def ignored_clicks(self) -> int:
        """Clicks on buttons or cards that were no longer what the person saw (ignored)."""
        return self.controls.ignored_clicks

    @property
    def decision_seconds(self) -> list[float]:
        """CPU seconds of each computer decision of the current hand (Table.step calls).
        Process time, not wall time, so the figure does not depend on what else the
        machine is running."""
        return self.controls.decision_seconds

    @property
    def moved(self) -> bool:
        """This table's game moved to a newer table: it answers no more clicks."""
        return self._moved_to is not None

    @property
    def hand_toggles(self) -> list[widgets.ToggleButton]:
        """The card toggles on show, in display order (one per physical card)."""
        return self.hand.toggles

    def card_of(self, toggle: widgets.ToggleButton) -> Card:
        """The card a toggle shows (it shows that card for as long as it is on show)."""
        return self.hand.card_of(toggle)

    @property
    def selected_cards(self) -> list[Card]:
        """The cards whose toggles are pressed, in display order."""
        return self.hand.selected

    @property
    def declare_buttons(self) -> list[widgets.Button]:
        """One button per declaration the student may make now."""
        return [b for b in self.declare_box.children if "shengji-declare" in b._dom_classes]

    @property
    def overcall_buttons(self) -> list[widgets.Button]:
        """In the overcall round after the bury (RULES §11.3): one button per overcall the
        student may make now (the pass button passes)."""
        return [b for b in self.declare_box.children if "shengji-overcall" in b._dom_classes]

    @property
    def go_on_button(self) -> widgets.Button | None:
        """While a finished trick waits to be seen: the button that lets play go on."""
        return self.declaring_row.go_on_button if self.controls.paused else None

    @property
    def deal_on_button(self) -> widgets.Button | None:
        """At a declaring stop of *deal all*: the button that deals on (else None)."""
        return self.declaring_row.deal_on_button if self.controls.stop is not None else None

    @property
    def kitty_toggles(self) -> list[widgets.ToggleButton]:
        """The toggles of the cards that came from the kitty (while the dealer buries)."""
        return [t for t in self.hand.toggles if id(t) in self._kitty_toggles]

    @property
    def message(self) -> str:
        """The message line as plain text (the engine's reason after a refused action)."""
        return self._said(self._message)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """Show the table: the widget view, with a short, stable plain-text fallback."""
        return widget_bundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        return (
            f"PlayTable(seed={self.seed}, computer={self.computer!r}, colors={self.colors!r}, "
            f"you={self.you}, lang={self.lang!r})"
        )

    # --- starting ----------------------------------------------------------------------------
    def _new_match(
        self, seed: int | None, computer: str, rules: RuleSet, start_level: int | str | None = None
    ) -> None:
        self.seed: int = random.randrange(1_000_000) if seed is None else seed
        self.computer = computer
        self.rules = rules
        self.players = [None if s == self.you else make_player(computer) for s in range(4)]
        self.match = Match(self.seed, rules, start_level=start_level)
        self.start_level = self.match.start_level
        self.settings.withdraw_question()
        self.settings._labelled = None  # the settings show the new match's values
        self.start_round(self.match.new_round())
        self._relabel()

    def start_new_match(self, confirmed: bool) -> bool:
        """Start the match the settings describe (True); a hand in progress is first asked
        about, unless ``confirmed`` (False: the question is on show)."""
        seed, computer, rules, level = self.settings.read(self._tr)
        rnd = self._round
        if not confirmed and rnd.dealt > 0 and rnd.phase != FINISHED:
            confirm = self.controls.on_confirm_new_match
            self.settings.ask_to_confirm(self._tr, lambda: confirm(None))
            self.say(lambda tr: tr.say("A hand is in progress: press the red button to end it."))
            return False
        self._new_match(seed, computer, rules, level)
        return True

    def start_round(self, round_: Round) -> None:
        """Play the hand ``round_`` (of this table's match) from its start."""
        self._round = round_
        self._table = Table(round_, self.players)
        self._events_seen = 0
        self.controls.new_hand()
        self._kitty_toggles = set()
        self.hand.new_hand()
        self.hint_html.value = ""
        number = len(self.match.rounds)
        self.say(
            lambda tr: tr.say(
                "Hand {n}: press deal next or deal all to deal the cards. Declare trump with "
                "the buttons that appear when you get level cards or jokers.",
                n=number,
            )
        )

    def _in_progress(self) -> bool:
        """A game worth keeping: cards dealt, or hands played, and the match not over."""
        return not self.match.over and (self._round.dealt > 0 or len(self.match.rounds) > 1)

    def _resume_offer(self, old: PlayTable) -> Say:
        rnd = old._round
        hand = len(old.match.rounds)
        tricks = len(rnd.tricks)
        return lambda tr: tr.say(
            "A game with these settings is still in progress in an earlier table (hand {hand}, "
            "{tricks} tricks played). Press continue that game to go on with it here, or deal "
            "to start afresh.",
            hand=hand,
            tricks=tricks,
        )

    def resume(self) -> bool:
        """Take over the game of the earlier table on offer (False: it is gone or over)."""
        old = self._resumable
        if old is None or old._moved_to is not None or old.match.over:
            self.withdraw_resume()
            return False
        self._take_over(old)
        return True

    def withdraw_resume(self) -> None:
        """No more *continue that game* (the student started afresh here)."""
        self._resumable = None

    def _take_over(self, old: PlayTable) -> None:
        """Move the game in progress from an earlier table into this one."""
        self.seed, self.computer, self.rules = old.seed, old.computer, old.rules
        self.start_level = old.start_level
        self.you, self.players, self.match = old.you, old.players, old.match
        self._round, self._table = old._round, old._table
        self._events_seen = old._events_seen
        self.controls.take_over(old.controls)
        self.hand.new_hand()
        self.sync_hand()
        kitty_cards = [old.hand.card_of(t) for t in old.kitty_toggles]
        self._kitty_toggles = saves.kitty_toggles(self.hand, kitty_cards)
        self._resumable = None
        self.settings._labelled = None
        old._hand_over(self)
        self.say(lambda tr: tr.say("The game goes on here."))
        self._relabel()

    def _hand_over(self, new: PlayTable) -> None:
        """This table's game moved to ``new``: stop answering and say so."""
        self._moved_to = new
        for button in (
            self.deal_next_button,
            self.deal_all_button,
            self.pass_button,
            self.bury_button,
            self.play_button,
            self.next_hand_button,
            self.resume_button,
        ):
            button.disabled = True
        for toggle in self.hand.toggles:
            toggle.disabled = True
        self._set_state_class("moved")
        self.say(lambda tr: tr.say("This game moved to a newer table."))
        self._step += 1
        self.message_html.value = self._message_html()

    # --- saving: a reloaded page resumes its match ------------------------------------------
    def keep_saved(self, path: str | os.PathLike, lang: str | None = None) -> bool:
        """Resume the match saved at ``path`` (if any), and save it there after every click.

        ``shengji table`` uses it so a reload of the page (a new kernel) resumes the match
        where it was. ``lang`` (if given) wins over the saved language. True if a match was
        resumed. A file that cannot be read is ignored (the table starts afresh).
        """
        self._save_path = Path(path)
        try:
            state = saves.read_save(self._save_path)
            if state is not None:
                self._restore(state, lang)
            resumed = state is not None
        except Exception:  # noqa: BLE001 - a bad or old file: start afresh
            resumed = False
        self._save()
        return resumed

    def _save(self) -> None:
        """Write the game to the save file (if it keeps one): :func:`.saves.write_save`."""
        if self._save_path is not None:
            saves.write_save(self._save_path, self._saved_state())

    def _saved_state(self) -> dict[str, Any]:
        """Everything that makes this table's match, as a dict to pickle (read back by
        :meth:`_restore`)."""
        return {
            "version": saves.SAVE_VERSION,
            "seed": self.seed,
            "computer": self.computer,
            "rules": self.rules,
            "start_level": self.start_level,
            "you": self.you,
            "players": self.players,
            "match": self.match,
            "table": self._table,
            "events_seen": self._events_seen,
            **self.controls.saved(),  # scored, offered, stop, paused, tricks_seen, auto_passes
            "kitty": [self.hand.card_of(t) for t in self.kitty_toggles],
            "lang": self.lang,
            "colors": self.colors,
            "trick_pause": self.trick_pause,
        }

    def _restore(self, state: dict[str, Any], lang: str | None) -> None:
        self.seed, self.computer, self.rules = state["seed"], state["computer"], state["rules"]
        self.start_level, self.you = state["start_level"], state["you"]
        self.players, self.match, self._table = state["players"], state["match"], state["table"]
        self._round = self._table.round
        self._events_seen = state["events_seen"]
        self.controls.restore(state)
        self.colors, self.trick_pause = state["colors"], state["trick_pause"]
        self.lang = check_language(lang or state["lang"])
        self._tr = translator(self.lang)
        self._resumable = None
        self.declaring_row.forget()
        self.hand.new_hand()
        self.sync_hand()
        self._kitty_toggles = saves.kitty_toggles(self.hand, state["kitty"])
        self.settings._labelled = None
        number = len(self.match.rounds)
        self.say(
            lambda tr: tr.say(
                "Welcome back: the match goes on where you left it (hand {n}).", n=number
            )
        )
        self._relabel()
        self.redraw(full=True, keep_selection=True)
        if self.controls.paused:
            self.controls.schedule_go_on()

    # --- widgets -----------------------------------------------------------------------------
    def _make_toggle(self) -> widgets.ToggleButton:
        toggle = widgets.ToggleButton(layout=self._card_layout)
        toggle.add_class("shengji-card")
        toggle.observe(self._on_toggle, names="value")
        return toggle

    def _on_toggle(self, change: dict[str, Any]) -> None:
        """A card was clicked: keep it only if that toggle still shows a card of the hand."""
        toggle = change["owner"]
        if not self.hand.shows(toggle):
            if change["new"]:
                self.controls.ignored_clicks += 1
                toggle.value = False
            return
        if self._drawing or self._moved_to is not None:
            return
        try:
            changed_error = self._clear_error()
            self._render_buttons()
            if changed_error:
                self.redraw(full=False)
        except Exception:  # noqa: BLE001 - a callback must never raise
            pass

    def _on_last_trick(self, _change: dict[str, Any]) -> None:
        if not self._drawing:
            self.redraw(full=True, keep_selection=True)

    def _on_display_change(self) -> None:
        """Language, colours or the pause after a trick changed in the settings: redraw in
        them (the game goes on)."""
        if self._drawing:
            return
        pause = self.settings.trick_pause
        if pause != self.trick_pause:
            self.trick_pause = pause
            if self.controls.paused and pause is not None:
                self.controls.schedule_go_on()
        lang = check_language(self.settings.language_dropdown.value or self.lang)
        colors = "four" if self.settings.colors_checkbox.value else "classic"
        if (lang, colors) == (self.lang, self.colors):
            return
        self.lang, self.colors = lang, colors
        self._tr = translator(lang)
        self.declaring_row.forget()
        self._relabel()
        self.redraw(full=True, keep_selection=True)

    def _relabel(self) -> None:
        self._drawing = True
        try:
            self.ui.relabel(self._tr.say)
            self.ui.replay.relabel(self._tr)
            self.settings.relabel(
                self._tr,
                self.seed,
                self.computer,
                self.rules,
                self.lang,
                self.start_level,
                self.trick_pause,
            )
            self.settings.colors_checkbox.value = self.colors == "four"
        finally:
            self._drawing = False

    # --- messages ----------------------------------------------------------------------------
    def _said(self, message: Say) -> str:
        return messages.said(message, self._tr)

    def say(self, message: Say, error: bool = False) -> None:
        """Set the message line; ``error`` marks a refused click or a problem."""
        self._message = message
        self._message_error = error
        if not error:
            self._last_info = message

    def _clear_error(self) -> bool:
        """Drop an error message (its selection or position has changed); True if one was."""
        if not self._message_error:
            return False
        self._message = self._last_info
        self._message_error = False
        return True

    def report(self, first: Say = "") -> None:
        """Set the message: the student's action, then what happened since the last click."""
        every = self._round.events
        start, self._events_seen = self._events_seen, len(every)
        self.say(messages.report(first, every, start, set(self.controls.auto_passes), self._ctx))

    def _message_html(self) -> str:
        text = self._said(self._message)
        return messages.message_html(text, self._message_error, self._step)

    def _ctx(self, tr: Translator | None = None) -> views.Context:
        return views.Context(
            round=self._round,
            match=self.match,
            you=self.you,
            tr=tr or self._tr,
            colors=self.colors,
            computer=self.computer,
            seed=self.seed,
            paused=self.controls.paused,
            stopped=self.controls.stop is not None,
        )

    def show_hint(self) -> None:
        """The hint for the position on show, in the hint tab (the tab is brought forward)."""
        self._clear_error()
        self.hint_html.value = hints.hint_html(self._ctx())
        self.ui.tabs.selected_index = 0

    # --- drawing -----------------------------------------------------------------------------
    def redraw(self, full: bool, keep_selection: bool = False) -> None:
        """Redraw (everything, or just the message); a drawing bug becomes a message.

        The message is drawn last and carries the number of this redraw (``data-step``), so
        its value changes every time: a front end (or a browser test) that sees the new
        step has received every update of this redraw before it.
        """
        if self._moved_to is not None:
            return
        self._step += 1
        try:
            if full:
                self._render(keep_selection)
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self.say(messages.problem(exc), error=True)
        try:
            self.message_html.value = self._message_html()
        except Exception:  # noqa: BLE001
            self.message_html.value = f"<div data-step='{self._step}'>could not draw</div>"
        self._save()

    def _render(self, keep_selection: bool = False) -> None:
        # The state class first: a front end that sees the status change has the new state.
        self._set_state_class(self._state())
        self.ui.mark("colors", f"shengji-colors-{self.colors}")
        ctx = self._ctx()
        if not keep_selection:
            self._drawing = True
            try:
                self.last_trick_toggle.value = False  # a new position: show the live trick
            finally:
                self._drawing = False
            self.hint_html.value = ""  # a hint is about the position it was asked in
        self.status_html.value = views.status_html(ctx)
        self.trick_html.value = views.centre_html(ctx, show_last=self.last_trick_toggle.value)
        self.log_html.value = views.log_html(ctx)
        self.review.show(ctx)
        if self._round.phase == FINISHED and self.ui.replay.round is not self._round:
            self.ui.replay.show(self._round, self.lang)  # the hand just played, to step through
        self.sync_hand()
        self.declaring_row.show(
            self._tr,
            self._round,
            self.you,
            stop=self.controls.stop,
            paused=self.controls.paused,
            resumable=self._resumable is not None,
            colors=self.colors,
        )
        self._render_buttons()

    def sync_hand(self) -> None:
        """Show the hand: toggles bound to their cards, in Trump.sort order, marked."""
        rnd = self._round
        trump = views.display_trump(rnd)
        before = {id(t) for t in self.hand.toggles}
        self._drawing = True
        try:
            self.hand.sync(rnd.hand(self.you), trump.sort)
            holds_kitty = rnd.phase == KITTY and rnd.turn == self.you  # framed in blue
            if holds_kitty and not self._kitty_toggles and before:
                self._kitty_toggles = {id(t) for t in self.hand.toggles} - before
            if not holds_kitty:
                self._kitty_toggles = set()
            groups = dress_hand(self.hand, trump, self._kitty_toggles, self._tr)
            box_suits(groups, self._suit_boxes, self.hand_box)
        finally:
            self._drawing = False

    def shows(self, button: Any) -> bool:
        """The button is on show now (one of an earlier moment is not)."""
        return self.declaring_row.shows(button)

    def _render_buttons(self) -> None:
        rnd = self._round
        phase = rnd.phase
        dealing = phase == DEALING
        your_turn = rnd.turn == self.you
        selected = bool(self.hand.selected)
        states = {
            self.deal_next_button: not dealing,
            self.deal_all_button: not dealing or self.controls.stop is not None,
            self.pass_button: not (phase in (AUCTION, OVERCALL) and your_turn),
            self.bury_button: not (self._must_bury() and selected),
            self.play_button: not (phase == PLAYING and your_turn and selected),
            self.next_hand_button: not (
                phase == FINISHED and not self.match.over and not self.controls.paused
            ),
            self.last_trick_toggle: not rnd.tricks,
        }
        buttons.set_disabled(states)
        buttons.action_labels(
            self._tr, rnd, self.deal_next_button, self.pass_button, self.bury_button
        )

    def _set_state_class(self, state: str) -> None:
        self.ui.mark("state", STATE_CLASSES[state])

    def _state(self) -> str:
        return table_state(self._round, self.you, self.controls.paused)

    def _must_bury(self) -> bool:
        """You hold the kitty (as the dealer, or after your overcall, RULES §11.3), or give
        cards back as the largest reporter (RULES §12.5): cards to select and a button."""
        return self._round.phase in (KITTY, RETURNS) and self._round.turn == self.you
