"""Generate the student exercise notebooks from the instructor's solution notebooks.

    python tools/make_student_notebooks.py                  # write exercises/exNN_*.ipynb
    python tools/make_student_notebooks.py --check          # exit 1 if a student copy is stale
    python tools/make_student_notebooks.py --clear-outputs  # strip outputs from the solutions

The solutions in ``exercises/solutions/`` are the single source. In their code cells, every
region between a line ``### BEGIN SOLUTION`` and a line ``### END SOLUTION`` (markers
included) becomes ``raise NotImplementedError()`` at the indentation of the BEGIN line, as in
nbgrader. Regions go inside function bodies (after the docstring), so a student copy runs
cleanly and every check in it reports NOT ATTEMPTED. Outputs and execution counts are
cleared; cell ids and metadata are kept, so regenerating is stable.

Relative links in markdown cells are written from where each notebook lives: a solution
links the lesson as ``../../lessons/NN_x.ipynb``, and its student copy, one folder up, gets
``../lessons/NN_x.ipynb``. The generator moves every relative ``[text](target)`` link so it
leads to the same file from the student copy; web links and ``#fragment``-only links stay.

``--check`` compares the notebooks as JSON (not bytes, so a checkout with Windows line
endings is not "stale"), and also fails when a solution notebook has outputs, when a student
copy has no solution notebook, when a solution notebook has no solution region, or when a
notebook imports from the exercise modules anything but their checks (``from
shengji_edu.exercises.exNN import q1, q2``): never ``*``, never the answers
(``solutions_exNN``), which the grader keeps out of a graded notebook's reach.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "exercises" / "solutions"
STUDENTS = ROOT / "exercises"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
STUB = "raise NotImplementedError()"
# The target of a markdown link or image, ``[text](target)``; web links and fragments stay.
LINK_TARGET = re.compile(r"(\]\(\s*<?)([^)\s>]+)")
NOT_A_PATH = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^[/#]")


class RegionError(ValueError):
    """A solution region is not closed, nested, or empty."""


def strip_regions(source: str) -> tuple[str, int]:
    """The source with every solution region replaced by the stub; and how many there were."""
    lines = source.split("\n")
    out: list[str] = []
    count = 0
    inside = False
    for number, line in enumerate(lines, 1):
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise RegionError(f"line {number}: {BEGIN} inside another solution region")
            inside = True
            count += 1
            indent = line[: len(line) - len(line.lstrip())]
            if not indent:
                raise RegionError(
                    f"line {number}: put solution regions inside a function body; at the top "
                    f"level the stub would raise when the student runs the cell"
                )
            out.append(indent + STUB)
        elif marker == END:
            if not inside:
                raise RegionError(f"line {number}: {END} without {BEGIN}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise RegionError(f"{BEGIN} is never closed by {END}")
    return "\n".join(out), count


def move_links(markdown: str, source: Path, target: Path) -> str:
    """The markdown of a notebook in folder ``source`` with its relative links rewritten to
    lead to the same files from folder ``target``."""

    def move(match: re.Match) -> str:
        link = match[2]
        if NOT_A_PATH.match(link):
            return match[0]
        path, hash_, fragment = link.partition("#")
        moved = Path(os.path.relpath(source.resolve() / path, target.resolve())).as_posix()
        slash = "/" if path.endswith("/") else ""  # a link to a folder keeps its slash
        return match[1] + moved + slash + hash_ + fragment

    return LINK_TARGET.sub(move, markdown)


def student_notebook(
    solution: nbformat.NotebookNode, solutions: Path = SOLUTIONS, students: Path = STUDENTS
) -> nbformat.NotebookNode:
    """The student copy of a solution notebook (a new notebook; the input is unchanged)."""
    notebook = copy.deepcopy(solution)
    regions = 0
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            cell.source = move_links(cell.source, solutions, students)
        if cell.cell_type != "code":
            continue
        try:
            cell.source, count = strip_regions(cell.source)
        except RegionError as error:
            raise RegionError(f"cell {index}: {error}") from None
        regions += count
        cell.outputs = []
        cell.execution_count = None
    if regions == 0:
        raise RegionError(f"no {BEGIN} / {END} region in any code cell")
    return notebook


def has_outputs(notebook: nbformat.NotebookNode) -> bool:
    return any(
        cell.cell_type == "code" and (cell.get("outputs") or cell.get("execution_count"))
        for cell in notebook.cells
    )


def solution_paths(solutions: Path = SOLUTIONS) -> list[Path]:
    return sorted(p for p in solutions.glob("ex*.ipynb") if p.is_file())


def as_json(notebook: nbformat.NotebookNode) -> object:
    return json.loads(nbformat.writes(notebook))


def relative(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


EXERCISE_IMPORT = re.compile(r"^\s*from\s+shengji_edu\.exercises(\.\w+)?\s+import\s+(.+)$", re.M)
CHECK_NAME = re.compile(r"q\d+")


def bad_imports(notebook: nbformat.NotebookNode) -> list[str]:
    """The imports from the exercise modules that are not checks (``q1`` …), as text."""
    found = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for match in EXERCISE_IMPORT.finditer(cell.source):
            module, names = match[1] or "", match[2].split("#")[0].strip("() \\")
            names = [n.strip() for n in names.split(",") if n.strip()]
            exercise = re.fullmatch(r"\.ex\d\d", module) is not None
            if not exercise or not all(CHECK_NAME.fullmatch(n) for n in names):
                found.append(match[0].strip())
        if "solutions_ex" in cell.source:
            found.append("solutions_ex…")
    return found


def check(solutions: Path = SOLUTIONS, students: Path = STUDENTS) -> list[str]:
    """Everything that is out of date or wrong, as messages (empty: all good)."""
    problems = []
    expected = set()
    for path in solution_paths(solutions):
        solution = nbformat.read(path, as_version=4)
        for line in bad_imports(solution):
            problems.append(
                f"{relative(path)} imports more than the checks from the exercise modules "
                f"({line}): import only q1, q2 … (the grader keeps the answers out of reach)"
            )
        if has_outputs(solution):
            problems.append(
                f"{relative(path)} has outputs: commit solution notebooks without outputs "
                f"(python tools/make_student_notebooks.py --clear-outputs)"
            )
        target = students / path.name
        expected.add(target.name)
        try:
            wanted = student_notebook(solution, solutions, students)
        except RegionError as error:
            problems.append(f"{relative(path)}: {error}")
            continue
        if not target.exists():
            problems.append(f"{relative(target)} is missing")
        elif as_json(nbformat.read(target, as_version=4)) != as_json(wanted):
            problems.append(f"{relative(target)} is out of date")
    for path in sorted(students.glob("ex*.ipynb")):
        if path.name not in expected:
            problems.append(f"{relative(path)} has no solution notebook in exercises/solutions/")
    return problems


def write_all(solutions: Path = SOLUTIONS, students: Path = STUDENTS) -> int:
    paths = solution_paths(solutions)
    for path in paths:
        notebook = student_notebook(nbformat.read(path, as_version=4), solutions, students)
        target = students / path.name
        nbformat.write(notebook, target)
        print(f"wrote {relative(target)}")
    return 0 if paths else 1


def clear_outputs(solutions: Path = SOLUTIONS) -> None:
    for path in solution_paths(solutions):
        notebook = nbformat.read(path, as_version=4)
        if has_outputs(notebook):
            for cell in notebook.cells:
                if cell.cell_type == "code":
                    cell.outputs = []
                    cell.execution_count = None
            nbformat.write(notebook, path)
            print(f"cleared the outputs of {relative(path)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if student copies are stale")
    parser.add_argument(
        "--clear-outputs", action="store_true", help="strip outputs from the solution notebooks"
    )
    parser.add_argument("--solutions", type=Path, default=SOLUTIONS, help=argparse.SUPPRESS)
    parser.add_argument("--students", type=Path, default=STUDENTS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    solutions, students = args.solutions, args.students
    if not solution_paths(solutions):
        print(f"no solution notebooks in {relative(solutions)}", file=sys.stderr)
        return 1
    if args.clear_outputs:
        clear_outputs(solutions)
    if args.check:
        problems = check(solutions, students)
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print(
                "run: python tools/make_student_notebooks.py (then commit exercises/)",
                file=sys.stderr,
            )
            return 1
        print(f"student copies are up to date ({len(solution_paths(solutions))} notebooks)")
        return 0
    if args.clear_outputs:
        return 0
    try:
        return write_all(solutions, students)
    except RegionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
