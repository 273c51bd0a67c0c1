"""Grade exercise notebooks: ``shengji grade PATH... [--csv FILE] [--timeout 120] [--jobs N]``.

What an instructor can rely on
------------------------------
* **No answer within the student code's reach.** The solutions and references live in the
  ``exercises/solutions_exNN`` modules; a graded child imports a copy of the package without
  them (:func:`child_package`) and, with Landlock, may read nothing else of the package, so
  they are neither importable nor readable there. The child is told a function's *name*, a
  call style and the cases; it finds the function in the notebook's namespace, which must
  have defined it (else MISSING, "define NAME in your notebook"). Where a question is checked
  again with correct earlier functions, the child calls stand-ins answered by the grader.
* **Student code never runs in the grader's process, and never judges itself.** Every
  submission runs in its own child process (:mod:`shengji_edu.sandbox`), in a fresh
  temporary folder holding a copy of that one notebook. The child executes the notebook's
  code cells with IPython (:mod:`shengji_edu.exercises.submission`), then the grader sends
  each question's cases as plain data (card text, numbers), the child calls the student's
  function and sends back what it returned as plain data, and the grader compares that with
  the reference answers it computed itself (:meth:`.Question.judge`, the same judge as the
  notebook's ``q.check``). Patching modules, IPython, ``display``, ``importlib.reload``, the
  checks, or returning objects whose ``__eq__`` lies, changes nothing outside the child;
  printing "PASS" is ignored (the child's stdout is the null device).
* **Limits that cannot be ignored**: the whole turn of one notebook has a wall-clock limit
  (``--timeout``), enforced by killing the child and everything it started; a cell or a call
  that runs too long is interrupted, and if it ignores that, killed (the notebook is then run
  again without that cell, or with the remaining questions, while time is left); memory, CPU
  and file-size limits; a bound on what comes back. No process of a submission survives its
  turn. What each platform enforces is in the sandbox's docstring and exercises/README.md.
* **Submissions cannot touch each other**: every file is read into memory and hashed
  (SHA-256) before anything runs; each runs on its own copy; on Linux with Landlock it cannot
  write anywhere else or read the other submissions; the CSV records each file's hash, and
  a file that changed on disk while grading is named in its notes.
* **The CSV is written as each notebook finishes** (only when asked: ``--csv FILE``), so an
  interrupted run keeps the rows it has; running the same command again skips the notebooks
  already graded (same file, same SHA-256, same grader). A notebook that was being graded
  when the grader died is marked in the CSV; the next run grades it last, alone, and if the
  grader dies again with it, it is not run a third time (``--fresh`` retries everything).
* **The CSV is a ledger** (:func:`write_csv`): rows are keyed by the notebook's resolved
  path, a new row replaces that notebook's row in place, every other row is kept, and the
  file is replaced atomically. Grading one late notebook keeps the class's rows.
* **The machine's failures are not grades**: when no process, thread or memory can be had
  (:func:`transient`), the notebook is tried again (:data:`TRANSIENT_TRIES`, with a growing
  pause), and if it still fails its row is :data:`RETRY`, never written.
* **Nothing a submission wrote reaches the terminal or the CSV raw** (:func:`clean`): no
  control character, no escape sequence. Rows are named by their path in the folder given.

Statuses per question: PASS, FAIL, NOT ATTEMPTED, MISSING (no function of that name),
ERROR (the notebook could not be checked: it ran out of time, or could not start; the notes
say why). A function whose cell has a syntax error is a FAIL whose message says "syntax error
in cell N: …" (N counts every cell of the notebook from the top, markdown included).

Decisions: a notebook is graded as the student's notebook runs from the top (cells in order,
errors allowed), not from its stored outputs; the student's own ``q.check`` cells run too
(their results are recorded as ``own_checks``, never graded). When an earlier question a
question builds on fails, the grader re-checks it with the reference's earlier function, and
if it then passes, the message says to fix the earlier question first.
"""

from __future__ import annotations

import ast
import contextlib
import csv
import dataclasses
import functools
import hashlib
import io
import json
import os
import re
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from . import sandbox
from .exercises import EXERCISES, questions
from .exercises.checking import (
    FAIL,
    NOT_ATTEMPTED,
    PASS,
    TOTAL_TIME_LIMIT,
    CheckResult,
    Foreign,
    Question,
    decode_args,
    time_limit,
    to_plain,
)

