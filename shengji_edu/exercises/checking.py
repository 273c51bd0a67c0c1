"""The check mechanism: ``q.check(fn)``, ``q.hint()`` and ``q.solution()``.

A :class:`Question` knows a reference answer, a list of fixed edge cases and a seeded
generator of random cases. ``q.check(fn)`` runs the student's function on every case and
prints exactly one of three outcomes, in plain words:

* ``PASS`` – every case gives the reference's answer, and no input was changed;
* ``FAIL`` – the *smallest* failing input (fewest cards; among equals, the first case in
  order: fixed cases first, then the random ones), the expected answer and what the function
  returned (or raised, or how it changed its input);
* ``NOT ATTEMPTED`` – the function raised ``NotImplementedError`` on every case (the stub).

It also returns a :class:`CheckResult` (``status``, ``message``), so tests and the grader
read the outcome without parsing text. ``check`` never raises, whatever the student wrote,
unless the environment variable ``SHENGJI_EDU_STRICT=1`` is set: then anything but PASS
raises :class:`CheckFailed`, so the solution notebooks can be tested with nbval.

One definition, two places (a decision worth knowing)
-----------------------------------------------------
The same question is checked in the student's notebook (``q.check``, for learning) and by the
grader (``shengji grade``, for marks), and both go through the same three steps:

1. the cases as **plain data** (:meth:`Question.wire_cases`: cards as text, trumps as
   level and suit, numbers, lists);
2. **where the function lives** (the notebook's kernel, or the grader's sandboxed child
   process), :meth:`Question.call_plain` rebuilds the arguments, calls the function the
   question's way, and turns what came back into plain data (:func:`to_plain`), noting the
   input if the function changed it;
3. **where the judging happens** (the notebook, or the grader's own process),
   :meth:`Question.judge` turns the plain answers back into values (:func:`from_plain`),
   normalises them (a list of cards becomes a multiset, ``15.0`` is ``15``, a strength key is
   judged by the order it induces) and compares them with the reference's answers.

In the grader, step 2 runs in a child process and steps 1 and 3 in the grader's process, so
nothing the student's code does to modules, ``__eq__`` or the checks themselves can change a
comparison: a Card subclass whose ``__eq__`` is always true arrives as its card text. The child
does not even hold the question: it is told the function's name, the call style
(:data:`CALL_STYLES`) and the cases, and calls :func:`call_plain`. The references and
solutions are not in the exercise modules but in ``solutions_exNN`` (:func:`answers`), which
the grader's child can neither import nor read. Answers
must therefore be plain data: numbers, text, True/False, cards, trumps, lists and tuples of
them; anything else is reported by its type (the answer is wrong).

A function that changes its input fails (with the input before and after): callers of a rule
function do not expect their hand to change. When a question builds on an earlier one (its
``builds_on``) and fails only because the student's earlier function is wrong, the message
says to fix that question first (the check tries again with a correct earlier function).

The time limit
--------------
A student's function may loop forever. Signals (``signal.alarm``) do not exist on Windows and
only work in the main thread, and the student's function lives only in the notebook's kernel.
So ``q.check`` runs the calls in one *daemon worker thread* while the calling thread waits
with a timeout (``threading.Event.wait``), the same on Windows, macOS and Linux. When a call
takes longer than the limit (2 s by default, ``SHENGJI_EDU_TIME_LIMIT`` to change it), the
check reports FAIL with the input it was stuck on and tries to stop the thread by raising an
exception inside it (CPython's ``PyThreadState_SetAsyncExc``); a loop inside one long C call
cannot be interrupted that way and keeps running in the background until the kernel is
restarted. (The grader does not rely on this: it stops its child process by killing it.)
Where threads cannot be started at all (e.g. JupyterLite), the checks run in the calling
thread, without a time limit.

While the student's function runs, what it prints is captured (and shown, shortened, next
to a failing case) instead of flooding the notebook.
"""

from __future__ import annotations

