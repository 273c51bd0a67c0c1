"""A warm parent for sandboxed Python children: fork a copy instead of starting Python again.

Starting a Python child that imports this package costs about 0.15 s of CPU (imports), and a
tournament starts eight per match. A *fork server* is a helper process that imported those
modules once; for each sandbox it forks a supervisor (:mod:`.supervisor`), which forks the
child and confines it exactly as it confines a new program (its own session and process
group, limits, namespaces, user, ``PR_SET_NO_NEW_PRIVS``, Landlock, seccomp: the same
:func:`.confinement._preexec`), then calls the child's entry function instead of ``exec``.
Everything else is the ordinary sandbox: the same pipe, status reports, lifeline, wall clock
and sweep of leftover processes.

Why the copy learns nothing it should not (the argument, since it shares the server's memory):

* the server is started with a minimal environment (``PATH``, ``LANG``, the import path),
  never the caller's, so no token of the instructor's is in its memory;
* it imports modules and receives only each sandbox's configuration (its folder, limits, the
  sandbox's own minimal environment): never a bot's files (written to the sandbox's folder by
  the caller), never a view, a deal or a seed, so no copy can find another match's cards or
  another bot's code in memory it inherited;
* the copy's file descriptors are closed but its pipe and stderr (``closerange``), so it
  cannot reach the server's socket or another sandbox's pipes;
* Python's ``random`` is reseeded in every fork (CPython's at-fork hook).

Limits: Linux only (elsewhere sandboxes start Python as before); the sweep of leftovers by
token (:func:`.processes.kill_leftovers`) reads ``/proc/PID/environ``, which for a copy shows
the server's environment, so only the supervisor's sweep of its session applies (a child
that may not start processes, as a tournament's bots, has nothing to sweep).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence

_SERVE = (
    "import sys; from shengji_edu.sandbox import forkserver; "
    "sys.exit(forkserver._serve(int(sys.argv[1])))"
)
_IS_LINUX = sys.platform.startswith("linux")


class ForkServer:
    """The caller's side: one server process; :meth:`spawn` starts a supervisor from it."""

    def __init__(self, imports: Sequence[str], env: Mapping[str, str]) -> None:
        self.imports = list(imports)
        self.env = dict(env)
        self._lock = threading.Lock()
        self._socket: socket.socket | None = None
        self._process: subprocess.Popen | None = None

    def _start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-c", _SERVE, str(theirs.fileno())],
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=self.env,
                start_new_session=True,
            )
        finally:
            theirs.close()
        ours.sendall(json.dumps({"imports": self.imports}).encode() + b"\n")
        self._socket, self._reader = ours, ours.makefile("rb")
        if json.loads(self._reader.readline() or b"{}").get("ready") is not True:
            self.close()
            raise OSError("the fork server did not start")

    def spawn(self, config: dict, fds: Sequence[int]) -> int:
        """Fork a supervisor for ``config`` holding ``fds`` (the child's stdin and stdout,
        the status and lifeline pipes); its process id."""
        with self._lock:
            for attempt in (0, 1):
                try:
                    if self._socket is None or self._process.poll() is not None:
                        self.close()
                        self._start()
                    data = json.dumps(config).encode() + b"\n"
                    socket.send_fds(self._socket, [data], list(fds))
                    reply = json.loads(self._reader.readline() or b"{}")
                    if "pid" in reply:
                        return int(reply["pid"])
                    raise OSError(reply.get("error", "the fork server stopped"))
                except (OSError, ValueError):
                    self.close()
                    if attempt:
                        raise
        raise OSError("unreachable")

    def close(self) -> None:
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.close()
            self._socket = None
        if self._process is not None:
            with contextlib.suppress(OSError):
                self._process.kill()
            with contextlib.suppress(Exception):
                self._process.wait(timeout=5)
            self._process = None


class Forked:
    """A supervisor started by the fork server, seen as a ``subprocess.Popen`` by
    :class:`.box.Sandbox` (it is the server's child, not ours: it is waited for by its end)."""

    def __init__(self, pid: int, stdin: int, stdout: int) -> None:
        self.pid = pid
        self.stdin = os.fdopen(stdin, "wb")
        self.stdout = os.fdopen(stdout, "rb")
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                self.returncode = 0
            except PermissionError:
                pass
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        import time

        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"supervisor {self.pid}", timeout)
            time.sleep(0.005)
        return 0

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, 9)


_SHARED: dict[tuple, ForkServer] = {}
_SHARED_LOCK = threading.Lock()


def shared(imports: Sequence[str], env: Mapping[str, str]) -> ForkServer | None:
    """This process's fork server for these imports (started on first use); ``None`` where
    there is none (not Linux)."""
    if not _IS_LINUX:
        return None
    key = (tuple(imports), tuple(sorted(env.items())), os.getpid())
    with _SHARED_LOCK:
        server = _SHARED.get(key)
        if server is None:
            server = _SHARED[key] = ForkServer(imports, env)
        return server


# --- the server process ---------------------------------------------------------------------------
def _serve(fd: int) -> int:
    """Import, then fork a supervisor per request, until the caller closes the socket."""
    import importlib
    import signal

    # It ends when the caller does, even killed: the kernel closes the caller's end of the
    # socket (not PR_SET_PDEATHSIG, which fires when the *thread* that started us ends).
    with contextlib.suppress(Exception):  # copies copy 4 KB pages they write, not 2 MB ones
        import ctypes

        ctypes.CDLL(None).prctl(41, 1, 0, 0, 0)  # PR_SET_THP_DISABLE, inherited by copies
    channel = socket.socket(fileno=fd)
    reader = channel.makefile("rb")
    first = json.loads(reader.readline() or b"{}")
    for name in first.get("imports", []):
        importlib.import_module(name)
    import gc

    from . import supervisor

    gc.collect()
    gc.freeze()  # what is imported stays out of the copies' collections: no copying it all
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # supervisors are reaped by the kernel
    channel.sendall(b'{"ready": true}\n')
    buffered = b""
    while True:
        try:
            data, fds, _flags, _address = socket.recv_fds(channel, 1 << 20, 4)
        except OSError:
            return 0
        if not data:
            return 0
        buffered += data
        if not buffered.endswith(b"\n"):  # a configuration comes whole (small), with its fds
            for extra in fds:
                os.close(extra)
            continue
        config, buffered = json.loads(buffered), b""
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                channel.close()
                os.setsid()
                stdin, stdout, status, lifeline = fds
                os.dup2(stdin, 0)
                os.dup2(stdout, 1)
                os.close(stdin)
                os.close(stdout)
                config.update(status_fd=status, lifeline_fd=lifeline)
                code = supervisor._supervise(config)
            finally:
                os._exit(code if isinstance(code, int) else 1)
        for extra in fds:
            os.close(extra)
        channel.sendall(json.dumps({"pid": pid}).encode() + b"\n")


__all__ = ["ForkServer", "Forked", "shared"]
