"""``shengji replay``: a recorded hand or match, trick by trick."""

from __future__ import annotations

import argparse

from ..game import Match, records
from ..render.text import round_text


def cmd_replay(args: argparse.Namespace) -> int:
    loaded = records.load(args.file)
    rounds = loaded.rounds if isinstance(loaded, Match) else [loaded]
    for number, round_ in enumerate(rounds, 1):
        if len(rounds) > 1:
            print(f"\n=== hand {number} ===")
        print(round_text(round_))
    if isinstance(loaded, Match) and loaded.winner is not None:
        print(f"\nTeam {loaded.winner} won the match.")
    return 0


def add_parser(sub) -> None:
    """Add ``replay`` to the ``shengji`` command's subcommands."""
    replay = sub.add_parser("replay", help="print a recorded hand or match trick by trick")
    replay.add_argument("file", help="a record written by shengji play --save")
    replay.set_defaults(func=cmd_replay)
