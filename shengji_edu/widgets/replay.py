"""The play table's *Replay* tab: step through the hand just played, play by play.

It shows the same steps as the offline HTML viewer (:func:`shengji_edu.render.replay_data.
replay_data`, with the review's explanation of each play), drawn here in Python: buttons to
the start, back, forward, to the end, and to the previous or next trick, above the table as
it was after that play (every hand, the cards on the table, the winner marked), what happened
and why. Plain ipywidgets (``HTML``, ``Button``, boxes), so it works with ipywidgets 7 and 8
like the rest of the table.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..game.round import Round
from ..i18n import Translator
from ..render.replay_data import replay_data, review_notes


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _cards(cards: list[list]) -> str:
    return " ".join(
        f"<span class='shengji-face shengji-ink-{_esc(c[1])}"
        f"{' shengji-trump' if c[2] else ''}'>{_esc(c[0])}</span>"
        for c in cards
    )


def frame_html(data: dict[str, Any], step: int) -> str:
    """The table after play ``step`` of the hand's steps (``data`` from replay_data)."""
    frame = data["frames"][step]
    labels = data["labels"]
    total = len(data["tricks"])
    where = (
        labels["trick_of"].format(n=frame["trick"], total=total)
        if frame["trick"]
        else labels["before"]
    )
    played = {play["seat"]: play["cards"] for play in frame["table"]}
    rows = []
    for seat in range(4):
        hand = " ".join(
            (f"<i>{_esc(g['suit'])}</i> " if g["suit"] else "") + _cards(g["cards"])
            for g in frame["hands"][seat]
        )
        mark = " ★" if seat == data["dealer"] else ""
        won = " shengji-replay-winner" if frame["winner"] == seat else ""
        rows.append(
            f"<tr class='shengji-replay-seat{won}' data-seat='{seat}'>"
            f"<td><b>{_esc(data['seats'][seat])}{mark}</b></td>"
            f"<td class='shengji-replay-played'>{_cards(played.get(seat, []))}</td>"
            f"<td class='shengji-replay-hand'>{hand}</td></tr>"
        )
    steps = labels["step_of"].format(n=step, total=len(data["frames"]) - 1)
    facts = (
        f"{_esc(labels['trump'])}: {_esc(data['trump'])} · {_esc(labels['level'])}: "
        f"{_esc(data['level'])} · {_esc(labels['points'])}: {frame['points']}"
    )
    note = _esc(frame["note"]).replace("\n", "<br>")
    result = ""
    if step == len(data["frames"]) - 1:
        result = "<div class='shengji-replay-result'>" + "<br>".join(
            _esc(line) for line in data["result"]
        )
        result += "</div>"
    return (
        f"<div class='shengji-replay' data-step='{step}'>"
        f"<div><b class='shengji-replay-where'>{_esc(where)}</b> · {_esc(steps)} · {facts}</div>"
        f"<table>{''.join(rows)}</table>"
        f"<div class='shengji-replay-said'><b>{_esc(frame['said'])}</b></div>"
        f"<div class='shengji-replay-note'>{note}</div>{result}</div>"
    )


class ReplayPanel:
    """The tab's widgets and the steps of the hand it shows (``None`` before the first)."""

    def __init__(self) -> None:
        layout = widgets.Layout(width="auto", height="30px")
        self.start_button = widgets.Button(layout=layout)
        self.back_button = widgets.Button(layout=layout)
        self.forward_button = widgets.Button(layout=layout, button_style="info")
        self.end_button = widgets.Button(layout=layout)
        self.previous_trick_button = widgets.Button(layout=layout)
        self.next_trick_button = widgets.Button(layout=layout)
        buttons = [
            self.start_button,
            self.previous_trick_button,
            self.back_button,
            self.forward_button,
            self.next_trick_button,
            self.end_button,
        ]
        for button in buttons:
            button.add_class("shengji-replay-button")
        self.frame_html = widgets.HTML()
        self.frame_html.add_class("shengji-replay-frame")
        self.widget = widgets.VBox(
            [widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")), self.frame_html]
        )
        self.widget.add_class("shengji-replay-tab")
        self.data: dict[str, Any] | None = None
        self.round: Round | None = None
        self.step = 0
        self._empty = ""
        self.start_button.on_click(lambda _b: self.go(0))
        self.back_button.on_click(lambda _b: self.go(self.step - 1))
        self.forward_button.on_click(lambda _b: self.go(self.step + 1))
        self.end_button.on_click(lambda _b: self.go(len(self.frames) - 1))
        self.previous_trick_button.on_click(lambda _b: self.previous_trick())
        self.next_trick_button.on_click(lambda _b: self.next_trick())

    @property
    def frames(self) -> list[dict[str, Any]]:
        return self.data["frames"] if self.data else []

    def relabel(self, tr: Translator) -> None:
        """Labels in the table's language; a hand on show is shown again in it."""
        say = tr.say
        for button, text in (
            (self.start_button, say("Start")),
            (self.back_button, say("Back")),
            (self.forward_button, say("Forward")),
            (self.end_button, say("End")),
            (self.previous_trick_button, say("previous trick")),
            (self.next_trick_button, say("next trick")),
        ):
            button.description = text
        self._empty = say("When a hand is over, step through it here, play by play.")
        if self.round is not None:
            self.show(self.round, tr.lang, keep_step=True)
        else:
            self._draw()

    def show(self, round_: Round, lang: str, keep_step: bool = False) -> None:
        """Step through ``round_`` (a finished hand) from before its first lead."""
        self.round = round_
        self.data = replay_data(round_, lang, review_notes(round_, lang))
        self.step = min(self.step, len(self.frames) - 1) if keep_step else 0
        self._draw()

    def go(self, step: int) -> None:
        if self.data:
            self.step = max(0, min(len(self.frames) - 1, step))
            self._draw()

    def next_trick(self) -> None:
        if self.data:
            starts = [s for s in self.data["tricks"] if s > self.step]
            self.go(starts[0] if starts else len(self.frames) - 1)

    def previous_trick(self) -> None:
        if self.data:
            starts = [s for s in self.data["tricks"] if s < self.step]
            self.go(starts[-1] if starts else 0)

    def _draw(self) -> None:
        last = len(self.frames) - 1
        if not self.data:
            self.frame_html.value = f"<div class='shengji-replay'>{_esc(self._empty)}</div>"
        else:
            self.frame_html.value = frame_html(self.data, self.step)
        for button in (self.start_button, self.back_button, self.previous_trick_button):
            button.disabled = not self.data or self.step == 0
        for button in (self.forward_button, self.end_button, self.next_trick_button):
            button.disabled = not self.data or self.step == last


__all__ = ["ReplayPanel", "frame_html"]
