"""Events: what happened in a hand, as plain data a renderer or a notebook can print or plot.

The engine appends one :class:`Event` per thing that happened (a card dealt, a declaration,
the dealer and trump fixed, the kitty taken, the bury, an overcall or a pass in the overcall
round after the bury, each play, a failed throw, a trick won, settlement).
``event.data`` holds only JSON-friendly values (card text, ints, strings), so a lesson can
turn the list into a table with one line.

The round logs the frequent ones (a card dealt, a play, a failed throw, a trick) as small
tuples, and a play among its actions as (seat, cards); :func:`from_log` and
:func:`action_from_log` write them out when the log is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import format_cards

DEAL = "deal"
DECLARE = "declare"
PASS = "pass"
TRUMP_FIXED = "trump"
KITTY_TAKEN = "kitty_taken"
BURY = "bury"
OVERCALL = "overcall"
"""An overcall after the bury (RULES §11.3): data ``cards`` and the new trump ``suit``."""
OVERCALL_PASS = "overcall_pass"
PLAY = "play"
THROW_FAILED = "throw_failed"
TRICK = "trick"
SETTLE = "settle"


@dataclass(frozen=True)
class Event:
    """One thing that happened: its ``kind``, the ``seat`` concerned (if any) and details."""

    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}

    def __str__(self) -> str:
        who = f"seat {self.seat} " if self.seat is not None else ""
        details = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{who}{self.kind}" + (f": {details}" if details else "")


def from_log(entry) -> Event:
    """An event of the log: kept as an Event, or as a tuple for a deal, a play, a failed throw
    or a trick."""
    if type(entry) is not tuple:
        return entry
    kind, seat = entry[0], entry[1]
    if kind == DEAL:
        return Event(kind, seat, {"card": entry[2].text, "number": entry[3]})
    if kind == PLAY:
        return Event(kind, seat, {"cards": format_cards(entry[2])})
    if kind == THROW_FAILED:
        attempted, forced, throw, penalty = entry[2:]
        data = {
            "attempted": format_cards(attempted),
            "forced": format_cards(forced),
            "beaten_by": format_cards(throw.beaten_by),
            "reason": throw.reason,  # its English is written now, when first read
            "penalty": penalty,
        }
        return Event(kind, seat, data)
    number, points, defender_points = entry[2:]
    return Event(
        kind, seat, {"number": number, "points": points, "defender_points": defender_points}
    )


def action_from_log(entry) -> dict:
    """An action of the log as plain data (a copy): kept as a dict, or a play as a tuple."""
    if type(entry) is dict:
        return dict(entry)
    seat, cards = entry
    return {"action": "play", "seat": seat, "cards": format_cards(cards)}