MISSING = "MISSING"
ERROR = "ERROR"
TIMEOUT = 120.0
"""Default seconds one notebook may take, everything included."""
CELL_TIMEOUT = 30.0
"""Default seconds one cell may run before it is interrupted."""
MEMORY_MB = 1024
GRACE = 3.0
"""Seconds a cell or a call may overrun its limit before the child is killed (a loaded
machine delays the interrupt a little; code that ignores it waits this long)."""
MAX_ATTEMPTS = 6
"""Runs of one notebook at most (a cell or a call that had to be killed starts a new run)."""
_EXERCISE_IN_NAME = re.compile(r"(?<![0-9a-z])(ex\d\d)(?![0-9])", re.IGNORECASE)
_EXERCISE_IN_CODE = re.compile(r"shengji_edu\.exercises\.(ex\d\d)\b")
_RUNNER = ["-m", "shengji_edu.exercises.submission"]
_CHILD_IMPORTS = ("shengji_edu.exercises.submission", "IPython.core.interactiveshell")
"""What every child imports before it runs a cell: their bytecode is made once per process
(:func:`shengji_edu.sandbox.warm_bytecode_once`) instead of being compiled in each child."""


class GradingError(ValueError):
    """The grader cannot run at all here (e.g. IPython is missing); the message says why."""


@dataclass
class Submission:
    """One submitted file, read (and hashed) before anything runs."""

    path: Path
    data: bytes
    sha256: str
    notebook: dict | None = None
    exercise: str | None = None
    problem: str | None = None
    """Why it cannot be graded (not a notebook, exercise unknown), if so."""
    name: str = ""
    """How the terminal names it: its path relative to the folder given (``bob/ex01.ipynb``),
    or the path as given for a file named on the command line."""

    def __post_init__(self) -> None:
        self.name = self.name or str(self.path)


@dataclass
class Row:
    """The grade of one notebook."""

    file: str
    exercise: str | None = None
    statuses: dict[str, str] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    own_checks: list[dict] = field(default_factory=list)
    """What the notebook's own check cells reported (for the curious; never graded)."""
    sha256: str = ""
    state: str = "graded"
    """``graded``, or ``running (attempt N)`` in a CSV written while it was being graded."""
    seconds: float = 0.0
    reused: bool = False
    """Taken from an earlier run's CSV (same file, same hash, same grader)."""
    name: str = ""
    """How the terminal names it (see :attr:`Submission.name`); the file's path if empty."""

    @property
    def passed(self) -> int:
        return sum(status == PASS for status in self.statuses.values())

    @property
    def total(self) -> int:
        return len(questions(self.exercise)) if self.exercise in EXERCISES else 0


@dataclass(frozen=True)
class Settings:
    """The limits of one grading run."""

    timeout: float = TIMEOUT
    cell_timeout: float = CELL_TIMEOUT
    call_limit: float = 2.0
    memory_mb: int | None = MEMORY_MB
    restrict_reads: bool = True
    restrict: bool = True
    """Apply seccomp and Landlock where the platform has them (see :mod:`.sandbox`)."""
    grace: float = GRACE

    @property
    def cell_limit(self) -> float:
        return max(0.5, min(self.cell_timeout, self.timeout))


