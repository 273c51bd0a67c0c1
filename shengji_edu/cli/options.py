"""What every ``shengji`` subcommand reads: argparse ``type=`` functions and shared help.

Each type checks its value before anything runs, so a bad option is a usage error (exit
status 2, a line naming the option) and a long run never fails at its last step.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..cards import parse_rank, shorten
from ..game.round import MAX_SEED
from ..players import PLAYER_ALIASES, PLAYER_TYPES
from ..rules import RuleSet

RULES_HELP = (
    "variants (RULES §11) and house rules (RULES §12), e.g. decks=3,twos_are_trump=true, "
    "kitty=linear or levels=5-10-K,bidding=joker_colour"
)

ALLOW_ROOT_HELP = (
    "when started as root, run the untrusted code as root too (by default it runs as the "
    "unprivileged user nobody, or SHENGJI_SANDBOX_USER, and the run refuses if that is "
    "impossible); the same as SHENGJI_ALLOW_ROOT_SANDBOX=1"
)

AI_HELP = ", ai (the strongest player that decides within about a second: search)"

COMPUTER = "greedy"
"""The computer player wherever none is named, as at the notebook table: ``shengji play
--seed 12`` and ``PlayTable(seed=12)`` are the same game."""


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def whole(text: str) -> int:
    """An argparse type: a seed, a whole number written with ASCII digits, |seed| < 2**64."""
    stripped = text.strip()
    if not (stripped.isascii() and stripped.lstrip("-").isdigit()) or len(stripped) > 21:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number")
    value = int(stripped)
    if not -MAX_SEED < value < MAX_SEED:
        raise argparse.ArgumentTypeError(f"seeds are between -2**64 and 2**64, not {value}")
    return value


def rules_option(text: str) -> RuleSet:
    """An argparse type: ``kitty=linear,throw_penalty=10`` read as a RuleSet."""
    try:
        return RuleSet.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def level(text: str) -> int:
    """An argparse type: a starting level, 2..10, J, Q, K or A."""
    try:
        return parse_rank(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _names(text: str, allowed: Sequence[str]) -> list[str]:
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * 4
    if len(names) != 4:
        raise argparse.ArgumentTypeError(
            f"give 1 or 4 names separated by commas, not {shorten(text)!r}"
        )
    for name in names:
        if name not in allowed:
            raise argparse.ArgumentTypeError(
                f"unknown player {shorten(name)!r}: choose from {', '.join(allowed)}"
            )
    return names


def seat_names(text: str) -> list[str]:
    """An argparse type for ``play --players``: people and computer players."""
    return _names(text, ["human", *PLAYER_TYPES, *PLAYER_ALIASES])


def computer_names(text: str) -> list[str]:
    """An argparse type for ``simulate --players``: computer players only."""
    return _names(text, [*PLAYER_TYPES, *PLAYER_ALIASES])


def player_spec(text: str):
    """An argparse type: a player spec such as ``montecarlo:budget=16``, checked by making
    the player once (an unknown option is a usage error, not a crash after a long run)."""
    from ..arena import check_spec, parse_spec

    try:
        return check_spec(parse_spec(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def output_file(text: str) -> Path:
    """An argparse type: a file we will write at the end, checked now, before a long run:
    its folder must exist and be writable, and it must not be a folder itself."""
    path = Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is a folder, not a file name")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise argparse.ArgumentTypeError(f"cannot write {shorten(text)!r}: it is read-only")
        return path
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(
            f"cannot write {shorten(text)!r}: the folder {shorten(str(folder))!r} does not exist"
        )
    try:  # the only portable test: make (and remove) a file there
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        raise argparse.ArgumentTypeError(
            f"cannot write {shorten(text)!r}: the folder {shorten(str(folder))!r} is not writable"
        ) from None
    return path


def chart_file(text: str) -> Path:
    """An argparse type: ``--chart``: a writable file whose extension matplotlib can write."""
    path = output_file(text)
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise argparse.ArgumentTypeError(
            "charts need matplotlib: pip install matplotlib (or the course environment)"
        ) from None
    kinds = Figure().canvas.get_supported_filetypes()
    if path.suffix.lower().lstrip(".") not in kinds:
        raise argparse.ArgumentTypeError(
            f"cannot draw a chart as {shorten(text)!r}: end the name with one of "
            f"{', '.join('.' + k for k in sorted(kinds))}"
        )
    return path


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 (decimals allowed)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"give between 0 and 3600 seconds, not {text}")
    return value


def megabytes(text: str) -> int:
    """An argparse type: megabytes, 0 for no limit."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number") from None
    if value < 0 or 0 < value < 64:
        raise argparse.ArgumentTypeError(f"give at least 64 MB, or 0 for no limit, not {value}")
    return value


def folder(text: str) -> Path:
    """An argparse type: a folder for results (made if missing), not a file."""
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is a file, not a folder")
    return path


def seat(text: str) -> int:
    """An argparse type: a seat, 0 to 3 (South, East, North, West)."""
    if text.strip() not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(
            f"a seat is 0, 1, 2 or 3 (South, East, North, West), not {shorten(text)!r}"
        )
    return int(text)


def language(text: str) -> str:
    """An argparse type: a language of the messages (en or zh)."""
    from ..i18n import check_language

    try:
        return check_language(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