import contextlib
import inspect
import numbers
import os
import random
import reprlib
import textwrap
import threading
import time
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from ..cards import Card, format_cards
from ..trump import Trump

PASS = "PASS"
FAIL = "FAIL"
NOT_ATTEMPTED = "NOT ATTEMPTED"
STATUSES = (PASS, FAIL, NOT_ATTEMPTED)

STRICT_VARIABLE = "SHENGJI_EDU_STRICT"
"""Set to ``1`` and every check that does not PASS raises :class:`CheckFailed`."""

TIME_LIMIT_VARIABLE = "SHENGJI_EDU_TIME_LIMIT"
"""Seconds one call of the student's function may take (default :data:`TIME_LIMIT`)."""

TIME_LIMIT = 2.0
TOTAL_TIME_LIMIT = 60.0
"""Seconds all the cases of one check may take together."""

OUTPUT_LIMIT = 600
"""Characters of a case's printed output that are kept to show the student."""

PLAIN_VALUES = 20_000
"""The most values (numbers, cards, list items …) one answer may hold to be checked."""
PLAIN_TEXT = 10_000
"""The longest text in an answer."""
PLAIN_DEPTH = 12
"""The deepest nesting of lists in an answer."""

RESULTS: list[CheckResult] = []
"""Every result of ``check`` in this process, in order (tests and the grader read it)."""


class CheckFailed(AssertionError):
    """Raised by ``check`` in strict mode (``SHENGJI_EDU_STRICT=1``) when a check fails."""


class WrongType(Exception):
    """The function returned something of the wrong kind; the message says what and why."""


class _StopCheck(BaseException):
    """Raised inside the student's call to stop it when it ran out of time."""


class AnswersUnavailable(RuntimeError):
    """The solutions and references cannot be loaded in this process: the grader's sandboxed
    child, where a notebook runs for marks, can neither import nor read them."""


SOLUTIONS_PREFIX = "solutions_"
"""Where the answers live: module ``solutions_exNN`` (next to ``exNN``) holds the solutions
that ``q.solution()`` prints and the references the checks compare with. The exercise modules
(``exNN``) hold only what may be shown to a student: cases, hints, how answers are read, and
the *names* of those answers, resolved when first needed (:func:`answers`). The grader's child
runs on a copy of the package without the ``solutions_*`` modules (see
:func:`shengji_edu.grading.child_package`)."""


def answers(exercise: str) -> types.ModuleType:
    """The module holding exercise ``exercise``'s solutions and references.

    Raises :class:`AnswersUnavailable` where it cannot be imported (the grader's child).
    """
    try:
        return import_module(f"{__package__}.{SOLUTIONS_PREFIX}{exercise}")
    except Exception as error:  # not importable, not readable (Landlock), …
        raise AnswersUnavailable(
            f"the answers of {exercise} are not available in this process ({describe_error(error)})"
        ) from None


def _resolve(exercise: str, spec: object) -> Any:
    """A reference or solution given as a name (``"Card.parse"``) in :func:`answers`."""
    if not isinstance(spec, str):
        return spec
    value: Any = answers(exercise)
    for part in spec.split("."):
        value = getattr(value, part)
    return value


def _plain_call(fn: Callable[..., Any], *args: object) -> object:
    return fn(*args)


def _both_keys(key: Callable[..., Any], a: object, b: object, *rest: object) -> tuple:
    """The keys of two cards; the judge compares them (see :class:`KeyOrder`)."""
    return key(a, *rest), key(b, *rest)


CALL_STYLES: dict[str, Callable[..., Any]] = {"plain": _plain_call, "both_keys": _both_keys}
"""How a question calls a function on one case, by name (the grader's child is told the
name, as plain data): ``plain`` is ``fn(*args)``; ``both_keys`` is ``(fn(a, *rest),
fn(b, *rest))`` for arguments ``(a, b, *rest)``."""


