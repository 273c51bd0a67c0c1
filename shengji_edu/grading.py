"""Grade exercise notebooks: ``shengji grade PATH... [--csv grades.csv] [--timeout 60]``.

For every submitted notebook (a file, or every ``*.ipynb`` in a folder):

1. find which exercise it is: the notebook's metadata (``shengji_edu.exercise``, written by
   the generator), else ``exNN`` in the file name, else the ``from
   shengji_edu.exercises.exNN import`` line in its code;
2. execute it in a *fresh kernel process* (nbclient), in a temporary working directory,
   with its stored outputs removed; a cell that errors does not stop the run, and a cell that
   runs longer than the time limit is interrupted and the run goes on;
3. then run the checks *itself*, in that same kernel, against the student's functions looked
   up by name (:func:`report`): what the notebook printed, including any "PASS", is never
   read. The results come back as one display message of a private MIME type, tagged with a
   random token made for this run.

A broken or hostile notebook still gets a row: one that cannot be read, errors, loops, prints
fake results, or lost its cells (a missing function is MISSING). Statuses per question:
PASS, FAIL, NOT ATTEMPTED, MISSING (no function of that name), ERROR (the notebook could
not be checked, e.g. its kernel died; the notes say why).

Limits: the checks run inside the student's kernel, so code written on purpose to tamper with
the package or with IPython in that kernel could fool them. Two grading results carrying the
run's token (a forgery) are reported as ERROR with a note. This catches mistakes and naive
cheating, not a determined attacker.

The table goes to the terminal and a CSV file: one row per notebook, one column per
question (``ex01.q1`` …), then the number passed, the number of questions and notes.
"""

from __future__ import annotations

import csv
import logging
import os
import re
import secrets
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .exercises import EXERCISES, questions
from .exercises.checking import STRICT_VARIABLE, TOTAL_TIME_LIMIT

GRADE_MIME = "application/vnd.shengji-edu.grade+json"
MISSING = "MISSING"
ERROR = "ERROR"
CELL_TIMEOUT = "CellTimeoutError"
_EXERCISE_IN_NAME = re.compile(r"(?<![0-9a-z])(ex\d\d)(?![0-9])", re.IGNORECASE)
_EXERCISE_IN_CODE = re.compile(r"shengji_edu\.exercises\.(ex\d\d)\b")


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

    @property
    def passed(self) -> int:
        return sum(status == "PASS" for status in self.statuses.values())

    @property
    def total(self) -> int:
        return len(questions(self.exercise)) if self.exercise in EXERCISES else 0


# --- inside the student's kernel --------------------------------------------------------------
def report(exercise: str, token: str) -> None:
    """Run every check of ``exercise`` on the functions defined in this kernel; display them.

    Called by the grader in the student's kernel after the notebook ran. Prints nothing: the
    results leave as one display message of type :data:`GRADE_MIME`.
    """
    import importlib

    from IPython import get_ipython
    from IPython.display import display

    from .exercises import checking, generate

    own = [result.to_dict() for result in checking.RESULTS]
    # Fresh question objects: changes the notebook made to q1, q2 ... do not count.
    importlib.reload(checking)
    importlib.reload(generate)
    module = importlib.reload(importlib.import_module(f"{__package__}.exercises.{exercise}"))
    shell = get_ipython()
    namespace = shell.user_ns if shell is not None else {}
    results = []
    for question in module.QUESTIONS:
        function = namespace.get(question.function)
        if function is None:
            status, message = MISSING, f"no function named {question.function} in the notebook"
        else:
            result = question.run(function)
            status, message = result.status, result.message
        results.append({"question": question.id, "status": status, "message": message})
    payload = {"token": token, "exercise": exercise, "results": results, "own_checks": own}
    display({GRADE_MIME: payload}, raw=True)


def _grading_cell(exercise: str, token: str) -> str:
    return (
        "import shengji_edu.grading as _shengji_edu_grading\n"
        f"_shengji_edu_grading.report({exercise!r}, {token!r})"
    )


