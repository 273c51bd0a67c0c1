"""The results folder: one JSON file per finished match, written the moment it finishes.

Layout of ``--out`` (default ``tournament-results/``)::

    tournament.json      what this tournament is: seed, deals, rules, limits, the bots and
                         whether each could enter (rewritten at each start and at the end)
    matches/KEY.json     one finished match (KEY: see :func:`.schedule.match_key`)
    matches/KEY.hands.jsonl.gz  its every hand, kept (:mod:`shengji_edu.game.kept`): deal
                         by deal, the first bot in seats 0 and 2 then in 1 and 3;
                         ``shengji replay FILE --hand N`` replays one
    leaderboard.csv      rank, bot, rating and score with 95% intervals, forfeits (for an LMS)
    leaderboard.json     the same and more, with every pair's result and every forfeit
    pairs.csv            every pair: hands won by each, with the first bot's 95% interval
    forfeits.csv         every forfeited hand: match, deal, seat, bot, kind, reason
    leaderboard.png      the ratings with their intervals (when matplotlib is installed)

Files are replaced atomically (written beside, then renamed), so a tournament killed at any
moment leaves only whole files; rerunning the same command reads ``matches/`` and plays
only what is missing. Match files of other settings (another seed, a changed bot) are left
alone and ignored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..files import write_atomically
from ..game.kept import SUFFIX, write_kept

MANIFEST = "tournament.json"
MATCHES = "matches"
MANIFEST_FORMAT = "shengji-edu tournament"
MATCH_FORMAT = "shengji-edu tournament match"


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON, replacing ``path`` whole (never a half-written file)."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    write_text(path, text + "\n")


def write_text(path: Path, text: str) -> None:
    write_atomically(path, text)


def read_json(path: Path) -> Any:
    """The JSON in ``path``, or ``None`` if it is missing or unreadable."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def read_manifest(out: Path) -> dict | None:
    data = read_json(out / MANIFEST)
    return data if isinstance(data, dict) and data.get("format") == MANIFEST_FORMAT else None


def read_matches(out: Path, keys: set[str]) -> dict[str, dict]:
    """The finished matches among ``keys`` that ``out/matches`` holds."""
    found = {}
    folder = out / MATCHES
    for key in keys:
        record = read_json(folder / f"{key}.json")
        ours = isinstance(record, dict) and record.get("format") == MATCH_FORMAT
        if ours and record.get("key") == key:
            found[key] = record
    return found


def count_other_matches(out: Path, keys: set[str]) -> int:
    folder = out / MATCHES
    if not folder.is_dir():
        return 0
    return sum(1 for p in folder.glob("*.json") if p.stem not in keys)


def write_match(out: Path, record: dict) -> None:
    """Write a finished match: its hands (taken out of ``record``) first, then its record,
    so a match file that exists has its hands beside it."""
    folder = out / MATCHES
    folder.mkdir(parents=True, exist_ok=True)
    hands = record.pop("hands", None)
    if hands is not None:
        write_kept(folder / hands_name(record["key"]), hands)
    write_json(folder / f"{record['key']}.json", record)


def hands_name(key: str) -> str:
    """The file name of a match's hands (in ``matches/``)."""
    return f"{key}{SUFFIX}"


def hands_file(out: Path, key: str) -> str | None:
    """Where a match's hands are, relative to ``out`` (``None``: not kept, an older run)."""
    relative = f"{MATCHES}/{hands_name(key)}"
    return relative if (out / relative).is_file() else None


__all__ = ["MANIFEST", "MATCHES", "read_manifest", "read_matches", "write_json", "write_match"]
