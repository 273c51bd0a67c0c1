"""Running part of the test suite as an ordinary user when the tests run as root.

An instructor may grade and run tournaments as root (a container) or as an ordinary user; the
guarantees differ (as root the sandboxed child runs as ``nobody``), so both are tested. From
root, a child process becomes an ordinary user in a private mount namespace that shows it this
Python (which may live under root's 0700 home), as the sandbox does for its own children.
"""

from __future__ import annotations

import os
import pwd
from collections.abc import Callable, Sequence

import pytest

from shengji_edu import sandbox

ROOTED = hasattr(os, "geteuid") and os.geteuid() == 0


def ordinary_user() -> tuple[int, int]:
    """An ordinary user to run as: SHENGJI_TEST_USER, else uid 1000, else nobody."""
    name = os.environ.get("SHENGJI_TEST_USER")
    for lookup in ([lambda: pwd.getpwnam(name)] if name else []) + [
        lambda: pwd.getpwuid(1000),
        lambda: pwd.getpwnam("nobody"),
    ]:
        try:
            entry = lookup()
        except KeyError:
            continue
        return entry.pw_uid, entry.pw_gid
    pytest.skip("no ordinary user to run as")


def becoming(uid: int, gid: int, paths: Sequence[str]) -> Callable[[], None]:
    """A ``preexec_fn`` that turns the child into ``uid``/``gid``, shown ``paths`` (and this
    Python): a private mount namespace, then the change of user."""
    reach = [*sandbox.python_read_paths(extra=list(paths), proc=True), *paths]

    def become() -> None:
        libc = sandbox._libc()
        if libc.unshare(sandbox._CLONE_NEWNS) != 0:
            raise OSError("unshare")
        sandbox._uncover(libc, reach, uid, gid)
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)

    return become
