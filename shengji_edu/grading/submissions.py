"""The submissions (finding, reading and hashing the notebooks, telling their exercise),
their rows of grades, and the limits of a run."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..exercises import EXERCISES, questions
from ..exercises.checking import (
    PASS,
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

_EXERCISE_IN_NAME = re.compile(r"(?<![0-9a-z])(ex\d\d)(?![0-9])", re.IGNORECASE)
_EXERCISE_IN_CODE = re.compile(r"shengji_edu\.exercises\.(ex\d\d)\b")


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
    mtime: float | None = None
    """The file's modification time when it was read (seconds since the epoch): the
    submission's time for late work unless a roster gives one."""

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
    details: dict[str, dict] = field(default_factory=dict)
    """Per failing question, its smallest failing case as text (:attr:`.CheckResult.detail`)."""
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

    @property
    def score(self) -> float:
        """Points earned: the sum of the points (:attr:`.Question.points`) of the questions
        that PASS."""
        if self.exercise not in EXERCISES:
            return 0
        return sum(q.points for q in questions(self.exercise) if self.statuses.get(q.id) == PASS)

    @property
    def max_score(self) -> float:
        """The exercise's points: the sum of its questions' points."""
        if self.exercise not in EXERCISES:
            return 0
        return sum(q.points for q in questions(self.exercise))


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
        mtime = path.stat().st_mtime
    except OSError as error:
        problem = f"cannot be read ({error.strerror or error})"
        return Submission(path, b"", "", problem=problem, name=name)
    submission = Submission(path, data, hashlib.sha256(data).hexdigest(), name=name, mtime=mtime)
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


def _row(submission: Submission, **fields) -> Row:
    """A row for this submission (its file, name, exercise and hash), with ``fields``."""
    return Row(
        file=str(submission.path),
        exercise=submission.exercise,
        sha256=submission.sha256,
        name=submission.name,
        **fields,
    )
