"""The check mechanism: ``q.check(fn)``, ``q.hint()`` and ``q.solution()``.

A :class:`Question` knows a reference answer, a list of fixed edge cases and a seeded
generator of random cases. ``q.check(fn)`` runs the student's function on every case and
prints exactly one of three outcomes, in plain words:

* ``PASS`` – every case gives the reference's answer;
* ``FAIL`` – the *smallest* failing input (fewest cards; among equals, the first case in
  order: fixed cases first, then the random ones), the expected answer and what the function
  returned (or raised);
* ``NOT ATTEMPTED`` – the function raised ``NotImplementedError`` on every case (the stub).

It also returns a :class:`CheckResult` (``status``, ``message``), so tests and the grader
read the outcome without parsing text. ``check`` never raises, whatever the student wrote,
unless the environment variable ``SHENGJI_EDU_STRICT=1`` is set: then anything but PASS
raises :class:`CheckFailed`, so the solution notebooks can be tested with nbval.

Answers are compared by behaviour, not representation: each question normalises what the
function returns (a list of cards becomes a multiset, a number may be ``15`` or ``15.0``, a
strength key is judged by the order it induces), and a wrong type gets a message saying
what was expected.

The time limit (a decision worth knowing)
-----------------------------------------
A student's function may loop forever. Signals (``signal.alarm``) do not exist on Windows
and only work in the main thread; a subprocess would have to re-create the student's
function, which lives only in the notebook's kernel. So the checks run the student's calls
in one *daemon worker thread* while the calling thread waits with a timeout
(``threading.Event.wait``), which behaves the same on Windows, macOS and Linux. When a call
takes longer than the limit (2 s by default, ``SHENGJI_EDU_TIME_LIMIT`` to change it), the
check reports FAIL with the input it was stuck on and tries to stop the thread by raising an
exception inside it (CPython's ``PyThreadState_SetAsyncExc``); a loop inside one long C call
cannot be interrupted that way and keeps running in the background until the kernel is
restarted. Only this exercise harness uses a thread: the rules package needs none. Where
threads cannot be started at all (e.g. JupyterLite), the checks run in the calling thread,
without a time limit.

While the student's function runs, what it prints is captured (and shown, shortened, next
to a failing case) instead of flooding the notebook.
"""

from __future__ import annotations

import contextlib
import inspect
import os
import random
import reprlib
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
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

RESULTS: list[CheckResult] = []
"""Every result of ``check`` in this process, in order (tests and the grader read it)."""


class CheckFailed(AssertionError):
    """Raised by ``check`` in strict mode (``SHENGJI_EDU_STRICT=1``) when a check fails."""


class WrongType(Exception):
    """The function returned something of the wrong kind; the message says what and why."""


class _StopCheck(BaseException):
    """Raised inside the worker thread to stop a call that ran out of time."""


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
    name = type(value).__name__
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
    return repr(value)


