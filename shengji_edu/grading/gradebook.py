"""The grades file a gradebook imports (``shengji grade --grades FILE``): one row per student
and exercise, with points, score, maximum, percentage, and late work reported apart.

Who a notebook belongs to (:class:`Students`), in this order:

1. ``--roster FILE``: a CSV with the columns ``student`` (the id the gradebook knows: for
   Canvas its ``ID``, ``SIS User ID`` or ``SIS Login ID``) and ``file`` (a notebook, or a
   folder of that student's notebooks, relative to the roster's folder), and optionally
   ``name`` (shown in the grades file) and ``submitted`` (when it was handed in, ISO 8601,
   e.g. ``2026-12-01T23:10:00+00:00``; without a zone, the machine's local time). A student
   whose ``file`` is empty or names nothing is listed with the status ``no submission``.
2. Canvas's "Download Submissions" names (``smithjane_LATE_12345_678901_ex01.ipynb``): the
   number after the name (and ``LATE_``) is the student's Canvas ``ID``.
3. The folder layout the course documents: in the folder given, one folder per student
   (``submissions/alice/ex01_cards.ipynb`` is ``alice``'s); a notebook directly in that
   folder is named by its file (``submissions/alice.ipynb`` is ``alice``'s); a notebook named
   alone on the command line belongs to the folder that holds it.

A student with several notebooks of one exercise (a resubmission) gets one row: the latest
(by submission time), with the number of notebooks in ``submissions`` and the others named in
``notes``. Late work (:class:`LateRule`) is reported in its own columns, never subtracted
from ``score``: ``score_after_penalty`` is there for the instructor to use or not.
"""

from __future__ import annotations

import csv
import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..exercises import EXERCISES, questions
from ..exercises.checking import PASS
from .ledger import clean, ledger_key


class GradebookError(ValueError):
    """A roster, deadline or penalty that cannot be used; the message says how to fix it."""


_CANVAS_NAME = re.compile(r"^[^_]+_(?:LATE_)?(\d+)_\d+_")


# --- times ------------------------------------------------------------------------------------
def parse_time(text: str, what: str = "time") -> datetime:
    """An ISO 8601 time (``2026-12-01T23:59``, ``2026-12-01 23:59:00+08:00``); local if no
    zone is given. Always returned with a zone."""
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise GradebookError(
            f"{what} {text!r} is not a date and time: write it as 2026-12-01T23:59 "
            f"(ISO 8601; add +08:00 or Z for a time zone)"
        ) from None
    return moment if moment.tzinfo else moment.astimezone()


def iso(seconds: float | None) -> str:
    """Seconds since the epoch as ISO 8601 in UTC, to the second ('' for None)."""
    if seconds is None:
        return ""
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class LateRule:
    """A deadline and a penalty: ``percent`` of the score per started ``unit`` (``day``,
    ``hour``) late, or once (``unit`` None), at most 100%."""

    deadline: datetime
    percent: float = 0.0
    unit: str | None = "day"

    @classmethod
    def parse(cls, deadline: str, penalty: str | None) -> LateRule:
        """``--deadline 2026-12-01T23:59 --late-penalty 10%/day`` (also ``5%/hour``, ``20%``)."""
        moment = parse_time(deadline, "--deadline")
        if not penalty:
            return cls(moment, 0.0, None)
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*%\s*(?:/\s*(day|hour))?\s*", penalty)
        if not match or float(match.group(1)) > 100:
            raise GradebookError(
                f"--late-penalty {penalty!r}: write a percentage of the score, per day, per "
                f"hour or once: 10%/day, 2%/hour or 20%"
            )
        return cls(moment, float(match.group(1)), match.group(2))

    def late_seconds(self, submitted: float | None) -> float | None:
        """How late (seconds, 0 if on time); None if the time is unknown."""
        if submitted is None:
            return None
        return max(0.0, submitted - self.deadline.timestamp())

    def penalty(self, submitted: float | None) -> float | None:
        """The penalty in percent of the score (0 on time; None if the time is unknown)."""
        late = self.late_seconds(submitted)
        if late is None:
            return None
        if late <= 0:
            return 0.0
        if self.unit is None:
            return min(100.0, self.percent)
        started = math.ceil(late / (86400 if self.unit == "day" else 3600))
        return min(100.0, self.percent * started)


