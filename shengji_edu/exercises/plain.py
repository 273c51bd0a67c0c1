"""Values in plain words, and plain data: what crosses between the student's process and
the judge (see :mod:`.checking`, "One definition, two places").

:func:`to_plain` turns what a function returned into JSON-able plain data (cards as text,
trumps as level and suit, numbers, lists) where the function runs; :func:`from_plain` turns it
back into values where the judging happens, reading anything it does not recognise as a
:class:`Foreign`. :func:`encode_args` and :func:`decode_args` do the same for a case's
arguments. The rest (:func:`safe_repr`, :func:`value_code` …) shows values in messages.
"""

from __future__ import annotations

import numbers
import reprlib
from collections.abc import Iterable, Iterator, Mapping, Sequence

from ..cards import Card, format_cards
from ..trump import Trump
from .common import PLAIN_DEPTH, PLAIN_TEXT, PLAIN_VALUES, _StopCheck

# --- showing values in plain words -----------------------------------------------------------
_short = reprlib.Repr()
_short.maxstring = 80
_short.maxother = 80
_short.maxlist = 12


def safe_repr(value: object) -> str:
    """A short repr that survives objects whose ``__repr__`` fails."""
    try:
        return _short.repr(value)
    except Exception:  # a student's object may have a broken __repr__
        return f"<a {type(value).__name__} that cannot be printed>"


def type_name(value: object) -> str:
    """``'an int'``, ``'a list'``, ``'None'``: the kind of a value, for messages."""
    if value is None:
        return "None"
    name = value.type_name if isinstance(value, Foreign) else type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def cards_code(cards: Iterable[Card]) -> str:
    """Python that re-creates a card list: ``parse_cards("S5 HK")``."""
    return f'parse_cards("{format_cards(cards)}")'


def value_code(value: object) -> str:
    """Python text for an input value, so a student can paste it into a cell."""
    if isinstance(value, Card):
        return f'Card.parse("{value.text}")'
    if isinstance(value, Trump):
        suit = "None" if value.suit is None else f'"{value.suit}"'
        return f"Trump(level={value.level}, suit={suit})"
    if isinstance(value, list | tuple) and value and all(isinstance(v, Card) for v in value):
        return cards_code(value)
    if isinstance(value, list) and not value:
        return "[]"
    if isinstance(value, list | tuple):
        inner = ", ".join(value_code(v) for v in value)
        if isinstance(value, tuple):
            return f"({inner}{',' if len(value) == 1 else ''})"
        return f"[{inner}]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return safe_repr(value)


def count_cards(value: object) -> int:
    """How many cards an input holds (the size used to find the smallest failing input)."""
    if isinstance(value, Card):
        return 1
    if isinstance(value, list | tuple):
        return sum(count_cards(v) for v in value)
    return 0


def describe_error(error: BaseException) -> str:
    """``ValueError: bad card`` (shortened)."""
    try:
        text = str(error)
    except Exception:
        text = ""
    text = text if len(text) <= 200 else text[:197] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# --- plain data: what crosses between the student's process and the judge -----------------------
class Foreign:
    """A value the student's function returned that is not plain data, seen from outside:
    only its type's name and its (short) repr came back. It equals nothing else."""

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name = type_name or "object"
        self.text = text

    def __repr__(self) -> str:
        return self.text


class ForeignIterable(Foreign):
    """An iterable that is not a list or tuple (a set, a generator, ``reversed(...)``): its
    items came back, so a question that accepts any collection can still read them."""

    def __init__(self, type_name: str, text: str, items: list) -> None:
        super().__init__(type_name, text)
        self.items = items

    def __iter__(self) -> Iterator:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


class _TooBig(Exception):
    pass


_CARD_SUIT = Card.__dict__["suit"]  # the slots themselves: a subclass cannot redirect them
_CARD_RANK = Card.__dict__["rank"]
_TRUMP_LEVEL = Trump.__dict__["level"]
_TRUMP_SUIT = Trump.__dict__["suit"]


def to_plain(value: object) -> object:
    """``value`` as JSON-able plain data (see the module docstring); never raises for a bad
    value (it becomes ``{"$object": type, "repr": …}``), only :class:`_StopCheck`.

    Runs where the student's function runs: it may call the student's ``__iter__`` (a
    generator), so it runs inside the time limit.
    """
    budget = [PLAIN_VALUES]
    try:
        return _plain(value, budget, 0)
    except _TooBig:
        return {"$toolarge": PLAIN_VALUES}