def strict_mode() -> bool:
    """True when ``SHENGJI_EDU_STRICT=1``: checks that do not pass raise."""
    return os.environ.get(STRICT_VARIABLE, "").strip() == "1"


def time_limit() -> float:
    """The time limit for one call, from ``SHENGJI_EDU_TIME_LIMIT`` or the default."""
    try:
        value = float(os.environ.get(TIME_LIMIT_VARIABLE, ""))
    except ValueError:
        return TIME_LIMIT
    return value if value > 0 else TIME_LIMIT


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


@contextlib.contextmanager
def swapped(namespace: dict, replacements: Mapping[str, object]) -> Iterator[None]:
    """Temporarily bind names in a namespace (the notebook's globals), then restore them."""
    missing = object()
    saved = {name: namespace.get(name, missing) for name in replacements}
    namespace.update(replacements)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is missing:
                namespace.pop(name, None)
            else:
                namespace[name] = value


# --- kinds of answers -----------------------------------------------------------------------
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


# --- results --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: ``status`` (PASS, FAIL, NOT ATTEMPTED) and its message.

    ``bool(result)`` is true for PASS. In a notebook the result displays nothing, because
    ``check`` has already printed the message.
    """

    question: str
    status: str
    message: str
    cases: int = 0
    failed: int = 0

    @property
    def passed(self) -> bool:
        return self.status == PASS

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return self.message

    def _ipython_display_(self) -> None:
        """Show nothing: ``check`` printed the message already (no duplicate ``Out[]``)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "question": self.question,
            "status": self.status,
            "message": self.message,
            "cases": self.cases,
            "failed": self.failed,
        }


@dataclass(frozen=True)
class Case:
    """One input: the arguments, and its size (number of cards) for "smallest failing"."""

    args: tuple
    size: int


@dataclass
class _Outcome:
    """One case as the judge reads it."""

    kind: str  # "value", "error", "wrong", "todo", "timeout", "died"
    value: object = None
    text: str = ""
    output: str = ""
    after: tuple | None = None
    """The arguments after the call, when the function changed them."""
    total: bool = False
    """A timeout of the whole check (not of this one call)."""
    killed: bool = False
    """The grader had to end the student's process (it ignored the interrupt, or died)."""


class _Capture:
    """A stand-in for sys.stdout / sys.stderr that keeps a little of each case's output."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def write(self, text: object) -> int:
        text = str(text) if not isinstance(text, str) else text
        if self.size < OUTPUT_LIMIT:
            kept = text[: OUTPUT_LIMIT - self.size]
            self.parts.append(kept)
            self.size += len(kept)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def take(self) -> str:
        text = "".join(self.parts)
        self.parts, self.size = [], 0
        return text


@dataclass
class _RunState:
    index: int = 0
    started: float = 0.0
    cancelled: bool = False
    limit: float = TIME_LIMIT
    outcomes: list[dict] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _stop_thread(thread: threading.Thread) -> None:
    """Ask a running thread to stop by raising _StopCheck in it (CPython only)."""
    try:
        import ctypes

        ident = thread.ident
        if ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(ident), ctypes.py_object(_StopCheck)
            )
    except Exception:  # another Python, or no ctypes: the thread keeps running
        pass


def global_names(function: object) -> set[str]:
    """The global names a function's code (and code nested in it) reads: the functions it
    calls by name, such as an earlier question's."""
    import dis

    code = getattr(function, "__code__", None)
    names: set[str] = set()
    stack = [code] if isinstance(code, types.CodeType) else []
    while stack:
        current = stack.pop()
        for instruction in dis.get_instructions(current):
            if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and instruction.argval:
                names.add(str(instruction.argval))
        stack += [c for c in current.co_consts if isinstance(c, types.CodeType)]
    return names


