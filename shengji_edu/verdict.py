"""A verdict: the answer to "is this move legal?", with the reason when it is not."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING

from .i18n import Message, message

if TYPE_CHECKING:
    from .cards import Card


class LazyReason:
    """What :class:`Verdict` and :class:`~shengji_edu.tricks.ThrowResult` share: truthy when
    the move stands; frozen like a frozen dataclass; and a ``reason`` whose English is written
    from ``message`` only when it is first read, so code that plays thousands of hands (or
    asks only ``bool(verdict)`` of every combination of cards) pays for no sentence nobody
    reads. A subclass lists ``ok``, ``_reason`` and ``message`` in its ``__slots__``."""

    __slots__ = ()

    ok: bool
    message: Message | None

    @property
    def reason(self) -> str:
        """Why the move does not stand, in English (empty when it does)."""
        reason = self._reason  # type: ignore[attr-defined]
        if reason is None:
            reason = str(self.message)  # a MessageText: the English that knows its message
            object.__setattr__(self, "_reason", reason)
        return reason

    def __bool__(self) -> bool:
        return self.ok

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class Verdict(LazyReason):
    """Truthy when the move is legal; otherwise ``reason`` says why in words a student follows.

    Returning a verdict instead of raising lets a lesson or the widget show the reason and
    carry on; the game engine turns a false verdict into an :class:`IllegalMove` error.

    ``reason`` is the English text; ``message`` (when the rules gave one) is the same reason
    as a :class:`~shengji_edu.i18n.Message`, for a front end to show in its language:
    ``verdict.message.render("zh")``. The reason is then a
    :class:`~shengji_edu.i18n.MessageText` that carries the message too, so an error raised
    with the reason can still be rendered.

    Behaves like a frozen dataclass of ``ok`` and ``reason`` (equality, hash, repr). It is
    written by hand for one reason: a refusal given as a message writes its English text
    only when ``reason`` is first read, so code that asks only ``bool(verdict)`` of many
    plays (filtering every combination of cards) pays for no sentence.
    """

    __slots__ = ("ok", "_reason", "message")
    __match_args__ = ("ok", "reason")

    def __init__(self, ok: bool, reason: str = "", message: Message | None = None) -> None:
        object.__setattr__(self, "ok", ok)
        object.__setattr__(self, "_reason", None if message is not None and not reason else reason)
        object.__setattr__(self, "message", message)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return self.ok == other.ok and self.reason == other.reason

    def __hash__(self) -> int:
        return hash((self.ok, self.reason))

    def __repr__(self) -> str:
        return f"Verdict(ok={self.ok!r}, reason={self.reason!r})"

    def __reduce__(self):
        return (Verdict, (self.ok, self._reason or "", self.message))


LEGAL = Verdict(True)


def illegal(reason: str | Message) -> Verdict:
    """A false verdict with its reason (a Message, or plain English text).

    Only refusals build a message, and its English is written when first read.
    """
    if isinstance(reason, Message):
        return Verdict(False, message=reason)
    return Verdict(False, reason)


def not_held(card: Card, held: int, lead: bool) -> Message:
    """The play or lead asks for more copies of ``card`` than the ``held`` ones."""
    if lead:
        if held == 0:
            return message("you do not hold {card}: lead cards from your hand", card=card)
        if held == 1:
            return message("you hold only one {card}: lead cards from your hand", card=card)
        if held == 2:
            return message("you hold only two {card}: lead cards from your hand", card=card)
        return message(
            "you hold only {held} {card}: lead cards from your hand", held=held, card=card
        )
    if held == 0:
        return message("you do not hold {card}: play cards from your hand", card=card)
    if held == 1:
        return message("you hold only one {card}: play cards from your hand", card=card)
    if held == 2:
        return message("you hold only two {card}: play cards from your hand", card=card)
    return message("you hold only {held} {card}: play cards from your hand", held=held, card=card)
