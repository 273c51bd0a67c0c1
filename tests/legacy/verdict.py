"""A verdict: the answer to "is this move legal?", with the reason when it is not."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """Truthy when the move is legal; otherwise ``reason`` says why in words a student follows.

    Returning a verdict instead of raising lets a lesson or the widget show the reason and
    carry on; the game engine turns a false verdict into an :class:`IllegalMove` error.
    """

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


LEGAL = Verdict(True)


def illegal(reason: str) -> Verdict:
    """A false verdict with its reason."""
    return Verdict(False, reason)
