"""``shengji grade``: the command (:func:`grade_command`) and the table it prints."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from .. import sandbox
from ..exercises import EXERCISES, questions
from ..exercises.checking import (
    FAIL,
    NOT_ATTEMPTED,
    PASS,
    time_limit,
)
from .gradebook import GradebookError
from .ledger import clean, read_csv
from .outputs import Outputs, prepare, write_outputs
from .run import GradingRun, default_jobs
from .submissions import (
    CELL_TIMEOUT,
    ERROR,
    MEMORY_MB,
    MISSING,
    TIMEOUT,
    Row,
    Settings,
    read_submissions,
)
from .turn import RETRY, GradingError

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
    outputs: Outputs | dict | None = None,
) -> int:
    """``shengji grade``: grade, print the table (and the messages), write the CSV if asked,
    and the grades file, Canvas export and feedback files of ``outputs`` (the options of
    :func:`.outputs.prepare`, checked before anything is graded)."""
    missing = [path for path in paths if not Path(path).exists()]
    if missing:
        print(f"shengji grade: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    try:
        if not isinstance(outputs, Outputs):
            outputs = prepare(paths, **(outputs or {}))
    except GradebookError as error:
        print(f"shengji grade: {error}", file=sys.stderr)
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
    run = GradingRun(submissions, settings, csv_path, fresh, outputs.students)
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
    try:
        written = write_outputs(outputs, rows, csv_path, say)
    except (GradebookError, OSError) as error:
        print(f"shengji grade: {error}", file=sys.stderr)
        return 2
    return 75 if retry else written


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
