"""A list that also equals a tuple of the same items: how a rule returns a row of results.

The rule book writes a row of answers as a list in one place and as a tuple in another
(``accepted: yes, no``); a student or a test may compare what a rule returns with either.
:class:`Row` is a plain ``list`` (indexable, iterable, printable as a list) whose ``==`` is
true for any list or tuple holding the same items in the same order.
"""

from __future__ import annotations

from typing import Any


class Row(list):
    """A list equal to any list or tuple of the same items, in the same order."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # a list: not hashable

    def __repr__(self) -> str:
        return list.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Row, (list(self),))
