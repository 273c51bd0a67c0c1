"""``shengji grade``: exercise notebooks graded in sandboxed processes (see grading/)."""

from __future__ import annotations

import argparse

from .options import ALLOW_ROOT_HELP, megabytes, positive


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
        outputs={
            "grades": args.grades,
            "roster": args.roster,
            "deadline": args.deadline,
            "late_penalty": args.late_penalty,
            "canvas": args.canvas,
            "assignment": args.assignment,
            "canvas_out": args.canvas_out,
            "exercise": args.exercise,
            "apply_penalty": args.apply_penalty,
            "feedback": args.feedback,
        },
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
        type=megabytes,
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
    grade.add_argument(
        "--grades",
        metavar="FILE",
        help="write a grades file a gradebook imports: one row per student and exercise, "
        "points per question, score, max_score, percentage (the whole --csv ledger if given)",
    )
    grade.add_argument(
        "--roster",
        metavar="FILE",
        help="CSV with columns student,file[,name,submitted]: whose each notebook (or folder) "
        "is; without it, one folder per student (see exercises/README.md)",
    )
    grade.add_argument(
        "--deadline", metavar="TIME", help="when the work was due (ISO 8601: 2026-12-01T23:59)"
    )
    grade.add_argument(
        "--late-penalty",
        metavar="RULE",
        help="10%%/day, 2%%/hour or 20%%: reported in separate columns of --grades, never "
        "subtracted from the score",
    )
    grade.add_argument(
        "--canvas", metavar="EXPORT", help="a Canvas gradebook export (CSV) to fill one column of"
    )
    grade.add_argument(
        "--assignment", metavar="NAME", help="the Canvas column to fill (with --canvas)"
    )
    grade.add_argument(
        "--canvas-out",
        metavar="FILE",
        help="where the filled export goes (default EXPORT-shengji.csv; never the export)",
    )
    grade.add_argument(
        "--exercise", metavar="exNN", help="the exercise that fills --assignment, if several"
    )
    grade.add_argument(
        "--apply-penalty",
        action="store_true",
        help="put the score after the late penalty into --canvas (default: the score)",
    )
    grade.add_argument(
        "--feedback",
        metavar="DIR",
        help="write one .md and one .html feedback file per notebook into DIR",
    )
    grade.add_argument("--allow-root-sandbox", action="store_true", help=ALLOW_ROOT_HELP)
    grade.set_defaults(func=cmd_grade)
