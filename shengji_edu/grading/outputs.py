"""What ``shengji grade`` writes after grading, besides the ledger: the grades file
(:mod:`.gradebook`), a filled Canvas export (:mod:`.canvas`) and feedback files
(:mod:`.feedback`). Their options are checked before anything is graded
(:func:`prepare`), so a typo costs nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..exercises import EXERCISES, questions
from . import store
from .canvas import fill_canvas, find_column
from .feedback import write_feedback
from .gradebook import (
    GradebookError,
    Graded,
    LateRule,
    RosterEntry,
    Students,
    grade_lines,
    read_roster,
    write_grades,
)
from .ledger import ledger_key, read_csv
from .submissions import Row


@dataclass
class Outputs:
    """The files asked for, checked (:func:`prepare`)."""

    grades: str | None = None
    roster: Sequence[RosterEntry] = ()
    late: LateRule | None = None
    canvas: str | None = None
    assignment: str | None = None
    canvas_out: str | None = None
    exercise: str | None = None
    apply_penalty: bool = False
    feedback: str | None = None
    students: Students = field(default_factory=Students)


def prepare(
    paths: Sequence[str],
    grades: str | None = None,
    roster: str | None = None,
    deadline: str | None = None,
    late_penalty: str | None = None,
    canvas: str | None = None,
    assignment: str | None = None,
    canvas_out: str | None = None,
    exercise: str | None = None,
    apply_penalty: bool = False,
    feedback: str | None = None,
) -> Outputs:
    """Check the options; :class:`GradebookError` says what is wrong (nothing is written)."""
    if late_penalty and not deadline:
        raise GradebookError("--late-penalty needs --deadline (when the work was due)")
    if apply_penalty and not (deadline and canvas):
        raise GradebookError("--apply-penalty needs --canvas and --deadline")
    if canvas and not assignment:
        raise GradebookError("--canvas needs --assignment NAME (the column to fill)")
    if assignment and not canvas:
        raise GradebookError("--assignment goes with --canvas EXPORT.csv")
    if exercise is not None and exercise not in EXERCISES:
        raise GradebookError(f"--exercise {exercise!r}: use one of {', '.join(EXERCISES)}")
    if canvas:
        if not Path(canvas).is_file():
            raise GradebookError(f"no such Canvas export: {canvas}")
        if canvas_out is None:
            source = Path(canvas)
            canvas_out = str(source.with_name(f"{source.stem}-shengji{source.suffix}"))
        if Path(canvas_out).resolve() == Path(canvas).resolve():
            raise GradebookError("--canvas-out names the export itself: write to a new file")
        find_column(canvas, assignment)
    entries = read_roster(roster) if roster else []
    late = LateRule.parse(deadline, late_penalty) if deadline else None
    folders = [Path(p) for p in paths if Path(p).is_dir()]
    return Outputs(
        grades=grades,
        roster=entries,
        late=late,
        canvas=canvas,
        assignment=assignment,
        canvas_out=canvas_out,
        exercise=exercise,
        apply_penalty=apply_penalty,
        feedback=feedback,
        students=Students(folders, entries),
    )


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def graded_items(outputs: Outputs, rows: Sequence[Row], csv_path: str | None) -> list[Graded]:
    """Every notebook the grades file covers: the whole ledger with ``--csv``, else the rows
    of this run; each with its student and submission time."""
    students = outputs.students
    if csv_path is None:
        return [
            Graded(
                row.name or row.file,
                students.student(row.file),
                row.exercise or "",
                dict(row.statuses),
                row.state,
                students.submitted(row.file, _mtime(Path(row.file))),
                list(row.notes),
            )
            for row in rows
        ]
    folder = Path(csv_path).resolve().parent
    stored = store.load(store.store_path(csv_path))
    items = []
    for line in read_csv(csv_path):
        path = folder / (line.get("file") or "")
        key = ledger_key(path)
        old = stored.get(key) or {}
        fresh = old.get("sha256") == line.get("sha256")
        exercise = line.get("exercise", "")
        ids = [q.id for q in questions(exercise)] if exercise in EXERCISES else []
        student = students.student(path)
        if students.entry_for(path) is None and fresh and old.get("student"):
            student = str(old["student"])
        when = old.get("submitted") if fresh else None
        if not isinstance(when, int | float):
            when = _mtime(path)
        items.append(
            Graded(
                line.get("file", ""),
                student,
                exercise,
                {q: line[q] for q in ids if line.get(q)},
                line.get("state", ""),
                students.submitted(path, when),
                [n for n in (line.get("notes") or "").split("; ") if n],
            )
        )
    return items


def write_outputs(
    outputs: Outputs, rows: Sequence[Row], csv_path: str | None, say: Callable[[str], None]
) -> int:
    """Write what was asked; return 0, or 3 when some grades matched no Canvas student."""
    code = 0
    needs_lines = outputs.grades or outputs.canvas
    lines = grade_lines(graded_items(outputs, rows, csv_path), outputs.roster, outputs.late)
    if outputs.grades:
        write_grades(lines, outputs.grades, late=outputs.late is not None)
        students = len({line.student for line in lines})
        say(f"wrote {outputs.grades} ({len(lines)} rows: {students} student(s))")
    if outputs.canvas and needs_lines:
        exercises = sorted({line.exercise for line in lines if line.score is not None})
        exercise = outputs.exercise or (exercises[0] if len(exercises) == 1 else None)
        if exercise is None:
            raise GradebookError(
                f"these grades hold {len(exercises)} exercises ({', '.join(exercises)}): "
                f"say which one fills {outputs.assignment!r} with --exercise exNN"
            )
        grades = {}
        for line in lines:
            if line.exercise != exercise or line.score is None:
                continue
            score = line.after_penalty if outputs.apply_penalty else line.score
            grades[line.student] = (score if score is not None else line.score, line.max_score)
        result = fill_canvas(outputs.canvas, outputs.assignment, grades, outputs.canvas_out)
        possible = "" if result.points_possible is None else f" of {result.points_possible:g}"
        say(
            f"wrote {outputs.canvas_out}: {exercise} into {result.column!r}{possible} for "
            f"{len(result.filled)} student(s)"
            + (" (late penalties applied)" if outputs.apply_penalty else "")
        )
        if result.unmatched:
            code = 3
            say(
                f"warning: {len(result.unmatched)} graded student(s) match no row of the "
                f"Canvas export (by ID, SIS User ID or SIS Login ID), nothing written for "
                f"them: {'; '.join(result.unmatched)} (use --roster to map them)"
            )
        if result.ungraded:
            say(
                f"{len(result.ungraded)} student(s) of the export have no grade here (their "
                f"cell is unchanged): {'; '.join(result.ungraded)}"
            )
    if outputs.feedback:
        graded = [row for row in rows if row.statuses]
        names = [outputs.students.student(row.file) for row in graded]
        known = {entry.student: entry.name for entry in outputs.roster if entry.name}
        written = write_feedback(graded, outputs.feedback, names, known)
        missing = sum(1 for row in graded if row.reused and not row.messages)
        say(f"wrote {len(written) // 2} feedback file(s) (.md and .html) in {outputs.feedback}")
        if missing:
            say(
                f"warning: {missing} notebook(s) were reused from an older ledger without "
                f"their messages: their feedback shows results only (--fresh regrades them)"
            )
    return code


__all__ = ["Outputs", "graded_items", "prepare", "write_outputs"]