# --- finding notebooks and their exercise -----------------------------------------------------
def find_notebooks(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The notebooks named, and the ``*.ipynb`` files in the folders named (not checkpoints)."""
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        else:
            found.append(path)
    return found


def detect_exercise(notebook: dict, path: Path) -> str | None:
    """The exercise id of a notebook: metadata, else the file name, else its code."""
    metadata = notebook.get("metadata", {}).get("shengji_edu", {})
    exercise = metadata.get("exercise") if isinstance(metadata, dict) else None
    if exercise in EXERCISES:
        return exercise
    match = _EXERCISE_IN_NAME.search(path.name)
    if match and match.group(1).lower() in EXERCISES:
        return match.group(1).lower()
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            match = _EXERCISE_IN_CODE.search(text)
            if match and match.group(1) in EXERCISES:
                return match.group(1)
    return None


# --- grading one notebook ----------------------------------------------------------------------
def _quiet_log() -> logging.Logger:
    log = logging.getLogger("shengji_edu.grading.nbclient")
    log.setLevel(logging.CRITICAL)
    log.propagate = False
    return log


def _first_line(text: str) -> str:
    text = re.sub(r"\x1b\[[0-9;]*m", "", text or "").strip()
    return text.splitlines()[0][:160] if text else ""


def grade_notebook(path: str | os.PathLike, timeout: int = 60) -> Row:
    """Execute one notebook in a fresh kernel and check its functions. Never raises."""
    path = Path(path)
    row = Row(file=str(path))
    try:
        _grade_into(row, path, timeout)
    except Exception as error:  # whatever happens, the notebook gets a row
        row.notes.append(f"could not be graded: {type(error).__name__}: {_first_line(str(error))}")
    if row.exercise in EXERCISES:
        for question in questions(row.exercise):
            row.statuses.setdefault(question.id, ERROR)
    return row


def _grade_into(row: Row, path: Path, timeout: int) -> None:
    import nbformat

    try:
        notebook = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    except Exception as error:
        row.notes.append(f"not a readable notebook ({type(error).__name__})")
        return
    row.exercise = detect_exercise(notebook, path)
    if row.exercise is None:
        row.notes.append("cannot tell which exercise this is (no exNN in metadata, name or code)")
        return
    cells = [cell for cell in notebook.cells if cell.get("cell_type") in ("code", "markdown")]
    for cell in cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    token = secrets.token_hex(16)
    grading = nbformat.v4.new_code_cell(_grading_cell(row.exercise, token))
    notebook.cells = [*cells, grading]
    count = len(questions(row.exercise))
    grading_timeout = 30 + int(TOTAL_TIME_LIMIT + 10) * count  # each check stops by itself
    timed_out, died = _execute(notebook, timeout, grading_timeout)
    _note_cell_problems(row, notebook.cells[:-1], timed_out)
    if died:
        row.notes.append("the kernel died")
    _read_results(row, grading, token)


def _execute(notebook, timeout: int, grading_timeout: int) -> tuple[set[int], bool]:
    """Run every cell (errors allowed, slow cells interrupted).

    Returns the indexes of the cells that ran out of time, and whether the kernel died.
    """
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    last = len(notebook.cells) - 1
    timed_out: set[int] = set()

    def cell_timeout(cell) -> int:
        return grading_timeout if cell is notebook.cells[last] else timeout

    def executed(cell, cell_index, execute_reply, **_) -> None:
        if (execute_reply or {}).get("content", {}).get("ename") == CELL_TIMEOUT:
            timed_out.add(cell_index)

    env = {k: v for k, v in os.environ.items() if k != STRICT_VARIABLE}  # checks must not raise
    with tempfile.TemporaryDirectory(prefix="shengji-grade-", ignore_cleanup_errors=True) as folder:
        client = NotebookClient(
            notebook,
            kernel_name="python3",
            timeout=timeout,
            timeout_func=cell_timeout,
            startup_timeout=120,
            allow_errors=True,
            interrupt_on_timeout=True,
            error_on_timeout={
                "ename": CELL_TIMEOUT,
                "evalue": "the cell ran too long and was interrupted",
                "traceback": [],
            },
            record_timing=False,
            on_cell_executed=executed,
            resources={"metadata": {"path": folder}},
            log=_quiet_log(),
        )
        try:
            client.execute(env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except DeadKernelError:
            return timed_out, True
    return timed_out, False


def _note_cell_problems(row: Row, cells: Sequence, timed_out: set[int]) -> None:
    """Note the student's cells that raised an error or ran out of time."""
    problems = []
    number = 0
    for index, cell in enumerate(cells):
        if cell.cell_type != "code":
            continue
        number += 1
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if index in timed_out or (errors and errors[0].get("ename") == "KeyboardInterrupt"):
            problems.append(f"code cell {number} ran too long and was stopped")
        elif errors:
            evalue = _first_line(errors[0].get("evalue", ""))
            problems.append(f"code cell {number}: {errors[0].get('ename')}: {evalue}")
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        row.notes.append(f"{problems[0]}{more}")


def _read_results(row: Row, grading, token: str) -> None:
    payloads = [
        output["data"][GRADE_MIME]
        for output in grading.get("outputs", [])
        if output.get("output_type") == "display_data" and GRADE_MIME in output.get("data", {})
    ]
    payloads = [p for p in payloads if isinstance(p, dict) and p.get("token") == token]
    if len(payloads) != 1:
        if not payloads:
            row.notes.append("the checks did not run (the kernel died or hung?)")
        else:
            row.notes.append("the grading output was tampered with: not graded")
        return
    payload = payloads[0]
    for item in payload.get("results", []):
        question, status = str(item.get("question")), str(item.get("status"))
        row.statuses[question] = status
        row.messages[question] = str(item.get("message", ""))
    row.own_checks = list(payload.get("own_checks", []))


# --- many notebooks, the table and the CSV -----------------------------------------------------
def grade(
    paths: Iterable[str | os.PathLike], timeout: int = 60, jobs: int = 1, progress=None
) -> list[Row]:
    """Grade every notebook found under ``paths`` (see :func:`find_notebooks`), in order.

    ``jobs`` notebooks are graded at the same time, each in its own kernel process.
    """
    notebooks = find_notebooks(paths)

    def one(path: Path) -> Row:
        if progress is not None:
            progress(path)
        return grade_notebook(path, timeout)

    if jobs <= 1 or len(notebooks) <= 1:
        return [one(path) for path in notebooks]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, notebooks))