def call_plain(
    fn: Callable[..., Any], wire: list, capture: _Capture | None = None, style: str = "plain"
) -> dict:
    """Call ``fn`` on one case given as plain data (in the :data:`CALL_STYLES` way named
    ``style``); the outcome as plain data.

    Runs where the function lives (the notebook, or the grader's child process, which is
    told only the function's name, the style and the cases). Only :class:`_StopCheck` (the
    time limit) escapes.
    """
    args = decode_args(wire)
    try:
        outcome: dict = {"kind": "value", "value": to_plain(CALL_STYLES[style](fn, *args))}
    except _StopCheck:
        raise
    except NotImplementedError as error:
        outcome = {"kind": "todo", "text": describe_error(error)}
    except BaseException as error:  # the student's code may raise anything
        outcome = {"kind": "error", "text": describe_error(error)}
    if capture is not None:
        outcome["output"] = capture.take()
    if outcome["kind"] == "value":
        after = encode_args(args)
        if after != wire:
            outcome["after"] = after
    return outcome


# --- the question ---------------------------------------------------------------------------
class Question:
    """One exercise question: a reference answer, cases, a hint and a solution.

    ``call(fn, *args)`` turns a function into the observed answer for one case (by default
    ``fn(*args)``); ``answer`` normalises and shows it. ``fixed`` holds argument tuples tried
    first; ``generate(rng)`` returns one random argument tuple and is called ``random_cases``
    times with a ``random.Random`` seeded by the question's id, so every run tries the same
    cases. ``explain(args, expected)`` adds lines to a FAIL message (e.g. the rule that
    decides the case). ``builds_on`` names the numbers of earlier questions of the exercise
    whose functions this one's solution calls.
    """

    def __init__(
        self,
        *,
        exercise: str,
        number: int,
        function: str,
        params: Sequence[str],
        reference: Callable[..., Any] | str,
        answer: Answer,
        fixed: Iterable[tuple] = (),
        generate: Callable[[random.Random], tuple] | None = None,
        random_cases: int = 200,
        hint: str = "",
        solution: Callable[..., Any] | str | None = None,
        call: str = "plain",
        show_answer: Callable[[object, tuple], str] | None = None,
        try_it: Callable[[tuple], str] | None = None,
        size: Callable[..., int] | None = None,
        actual_words: str = "but your function returned:",
        explain: Callable[[tuple, object], list[str]] | None = None,
        builds_on: Sequence[int] = (),
    ) -> None:
        self.exercise = exercise
        self.number = number
        self.function = function
        self.params = tuple(params)
        self._reference = reference
        self.answer = answer
        self._fixed = [tuple(args) for args in fixed]
        self._generate = generate
        self.random_cases = random_cases if generate is not None else 0
        self.hint_text = textwrap.dedent(hint).strip()
        self._solution = solution
        if call not in CALL_STYLES:
            raise ValueError(f"unknown call style {call!r}: use one of {', '.join(CALL_STYLES)}")
        self.call_style = call
        self._show_answer = show_answer
        self._try_it = try_it
        self._size = size
        self._actual_words = actual_words
        self._explain = explain
        self.builds_on = tuple(builds_on)
        self._cases: list[Case] | None = None
        self._wire: list[list] | None = None
        self._expected: list[object] | None = None

    # --- names --------------------------------------------------------------------------
    @property
    def id(self) -> str:
        """``"ex01.q1"``: the question's name in the grade table."""
        return f"{self.exercise}.q{self.number}"

    @property
    def label(self) -> str:
        """``"ex01 question 1 (points_of)"``: how messages name the question."""
        return f"{self.exercise} question {self.number} ({self.function})"

    @property
    def reference(self) -> Callable[..., Any]:
        """The function whose answers are right (loaded from :func:`answers` when first
        needed; :class:`AnswersUnavailable` in the grader's child)."""
        return _resolve(self.exercise, self._reference)

    @property
    def solution_function(self) -> Callable[..., Any] | None:
        """The stored solution (what ``solution()`` prints), a correct function; None where
        the answers cannot be loaded (the grader's child)."""
        try:
            return _resolve(self.exercise, self._solution)
        except AnswersUnavailable:
            return None

    def __repr__(self) -> str:
        return f"<{self.label}: q{self.number}.check({self.function}), .hint(), .solution()>"

    def dependencies(self) -> list[Question]:
        """The earlier questions this one builds on (``builds_on``)."""
        if not self.builds_on:
            return []
        module = import_module(f"{__package__}.{self.exercise}")
        return [q for q in module.QUESTIONS if q.number in self.builds_on]

    # --- cases and expected answers ----------------------------------------------------
    def cases(self) -> list[Case]:
        """The fixed cases, then the seeded random ones (computed once)."""
        if self._cases is None:
            arguments = list(self._fixed)
            if self._generate is not None:
                rng = random.Random(f"shengji-edu {self.id}")
                arguments += [tuple(self._generate(rng)) for _ in range(self.random_cases)]
            size = self._size
            self._cases = [
                Case(args, size(*args) if size is not None else count_cards(args))
                for args in arguments
            ]
        return self._cases

    def wire_cases(self) -> list[list]:
        """Every case's arguments as plain data, what is sent to the student's function."""
        if self._wire is None:
            self._wire = [encode_args(case.args) for case in self.cases()]
        return self._wire

    def invoke(self, fn: Callable[..., Any], args: tuple) -> object:
        """What a function answers for one case, as it returned it (the question's way)."""
        return CALL_STYLES[self.call_style](fn, *args)

    def call_plain(
        self, fn: Callable[..., Any], wire: list, capture: _Capture | None = None
    ) -> dict:
        """Call ``fn`` on one case given as plain data, the question's way; the outcome as
        plain data (see :func:`call_plain`)."""
        return call_plain(fn, wire, capture, self.call_style)

    def expected(self) -> list[object]:
        """The reference's answer for every case, normalised (computed once)."""
        if self._expected is None:
            self._expected = [
                self.answer.normalize(
                    from_plain(to_plain(self.invoke(self.reference, decode_args(wire))))
                )
                for wire in self.wire_cases()
            ]
        return self._expected

    # --- hint and solution -----------------------------------------------------------------
    def hint(self) -> None:
        """Print a hint."""
        print(f"Hint for {self.label}:\n{self.hint_text or 'no hint for this one, sorry.'}")

    def solution_code(self) -> str:
        """The source of one solution (as text)."""
        if self._solution is None:
            return "(no solution is stored for this question)"
        solution = self.solution_function
        if solution is None:
            return (
                "(the solutions are not available here; see exercises/solutions/ in the repository)"
            )
        try:
            return textwrap.dedent(inspect.getsource(solution)).strip()
        except (OSError, TypeError):
            return "(the solution's source is not available here; see exercises/solutions/)"

    def solution(self) -> None:
        """Print one solution."""
        print(f"One solution for {self.label}:\n\n{self.solution_code()}")

    # --- checking in the notebook ---------------------------------------------------------
    def check(self, fn: Callable[..., Any] | None = None) -> CheckResult:
        """Test ``fn`` and print PASS, FAIL (with the smallest failing input) or NOT ATTEMPTED.

        Returns the :class:`CheckResult`. Never raises, unless ``SHENGJI_EDU_STRICT=1`` and
        the result is not PASS (then :class:`CheckFailed`).
        """
        result = self.run(fn)
        RESULTS.append(result)
        print(result.message)
        if strict_mode() and not result.passed:
            raise CheckFailed(f"{self.label}: {result.status} (strict mode)\n{result.message}")
        return result

    def run(self, fn: Callable[..., Any] | None, limit: float | None = None) -> CheckResult:
        """Test ``fn`` quietly and return the result (what ``check`` prints)."""
        limit = time_limit() if limit is None else limit
        try:
            result = self._run(fn, limit)
            if result.status == FAIL and self.builds_on and callable(fn):
                result = self._explain_dependencies(fn, result, limit)
            return result
        except AnswersUnavailable as error:
            return self._result(
                FAIL,
                f"not checked here: {error}. Where a notebook is graded, the grader calls "
                f"your function itself and judges its answers in its own process.",
            )
        except Exception as error:  # a bug in the checker itself must not break the notebook
            return self._result(
                FAIL,
                f"the checker itself failed ({describe_error(error)}); please tell your "
                f"instructor. Your function was not judged.",
            )

    def _run(self, fn: Callable[..., Any] | None, limit: float) -> CheckResult:
        if fn is None or not callable(fn):
            return self.not_a_function(fn)
        return self.judge(self.collect(fn, limit), limit)

    def not_a_function(self, fn: object) -> CheckResult:
        """The FAIL for ``check`` given something that is not a function."""
        given = "nothing" if fn is None else f"{safe_repr(fn)} ({type_name(fn)})"
        return self._result(
            FAIL,
            f"check needs your function itself, but got {given}. Write "
            f"q{self.number}.check({self.function}), without brackets after the name.",
        )

    def _explain_dependencies(
        self, fn: Callable[..., Any], result: CheckResult, limit: float
    ) -> CheckResult:
        """Does it fail only because an earlier function it calls fails? Then say so."""
        namespace = getattr(fn, "__globals__", None)
        if not isinstance(namespace, dict):
            return result
        used = global_names(fn)
        failing = []
        for earlier in self.dependencies():
            if earlier.function not in used:
                continue
            theirs = namespace.get(earlier.function)
            if callable(theirs) and earlier._run(theirs, limit).passed:
                continue
            failing.append(earlier)
        if not failing:
            return result
        with swapped(namespace, {q.function: q.solution_function for q in failing}):
            again = self._run(fn, limit)
        return self.with_dependencies(result, failing, again)

    def with_dependencies(
        self, result: CheckResult, failing: Sequence[Question], again: CheckResult
    ) -> CheckResult:
        """``result`` (a FAIL), told that earlier questions it builds on fail too; ``again``
        is the check run with correct earlier functions in their place."""
        names = " and ".join(f"{q.function} (question {q.number})" for q in failing)
        which = " and ".join(f"question {q.number}" for q in failing)
        verb = "does" if len(failing) == 1 else "do"
        body = result.message.removeprefix(f"{self.label}: {FAIL}. ")
        if again.passed:
            correct = " and ".join(f"a correct {q.function}" for q in failing)
            text = (
                f"It fails only because {names}, which it uses, {verb} not pass yet: with "
                f"{correct} in its place, your {self.function} passes all {again.cases} test "
                f"cases. Fix {which} first, then run this check again.\n"
                f"What goes wrong with yours:\n{body}"
            )
        else:
            text = (
                f"{body}\n(Also, {names}, which it uses, {verb} not pass yet: fix {which} "
                f"first, it may be the cause.)"
            )
        return CheckResult(
            self.id, FAIL, f"{self.label}: {FAIL}. {text}", result.cases, result.failed
        )

    def collect(self, fn: Callable[..., Any], limit: float) -> list[dict]:
        """Call ``fn`` on every case in a worker thread, stopping at a call over the limit.

        The outcomes as plain data (see :meth:`call_plain`); a stop adds a ``timeout``.
        """
        wires = self.wire_cases()
        state = _RunState(limit=limit)
        capture = _Capture()

        def work() -> None:
            try:
                for index, wire in enumerate(wires):
                    if state.cancelled:
                        return
                    state.index, state.started = index, time.monotonic()
                    outcome = self.call_plain(fn, wire, capture)
                    with state.lock:
                        if state.cancelled:
                            return
                        state.outcomes.append(outcome)
            except _StopCheck:
                return
            finally:
                state.done.set()

        started = time.monotonic()
        state.started = started
        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture):
            thread = threading.Thread(target=work, name="shengji-edu-check", daemon=True)
            try:
                thread.start()
            except RuntimeError:  # no threads here (e.g. JupyterLite): run without a limit
                work()
                return state.outcomes
            try:
                while not state.done.wait(0.02):
                    now = time.monotonic()
                    over_total = now - started > TOTAL_TIME_LIMIT
                    if now - state.started > limit or over_total:
                        with state.lock:
                            state.cancelled = True
                            state.outcomes.append({"kind": "timeout", "total": over_total})
                        _stop_thread(thread)
                        state.done.wait(0.2)
                        break
            except BaseException:  # e.g. the user interrupts the kernel: stop the worker too
                state.cancelled = True
                _stop_thread(thread)
                raise
        return state.outcomes

    # --- judging (in the notebook, or in the grader's own process) ---------------------------
    def judge(self, outcomes: Sequence[object], limit: float | None = None) -> CheckResult:
        """The result of a check from its outcomes as plain data, one per case in order.

        The outcomes may come from a process that cannot be trusted: anything malformed
        counts as a failing case, never as a passing one.
        """
        limit = time_limit() if limit is None else limit
        cases = self.cases()
        wires = self.wire_cases()
        read = [self._read_outcome(o, wires[i]) for i, o in enumerate(outcomes[: len(cases)])]
        if read and len(read) == len(cases) and all(o.kind == "todo" for o in read):
            return self._result(
                NOT_ATTEMPTED,
                f"{self.function} still raises NotImplementedError. Replace "
                f"`raise NotImplementedError()` with your code, run that cell, then run this "
                f"check again. Stuck? q{self.number}.hint()",
            )
        if read and read[-1].kind in ("timeout", "died"):
            return self._stuck_result(cases[len(read) - 1], read[-1], limit, len(cases))
        if len(read) < len(cases):  # the outcomes stopped early without saying why
            return self._stuck_result(cases[len(read)], _Outcome("died"), limit, len(cases))
        expected = self.expected()
        failing = [
            i
            for i, (outcome, want) in enumerate(zip(read, expected, strict=True))
            if outcome.kind != "value" or outcome.value != want or outcome.after is not None
        ]
        if not failing:
            return self._result(
                PASS,
                f"Your function gives the right answer on all {len(cases)} test cases.",
                len(cases),
            )
        smallest = min(failing, key=lambda i: (cases[i].size, i))
        return self._fail_result(
            cases[smallest], expected[smallest], read[smallest], len(failing), len(cases)
        )

    def _read_outcome(self, data: object, wire: list) -> _Outcome:
        if not isinstance(data, dict):
            return _Outcome("error", text="(the check received something that is not a result)")
        output = data.get("output")
        output = output[:OUTPUT_LIMIT] if isinstance(output, str) else ""
        kind = data.get("kind")
        if kind == "value":
            try:
                outcome = _Outcome("value", self.answer.normalize(from_plain(data.get("value"))))
            except WrongType as error:
                outcome = _Outcome("wrong", text=str(error))
            except Exception as error:  # forged data the answer cannot read
                outcome = _Outcome("wrong", text=f"an answer that cannot be read ({error})")
            after = data.get("after")
            if after is not None and after != wire:
                try:
                    outcome.after = decode_args(after)
                except ValueError:
                    outcome.after = (Foreign("object", "(unreadable)"),)
        elif kind == "todo":
            outcome = _Outcome("todo", text=str(data.get("text", ""))[:300])
        elif kind == "error":
            outcome = _Outcome("error", text=str(data.get("text", ""))[:300] or "an error")
        elif kind == "timeout":
            outcome = _Outcome("timeout", total=data.get("total") is True)
            outcome.killed = data.get("killed") is True
            outcome.text = "stopped" if data.get("stopped") is True else ""
        elif kind == "died":
            outcome = _Outcome("died", killed=True, text=str(data.get("text", ""))[:300])
        else:
            outcome = _Outcome("error", text="(the check received an unknown kind of result)")
        outcome.output = output
        return outcome

    # --- messages ----------------------------------------------------------------------
    def _result(self, status: str, text: str, cases: int = 0, failed: int = 0) -> CheckResult:
        return CheckResult(self.id, status, f"{self.label}: {status}. {text}", cases, failed)

    def _input_lines(self, args: tuple) -> list[str]:
        return [
            f"    {name} = {value_code(value)}"
            for name, value in zip(self.params, args, strict=False)
        ]

    def _try_line(self, case: Case) -> str:
        if self._try_it is not None:
            return self._try_it(case.args)
        return f"{self.function}({', '.join(self.params)})"

    def _show(self, value: object, case: Case) -> str:
        if self._show_answer is not None:
            return self._show_answer(value, case.args)
        return self.answer.show(value)

    def _stuck_result(self, case: Case, got: _Outcome, limit: float, total: int) -> CheckResult:
        if got.kind == "died":
            why = (
                "The process running your function ended (did it call os._exit() or exit(), "
                "or crash?) while it worked on this input"
            )
        elif got.total:
            why = (
                f"Your function is too slow: the {total} test cases did not finish within "
                f"{TOTAL_TIME_LIMIT:.0f} seconds. It was working on this input"
            )
        else:
            why = (
                f"Your function did not finish within {limit:g} seconds (an endless loop?) "
                f"on this input"
            )
        if got.kind == "died" or got.killed:
            tail = "(The grader stopped the notebook's process; the checks after it were rerun.)"
            if got.kind == "timeout":
                tail = "(It did not stop when interrupted, so the grader ended its process.)"
        elif got.text == "stopped":
            tail = "(The grader interrupted it there and went on with the next question.)"
        else:
            tail = "(If the notebook gets slow, restart the kernel: the loop may still be running.)"
        lines = [
            f"{why}:",
            *self._input_lines(case.args),
            f"Try it yourself: the lines above, then {self._try_line(case)}",
            tail,
        ]
        return self._result(FAIL, "\n".join(lines), total, 1)

    def _fail_result(
        self, case: Case, want: object, got: _Outcome, failed: int, total: int
    ) -> CheckResult:
        right = got.kind == "value" and got.value == want
        if right:
            actual = "and your function returned that too."
        elif got.kind == "value":
            actual = f"{self._actual_words}\n    {self._show(got.value, case)}"
        elif got.kind == "wrong":
            actual = f"but your function returned:\n    {got.text}"
        elif got.kind == "todo":
            actual = "but your function raised NotImplementedError: this case is not handled yet."
        else:
            actual = f"but your function raised an error:\n    {got.text}"
        which = (
            "the only failing case"
            if failed == 1
            else f"the smallest of {failed} failing cases out of {total}"
        )
        if any(c.size for c in self.cases()):
            which += f", {case.size} card{'' if case.size == 1 else 's'}"
        lines = [
            f"For this input ({which}):",
            *self._input_lines(case.args),
            "the answer should be:",
            f"    {self._show(want, case)}",
            actual,
        ]
        if got.kind == "value" and not right:
            lines += self.answer.difference(want, got.value)
        if got.after is not None:
            changed = [
                (name, after)
                for name, before, after in zip(self.params, case.args, got.after, strict=False)
                if encode_args([before]) != encode_args([after])
            ]
            first = changed[0][0] if changed else self.params[0]
            lines += [
                f"{'But' if right else 'Also,'} your function changed its input; after the call:",
                *[f"    {name} = {value_code(after)}" for name, after in changed],
                f"Do not change what you are given (the caller still needs it): work on a copy "
                f"(list({first})) or build a new list.",
            ]
        if self._explain is not None and not right:
            with contextlib.suppress(Exception):  # an explanation must never hide the result
                lines += self._explain(case.args, want)
        if got.output.strip():
            printed = got.output.rstrip()
            if len(printed) >= OUTPUT_LIMIT:
                printed += " ..."
            lines.append("Your function printed:\n" + textwrap.indent(printed, "    "))
        lines.append(f"Try it yourself: the lines above, then {self._try_line(case)}")
        return self._result(FAIL, "\n".join(lines), total, failed)
