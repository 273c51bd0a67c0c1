"""The kinds of answers a question expects: how each is normalised (:class:`WrongType` if it
cannot be), shown, and compared (see :class:`.checking.Question`'s ``answer``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..cards import Card, format_cards
from .common import WrongType
from .plain import safe_repr, type_name


class Answer:
    """How one kind of answer is normalised (``WrongType`` if it cannot be) and shown."""

    words = "an answer"

    def normalize(self, value: object) -> object:
        return value

    def show(self, value: object) -> str:
        return repr(value)

    def difference(self, expected: object, actual: object) -> list[str]:
        """Extra message lines that point at the difference (none by default)."""
        return []

    def wrong(self, value: object, extra: str = "") -> WrongType:
        hint = " Did you forget `return`?" if value is None else ""
        return WrongType(
            f"{safe_repr(value)} ({type_name(value)}), but the answer should be {self.words}."
            f"{extra}{hint}"
        )


class WholeNumber(Answer):
    words = "a whole number (an int)"

    def normalize(self, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.wrong(value)
        if isinstance(value, float):
            if not value.is_integer():
                raise self.wrong(value)
            return int(value)
        return int(value)

    def show(self, value: object) -> str:
        return str(value)


class TrueFalse(Answer):
    words = "True or False"

    def normalize(self, value: object) -> object:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise self.wrong(value)

    def show(self, value: object) -> str:
        return str(value)


class OneOf(Answer):
    """One of a few fixed values, e.g. the effective suits ``"T" "S" "H" "D" "C"``."""

    def __init__(self, choices: Sequence[object], words: str) -> None:
        self.choices = tuple(choices)
        self.words = words

    def normalize(self, value: object) -> object:
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise self.wrong(value)

    def show(self, value: object) -> str:
        return repr(value)


class OneCard(Answer):
    words = "one Card"

    def normalize(self, value: object) -> object:
        if isinstance(value, Card):
            return value
        extra = " Make a Card, e.g. Card(suit, rank)." if isinstance(value, str) else ""
        raise self.wrong(value, extra)

    def show(self, value: object) -> str:
        return value.text if isinstance(value, Card) else repr(value)


def _card_list(answer: Answer, value: object) -> list[Card]:
    if isinstance(value, str | bytes | dict) or not isinstance(value, Iterable):
        raise answer.wrong(value)
    cards = list(value)
    for card in cards:
        if not isinstance(card, Card):
            extra = " Return Card values, e.g. from parse_cards." if isinstance(card, str) else ""
            raise WrongType(
                f"a collection holding {safe_repr(card)} ({type_name(card)}), but the answer "
                f"should be {answer.words}.{extra}"
            )
    return cards


class CardMultiset(Answer):
    """A list of cards whose order does not matter (compared as a multiset)."""

    words = "a list of cards"

    def normalize(self, value: object) -> object:
        return tuple(sorted(_card_list(self, value)))

    def show(self, value: object) -> str:
        if not value:
            return "no cards (an empty list)"
        return format_cards(value)

    def difference(self, expected: object, actual: object) -> list[str]:
        want, got = Counter(expected), Counter(actual)
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        lines = []
        if missing:
            lines.append(f"Missing from your answer: {format_cards(missing)}")
        if extra:
            lines.append(f"In your answer but not expected: {format_cards(extra)}")
        return lines


class CardSequence(Answer):
    """A list of cards whose order matters."""

    words = "a list of cards in order"

    def normalize(self, value: object) -> object:
        return tuple(_card_list(self, value))

    def show(self, value: object) -> str:
        if not value:
            return "no cards (an empty list)"
        return format_cards(value)


class OrNone(Answer):
    """``None`` or an answer of another kind."""

    def __init__(self, inner: Answer, none_words: str) -> None:
        self.inner = inner
        self.none_words = none_words
        self.words = f"{inner.words}, or None"

    def normalize(self, value: object) -> object:
        return None if value is None else self.inner.normalize(value)

    def show(self, value: object) -> str:
        return f"None ({self.none_words})" if value is None else self.inner.show(value)


class Group(Answer):
    """A tuple (or list) of a fixed number of parts, each of its own kind."""

    def __init__(self, parts: Sequence[Answer], words: str, names: Sequence[str] = ()) -> None:
        self.parts = tuple(parts)
        self.words = words
        self.names = tuple(names)

    def normalize(self, value: object) -> object:
        if not isinstance(value, tuple | list) or len(value) != len(self.parts):
            raise self.wrong(value)
        normalized = []
        for index, (part, item) in enumerate(zip(self.parts, value, strict=True)):
            try:
                normalized.append(part.normalize(item))
            except WrongType as error:
                name = self.names[index] if index < len(self.names) else f"part {index + 1}"
                raise WrongType(f"a {len(value)}-part answer whose {name} is {error}") from None
        return tuple(normalized)

    def show(self, value: object) -> str:
        shown = [part.show(v) for part, v in zip(self.parts, value, strict=True)]
        return "(" + ", ".join(shown) + ")"


class NumberMultiset(Answer):
    """A list of whole numbers whose order does not matter."""

    words = "a list of whole numbers"

    def normalize(self, value: object) -> object:
        if isinstance(value, str | bytes | dict) or not isinstance(value, Iterable):
            raise self.wrong(value)
        numbers = [WholeNumber().normalize(v) for v in value]
        return tuple(sorted(numbers, reverse=True))

    def show(self, value: object) -> str:
        return "[" + ", ".join(str(v) for v in value) + "]"


class KeyOrder(Answer):
    """Two keys (of cards ``a`` and ``b``), judged by the order they put the cards in.

    The keys are compared by the judge, as plain data (numbers, text, tuples of them): a key
    of another kind cannot be compared outside the student's process, so it is wrong.
    """

    words = "a comparison"

    def normalize(self, value: object) -> object:
        if not isinstance(value, tuple) or len(value) != 2:
            raise self.wrong(value)
        key_a, key_b = value
        try:
            if key_a > key_b:
                return 1
            if key_a < key_b:
                return -1
            if key_a == key_b:
                return 0
        except TypeError:
            pass
        raise WrongType(
            f"the keys {safe_repr(key_a)} and {safe_repr(key_b)}, which cannot be compared: "
            f"a key should be a number (or a tuple of numbers)."
        )


class _Close(tuple):
    """Numbers compared with a tolerance (sums in another order differ in the last digits)."""

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, tuple)
            and len(other) == len(self)
            and all(
                abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))
                for a, b in zip(self, other, strict=True)
            )
        )

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__


class Numbers(Answer):
    """A list of numbers in order, compared within 1e-6 (relative for large ones)."""

    words = "a list of numbers"

    def normalize(self, value: object) -> object:
        if isinstance(value, str | bytes | dict) or not isinstance(value, Iterable):
            raise self.wrong(value)
        numbers = list(value)
        for number in numbers:
            if isinstance(number, bool) or not isinstance(number, int | float):
                raise self.wrong(value)
        return _Close(float(n) for n in numbers)

    def show(self, value: object) -> str:
        return "[" + ", ".join(f"{v:.6g}" for v in value) + "]"