def question_columns(rows: Sequence[Row]) -> list[str]:
    """The question ids of every exercise present, in order (``ex01.q1`` …)."""
    present = sorted({row.exercise for row in rows if row.exercise in EXERCISES})
    return [q.id for exercise in present for q in questions(exercise)]


def table_rows(rows: Sequence[Row]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the grade table (the CSV has the same columns)."""
    columns = question_columns(rows)
    header = ["file", "exercise", *columns, "passed", "total", "notes"]
    body = []
    for row in rows:
        cells = [row.statuses.get(column, "") for column in columns]
        body.append(
            [
                row.file,
                row.exercise or "?",
                *cells,
                str(row.passed),
                str(row.total),
                "; ".join(row.notes),
            ]
        )
    return header, body


def format_table(rows: Sequence[Row]) -> str:
    """The grade table as aligned plain text."""
    header, body = table_rows(rows)
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header) - 1)]
    lines = []
    for line in [header, *body]:
        cells = [text.ljust(width) for text, width in zip(line, widths, strict=False)]
        lines.append("  ".join([*cells, line[-1]]).rstrip())
    return "\n".join(lines)


def write_csv(rows: Sequence[Row], path: str | os.PathLike) -> None:
    """Write the grade table as CSV (UTF-8, one row per notebook)."""
    header, body = table_rows(rows)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(body)


def grade_command(
    paths: Sequence[str],
    csv_path: str = "grades.csv",
    timeout: int = 60,
    jobs: int = 1,
    details: bool = False,
) -> int:
    """``shengji grade``: grade, print the table (and the messages), write the CSV."""
    missing = [path for path in paths if not Path(path).exists()]
    if missing:
        print(f"shengji grade: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    notebooks = find_notebooks(paths)
    if not notebooks:
        print("shengji grade: no notebooks found in " + ", ".join(paths), file=sys.stderr)
        return 2
    try:
        import nbclient  # noqa: F401  (the grader needs nbclient and a Jupyter kernel)
    except ImportError:
        print(
            'shengji grade needs nbclient and ipykernel: pip install -e ".[notebooks]"',
            file=sys.stderr,
        )
        return 2
    print(f"grading {len(notebooks)} notebook(s), each in a fresh kernel ...", flush=True)
    rows = grade(notebooks, timeout, jobs, progress=lambda p: print(f"  {p}", flush=True))
    print()
    print(format_table(rows))
    if details:
        for row in rows:
            for question, message in row.messages.items():
                if row.statuses.get(question) not in ("PASS", "NOT ATTEMPTED"):
                    print(f"\n--- {row.file} {question}\n{message}")
    write_csv(rows, csv_path)
    print(f"\nwrote {csv_path}")
    return 0
