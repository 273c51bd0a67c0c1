"""Files written whole or not at all: the one way the package replaces a file it keeps.

A tournament's results, a grader's ledger, kept hands and a table's save are read again by a
later run; a run stopped half-way through a write must leave the old file, not half a new one.
So the bytes go to a temporary file in the same folder, are flushed to disk, and the
temporary file is renamed over the target (``os.replace`` is atomic on POSIX and Windows).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: str | os.PathLike, data: bytes | str, keep_mode: bool = False) -> Path:
    """Replace ``path`` with ``data`` (text is written as UTF-8, newlines untouched), whole or
    not at all. ``keep_mode``: the new file gets the old one's permissions (0o644 if new)."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.resolve().parent
    )
    try:
        if keep_mode:
            try:
                mode = target.stat().st_mode & 0o777
            except OSError:
                mode = 0o644
            os.chmod(temporary, mode)
        with open(descriptor, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return target


__all__ = ["write_atomically"]
