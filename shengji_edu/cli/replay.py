"""``shengji replay``: a recorded hand or match, or the kept hands of the arena and the
tournament, trick by trick; ``--html`` writes the offline step-through viewer of one hand.

    shengji replay FILE                    a hand, a match (every hand), or a kept file's list
    shengji replay FILE --hand N           hand N only (numbered from 1)
    shengji replay FILE [--hand N] --html OUT.html [--seat N] [--lang en|zh]
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..game import Match, Round, records
from ..game.errors import RecordError
from ..game.kept import is_kept, read_kept
from ..render.text import round_text
from .options import language, output_file, positive, seat


@dataclass(frozen=True)
class _Hand:
    round: Round
    players: tuple[str, ...] | None = None
    label: str | None = None
    forfeit: str | None = None


def read_hands(path: str) -> tuple[list[_Hand], Match | None, bool]:
    """Every hand of a record or kept file, the match if it is one, and whether it is kept."""
    if is_kept(path):
        return [_Hand(k.round, k.players, k.label, k.forfeit) for k in read_kept(path)], None, True
    loaded = records.load(path)
    if isinstance(loaded, Match):
        return [_Hand(r) for r in loaded.rounds], loaded, False
    return [_Hand(loaded)], None, False


def pick(hands: list[_Hand], number: int | None) -> list[_Hand]:
    """The hands ``--hand N`` asks for: all of them, or hand N (RecordError if none)."""
    if number is None:
        return hands
    if number > len(hands):
        raise RecordError(f"there is no hand {number}: the file holds {len(hands)} (1..)")
    return [hands[number - 1]]


def _summary(number: int, hand: _Hand) -> str:
    """One line of a kept file's list: number, where it comes from, players, outcome."""
    result = hand.round.result
    if result is None:
        outcome = f"forfeited: {hand.forfeit}" if hand.forfeit else "unfinished"
    else:
        outcome = f"defenders {result.defender_points} points, team {result.winning_team} won"
    who = " / ".join(hand.players) if hand.players else ""
    return "  ".join(filter(None, [f"{number:>4}", hand.label or "", who, outcome]))


def cmd_replay(args: argparse.Namespace) -> int:
    hands, match, kept = read_hands(args.file)
    chosen = pick(hands, args.hand)
    if args.html is not None:
        return write_html(args, chosen, len(hands))
    if kept and args.hand is None and len(hands) > 1:
        print(f"{len(hands)} hands (shengji replay {args.file} --hand N shows one):")
        for number, hand in enumerate(hands, 1):
            print(_summary(number, hand))
        return 0
    for hand in chosen:
        number = args.hand or hands.index(hand) + 1
        if len(chosen) > 1 or args.hand is not None:
            print(f"\n=== hand {number} ===")
        if hand.label or hand.players:
            print(_summary(number, hand).strip())
        print(round_text(hand.round))
    if match is not None and args.hand is None and match.winner is not None:
        print(f"\nTeam {match.winner} won the match.")
    return 0


def write_html(args: argparse.Namespace, chosen: list[_Hand], total: int) -> int:
    """``--html OUT``: the offline viewer of the one hand chosen (``replay`` and ``review``)."""
    from ..render.replay_data import review_notes
    from ..render.replay_html import write_replay_html

    if len(chosen) != 1:
        raise RecordError(
            f"the file holds {total} hands: pick one for the viewer with --hand N (1..{total})"
        )
    (hand,) = chosen
    lang = args.lang
    write_replay_html(
        hand.round,
        args.html,
        lang=lang,
        notes=review_notes(hand.round, lang),
        players=hand.players,
        seat=args.seat,
    )
    print(f"the hand's viewer is written to {args.html} (open it in any browser)")
    return 0


def add_parser(sub) -> None:
    """Add ``replay`` to the ``shengji`` command's subcommands."""
    replay = sub.add_parser(
        "replay", help="replay a recorded hand or match, or kept hands; --html for a viewer"
    )
    replay.add_argument(
        "file",
        help="a record (shengji play --save) or kept hands (arena --keep, a tournament's "
        "matches/*.hands.jsonl.gz)",
    )
    replay.add_argument("--hand", type=positive, metavar="N", help="only hand N (from 1)")
    replay.add_argument(
        "--html", type=output_file, metavar="OUT.html", help="write one hand's offline viewer"
    )
    replay.add_argument(
        "--seat", type=seat, help="open the viewer in this seat's view (0-3; default: all)"
    )
    replay.add_argument(
        "--lang", type=language, default="en", help="the viewer's language: en or zh"
    )
    replay.set_defaults(func=cmd_replay)
