"""One notebook's turn: its sandboxed child runs the cells, calls the functions on the cases,
and the grader judges here (:class:`_Turn`); the run's shared context and preflight; the
machine's failures (:func:`transient`), retried and never a grade."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from .. import sandbox
from ..exercises import EXERCISES, questions
from ..exercises.checking import (
    FAIL,
    PASS,
    TOTAL_TIME_LIMIT,
    CheckResult,
    Foreign,
    Question,
    decode_args,
    to_plain,
)
from .child import _CHILD_IMPORTS, _RUNNER, answers_hidden, child_setup
from .review import defines, only_stubs, review_code
from .submissions import (
    ERROR,
    MISSING,
    TIMEOUT,
    Row,
    Settings,
    Submission,
    _cells,
    _row,
    _source,
    read_submission,
)

MAX_ATTEMPTS = 6
"""Runs of one notebook at most (a cell or a call that had to be killed starts a new run)."""


class GradingError(ValueError):
    """The grader cannot run at all here (e.g. IPython is missing); the message says why."""


class _Stop(Exception):
    """This run of the notebook is over (the child was killed or died)."""


class _OutOfTime(Exception):
    """The notebook used up its wall-clock limit."""


class _Fatal(Exception):
    """The notebook cannot be graded at all (the note says why)."""


class _Transient(Exception):
    """The machine, not the notebook, failed (no process or thread could be started, no
    memory for the grader's side): try again later; never a grade."""


RETRY = "not graded (retry)"
"""The state of a row whose grading failed for lack of resources (never written as a grade)."""
TRANSIENT_TRIES = 3
"""Tries of one notebook when the machine runs out of processes, threads or memory."""
TRANSIENT_BACKOFF = 1.0
"""Seconds before the second try (doubled before each further one)."""
_TRANSIENT_TEXT = re.compile(
    r"BlockingIOError|Resource temporarily unavailable|EAGAIN|can't start new thread"
    r"|MemoryError|Cannot allocate memory|ENOMEM|Too many open files|EMFILE|ENFILE"
    r"|fork(?:ing)? failed|os\.fork",
    re.IGNORECASE,
)


def transient(error: BaseException | str) -> bool:
    """Is this the machine running out of resources (processes, threads, memory, files)
    rather than anything the notebook did?"""
    import errno

    if isinstance(error, str):
        return bool(_TRANSIENT_TEXT.search(error))
    if isinstance(error, BlockingIOError | MemoryError):
        return True
    if isinstance(error, OSError):
        codes = (errno.EAGAIN, errno.ENOMEM, errno.EMFILE, errno.ENFILE)
        return error.errno in codes
    if isinstance(error, RuntimeError):
        return "can't start new thread" in str(error)
    if isinstance(error, sandbox.SandboxClosed):
        return transient(f"{error.ending.reason} {error.ending.stderr[-500:]}")
    return False


class _Turn:
    """One notebook's turn: runs of its sandboxed child until every question has a result."""

    def __init__(self, submission: Submission, settings: Settings, context: _Context) -> None:
        self.submission = submission
        self.settings = settings
        self.context = context
        self.row = _row(submission)
        self.questions = questions(submission.exercise)
        self.cells = [
            (number, _source(cell))
            for number, cell in enumerate(_cells(submission.notebook), 1)
            if cell.get("cell_type") == "code"
        ]
        self.sources = [source for _number, source in self.cells]
        self.undefined: list[str] = []
        self.skip: set[int] = set()
        self.cell_notes: dict[int, str] = {}
        self.syntax: dict[int, str] = {}
        self.deadline = time.monotonic() + settings.timeout
        self.box: sandbox.Sandbox | None = None
        self.ready = False
        """Whether the child of the current run said it was ready (before: not the notebook)."""

    # --- the runs ------------------------------------------------------------------------
    def grade(self) -> Row:
        started = time.monotonic()
        pending = list(self.questions)
        attempts = 0
        why = f"not checked: the notebook was stopped {MAX_ATTEMPTS} times"
        try:
            while pending and attempts < MAX_ATTEMPTS:
                attempts += 1
                if self.deadline - time.monotonic() < 0.5:
                    raise _OutOfTime
                with contextlib.suppress(_Stop):
                    self._run(pending)
        except _OutOfTime:
            self.row.notes.append(
                f"stopped after {self.settings.timeout:g} s, the limit for one notebook"
            )
            why = f"not checked: {self.row.notes[-1]}"
        except _Fatal:
            why = f"not checked: {self.row.notes[-1]}"
        for question in pending:
            self._record(question, ERROR, why)
        self._stubs_that_passed()
        self.row.notes[:0] = [self.cell_notes[n] for n in sorted(self.cell_notes)]
        undefined = list(dict.fromkeys(self.undefined))
        if undefined:
            self.row.notes.append(f"define {', '.join(undefined)} in your notebook")
        review = review_code(source for _number, source in self.cells)
        if review:
            self.row.notes.append(f"its code reaches into {review}: read it")
        self.row.seconds = time.monotonic() - started
        return self.row

    def _run(self, pending: list[Question]) -> None:
        """One run of the child: the cells, then the questions still pending."""
        left = self.deadline - time.monotonic()
        self.ready = False
        self.box = sandbox.Sandbox(
            _RUNNER,
            files={self.submission.path.name: self.submission.data},
            limits=sandbox.Limits(
                wall=left,
                memory=None if self.settings.memory_mb is None else self.settings.memory_mb << 20,
            ),
            env=self.context.env,
            read_paths=self.context.read_paths,
            list_paths=self.context.list_paths,
            restrict=self.settings.restrict,
        )
        try:
            self.context.started(self.box)
            try:
                self.box.start()
            except sandbox.SandboxClosed as error:
                if transient(error):
                    raise _Transient(_first_line(error.ending.reason)) from None
                self._fatal(f"the sandbox could not start ({error.ending.reason})")
            except (OSError, RuntimeError, MemoryError) as error:
                if transient(error):
                    raise _Transient(f"{type(error).__name__}: {error}") from None
                raise
            functions = self._run_cells(pending)
            for question in list(pending):
                try:
                    self._question(question, functions)
                finally:
                    if question.id in self.row.statuses:
                        pending.remove(question)
        finally:
            self.box.close()
            self.context.finished(self.box)

    def _fatal(self, note: str) -> None:
        """This notebook cannot be graded at all: note why and stop every run."""
        self.row.notes.append(note)
        raise _Fatal

    def _receive(self, timeout: float) -> dict:
        return self.box.receive(timeout=timeout)

    def _run_cells(self, pending: list[Question]) -> dict:
        box, settings = self.box, self.settings
        cells = [[n, source] for n, source in self.cells if n not in self.skip]
        box.send(
            {
                "op": "run",
                "cells": cells,
                "cell_limit": settings.cell_limit,
                "functions": [q.function for q in self.questions],
            }
        )
        current = None
        try:
            if self._receive(max(30.0, settings.cell_limit)).get("event") != "ready":
                self._fatal("the notebook's process broke the grading protocol")
            self.ready = True
            while True:
                message = self._receive(settings.cell_limit + settings.grace)
                event = message.get("event")
                if event == "cell":
                    current = message.get("number")
                elif event == "cell_done":
                    self._cell_done(message.get("number"), message.get("error"))
                    current = None
                elif event == "ran":
                    own = message.get("own")
                    self.row.own_checks = own if isinstance(own, list) else []
                    functions = message.get("functions")
                    return functions if isinstance(functions, dict) else {}
                else:
                    self._fatal("the notebook's process broke the grading protocol")
        except sandbox.SandboxTimeout:
            box.kill("a cell ignored the interrupt")
            self._cell_stuck(current, killed=True)
            raise _Stop from None
        except sandbox.SandboxClosed as error:
            self._closed(error.ending, current)
        except sandbox.BadMessage:
            self._fatal("the notebook's process sent data the grader cannot read")
        raise AssertionError("unreachable")

    def _closed(self, ending: sandbox.Ending, cell: object) -> None:
        if ending.reason == "wall clock":
            raise _OutOfTime
        if isinstance(cell, int) and cell not in self.skip:
            code = f" (exit code {ending.returncode})" if ending.returncode is not None else ""
            self.cell_notes[cell] = (
                f"cell {cell} ended the notebook's process{code}; it was run again without it"
            )
            self.skip.add(cell)
            raise _Stop
        tail = _first_line(ending.stderr.strip().splitlines()[-1] if ending.stderr.strip() else "")
        if not self.ready and transient(f"{ending.stderr[-2000:]} {ending.reason}"):
            raise _Transient(tail or ending.reason)  # Python could not start: not the notebook
        self._fatal(f"the notebook's process ended before it ran ({tail or ending.reason})")

    def _cell_done(self, number: object, error: object) -> None:
        if not isinstance(number, int) or not isinstance(error, dict):
            return
        kind = str(error.get("type", "error"))
        if kind == "timeout":
            self._cell_stuck(number, killed=False)
        elif error.get("syntax") or kind == "SyntaxError":
            line = error.get("line")
            where = f" (line {line})" if isinstance(line, int) else ""
            self.syntax[number] = f"syntax error in cell {number}: {error.get('text', '')}{where}"
            self.cell_notes[number] = self.syntax[number]
        else:
            self.cell_notes[number] = f"cell {number}: {_first_line(str(error.get('text', kind)))}"

    def _cell_stuck(self, number: object, killed: bool) -> None:
        if not isinstance(number, int):
            return
        limit = f"{self.settings.cell_limit:g}"
        if killed:
            self.cell_notes[number] = (
                f"cell {number} ran too long (over {limit} s), ignored the interrupt and was "
                f"killed; the notebook was run again without it"
            )
        else:
            self.cell_notes[number] = f"cell {number} ran too long (over {limit} s) and was stopped"
        self.skip.add(number)  # a new run, if one is needed, skips it

    # --- the questions ------------------------------------------------------------------------
    def _stubs_that_passed(self) -> None:
        """A function still the stub cannot pass: if it did, something else answered."""
        sources = [source for _number, source in self.cells]
        forged = []
        for question in self.questions:
            passed = self.row.statuses.get(question.id) == PASS
            if passed and only_stubs(sources, question.function):
                forged.append(f"q{question.number}")
                self.row.statuses[question.id] = ERROR
                self.row.messages[question.id] = (
                    f"{question.label}: {ERROR}. The notebook's {question.function} is still "
                    f"the stub (raise NotImplementedError()), yet right answers came back: "
                    f"something else in the notebook answered for it. Not credited."
                )
        if forged:
            self.row.notes.append(
                f"{', '.join(forged)}: still the stub, yet answered right (tampering?): "
                f"not credited"
            )

    def _question(self, question: Question, functions: dict) -> None:
        info = functions.get(question.function)
        info = info if isinstance(info, dict) else {}
        if not info.get("present"):
            self._missing(question)
            return
        if not info.get("callable"):
            given = Foreign(str(info.get("type", "object")), str(info.get("repr", "")))
            result = question.not_a_function(given)
            self._record(question, result.status, result.message, result.detail)
            return
        if info.get("defined") is not True or not defines(self.sources, question.function):
            self._record(
                question,
                MISSING,
                f"{question.label}: {MISSING}. The notebook has a {question.function}, but "
                f"did not define it (imported, or made some other way): define "
                f"{question.function} in your notebook.",
            )
            self.undefined.append(question.function)
            return
        result, _names, stopped = self._check(question, {})
        if result.status == FAIL and question.builds_on and not stopped:
            failing = [q for q in question.dependencies() if self.row.statuses.get(q.id) != PASS]
            if failing:  # a second opinion: the same function, with correct earlier ones
                again, names, stopped = self._check(question, {q.function: q.id for q in failing})
                used = [q for q in failing if q.function in names]
                if used and not stopped:
                    result = question.with_dependencies(result, used, again)
        self._record(question, result.status, result.message, result.detail)
        if stopped:
            raise _Stop

    def _missing(self, question: Question) -> None:
        definition = re.compile(rf"\bdef\s+{re.escape(question.function)}\s*\(")
        for number, source in self.cells:
            if number in self.syntax and definition.search(source):
                self._record(
                    question,
                    FAIL,
                    f"{question.label}: {FAIL}. {self.syntax[number]}, so "
                    f"{question.function} was never defined. Fix that cell and run it.",
                )
                return
        self._record(question, MISSING, f"no function named {question.function} in the notebook")

    def _check(
        self, question: Question, swap: dict[str, str]
    ) -> tuple[CheckResult, list[str], bool]:
        """Ask the child to call the function on every case; judge here.

        Returns the result, the earlier functions the child swapped for correct ones, and
        whether the child had to be stopped (then a new run is needed for what is left).
        """
        limit = self.settings.call_limit
        cases = question.wire_cases()
        self.box.send(
            {
                "op": "check",
                "question": question.id,
                "function": question.function,
                "call": question.call_style,
                "cases": cases,
                "limit": limit,
                "total": TOTAL_TIME_LIMIT,
                "ask": sorted(swap),
            }
        )
        oracle = _Oracle(question, swap)
        outcomes: list[object] = []
        names: list[str] = []
        stopped = False
        try:
            while True:
                message = self._receive(limit + self.settings.grace)
                event = message.get("event")
                if event == "case" and len(outcomes) < len(cases):
                    outcomes.append(message.get("outcome"))
                elif event == "ask":
                    self.box.send(oracle.answer(message))
                elif event == "checked":
                    swapped = message.get("swapped")
                    names = [str(n) for n in swapped] if isinstance(swapped, list) else []
                    break
                else:
                    outcomes.append({"kind": "error", "text": "(the grading protocol broke)"})
                    self.box.kill("broke the grading protocol")
                    stopped = True
                    break
        except sandbox.SandboxTimeout:
            self.box.kill("a call ignored the interrupt")
            outcomes.append({"kind": "timeout", "killed": True})
            stopped = True
        except sandbox.SandboxClosed as error:
            if error.ending.reason == "wall clock":
                raise _OutOfTime from None
            outcomes.append({"kind": "died"})
            stopped = True
        except sandbox.BadMessage as error:
            text = f"its answer could not be read back ({error})"
            outcomes.append({"kind": "error", "text": text})
            stopped = True
        return question.judge(outcomes, limit), names, stopped

    def _record(
        self, question: Question, status: str, message: str, detail: dict | None = None
    ) -> None:
        if question.id in self.row.statuses:
            return
        self.row.statuses[question.id] = status
        self.row.messages[question.id] = message
        if detail is not None:
            self.row.details[question.id] = detail


class _Oracle:
    """Answers a check's stand-ins (see :mod:`.exercises.submission`): when a question is
    checked again with correct earlier functions, the child calls a stand-in in their place
    and the grader answers here, with the earlier question's solution, computed in this
    process. Bounded: only the names asked for, only during that check, arguments no larger
    than the question's own cases, at most ``50`` calls per case.

    Why this cannot earn credit: it answers only for earlier questions that did not pass and
    are already recorded, and only while a question that already FAILed is checked again (its
    result stays a FAIL: :meth:`.Question.with_dependencies`); in any other check the
    stand-ins get an error. What a notebook could keep of those answers is an earlier
    function's behaviour, never a later question's own answers."""

    PER_CASE = 50

    def __init__(self, question: Question, swap: dict[str, str]) -> None:
        by_id = {q.id: q for q in question.dependencies()}
        self.solutions = {name: by_id[qid] for name, qid in swap.items() if qid in by_id}
        cases = question.wire_cases()
        self.largest = max((len(json.dumps(wire)) for wire in cases), default=0) + 200
        self.left = self.PER_CASE * max(1, len(cases))

    def answer(self, message: dict) -> dict:
        number = message.get("id")
        reply: dict = {"op": "answer", "id": number if isinstance(number, int) else 0}
        earlier = self.solutions.get(str(message.get("name")))
        args = message.get("args")
        self.left -= 1
        try:
            if earlier is None or self.left < 0:
                raise ValueError("not available")
            if not isinstance(args, list) or len(json.dumps(args)) > self.largest:
                raise ValueError("arguments too large")
            solution = earlier.solution_function
            if solution is None:
                raise ValueError("no solution")
            value = solution(*decode_args(args))
            reply["value"] = to_plain(value)
        except Exception as error:
            reply["error"] = (
                f"the correct {earlier.function if earlier else 'function'} "
                f"could not answer ({type(error).__name__})"
            )
        return reply


def _first_line(text: str) -> str:
    text = re.sub(r"\x1b\[[0-9;]*m", "", text or "").strip()
    return text.splitlines()[0][:160] if text else ""


class _Context:
    """What all the notebooks of one run share: the child's environment and the live boxes."""

    def __init__(self, settings: Settings, exclude: Sequence[Path]) -> None:
        self.settings = settings
        child = child_setup(settings, exclude)
        self.env, self.read_paths, self.list_paths = child.env, child.read_paths, child.list_paths
        self.boxes: set[sandbox.Sandbox] = set()
        self.lock = threading.Lock()
        self.stopping = False

    def started(self, box: sandbox.Sandbox) -> None:
        with self.lock:
            if self.stopping:
                raise _OutOfTime
            self.boxes.add(box)

    def finished(self, box: sandbox.Sandbox) -> None:
        with self.lock:
            self.boxes.discard(box)

    def stop_all(self) -> None:
        """Kill every running child (the run is being interrupted)."""
        with self.lock:
            self.stopping = True
            boxes = list(self.boxes)
        for box in boxes:
            with contextlib.suppress(Exception):
                box.kill("the grading run was interrupted")


def preflight(settings: Settings, exclude: Sequence[Path] = ()) -> tuple[_Context, dict]:
    """Start one empty child to see that grading works here; return the shared context and
    the sandbox's restrictions (for the banner).

    If this Python needs files the read restriction hides, reads are left unrestricted; if
    the platform refuses seccomp or Landlock (some containers do), grading goes on without
    them. Either way ``restrictions["weakened"]`` says so, and the banner shows it.
    """
    try:
        import IPython  # noqa: F401  (the child runs notebooks with IPython)
    except ImportError:
        message = 'shengji grade needs IPython: pip install "shengji-edu[notebooks]"'
        raise GradingError(message) from None
    sandbox.warm_bytecode_once(_CHILD_IMPORTS)
    tries = [settings]
    if settings.restrict_reads:
        tries.append(dataclasses.replace(settings, restrict_reads=False))
    if settings.restrict:
        tries.append(dataclasses.replace(settings, restrict_reads=False, restrict=False))
    problem = "no answer"
    for number, attempt in enumerate(tries):
        context = _Context(attempt, exclude)
        box = sandbox.Sandbox(
            _RUNNER,
            limits=sandbox.Limits(wall=60),
            env=context.env,
            read_paths=context.read_paths,
            list_paths=context.list_paths,
            restrict=attempt.restrict,
        )
        try:
            box.start()
            box.send({"op": "run", "cells": [], "functions": []})
            ready, ran = box.receive(timeout=60), box.receive(timeout=30)
            if ready.get("event") == "ready" and ran.get("event") == "ran":
                restrictions = dict(box.restrictions)
                restrictions["reads_restricted"] = bool(
                    context.read_paths is not None and restrictions.get("landlock")
                )
                restrictions["answers_hidden"] = answers_hidden(
                    context.read_paths, bool(restrictions.get("landlock"))
                )
                if number:
                    restrictions["weakened"] = problem
                return context, restrictions
        except sandbox.SandboxClosed as error:
            lines = error.ending.stderr.strip().splitlines()
            problem = _first_line(lines[-1]) if lines else error.ending.reason
        except sandbox.SandboxError as error:
            problem = str(error)
        finally:
            box.close()
    raise GradingError(f"the grader cannot start a notebook here: {problem}")


def grade_submission(
    submission: Submission, settings: Settings | None = None, context: _Context | None = None
) -> Row:
    """Grade one submission in its own sandboxed child process. Never raises.

    When the machine rather than the notebook fails (no process or thread can be started,
    the grader's side runs out of memory: :func:`transient`), the notebook is graded again
    from the start, up to :data:`TRANSIENT_TRIES` times with a growing pause; if it still
    fails, its row's state is :data:`RETRY` and it is never written as a grade (the next
    run grades it).
    """
    settings = settings or Settings()
    if submission.problem is not None or submission.exercise not in EXERCISES:
        row = _row(submission)
        row.notes.append(submission.problem or "cannot be graded")
        return row
    why = ""
    for attempt in range(TRANSIENT_TRIES):
        if attempt:
            time.sleep(TRANSIENT_BACKOFF * 2 ** (attempt - 1))
        try:
            context = context or preflight(settings, [submission.path])[0]
            return _Turn(submission, settings, context).grade()
        except _Transient as error:
            why = str(error)
        except Exception as error:  # whatever happens, the notebook gets a row
            if transient(error):
                why = f"{type(error).__name__}: {error}"
                continue
            row = _row(submission)
            row.notes.append(
                f"could not be graded: {type(error).__name__}: {_first_line(str(error))}"
            )
            for question in questions(submission.exercise):
                row.statuses.setdefault(question.id, ERROR)
            return row
    row = _row(submission, state=RETRY)
    row.notes.append(
        f"{RETRY}: the machine ran out of resources ({_first_line(why)}), {TRANSIENT_TRIES} "
        f"times; run the same command again"
    )
    return row


def grade_notebook(path: str | os.PathLike, timeout: float = TIMEOUT, **limits) -> Row:
    """Read, then grade, one notebook (see :func:`grade_submission`)."""
    submission = read_submission(Path(path))
    return grade_submission(submission, Settings(timeout=timeout, **limits))
