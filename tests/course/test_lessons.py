"""Lesson hygiene: short code cells, honest durations, imports the students' install provides.

- No lesson code cell is longer than 15 lines (a cell is one idea; long code is split into
  steps or lives in the package). ``LONG_CELLS`` is the allow-list, empty on purpose.
- Each lesson states its time once, in its first cell (``**Time:** about N minutes``), lesson
  00's table says the same, every lesson fits in 40 minutes, and the stated time is within
  10 minutes of tools/lesson_stats.py's estimate.
- Whatever a lesson or a student exercise copy imports comes with ``pip install
  ".[notebooks,rl]"`` (the standard library, the package, and the notebooks and rl extras with
  everything they pull in). tools/check_student_install.py proves it by running them; this
  test names the import at once.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib.metadata
import re
import sys
from pathlib import Path

import pytest
from markdown_text import ROOT, cells, relative, source

sys.path.insert(0, str(ROOT / "tools"))
from lesson_stats import DURATION, lesson_paths, stats  # noqa: E402

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

LESSONS = lesson_paths()
MAX_CODE_LINES = 15
MAX_MINUTES = 40
LONG_CELLS: dict[tuple[str, int], str] = {}  # (lesson file, cell index): why it must be long


def ids(paths):
    return [relative(p) for p in paths]


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_code_cells_are_short(path):
    long = []
    for index, cell in enumerate(cells(path)):
        lines = len(source(cell).splitlines())
        too_long = cell["cell_type"] == "code" and lines > MAX_CODE_LINES
        if too_long and (path.name, index) not in LONG_CELLS:
            long.append(f"cell {index}: {lines} lines")
    assert not long, f"code cells over {MAX_CODE_LINES} lines (split them): " + ", ".join(long)


def course_table() -> dict[str, int]:
    """Lesson number -> minutes, from the table in lesson 00's "The course" section."""
    text = "\n".join(source(c) for c in cells(ROOT / "lessons" / "00_start_here.ipynb"))
    rows = re.findall(r"^\| (\d\d) \| [^|]+\| (\d+) \|$", text, re.MULTILINE)
    assert rows, "lesson 00 has no course table (| NN | topic | minutes |)"
    return {number: int(minutes) for number, minutes in rows}


def test_the_course_table_lists_every_lesson():
    assert sorted(course_table()) == [path.name[:2] for path in LESSONS]


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_the_time_is_stated_once_and_agrees_with_lesson_00(path):
    first = source(cells(path)[0])
    everywhere = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "markdown")
    assert DURATION.search(first), "the first cell should say **Time:** about N minutes"
    loose = re.findall(r"(?i)\babout \d+ minutes", everywhere)
    assert len(loose) == 1, f"the time is stated {len(loose)} times: {loose}"
    stated = int(DURATION.search(first).group(1))
    assert stated == course_table()[path.name[:2]], "lesson 00's table says otherwise"


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_the_lesson_fits_in_40_minutes(path):
    lesson = stats(path)
    (stated,) = lesson.stated
    assert stated <= MAX_MINUTES
    assert lesson.estimate <= MAX_MINUTES, f"estimated {lesson.estimate:.0f} minutes: trim it"
    assert abs(stated - lesson.estimate) <= 10, (
        f"states {stated} minutes, estimated {lesson.estimate:.0f} (tools/lesson_stats.py)"
    )


# --- imports -------------------------------------------------------------------------------


@functools.cache
def students_distributions() -> frozenset[str]:
    """The package's dependencies and its notebooks and rl extras, with all they require."""
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    todo = [*project.get("dependencies", []), *extras["notebooks"], *extras["rl"]]
    seen: set[str] = set()
    while todo:
        requirement = Requirement(todo.pop())
        if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
            continue
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        if name in seen:
            continue
        seen.add(name)
        # A package not installed here still counts by name; its own requirements are unknown.
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            todo += importlib.metadata.requires(name) or []
    return frozenset(seen)


def imported_modules(path: Path) -> set[str]:
    found = set()
    for cell in cells(path):
        if cell["cell_type"] != "code":
            continue
        code = "\n".join(
            "" if line.lstrip().startswith(("%", "!")) else line
            for line in source(cell).splitlines()
        )
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


@functools.cache
def installed_modules() -> dict[str, list[str]]:
    return importlib.metadata.packages_distributions()


STUDENT_NOTEBOOKS = LESSONS + sorted((ROOT / "exercises").glob("ex*.ipynb"))


@pytest.mark.parametrize("path", STUDENT_NOTEBOOKS, ids=ids(STUDENT_NOTEBOOKS))
def test_imports_come_with_the_students_install(path):
    provided = students_distributions()
    owners = installed_modules()
    missing = []
    for module in sorted(imported_modules(path)):
        if module in sys.stdlib_module_names or module == "shengji_edu":
            continue
        dists = {re.sub(r"[-_.]+", "-", d).lower() for d in owners.get(module, [])}
        if not dists & provided:
            missing.append(f"{module} (from {', '.join(sorted(dists)) or 'no installed package'})")
    assert not missing, 'not in pip install ".[notebooks,rl]": ' + ", ".join(missing)


def test_the_import_check_would_catch_a_test_only_package():
    """pytest comes with the test extra only: a lesson importing it must fail the check."""
    assert "pytest" not in students_distributions()
    assert {"hypothesis", "matplotlib", "ipywidgets", "ipykernel"} <= students_distributions()
