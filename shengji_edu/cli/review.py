"""``shengji review``: a recorded hand trick by trick, with what decided each trick and what
each player was obliged to play (RULES §4–§6, §11, §12), in English or Chinese.

The review is a list of sections (:mod:`shengji_edu.review.report`); this command asks for
``tricks``. A later option (a seat's decisions assessed by search) adds its section's name
to :func:`sections`.
"""

from __future__ import annotations

import argparse

from ..game import Match, records
from ..i18n import LANGUAGES, check_language, message, render
from ..review.report import review_lines
from .options import positive


def sections(args: argparse.Namespace) -> list[str]:
    """The review's sections, in order, for these options."""
    return ["tricks"]


def cmd_review(args: argparse.Namespace) -> int:
    lang = check_language(args.lang)
    loaded = records.load(args.file)
    rounds = loaded.rounds if isinstance(loaded, Match) else [loaded]
    if args.hand is not None:
        if args.hand > len(rounds):
            raise ValueError(
                f"--hand {args.hand}: {args.file} holds {len(rounds)} "
                f"hand{'s' if len(rounds) != 1 else ''}"
            )
        chosen = [(args.hand, rounds[args.hand - 1])]
    else:
        chosen = list(enumerate(rounds, 1))
    for index, (number, round_) in enumerate(chosen):
        if len(rounds) > 1:
            title = render(message("=== hand {number} ===", number=number), lang)
            print(("\n" if index else "") + title)
        print("\n".join(review_lines(round_, lang, args.seat, sections(args))))
    return 0


def _seat(text: str) -> int:
    """An argparse type: a seat, 0 to 3."""
    if text.strip() not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3, not {text!r}")
    return int(text)


def _lang(text: str) -> str:
    try:
        return check_language(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_parser(sub) -> None:
    """Add ``review`` to the ``shengji`` command's subcommands."""
    review = sub.add_parser(
        "review",
        help="explain a recorded hand trick by trick: who won each trick and why, and what "
        "each player had to play",
    )
    review.add_argument("file", help="a record written by shengji play --save")
    review.add_argument(
        "--hand", type=positive, help="in a match record, only hand N (counted from 1)"
    )
    review.add_argument(
        "--seat", type=_seat, help="show only this seat's plays (0 South, 1 East, 2 North, 3 West)"
    )
    review.add_argument(
        "--lang",
        type=_lang,
        default="en",
        help=f"language of the review: {' or '.join(LANGUAGES)}",
    )
    review.set_defaults(func=cmd_review)
