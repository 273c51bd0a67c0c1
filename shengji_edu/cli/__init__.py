"""The ``shengji`` command (also ``python -m shengji_edu``).

    shengji play [--seed S] [--level L] [--players human,greedy,greedy,greedy]
                 [--rules kitty=linear,throw_penalty=10] [--auto] [--hands N] [--save FILE]
    shengji simulate --hands N [--players greedy,greedy,greedy,greedy] [--seed S] [--rules R]
    shengji arena greedy random --deals 400 [--processes 2] [--rules R] [--json F] [--chart F.png]
                  [--keep F.hands.jsonl.gz]
    shengji replay FILE [--hand N] [--html OUT.html [--seat N] [--lang zh]]
    shengji review FILE [--hand N] [--seat N] [--lang en|zh]
    shengji gin [--seed S] [--opponent greedy] [--knock-at N] [--target 100]   (Gin Rummy)
    shengji grade PATH... [--csv FILE] [--timeout 120] [--jobs N] [--details] [--fresh]
                  [--grades FILE] [--roster FILE] [--canvas EXPORT --assignment NAME]
                  [--feedback DIR] [--deadline TIME --late-penalty 10%/day]
    shengji similarity FOLDER [--html FILE] [--starter FILE]
    shengji table [--port 8866] [--lang zh] [--seed S] [--computer greedy] [--no-browser]
    shengji tournament BOTS/ [--deals N] [--seed S] [--rules …] [--workers K | --scheduler ADDR]
                       [--out DIR] [--move-time S] [--memory MB] [--fresh]

``--rules`` takes every option of :class:`~shengji_edu.rules.RuleSet` as ``name=value``
pairs, e.g. ``decks=3,twos_are_trump=true`` (RULES §11) or ``levels=5-10-K`` (RULES §12).

The command line only calls the engine: it reads options, seats players and prints what
happened. A person's mistakes are explained and asked again; the command exits with a
message, never a traceback, on bad options or files. Every option is checked by argparse
through a ``type=`` function before anything runs: a bad value is a usage error (exit status
2, a line naming the option), player specs, rules, levels, seeds and the files written at
the end included (their folder must be writable), so a long run never fails at its last
step. A record that cannot be loaded (``replay``) exits with status 2 and its one-line error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..game import RecordError
from ..gin.terminal import add_parser as add_gin_parser
from . import arena, grade, play, replay, review, similarity, table, tournament
from .options import COMPUTER, whole
from .play import throw_failed_text


def build_parser() -> argparse.ArgumentParser:
    """The ``shengji`` command's parser: one module of this package per subcommand."""
    parser = argparse.ArgumentParser(prog="shengji", description="Play and study Shengji.")
    sub = parser.add_subparsers(dest="command", required=True)
    play.add_parsers(sub)
    arena.add_parser(sub)
    replay.add_parser(sub)
    review.add_parser(sub)
    add_gin_parser(sub, seed_type=whole)  # shengji gin: shengji_edu/gin/terminal.py
    grade.add_parser(sub)
    similarity.add_parser(sub)
    table.add_parser(sub)
    tournament.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "allow_root_sandbox", False):
        from ..sandbox import ALLOW_ROOT_VARIABLE

        os.environ[ALLOW_ROOT_VARIABLE] = "1"  # read by every sandbox this run starts
    try:
        return args.func(args)
    except (ValueError, RecordError, OSError) as exc:
        print(f"shengji: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nBye!")
        return 130


__all__ = ["COMPUTER", "build_parser", "main", "throw_failed_text"]