# --- reading the submissions ------------------------------------------------------------------
def find_notebooks(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The notebooks named, and the ``*.ipynb`` files in the folders named (not checkpoints)."""
    return [path for path, _name in named_notebooks(paths)]


def named_notebooks(paths: Iterable[str | os.PathLike]) -> list[tuple[Path, str]]:
    """:func:`find_notebooks`, each with its name for people: the path relative to the folder
    given (``alice/ex01_cards.ipynb`` when every student has a folder), or as given."""
    found: list[tuple[Path, str]] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            found += [(p, p.relative_to(path).as_posix()) for p in inside]
        else:
            found.append((path, str(item)))
    return found


def detect_exercise(notebook: dict, path: Path) -> str | None:
    """The exercise id of a notebook: metadata, else the file name, else its code."""
    metadata = notebook.get("metadata", {}) if isinstance(notebook, dict) else {}
    metadata = metadata.get("shengji_edu", {}) if isinstance(metadata, dict) else {}
    exercise = metadata.get("exercise") if isinstance(metadata, dict) else None
    if exercise in EXERCISES:
        return exercise
    match = _EXERCISE_IN_NAME.search(path.name)
    if match and match.group(1).lower() in EXERCISES:
        return match.group(1).lower()
    for cell in _cells(notebook):
        if cell.get("cell_type") == "code":
            match = _EXERCISE_IN_CODE.search(_source(cell))
            if match and match.group(1) in EXERCISES:
                return match.group(1)
    return None


def _cells(notebook: object) -> list[dict]:
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    return [cell for cell in cells if isinstance(cell, dict)] if isinstance(cells, list) else []


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(str(s) for s in source) if isinstance(source, list) else str(source)


def read_submission(path: Path, name: str = "") -> Submission:
    """Read and hash one file; tell which exercise it is, or why it cannot be graded."""
    try:
        data = path.read_bytes()
    except OSError as error:
        problem = f"cannot be read ({error.strerror or error})"
        return Submission(path, b"", "", problem=problem, name=name)
    submission = Submission(path, data, hashlib.sha256(data).hexdigest(), name=name)
    try:
        notebook = json.loads(data.decode("utf-8"))
        if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
            raise ValueError("no cells")
    except (ValueError, UnicodeDecodeError) as error:
        what = "an empty file" if not data.strip() else type(error).__name__
        submission.problem = f"not a readable notebook ({what})"
        return submission
    submission.notebook = notebook
    submission.exercise = detect_exercise(notebook, path)
    if submission.exercise is None:
        submission.problem = (
            "cannot tell which exercise this is (no exNN in metadata, name or code)"
        )
    return submission


def read_submissions(paths: Iterable[str | os.PathLike]) -> list[Submission]:
    """Every submission found under ``paths``, read into memory and hashed, in order."""
    return [read_submission(path, name) for path, name in named_notebooks(paths)]


# --- grading one notebook ---------------------------------------------------------------------
def _row(submission: Submission, **fields) -> Row:
    """A row for this submission (its file, name, exercise and hash), with ``fields``."""
    return Row(
        file=str(submission.path),
        exercise=submission.exercise,
        sha256=submission.sha256,
        name=submission.name,
        **fields,
    )


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


_PACKAGE = Path(__file__).resolve().parent
_ANSWERS = re.compile(r"solutions_ex\d\d\b")
"""The modules holding the answers (``exercises/solutions_exNN.py``, their bytecode too)."""


def _answer_files(names: Iterable[str]) -> list[str]:
    return [name for name in names if _ANSWERS.match(name)]


@functools.cache
def child_package() -> Path:
    """A copy of this package *without* the answers (``exercises/solutions_exNN.py`` and
    their bytecode), made once per process in a temporary folder (removed at exit): the
    package a graded child imports first and, with Landlock, the only part of it that it may
    read. So the answers are neither importable nor readable where a notebook runs for marks.
    (With an editable install or a checkout, the package itself is then out of the child's
    view; a package installed into site-packages is carved out of the site-packages folder the
    child reads, see :func:`_read_paths`.)"""
    import atexit
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="shengji-grade-package-"))
    folder.chmod(0o755)  # a child started by root runs as an unprivileged user: let it in
    atexit.register(shutil.rmtree, folder, ignore_errors=True)

    def ignore(_where: str, names: list[str]) -> list[str]:
        return [*_answer_files(names), *[n for n in names if n == ".ipynb_checkpoints"]]

    shutil.copytree(_PACKAGE, folder / _PACKAGE.name, ignore=ignore)
    return folder / _PACKAGE.name


def answers_hidden(read_paths: Sequence[str] | None, landlock: bool) -> bool:
    """Can a child with these read paths (under Landlock) neither import nor read the
    answers? Only if no read path holds this package's ``exercises`` folder."""
    if read_paths is None or not landlock:
        return False
    hidden = str(_PACKAGE / "exercises")
    return not any(
        hidden == path or hidden.startswith(path.rstrip(os.sep) + os.sep)
        for path in (os.path.realpath(p) for p in read_paths)
    )


def child_setup(settings: Settings, exclude: Sequence[Path]) -> sandbox.PythonChild:
    """A graded child (:func:`shengji_edu.sandbox.python_child`): the copy of the package
    without the answers first on its path and readable; not the package itself, nor the
    checkout around it, nor the submissions. When the package is installed in a
    ``site-packages`` folder, which the child must read for IPython and the rest, the package
    is carved out of it (:func:`shengji_edu.sandbox.hide_beneath`), so its answers stay
    unreadable there too."""
    installed = _in_site_packages()
    return sandbox.python_child(
        path_first=str(child_package().parent),
        exclude=[*exclude, *([] if installed else [_PACKAGE])],
        carve=[_PACKAGE] if installed else [],
        restrict_reads=settings.restrict_reads,
        env={"SHENGJI_EDU_TIME_LIMIT": f"{settings.call_limit:g}"},
    )


def _in_site_packages() -> bool:
    """Is this package installed in a site-packages folder (which the child must read)?"""
    import site
    import sysconfig

    folders = [*site.getsitepackages(), site.getusersitepackages()]
    folders += [sysconfig.get_paths()[name] for name in ("purelib", "platlib")]
    return any(_PACKAGE.parent == Path(folder).resolve() for folder in folders if folder)


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
            self._record(question, result.status, result.message)
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
        self._record(question, result.status, result.message)
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

    def _record(self, question: Question, status: str, message: str) -> None:
        if question.id in self.row.statuses:
            return
        self.row.statuses[question.id] = status
        self.row.messages[question.id] = message


@functools.lru_cache(maxsize=4096)
def _python(source: str) -> ast.Module | None:
    """A cell's code as Python syntax (after IPython's magic transforms); None if it is not.
    Cached: every question reads the same cells (the trees are only read, never changed)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        source = TransformerManager().transform_cell(source)
    except Exception:  # no IPython, or text it cannot transform: parse as it is
        pass
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _is_stub(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Raise):
        return False
    raised = body[0].exc
    raised = raised.func if isinstance(raised, ast.Call) else raised
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def only_stubs(sources: Iterable[str], name: str) -> bool:
    """Do the cells define ``name`` only as the exercise's stub (and bind it nowhere else)?

    Read from the notebook's text, never run. A cell that is not Python (after magics) and
    mentions the name, or that binds the name in another way (an assignment, an import, an
    ``exec`` of text that names it), makes it False.
    """
    stubs = 0
    for source in sources:
        tree = _python(source)
        if tree is None:
            if name in source:
                return False
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
                if not _is_stub(node):
                    return False
                stubs += 1
            elif _binds(node, name):
                return False
    return stubs > 0


def _binds(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Store)
    if isinstance(node, ast.alias):
        return (node.asname or node.name) == name
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("exec", "eval"):
        return any(isinstance(a, ast.Constant) and name in str(a.value) for a in node.args)
    return False


def defines(sources: Iterable[str], name: str) -> bool:
    """Does the notebook's text define ``name`` itself: a ``def`` (or ``class``) of that name,
    or an assignment to it (``name = lambda …``)? An import, ``globals()[…] =`` or ``exec`` of
    text does not count. Read from the text, never run; a cell that is not Python (after
    magics) and mentions the name counts (it is given the benefit of the doubt)."""
    for source in sources:
        tree = _python(source)
        if tree is None or source.lstrip().startswith("%%"):  # a cell magic runs the text
            if name in source:
                return True
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if node.name == name:
                    return True
            elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
                return True
    return False


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


_REACHES = {
    "the grading code": r"shengji_edu\.(grading|sandbox)|exercises\.(checking|submission)"
    r"|solutions_ex|\bCALL_STYLES\b"
    r"|\bcall_plain\b|\bjudge\b|solution_function|\._solution\b|\.reference\b",
    "IPython's machinery": r"input_transformers|ast_transformers|events\.register"
    r"|display_pub|set_custom_exc|IPython\.display\.display\s*=",
    "modules": r"importlib|sys\.modules|\bbuiltins\b",
    "processes or signals": r"os\.kill|killpg|\bsignal\.|setsid|os\.fork|subprocess"
    r"|multiprocessing|os\.system|ctypes|os\._exit",
    "files outside the notebook": r"/proc/|os\.remove|shutil\.rmtree|\.\./",
}


def review_code(sources: Iterable[str]) -> str:
    """What a notebook's code reaches into that exercises never need (for the instructor)."""
    text = "\n".join(sources)
    found = [what for what, pattern in _REACHES.items() if re.search(pattern, text)]
    return ", ".join(found)


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


# --- many notebooks ---------------------------------------------------------------------------
def default_jobs() -> int:
    """Notebooks graded at once by default: the number of cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def grade(
    paths: Iterable[str | os.PathLike],
    timeout: float = TIMEOUT,
    jobs: int | None = None,
    progress: Callable[[Row, int, int], None] | None = None,
    *,
    cell_timeout: float = CELL_TIMEOUT,
    memory_mb: int | None = MEMORY_MB,
    csv_path: str | os.PathLike | None = None,
    fresh: bool = False,
    restrict_reads: bool = True,
) -> list[Row]:
    """Grade every notebook found under ``paths``, ``jobs`` at a time; rows in the input order.

    Every file is read and hashed first. With ``csv_path`` the CSV is rewritten as each
    notebook starts and finishes, and rows of an earlier run with the same file and hash are
    reused (unless ``fresh``). ``progress(row, done, total)`` is called as each finishes.
    """
    settings = Settings(
        timeout=float(timeout),
        cell_timeout=float(cell_timeout),
        call_limit=time_limit(),
        memory_mb=memory_mb,
        restrict_reads=restrict_reads,
    )
    submissions = read_submissions(paths)
    run = GradingRun(submissions, settings, csv_path, fresh)
    return run.run(jobs or default_jobs(), progress)


class GradingRun:
    """One run over a list of submissions: resumes from, and writes, the CSV."""

    def __init__(
        self,
        submissions: list[Submission],
        settings: Settings,
        csv_path: str | os.PathLike | None = None,
        fresh: bool = False,
    ) -> None:
        self.submissions = submissions
        self.settings = settings
        self.csv_path = Path(csv_path) if csv_path is not None else None
        self.rows: list[Row | None] = [None] * len(submissions)
        self.running: dict[int, int] = {}
        self.restrictions: dict = {}
        self.reused = 0
        self.previous: list[dict[str, str]] = []
        """The rows of the CSV as it was: kept, except those of notebooks graded now."""
        self.lock = threading.Lock()
        if self.csv_path is not None:
            self.previous = read_csv(self.csv_path)
            if not fresh:
                self._resume()

    @property
    def kept(self) -> int:
        """Rows of the CSV that are for other notebooks (kept as they are)."""
        if self.csv_path is None:
            return 0
        mine = {ledger_key(s.path) for s in self.submissions}
        folder = self.csv_path.resolve().parent
        return sum(ledger_key(folder / old.get("file", "")) not in mine for old in self.previous)

    # --- resuming -------------------------------------------------------------------------
    def _resume(self) -> None:
        version = sandbox.code_version()
        folder = self.csv_path.resolve().parent
        files = {}
        for row in self.previous:
            files[(ledger_key(folder / row.get("file", "")), row.get("sha256", ""))] = row
        for index, submission in enumerate(self.submissions):
            old = files.get((ledger_key(submission.path), submission.sha256))
            if old is None or old.get("grader") != version:
                continue
            state = old.get("state", "")
            match = re.fullmatch(r"running \(attempt (\d+)\)", state)
            if match:
                attempt = int(match.group(1))
                if attempt >= 2:
                    exercise = submission.exercise
                    ids = [q.id for q in questions(exercise)] if exercise in EXERCISES else []
                    self.rows[index] = _row(
                        submission,
                        statuses=dict.fromkeys(ids, ERROR),
                        notes=[
                            "the grader stopped twice while grading this notebook (did it "
                            "kill the grader?): not run again; --fresh retries it"
                        ],
                    )
                else:
                    self.running[index] = attempt
            elif state == "graded":
                row = _row_from_csv(old, submission)
                if row is not None:
                    row.reused = True
                    self.rows[index] = row
                    self.reused += 1

    # --- running ------------------------------------------------------------------------------
    def run(self, jobs: int, progress: Callable[[Row, int, int], None] | None = None) -> list[Row]:
        todo = [i for i, row in enumerate(self.rows) if row is None and i not in self.running]
        again = sorted(self.running)  # the grader died while these ran: last, one at a time
        needs_child = any(self.submissions[i].problem is None for i in todo + again)
        context = None
        if needs_child:
            exclude = [s.path.resolve() for s in self.submissions]
            context, self.restrictions = preflight(self.settings, exclude)
            self.settings = context.settings
        total = len(self.submissions)
        done = [sum(row is not None for row in self.rows)]

        def one(index: int) -> Row:
            return grade_submission(self.submissions[index], self.settings, context)

        def finished(index: int, row: Row) -> None:
            with self.lock:
                self.rows[index] = row
                self.running.pop(index, None)
                done[0] += 1
                self._check_files()
                self.write()
            if progress is not None:
                progress(row, done[0], total)

        def started(index: int, attempt: int) -> None:
            with self.lock:
                self.running[index] = attempt
                self.write()

        pool = ThreadPoolExecutor(max_workers=max(1, jobs))
        try:
            futures: dict[Future, int] = {}
            queue = list(todo)
            while queue or futures:
                while queue and len(futures) < max(1, jobs):
                    index = queue.pop(0)
                    started(index, 1)
                    futures[pool.submit(one, index)] = index
                finished_now, _ = wait(list(futures), timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished_now:
                    finished(futures.pop(future), future.result())
            for index in again:
                started(index, self.running.get(index, 1) + 1)
                finished(index, one(index))
        except BaseException:
            if context is not None:
                context.stop_all()  # kill the children first, so the workers end at once
            pool.shutdown(wait=True, cancel_futures=True)
            with self.lock:
                self.running.clear()  # an interruption is not the notebooks' doing
                self.write()
            raise
        pool.shutdown(wait=True)
        self._check_files()
        self.write()
        return [row for row in self.rows if row is not None]

    def _check_files(self) -> None:
        """Name the files that changed on disk since they were read (another submission?)."""
        for submission, row in zip(self.submissions, self.rows, strict=True):
            if row is None or row.reused or not submission.sha256:
                continue
            try:
                now = hashlib.sha256(submission.path.read_bytes()).hexdigest()
            except OSError:
                now = "gone"
            note = (
                "the file changed on disk while grading (did another submission rewrite it?); "
                "the grade is for the copy read before grading began"
            )
            if now != submission.sha256 and note not in row.notes:
                row.notes.append(note)

    def write(self) -> None:
        """Rewrite the CSV (atomically): the rows done, markers for the ones running, and every
        row of the CSV that is for another notebook, as it was. A notebook not graded for lack
        of resources (:data:`RETRY`) keeps its earlier row, if any: it is never a grade."""
        if self.csv_path is None:
            return
        rows = []
        for index, row in enumerate(self.rows):
            if row is not None and row.state == RETRY:
                continue
            if row is not None:
                rows.append(row)
            elif index in self.running:
                submission = self.submissions[index]
                rows.append(
                    _row(
                        submission,
                        notes=["grading started but did not finish (the grader stopped)"],
                        state=f"running (attempt {self.running[index]})",
                    )
                )
        write_csv(rows, self.csv_path, previous=self.previous)


# --- the CSV ----------------------------------------------------------------------------------
def question_columns(rows: Sequence[Row]) -> list[str]:
    """The question ids of every exercise present, in order (``ex01.q1`` …)."""
    present = sorted({row.exercise for row in rows if row.exercise in EXERCISES})
    return [q.id for exercise in present for q in questions(exercise)]


def ledger_key(path: str | os.PathLike) -> str:
    """The identity of a submission in the grades file: its resolved absolute path (so a
    folder named relatively or absolutely, or one file of it named alone, is the same)."""
    return os.path.realpath(path)


def csv_file_name(path: str | os.PathLike, folder: Path) -> str:
    """The ``file`` column: the path relative to the CSV's folder when it is beneath it (the
    ledger then survives moving the course folder), else the resolved absolute path."""
    resolved = Path(ledger_key(path))
    try:
        return resolved.relative_to(folder).as_posix()
    except ValueError:
        return str(resolved)


CSV_START = ["file", "sha256", "exercise"]
CSV_END = ["passed", "total", "notes", "state", "grader"]


def table_rows(
    rows: Sequence[Row], folder: Path | None = None
) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the CSV (``file`` relative to ``folder``, see :func:`csv_file_name`)."""
    columns = question_columns(rows)
    header = [*CSV_START, *columns, *CSV_END]
    version = sandbox.code_version()
    body = []
    for row in rows:
        graded = row.state == "graded"
        name = row.file if folder is None else csv_file_name(row.file, folder)
        body.append(
            [
                clean(name),
                row.sha256,
                row.exercise or "?",
                *[row.statuses.get(column, "") for column in columns],
                str(row.passed) if graded else "",
                str(row.total) if graded else "",
                clean("; ".join(row.notes)),
                row.state,
                version,
            ]
        )
    return header, body


