"""The grades file, the roster, late work, the Canvas export and feedback files, without
grading anything (the class run is in test_class.py)."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timezone
from pathlib import Path

import pytest

from shengji_edu.exercises import ex04, questions
from shengji_edu.grading import Row
from shengji_edu.grading.canvas import fill_canvas
from shengji_edu.grading.feedback import markdown, page, write_feedback
from shengji_edu.grading.gradebook import (
    GradebookError,
    Graded,
    LateRule,
    Students,
    grade_lines,
    grades_table,
    read_roster,
)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
EXPORT = FIXTURES / "canvas_export.csv"
IDS = [q.id for q in questions("ex01")]


def rows_of(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"), newline="")))


def at(hour: str) -> float:
    return datetime.fromisoformat(hour).replace(tzinfo=timezone.utc).timestamp()


# --- roster and students ----------------------------------------------------------------------
def test_the_roster_maps_notebooks_and_folders_to_students(tmp_path):
    roster = read_roster(FIXTURES / "roster.csv")
    students = Students([FIXTURES / "submissions"], roster)
    assert students.student(FIXTURES / "submissions" / "bob.ipynb") == "s1002"
    assert [e.student for e in roster if e.path is None] == ["s1007"]
    bob = FIXTURES / "submissions" / "bob.ipynb"
    assert students.submitted(bob, 0.0) == at("2026-12-01T23:30:00")
    eve = FIXTURES / "submissions" / "eve.ipynb"
    assert students.submitted(eve, 123.0) == 123.0  # no time in the roster: the file's


def test_without_a_roster_the_folder_layout_names_the_student(tmp_path):
    (tmp_path / "class" / "alice" / "work").mkdir(parents=True)
    students = Students([tmp_path / "class"])
    assert students.student(tmp_path / "class" / "alice" / "work" / "ex01.ipynb") == "alice"
    assert students.student(tmp_path / "class" / "bob.ipynb") == "bob"
    canvas = tmp_path / "class" / "smithjane_LATE_2101_778899_ex01_cards.ipynb"
    assert students.student(canvas) == "2101"
    assert Students().student(tmp_path / "class" / "carol" / "ex01.ipynb") == "carol"


@pytest.mark.parametrize(
    "text, problem",
    [
        ("name,file\nA,a.ipynb\n", "needs the columns student and file"),
        ("student,file\n,a.ipynb\n", "line 2: the student column is empty"),
        ("student,file\na,x.ipynb\nb,x.ipynb\n", "already a's"),
        ("student,file,submitted\na,x.ipynb,yesterday\n", "not a date and time"),
    ],
)
def test_a_bad_roster_says_what_to_fix(tmp_path, text, problem):
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GradebookError, match=problem):
        read_roster(path)


# --- late work --------------------------------------------------------------------------------
def test_late_penalties_per_started_day_hour_or_once():
    rule = LateRule.parse("2026-12-01T23:59:00+00:00", "10%/day")
    deadline = rule.deadline.timestamp()
    assert rule.penalty(deadline - 5) == 0 and rule.late_seconds(deadline - 5) == 0
    assert rule.penalty(deadline + 1) == 10
    assert rule.penalty(deadline + 86400) == 10
    assert rule.penalty(deadline + 86401) == 20
    assert rule.penalty(deadline + 30 * 86400) == 100  # never more than the score
    assert rule.penalty(None) is None
    assert LateRule.parse("2026-12-01T23:59Z", "2%/hour").penalty(deadline + 3601) == 4
    assert LateRule.parse("2026-12-01T23:59Z", "20%").penalty(deadline + 9 * 86400) == 20
    for bad in ("10", "10%/week", "150%/day", "ten%"):
        with pytest.raises(GradebookError, match="10%/day"):
            LateRule.parse("2026-12-01T23:59Z", bad)


def test_late_work_is_reported_in_its_own_columns_never_taken_off_the_score():
    rule = LateRule.parse("2026-12-01T23:59:00+00:00", "10%/day")
    statuses = {q: "PASS" for q in IDS} | {"ex01.q5": "FAIL"}
    late = Graded("bob.ipynb", "bob", "ex01", statuses, submitted=at("2026-12-03T12:00:00"))
    on_time = Graded("al.ipynb", "al", "ex01", statuses, submitted=at("2026-12-01T12:00:00"))
    lines = {line.student: line for line in grade_lines([late, on_time], late=rule)}
    assert lines["bob"].score == 4 and lines["bob"].penalty == 20
    assert lines["bob"].after_penalty == pytest.approx(3.2)
    assert lines["al"].penalty == 0 and lines["al"].after_penalty == 4
    header, body = grades_table(list(lines.values()), late=True)
    row = dict(zip(header, body[0], strict=True))
    assert row["score"] == "4" and row["percentage"] == "80"
    assert row["late_penalty_percent"] == "0" and row["score_after_penalty"] == "4"
    row = dict(zip(header, body[1], strict=True))
    assert row["score"] == "4" and row["late_hours"] == "36.02"
    assert row["late_penalty_percent"] == "20" and row["score_after_penalty"] == "3.2"


# --- the grades file --------------------------------------------------------------------------
def test_points_follow_the_questions_weights(monkeypatch):
    asked = questions("ex04")
    monkeypatch.setattr(asked[0], "points", 2)
    monkeypatch.setattr(asked[3], "points", 3.5)
    statuses = {q.id: "PASS" for q in asked} | {asked[3].id: "FAIL"}
    (line,) = grade_lines([Graded("x.ipynb", "x", "ex04", statuses)])
    assert line.max_score == sum(q.points for q in asked) == len(asked) + 1 + 2.5
    assert line.points[0] == 2 and line.points[3] == 0
    assert line.score == line.max_score - 3.5
    with pytest.raises(ValueError, match="positive"):
        ex04.Question(**{**_question_kwargs(), "points": 0})


def _question_kwargs() -> dict:
    return {
        "exercise": "ex04",
        "number": 9,
        "function": "f",
        "params": ("x",),
        "reference": "x",
        "answer": ex04.TrueFalse(),
    }


def test_one_row_per_student_and_exercise_the_latest_notebook_counts():
    first = Graded("a/v1.ipynb", "a", "ex01", dict.fromkeys(IDS, "PASS"), submitted=10.0)
    second = Graded("a/v2.ipynb", "a", "ex01", dict.fromkeys(IDS, "FAIL"), submitted=20.0)
    other = Graded("a/ex04.ipynb", "a", "ex04", {}, state="running (attempt 1)")
    lines = grade_lines([first, second, other])
    assert [(line.student, line.exercise) for line in lines] == [("a", "ex01"), ("a", "ex04")]
    assert lines[0].file == "a/v2.ipynb" and lines[0].score == 0 and lines[0].submissions == 2
    assert "a/v1.ipynb" in lines[0].notes[0]
    assert lines[1].score is None and lines[1].status == "running (attempt 1)"


# --- Canvas -----------------------------------------------------------------------------------
def test_a_canvas_export_round_trip_fills_one_column_and_touches_nothing_else(tmp_path):
    out = tmp_path / "filled.csv"
    grades = {"s1001": (5, 5), "2102": (2, 5), "ddiaz": (1, 5), "s1005": (0, 5)}
    result = fill_canvas(EXPORT, "Exercise 01: cards", grades, out)
    assert result.column == "Exercise 01: cards (40101)" and result.points_possible == 10
    assert result.filled == {"s1001": "10.00", "2102": "4.00", "ddiaz": "2.00"}
    assert result.unmatched == ["s1005"]  # Eve is not in the export: reported, not dropped
    assert result.ungraded == ["Chen, Carol", "Fu, Frank", "Gao, Grace", "Student, Test"]
    before, after = rows_of(EXPORT), rows_of(out)
    assert len(before) == len(after) and before[0] == after[0]
    column = before[0].index(result.column)
    changed = {
        (r, c)
        for r, (old, new) in enumerate(zip(before, after, strict=True))
        for c, (x, y) in enumerate(zip(old, new, strict=True))
        if x != y
    }
    assert changed == {(2, column), (3, column), (5, column)}  # Alice, Bob, Dave
    assert after[2][column] == "10.00" and after[4][column] == "3.50"  # Carol kept as she was
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw and b"\n\n" not in raw
    # and the file filled is itself a valid export: filled again, it changes nothing more
    again = fill_canvas(out, "40101", grades, tmp_path / "again.csv")
    assert again.filled == result.filled and rows_of(tmp_path / "again.csv") == after


def test_canvas_refuses_read_only_unknown_or_ambiguous_columns_and_the_export_itself(tmp_path):
    out = tmp_path / "out.csv"
    with pytest.raises(GradebookError, match="read-only"):
        fill_canvas(EXPORT, "Current Score", {}, out)
    with pytest.raises(GradebookError, match="read-only"):
        fill_canvas(EXPORT, "Assignments Final Score", {}, out)
    with pytest.raises(GradebookError, match="no assignment 'Exercise 9'.*40101"):
        fill_canvas(EXPORT, "Exercise 9", {}, out)
    with pytest.raises(GradebookError, match="the export itself"):
        fill_canvas(EXPORT, "40101", {}, EXPORT)
    not_canvas = tmp_path / "other.csv"
    not_canvas.write_text("name,score\nx,1\n", encoding="utf-8")
    with pytest.raises(GradebookError, match="does not look like a Canvas"):
        fill_canvas(not_canvas, "score", {}, out)
    assert not out.exists()


# --- feedback ---------------------------------------------------------------------------------
def failing_row() -> tuple[Row, object]:
    question = questions("ex04")[1]
    result = question.run(lambda *args: True)  # says every play follows suit
    row = Row("bob.ipynb", "ex04", name="bob/ex04_following.ipynb")
    for q in questions("ex04"):
        row.statuses[q.id] = "PASS"
    row.statuses[question.id] = result.status
    row.messages[question.id] = result.message
    row.details[question.id] = result.detail
    row.notes.append("cell 3: <script>alert(1)</script>")
    return row, result


def test_feedback_holds_the_smallest_failing_case_the_rule_and_the_hint(tmp_path):
    row, result = failing_row()
    question = questions("ex04")[1]
    text = markdown(row, "bob")
    for line in result.detail["input"]:
        assert line in text and line in result.message
    assert f"````\n{result.detail['expected']}\n````" in text
    assert f"````\n{result.detail['actual']}\n````" in text
    assert result.detail["rule"] and all(line in text for line in result.detail["rule"])
    assert "RULES §5" in text
    assert question.hint_text.splitlines()[0] in text
    html = page(row, "bob")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "http" not in html.replace("<!DOCTYPE html>", "")  # nothing fetched from anywhere
    written = write_feedback([row, row], tmp_path / "fb", ["bob", "bob"])
    assert [p.name for p in written] == [
        "bob--ex04_following.md",
        "bob--ex04_following.html",
        "bob--ex04_following-2.md",
        "bob--ex04_following-2.html",
    ]
