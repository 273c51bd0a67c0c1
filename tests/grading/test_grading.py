"""``shengji grade``: ordinary and hostile submissions get the grades they earned, no more.

tests/fixtures/submissions/ holds six exercise-01 notebooks an instructor typically gets:

* alice — everything right;
* bob   — partly wrong: q2 and q5 wrong, q3 not attempted;
* carol — errors: a cell raising ZeroDivisionError, a syntax error (parse_one never
  defined), a function that always raises;
* dave  — loops: an endless loop at the top level, and a parse_one that never returns;
* eve   — prints fake "PASS" lines, patches q2 so its own check says PASS, and ships stored
  outputs claiming PASS everywhere;
* frank — most cells deleted, the exercise metadata lost, and a cell that deletes notebooks
  in its working directory.

tests/fixtures/hostile/ holds attacks on the grader (see each notebook's first cell), with
honest notebooks sorted before, between and after them; the test adds a broken file, an
empty file and a notebook with a real syntax error (which could not be committed: the
linter reads notebooks). It runs the command in a subprocess under a child subreaper, so any
process a submission left behind would be found.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import hashlib
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import redirect_stdout
from pathlib import Path

import nbformat
import pytest
from subreaper import SUBREAPER_RUNNER, alive_with
from users import ROOTED, becoming, ordinary_user

from shengji_edu.cli import main
from shengji_edu.exercises import ex01, questions
from shengji_edu.exercises.checking import encode_args
from shengji_edu.grading import (
    ERROR,
    MISSING,
    GradingRun,
    Row,
    Settings,
    detect_exercise,
    find_notebooks,
    format_table,
    grade_notebook,
    only_stubs,
    read_csv,
    read_submissions,
    review_code,
    write_csv,
)
from shengji_edu.sandbox import capabilities, code_version, landlock_abi

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "submissions"
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
QUESTIONS = ["ex01.q1", "ex01.q2", "ex01.q3", "ex01.q4", "ex01.q5"]
NA = "NOT ATTEMPTED"
EXPECTED = {
    "alice": ["PASS", "PASS", "PASS", "PASS", "PASS"],
    "bob": ["PASS", "FAIL", NA, "PASS", "FAIL"],
    "carol": ["PASS", "FAIL", "FAIL", NA, NA],  # q2: a syntax error, not MISSING
    "dave": ["PASS", "FAIL", NA, NA, NA],
    "eve": ["FAIL", NA, NA, NA, NA],
    "frank": ["PASS", MISSING, MISSING, MISSING, MISSING],
}
LINUX = sys.platform.startswith("linux")


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.ipynb")}


def grade_fixtures(folder: Path) -> tuple[int, str, list[dict]]:
    """Run ``shengji grade`` on the fixtures; return (exit code, output, CSV rows)."""
    before = digest(FIXTURES)
    out_csv = folder / "grades.csv"
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(
            ["grade", str(FIXTURES), "--csv", str(out_csv), "--timeout", "30"]
            + ["--cell-timeout", "5", "--jobs", "2"]
        )
    assert digest(FIXTURES) == before  # grading changed no submission (frank deletes files)
    return code, buffer.getvalue(), read_csv(out_csv)


def by_student(rows):
    return {Path(row["file"]).stem: row for row in rows}


@pytest.mark.slow
def test_ordinary_submissions_get_the_grades_they_earned(tmp_path):
    """One run (it takes a while), several checks of what it printed and wrote."""
    code, out, rows = grade_fixtures(tmp_path)
    check_csv(code, rows)
    for student in sorted(EXPECTED):
        row = by_student(rows)[student]
        assert [row[q] for q in QUESTIONS] == EXPECTED[student], student
        assert row["passed"] == str(EXPECTED[student].count("PASS")), student
    check_notes(rows)
    check_table(out)


def check_csv(code: int, rows: list[dict]) -> None:
    assert code == 0
    assert list(rows[0]) == [
        "file",
        "sha256",
        "exercise",
        *QUESTIONS,
        "passed",
        "total",
        "notes",
        "state",
        "grader",
    ]
    assert sorted(by_student(rows)) == sorted(EXPECTED)
    assert all(row["exercise"] == "ex01" and row["total"] == "5" for row in rows)
    assert all(row["state"] == "graded" and row["grader"] == code_version() for row in rows)
    for row in rows:  # the CSV records the hash of the file as it was read
        assert row["sha256"] == hashlib.sha256(Path(row["file"]).read_bytes()).hexdigest()


def check_notes(rows: list[dict]) -> None:
    rows = by_student(rows)
    assert rows["alice"]["notes"] == "" and rows["bob"]["notes"] == ""
    assert "cell 6: ZeroDivisionError" in rows["carol"]["notes"]
    assert "syntax error in cell 8: " in rows["carol"]["notes"]
    assert "ran too long (over 5 s) and was stopped" in rows["dave"]["notes"]
    assert "its code reaches into the grading code" in rows["eve"]["notes"]


def check_table(out: str) -> None:
    assert "grading 6 notebook(s)" in out
    header = next(line for line in out.splitlines() if line.startswith("file"))
    assert header.split()[:6] == ["file", "q1", "q2", "q3", "q4", "q5"]
    alice = next(line for line in out.splitlines() if line.startswith("alice.ipynb"))
    assert alice.split() == ["alice.ipynb", "PASS", "PASS", "PASS", "PASS", "PASS", "5/5"]
    assert "\nwrote " in out and "grades.csv (6 rows)" in out
    table = out[out.index("\nex01 · ") : out.index("\nwrote ")]
    assert max(len(line) for line in table.splitlines()) <= 100


# --- hostile submissions -------------------------------------------------------------------
TIMEOUT = 15
CELL_TIMEOUT = 5
SYNTAX_ERROR_CELL = 'def points_of(cards)\n    """No colon."""\n    return 0'


def _add_generated_files(folder: Path) -> None:
    (folder / "b01_broken.ipynb").write_text("this is not JSON", encoding="utf-8")
    (folder / "b02_empty.ipynb").write_bytes(b"")
    notebook = nbformat.read(ROOT / "exercises" / "ex01_cards.ipynb", as_version=4)
    cell = next(c for c in notebook.cells if c.source.startswith("def points_of("))
    cell.source = SYNTAX_ERROR_CELL
    nbformat.write(notebook, folder / "b03_syntax_error.ipynb")


def grade_hostile(base: Path) -> dict:
    """Grade the hostile folder through the command, in a subprocess under a subreaper."""
    folder = base / "submissions"
    shutil.copytree(HOSTILE, folder)
    _add_generated_files(folder)
    outside = [Path("/tmp/shengji-hostile-outside.txt"), base / "shengji-hostile-outside.txt"]
    for path in outside:
        path.unlink(missing_ok=True)
    honest = {p.name: p.read_bytes() for p in folder.glob("*honest*.ipynb")}
    env = {**os.environ, "SHENGJI_EDU_TIME_LIMIT": "1", "SHENGJI_TEST_SECRET": SECRET}
    env.pop("SHENGJI_EDU_STRICT", None)
    command = [sys.executable, "-c", SUBREAPER_RUNNER, "grade", "submissions", "--csv"]
    command += ["grades.csv", "--timeout", str(TIMEOUT), "--cell-timeout", str(CELL_TIMEOUT)]
    command += ["--jobs", "2"]
    with listening_udp(47999) as heard:  # c10_leaks sends here if it can
        done = subprocess.run(
            command, cwd=base, env=env, capture_output=True, text=True, timeout=900
        )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    rows = {Path(row["file"]).stem: row for row in read_csv(base / "grades.csv")}
    return {
        "report": report,
        "output": done.stdout,
        "rows": rows,
        "stderr": done.stderr,
        "folder": folder,
        "honest": honest,
        "outside": outside,
        "count": len(list(folder.glob("*.ipynb"))),
        "heard": heard,
    }


SECRET = "instructor-token-do-not-leak"
"""In the grader's environment while the hostile folder is graded: no notebook may see it."""