def write_csv(
    rows: Sequence[Row], path: str | os.PathLike, previous: Sequence[dict[str, str]] = ()
) -> None:
    """Write the grades file (UTF-8, one row per notebook), atomically (a temporary file in
    the same folder, then ``os.replace``): a ledger. ``previous`` (the rows the file held) are
    kept, in their order, except those of the same notebooks as ``rows`` (same resolved
    path, :func:`ledger_key`), which ``rows`` replace in place; new ones are added at the
    end. Nothing else is dropped. Every text cell is cleaned of control characters."""
    import tempfile

    target = Path(path)
    folder = target.resolve().parent
    header, body = table_rows(rows, folder)
    new = {ledger_key(folder / line[0]): dict(zip(header, line, strict=True)) for line in body}
    extra = [
        column
        for old in previous
        for column in old
        if column not in header and column is not None and column not in CSV_END
    ]
    exercises = {old.get("exercise", "") for old in previous} | {r.exercise for r in rows}
    columns = question_columns([Row("", e) for e in sorted(x for x in exercises if x)])
    questions_now = [c for c in header if c not in CSV_START + CSV_END]
    columns += [c for c in questions_now if c not in columns]
    columns += [c for c in dict.fromkeys(extra) if c not in columns]
    header = [*CSV_START, *columns, *CSV_END]
    merged: list[dict[str, str]] = []
    placed: set[str] = set()
    for old in previous:
        key = ledger_key(folder / (old.get("file") or ""))
        if key in new:
            if key not in placed:
                merged.append(new[key])
                placed.add(key)
        else:
            merged.append(old)
    merged += [line for key, line in new.items() if key not in placed]
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for line in merged:
        writer.writerow([clean(str(line.get(column) or "")) for column in header])
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    try:
        try:
            mode = target.stat().st_mode & 0o777
        except OSError:
            mode = 0o644
        os.chmod(temporary, mode)
        with open(descriptor, "w", newline="", encoding="utf-8") as stream:
            stream.write(buffer.getvalue())
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_csv(path: str | os.PathLike) -> list[dict[str, str]]:
    """The rows of a CSV written by :func:`write_csv` (none if it is missing or unreadable)."""
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            return list(csv.DictReader(handle))
    except (OSError, csv.Error, UnicodeDecodeError):
        return []


