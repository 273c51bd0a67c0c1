"""Fill one assignment's column of a Canvas gradebook export (``shengji grade --canvas``).

Canvas's gradebook export (Grades → Export → Export Entire Gradebook) is a CSV whose header
row starts with ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID`` and ``Section`` (some
exports add ``Integration ID`` or ``Root Account``), then one column per assignment named
``NAME (ASSIGNMENT_ID)``, then the assignment groups' and the course's totals. Before the
students come one or more rows with no ``ID``: ``Points Possible`` (each assignment's
points; ``(read only)`` under the columns Canvas computes, which it ignores on import), and in
some exports a row naming each assignment's posting policy. Re-importing the file changes
the scores that differ; a column or a student Canvas does not know is reported there.

What :func:`fill_canvas` does, and does not:

* it finds the assignment's column by its name (with or without the ``(ID)``), or its id;
  it refuses a read-only column, a name that matches no column or several;
* it writes a score only into that column, and only in the rows of students it matched;
  every other cell, every other row (Points Possible, the posting row, students without a
  grade), the column order, the file's byte-order mark and line endings stay as they were;
* a grades line's student id is matched against ``ID``, then ``SIS User ID``, then
  ``SIS Login ID`` (ids compared without case and surrounding spaces); grades whose student
  it cannot match are returned (and printed by the command), never dropped silently, and
  students of the export with no grade are returned too (their cell is left as it was);
* the score written is the percentage of the exercise's points times the assignment's
  Points Possible (so 4 of 5 questions into a 10-point assignment is 8), or the raw score
  where the export gives no points possible; late penalties are applied only if asked;
* it writes a new file, never the export itself.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .gradebook import GradebookError

IDENTITY = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
"""The columns that name a student (kept as they are)."""
READ_ONLY = "(read only)"
_ASSIGNMENT_ID = re.compile(r"^(.*?)\s*\((\d+)\)\s*$")
_COMPUTED = re.compile(
    r"^(Current|Final|Unposted Current|Unposted Final|Override) (Score|Points|Grade)$",
    re.IGNORECASE,
)


@dataclass
class CanvasResult:
    """What :func:`fill_canvas` did."""

    column: str
    points_possible: float | None
    filled: dict[str, str] = field(default_factory=dict)
    """Student id (as in the grades) → the value written."""
    unmatched: list[str] = field(default_factory=list)
    """Student ids of the grades that match no row of the export (nothing written)."""
    ungraded: list[str] = field(default_factory=list)
    """Students of the export (their ``Student`` name) with no grade (cell left as it was)."""


def _number(text: str) -> float | None:
    try:
        return float(text.strip())
    except (ValueError, AttributeError):
        return None


def _format(value: float) -> str:
    return f"{value:.2f}"


def _pick_column(header: list[str], assignment: str, flags: list[list[str]]) -> int:
    wanted = assignment.strip()
    found = []
    for index, name in enumerate(header):
        if name in IDENTITY:
            continue
        match = _ASSIGNMENT_ID.match(name)
        bare, number = (match.group(1), match.group(2)) if match else (name, "")
        if wanted in (name.strip(), bare.strip()) or (wanted.isdigit() and wanted == number):
            found.append(index)
    assignments = [n for n in header if _ASSIGNMENT_ID.match(n)]
    if not found:
        raise GradebookError(
            f"the Canvas export has no assignment {assignment!r}; its assignments: "
            f"{', '.join(assignments) or 'none'} (give the name as in the header, with or "
            f"without the (ID), or the ID; create the assignment in Canvas first)"
        )
    if len(found) > 1:
        raise GradebookError(
            f"{assignment!r} names {len(found)} columns of the Canvas export "
            f"({', '.join(header[i] for i in found)}): give the one with its (ID)"
        )
    index = found[0]
    if _COMPUTED.match(header[index]) or any(
        len(row) > index and row[index].strip().lower() == READ_ONLY for row in flags
    ):
        raise GradebookError(
            f"the column {header[index]!r} of the Canvas export is read-only (Canvas computes "
            f"it and ignores it on import): name an assignment's column"
        )
    return index


def _read(source: Path, assignment: str) -> tuple[bool, str, list[list[str]], int, int]:
    """The export's byte-order mark, line ending, rows, ``ID`` column and the column of
    ``assignment``; :class:`GradebookError` if it cannot be used."""
    try:
        raw = source.read_bytes()
    except OSError as error:
        raise GradebookError(f"cannot read the Canvas export {source}: {error}") from None
    bom = raw.startswith(b"\xef\xbb\xbf")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GradebookError(f"{source} is not UTF-8 text (a Canvas export is)") from None
    ending = "\r\n" if "\r\n" in text else "\n"
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows or any(name not in rows[0] for name in ("Student", "ID")):
        raise GradebookError(
            f"{source} does not look like a Canvas gradebook export: its first row must "
            f"name the columns Student, ID, SIS User ID, SIS Login ID, Section, then the "
            f"assignments (Grades → Export in Canvas)"
        )
    first = rows[0].index("ID")
    flags = [row for row in rows[1:] if not (len(row) > first and row[first].strip())]
    return bom, ending, rows, first, _pick_column(rows[0], assignment, flags)


def find_column(export: str | os.PathLike, assignment: str) -> str:
    """The header of ``assignment``'s column in the export (checked before grading)."""
    _bom, _ending, rows, _first, column = _read(Path(export), assignment)
    return rows[0][column]


def fill_canvas(
    export: str | os.PathLike,
    assignment: str,
    grades: Mapping[str, tuple[float, float]],
    out: str | os.PathLike,
) -> CanvasResult:
    """Write to ``out`` the export with ``assignment``'s column filled from ``grades``
    (student id → (score, max score)). :class:`GradebookError` (and nothing written) if the
    export cannot be read, has no such column, or ``out`` is the export itself."""
    source, target = Path(export), Path(out)
    if target.exists() and target.resolve() == source.resolve():
        raise GradebookError(
            "--canvas-out names the export itself: write to a new file (the export is kept "
            "as Canvas gave it)"
        )
    bom, ending, rows, first, column = _read(source, assignment)
    header = rows[0]
    keys = ("ID", "SIS User ID", "SIS Login ID")
    ids = {name: header.index(name) for name in keys if name in header}

    def is_student(row: list[str]) -> bool:
        return len(row) > first and bool(row[first].strip())

    flags = [row for row in rows[1:] if not is_student(row)]
    possible = None
    for row in flags:
        if row and row[0].strip().lower() == "points possible" and len(row) > column:
            possible = _number(row[column])
    result = CanvasResult(header[column], possible)
    index: dict[str, int] = {}
    for number, row in enumerate(rows[1:], 1):
        if not is_student(row):
            continue
        for name, at in ids.items():
            key = row[at].strip().lower() if len(row) > at else ""
            if key:
                index.setdefault(f"{name}:{key}", number)
    matched: set[int] = set()
    for student, (score, maximum) in grades.items():
        key = student.strip().lower()
        number = next((index[f"{n}:{key}"] for n in ids if f"{n}:{key}" in index), None)
        if number is None:
            result.unmatched.append(student)
            continue
        value = score if possible is None or not maximum else possible * score / maximum
        row = rows[number]
        row.extend([""] * (len(header) - len(row)))
        row[column] = _format(value)
        result.filled[student] = row[column]
        matched.add(number)
    for number, row in enumerate(rows[1:], 1):
        if is_student(row) and number not in matched:
            result.ungraded.append(row[0])
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator=ending).writerows(rows)
    data = buffer.getvalue().encode("utf-8")
    target.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
    return result
