"""``shengji similarity FOLDER``: pairs of submissions ranked by the code they share
(see shengji_edu/grading/similarity.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .options import positive


def cmd_similarity(args: argparse.Namespace) -> int:
    from ..grading.similarity import SimilarityError, format_pairs, similarity
    from ..grading.similarity_html import report_html

    try:
        report = similarity(args.folder, args.starter or (), automatic=not args.no_starter)
    except SimilarityError as error:
        print(f"shengji similarity: {error}", file=sys.stderr)
        return 2
    groups = sorted({s.group for s in report.submissions})
    print(
        f"{len(report.submissions)} submissions ({', '.join(groups)}), {len(report.pairs)} "
        f"pairs; starter code removed: "
        + "; ".join(
            f"{group}: {', '.join(Path(p).name for p in paths) or 'none'}"
            for group, paths in sorted(report.starters.items())
        )
    )
    print()
    print(format_pairs(report, top=int(args.top)))
    if args.html:
        Path(args.html).write_text(report_html(report, shown=int(args.top)), encoding="utf-8")
        print(f"\nwrote {args.html}")
    print("\nA high similarity is a reason to read the pair side by side (--html), not proof.")
    return 0


def add_parser(sub) -> None:
    """Add ``similarity`` to the ``shengji`` command's subcommands."""
    parser = sub.add_parser(
        "similarity",
        help="rank pairs of submissions by the code they share",
        description=(
            "Rank pairs of submissions (exercise notebooks: their code cells, compared within "
            "an exercise; or a tournament's bots: NAME.py files and NAME/ folders) by how much "
            "code they share once identifiers, literals, comments and layout are normalised "
            "away, with the starter code removed (winnowing fingerprints, as MOSS does). For "
            "notebooks the exercise's student copy is removed automatically."
        ),
    )
    parser.add_argument("folder", help="the folder of submissions")
    parser.add_argument("--html", metavar="FILE", help="write a self-contained HTML report")
    parser.add_argument(
        "--starter",
        metavar="FILE",
        action="append",
        help="code every student was given (a .py, a folder or a notebook); repeatable",
    )
    parser.add_argument(
        "--no-starter",
        action="store_true",
        help="do not remove the exercise's student copy automatically",
    )
    parser.add_argument(
        "--top", type=positive, default=20, metavar="N", help="pairs printed (default 20)"
    )
    parser.set_defaults(func=cmd_similarity)