def _row_from_csv(old: dict[str, str], submission: Submission) -> Row | None:
    exercise = submission.exercise
    ids = [q.id for q in questions(exercise)] if exercise in EXERCISES else []
    statuses = {qid: old.get(qid, "") for qid in ids}
    if any(not status for status in statuses.values()):
        return None
    notes = [note for note in old.get("notes", "").split("; ") if note]
    return _row(submission, statuses=statuses, notes=notes, state="graded")


# --- text from a submission -------------------------------------------------------------------
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: cursor moves, erasing, colours
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window title, hyperlinks
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x1b[\s\S]?"  # any other escape
    r"|\x9b[0-?]*[ -/]*[@-~]|\x9d[^\x07\x9c]*[\x07\x9c]?"  # the 8-bit CSI and OSC
)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean(text: str, lines: bool = False) -> str:
    """``text`` (from a submission: its file name, an error message, a note) without control
    characters: no escape sequence (that could erase lines or set the window title), no C0
    or C1 control, no bidirectional override. Newlines and tabs stay when ``lines``, else
    they become spaces."""
    text = _CONTROLS.sub("", _ESCAPES.sub("", str(text)))
    return text if lines else re.sub(r"[\t\n]", " ", text)


# --- the terminal table -----------------------------------------------------------------------
SHORT = {PASS: "PASS", FAIL: "FAIL", NOT_ATTEMPTED: "todo", MISSING: "MISS", ERROR: "ERR"}
LEGEND = (
    "PASS right on every case · FAIL wrong on some case (--details: which) · todo not "
    "attempted · MISS no function of that name · ERR could not be checked (see notes)"
)