def fresh_copy(value: object) -> object:
    """A copy of the containers (lists, tuples, dicts, sets) around immutable values.

    Cards and trumps are immutable, so they are shared, not copied: much faster than
    ``copy.deepcopy``, which would rebuild every Trump.
    """
    if isinstance(value, list):
        return [fresh_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(fresh_copy(v) for v in value)
    if isinstance(value, dict):
        return {k: fresh_copy(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


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
    kind: str  # "value", "error", "wrong", "todo"
    value: object = None
    text: str = ""
    output: str = ""


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
    over_total: bool = False
    outcomes: list[_Outcome] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)


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


# --- the question ---------------------------------------------------------------------------
class Question:
    """One exercise question: a reference answer, cases, a hint and a solution.

    ``call(fn, *args)`` turns a function into the observed answer for one case (by default
    ``fn(*args)``); ``answer`` normalises and shows it. ``fixed`` holds argument tuples tried
    first; ``generate(rng)`` returns one random argument tuple and is called ``random_cases``
    times with a ``random.Random`` seeded by the question's id, so every run tries the same
    cases.
    """

    def __init__(
        self,
        *,
        exercise: str,
        number: int,
        function: str,
        params: Sequence[str],
        reference: Callable[..., Any],
        answer: Answer,
        fixed: Iterable[tuple] = (),
        generate: Callable[[random.Random], tuple] | None = None,
        random_cases: int = 200,
        hint: str = "",
        solution: Callable[..., Any] | None = None,
        call: Callable[..., Any] | None = None,
        show_answer: Callable[[object, tuple], str] | None = None,
        try_it: Callable[[tuple], str] | None = None,
        size: Callable[..., int] | None = None,
        actual_words: str = "but your function returned:",
    ) -> None:
        self.exercise = exercise
        self.number = number
        self.function = function
        self.params = tuple(params)
        self.reference = reference
        self.answer = answer
        self._fixed = [tuple(args) for args in fixed]
        self._generate = generate
        self.random_cases = random_cases if generate is not None else 0
        self.hint_text = textwrap.dedent(hint).strip()
        self._solution = solution
        self._call = call
        self._show_answer = show_answer
        self._try_it = try_it
        self._size = size
        self._actual_words = actual_words
        self._cases: list[Case] | None = None
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

    def __repr__(self) -> str:
        return f"<{self.label}: q{self.number}.check({self.function}), .hint(), .solution()>"

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

    def observe(self, fn: Callable[..., Any], args: tuple) -> object:
        """What a function answers for one case, normalised (may raise WrongType)."""
        args = fresh_copy(args)  # a function that changes its input spoils nothing
        raw = self._call(fn, *args) if self._call is not None else fn(*args)
        return self.answer.normalize(raw)

    def expected(self) -> list[object]:
        """The reference's answer for every case (computed once)."""
        if self._expected is None:
            self._expected = [self.observe(self.reference, case.args) for case in self.cases()]
        return self._expected

    # --- hint and solution -----------------------------------------------------------------
    def hint(self) -> None:
        """Print a hint."""
        print(f"Hint for {self.label}:\n{self.hint_text or 'no hint for this one, sorry.'}")

    def solution_code(self) -> str:
        """The source of one solution (as text)."""
        if self._solution is None:
            return "(no solution is stored for this question)"
        try:
            return textwrap.dedent(inspect.getsource(self._solution)).strip()
        except (OSError, TypeError):
            return "(the solution's source is not available here; see exercises/solutions/)"

    def solution(self) -> None:
        """Print one solution."""
        print(f"One solution for {self.label}:\n\n{self.solution_code()}")

    # --- checking ------------------------------------------------------------------------------
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
        try:
            return self._run(fn, time_limit() if limit is None else limit)
        except Exception as error:  # a bug in the checker itself must not break the notebook
            return self._result(
                FAIL,
                f"the checker itself failed ({describe_error(error)}); please tell your "
                f"instructor. Your function was not judged.",
            )

    def _result(self, status: str, text: str, cases: int = 0, failed: int = 0) -> CheckResult:
        return CheckResult(self.id, status, f"{self.label}: {status}. {text}", cases, failed)

    def _run(self, fn: Callable[..., Any] | None, limit: float) -> CheckResult:
        if fn is None or not callable(fn):
            given = "nothing" if fn is None else f"{safe_repr(fn)} ({type_name(fn)})"
            return self._result(
                FAIL,
                f"check needs your function itself, but got {given}. Write "
                f"q{self.number}.check({self.function}), without brackets after the name.",
            )
        cases = self.cases()
        state = self._execute(fn, cases, limit)
        outcomes = state.outcomes
        if outcomes and all(o.kind == "todo" for o in outcomes) and len(outcomes) == len(cases):
            return self._result(
                NOT_ATTEMPTED,
                f"{self.function} still raises NotImplementedError. Replace "
                f"`raise NotImplementedError()` with your code, run that cell, then run this "
                f"check again. Stuck? q{self.number}.hint()",
            )
        if len(outcomes) < len(cases):  # stopped early: a call ran out of time
            return self._timeout_result(cases[len(outcomes)], state, len(cases))
        expected = self.expected()
        failing = [
            i
            for i, (outcome, want) in enumerate(zip(outcomes, expected, strict=True))
            if outcome.kind != "value" or outcome.value != want
        ]
        if not failing:
            return self._result(
                PASS,
                f"Your function gives the right answer on all {len(cases)} test cases.",
                len(cases),
            )
        smallest = min(failing, key=lambda i: (cases[i].size, i))
        return self._fail_result(
            cases[smallest], expected[smallest], outcomes[smallest], len(failing), len(cases)
        )

    def _execute(self, fn: Callable[..., Any], cases: list[Case], limit: float) -> _RunState:
        """Run ``fn`` on every case in a worker thread, stopping at a call over the limit."""
        state = _RunState(limit=limit)
        capture = _Capture()

        def work() -> None:
            try:
                for index, case in enumerate(cases):
                    if state.cancelled:
                        return
                    state.index, state.started = index, time.monotonic()
                    try:
                        outcome = _Outcome("value", self.observe(fn, case.args))
                    except _StopCheck:
                        return
                    except NotImplementedError as error:
                        outcome = _Outcome("todo", text=describe_error(error))
                    except WrongType as error:
                        outcome = _Outcome("wrong", text=str(error))
                    except BaseException as error:  # the student's code may raise anything
                        outcome = _Outcome("error", text=describe_error(error))
                    outcome.output = capture.take()
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
                return state
            try:
                while not state.done.wait(0.02):
                    now = time.monotonic()
                    if now - state.started > limit or now - started > TOTAL_TIME_LIMIT:
                        state.cancelled = True
                        _stop_thread(thread)
                        state.done.wait(0.2)
                        break
            except BaseException:  # e.g. the user interrupts the kernel: stop the worker too
                state.cancelled = True
                _stop_thread(thread)
                raise
        state.over_total = time.monotonic() - started > TOTAL_TIME_LIMIT
        return state

    # --- messages ----------------------------------------------------------------------
    def _input_lines(self, case: Case) -> list[str]:
        return [
            f"    {name} = {value_code(value)}"
            for name, value in zip(self.params, case.args, strict=True)
        ]

    def _try_line(self, case: Case) -> str:
        if self._try_it is not None:
            return self._try_it(case.args)
        return f"{self.function}({', '.join(self.params)})"

    def _show(self, value: object, case: Case) -> str:
        if self._show_answer is not None:
            return self._show_answer(value, case.args)
        return self.answer.show(value)

    def _timeout_result(self, case: Case, state: _RunState, total: int) -> CheckResult:
        limit = state.limit
        if state.over_total:
            why = (
                f"Your function is too slow: the {total} test cases did not finish within "
                f"{TOTAL_TIME_LIMIT:.0f} seconds. It was working on this input"
            )
        else:
            why = (
                f"Your function did not finish within {limit:g} seconds (an endless loop?) "
                f"on this input"
            )
        lines = [
            f"{why}:",
            *self._input_lines(case),
            f"Try it yourself: the lines above, then {self._try_line(case)}",
            "(If the notebook gets slow, restart the kernel: the loop may still be running.)",
        ]
        return self._result(FAIL, "\n".join(lines), total, 1)

    def _fail_result(
        self, case: Case, want: object, got: _Outcome, failed: int, total: int
    ) -> CheckResult:
        if got.kind == "value":
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
            *self._input_lines(case),
            "the answer should be:",
            f"    {self._show(want, case)}",
            actual,
        ]
        if got.kind == "value":
            lines += self.answer.difference(want, got.value)
        if got.output.strip():
            printed = got.output.rstrip()
            if len(printed) >= OUTPUT_LIMIT:
                printed += " ..."
            lines.append("Your function printed:\n" + textwrap.indent(printed, "    "))
        lines.append(f"Try it yourself: the lines above, then {self._try_line(case)}")
        return self._result(FAIL, "\n".join(lines), total, failed)
