"""Walking the process table: what runs below a process, and killing what a sandbox left.

Where :mod:`psutil` is installed (an optional dependency, extras ``tournament`` and ``test``:
Linux, macOS and Windows alike), the table (pid, parent, group, session, ended) comes from it;
otherwise from ``/proc`` (Linux), else from ``ps`` (macOS, no sessions). The supervisor
(:mod:`.supervisor`) runs with ``-I -S``, without site-packages, so it reads ``/proc`` (or
``ps``); the caller's process uses psutil where it can import it. The token in a process's
environment (:func:`kill_leftovers`, Linux only) and the threads a user runs
(:func:`_count_threads_of`, the supervisor's) are read from ``/proc``.

Loaded by the supervisor as a top-level module: standard library only (psutil where it can be
imported), nothing through the ``shengji_edu`` package.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections import namedtuple
from collections.abc import Mapping

TOKEN_VARIABLE = "SHENGJI_SANDBOX"
"""Environment variable holding the sandbox's random token (finds leftover processes)."""
_IS_LINUX = sys.platform.startswith("linux")


# a plain namedtuple, not typing.NamedTuple nor a dataclass: the supervisor imports this module
# at every start, and typing or dataclasses would cost it milliseconds each time
class _Proc(namedtuple("_Proc", "pid ppid pgid sid zombie")):
    """One process: its id, its parent's, its group, its session (-1 where the platform does
    not say) and whether it has ended (a zombie, not yet reaped)."""

    __slots__ = ()


def _psutil():
    """The psutil module where it can be imported, else ``None``."""
    try:
        import psutil
    except ImportError:
        return None
    return psutil


def _processes() -> dict[int, _Proc]:
    """Every process we can see: pid → parent, group, session (psutil where it is installed,
    else Linux's /proc, else ``ps``)."""
    psutil = _psutil()
    if psutil is not None:
        with contextlib.suppress(psutil.Error, OSError):
            return _processes_psutil(psutil)
    if os.path.isdir("/proc/self"):
        return _processes_proc()
    return _processes_ps()


def _processes_psutil(psutil) -> dict[int, _Proc]:
    """The table from psutil; the group and session from ``getpgid``/``getsid`` (POSIX)."""
    table: dict[int, _Proc] = {}
    gone = {psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD}
    for process in psutil.process_iter(["ppid", "status"]):
        pid, ppid, status = process.pid, process.info["ppid"], process.info["status"]
        if pid <= 0 or ppid is None or status is None:
            continue  # the idle process (its group would be ours), or gone while we looked
        try:
            pgid, sid = os.getpgid(pid), os.getsid(pid)
        except ProcessLookupError:
            continue
        except (AttributeError, OSError):  # Windows: neither groups nor sessions
            pgid = sid = -1
        table[pid] = _Proc(pid, ppid, pgid, sid, status in gone)
    return table


def _processes_proc() -> dict[int, _Proc]:
    """The table from Linux's /proc (one ``stat`` file per process)."""
    table: dict[int, _Proc] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                text = handle.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = text[text.rfind(")") + 2 :].split()
        if len(fields) < 4:
            continue
        pid = int(name)
        table[pid] = _Proc(pid, int(fields[1]), int(fields[2]), int(fields[3]), fields[0] in "ZX")
    return table


def _processes_ps() -> dict[int, _Proc]:
    """The table from ``ps`` (macOS; no sessions)."""
    table: dict[int, _Proc] = {}
    try:
        out = subprocess.run(
            ["ps", "-A", "-o", "pid=", "-o", "ppid=", "-o", "pgid=", "-o", "stat="],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return table
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[0].isdigit():
            pid, ppid, pgid = int(parts[0]), int(parts[1]), int(parts[2])
            table[pid] = _Proc(pid, ppid, pgid, -1, parts[3].startswith("Z"))
    return table


def descendants(root: int, table: Mapping[int, _Proc] | None = None) -> set[int]:
    """The processes below ``root`` (children, their children, …), zombies included."""
    table = _processes() if table is None else table
    children: dict[int, list[int]] = {}
    for proc in table.values():
        children.setdefault(proc.ppid, []).append(proc.pid)
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def _has_token(pid: int, marker: bytes) -> bool:
    """Whether ``marker`` (``NAME=value``) is in the environment of process ``pid`` (Linux)."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return marker in handle.read()
    except OSError:
        return False


def kill_leftovers(token: str, session: int | None = None) -> set[int]:
    """Kill every live process carrying ``token`` in its environment, or in ``session``.

    Linux only; elsewhere it finds nothing. Returns the pids killed.
    """
    if not _IS_LINUX or not token:
        return set()
    marker = f"{TOKEN_VARIABLE}={token}".encode()
    me = os.getpid()
    killed: set[int] = set()
    for _ in range(50):
        table = _processes()
        victims = {
            proc.pid
            for proc in table.values()
            if proc.pid != me
            and not proc.zombie
            and ((session is not None and proc.sid == session) or _has_token(proc.pid, marker))
        }
        if not victims:
            break
        for pid in victims:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        killed |= victims
        time.sleep(0.01)
    return killed


def _kill_below(me: int, session: int, group: int | None) -> set[int]:
    """Kill every process below us and in our session or the child's group; reap them."""
    killed: set[int] = set()
    for _ in range(400):
        table = _processes()
        victims = {pid for pid in descendants(me, table) if pid in table and not table[pid].zombie}
        victims |= {
            proc.pid
            for proc in table.values()
            if proc.pid != me
            and not proc.zombie
            and (proc.sid == session or (group is not None and proc.pgid == group))
        }
        if group is not None:
            with contextlib.suppress(OSError):
                os.killpg(group, signal.SIGKILL)
        for pid in victims:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        _reap()
        if not victims:
            break
        killed |= victims
        time.sleep(0.005)
    return killed


def _reap() -> None:
    """Collect every child of ours that has ended (no zombie is left)."""
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _count_threads_of(uid: int) -> int | None:
    """How many threads ``uid`` runs now (Linux /proc; ``None`` elsewhere): the base of the
    child's process limit (RLIMIT_NPROC counts threads of its user)."""
    if not os.path.isdir("/proc/self"):
        return None
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status", encoding="ascii", errors="replace") as handle:
                status = handle.read()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if fields.get("Uid", "").split()[:1] == [str(uid)]:
            total += int(fields.get("Threads", "1").strip() or 1)
    return total
