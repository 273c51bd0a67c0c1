"""``shengji review``: a recorded hand trick by trick, with what decided each trick and what
each player was obliged to play (RULES §4–§6, §11, §12), in English or Chinese.

The review is a list of sections (:mod:`shengji_edu.review.report`): ``tricks`` always,
and ``assess`` with ``--assess --seat N`` (the seat's plays against the search player and,
in the endgame, against perfect play).
"""

from __future__ import annotations

import argparse

from ..i18n import LANGUAGES, message, render
from ..review.report import review_lines
from .options import language, output_file, positive, seat, whole
from .replay import pick, read_hands, write_html


def sections(args: argparse.Namespace) -> list[str]:
    """The review's sections, in order, for these options."""
    return ["tricks", "assess"] if args.assess else ["tricks"]


def cmd_review(args: argparse.Namespace) -> int:
    if args.assess and args.seat is None:
        raise ValueError("--assess looks at one seat's plays: add --seat N (0-3)")
    hands, _match, _kept = read_hands(args.file)
    chosen = pick(hands, args.hand)
    if args.html is not None:  # the replay viewer: each play with the same explanations
        return write_html(args, chosen, len(hands))
    for index, hand in enumerate(chosen):
        if len(hands) > 1:
            number = args.hand or index + 1
            title = render(message("=== hand {number} ===", number=number), args.lang)
            print(("\n" if index else "") + title)
        lines = review_lines(
            hand.round, args.lang, args.seat, sections(args), args.budget, args.seed
        )
        print("\n".join(lines))
    return 0


def add_parser(sub) -> None:
    """Add ``review`` to the ``shengji`` command's subcommands."""
    review = sub.add_parser(
        "review",
        help="explain a recorded hand trick by trick: who won each trick and why, and what "
        "each player had to play",
    )
    review.add_argument(
        "file",
        help="a record (shengji play --save) or kept hands (arena --keep, a tournament's "
        "matches/*.hands.jsonl.gz)",
    )
    review.add_argument(
        "--hand", type=positive, help="in a match record, only hand N (counted from 1)"
    )
    review.add_argument(
        "--seat", type=seat, help="show only this seat's plays (0 South, 1 East, 2 North, 3 West)"
    )
    review.add_argument(
        "--lang",
        type=language,
        default="en",
        help=f"language of the review: {' or '.join(LANGUAGES)}",
    )
    review.add_argument(
        "--html",
        type=output_file,
        metavar="OUT.html",
        help="write the hand's offline step-through viewer with these explanations instead "
        "(one hand: --hand N for a file of several; --seat N opens it in that seat's view)",
    )
    review.add_argument(
        "--assess",
        action="store_true",
        help="also judge the --seat's plays: the search player's choice from the same view "
        "(paired worlds, a 95%% interval; only clear mistakes flagged) and, from 4 cards a "
        "hand, the exact best play",
    )
    review.add_argument(
        "--budget", type=positive, default=20, help="paired worlds per disputed play (20)"
    )
    review.add_argument(
        "--seed", type=whole, default=0, help="the assessment's seed (same seed, same verdicts)"
    )
    review.set_defaults(func=cmd_review)