# --- who is who -------------------------------------------------------------------------------
@dataclass
class RosterEntry:
    student: str
    name: str = ""
    path: Path | None = None
    submitted: float | None = None


def read_roster(path: str | os.PathLike) -> list[RosterEntry]:
    """Read ``--roster FILE`` (see the module's docstring); :class:`GradebookError` if bad."""
    roster = Path(path)
    try:
        with open(roster, newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.DictReader(handle))
            columns = [c.strip().lower() for c in (rows[0].keys() if rows else [])]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise GradebookError(f"cannot read the roster {path}: {error}") from None
    if "student" not in columns or "file" not in columns:
        raise GradebookError(
            f"the roster {path} needs the columns student and file (and may have name and "
            f"submitted); it has: {', '.join(columns) or 'none'}"
        )
    entries = []
    seen: dict[str, str] = {}
    for number, raw in enumerate(rows, 2):
        row = {str(k).strip().lower(): (v or "").strip() for k, v in raw.items() if k}
        student = row.get("student", "")
        if not student:
            raise GradebookError(f"{path}, line {number}: the student column is empty")
        file = row.get("file", "")
        where = (roster.resolve().parent / file) if file else None
        if where is not None and ledger_key(where) in seen and seen[ledger_key(where)] != student:
            raise GradebookError(
                f"{path}, line {number}: {file} is already {seen[ledger_key(where)]}'s"
            )
        if where is not None:
            seen[ledger_key(where)] = student
        submitted = row.get("submitted", "")
        when = (
            parse_time(submitted, f"{path}, line {number}: submitted").timestamp()
            if submitted
            else None
        )
        entries.append(RosterEntry(student, row.get("name", ""), where, when))
    return entries


@dataclass
class Students:
    """Tells whose a notebook is, and when it was submitted (see the module's docstring)."""

    folders: Sequence[Path] = ()
    """The folders given on the command line (the class folders)."""
    roster: Sequence[RosterEntry] = ()

    def entry_for(self, path: str | os.PathLike) -> RosterEntry | None:
        key = ledger_key(path)
        best = None
        for entry in self.roster:
            if entry.path is None:
                continue
            place = ledger_key(entry.path)
            inside = key == place or key.startswith(place.rstrip(os.sep) + os.sep)
            if inside and (best is None or len(place) > len(ledger_key(best.path))):
                best = entry
        return best

    def student(self, path: str | os.PathLike) -> str:
        """The id of the student a notebook belongs to."""
        entry = self.entry_for(path)
        if entry is not None:
            return entry.student
        resolved = Path(ledger_key(path))
        canvas = _CANVAS_NAME.match(resolved.name)
        if canvas:
            return canvas.group(1)
        for folder in self.folders:
            try:
                inside = resolved.relative_to(ledger_key(folder))
            except ValueError:
                continue
            return inside.parts[0] if len(inside.parts) > 1 else resolved.stem
        return resolved.parent.name

    def submitted(self, path: str | os.PathLike, mtime: float | None) -> float | None:
        """When it was handed in: the roster's ``submitted``, else the file's time."""
        entry = self.entry_for(path)
        if entry is not None and entry.submitted is not None:
            return entry.submitted
        return mtime