@contextlib.contextmanager
def listening_udp(port: int):
    """Collect what arrives on 127.0.0.1:``port`` while the block runs (nothing should)."""
    heard: list[bytes] = []
    try:
        listener = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        listener.bind(("127.0.0.1", port))
    except OSError:  # the port is taken: the seccomp checks in test_collusion.py still hold
        yield heard
        return
    listener.settimeout(0.2)
    done = threading.Event()

    def listen() -> None:
        while not done.is_set():
            try:
                heard.append(listener.recv(100))
            except OSError:
                continue

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    try:
        yield heard
    finally:
        done.set()
        thread.join()
        listener.close()


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="checks the Linux guarantees (see exercises/README.md)")
@pytest.mark.skipif(not capabilities()["seccomp"], reason="a11 would kill the grader here")
def test_hostile_submissions_earn_nothing_and_leave_nothing(tmp_path):
    """One run of the whole hostile folder (about a minute on a busy 2-core machine)."""
    hostile = grade_hostile(tmp_path)
    check_limits_and_processes(hostile)
    check_honest(hostile)
    check_no_credit(hostile)
    check_reports(hostile)
    if landlock_abi() > 0:  # writes are confined only with Landlock
        assert [path for path in hostile["outside"] if path.exists()] == []


@pytest.mark.slow
@pytest.mark.skipif(not ROOTED, reason="the tests run as an ordinary user already")
@pytest.mark.skipif(not LINUX or not capabilities()["seccomp"], reason="as the test above")
def test_the_hostile_folder_as_an_ordinary_user(tmp_path):
    """The same run of the hostile folder, started by an ordinary user (the tests run as root
    here): the guarantees hold for both, as exercises/README.md says."""
    uid, gid = ordinary_user()
    work = tmp_path / "user"
    work.mkdir()
    os.chown(work, uid, gid)
    test = f"{Path(__file__).resolve()}::test_hostile_submissions_earn_nothing_and_leave_nothing"
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": str(work),
        "TMPDIR": str(work),
        "PYTHONDONTWRITEBYTECODE": "1",  # it may not write in the checkout
    }
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test]
    command += ["--basetemp", str(work / "pytest"), "-o", "addopts="]
    done = subprocess.run(
        command,
        preexec_fn=becoming(uid, gid, [str(ROOT), str(work)]),
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "1 passed" in done.stdout


def check_limits_and_processes(hostile: dict) -> None:
    report = hostile["report"]
    assert report["code"] == 0, hostile["stderr"]
    assert report["left"] == [], report["left"]  # nothing was reparented to the runner
    assert alive_with(b"shengji-hostile-survivor") == []  # the sleepers a08, a19 started
    seconds = [float(s) for s in re.findall(r"\] \S+: .*\((\d+\.\d) s\)", hostile["output"])]
    assert len(seconds) == hostile["count"]  # every notebook ended and was reported
    assert len(hostile["rows"]) == hostile["count"]  # killing its parent did not stop the run
    assert all(row["state"] == "graded" for row in hostile["rows"].values())


def check_honest(hostile: dict) -> None:
    honest = {name: row for name, row in hostile["rows"].items() if "honest" in name}
    assert len(honest) == 4  # 60_honest_variants: a package rule called, a lambda, a cache …
    for name, row in honest.items():
        assert row["passed"] == row["total"] == "5", (name, row["notes"])
        assert "changed on disk" not in row["notes"] and "stub" not in row["notes"]
    for name, data in hostile["honest"].items():  # rewriting them was impossible, or detected
        path = hostile["folder"] / name
        if path.read_bytes() != data:
            assert "changed on disk" in hostile["rows"][path.stem]["notes"]


def check_no_credit(hostile: dict) -> None:
    reads_hidden = landlock_abi() > 0
    for name, row in hostile["rows"].items():
        if "honest" in name or (name == "a20_read_others" and not reads_hidden):
            continue
        assert row["passed"] in ("", "0"), (name, row)
        assert "PASS" not in [row[q] for q in QUESTIONS], (name, row)


def check_reports(hostile: dict) -> None:
    rows = hostile["rows"]
    assert rows["a09_swallow_interrupt"]["notes"].startswith(
        f"cell 4 ran too long (over {CELL_TIMEOUT} s), ignored the interrupt and was killed"
    )
    assert "cell 4: MemoryError" in rows["a12_memory"]["notes"]
    assert "ended the notebook's process" in rows["a15_exits"]["notes"]
    # the child no longer calls the checks' code, nor can it reach a reference: the patch
    # changes nothing, and the stubs are seen as stubs
    assert [rows["a17_forge_answers"][q] for q in QUESTIONS] == [NA] * 5
    assert "its code reaches into the grading code" in rows["a17_forge_answers"]["notes"]
    assert rows["a05_card_eq"]["ex01.q2"] == "FAIL"  # the lying __eq__ is never asked
    for name in ("a14_fake_pass", "a18_channel_garbage"):  # forged messages: not graded
        assert set(rows[name][q] for q in QUESTIONS) <= {ERROR, NA, "FAIL"}, name
    check_answers_out_of_reach(hostile)
    assert "not a readable notebook (JSONDecodeError)" in rows["b01_broken"]["notes"]
    assert "RuntimeError: leaks found: []" in rows["c10_leaks"]["notes"]
    assert hostile["heard"] == []
    assert SECRET not in hostile["output"]
    assert "not a readable notebook (an empty file)" in rows["b02_empty"]["notes"]
    assert rows["b03_syntax_error"]["ex01.q1"] == "FAIL"
    assert "syntax error in cell 4: expected ':' (line 1)" in rows["b03_syntax_error"]["notes"]


EX04 = [f"ex04.q{n}" for n in range(1, 6)]
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def check_answers_out_of_reach(hostile: dict) -> None:
    """The c* attacks: the answers are not in the graded child, and a function must be the
    notebook's own; text from a notebook reaches neither the terminal nor the CSV raw."""
    rows = hostile["rows"]
    for name in (
        "c01_import_star",
        "c05_import_solutions",
        "c06_read_solutions",
        "c09_site_packages",
    ):
        assert [rows[name][q] for q in QUESTIONS] == [MISSING] * 5, (name, rows[name])
    assert "ModuleNotFoundError" in rows["c05_import_solutions"]["notes"]
    assert [rows["c02_module_functions"][q] for q in EX04] == ["FAIL"] * 5
    for name in ("c03_redirect_hidden", "c04_redirect_plain"):  # every function returns None
        assert [rows[name][q] for q in QUESTIONS] == ["FAIL"] * 5, (name, rows[name])
    aliases = rows["c08_package_aliases"]
    assert [aliases[q] for q in QUESTIONS] == [MISSING] * 5
    assert "define points_of, parse_one, parse_loose in your notebook" in aliases["notes"]
    escapes = rows["c07_escape_sequences"]
    assert "cell 4: ValueError: all PASS" in escapes["notes"]
    assert not CONTROL.search(hostile["output"].replace("\n", ""))
    text = (hostile["folder"].parent / "grades.csv").read_text(encoding="utf-8")
    assert not CONTROL.search(text.replace("\r\n", "").replace("\n", ""))


# --- resuming, interrupting ------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="kills the grader with SIGKILL")
def test_a_killed_run_resumes_from_its_csv(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    for n in range(4):
        shutil.copy(ROOT / "exercises" / "solutions" / "ex01_cards.ipynb", folder / f"s{n}.ipynb")
    command = [sys.executable, "-m", "shengji_edu", "grade", "subs", "--csv", "g.csv"]
    command += ["--jobs", "1"]
    first = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        rows = read_csv(tmp_path / "g.csv")
        if sum(row["state"] == "graded" for row in rows) >= 1:
            break
        time.sleep(0.1)
    first.kill()  # SIGKILL: no chance to clean up
    first.wait()
    rows = read_csv(tmp_path / "g.csv")
    assert sum(row["state"] == "graded" for row in rows) >= 1
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert re.search(r"reusing \d row\(s\) of g.csv", again.stdout)
    rows = read_csv(tmp_path / "g.csv")
    assert len(rows) == 4 and all(row["passed"] == "5" for row in rows)


def test_resuming_reuses_only_rows_with_the_same_file_and_hash(tmp_path):
    one, two, three = (tmp_path / f"ex01_{n}.ipynb" for n in ("one", "two", "three"))
    for path in (one, two, three):
        shutil.copy(ROOT / "exercises" / "ex01_cards.ipynb", path)
    subs = read_submissions([tmp_path])
    done = Row(str(subs[0].path), "ex01", dict.fromkeys(QUESTIONS, "PASS"), sha256=subs[0].sha256)
    stale = Row(str(subs[1].path), "ex01", dict.fromkeys(QUESTIONS, "PASS"), sha256="0" * 64)
    killer = Row(str(subs[2].path), "ex01", sha256=subs[2].sha256, state="running (attempt 2)")
    write_csv([done, stale, killer], tmp_path / "g.csv")
    run = GradingRun(subs, Settings(), tmp_path / "g.csv")
    assert run.reused == 1 and run.rows[0].reused and run.rows[0].passed == 5
    assert run.rows[1] is None  # its file changed since: graded again
    assert run.rows[2].statuses == dict.fromkeys(QUESTIONS, ERROR)  # stopped the grader twice
    assert "not run again" in run.rows[2].notes[0]
    assert GradingRun(subs, Settings(), tmp_path / "g.csv", fresh=True).reused == 0


def test_a_file_that_changes_while_grading_is_named(tmp_path):
    path = tmp_path / "ex01_x.ipynb"
    shutil.copy(ROOT / "exercises" / "ex01_cards.ipynb", path)
    (submission,) = read_submissions([path])
    run = GradingRun([submission], Settings())
    run.rows[0] = Row(str(path), "ex01", dict.fromkeys(QUESTIONS, NA), sha256=submission.sha256)
    path.write_text("{}", encoding="utf-8")  # another submission rewrote it
    run._check_files()
    assert "changed on disk" in run.rows[0].notes[0]


def test_the_grader_says_to_fix_an_earlier_question_first(tmp_path):
    notebook = nbformat.read(ROOT / "exercises" / "ex04_following.ipynb", as_version=4)
    solutions = nbformat.read(ROOT / "exercises" / "solutions" / "ex04_following.ipynb", 4)
    wrong_q1 = (
        "def cards_of_suit(hand, suit, trump):\n    return [c for c in hand if c.suit == suit]"
    )
    for cell, solved in zip(notebook.cells, solutions.cells, strict=True):
        if cell.source.startswith("def cards_of_suit("):
            cell.source = wrong_q1
        elif cell.source.startswith("def suit_rule_ok("):
            cell.source = solved.source  # right, and it calls cards_of_suit
    path = tmp_path / "ex04_student.ipynb"
    nbformat.write(notebook, path)
    row = grade_notebook(path, timeout=60)
    assert row.statuses["ex04.q1"] == "FAIL" and row.statuses["ex04.q2"] == "FAIL"
    message = row.messages["ex04.q2"]
    assert "It fails only because cards_of_suit (question 1)" in message
    assert "Fix question 1 first" in message
    assert row.statuses["ex04.q3"] == NA


# --- without a child process -----------------------------------------------------------------
def test_no_csv_is_written_unless_asked(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURES / "alice.ipynb", tmp_path / "alice.ipynb")
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert main(["grade", "alice.ipynb", "--timeout", "60"]) == 0
    assert list(tmp_path.glob("*.csv")) == []
    assert "no CSV written: add --csv FILE" in buffer.getvalue()
    buffer = io.StringIO()
    with redirect_stdout(buffer), pytest.raises(SystemExit):
        main(["grade", "--help"])
    text = " ".join(buffer.getvalue().split())
    assert "Writes a CSV only with --csv FILE" in text and "without it, no file is written" in text


def test_the_table_stays_within_100_columns_with_several_exercises():
    rows = []
    for exercise in ("ex01", "ex04", "ex06", "ex10"):
        ids = [q.id for q in questions(exercise)]
        for n in range(3):
            name = f"/home/teacher/submissions/{'a very long student name ' * n}{exercise}.ipynb"
            statuses = dict(zip(ids, ["PASS", "FAIL", NA, MISSING, ERROR, "PASS"], strict=False))
            notes = ["cell 12 ran too long (over 30 s) and was stopped " * n] if n else []
            rows.append(Row(name, exercise, statuses, notes=notes))
    rows.append(Row("/home/teacher/submissions/garbage.ipynb", None, notes=["not a notebook"]))
    text = format_table(rows)
    assert max(len(line) for line in text.splitlines()) <= 100
    titles = [line for line in text.splitlines() if " · " in line and "notebook" in line]
    assert [t.split()[0] for t in titles] == ["ex01", "ex04", "ex06", "ex10"]  # one table each
    assert "not graded" in text and "garbage.ipynb" in text
    assert "MISS" in text and "todo" in text and "ERR " in text


def test_the_exercise_is_found_in_metadata_name_or_code():
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
    with open(csv_path, newline="", encoding="utf-8") as handle:
        assert len(list(csv.reader(handle))) == 3
    assert "mystery.ipynb" in format_table([grade_notebook(unknown)])


def test_forged_or_broken_outcomes_never_pass():
    """The judge reads the child's data; nonsense counts against the student, never for."""
    question = ex01.q1
    n = len(question.cases())
    right = [
        {"kind": "value", "value": question.reference(*case.args)} for case in question.cases()
    ]
    assert question.judge(right).passed  # the real answers, as plain data, do pass
    forged = [
        [],
        ["PASS"] * n,
        [{"kind": "value", "value": {"$object": "EvilInt", "repr": "0"}}] * n,
        [{"kind": "value", "value": 5}] * n,
        right[:-1],
        [{**o, "after": encode_args([[]])} for o in right],  # it emptied its input
        [{"kind": "PASS"}] * n,
    ]
    for outcomes in forged:
        assert not question.judge(outcomes).passed, outcomes[:1]


def test_a_stub_that_answers_right_is_spotted_from_the_source():
    stub = 'def points_of(cards):\n    """Doc."""\n    raise NotImplementedError()'
    assert only_stubs([stub, "q1.check(points_of)"], "points_of")
    assert not only_stubs([stub, "def points_of(cards):\n    return 0"], "points_of")
    assert not only_stubs([stub, "points_of = len"], "points_of")
    assert not only_stubs(['exec("def points_of(c): return 0")', stub], "points_of")
    assert not only_stubs(["x = 1"], "points_of")  # never defined: MISSING, not forged
    assert review_code(["import importlib"]) == "modules"
    assert review_code(["from shengji_edu.exercises.ex01 import q1"]) == ""


def test_grade_refuses_missing_paths_and_empty_folders(tmp_path, capsys):
    assert main(["grade", str(tmp_path / "nope")]) == 2
    assert main(["grade", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "no notebooks found" in err
    for memory in ("-5", "10"):  # read as the tournament reads it: at least 64 MB, or 0
        with pytest.raises(SystemExit) as usage:
            main(["grade", str(tmp_path), "--memory", memory])
        assert usage.value.code == 2
        assert "--memory: give at least 64 MB, or 0 for no limit" in capsys.readouterr().err


# --- a grades file is a ledger ----------------------------------------------------------------
def grade_into(csv_file: Path | str, *paths: str | Path) -> tuple[int, str]:
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(["grade", *map(str, paths), "--csv", str(csv_file), "--timeout", "60"])
    return code, buffer.getvalue()


def test_grading_one_late_notebook_keeps_every_other_row(tmp_path, monkeypatch):
    """A folder, then one file of it into the same CSV, by relative and absolute paths."""
    monkeypatch.chdir(tmp_path)
    subs = tmp_path / "subs"
    for student in ("alice", "bob"):  # the documented layout: a folder per student
        (subs / student).mkdir(parents=True)
        shutil.copy(ROOT / "exercises" / "ex01_cards.ipynb", subs / student / "ex01_cards.ipynb")
    (subs / "carol.ipynb").write_text("not a notebook", encoding="utf-8")
    code, out = grade_into("grades.csv", "subs")
    assert code == 0
    first = {row["file"]: row for row in read_csv("grades.csv")}
    assert sorted(first) == [
        "subs/alice/ex01_cards.ipynb",
        "subs/bob/ex01_cards.ipynb",
        "subs/carol.ipynb",
    ]
    table = out[out.index("\nex01 · ") :]
    assert "alice/ex01_cards.ipynb" in table and "bob/ex01_cards.ipynb" in table
    late = subs / "bob" / "ex01_cards.ipynb"  # bob hands in his solution late
    shutil.copy(ROOT / "exercises" / "solutions" / "ex01_cards.ipynb", late)
    code, out = grade_into("grades.csv", "subs/bob/ex01_cards.ipynb")
    assert code == 0 and "keeping 2 row(s) of grades.csv" in out and "not kept" not in out
    second = {row["file"]: row for row in read_csv("grades.csv")}
    assert sorted(second) == sorted(first)  # every row kept, in place
    assert second["subs/bob/ex01_cards.ipynb"]["passed"] == "5"
    assert second["subs/alice/ex01_cards.ipynb"] == first["subs/alice/ex01_cards.ipynb"]
    assert second["subs/carol.ipynb"] == first["subs/carol.ipynb"]
    for paths, csv_file in [  # the same folder, absolute; the CSV absolute too
        ([tmp_path / "subs"], tmp_path / "grades.csv"),
        ([late], "grades.csv"),
        (["subs/alice/ex01_cards.ipynb"], tmp_path / "grades.csv"),
    ]:
        code, out = grade_into(csv_file, *paths)
        assert code == 0 and re.search(r"reusing \d row\(s\)", out), out
        assert {row["file"]: row for row in read_csv("grades.csv")} == second
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".grades")] == []


def test_a_grades_file_keeps_rows_it_does_not_replace(tmp_path):
    (tmp_path / "a").mkdir()
    old = [
        Row(
            str(tmp_path / "a" / f"s{n}.ipynb"),
            "ex01",
            dict.fromkeys(QUESTIONS, "PASS"),
            sha256=str(n),
        )
        for n in range(3)
    ]
    write_csv(old, tmp_path / "g.csv")
    previous = read_csv(tmp_path / "g.csv")
    assert [row["file"] for row in previous] == ["a/s0.ipynb", "a/s1.ipynb", "a/s2.ipynb"]
    new = Row(
        str(tmp_path / "a" / ".." / "a" / "s1.ipynb"), "ex04", {"ex04.q1": "FAIL"}, sha256="9"
    )
    write_csv([new], tmp_path / "g.csv", previous=previous)
    rows = read_csv(tmp_path / "g.csv")
    assert [row["sha256"] for row in rows] == ["0", "9", "2"]  # replaced in place
    assert rows[0]["ex01.q1"] == "PASS" and rows[1]["ex04.q1"] == "FAIL"
    assert rows[0]["grader"] == previous[0]["grader"]


# --- resources ran out: retried, never a grade -------------------------------------------------
def test_a_machine_out_of_resources_is_retried_and_never_stored(tmp_path, monkeypatch):
    from shengji_edu import grading, sandbox

    path = tmp_path / "ex01_a.ipynb"
    shutil.copy(ROOT / "exercises" / "solutions" / "ex01_cards.ipynb", path)
    (submission,) = read_submissions([path])
    earlier = Row(str(path), "ex01", dict.fromkeys(QUESTIONS, "PASS"), sha256="an older file")
    write_csv([earlier], tmp_path / "g.csv")
    real, tries = sandbox.Sandbox.start, []

    def out_of_processes(self):
        if self.args == grading._RUNNER and self.files:  # a notebook's child, not the preflight
            tries.append(1)
            error = (
                BlockingIOError(11, "Resource temporarily unavailable")
                if len(tries) % 2
                else RuntimeError("can't start new thread")
            )
            raise error
        return real(self)

    monkeypatch.setattr(sandbox.Sandbox, "start", out_of_processes)
    monkeypatch.setattr(grading.turn, "TRANSIENT_BACKOFF", 0.01)
    rows = GradingRun([submission], Settings(timeout=60), tmp_path / "g.csv").run(1)
    assert len(tries) == grading.TRANSIENT_TRIES
    assert rows[0].state == grading.RETRY and rows[0].statuses == {}
    assert "not graded (retry)" in rows[0].notes[0]
    kept = read_csv(tmp_path / "g.csv")  # the earlier row stays; no ERR was stored
    assert [row["sha256"] for row in kept] == ["an older file"]
    monkeypatch.setattr(sandbox.Sandbox, "start", real)
    tries.clear()
    flaky = iter([True, False])

    def once(self):
        if self.args == grading._RUNNER and self.files and next(flaky, False):
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return real(self)

    monkeypatch.setattr(sandbox.Sandbox, "start", once)
    rows = GradingRun([submission], Settings(timeout=60), tmp_path / "g.csv").run(1)
    assert rows[0].passed == 5  # the second try graded it
    assert [row["passed"] for row in read_csv(tmp_path / "g.csv")] == ["5"]


# --- names and text from submissions ------------------------------------------------------------
def test_rows_are_named_by_their_path_in_the_folder_given(tmp_path):
    for student in ("alice", "bob"):
        (tmp_path / "subs" / student).mkdir(parents=True)
        nbformat.write(nbformat.v4.new_notebook(), tmp_path / "subs" / student / "ex01_cards.ipynb")
    submissions = read_submissions([tmp_path / "subs"])
    assert [s.name for s in submissions] == ["alice/ex01_cards.ipynb", "bob/ex01_cards.ipynb"]
    rows = [
        Row(str(s.path), "ex01", dict.fromkeys(QUESTIONS, NA), name=s.name) for s in submissions
    ]
    lines = format_table(rows).splitlines()
    assert [line.split()[0] for line in lines if "ex01_cards" in line] == [
        "alice/ex01_cards.ipynb",
        "bob/ex01_cards.ipynb",
    ]


def test_control_characters_never_reach_the_terminal_or_the_csv(tmp_path):
    from shengji_edu.grading import clean

    evil = "\x1b]0;title\x07\x1b[2K\x1b[1Aerased\r\x9b2Kok\x00\u202eevil\x1bPq#0\x1b\\ end\tx\ny"
    assert clean(evil) == "erasedokevil end x y"
    assert clean(evil, lines=True) == "erasedokevil end\tx\ny"
    name = tmp_path / "ex01_\x1b[2Kbad.ipynb"
    row = Row(str(name), "ex01", dict.fromkeys(QUESTIONS, "FAIL"), notes=[evil], name=name.name)
    assert not CONTROL.search(format_table([row]).replace("\n", ""))
    write_csv([row], tmp_path / "g.csv")
    assert not CONTROL.search((tmp_path / "g.csv").read_text(encoding="utf-8").replace("\r\n", ""))


# --- the answers are out of the graded child's reach ----------------------------------------------
def test_the_child_package_holds_no_answers():
    from shengji_edu import grading

    copy = grading.child_package()
    assert (copy / "exercises" / "ex01.py").is_file()
    assert list(copy.rglob("solutions_*")) == []
    assert [p for p in copy.rglob("*.pyc") if "solutions_" in p.name] == []
    assert not hasattr(ex01, "points_of")  # the exercise module names its answers only
    child = grading.child_setup(Settings(), [])
    reads, lists = child.read_paths, child.list_paths
    assert grading.answers_hidden(reads, landlock=True) and lists == []
    assert not grading.answers_hidden(None, landlock=True)
    assert not grading.answers_hidden(reads + [str(grading._PACKAGE)], landlock=True)


def test_a_package_in_site_packages_is_carved_out_of_what_the_child_reads(monkeypatch):
    """A non-editable install puts the answers in a site-packages folder the child must read
    (IPython lives there): the package is carved out of it, the rest stays readable."""
    from shengji_edu import grading

    monkeypatch.setattr(grading.child, "_in_site_packages", lambda: True)
    python_read_paths = grading.sandbox.python_read_paths
    site = str(grading._PACKAGE.parent)  # stands for the site-packages folder it is in

    def with_site(extra=(), **kwargs):
        return python_read_paths(extra=[*extra, site], **kwargs)

    # patched where python_child looks it up: the sandbox package's child module
    monkeypatch.setattr(grading.sandbox.child, "python_read_paths", with_site)
    child = grading.child_setup(Settings(), [])
    reads, lists = child.read_paths, child.list_paths
    package = str(grading._PACKAGE)
    assert grading.answers_hidden(reads, landlock=True)
    assert not any(path == package or path.startswith(package + os.sep) for path in reads)
    assert site in lists  # its folder is listed, not read
    assert any(Path(path).parent == grading._PACKAGE.parent for path in reads)  # its neighbours


def test_a_function_counts_only_if_the_notebook_defines_it():
    from shengji_edu.exercises.submission import defined_in
    from shengji_edu.grading import defines

    cells = {"<ipython-input-1-abc>"}
    namespace: dict = {"__name__": "__main__"}
    exec(compile("def points_of(cards):\n    return 0", "<ipython-input-1-abc>", "exec"), namespace)
    assert defined_in(namespace["points_of"], cells)
    exec(compile("def parse_one(t):\n    return t", "<string>", "exec"), namespace)
    assert not defined_in(namespace["parse_one"], cells)  # exec of a string
    assert not defined_in(len, cells) and not defined_in(ex01.q1.reference, cells)
    assert not defined_in(functools.cache(len), cells)
    assert defined_in(functools.cache(namespace["points_of"]), cells)
    assert defines(["def points_of(cards):\n    return 0"], "points_of")
    assert defines(["points_of = lambda cards: 0"], "points_of")
    assert defines(["%%time\ndef points_of(cards):\n    return 0"], "points_of")
    assert not defines(["from shengji_edu.scoring import trick_points as points_of"], "points_of")
    assert not defines(['globals()["points_of"] = len'], "points_of")
