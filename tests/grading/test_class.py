"""A class of six (tests/fixtures/submissions, see test_grading.py) with a roster
(tests/fixtures/roster.csv: ids, names, hand-in times, and a seventh student who handed in
nothing) graded as an instructor would: the grades file, the Canvas export filled, feedback
files, late work; then the same command again, which grades nothing and writes the same
feedback."""

from __future__ import annotations

import csv
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from shengji_edu.cli import main
from shengji_edu.exercises import questions

pytestmark = [pytest.mark.integration, pytest.mark.slow]  # grades six notebooks

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
SCORES = {"s1001": 5, "s1002": 2, "s1003": 1, "s1004": 1, "s1005": 0, "s1006": 1}


def run(folder: Path) -> tuple[int, str]:
    command = ["grade", str(FIXTURES / "submissions"), "--csv", str(folder / "ledger.csv")]
    command += ["--timeout", "30", "--cell-timeout", "5", "--jobs", "2"]
    command += ["--roster", str(FIXTURES / "roster.csv"), "--grades", str(folder / "grades.csv")]
    command += ["--deadline", "2026-12-01T23:59:00+00:00", "--late-penalty", "10%/day"]
    command += [
        "--canvas",
        str(FIXTURES / "canvas_export.csv"),
        "--assignment",
        "Exercise 01: cards",
    ]
    command += ["--canvas-out", str(folder / "canvas.csv"), "--feedback", str(folder / "fb")]
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(command)
    return code, buffer.getvalue()


def in_process_result(notebook: Path, question_number: int):
    """The check of one question run here, on the notebook's own function (a fixture we
    trust): what the grader must have found in its sandboxed child."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    question = questions("ex01")[question_number - 1]
    namespace: dict = {}
    for cell in cells:
        source = "".join(cell["source"])
        wanted = f"def {question.function}" in source or source.startswith(("from ", "import "))
        if cell["cell_type"] == "code" and wanted and ".check(" not in source:
            exec(compile(source, str(notebook), "exec"), namespace)  # noqa: S102
    return question.run(namespace[question.function])


def test_a_class_with_a_roster_gets_grades_canvas_feedback_and_late_work(tmp_path):
    code, out = run(tmp_path)
    assert code == 3, out  # Eve (s1005) is not in the Canvas export: reported, exit 3
    assert "match no row of the Canvas export" in out and "s1005" in out
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as handle:
        lines = {row["student"]: row for row in csv.DictReader(handle)}
    assert sorted(lines) == [*sorted(SCORES), "s1007"]
    for student, score in SCORES.items():
        line = lines[student]
        assert (line["exercise"], line["max_score"], line["status"]) == ("ex01", "5", "graded")
        assert line["score"] == str(score)
        assert [line[f"q{n}"] for n in range(1, 6)].count("1") == score
        assert line["percentage"] == f"{100 * score / 5:g}"
    assert lines["s1001"]["name"] == "Alice Archer"
    assert lines["s1007"]["status"] == "no submission" and lines["s1007"]["score"] == ""
    # late work: reported apart, the score untouched
    assert lines["s1002"]["late_penalty_percent"] == "0"
    assert lines["s1003"]["late_hours"] == "9.27" and lines["s1003"]["late_penalty_percent"] == "10"
    assert lines["s1004"]["late_penalty_percent"] == "30" and lines["s1004"]["score"] == "1"
    assert lines["s1004"]["score_after_penalty"] == "0.7"
    # Canvas: 10 points possible, so a score of 2 of 5 is 4.00
    with open(tmp_path / "canvas.csv", newline="", encoding="utf-8-sig") as handle:
        canvas = {row["SIS User ID"]: row for row in csv.DictReader(handle)}
    column = "Exercise 01: cards (40101)"
    assert canvas["s1001"][column] == "10.00" and canvas["s1002"][column] == "4.00"
    assert canvas["S1004"][column] == "2.00" and canvas["s1003"][column] == "2.00"
    assert canvas["s1007"][column] == ""  # no submission: left as it was
    # feedback: the exact smallest failing case the notebook's own function has
    expected = in_process_result(FIXTURES / "submissions" / "bob.ipynb", 5)
    assert expected.status == "FAIL" and expected.detail
    text = (tmp_path / "fb" / "s1002--bob.md").read_text(encoding="utf-8")
    assert text.startswith("# ex01 feedback: Bob Baker (s1002)\n")
    block = "````python\n" + "\n".join(expected.detail["input"]) + "\n````"
    assert block in text
    assert f"````\n{expected.detail['expected']}\n````" in text
    assert f"````\n{expected.detail['actual']}\n````" in text
    assert questions("ex01")[4].hint_text.splitlines()[0] in text
    page = (tmp_path / "fb" / "s1002--bob.html").read_text(encoding="utf-8")
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert len(list((tmp_path / "fb").iterdir())) == 12
    # a column that is not there is refused before anything is graded
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        wrong = main(
            ["grade", str(FIXTURES / "submissions"), "--csv", str(tmp_path / "never.csv")]
            + ["--canvas", str(FIXTURES / "canvas_export.csv"), "--assignment", "Exercise 9"]
        )
    assert wrong == 2 and not (tmp_path / "never.csv").exists()
    # the same command again: nothing is graded, the feedback is the same
    before = {p.name: p.read_bytes() for p in (tmp_path / "fb").iterdir()}
    code, out = run(tmp_path)
    assert code == 3 and "reusing 6 row(s)" in out
    assert {p.name: p.read_bytes() for p in (tmp_path / "fb").iterdir()} == before