# --- the grades file --------------------------------------------------------------------------
@dataclass
class Graded:
    """One notebook as the grades file sees it."""

    file: str
    student: str
    exercise: str
    statuses: dict[str, str]
    state: str = "graded"
    submitted: float | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class GradeLine:
    """One row of the grades file: one student, one exercise."""

    student: str
    exercise: str
    name: str = ""
    file: str = ""
    points: list[float | None] = field(default_factory=list)
    score: float | None = None
    max_score: float = 0.0
    status: str = "graded"
    submitted: float | None = None
    submissions: int = 0
    late_hours: float | None = None
    penalty: float | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def percentage(self) -> float | None:
        if self.score is None or not self.max_score:
            return None
        return 100.0 * self.score / self.max_score

    @property
    def after_penalty(self) -> float | None:
        if self.score is None or self.penalty is None:
            return None
        return self.score * (1 - self.penalty / 100.0)


def _number(value: float | None, digits: int = 2) -> str:
    if value is None:
        return ""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def grade_lines(
    graded: Iterable[Graded],
    roster: Sequence[RosterEntry] = (),
    late: LateRule | None = None,
) -> list[GradeLine]:
    """One line per student and exercise, sorted by student then exercise; roster students
    with no notebook of an exercise present get a ``no submission`` line."""
    groups: dict[tuple[str, str], list[Graded]] = {}
    for item in graded:
        if item.exercise in EXERCISES:
            groups.setdefault((item.student, item.exercise), []).append(item)
    exercises = sorted({exercise for _student, exercise in groups})
    names = {entry.student: entry.name for entry in roster if entry.name}
    for entry in roster:
        for exercise in exercises:
            groups.setdefault((entry.student, exercise), [])
    lines = []
    for (student, exercise), items in sorted(groups.items()):
        asked = questions(exercise)
        line = GradeLine(student, exercise, names.get(student, ""))
        line.max_score = float(sum(q.points for q in asked))
        line.submissions = len(items)
        if not items:
            line.status = "no submission"
            lines.append(line)
            continue
        items = sorted(items, key=lambda g: (g.submitted or 0.0, g.file))
        chosen = items[-1]
        line.file, line.submitted = chosen.file, chosen.submitted
        line.notes = list(chosen.notes)
        if len(items) > 1:
            others = ", ".join(g.file for g in items[:-1])
            line.notes.insert(
                0, f"{len(items)} notebooks: graded the latest; not counted: {others}"
            )
        if chosen.state != "graded" or any(q.id not in chosen.statuses for q in asked):
            line.status = "not graded" if chosen.state == "graded" else clean(chosen.state)
        else:
            line.points = [q.points if chosen.statuses[q.id] == PASS else 0 for q in asked]
            line.score = float(sum(p or 0 for p in line.points))
        if late is not None:
            seconds = late.late_seconds(chosen.submitted)
            line.late_hours = None if seconds is None else seconds / 3600
            line.penalty = late.penalty(chosen.submitted)
        lines.append(line)
    return lines


def grades_table(
    lines: Sequence[GradeLine], late: bool = False
) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the grades file (``late``: with the late-work columns)."""
    width = max((len(questions(line.exercise)) for line in lines), default=0)
    header = ["student", "name", "exercise", "file"]
    header += [f"q{n}" for n in range(1, width + 1)]
    header += ["score", "max_score", "percentage", "status", "submitted", "submissions"]
    if late:
        header += ["late_hours", "late_penalty_percent", "score_after_penalty"]
    header.append("notes")
    body = []
    for line in lines:
        points = [_number(p) for p in line.points] + [""] * (width - len(line.points))
        row = [clean(line.student), clean(line.name), line.exercise, clean(line.file), *points]
        row += [
            _number(line.score),
            _number(line.max_score),
            _number(line.percentage),
            line.status,
            iso(line.submitted),
            str(line.submissions),
        ]
        if late:
            row += [_number(line.late_hours), _number(line.penalty), _number(line.after_penalty)]
        row.append(clean("; ".join(line.notes)))
        body.append(row)
    return header, body


def write_grades(lines: Sequence[GradeLine], path: str | os.PathLike, late: bool = False) -> None:
    """Write the grades file (UTF-8 CSV, rewritten whole)."""
    header, body = grades_table(lines, late)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(body)
