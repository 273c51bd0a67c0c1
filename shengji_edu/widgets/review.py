"""The table's review tab: the hand just played, trick by trick, with why each trick went
where it went and what each player had to play (:func:`shengji_edu.review.explain_round`).

Only a finished hand is reviewed: the review tells what every hand held ("East holds 3 cards
of ♥"), which nobody may know while the hand is being played. It is written in the table's
language, and worked out once per hand and language (the table redraws after every click).
Your own plays are in bold.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..game import FINISHED
from ..review import TrickNote, explain_round
from .pieces import Context, esc

TRICK_STYLE = "margin: 0 0 6px 0;"
PLAYS_STYLE = "margin: 2px 0 0 0; padding-left: 1.4em;"


def review_html(ctx: Context, notes: list[TrickNote] | None = None) -> str:
    """The review of the hand on show as HTML (a note that it comes later while it is
    played). ``notes`` are the hand's explanations if already worked out."""
    tr, rnd = ctx.tr, ctx.round
    if rnd.phase != FINISHED:
        return (
            "<i>"
            + esc(
                tr.say(
                    "When the hand is over, its review appears here: who won each trick and "
                    "why, and what each player had to play."
                )
            )
            + "</i>"
        )
    if notes is None:
        notes = explain_round(rnd, tr.lang)
    title = tr.say("Review of the hand")
    parts = [f"<div><b>{esc(title)}</b></div>"]
    for note in notes:
        plays = "".join(
            f"<li class='shengji-review-play'>{_mark(esc(play.text), play.seat == ctx.you)}</li>"
            for play in note.plays
        )
        parts.append(
            f"<div class='shengji-review-trick' data-kind='{esc(note.kind)}' "
            f"style='{TRICK_STYLE}'>{esc(note.text)}"
            f"<ul style='{PLAYS_STYLE}'>{plays}</ul></div>"
        )
    return "".join(parts)


def _mark(text: str, yours: bool) -> str:
    return f"<b>{text}</b>" if yours else text


class ReviewPane:
    """The review tab's pane, and the explanations of the hand it last showed."""

    def __init__(self, pane: widgets.HTML) -> None:
        self.pane = pane
        self._key: tuple | None = None
        self._notes: list[TrickNote] | None = None

    def show(self, ctx: Context) -> None:
        """Show the review of ``ctx.round`` (worked out again only for a new hand or
        language)."""
        notes = None
        if ctx.round.phase == FINISHED:
            key = (id(ctx.round), ctx.round.seed, len(ctx.round.tricks), ctx.tr.lang)
            if key != self._key:
                self._notes, self._key = explain_round(ctx.round, ctx.tr.lang), key
            notes = self._notes
        value = review_html(ctx, notes)
        if self.pane.value != value:
            self.pane.value = value
