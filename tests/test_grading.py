"""``shengji grade``: fixture submissions of exercise 01 give the expected table and CSV.

tests/fixtures/submissions/ holds six notebooks, each a kind of submission an instructor gets:

* alice — everything right;
* bob   — partly wrong: q2 and q5 wrong, q3 not attempted;
* carol — errors: a cell raising ZeroDivisionError, a syntax error (parse_one never
  defined), a function that always raises;
* dave  — loops: an endless loop at the top level, and a parse_one that never returns;
* eve   — prints fake "PASS" lines, patches q2 so its own check says PASS, and ships stored
  outputs claiming PASS everywhere;
* frank — most cells deleted, the exercise metadata lost, and a cell that deletes notebooks
  in its working directory.

The grading run (one kernel per notebook) happens once per module, through the command line.
"""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import nbformat
import pytest

from shengji_edu.cli import main
from shengji_edu.grading import (
    ERROR,
    GRADE_MIME,
    MISSING,
    Row,
    _read_results,
    detect_exercise,
    find_notebooks,
    format_table,
    grade_notebook,
    write_csv,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "submissions"
QUESTIONS = ["ex01.q1", "ex01.q2", "ex01.q3", "ex01.q4", "ex01.q5"]
NA = "NOT ATTEMPTED"
EXPECTED = {
    "alice": ["PASS", "PASS", "PASS", "PASS", "PASS"],
    "bob": ["PASS", "FAIL", NA, "PASS", "FAIL"],
    "carol": ["PASS", MISSING, "FAIL", NA, NA],
    "dave": ["PASS", "FAIL", NA, NA, NA],
    "eve": ["FAIL", NA, NA, NA, NA],
    "frank": ["PASS", MISSING, MISSING, MISSING, MISSING],
}


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.ipynb")}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Run ``shengji grade`` once on the fixtures; return (exit code, output, CSV rows)."""
    import io
    from contextlib import redirect_stdout

    before = digest(FIXTURES)
    out_csv = tmp_path_factory.mktemp("grades") / "grades.csv"
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(
            ["grade", str(FIXTURES), "--csv", str(out_csv), "--timeout", "5", "--jobs", "2"]
        )
    assert digest(FIXTURES) == before  # grading changed no submission (frank deletes files)
    with open(out_csv, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return code, buffer.getvalue(), rows


def by_student(rows):
    return {Path(row["file"]).stem: row for row in rows}


def test_grade_writes_one_csv_row_per_notebook(graded):
    code, _out, rows = graded
    assert code == 0
    assert list(rows[0]) == ["file", "exercise", *QUESTIONS, "passed", "total", "notes"]
    assert sorted(by_student(rows)) == sorted(EXPECTED)
    assert all(row["exercise"] == "ex01" and row["total"] == "5" for row in rows)


@pytest.mark.parametrize("student", sorted(EXPECTED))
def test_each_submission_gets_the_expected_grades(graded, student):
    row = by_student(graded[2])[student]
    assert [row[q] for q in QUESTIONS] == EXPECTED[student]
    assert row["passed"] == str(EXPECTED[student].count("PASS"))


def test_the_notes_say_what_went_wrong(graded):
    rows = by_student(graded[2])
    assert rows["alice"]["notes"] == "" and rows["bob"]["notes"] == ""
    assert "ZeroDivisionError" in rows["carol"]["notes"]
    assert "ran too long and was stopped" in rows["dave"]["notes"]


def test_the_table_is_printed(graded):
    out = graded[1]
    assert "grading 6 notebook(s)" in out
    header = next(line for line in out.splitlines() if line.startswith("file"))
    assert all(q in header for q in QUESTIONS)
    alice = next(line for line in out.splitlines() if "alice.ipynb" in line and "PASS" in line)
    assert alice.split()[1:8] == ["ex01", "PASS", "PASS", "PASS", "PASS", "PASS", "5"]
    assert "wrote " in out


# --- without a kernel -------------------------------------------------------------------------
def test_the_exercise_is_found_in_metadata_name_or_code(tmp_path):
    notebook = nbformat.v4.new_notebook()
    assert detect_exercise(notebook, Path("anything.ipynb")) is None
    assert detect_exercise(notebook, Path("Alice ex03_pairs.ipynb")) == "ex03"
    assert detect_exercise(notebook, Path("text04.ipynb")) is None  # not a word on its own
    notebook.cells.append(nbformat.v4.new_code_cell("from shengji_edu.exercises.ex07 import q1"))
    assert detect_exercise(notebook, Path("x.ipynb")) == "ex07"
    notebook.metadata["shengji_edu"] = {"exercise": "ex02"}
    assert detect_exercise(notebook, Path("ex05.ipynb")) == "ex02"


def test_folders_are_searched_without_checkpoints(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / ".ipynb_checkpoints").mkdir()
    for name in ["a/one.ipynb", "a/.ipynb_checkpoints/one-checkpoint.ipynb", "two.ipynb"]:
        (tmp_path / name).write_text("{}", encoding="utf-8")
    found = [p.relative_to(tmp_path).as_posix() for p in find_notebooks([tmp_path])]
    assert found == ["a/one.ipynb", "two.ipynb"]


def test_a_broken_file_still_gets_a_row(tmp_path):
    garbage = tmp_path / "ex01_broken.ipynb"
    garbage.write_text("this is not JSON", encoding="utf-8")
    row = grade_notebook(garbage)
    assert row.exercise is None and "not a readable notebook" in row.notes[0]
    unknown = tmp_path / "mystery.ipynb"
    nbformat.write(nbformat.v4.new_notebook(), unknown)
    assert "cannot tell which exercise" in grade_notebook(unknown).notes[0]
    csv_path = tmp_path / "grades.csv"
    write_csv([grade_notebook(garbage), grade_notebook(unknown)], csv_path)
    assert len(csv_path.read_text(encoding="utf-8").splitlines()) == 3
    assert "mystery.ipynb" in format_table([grade_notebook(unknown)])


def test_results_without_the_token_or_twice_are_not_trusted():
    def cell(*payloads):
        outputs = [
            nbformat.v4.new_output("display_data", data={GRADE_MIME: payload})
            for payload in payloads
        ]
        return nbformat.v4.new_code_cell("", outputs=outputs)

    good = {"token": "t", "results": [{"question": "ex01.q1", "status": "PASS", "message": ""}]}
    forged = {**good, "token": "guess"}
    row = Row("x.ipynb", "ex01")
    _read_results(row, cell(forged), "t")
    assert row.statuses == {} and "did not run" in row.notes[0]
    row = Row("x.ipynb", "ex01")
    _read_results(row, cell(good, good), "t")
    assert row.statuses == {} and "tampered" in row.notes[0]
    row = Row("x.ipynb", "ex01")
    _read_results(row, cell(forged, good), "t")
    assert row.statuses == {"ex01.q1": "PASS"}
    assert ERROR == "ERROR"


def test_grade_refuses_missing_paths_and_empty_folders(tmp_path, capsys):
    assert main(["grade", str(tmp_path / "nope")]) == 2
    assert main(["grade", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "no notebooks found" in err
