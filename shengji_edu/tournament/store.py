"""The results folder: one JSON file per finished match, written the moment it finishes.

Layout of ``--out`` (default ``tournament-results/``)::

    tournament.json      what this tournament is: seed, deals, rules, limits, the bots and
                         whether each could enter (rewritten at each start and at the end)
    matches/KEY.json     one finished match (KEY: see :func:`.schedule.match_key`)
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

import contextlib
import json
import os
from pathlib import Path
from typing import Any

MANIFEST = "tournament.json"
MATCHES = "matches"
MANIFEST_FORMAT = "shengji-edu tournament"
MATCH_FORMAT = "shengji-edu tournament match"


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON, replacing ``path`` whole (never a half-written file)."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    write_text(path, text + "\n")


def write_text(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
    folder = out / MATCHES
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / f"{record['key']}.json", record)


__all__ = ["MANIFEST", "MATCHES", "read_manifest", "read_matches", "write_json", "write_match"]