def _shorten(text: str, width: int, middle: bool = False) -> str:
    if len(text) <= width:
        return text
    if width <= 1:
        return text[:width]
    if middle:
        head = (width - 1) // 2
        return text[:head] + "…" + text[len(text) - (width - 1 - head) :]
    return text[: width - 1] + "…"


def _display_name(row: Row, base: Path | None = None) -> str:
    """The row's name for people: its path relative to the folder given (:attr:`Row.name`),
    else relative to ``base``, else the file's name; never a control character."""
    if row.name:
        return clean(row.name)
    path = Path(row.file)
    if base is not None:
        with contextlib.suppress(ValueError):
            return clean(path.resolve().relative_to(base).as_posix())
    return clean(path.name)


def format_table(rows: Sequence[Row], width: int = 100) -> str:
    """The grades as plain text, one table per exercise, no line wider than ``width``."""
    base = _common_folder(rows)
    blocks = []
    for exercise in sorted({row.exercise for row in rows if row.exercise in EXERCISES}):
        group = [row for row in rows if row.exercise == exercise and row.statuses]
        if not group:
            continue
        ids = [q.id for q in questions(exercise)]
        names = [_display_name(row, base) for row in group]
        name_width = max(4, min(30, max(len(n) for n in names)))
        title = f"{exercise} · {EXERCISES[exercise].split('_', 1)[1].replace('_', ' ')}"
        title += f" · {len(group)} notebook{'s' if len(group) != 1 else ''}"
        lines = [_shorten(title, width)]
        header = "file".ljust(name_width) + "".join(f" {q.split('.')[1]:<4}" for q in ids)
        lines.append((header + "  score  notes").rstrip()[:width])
        for row, name in zip(group, names, strict=True):
            cells = "".join(f" {SHORT.get(row.statuses.get(q, ''), '-'):<4}" for q in ids)
            score = f"{row.passed}/{row.total}"
            line = f"{_shorten(name, name_width, middle=True):<{name_width}}{cells}  {score:<5}"
            notes = _shorten(clean("; ".join(row.notes)), max(0, width - len(line) - 2))
            lines.append(f"{line}  {notes}".rstrip())
        blocks.append("\n".join(lines))
    others = [row for row in rows if not (row.exercise in EXERCISES and row.statuses)]
    if others:
        names = [_display_name(row, base) for row in others]
        name_width = max(4, min(40, max(len(n) for n in names)))
        lines = ["not graded"]
        for row, name in zip(others, names, strict=True):
            note = _shorten(clean("; ".join(row.notes)), width - name_width - 2)
            lines.append(
                f"{_shorten(name, name_width, middle=True):<{name_width}}  {note}".rstrip()
            )
        blocks.append("\n".join(lines))
    blocks.append(textwrap.fill(LEGEND, width))
    return "\n\n".join(blocks)


