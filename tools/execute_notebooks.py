"""Execute notebooks: re-execute lessons in place, or check that notebooks run without error.

    python tools/execute_notebooks.py                 # re-execute every lesson, in place
    python tools/execute_notebooks.py lessons/03_pairs_and_tractors.ipynb
    python tools/execute_notebooks.py --check --jobs 2 lessons exercises   # run, write nothing

Re-executing (the default) is what you do after changing the package or a lesson: the test
suite compares the stored outputs with a fresh run (strict nbval), so commit the notebooks it
writes. It uses full simulation sizes (``SHENGJI_EDU_SIM_SCALE`` is ignored) and prints each
notebook's execution time.

``--check`` executes without writing anything and exits 1 if any cell raises, naming the
notebook and the cell. It keeps ``SHENGJI_EDU_SIM_SCALE`` as set (``small`` for quick runs)
and runs ``--jobs`` notebooks at once. A folder stands for the notebooks directly in it, in
``exercises/`` only the student copies ``ex*.ipynb`` (the solutions live in a subfolder).
It needs no pytest, so it also runs in an environment with only the students' install
(``.venv-students/bin/python tools/execute_notebooks.py --check lessons exercises``); CI uses
nbval in that environment's kernel instead (``tools/run_tests.py``, by default).

Each notebook runs with its own folder as the working directory, as in JupyterLab, and with
the kernel of the Python that runs this script.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCALE_VARIABLE = "SHENGJI_EDU_SIM_SCALE"  # as in shengji_edu/course.py


def lesson_paths() -> list[Path]:
    return sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))


def expand(arguments: list[str]) -> list[Path]:
    """Notebook paths from files and folders (a folder: its notebooks, not its subfolders)."""
    paths: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            pattern = "ex*.ipynb" if path.resolve() == (ROOT / "exercises").resolve() else "*.ipynb"
            found = sorted(path.glob(pattern))
            if not found:
                raise SystemExit(f"no notebooks in {path}")
            paths += found
        elif path.suffix == ".ipynb" and path.is_file():
            paths.append(path)
        else:
            raise SystemExit(f"not a notebook or a folder of notebooks: {path}")
    return paths


def shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


ANSI = re.compile(r"\x1b\[[0-9;]*m")  # colours in a traceback


def execute(path: Path, write: bool = True, timeout: int = 600) -> float:
    """Run every cell of one notebook; store the outputs if ``write``. Returns the seconds."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.resolve().parent)}},
        record_timing=False,  # no timestamps: a re-run changes only what the code prints
    )
    start = time.perf_counter()
    # The kernel's own log (ipykernel's notice about its TCP transport) is noise here: an
    # error in a cell or a dead kernel is reported by nbclient all the same.
    client.execute(stderr=subprocess.DEVNULL)
    took = time.perf_counter() - start
    if write:
        # Widget state changes on every run and only a live kernel can use it: don't store it.
        notebook.metadata.pop("widgets", None)
        for cell in notebook.cells:
            cell.metadata.pop("execution", None)  # timestamps of an earlier run
        nbformat.write(notebook, path)
    return took


def check_one(path: Path) -> tuple[Path, float, str]:
    """Execute one notebook without writing: (path, seconds, error text or "")."""
    start = time.perf_counter()
    try:
        execute(path, write=False, timeout=300)
    except Exception as error:  # a cell raised, or the kernel died: report, don't crash
        return path, time.perf_counter() - start, f"{type(error).__name__}: {error}"
    return path, time.perf_counter() - start, ""


def check(paths: list[Path], jobs: int) -> int:
    """Execute notebooks ``jobs`` at a time; print one line each; 1 if any failed."""
    failures = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(check_one, path) for path in paths]
        for future in as_completed(futures):
            path, took, error = future.result()
            print(f"{took:6.1f} s  {'FAILED' if error else 'ok':6}  {shown(path)}", flush=True)
            if error:
                failures.append((path, error))
    print(f"{time.perf_counter() - start:6.1f} s  total wall time, {len(paths)} notebooks")
    for path, error in failures:
        lines = ANSI.sub("", error).strip().splitlines()
        print(f"\n--- {shown(path)} raised:\n" + "\n".join(lines[:40]), flush=True)
    if failures:
        print(f"\n{len(failures)} of {len(paths)} notebooks failed", flush=True)
        return 1
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks or folders (default: lessons)")
    parser.add_argument("--check", action="store_true", help="run only; write nothing")
    parser.add_argument("--jobs", type=int, default=1, help="notebooks at once (--check)")
    args = parser.parse_args(argv)
    paths = expand(args.notebooks) if args.notebooks else lesson_paths()
    if args.check:
        return check(paths, max(1, args.jobs))
    os.environ.pop(SCALE_VARIABLE, None)  # stored outputs use the full sizes
    total = 0.0
    for path in paths:
        took = execute(path)
        total += took
        print(f"{took:6.1f} s  {shown(path)}", flush=True)
    print(f"{total:6.1f} s  total")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
