"""Events: what happened in a hand, as plain data a renderer or a notebook can print or plot.

The engine appends one :class:`Event` per thing that happened (a card dealt, a declaration,
the dealer and trump fixed, the kitty taken, the bury, an overcall or a pass in the overcall
round after the bury, each play, a failed throw, a trick won, settlement).
``event.data`` holds only JSON-friendly values (card text, ints, strings), so a lesson can
turn the list into a table with one line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