def _common_folder(rows: Sequence[Row]) -> Path | None:
    parents = [Path(row.file).resolve().parent for row in rows]
    if not parents:
        return None
    try:
        common = Path(os.path.commonpath([str(p) for p in parents]))
    except ValueError:
        return None
    return common


# --- the command ------------------------------------------------------------------------------
def grade_command(
    paths: Sequence[str],
    csv_path: str | None = None,
    timeout: float = TIMEOUT,
    jobs: int | None = None,
    details: bool = False,
    cell_timeout: float = CELL_TIMEOUT,
    memory_mb: int | None = MEMORY_MB,
    fresh: bool = False,
) -> int:
    """``shengji grade``: grade, print the table (and the messages), write the CSV if asked."""
    missing = [path for path in paths if not Path(path).exists()]
    if missing:
        print(f"shengji grade: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    if memory_mb is not None and memory_mb < 0:
        print("shengji grade: --memory takes megabytes, or 0 for no limit", file=sys.stderr)
        return 2
    submissions = read_submissions(paths)
    if not submissions:
        print("shengji grade: no notebooks found in " + ", ".join(paths), file=sys.stderr)
        return 2
    jobs = jobs or default_jobs()
    settings = Settings(
        timeout=float(timeout),
        cell_timeout=float(cell_timeout),
        call_limit=time_limit(),
        memory_mb=memory_mb,
    )
    run = GradingRun(submissions, settings, csv_path, fresh)
    say = _printer()
    say(
        f"grading {len(submissions)} notebook(s), {jobs} at a time, each in its own sandboxed "
        f"process; limits: {settings.timeout:g} s per notebook, {settings.cell_limit:g} s per "
        f"cell, {settings.call_limit:g} s per call"
    )
    if run.reused:
        say(f"reusing {run.reused} row(s) of {csv_path} (same file and SHA-256; --fresh regrades)")
    if run.kept:
        say(f"keeping {run.kept} row(s) of {csv_path} for other notebooks as they are")
    width = len(str(len(submissions)))

    def progress(row: Row, done: int, total: int) -> None:
        name = _shorten(_display_name(row), 40, middle=True)
        score = (
            f"{row.passed}/{row.total}"
            if row.statuses
            else (RETRY if row.state == RETRY else "not graded")
        )
        say(f"  [{done:>{width}}/{total}] {name}: {score} ({row.seconds:.1f} s)")

    previous = _catch_termination()
    try:
        rows = run.run(jobs, progress)
    except KeyboardInterrupt:
        done = sum(row is not None for row in run.rows)
        where = f"; {done} row(s) are in {csv_path}" if csv_path else ""
        print(f"\nshengji grade: interrupted{where}. Run the same command to go on.")
        return 130
    except GradingError as error:
        print(f"shengji grade: {error}", file=sys.stderr)
        return 2
    finally:
        _restore_termination(previous)
    if run.restrictions:
        say("sandbox: " + sandbox.describe(run.restrictions))
        if run.restrictions.get("weakened"):
            say(
                "warning: the full sandbox could not start here "
                f"({run.restrictions['weakened']}); graded with the limits above"
            )
        if not run.restrictions.get("answers_hidden"):
            say(
                "warning: the notebooks could read the package's answers here (no Landlock "
                "read restriction on this system): for marks, grade on Linux 5.13 or newer"
            )
    print()
    print(format_table(rows))
    if details:
        for row in rows:
            shown = [
                (q, m)
                for q, m in row.messages.items()
                if row.statuses.get(q) not in (PASS, NOT_ATTEMPTED)
            ]
            if shown or row.notes:
                print(f"\n=== {_display_name(row)} ({row.sha256[:12]})")
                for note in row.notes:
                    print(f"note: {clean(note)}")
                for question, message in shown:
                    print(f"\n--- {question}: {clean(message, lines=True)}")
    changed = [_display_name(row) for row in rows if any("changed on disk" in n for n in row.notes)]
    if changed:
        print(
            f"\nwarning: {len(changed)} file(s) changed on disk while grading: "
            + ", ".join(changed)
        )
    retry = [_display_name(row) for row in rows if row.state == RETRY]
    if retry:
        print(
            f"\nwarning: {len(retry)} notebook(s) not graded: the machine ran out of processes, "
            f"threads or memory ({', '.join(retry[:5])}{' …' if len(retry) > 5 else ''}); "
            f"nothing was recorded for them: run the same command again"
        )
    if csv_path:
        print(f"\nwrote {csv_path} ({len(read_csv(csv_path))} rows)")
    else:
        print(
            "\nno CSV written: add --csv FILE to save the table (a rerun then skips the "
            "notebooks already graded)"
        )
    return 75 if retry else 0


def _printer() -> Callable[[str], None]:
    def say(text: str) -> None:
        print(
            textwrap.fill(text, 100, subsequent_indent="    ") if len(text) > 100 else text,
            flush=True,
        )

    return say


def _catch_termination():
    """In the main thread, SIGTERM and SIGHUP stop the run like Ctrl-C (rows are kept)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = {}

    def stop(*_args) -> None:
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(OSError, ValueError):
                previous[number] = signal.signal(number, stop)
    return previous


def _restore_termination(previous) -> None:
    for number, handler in (previous or {}).items():
        with contextlib.suppress(OSError, ValueError, TypeError):
            signal.signal(number, handler)
