"""How long ``shengji grade`` takes on a class of ordinary submissions: prints, never asserts.

    python benchmarks/grading.py            # 30 submissions, the default number of jobs
    python benchmarks/grading.py 60 --jobs 1

The submissions are the solution notebooks (every exercise in turn), copied into a temporary
folder, so each one runs its cells and passes every check: a class that did its homework.
The time is the wall clock of the whole command, as an instructor waits for it.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=30, help="submissions")
    parser.add_argument("--jobs", type=int, help="passed to shengji grade")
    args = parser.parse_args()
    solutions = sorted((ROOT / "exercises" / "solutions").glob("ex*.ipynb"))
    with tempfile.TemporaryDirectory() as folder:
        subs = Path(folder) / "subs"
        subs.mkdir()
        for n in range(args.count):
            source = solutions[n % len(solutions)]
            shutil.copy(source, subs / f"student{n + 1:03d}_{source.name}")
        table = Path(folder) / "grades.csv"
        command = [sys.executable, "-m", "shengji_edu", "grade", str(subs), "--csv", str(table)]
        if args.jobs:
            command += ["--jobs", str(args.jobs)]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - started
        with open(table, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    passed = sum(row["passed"] == row["total"] for row in rows)
    print(
        f"shengji grade: {args.count} ordinary submissions in {elapsed:.1f} s "
        f"({elapsed / args.count:.2f} s each; {passed} with full marks; exit code "
        f"{done.returncode})"
    )
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
