"""What each button does: one engine action per click, guarded so a click never misfires.

:class:`Controls` holds a table's click handlers and what is about clicking: the busy flag,
the clicks it ignored, and the flow of the hand the clicks drive (the declaring stops of
*deal all*, the pause after a finished trick, what the student was offered). It talks to its
table only through :class:`TableFace`, a short public interface; the table imports this
module, never the other way round.

Every handler is wrapped by :func:`click`, which:

* **acts only on what the person saw.** A click on a button that is disabled, or no longer
  on show (a declaration button of an earlier moment), is a click that was on its way while
  the table changed: it is ignored and changes nothing, not even the message. This is what
  makes a double click harmless: after *play* the play button is disabled until cards are
  selected again; when *deal all* stops because you may declare, it is disabled until you
  declare or press *deal on* (a new button for each stop); a declaration button is replaced
  as soon as the options change.
* **never raises.** ipywidgets only logs an exception from a callback, which a student never
  sees. A refusal (:class:`~shengji_edu.game.errors.IllegalAction`) becomes the engine's
  reason in the message line and changes nothing, the selection included; anything else is
  reported as a problem and the table is redrawn from the engine's state.
* **never runs inside another handler.** A click that arrives while the computer players are
  moving (possible when a front end calls back re-entrantly) gets an answer and changes
  nothing.

The engine decides every rule; "is it my turn?" too is the engine's ``Round.turn``.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..game import AUCTION, DEALING, FINISHED, KITTY, OVERCALL, PLAYING, RETURNS, IllegalAction
from . import messages

if TYPE_CHECKING:
    from ..game import Match, Round, Table
    from .messages import Say
    from .selection import HandToggles


class TableFace(Protocol):
    """What :class:`Controls` needs from the table it answers for
    (:class:`~shengji_edu.widgets.table.PlayTable` is one)."""

    # what the controls read
    you: int
    trick_pause: float | None
    match: Match
    hand: HandToggles

    @property
    def round(self) -> Round: ...

    @property
    def game_table(self) -> Table: ...

    @property
    def moved(self) -> bool:
        """The table handed its game to a newer one: it answers no more clicks."""
        ...

    def shows(self, button: Any) -> bool:
        """The button is on show now (a button of an earlier moment is not)."""
        ...

    # what the controls ask the table to do
    def sync_hand(self) -> None: ...

    def say(self, message: Say, error: bool = False) -> None: ...

    def report(self, first: Say = "") -> None: ...

    def redraw(self, full: bool) -> None: ...

    def show_hint(self) -> None: ...

    def start_round(self, round_: Round) -> None: ...

    def resume(self) -> bool: ...

    def withdraw_resume(self) -> None: ...

    def start_new_match(self, confirmed: bool) -> bool: ...


def click(method: Callable[..., bool]) -> Callable[..., None]:
    """Wrap a click handler of :class:`Controls` (see the module docstring).

    The handler receives the button that was clicked and returns True when the game may
    have changed (the whole table is redrawn) or False when only messages changed.
    """

    @functools.wraps(method)
    def handler(self: Controls, button: Any = None, *args: Any) -> None:
        table = self.table
        if table.moved:
            return  # this table handed its game to a newer one
        if button is not None and not self._clickable(button):
            self.ignored_clicks += 1
            return
        if self.busy:
            self._refuse_while_busy(method.__name__)
            return
        self.busy = True
        changed = False
        try:
            changed = method(self, *args)
        except IllegalAction as exc:
            self._refuse(exc)
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self._problem(exc)
            changed = True
        finally:
            self.busy = False
        table.redraw(full=changed)

    return handler


class Controls:
    """The click handlers of a table, and the state of the clicking and of the hand's flow."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self.busy = False
        """A handler is running (a click now is answered and changes nothing)."""
        self.ignored_clicks = 0
        """Clicks on buttons or cards that were no longer what the person saw (ignored)."""
        self._stops = 0
        self._pauses = 0
        self.new_hand()

    # --- the state of a hand ---------------------------------------------------------------
    def new_hand(self) -> None:
        """A new hand: no stop, no pause, nothing offered yet."""
        self.scored = False
        """The match has counted this hand's result."""
        self.offered: set[tuple] = set()
        """The declarations the student was offered (a stop of *deal all* is for a new one)."""
        self.stop: int | None = None
        """At a declaring stop of *deal all*: its number (a new *deal on* button for each)."""
        self.paused = False
        """A finished trick waits to be seen (the table waits for *go on*)."""
        self.tricks_seen = 0
        """How many finished tricks the student has seen."""
        self.auto_passes: set[int] = set()
        """Events that are passes the table made for you (you could not overcall)."""
        self.decision_seconds: list[float] = []
        """CPU seconds of each computer decision of the hand (Table.step calls)."""

    def take_over(self, other: Controls) -> None:
        """Go on with the hand ``other`` was running (its table's game moved here)."""
        self.scored, self.offered = other.scored, set(other.offered)
        self.stop = other.stop
        self.paused, self.tricks_seen = other.paused, other.tricks_seen
        self.auto_passes = set(other.auto_passes)
        self.decision_seconds = other.decision_seconds

    def saved(self) -> dict[str, Any]:
        """The hand's state, for the save file (:meth:`restore` reads it back)."""
        return {
            "scored": self.scored,
            "offered": self.offered,
            "stop": self.stop,
            "paused": self.paused,
            "tricks_seen": self.tricks_seen,
            "auto_passes": self.auto_passes,
        }

    def restore(self, state: Mapping[str, Any]) -> None:
        """Go on with the hand whose state :meth:`saved` gave (from a save file)."""
        self.scored, self.offered = state["scored"], set(state["offered"])
        self.stop = state["stop"]
        self.paused, self.tricks_seen = state["paused"], state["tricks_seen"]
        self.auto_passes = set(state["auto_passes"])

    # --- the flow of a hand ----------------------------------------------------------------
    def _advance(self) -> None:
        """Let the computer players move until the student must act or the hand is over.

        A finished trick stays on the table: when a computer player would lead over a trick
        the student has not seen finished, the table stops (state ``trick``) until the
        student presses *go on* (or, with ``trick_pause`` seconds, until that pause ends).
        """
        table = self.table
        rnd, you = table.round, table.you
        self.paused = False
        while rnd.phase != DEALING:  # the student paces the deal with the deal buttons
            if (
                table.trick_pause != 0
                and rnd.phase == PLAYING
                and rnd.tricks
                and not rnd.current_trick
                and len(rnd.tricks) > self.tricks_seen
            ):
                if rnd.turn == you:
                    self.tricks_seen = len(rnd.tricks)  # it stays until you lead
                else:
                    self.paused = True
                    self.schedule_go_on()
                    break
            if rnd.phase == OVERCALL and rnd.turn == you and not rnd.legal_overcalls(you):
                # the engine says you have no overcall: pass for you and say so
                self.auto_passes.add(len(rnd.events))
                rnd.pass_overcall(you)
                continue
            start = time.process_time()
            if not table.game_table.step():
                break
            self.decision_seconds.append(time.process_time() - start)
        if rnd.phase == FINISHED and not self.scored:
            self.scored = True
            table.match.hand_finished(rnd)
        if rnd.phase == FINISHED and table.trick_pause != 0 and len(rnd.tricks) > self.tricks_seen:
            self.paused = True  # the last trick first, then the result
            self.schedule_go_on()

    def _new_declaration_options(self) -> bool:
        """True if the student may now declare something not offered before."""
        options = {tuple(o) for o in self.table.round.legal_declarations(self.table.you)}
        new = options - self.offered
        self.offered |= options
        return bool(new)

    def _finish_deal(self) -> None:
        self.table.sync_hand()  # the dealt cards first, so the kitty's cards are the new ones
        self.table.game_table.finish_deal()
        self.stop = None
        self._advance()

    def _deal_on(self) -> None:
        """Deal until the student may declare something new, or to the end of the deal."""
        rnd, deal_one = self.table.round, self.table.game_table.deal_one
        if rnd.phase != DEALING:
            deal_one()  # the engine refuses, with its reason
        self.stop = None
        while rnd.next_receiver is not None:
            deal_one()
            if self._new_declaration_options():
                self._stop_at(
                    lambda tr: tr.say("You can declare now (buttons below), or press deal on.")
                )
                return
        if self.stop is None and self._new_declaration_options():
            self._stop_at(
                lambda tr: tr.say(
                    "All cards are dealt. Declare now if you like, or press deal on to fix "
                    "the trump."
                )
            )
            return
        self._finish_deal()
        self.table.report()

    def _stop_at(self, first: Callable) -> None:
        self._stops += 1
        self.stop = self._stops
        self.table.report(first)

    # --- click handlers -----------------------------------------------------------------------
    @click
    def on_deal_next(self) -> bool:
        table = self.table
        rnd = table.round
        table.withdraw_resume()
        if rnd.phase == DEALING and rnd.next_receiver is None:
            self._finish_deal()
        else:
            table.game_table.deal_one()  # outside the deal, the engine refuses with its reason
            self.stop = None
            self._new_declaration_options()
        table.report()
        return True

    @click
    def on_deal_all(self) -> bool:
        self.table.withdraw_resume()
        self._deal_on()
        return True

    @click
    def on_deal_on(self) -> bool:
        self._deal_on()
        return True

    @click
    def on_declare(self, cards: list) -> bool:
        table = self.table
        table.withdraw_resume()
        table.round.declare(table.you, cards)
        self.stop = None
        if table.round.phase == AUCTION:
            self._advance()
        table.report()
        return True

    @click
    def on_pass(self) -> bool:
        rnd, you = self.table.round, self.table.you
        if rnd.phase == OVERCALL:
            rnd.pass_overcall(you)
        else:
            rnd.pass_bid(you)
        self._advance()
        self.table.report()
        return True

    @click
    def on_overcall(self, cards: list) -> bool:
        """Overcall after the bury (RULES §11.3): the new trump holds, and you take the kitty
        and bury again (the table waits for your bury)."""
        self.table.round.overcall(self.table.you, cards)
        self.table.report()
        return True

    @click
    def on_bury(self) -> bool:
        table = self.table
        cards = table.hand.selected
        if table.round.phase == RETURNS:  # the same button gives cards back (RULES §12.5)
            to = table.round.give(table.you, cards)
            table.hand.clear()
            self._advance()
            table.report(
                lambda tr: tr.say(
                    "You gave {cards} back to seat {seat}.", cards=tr.cards(cards), seat=to
                )
            )
            return True
        table.round.bury(table.you, cards)
        table.hand.clear()
        self._advance()
        table.report(lambda tr: tr.say("You buried {cards}.", cards=tr.cards(cards)))
        return True

    @click
    def on_play(self) -> bool:
        table = self.table
        cards = table.hand.selected
        played = table.round.play(table.you, cards)
        table.sync_hand()  # the played toggles leave the hand before anything else happens
        table.hand.clear()
        self._advance()
        table.report(lambda tr: tr.say("You played {cards}.", cards=tr.cards(played)))
        return True

    @click
    def on_go_on(self) -> bool:
        """The student has seen the finished trick: the computer players go on."""
        self._go_on()
        return True

    def _go_on(self) -> None:
        if not self.paused:
            return
        self.tricks_seen = len(self.table.round.tricks)
        self._advance()
        self.table.report()

    def schedule_go_on(self) -> None:
        """With ``trick_pause`` seconds, go on by itself after the pause (when an event loop
        runs, as in a kernel; without one, the table waits for *go on*)."""
        if self.table.trick_pause is None:
            return
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pauses += 1
        pause = self._pauses
        loop.call_later(self.table.trick_pause, self._go_on_after_pause, pause)

    def _go_on_after_pause(self, pause: int) -> None:
        if pause == self._pauses and self.paused and not self.table.moved:
            self.on_go_on(None)

    @click
    def on_hint(self) -> bool:
        self.table.show_hint()
        return False

    @click
    def on_next_hand(self) -> bool:
        try:
            round_ = self.table.match.new_round()
        except ValueError as exc:  # the match refuses: hand not finished, or match over
            raise IllegalAction(str(exc)) from None
        self.table.start_round(round_)
        return True

    @click
    def on_resume(self) -> bool:
        return self.table.resume()

    @click
    def on_new_match(self) -> bool:
        """New match from the settings; a hand in progress is asked about first."""
        return self.table.start_new_match(confirmed=False)

    @click
    def on_confirm_new_match(self) -> bool:
        return self.table.start_new_match(confirmed=True)

    # --- refusals ---------------------------------------------------------------------------
    def _clickable(self, button: Any) -> bool:
        """A click counts only on a button that is enabled and on show now."""
        return not getattr(button, "disabled", False) and self.table.shows(button)

    def _refuse(self, exc: Exception) -> None:
        self.table.say(messages.refusal(exc), error=True)

    def _problem(self, exc: Exception) -> None:
        self.table.say(messages.problem(exc), error=True)

    def _refuse_while_busy(self, name: str) -> None:
        """A click during another handler: ask the engine (read-only) why, change nothing."""
        table = self.table
        rnd = table.round
        try:
            if name == "on_play" and rnd.phase == PLAYING:
                rnd.check_play(table.you, table.hand.selected)
            elif name == "on_bury" and rnd.phase == KITTY:
                rnd.check_bury(table.you, table.hand.selected)
            elif name == "on_bury" and rnd.phase == RETURNS:
                rnd.check_give(table.you, table.hand.selected)
            table.say(
                lambda tr: tr.say("Wait a moment: the computer players are still moving."),
                error=True,
            )
        except IllegalAction as exc:
            self._refuse(exc)
        except Exception as exc:  # noqa: BLE001
            self._problem(exc)
        table.redraw(full=False)


__all__ = ["Controls", "TableFace", "click"]
