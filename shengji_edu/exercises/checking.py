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

The time limit, and the capture of what the student's function prints, are explained in
:mod:`.runner`; plain data in :mod:`.plain`; the kinds of answers in :mod:`.kinds`; a check's
result in :mod:`.results`; the statuses, limits and exceptions they share are in
:mod:`.common`. Every name this module had before they were split off can still be imported
from here.
"""

from __future__ import annotations

import contextlib
import inspect
import random
import textwrap
import types
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from typing import Any

from .common import (
    FAIL,
    NOT_ATTEMPTED,
    OUTPUT_LIMIT,
    PASS,
    PLAIN_DEPTH,
    PLAIN_TEXT,
    PLAIN_VALUES,
    STATUSES,
    STRICT_VARIABLE,
    TIME_LIMIT,
    TIME_LIMIT_VARIABLE,
    TOTAL_TIME_LIMIT,
    AnswersUnavailable,
    CheckFailed,
    WrongType,
    strict_mode,
    time_limit,
)
from .common import (
    _StopCheck as _StopCheck,
)
from .kinds import (
    Answer,
    CardMultiset,
    CardSequence,
    Group,
    KeyOrder,
    NumberMultiset,
    OneCard,
    OneOf,
    OrNone,
    TrueFalse,
    WholeNumber,
)
from .plain import (
    Foreign,
    ForeignIterable,
    cards_code,
    count_cards,
    decode_args,
    describe_error,
    encode_args,
    from_plain,
    safe_repr,
    to_plain,
    type_name,
    value_code,
)
from .results import RESULTS, Case, CheckResult, _Outcome
from .runner import (
    CALL_STYLES,
    call_plain,
    global_names,
    run_calls,
    swapped,
)
from .runner import (
    _Capture as _Capture,
)

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


class Question:
    """One exercise question: a reference answer, cases, a hint and a solution.

    ``call(fn, *args)`` turns a function into the observed answer for one case (by default
    ``fn(*args)``); ``answer`` normalises and shows it. ``fixed`` holds argument tuples tried
    first; ``generate(rng)`` returns one random argument tuple and is called ``random_cases``
    times with a ``random.Random`` seeded by the question's id, so every run tries the same
    cases. ``explain(args, expected)`` adds lines to a FAIL message (e.g. the rule that
    decides the case). ``builds_on`` names the numbers of earlier questions of the exercise
    whose functions this one's solution calls. ``points`` is the question's weight in the
    grades file (``shengji grade --grades``): 1 unless the exercise says otherwise.
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
        points: float = 1,
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
        if not (isinstance(points, int | float) and points > 0):
            raise ValueError(f"points must be a positive number, not {points!r}")
        self.points = points
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
            self.id,
            FAIL,
            f"{self.label}: {FAIL}. {text}",
            result.cases,
            result.failed,
            result.detail,
        )

    def collect(self, fn: Callable[..., Any], limit: float) -> list[dict]:
        """Call ``fn`` on every case in a worker thread, stopping at a call over the limit.

        The outcomes as plain data (see :meth:`call_plain`); a stop adds a ``timeout``.
        """
        return run_calls(
            self.wire_cases(), lambda wire, capture: self.call_plain(fn, wire, capture), limit
        )

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
    def _result(
        self, status: str, text: str, cases: int = 0, failed: int = 0, detail: dict | None = None
    ) -> CheckResult:
        return CheckResult(
            self.id, status, f"{self.label}: {status}. {text}", cases, failed, detail
        )

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
        detail = {
            "input": [line.strip() for line in self._input_lines(case.args)],
            "expected": "",
            "actual": f"{why} ({tail.strip('()')})",
            "rule": [],
            "size": case.size,
            "try": self._try_line(case),
        }
        return self._result(FAIL, "\n".join(lines), total, 1, detail)

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
        rule: list[str] = []
        if self._explain is not None and not right:
            with contextlib.suppress(Exception):  # an explanation must never hide the result
                rule = list(self._explain(case.args, want))
        lines += rule
        if got.output.strip():
            printed = got.output.rstrip()
            if len(printed) >= OUTPUT_LIMIT:
                printed += " ..."
            lines.append("Your function printed:\n" + textwrap.indent(printed, "    "))
        lines.append(f"Try it yourself: the lines above, then {self._try_line(case)}")
        detail = {
            "input": [line.strip() for line in self._input_lines(case.args)],
            "expected": self._show(want, case),
            "actual": _actual_text(got, self._show(got.value, case) if got.kind == "value" else ""),
            "rule": [line.strip() for line in rule],
            "size": case.size,
            "try": self._try_line(case),
        }
        return self._result(FAIL, "\n".join(lines), total, failed, detail)


def _actual_text(got: _Outcome, shown: str) -> str:
    """What the function gave on the failing case, in one phrase (for feedback files)."""
    if got.kind == "value":
        return shown
    if got.kind == "wrong":
        return got.text
    if got.kind == "todo":
        return "raised NotImplementedError (this case is not handled yet)"
    return f"raised an error: {got.text}"


__all__ = [  # every name this module had before it was split, still importable from here
    "CALL_STYLES",
    "FAIL",
    "NOT_ATTEMPTED",
    "OUTPUT_LIMIT",
    "PASS",
    "PLAIN_DEPTH",
    "PLAIN_TEXT",
    "PLAIN_VALUES",
    "RESULTS",
    "SOLUTIONS_PREFIX",
    "STATUSES",
    "STRICT_VARIABLE",
    "TIME_LIMIT",
    "TIME_LIMIT_VARIABLE",
    "TOTAL_TIME_LIMIT",
    "Answer",
    "AnswersUnavailable",
    "CardMultiset",
    "CardSequence",
    "Case",
    "CheckFailed",
    "CheckResult",
    "Foreign",
    "ForeignIterable",
    "Group",
    "KeyOrder",
    "NumberMultiset",
    "OneCard",
    "OneOf",
    "OrNone",
    "Question",
    "TrueFalse",
    "WholeNumber",
    "WrongType",
    "answers",
    "call_plain",
    "cards_code",
    "count_cards",
    "decode_args",
    "describe_error",
    "encode_args",
    "from_plain",
    "global_names",
    "safe_repr",
    "strict_mode",
    "swapped",
    "time_limit",
    "to_plain",
    "type_name",
    "value_code",
]
