"""The message line of :class:`~shengji_edu.widgets.table.PlayTable`: what happened since
the last click, or why a click changed nothing, in a language that can change after it was
said."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from ..game import events as ev
from ..i18n import Translator, render
from . import views

MESSAGE_LINES = 8
"""What happened since the last click, at most this many sentences (the log has the rest)."""

Say = str | Callable[[Translator], str]
"""A message: text, or a function of the translator (so it can be re-said in another
language when the language changes)."""


def said(message: Say, tr: Translator) -> str:
    """The message as text in ``tr``'s language."""
    return message(tr) if callable(message) else message


def report(
    first: Say,
    every: Sequence[ev.Event],
    start: int,
    auto: set[int],
    ctx_of: Callable[[Translator], views.Context],
) -> Say:
    """The student's action (``first``), then the events ``every[start:]`` (``auto``: the
    indices of passes made for the student), at most :data:`MESSAGE_LINES` sentences."""
    events = every[start:]
    leads = {i - start for i in views.lead_indices(every) if i >= start}

    def say(tr: Translator) -> str:
        ctx = ctx_of(tr)
        lines = [first(tr) if callable(first) else first] if first else []
        text = (
            views.event_text(ctx, e, lead=i in leads, auto=i + start in auto)
            for i, e in enumerate(events)
        )
        lines += [line for line in text if line]
        if len(lines) > MESSAGE_LINES:
            lines = [*lines[: MESSAGE_LINES - 1], tr.say("… (see the log)")]
        return " ".join(lines)

    return say


def refusal(exc: Exception) -> Say:
    """A refused click: the engine's reason, in the table's language when the engine gives a
    Message."""
    return lambda tr: tr.say("Not allowed: {reason}", reason=render(exc, tr))


def problem(exc: Exception) -> Say:
    """Something that should not happen (a bug), said so the student can report it."""
    kind = type(exc).__name__

    def say(tr: Translator) -> str:
        error = kind + ": " + render(exc, tr)
        return tr.say("Something went wrong (please report it): {error}", error=error)

    return say


def message_html(text: str, error: bool, step: int) -> str:
    """The message line's HTML; ``step`` numbers the redraw (``data-step``)."""
    text = html.escape(text, quote=False)
    if error:
        return f"<div class='shengji-error' data-step='{step}'>⚠ {text}</div>"
    return f"<div class='shengji-info' data-step='{step}'>{text}</div>"
