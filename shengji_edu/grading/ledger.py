"""The grades file, a ledger (:func:`write_csv`, :func:`read_csv`): rows keyed by the
notebook's resolved path; and :func:`clean`, which keeps a submission's control characters
out of the CSV and the terminal."""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Sequence
from pathlib import Path

from .. import sandbox
from ..exercises import EXERCISES, questions
from ..files import write_atomically
from .submissions import Row, Submission, _row


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
    write_atomically(target, buffer.getvalue(), keep_mode=True)


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
