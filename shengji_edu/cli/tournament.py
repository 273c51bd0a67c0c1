"""``shengji tournament``: a class round robin of bots (see tournament/)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..rules import RuleSet
from .options import (
    ALLOW_ROOT_HELP,
    RULES_HELP,
    folder,
    megabytes,
    positive,
    rules_option,
    seconds,
    whole,
)


def cmd_tournament(args: argparse.Namespace) -> int:
    from ..tournament import Settings, run_tournament
    from ..tournament.rating import rating_available

    if not Path(args.bots).is_dir():
        what = "is not a folder" if Path(args.bots).exists() else "does not exist"
        print(f"shengji tournament: {args.bots} {what}: give the folder of bots", file=sys.stderr)
        return 2
    if not rating_available():
        print(
            'note: the Bradley–Terry rating needs pip install "shengji-edu[tournament]"; '
            "the leaderboard ranks by hands won only",
            flush=True,
        )
    settings = Settings(
        move_time=args.move_time,
        memory_mb=args.memory or None,
        load_time=args.load_time,
        hand_time=args.hand_time,
    )
    try:
        result = run_tournament(
            args.bots,
            deals=args.deals,
            seed=args.seed,
            rules=args.rules,
            settings=settings,
            workers=args.workers or 1,
            scheduler=args.scheduler,
            out=args.out,
            fresh=args.fresh,
            schedule=args.schedule,
            rounds=args.rounds,
            validate=not args.no_validation,
            say=lambda text: print(text, flush=True),
        )
    except KeyboardInterrupt:
        print(
            f"\nshengji tournament: interrupted; finished matches are in {args.out}. "
            "Run the same command to go on."
        )
        return 130
    print()
    print(result.leaderboard_text())
    print()
    print(result.pairs_text())
    print()
    print(result.forfeits_text())
    print(f"\nresults in {args.out}: leaderboard.csv, leaderboard.json, pairs.csv, forfeits.csv")
    return 0


def add_parser(sub) -> None:
    """Add ``tournament`` to the ``shengji`` command's subcommands."""
    tour = sub.add_parser(
        "tournament",
        help="a class tournament: every bot plays every other on the same duplicate deals",
        description=(
            "Play a round robin of the bots in a folder (NAME.py files, NAME/ folders, and "
            "baselines.txt naming the package's players, e.g. greedy). Each seat of each bot "
            "runs in its own sandboxed process and sees only its own view; a bot that "
            "crashes, times out or plays an illegal move loses that hand. Every pair plays "
            "the same deals twice, teams swapped. Results are written per match into --out: "
            "running the same command again goes on where it stopped. Bots have no network "
            "on Linux (not enforced on macOS or Windows). See docs/tournaments.md."
        ),
    )
    tour.add_argument("bots", help="the folder of bots")
    tour.add_argument("--deals", type=positive, default=10, help="deals per pair (each twice)")
    tour.add_argument(
        "--seed", type=whole, help="the deals' seed (default: the folder's, else a random one)"
    )
    tour.add_argument("--rules", type=rules_option, default=RuleSet(), help=RULES_HELP)
    where = tour.add_mutually_exclusive_group()
    where.add_argument("--workers", type=positive, help="local worker processes (default 1)")
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://10.0.0.5:8786"
    )
    tour.add_argument("--out", type=folder, default=Path("tournament-results"), help="results")
    tour.add_argument(
        "--move-time",
        type=seconds,
        default=2.0,
        metavar="S",
        help="CPU seconds per decision (a bot that waits is stopped after 5 times this)",
    )
    tour.add_argument(
        "--hand-time",
        type=seconds,
        default=0.0,
        metavar="S",
        help="a bank of CPU seconds per hand and seat beyond --move-time (default 0)",
    )
    tour.add_argument(
        "--load-time",
        type=seconds,
        default=20.0,
        metavar="S",
        help="CPU seconds to load a bot (a bot too slow is tried again once)",
    )
    tour.add_argument(
        "--memory", type=megabytes, default=1024, metavar="MB", help="per bot process (0: none)"
    )
    tour.add_argument(
        "--schedule",
        choices=("round-robin", "swiss"),
        default="round-robin",
        help="every pair (round-robin) or Swiss rounds paired by score (swiss, with --rounds)",
    )
    tour.add_argument("--rounds", type=positive, help="Swiss rounds (with --schedule swiss)")
    tour.add_argument(
        "--no-validation",
        action="store_true",
        help="let bots in without their validation game (one deal against random)",
    )
    tour.add_argument("--fresh", action="store_true", help="replay every match")
    tour.add_argument("--allow-root-sandbox", action="store_true", help=ALLOW_ROOT_HELP)
    tour.set_defaults(func=cmd_tournament)
