"""What each button does: one engine action per click, guarded so a click never misfires.

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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game import AUCTION, DEALING, FINISHED, KITTY, OVERCALL, PLAYING, IllegalAction
from ..i18n import render

if TYPE_CHECKING:
    from .table import PlayTable


def click(method: Callable[..., bool]) -> Callable[..., None]:
    """Wrap a click handler (see the module docstring).

    The handler receives the button that was clicked and returns True when the game may
    have changed (the whole table is redrawn) or False when only messages changed.
    """

    @functools.wraps(method)
    def handler(self: PlayTable, button: Any = None, *args: Any) -> None:
        if self._moved_to is not None:
            return  # this table handed its game to a newer one
        if button is not None and not self._clickable(button):
            self.ignored_clicks += 1
            return
        if self._busy:
            self._refuse_while_busy(method.__name__)
            return
        self._busy = True
        changed = False
        try:
            changed = method(self, *args)
        except IllegalAction as exc:
            self._refuse(exc)
        except Exception as exc:  # noqa: BLE001 - a callback must never raise
            self._problem(exc)
            changed = True
        finally:
            self._busy = False
        self._safe_render(full=changed)

    return handler


class PlayActions:
    """The click handlers of :class:`~shengji_edu.widgets.table.PlayTable`."""

    # --- the flow of a hand ----------------------------------------------------------------
    def _advance(self: PlayTable) -> None:
        """Let the computer players move until the student must act or the hand is over.

        A finished trick stays on the table: when a computer player would lead over a trick
        the student has not seen finished, the table stops (state ``trick``) until the
        student presses *go on* (or, with ``trick_pause`` seconds, until that pause ends).
        """
        rnd = self._round
        self._paused = False
        while rnd.phase != DEALING:  # the student paces the deal with the deal buttons
            if (
                self.trick_pause != 0
                and rnd.phase == PLAYING
                and rnd.tricks
                and not rnd.current_trick
                and len(rnd.tricks) > self._tricks_seen
            ):
                if rnd.turn == self.you:
                    self._tricks_seen = len(rnd.tricks)  # it stays until you lead
                else:
                    self._paused = True
                    self._schedule_go_on()
                    break
            if rnd.phase == OVERCALL and rnd.turn == self.you and not rnd.legal_overcalls(self.you):
                # the engine says you have no overcall: pass for you and say so
                self._auto_passes.add(len(rnd.events))
                rnd.pass_overcall(self.you)
                continue
            start = time.process_time()
            if not self._table.step():
                break
            self.decision_seconds.append(time.process_time() - start)
        if rnd.phase == FINISHED and not self._scored:
            self._scored = True
            self.match.hand_finished(rnd)
        if rnd.phase == FINISHED and self.trick_pause != 0 and len(rnd.tricks) > self._tricks_seen:
            self._paused = True  # the last trick first, then the result
            self._schedule_go_on()

    def _new_declaration_options(self: PlayTable) -> bool:
        """True if the student may now declare something not offered before."""
        options = {tuple(o) for o in self._round.legal_declarations(self.you)}
        new = options - self._offered
        self._offered |= options
        return bool(new)

    def _finish_deal(self: PlayTable) -> None:
        self._sync_hand()  # the dealt cards first, so the kitty's cards are the new ones
        self._table.finish_deal()
        self._stop = None
        self._advance()

    def _deal_on(self: PlayTable) -> None:
        """Deal until the student may declare something new, or to the end of the deal."""
        rnd = self._round
        if rnd.phase != DEALING:
            self._table.deal_one()  # the engine refuses, with its reason
        self._stop = None
        while rnd.next_receiver is not None:
            self._table.deal_one()
            if self._new_declaration_options():
                self._stop_at(
                    lambda tr: tr.say("You can declare now (buttons below), or press deal on.")
                )
                return
        if self._stop is None and self._new_declaration_options():
            self._stop_at(
                lambda tr: tr.say(
                    "All cards are dealt. Declare now if you like, or press deal on to fix "
                    "the trump."
                )
            )
            return
        self._finish_deal()
        self._report()

    def _stop_at(self: PlayTable, first: Callable) -> None:
        self._stops += 1
        self._stop = self._stops
        self._report(first)

    # --- click handlers -----------------------------------------------------------------------
    @click
    def _on_deal_next(self: PlayTable) -> bool:
        rnd = self._round
        self._withdraw_resume()
        if rnd.phase == DEALING and rnd.next_receiver is None:
            self._finish_deal()
        else:
            self._table.deal_one()  # outside the deal, the engine refuses with its reason
            self._stop = None
            self._new_declaration_options()
        self._report()
        return True

    @click
    def _on_deal_all(self: PlayTable) -> bool:
        self._withdraw_resume()
        self._deal_on()
        return True

    @click
    def _on_deal_on(self: PlayTable) -> bool:
        self._deal_on()
        return True

    @click
    def _on_declare(self: PlayTable, cards: list) -> bool:
        rnd = self._round
        self._withdraw_resume()
        rnd.declare(self.you, cards)
        self._stop = None
        if rnd.phase == AUCTION:
            self._advance()
        self._report()
        return True

    @click
    def _on_pass(self: PlayTable) -> bool:
        if self._round.phase == OVERCALL:
            self._round.pass_overcall(self.you)
        else:
            self._round.pass_bid(self.you)
        self._advance()
        self._report()
        return True

    @click
    def _on_overcall(self: PlayTable, cards: list) -> bool:
        """Overcall after the bury (RULES §11.3): the new trump holds, and you take the kitty
        and bury again (the table waits for your bury)."""
        self._round.overcall(self.you, cards)
        self._report()
        return True

    @click
    def _on_bury(self: PlayTable) -> bool:
        cards = self.selected_cards
        self._round.bury(self.you, cards)
        self.hand.clear()
        self._advance()
        self._report(lambda tr: tr.say("You buried {cards}.", cards=tr.cards(cards)))
        return True

    @click
    def _on_play(self: PlayTable) -> bool:
        cards = self.selected_cards
        played = self._round.play(self.you, cards)
        self._sync_hand()  # the played toggles leave the hand before anything else happens
        self.hand.clear()
        self._advance()
        self._report(lambda tr: tr.say("You played {cards}.", cards=tr.cards(played)))
        return True

    @click
    def _on_go_on(self: PlayTable) -> bool:
        """The student has seen the finished trick: the computer players go on."""
        self._go_on()
        return True

    def _go_on(self: PlayTable) -> None:
        if not self._paused:
            return
        self._tricks_seen = len(self._round.tricks)
        self._advance()
        self._report()

    def _schedule_go_on(self: PlayTable) -> None:
        """With ``trick_pause`` seconds, go on by itself after the pause (when an event loop
        runs, as in a kernel; without one, the table waits for *go on*)."""
        if self.trick_pause is None:
            return
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pauses += 1
        pause = self._pauses
        loop.call_later(self.trick_pause, self._go_on_after_pause, pause)

    def _go_on_after_pause(self: PlayTable, pause: int) -> None:
        if pause == self._pauses and self._paused and self._moved_to is None:
            self._on_go_on(None)

    @click
    def _on_hint(self: PlayTable) -> bool:
        self._clear_error()
        self.hint_html.value = self._hint_html()
        self.ui.tabs.selected_index = 0
        return False

    @click
    def _on_next_hand(self: PlayTable) -> bool:
        try:
            round_ = self.match.new_round()
        except ValueError as exc:  # the match refuses: hand not finished, or match over
            raise IllegalAction(str(exc)) from None
        self._start_round(round_)
        return True

    @click
    def _on_resume(self: PlayTable) -> bool:
        old = self._resumable
        if old is None or old._moved_to is not None or old.match.over:
            self._withdraw_resume()
            return False
        self._take_over(old)
        return True

    @click
    def _on_new_match(self: PlayTable) -> bool:
        seed, computer, rules, level = self.settings.read(self._tr)
        rnd = self._round
        if rnd.dealt > 0 and rnd.phase != FINISHED:
            self.settings.ask_to_confirm(self._tr, self._confirm_new_match)
            self._say(lambda tr: tr.say("A hand is in progress: press the red button to end it."))
            return False
        self._new_match(seed, computer, rules, level)
        return True

    @click
    def _on_confirm_new_match(self: PlayTable) -> bool:
        seed, computer, rules, level = self.settings.read(self._tr)
        self._new_match(seed, computer, rules, level)
        return True

    def _confirm_new_match(self: PlayTable) -> None:
        self._on_confirm_new_match(None)

    # --- refusals ---------------------------------------------------------------------------
    def _clickable(self: PlayTable, button: Any) -> bool:
        """A click counts only on a button that is enabled and on show now."""
        if getattr(button, "disabled", False):
            return False
        if button in self._transient_buttons:
            return button in self.ui.declare_box.children
        return True

    def _refuse(self: PlayTable, exc: Exception) -> None:
        """The engine's reason, in the table's language when the engine gives a Message."""
        self._say(lambda tr: tr.say("Not allowed: {reason}", reason=render(exc, tr)), error=True)

    def _problem(self: PlayTable, exc: Exception) -> None:
        kind = type(exc).__name__

        def say(tr):
            error = kind + ": " + render(exc, tr)
            return tr.say("Something went wrong (please report it): {error}", error=error)

        self._say(say, error=True)

    def _refuse_while_busy(self: PlayTable, name: str) -> None:
        """A click during another handler: ask the engine (read-only) why, change nothing."""
        try:
            if name == "_on_play" and self._round.phase == PLAYING:
                self._round.check_play(self.you, self.selected_cards)
            elif name == "_on_bury" and self._round.phase == KITTY:
                self._round.check_bury(self.you, self.selected_cards)
            self._say(
                lambda tr: tr.say("Wait a moment: the computer players are still moving."),
                error=True,
            )
        except IllegalAction as exc:
            self._refuse(exc)
        except Exception as exc:  # noqa: BLE001
            self._problem(exc)
        self._safe_render(full=False)


__all__ = ["PlayActions", "click"]
