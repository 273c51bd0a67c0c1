"""What feedback and the grades file need beyond the ledger's statuses, kept beside it.

The ledger (``--csv grades.csv``) holds one line of statuses per notebook; a rerun reuses
those lines and does not run the notebook again. Feedback files need more: each failing
question's message and smallest failing case, and the grades file needs the student a
notebook belongs to and when it was submitted. So next to the ledger the grader keeps
``grades.results.json`` (:func:`store_path`): for each notebook (by the same key as the
ledger, :func:`.ledger_key`) its SHA-256, the grader's code version, the exercise, the
student, the submission time, the messages, the smallest failing cases and the notes.

A reused line gets its messages back from here only when the file's hash and the grader's
version both match, so feedback never describes another version of a notebook. The file is
written atomically, like the ledger, each time the ledger is; entries of notebooks not graded
now are kept.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from .. import sandbox
from ..files import write_atomically
from .ledger import clean, ledger_key
from .submissions import Row

VERSION = 1


def store_path(csv_path: str | os.PathLike) -> Path:
    """``grades.csv`` → ``grades.results.json`` (same folder)."""
    path = Path(csv_path)
    return path.with_name(path.stem + ".results.json")


def load(path: str | os.PathLike) -> dict[str, dict]:
    """The entries of a results file, by ledger key (none if missing or unreadable)."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}
    entries = data.get("notebooks")
    return (
        {k: v for k, v in entries.items() if isinstance(v, dict)}
        if isinstance(entries, dict)
        else {}
    )


def entry(row: Row, student: str = "", submitted: float | None = None) -> dict:
    """What is kept of one graded row."""
    return {
        "sha256": row.sha256,
        "grader": sandbox.code_version(),
        "exercise": row.exercise,
        "name": clean(row.name),
        "student": clean(student),
        "submitted": submitted,
        "state": row.state,
        "statuses": dict(row.statuses),
        "messages": {q: clean(m, lines=True) for q, m in row.messages.items()},
        "details": row.details,
        "notes": [clean(n) for n in row.notes],
    }


def restore(row: Row, old: dict | None) -> bool:
    """Give a reused row its messages and smallest failing cases back, if ``old`` is of the
    same file (hash) and grader; True if it did."""
    if not old or old.get("sha256") != row.sha256 or old.get("grader") != sandbox.code_version():
        return False
    messages, details = old.get("messages"), old.get("details")
    if isinstance(messages, dict):
        row.messages = {str(k): str(v) for k, v in messages.items()}
    if isinstance(details, dict):
        row.details = {str(k): v for k, v in details.items() if isinstance(v, dict)}
    return True


def save(path: str | os.PathLike, entries: dict[str, dict], keep: Iterable[str] = ()) -> None:
    """Write ``entries`` (by ledger key) atomically, keeping the old entries for ``keep``."""
    target = Path(path)
    old = load(target)
    merged = {key: old[key] for key in keep if key in old}
    merged.update(entries)
    text = json.dumps({"version": VERSION, "notebooks": merged}, ensure_ascii=False, indent=1)
    write_atomically(target, text)


__all__ = ["VERSION", "entry", "ledger_key", "load", "restore", "save", "store_path"]
