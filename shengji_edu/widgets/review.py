"""The table's review tab: the hand just played, trick by trick, with why each trick went
where it went and what each player had to play (:func:`shengji_edu.review.explain_round`).

Only a finished hand is reviewed: the review tells what every hand held ("East holds 3 cards
of ♥"), which nobody may know while the hand is being played. It is written in the table's
language, and worked out once per hand and language (the table redraws after every click).
Your own plays are in bold, and below the tricks your plays are assessed as ``shengji review
--assess`` does (:mod:`shengji_edu.review.assessment`): the search player's choice from your
view, with a small budget of :data:`ASSESS_WORLDS` paired worlds so the tab opens at once,
and the endgame solver's exact verdict. A hand the solver cannot score (the 45-point game)
gets no assessment, and says so.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..game import FINISHED
from ..i18n import render
from ..players.assess import assess_seat
from ..players.endgame import EndgameError
from ..review import TrickNote, explain_round
from ..review.assessment import decision_lines
from .pieces import Context, esc

ASSESS_WORLDS = 8
"""Paired worlds per disputed play at the table (``shengji review --assess`` uses 20)."""

TRICK_STYLE = "margin: 0 0 6px 0;"
PLAYS_STYLE = "margin: 2px 0 0 0; padding-left: 1.4em;"


def review_html(
    ctx: Context, notes: list[TrickNote] | None = None, assessed: list[str] | None = None
) -> str:
    """The review of the hand on show as HTML (a note that it comes later while it is
    played). ``notes`` are the hand's explanations and ``assessed`` the lines assessing
    your plays (:func:`assessment_lines`), if already worked out."""
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
    if assessed is None:
        assessed = assessment_lines(ctx)
    if assessed:
        items = "".join(f"<li class='shengji-review-assess'>{esc(line)}</li>" for line in assessed)
        heading = esc(tr.say("Your plays, assessed"))
        parts.append(f"<div><b>{heading}</b><ul style='{PLAYS_STYLE}'>{items}</ul></div>")
    return "".join(parts)


def assessment_lines(ctx: Context) -> list[str]:
    """Your plays in the finished hand, assessed (one line per play, the endgame's verdict
    after it), in the table's language; a line saying why if the hand cannot be assessed."""
    try:
        decisions = assess_seat(ctx.round, ctx.you, budget=ASSESS_WORLDS, seed=ctx.seed)
    except EndgameError:
        return [ctx.tr.say("This hand's scoring cannot be assessed here (the 45-point game).")]
    return [render(line, ctx.tr.lang) for d in decisions for line in decision_lines(d)]


def _mark(text: str, yours: bool) -> str:
    return f"<b>{text}</b>" if yours else text


class ReviewPane:
    """The review tab's pane, and the explanations of the hand it last showed."""

    def __init__(self, pane: widgets.HTML) -> None:
        self.pane = pane
        self._key: tuple | None = None
        self._notes: list[TrickNote] | None = None
        self._assessed: list[str] | None = None

    def show(self, ctx: Context) -> None:
        """Show the review of ``ctx.round`` (worked out again only for a new hand or
        language)."""
        notes = assessed = None
        if ctx.round.phase == FINISHED:
            key = (id(ctx.round), ctx.round.seed, len(ctx.round.tricks), ctx.tr.lang)
            if key != self._key:
                self._notes, self._key = explain_round(ctx.round, ctx.tr.lang), key
                self._assessed = assessment_lines(ctx)
            notes, assessed = self._notes, self._assessed
        value = review_html(ctx, notes, assessed)
        if self.pane.value != value:
            self.pane.value = value