def _opaque(value: object) -> dict:
    return {"$object": type(value).__name__, "repr": safe_repr(value)}


def _plain(value: object, budget: list[int], depth: int) -> object:
    budget[0] -= 1
    if budget[0] < 0 or depth > PLAIN_DEPTH:
        raise _TooBig
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is float:
        return value
    if kind is str:
        return value if len(value) <= PLAIN_TEXT else _opaque(value)
    if isinstance(value, Card):
        suit, rank = _CARD_SUIT.__get__(value, Card), _CARD_RANK.__get__(value, Card)
        if type(suit) is str and type(rank) is int:
            try:
                return {"$card": Card(suit, rank).text}
            except ValueError:
                pass
        return {"$object": "Card", "repr": f"a card with suit {suit!r} and rank {rank!r}"}
    if isinstance(value, Trump):
        level, suit = _TRUMP_LEVEL.__get__(value, Trump), _TRUMP_SUIT.__get__(value, Trump)
        return {"$trump": [_plain(level, budget, depth + 1), _plain(suit, budget, depth + 1)]}
    try:
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, float):
            return float(value)
        if isinstance(value, str):
            return _plain(str.__str__(value), budget, depth)
    except Exception:
        return _opaque(value)
    if isinstance(value, tuple):
        return {"$tuple": [_plain(v, budget, depth + 1) for v in tuple.__iter__(value)]}
    if isinstance(value, list):
        return [_plain(v, budget, depth + 1) for v in list.__iter__(value)]
    if isinstance(value, dict | bytes | bytearray | Mapping):
        return _opaque(value)
    try:
        iterator = iter(value)
    except Exception:
        return _opaque(value)
    items = []
    try:
        for item in iterator:
            items.append(_plain(item, budget, depth + 1))
    except (_TooBig, _StopCheck):
        raise
    except Exception:
        return _opaque(value)
    return {"$iter": type(value).__name__, "repr": safe_repr(value), "items": items}


def from_plain(data: object, depth: int = 0) -> object:
    """Plain data back to values: cards, trumps, tuples, lists; :class:`Foreign` for the rest.

    Runs where the judging happens, on data that may have been forged: anything it does not
    recognise becomes a :class:`Foreign`, never an error.
    """
    if depth > PLAIN_DEPTH + 2:
        return Foreign("object", "(nested too deeply)")
    kind = type(data)
    if data is None or kind is bool or kind is int or kind is float or kind is str:
        return data
    if kind is list:
        return [from_plain(v, depth + 1) for v in data]
    if kind is not dict:
        return Foreign("object", "(unreadable)")
    if "$card" in data and type(data["$card"]) is str:
        try:
            card = Card.parse(data["$card"])
        except ValueError:
            card = None
        if card is not None and card.text == data["$card"]:
            return card
    elif "$trump" in data and type(data["$trump"]) is list and len(data["$trump"]) == 2:
        level, suit = data["$trump"]
        if type(level) is int and (suit is None or type(suit) is str):
            from .generate import make_trump

            try:
                return make_trump(level, suit)
            except ValueError:
                pass
    elif "$tuple" in data and type(data["$tuple"]) is list:
        return tuple(from_plain(v, depth + 1) for v in data["$tuple"])
    elif "$iter" in data and type(data.get("items")) is list:
        items = [from_plain(v, depth + 1) for v in data["items"]]
        return ForeignIterable(str(data["$iter"])[:40], str(data.get("repr", ""))[:200], items)
    elif "$object" in data:
        return Foreign(str(data["$object"])[:40], str(data.get("repr", ""))[:200])
    elif "$toolarge" in data:
        return Foreign("answer", f"(too large to check: more than {PLAIN_VALUES} values)")
    return Foreign("object", "(unreadable)")


def encode_args(args: Sequence[object]) -> list:
    """The arguments of one case as plain data (a list, one item per argument)."""
    return [to_plain(arg) for arg in args]


def decode_args(plain: object) -> tuple:
    """The arguments of one case back as values (fresh lists: a change spoils nothing)."""
    if type(plain) is not list:
        raise ValueError("the arguments of a case must be a list")
    return tuple(from_plain(arg) for arg in plain)
