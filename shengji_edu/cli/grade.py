"""``shengji grade``: exercise notebooks graded in sandboxed processes (see grading/)."""

from __future__ import annotations

import argparse

from .options import ALLOW_ROOT_HELP, positive


def cmd_grade(args: argparse.Namespace) -> int:
    from ..grading import grade_command

    return grade_command(
        args.paths,
        csv_path=args.csv,
        timeout=args.timeout,
        jobs=args.jobs,
        details=args.details,
        cell_timeout=args.cell_timeout,
        memory_mb=args.memory or None,
        fresh=args.fresh,
    )


def add_parser(sub) -> None:
    """Add ``grade`` to the ``shengji`` command's subcommands."""
    grade = sub.add_parser(
        "grade",
        help="grade exercise notebooks, each in its own sandboxed process",
        description=(
            "Grade submitted exercise notebooks. Each notebook runs in its own child process "
            "(a fresh folder, a copy of that one notebook, time and memory limits; on Linux it "
            "cannot signal other processes, use the network, read the answers or other "
            "submissions, nor write outside its folder; not enforced on macOS or Windows: see "
            "exercises/README.md); the grader sends the test cases, reads back plain answers "
            "and judges them itself. Prints one table per exercise. Writes a CSV only with "
            "--csv FILE: rows are written as each notebook finishes, and running the same "
            "command again skips the notebooks already in FILE (same file, same SHA-256)."
        ),
    )
    grade.add_argument("paths", nargs="+", help="notebooks, or folders of notebooks")
    grade.add_argument(
        "--csv",
        metavar="FILE",
        help="add the rows to FILE (CSV), a ledger: a notebook's row replaces that notebook's "
        "earlier row, every other row is kept; without it, no file is written",
    )
    grade.add_argument(
        "--timeout",
        type=positive,
        default=120,
        metavar="S",
        help="seconds one notebook may take in all",
    )
    grade.add_argument(
        "--cell-timeout", type=positive, default=30, metavar="S", help="seconds one cell may run"
    )
    grade.add_argument(
        "--jobs",
        type=positive,
        metavar="N",
        help="notebooks graded at once (default: the cores, at most 4)",
    )
    grade.add_argument(
        "--memory",
        type=int,
        default=1024,
        metavar="MB",
        help="memory limit per notebook (0: none; Linux only, see exercises/README.md)",
    )
    grade.add_argument("--details", action="store_true", help="print each failure message")
    grade.add_argument(
        "--fresh",
        action="store_true",
        help="regrade the notebooks given, ignoring their rows in --csv FILE (other rows are kept)",
    )
    grade.add_argument("--allow-root-sandbox", action="store_true", help=ALLOW_ROOT_HELP)
    grade.set_defaults(func=cmd_grade)
