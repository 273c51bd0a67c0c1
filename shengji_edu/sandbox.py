"""Run untrusted Python in a child process with limits, and talk to it in JSON messages.

Why this module exists: the grader runs students' notebooks, and the class tournament will run
students' bots. Neither may trust that code: it can loop, eat memory, print fake results,
patch any module it imports, start processes that outlive it, or signal its parent. So the
untrusted code runs in a *child process* that is killed, with everything it started, when its
time is up; it receives and sends only plain data (JSON objects, one per line, on a private
pipe), and the caller judges that data in its own process. This module is standard library
only and knows nothing about Shengji: the grader (:mod:`shengji_edu.grading`) and the
tournament build on it.

Parent side
-----------
::

    from shengji_edu.sandbox import Limits, Sandbox, SandboxClosed, SandboxTimeout

    limits = Limits(wall=30, memory=512 << 20)
    with Sandbox(["-m", "mypackage.bot_runner"], files={"bot.py": source}, limits=limits) as box:
        box.send({"op": "hello"})
        reply = box.receive(timeout=2.0)          # a dict
        reply = box.request({"op": "move", "state": ...}, timeout=1.0)
    print(box.ending)                             # how it ended (Ending)

* ``Sandbox(args, files=..., limits=..., env=..., read_paths=..., list_paths=(),
  restrict=True, allow_root=None, proc=False)``: ``args``
  follow the Python interpreter (``sys.executable``); ``files`` (name → bytes or text) are
  written into a fresh temporary folder, the child's working directory (also its ``HOME`` and
  ``TMPDIR``), removed afterwards. The child gets a small environment (``PATH``, ``HOME``,
  ``LANG``, … plus ``env``), not the caller's.
* ``send(message)`` never blocks (a writer thread feeds the pipe). ``receive(timeout)``
  returns the next message, or raises :class:`SandboxTimeout` (nothing within ``timeout``;
  the child keeps running: call ``kill`` if that is the end of it), :class:`SandboxClosed`
  (the child ended or was killed; ``.ending`` says how) or :class:`BadMessage` (not one JSON
  object, or longer than ``Limits.message_bytes``: the child is killed). ``request`` is
  ``send`` then ``receive``. ``receive`` never waits past the wall-clock limit: at
  ``Limits.wall`` seconds after the start the child is killed, whatever it is doing.
* ``kill(reason)`` and ``close()`` end the child (``close`` first closes its input and waits
  ``grace`` seconds for it to exit by itself) and return an :class:`Ending`: the reason, the
  exit code, how many leftover processes had to be killed, and the end of the child's stderr.
  After either, no process of the child is left (see below).
* ``restrictions`` says what this platform actually applied (memory limit, seccomp, Landlock);
  :func:`describe` turns it into one line for people, and :func:`capabilities` says what a
  sandbox could apply here without starting one.
* ``read_paths``: ``None`` lets the child read any file its user can; a list (start from
  :func:`python_read_paths`, which covers the interpreter and its libraries) lets it read
  only beneath those folders (Landlock), so it cannot read, say, the other submissions (nor
  ``/proc``, ``/tmp`` or ``/dev/shm``, which :func:`python_read_paths` leaves out).
  ``list_paths`` are folders it may list but not read beneath; :func:`hide_beneath` carves one
  folder out of the read paths that hold it.
* A sandbox that is never closed still ends: its supervisor kills it two seconds after
  ``Limits.wall``, and at once if the caller's process ends.
* A child never writes bytecode, so a module without its ``.pyc`` is compiled again in every
  child: call :func:`warm_bytecode_once` with what the children import before starting them.

For a tournament of bots, keep one sandbox per bot for a whole match and loop
``reply = box.request({"op": "play", "view": …}, timeout=per_move)``: a
:class:`SandboxTimeout` is a bot too slow for that move (``box.kill(…)`` it, or let the
match go on without it); the reply is data to check like any input from a stranger.

Child side
----------
::

    from shengji_edu.sandbox import Channel

    channel = Channel.connect()      # first thing: takes the private pipe, stdio -> devnull
    for message in channel:          # until the parent closes the pipe
        channel.send({"answer": 42})

``Channel.connect()`` moves the pipe to private file descriptors and points file descriptors
0, 1 (and, with ``quiet_stderr=True``, 2) at the null device, so ``print`` and ``os.write(1,
…)`` can never be mistaken for a message. Untrusted code in the child can of course write to
the private descriptors too: everything a child sends is data to be checked, never trusted.

How the limits are enforced (POSIX)
-----------------------------------
The caller starts a small *supervisor* process (this file run as a script, in a new session),
which starts the child in its own process group after applying, between ``fork`` and
``exec``:

* ``setrlimit``: address space (``Limits.memory``), CPU seconds, file size, open files, and
  the number of processes; hard limits equal soft ones, so the child cannot raise them;
* Linux only: namespaces where the kernel gives them (a second wall, not the guarantee): a
  network namespace (no network at all, not even loopback) and a mount namespace in which
  ``/tmp``, ``/var/tmp`` and ``/dev/shm`` are empty folders of its own (its sandbox folder
  bound back in) and ``/proc`` is empty (unless ``proc=True``), inside a user namespace for
  an ordinary user;
* Linux only: ``PR_SET_NO_NEW_PRIVS``; a seccomp filter (system calls named per
  architecture, x86-64 and arm64) that makes these fail with ``EPERM``: signalling or tracing
  another process (``kill``, ``tgkill``, ``pidfd_send_signal``, ``ptrace``, …), so the child
  cannot kill its supervisor or the caller; raising limits, mounting, modules, namespaces;
  **every socket** (``socket`` and ``socketpair``, any family: the channel to the parent is
  inherited pipes) and ``io_uring``, so a child has no network of any kind, not even to
  another sandbox on the same machine; with ``Limits.spawn`` False, starting processes
  (``fork``, ``vfork``, ``clone`` without ``CLONE_THREAD``; threads are allowed); Landlock
  (Linux 5.13+), when available: files may be written only inside the sandbox folder (and
  ``/dev/null``), files may be read only beneath ``read_paths`` when given, no TCP (ABI 4+),
  no abstract Unix sockets or signals out of the sandbox (ABI 6+); ``PR_SET_PDEATHSIG``: the
  child dies if its supervisor does.

The child's scratch space is its own folder (``TMPDIR``, ``HOME``): :func:`python_read_paths`
leaves out ``/proc`` (other processes' command lines and environments), ``/tmp`` and
``/dev/shm`` (shared with everyone). Its environment is a short whitelist, never the caller's
(an instructor's tokens stay where they are).

:meth:`Sandbox.cpu_seconds` is the CPU time the child has spent (every thread);
:meth:`Sandbox.pause` and :meth:`Sandbox.resume` stop and continue its process group, so that
a child that may not start processes (``spawn=False``) runs only when it is asked something:
the tournament judges its bots that way (see :mod:`shengji_edu.tournament.match`).

Started as root
---------------
Root ignores the process limit and reads everything (other processes' environments,
``/etc/shadow``). So a sandbox started as root runs its child as an unprivileged user:
``nobody``, or the user named by ``SHENGJI_SANDBOX_USER``, with no supplementary groups
(``setgroups([])``), after giving it its folder (``chown``); where that user may not enter a
folder holding what it must run (a Python under ``/root``, say), a private mount namespace
covers that folder with an empty one into which only the needed entries are bound again.
``restrictions["user"]`` says so, and :func:`describe` prints it. If that is impossible (no
such user, no mount namespace), the sandbox refuses to start, with a message naming the way
to insist: ``SHENGJI_ALLOW_ROOT_SANDBOX=1`` (``allow_root=True``), which runs the child as
root as before (seccomp and Landlock still apply; the process limit does not).

The supervisor is a *child subreaper* (Linux ``PR_SET_CHILD_SUBREAPER``): processes the child
starts, even in a new session (``setsid``) and even after their parent exits, are reparented
to it. When the child exits, is killed, or the caller goes away (its lifeline pipe closes),
the supervisor kills every process below it and in its session (a ``/proc`` walk, repeated
until none is left) and reports. The caller then scans ``/proc`` once more for any process
carrying this sandbox's random token in its environment and kills it. The wall clock is
enforced by the caller and, as a second line, by the supervisor.

Platforms (say it plainly)
--------------------------
* Linux: everything above (seccomp on x86-64 and arm64; Landlock where the kernel has it;
  namespaces where the kernel and its settings give them). Without seccomp (another
  architecture, or a container that refuses filters) a child **can use the network** and
  signal processes of its user: :func:`describe` says so.
* macOS: resource limits (macOS does not enforce the address-space limit, so *no memory
  limit*), process-group kill and a ``ps`` walk of the child's descendants; no subreaper, so
  a process that starts a new session *and* whose parent exits may survive; no seccomp,
  Landlock or namespaces: the child can **use the network** and signal other processes of
  the same user; CPU time is not measured (the tournament judges the wall clock there).
* Windows: no supervisor and no resource limits (*no memory or CPU limit*), **no network
  restriction**; the wall clock is enforced by ``taskkill /F /T`` on the child's process tree;
  processes that left the tree may survive. Grade untrusted work on Linux.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import platform
import queue
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

TOKEN_VARIABLE = "SHENGJI_SANDBOX"
"""Environment variable holding the sandbox's random token (finds leftover processes)."""

_SUPERVISE = "supervise"
_SUPERVISOR = (
    "import os, sys; sys.path.append(os.path.dirname(sys.argv[1])); import sandbox; "
    "sys.exit(sandbox._supervise())"
)
"""How the supervisor starts: this file imported as a module, not run as a script, so Python
uses its cached bytecode instead of compiling the file again at every start (appended to
``sys.path``: nothing in this folder can shadow the standard library). Its path and
``supervise`` stay on the command line, to be seen in the process table."""
_IS_LINUX = sys.platform.startswith("linux")
_IS_WINDOWS = os.name == "nt"


# --- errors and results ----------------------------------------------------------------------
class SandboxError(Exception):
    """Something went wrong talking to a sandboxed child."""


class SandboxTimeout(SandboxError):
    """No message came within the time asked for (the child still runs)."""


class SandboxClosed(SandboxError):
    """The child has ended (exited, or was killed); ``ending`` says how."""

    def __init__(self, ending: Ending) -> None:
        super().__init__(f"the sandboxed process ended: {ending.reason}")
        self.ending = ending


class BadMessage(SandboxError):
    """The child sent something that is not one JSON object, or too much of it."""


@dataclass(frozen=True)
class Limits:
    """What a sandboxed child may use. ``None`` means no limit of that kind."""

    wall: float = 60.0
    """Seconds from the start until the child is killed, whatever it does."""
    cpu: float | None = None
    """CPU seconds (RLIMIT_CPU); ``None``: the wall-clock limit, rounded up."""
    memory: int | None = 1 << 30
    """Bytes of address space (RLIMIT_AS); allocations beyond it raise MemoryError."""
    file_size: int | None = 64 << 20
    """Bytes of the largest file the child may write (RLIMIT_FSIZE)."""
    open_files: int | None = 256
    processes: int | None = 64
    """Processes (threads) the child may add to what its user runs now (RLIMIT_NPROC)."""
    spawn: bool = True
    """Whether the child may start processes at all; False: threads only (seccomp, Linux)."""
    message_bytes: int = 1 << 20
    """The longest message (one JSON line) accepted from the child."""
    output_bytes: int = 64 << 20
    """Everything the child may send in all; beyond it the child is killed."""


@dataclass(frozen=True)
class Ending:
    """How a sandboxed child ended."""

    reason: str
    """``"exited"``, ``"wall clock"``, ``"message too large"``, or the reason given to kill."""
    returncode: int | None = None
    """The child's exit code (negative: killed by that signal), if known."""
    leftovers: int = 0
    """Processes still running after the child ended, which had to be killed."""
    stderr: str = ""
    """The last few lines the child wrote to stderr (before it silenced it)."""
    killed: bool = False
    """True when the child did not exit by itself."""


# --- the child's side ------------------------------------------------------------------------
class Channel:
    """The child's end of the pipe: JSON objects in, JSON objects out, one per line."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self._reader = os.fdopen(read_fd, "rb", buffering=0)
        self._writer = os.fdopen(write_fd, "wb", buffering=0)
        self._buffer = b""

    @classmethod
    def connect(cls, quiet_stderr: bool = False) -> Channel:
        """Take the pipe from stdin/stdout and point stdin, stdout (and stderr) at devnull."""
        read_fd, write_fd = os.dup(0), os.dup(1)  # new descriptors are not inheritable
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2) if quiet_stderr else (0, 1):
            os.dup2(null, fd)
        os.close(null)
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        if quiet_stderr:
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        return cls(read_fd, write_fd)

    def receive(self) -> dict | None:
        """The next message from the parent, or ``None`` when the parent closed the pipe."""
        while b"\n" not in self._buffer:
            chunk = self._reader.read(1 << 16)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        message = json.loads(line)
        if not isinstance(message, dict):
            raise BadMessage("the parent sent something that is not a JSON object")
        return message

    def __iter__(self) -> Iterator[dict]:
        while (message := self.receive()) is not None:
            yield message

    def send(self, message: dict) -> None:
        """Send one message (a dict of plain data) to the parent."""
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self._writer.write(data + b"\n")


# --- the parent's side ------------------------------------------------------------------------
def _minimal_environment(folder: str, token: str, extra: Mapping[str, str] | None) -> dict:
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": folder,
        "TMPDIR": folder,
        "TEMP": folder,
        "TMP": folder,
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "MALLOC_ARENA_MAX": "2",  # fewer 64 MB malloc arenas: threads fit the memory limit
        TOKEN_VARIABLE: token,
    }
    env.update(_needed_to_start_python())
    env.update(extra or {})
    return env


def _needed_to_start_python() -> dict:
    """The few variables some Pythons cannot start without (Windows; relocated builds)."""
    names = ("SYSTEMROOT", "COMSPEC", "PATHEXT", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH")
    return {name: os.environ[name] for name in names if name in os.environ}


class Sandbox:
    """One untrusted child process with limits (see the module docstring)."""

    def __init__(
        self,
        args: Sequence[str],
        *,
        files: Mapping[str, bytes | str] | None = None,
        limits: Limits | None = None,
        env: Mapping[str, str] | None = None,
        read_paths: Sequence[str | os.PathLike] | None = None,
        list_paths: Sequence[str | os.PathLike] = (),
        restrict: bool = True,
        allow_root: bool | None = None,
        proc: bool = False,
    ) -> None:
        self.args = list(args)
        self.list_paths = [str(p) for p in list_paths]
        self.proc = proc
        if allow_root is None:
            allow_root = os.environ.get(ALLOW_ROOT_VARIABLE, "") not in ("", "0")
        self.allow_root = allow_root
        self.files = dict(files or {})
        self.limits = limits or Limits()
        self.extra_env = dict(env or {})
        self.read_paths = None if read_paths is None else [str(p) for p in read_paths]
        self.restrict = restrict
        self.token = secrets.token_hex(12)
        self.folder: Path | None = None
        self.restrictions: dict = {}
        self.ending: Ending | None = None
        self.pid: int | None = None
        """The child's process id (on POSIX, the supervisor's is ``supervisor_pid``)."""
        self.supervisor_pid: int | None = None
        self._process: subprocess.Popen | None = None
        self._messages: queue.Queue = queue.Queue()
        self._outbox: queue.Queue = queue.Queue()
        self._status: dict = {}
        self._status_done = threading.Event()
        self._started = threading.Event()
        self._lifeline: int | None = None
        self._deadline = 0.0
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._paused = False

    # --- starting ------------------------------------------------------------------------
    def __enter__(self) -> Sandbox:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.close()

    def start(self) -> Sandbox:
        """Write the files, start the child, return self (raises SandboxError if it fails)."""
        if self._process is not None:
            raise SandboxError("this sandbox was already started")
        self.folder = Path(tempfile.mkdtemp(prefix="shengji-sandbox-"))
        try:
            for name, content in self.files.items():
                target = self._inside(name)
                target.parent.mkdir(parents=True, exist_ok=True)
                data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
                target.write_bytes(data)
            env = _minimal_environment(str(self.folder), self.token, self.extra_env)
            command = [sys.executable, *self.args]
            self._deadline = time.monotonic() + self.limits.wall
            if _IS_WINDOWS:
                self._start_windows(command, env)
            else:
                self._start_posix(command, env)
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        self._thread(self._read_messages, self._process.stdout)
        self._thread(self._write_messages, self._process.stdin)
        return self

    def _inside(self, name: str) -> Path:
        relative = Path(name)
        if relative.is_absolute() or ".." in relative.parts or not relative.parts:
            raise ValueError(f"sandbox file names must be relative and stay inside: {name!r}")
        return self.folder / relative

    def _thread(self, target, *args) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True, name="sandbox-io")
        thread.start()
        self._threads.append(thread)

    def _start_posix(self, command: list[str], env: dict) -> None:
        status_read, status_write = os.pipe()
        lifeline_read, lifeline_write = os.pipe()
        limits = self.limits
        config = {
            "command": command,
            "cwd": str(self.folder),
            "env": env,
            "token": self.token,
            "restrict": self.restrict,
            "read_paths": self.read_paths,
            "list_paths": self.list_paths,
            "wall": limits.wall + 2.0,  # the caller kills first; this is the second line
            "cpu": limits.cpu if limits.cpu is not None else int(limits.wall) + 1,
            "memory": limits.memory,
            "file_size": limits.file_size,
            "open_files": limits.open_files,
            "processes": limits.processes,
            "spawn": limits.spawn,
            "hide_proc": not self.proc,
            "allow_root": self.allow_root,
            "user": os.environ.get(USER_VARIABLE, "nobody"),
            "status_fd": status_write,
            "lifeline_fd": lifeline_read,
        }
        # what the child must reach (as root: what its unprivileged user must be shown)
        config["reach"] = python_read_paths(extra=self.read_paths or [], proc=False)
        try:
            self._process = subprocess.Popen(
                [
                    sys.executable,
                    "-I",
                    "-S",
                    "-c",
                    _SUPERVISOR,
                    str(Path(__file__).resolve()),
                    _SUPERVISE,
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                pass_fds=(status_write, lifeline_read),
                start_new_session=True,
                env={**_needed_to_start_python(), "SHENGJI_SANDBOX_CONFIG": json.dumps(config)},
            )
        finally:
            os.close(status_write)
            os.close(lifeline_read)
        self.supervisor_pid = self._process.pid
        self._lifeline = lifeline_write
        self._thread(self._read_status, status_read)
        self._started.wait(timeout=max(5.0, min(30.0, limits.wall)))
        if self._status.get("failed"):
            ending = self.kill("could not start: " + str(self._status["failed"]))
            raise SandboxClosed(ending)

    def _start_windows(self, command: list[str], env: dict) -> None:
        stderr = open(self.folder / ".stderr", "wb")  # noqa: SIM115
        try:
            self._process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                cwd=str(self.folder),
                env=env,
                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
            )
        finally:
            stderr.close()
        self.pid = self._process.pid
        self.restrictions = {"platform": "windows", "memory": None, "process_tree_kill": True}
        self._started.set()

    # --- background threads ----------------------------------------------------------------
    def _read_status(self, fd: int) -> None:
        """The supervisor's reports: "started" (the child's pid), then "ended"."""
        with os.fdopen(fd, "rb") as stream:
            for line in stream:
                try:
                    report = json.loads(line)
                except ValueError:
                    continue
                if report.get("event") == "started":
                    self.pid = report.get("pid")
                    self.restrictions = report.get("restrictions", {})
                    self._started.set()
                elif report.get("event") == "failed":
                    self._status["failed"] = report.get("error", "unknown")
                    self._started.set()
                elif report.get("event") == "ended":
                    self._status.update(report)
        self._started.set()
        self._status_done.set()

    def _read_messages(self, stream) -> None:
        """Split the child's output into messages, within the size limits."""
        limits = self.limits
        buffer = b""
        total = 0
        fd = stream.fileno()
        try:
            while True:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                total += len(chunk)
                if total > limits.output_bytes:
                    self._messages.put(("bad", f"more than {limits.output_bytes} bytes in all"))
                    return
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    self._put_line(line)
                if len(buffer) > limits.message_bytes:
                    self._messages.put(
                        ("bad", f"a message longer than {limits.message_bytes} bytes")
                    )
                    return
        except OSError:
            pass
        finally:
            self._messages.put(("eof", None))
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _put_line(self, line: bytes) -> None:
        if len(line) > self.limits.message_bytes:
            self._messages.put(("bad", f"a message longer than {self.limits.message_bytes} bytes"))
            return
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            self._messages.put(("bad", "a line that is not JSON (or nested too deeply)"))
            return
        if isinstance(message, dict):
            self._messages.put(("message", message))
        else:
            self._messages.put(("bad", "JSON that is not an object"))

    def _write_messages(self, stream) -> None:
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError):
                break
        with contextlib.suppress(OSError, ValueError):
            stream.close()

    # --- talking ------------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self._process is not None and self.ending is None

    def remaining(self) -> float:
        """Seconds left before the wall-clock limit."""
        return max(0.0, self._deadline - time.monotonic())

    def cpu_seconds(self) -> float | None:
        """CPU time the child has used so far (all its threads, and the children it waited
        for), from /proc; ``None`` where that cannot be read (not Linux, or it has ended)."""
        if not _IS_LINUX or not self.pid or self.ending is not None:
            return None
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as handle:
                text = handle.read().decode("ascii", "replace")
        except OSError:
            return None
        fields = text[text.rfind(")") + 2 :].split()
        try:
            ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
        except (IndexError, ValueError):
            return None
        return ticks / os.sysconf("SC_CLK_TCK")

    def computing(self) -> bool | None:
        """Whether a thread of the child is running or waiting for a CPU (state R), as
        opposed to sleeping or blocked: a child that is slow because the machine is busy
        still computes. ``None`` where that cannot be read."""
        if not _IS_LINUX or not self.pid or self.ending is not None:
            return None
        try:
            tasks = os.listdir(f"/proc/{self.pid}/task")
        except OSError:
            return None
        for task in tasks:
            try:
                with open(f"/proc/{self.pid}/task/{task}/stat", "rb") as handle:
                    text = handle.read().decode("ascii", "replace")
            except OSError:
                continue
            if text[text.rfind(")") + 2 :][:1] == "R":
                return True
        return False

    def pause(self) -> bool:
        """Stop the child's process group (SIGSTOP: every thread) until :meth:`resume`; True
        if it was stopped. Between the decisions of a bot nothing of it runs."""
        self._paused = self._signal_group(getattr(signal, "SIGSTOP", None))
        return self._paused

    def resume(self) -> bool:
        """Let a paused child run again (SIGCONT)."""
        self._paused = False
        return self._signal_group(getattr(signal, "SIGCONT", None))

    def _signal_group(self, sig) -> bool:
        if sig is None or _IS_WINDOWS or not self.pid or self.ending is not None:
            return False
        with self._lock:
            if self.ending is not None:
                return False
            try:
                os.killpg(self.pid, sig)
            except OSError:
                return False
        return True

    def send(self, message: dict) -> None:
        """Queue one message (a dict of plain data) for the child; never blocks."""
        if not self.alive:
            raise SandboxClosed(self.ending or Ending("not started"))
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self._outbox.put(data + b"\n")

    def receive(self, timeout: float | None = None) -> dict:
        """The next message from the child (see the module docstring for what it raises)."""
        if self._process is None:
            raise SandboxError("start the sandbox first")
        wait = self.remaining() if timeout is None else min(timeout, self.remaining())
        try:
            kind, payload = self._messages.get(timeout=max(0.0, wait))
        except queue.Empty:
            if self.remaining() <= 0:
                raise SandboxClosed(self.kill("wall clock")) from None
            raise SandboxTimeout(f"no message within {timeout} s") from None
        if kind == "message":
            return payload
        if kind == "bad":
            self.kill(f"bad message: {payload}")
            raise BadMessage(f"the sandboxed process sent {payload}")
        self._messages.put((kind, payload))  # end of output: later calls see it too
        raise SandboxClosed(self._wait_ending())

    def request(self, message: dict, timeout: float | None = None) -> dict:
        """``send`` then ``receive``."""
        self.send(message)
        return self.receive(timeout)

    # --- ending -----------------------------------------------------------------------------
    def _wait_ending(self, grace: float = 2.0) -> Ending:
        """The child closed its output: wait a little for it to end, else kill it."""
        if self.ending is not None:
            return self.ending
        deadline = time.monotonic() + min(grace, self.remaining() + 0.1)
        while time.monotonic() < deadline:
            if self._ended():
                return self._finish("exited", killed=False)
            time.sleep(0.01)
        return self.kill("closed its output but did not exit")

    def _ended(self) -> bool:
        if _IS_WINDOWS:
            return self._process.poll() is not None
        return "returncode" in self._status or self._status_done.is_set()

    def close(self, grace: float = 1.0) -> Ending:
        """Close the child's input, give it ``grace`` seconds to exit, then kill it."""
        if self._process is None:
            return Ending("not started")
        if self.ending is not None:
            return self.ending
        if self._paused:
            self.resume()  # or it could not see the end of its input
        self._outbox.put(None)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and not self._ended():
            time.sleep(0.01)
        if self._ended():
            return self._finish("exited", killed=False)
        return self.kill("did not exit when asked")

    def kill(self, reason: str = "killed") -> Ending:
        """Kill the child and everything it started; return how it ended."""
        if self._process is None:
            return Ending(reason)
        with self._lock:
            if self.ending is not None:
                return self.ending
            if _IS_WINDOWS:
                if self._process.poll() is None:
                    subprocess.run(
                        ["taskkill", "/F", "/T", "/PID", str(self._process.pid)],
                        capture_output=True,
                        check=False,
                    )
                    with contextlib.suppress(OSError):
                        self._process.kill()
            else:
                self._kill_posix()
            return self._finish(reason, killed=True, locked=True)

    def _kill_posix(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._lifeline, b"k")
        if not self._status_done.wait(timeout=5.0):  # the supervisor did not answer: by force
            for group in (self.supervisor_pid, self.pid):
                if group:
                    with contextlib.suppress(OSError):
                        os.killpg(group, signal.SIGKILL)
            self._status_done.wait(timeout=2.0)

    def _finish(self, reason: str, killed: bool, locked: bool = False) -> Ending:
        if not locked:
            with self._lock:
                if self.ending is not None:
                    return self.ending
                return self._finish(reason, killed, locked=True)
        process = self._process
        try:
            process.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                process.kill()
            process.wait()
        if self._lifeline is not None:
            with contextlib.suppress(OSError):
                os.close(self._lifeline)
            self._lifeline = None
        self._outbox.put(None)
        leftovers = int(self._status.get("leftovers", 0) or 0)
        leftovers += len(kill_leftovers(self.token, session=self.supervisor_pid))
        returncode = self._status.get("returncode") if not _IS_WINDOWS else process.returncode
        if self._status.get("wall"):
            reason, killed = "wall clock", True
        self.ending = Ending(
            reason=reason,
            returncode=returncode,
            leftovers=leftovers,
            stderr=self._stderr_tail(),
            killed=killed,
        )
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        return self.ending

    def _stderr_tail(self) -> str:
        if "stderr" in self._status:  # the supervisor read it before removing the folder
            return str(self._status["stderr"])
        return _tail(self.folder / ".stderr") if self.folder is not None else ""


def _tail(path: str | os.PathLike, size: int = 2000) -> str:
    """The last ``size`` bytes of a file, as text ("" if it cannot be read)."""
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(0, handle.tell() - size))
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


# --- processes --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Proc:
    pid: int
    ppid: int
    pgid: int
    sid: int
    zombie: bool


def _processes() -> dict[int, _Proc]:
    """Every process we can see: pid → parent, group, session (Linux /proc, else ``ps``)."""
    table: dict[int, _Proc] = {}
    if os.path.isdir("/proc/self"):
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
            table[pid] = _Proc(
                pid, int(fields[1]), int(fields[2]), int(fields[3]), fields[0] in "ZX"
            )
        return table
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
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return marker in handle.read()
    except OSError:
        return False


def kill_leftovers(token: str, session: int | None = None) -> set[int]:
    """Kill every live process carrying ``token`` in its environment, or in ``session``.

    Linux only (it reads ``/proc``); elsewhere it finds nothing. Returns the pids killed.
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


# --- what this platform can do ------------------------------------------------------------------
_LANDLOCK_CREATE_RULESET, _LANDLOCK_ADD_RULE, _LANDLOCK_RESTRICT_SELF = 444, 445, 446
_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_CHILD_SUBREAPER = 36
_SECCOMP_MODE_FILTER = 2


def _libc():
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    ulong = ctypes.c_ulong
    libc.prctl.argtypes = [ctypes.c_int, ulong, ulong, ulong, ulong]  # variadic: be exact
    libc.prctl.restype = ctypes.c_int
    text = ctypes.c_char_p
    libc.mount.argtypes = [text, text, text, ulong, text]
    libc.unshare.argtypes = [ctypes.c_int]
    libc.umount2.argtypes = [text, ctypes.c_int]
    return libc


def _syscall(libc, number: int, *args) -> int:
    """``syscall(number, args…)`` with plain ints passed as C longs (never half a register)."""
    import ctypes

    converted = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    return int(libc.syscall(ctypes.c_long(number), *converted))


def landlock_abi() -> int:
    """The Landlock ABI version of this kernel (0: none)."""
    if not _IS_LINUX:
        return 0
    try:
        import ctypes

        version = _syscall(_libc(), _LANDLOCK_CREATE_RULESET, ctypes.c_void_p(None), 0, 1)
    except (OSError, AttributeError):
        return 0
    return max(0, int(version))


def capabilities() -> dict:
    """What a sandbox can enforce on this machine (shown by ``shengji grade``)."""
    if _IS_WINDOWS:
        return {"platform": "windows", "memory": False, "seccomp": False, "landlock": 0}
    return {
        "platform": sys.platform,
        "memory": sys.platform != "darwin",
        "seccomp": _seccomp_program() is not None,
        "landlock": landlock_abi(),
        "subreaper": _IS_LINUX,
    }


def describe(restrictions: Mapping) -> str:
    """One line for people: what the sandbox applied (from ``Sandbox.restrictions``)."""
    parts = []
    user = restrictions.get("user")
    if user and user != "the caller's":
        parts.append(f"runs as {user}" if user != "root" else "runs as root (insisted)")
    memory = restrictions.get("memory")
    parts.append(f"memory limit {memory >> 20} MB" if memory else "no memory limit")
    if restrictions.get("seccomp"):
        parts.append("cannot signal or trace other processes (seccomp)")
        walls = "seccomp, network namespace" if restrictions.get("net_namespace") else "seccomp"
        parts.append(f"no network of any kind, no sockets ({walls})")
        if restrictions.get("mnt_namespace"):
            parts.append("/tmp and /dev/shm of its own, no /proc (mount namespace)")
        if restrictions.get("spawn") is False:
            parts.append("cannot start processes (seccomp)")
    else:
        parts.append("can signal other processes of its user (no seccomp)")
        parts.append("network not restricted (no seccomp)")
    abi = restrictions.get("landlock") or 0
    if abi:
        writes = "writes only in its folder"
        reads = ", reads only Python's files" if restrictions.get("reads_restricted") else ""
        net = ", no TCP" if abi >= 4 else ""
        parts.append(f"{writes}{reads}{net} (Landlock ABI {abi})")
    else:
        parts.append("file writes not restricted (no Landlock)")
    if restrictions.get("subreaper"):
        parts.append("no process outlives it (subreaper)")
    return "; ".join(parts)


_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty")
"""The devices a child may read (not /dev: /dev/shm is scratch space shared by everyone)."""


@dataclass(frozen=True)
class PythonChild:
    """What a sandboxed Python child that imports this package is given: its environment
    (besides the sandbox's minimal one) and what it may read (``Sandbox(env=…,
    read_paths=…, list_paths=…)``)."""

    env: dict[str, str]
    read_paths: list[str] | None
    list_paths: list[str]


def python_child(
    *,
    path_first: str | None = None,
    readable: Sequence[str | os.PathLike] = (),
    exclude: Sequence[str | os.PathLike] = (),
    carve: Sequence[str | os.PathLike] = (),
    restrict_reads: bool = True,
    env: Mapping[str, str] | None = None,
) -> PythonChild:
    """The one set-up of a Python child, shared by the grader and the tournament.

    ``path_first`` goes first on the child's import path (``PYTHONPATH``) and may be read: a
    checkout the package is run from, or the grader's copy of the package without the
    answers. ``readable`` are more folders it may read. Folders holding anything in
    ``exclude`` are left out of what it reads (other submissions, the bots, the results);
    each folder in ``carve`` is cut out of the folders that hold it with
    :func:`hide_beneath` (the package in a site-packages folder the child must still read).
    /proc, /tmp and /dev/shm are never readable (:func:`python_read_paths`).
    """
    import site

    child_env = {"MPLBACKEND": "Agg", "PYTHONUSERBASE": site.getuserbase(), **(env or {})}
    if path_first is not None:
        child_env["PYTHONPATH"] = str(path_first)
    if not restrict_reads:
        return PythonChild(child_env, None, [])
    extra = [*([str(path_first)] if path_first is not None else []), *map(str, readable)]
    paths = python_read_paths(extra=extra, exclude=exclude)
    lists: list[str] = []
    for folder in carve:
        paths = [path for path in paths if Path(path).resolve() != Path(folder).resolve()]
        paths, more = hide_beneath(paths, folder)
        lists += [path for path in more if path not in lists]
    return PythonChild(child_env, paths, lists)


@functools.cache
def code_version() -> str:
    """A short hash of this package's code (every ``.py`` file): grades and tournament matches
    made by other code are not reused, and a worker running other code is refused."""
    import hashlib

    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def python_read_paths(
    extra: Sequence[str | os.PathLike] = (),
    exclude: Sequence[str | os.PathLike] = (),
    proc: bool = False,
) -> list[str]:
    """The folders a Python child must read to run: this interpreter, its libraries and
    ``sys.path``, and the system's shared files; plus ``extra``.

    Give the result as ``read_paths`` to let the child read nothing else (Landlock). A folder
    that holds something in ``exclude`` (say, the other submissions) is left out; the child
    then cannot read that thing unless a narrower folder in ``extra`` holds it. ``/proc`` is
    left out unless ``proc`` (it shows every process's command line and, to the same user,
    environment), and so are ``/dev/shm`` and ``/tmp`` (scratch space shared with others):
    the child's scratch space is its own folder (``TMPDIR``).
    """
    import site
    import sysconfig

    candidates = [
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        *sysconfig.get_paths().values(),
        *[entry for entry in sys.path if entry and os.path.isabs(entry)],
        *(site.getsitepackages() if hasattr(site, "getsitepackages") else []),
        "/usr",
        "/lib",
        "/lib32",
        "/lib64",
        "/libx32",
        "/bin",
        "/sbin",
        "/etc",
        *_DEVICES,
        *(["/proc"] if proc else []),
        "/sys",
        *[str(path) for path in extra],
    ]
    hidden = [os.path.realpath(path) for path in exclude]
    shared = ["/tmp", "/var/tmp", "/dev/shm", tempfile.gettempdir()]
    if not proc:
        shared.append("/proc")
    shared = [os.path.realpath(path) for path in shared]
    cwd = os.path.realpath(os.getcwd())
    paths: list[str] = []
    for candidate in candidates:
        for path in {os.path.abspath(candidate), os.path.realpath(candidate)}:
            if not os.path.exists(path) or path in paths or path == os.sep:
                continue
            if path == cwd and candidate not in [str(p) for p in extra]:
                continue
            inside = [h for h in hidden if h == path or h.startswith(path.rstrip(os.sep) + os.sep)]
            if inside and candidate not in [str(p) for p in extra]:
                continue
            if path in shared or (not proc and path.startswith("/proc/")):
                continue  # all of the shared scratch space (a sys.path entry, say), /proc
            paths.append(path)
    return paths


def warm_bytecode(modules: Sequence[str], timeout: float = 120.0) -> bool:
    """Make sure the cached bytecode (``.pyc``) of ``modules`` exists, so that sandboxed
    children do not compile them again at every start; True if a warm-up import ran.

    A child cannot write bytecode (``PYTHONDONTWRITEBYTECODE``; Landlock keeps the libraries
    read-only), so a module installed without its ``.pyc`` (``pip install --no-compile``, an
    editable checkout, a module no ordinary process has imported yet) is compiled from source
    by every child that imports it: a second or more of CPU for IPython, at each notebook the
    grader runs. If any of ``modules`` (dotted names, found without importing them) lacks an
    up-to-date ``.pyc``, they are imported once in a plain child process of this interpreter
    and ``sys.path``, which writes the bytecode of everything they import. Trusted code only:
    the installed packages, never a submission. Nothing is written where this Python may not
    write bytecode (``PYTHONDONTWRITEBYTECODE``, ``-B``). Failures are ignored (the children
    then compile, as before).
    """
    if not all(part.isidentifier() for name in modules for part in name.split(".")):
        raise ValueError(f"not module names: {list(modules)!r}")
    if sys.dont_write_bytecode or all(_has_bytecode(name) for name in modules):
        return False
    # this process's own sys.path decides what is imported, not the working folder (a folder
    # of submissions, say) nor PYTHON* variables (-I)
    code = "import sys; sys.path[:] = sys.argv[1:]; import " + ", ".join(modules)
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [sys.executable, "-I", "-c", code, *[entry for entry in sys.path if entry]],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
    return True


@functools.cache
def warm_bytecode_once(modules: tuple[str, ...]) -> bool:
    """:func:`warm_bytecode`, at most once per process for the same modules: where the cache
    cannot be written, the warm-up is not tried again at every grading run or bot start."""
    return warm_bytecode(modules)


def _has_bytecode(name: str) -> bool:
    """Whether module ``name``'s source has an up-to-date cached ``.pyc`` (no import: only
    the top-level package is looked up, its submodules are found as files below it)."""
    import importlib.util

    top, *rest = name.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return True  # nothing to warm
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return True  # not found, built in, or a compiled extension
    source = Path(spec.origin)
    if rest:
        base = source.parent.joinpath(*rest)
        found = [p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()]
        if not found:
            return True
        source = found[0]
    try:
        cached = Path(importlib.util.cache_from_source(str(source)))
        return cached.stat().st_mtime >= source.stat().st_mtime
    except (OSError, NotImplementedError, ValueError):
        return False


# --- seccomp --------------------------------------------------------------------------------
# System call numbers by name, per architecture (from the kernel's syscall tables).
_SYSCALLS = {
    "x86_64": {
        "kill": 62, "tkill": 200, "tgkill": 234, "rt_sigqueueinfo": 129,
        "rt_tgsigqueueinfo": 297, "pidfd_send_signal": 424, "pidfd_getfd": 438,
        "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311,
        "setrlimit": 160, "prlimit64": 302,
        "mount": 165, "umount2": 166, "pivot_root": 155, "open_tree": 428, "move_mount": 429,
        "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
        "reboot": 169, "init_module": 175, "finit_module": 313, "delete_module": 176,
        "kexec_load": 246, "kexec_file_load": 320, "unshare": 272, "setns": 308, "bpf": 321,
        "perf_event_open": 298, "name_to_handle_at": 303, "open_by_handle_at": 304,
        "socket": 41, "socketpair": 53,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "fork": 57, "vfork": 58, "clone": 56, "clone3": 435,
    },
    "aarch64": {
        "kill": 129, "tkill": 130, "tgkill": 131, "rt_sigqueueinfo": 138,
        "rt_tgsigqueueinfo": 240, "pidfd_send_signal": 424, "pidfd_getfd": 438,
        "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271,
        "setrlimit": 164, "prlimit64": 261,
        "mount": 40, "umount2": 39, "pivot_root": 41, "open_tree": 428, "move_mount": 429,
        "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
        "reboot": 142, "init_module": 105, "finit_module": 273, "delete_module": 106,
        "kexec_load": 104, "kexec_file_load": 294, "unshare": 97, "setns": 268, "bpf": 280,
        "perf_event_open": 241, "name_to_handle_at": 264, "open_by_handle_at": 265,
        "socket": 198, "socketpair": 199,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "clone": 220, "clone3": 435,  # no fork or vfork on arm64: glibc uses clone
    },
}  # fmt: skip
_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_MACHINES = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}

_DENIED = (
    # signalling or tracing another process (the supervisor, the caller, other sandboxes)
    "kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_send_signal",
    "pidfd_getfd", "ptrace", "process_vm_readv", "process_vm_writev",
    # raising limits (prlimit64 may only read them: see below)
    "setrlimit",
    # mounts, modules, the kernel, namespaces, file handles
    "mount", "umount2", "pivot_root", "open_tree", "move_mount", "fsopen", "fsconfig",
    "fsmount", "fspick", "reboot", "init_module", "finit_module", "delete_module",
    "kexec_load", "kexec_file_load", "unshare", "setns", "bpf", "perf_event_open",
    "name_to_handle_at", "open_by_handle_at",
    # every network: no socket of any family (the parent's channel is inherited pipes), and
    # io_uring, which can open sockets without the socket call
    "socket", "socketpair", "io_uring_setup", "io_uring_enter", "io_uring_register",
)  # fmt: skip
"""What a sandboxed child may never call (EPERM)."""
_NO_PROCESSES = ("fork", "vfork")
"""Denied too when the child may not start processes (``Limits.spawn`` False); ``clone`` is
then allowed only for threads (``CLONE_THREAD``), and ``clone3`` says ENOSYS (glibc then
falls back to ``clone`` for threads)."""
_CLONE_THREAD = 0x00010000


def _seccomp_program(spawn: bool = True) -> bytes | None:
    """A classic-BPF seccomp filter (as bytes): ``_DENIED`` calls fail with EPERM (and, when
    ``spawn`` is False, every way to start a process: threads only)."""
    if not _IS_LINUX:
        return None
    machine = _MACHINES.get(platform.machine().lower())
    if machine is None:
        return None
    numbers = _SYSCALLS[machine]
    import errno
    import struct

    load, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    allow, deny = 0x7FFF0000, 0x00050000 | errno.EPERM
    nosys = 0x00050000 | errno.ENOSYS
    denied = [numbers[name] for name in _DENIED if name in numbers]
    if not spawn:
        denied += [numbers[name] for name in _NO_PROCESSES if name in numbers]
    program: list[tuple[int, object, object, int]] = [(load, 0, 0, 4)]  # A = arch
    program.append((jeq, "next", "deny", _AUDIT_ARCH[machine]))
    program.append((load, 0, 0, 0))  # A = syscall number
    if machine == "x86_64":
        program.append((jge, "deny", "next", 0x40000000))  # the x32 ABI: not for us
    for number in denied:
        program.append((jeq, "deny", "next", number))
    if not spawn:
        program.append((jeq, "nosys", "next", numbers["clone3"]))
        program.append((jeq, "clone", "next", numbers["clone"]))
    program.append((jeq, "next", "allow", numbers["prlimit64"]))
    program.append((load, 0, 0, 32))  # prlimit64(pid, resource, new, old): new, low word
    program.append((jeq, "next", "deny", 0))
    program.append((load, 0, 0, 36))  # new, high word: a NULL pointer only reads the limit
    program.append((jeq, "allow", "deny", 0))
    labels = {"clone": len(program)}
    program.append((load, 0, 0, 16))  # clone(flags, …): flags, low word
    program.append((jset, "allow", "deny", _CLONE_THREAD))  # a thread, not a process
    labels.update(allow=len(program), deny=len(program) + 1, nosys=len(program) + 2)
    program += [(ret, 0, 0, allow), (ret, 0, 0, deny), (ret, 0, 0, nosys)]

    def offset(target: object, index: int) -> int:
        return 0 if target in ("next", 0) else labels[target] - index - 1

    return b"".join(
        struct.pack("HBBI", code, offset(jt, i), offset(jf, i), k)
        for i, (code, jt, jf, k) in enumerate(program)
    )


# --- the supervisor (this file run as a script) ---------------------------------------------
def _landlock_ruleset(
    libc, abi: int, folder: str, read_paths: Sequence[str] | None, list_paths: Sequence[str] = ()
):
    """A Landlock ruleset fd: writes only in ``folder`` (and /dev/null), reads as asked
    (``list_paths``: folders whose entries may be listed, not read)."""
    import ctypes

    class RulesetAttr(ctypes.Structure):
        _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed", ctypes.c_uint64), ("fd", ctypes.c_int32)]

    execute, write, read_file, read_dir = 1 << 0, 1 << 1, 1 << 2, 1 << 3
    change = sum(1 << bit for bit in range(4, 13))  # remove and make files, dirs, links …
    if abi >= 2:
        change |= 1 << 13  # REFER: move or link files between folders
    truncate = 1 << 14 if abi >= 3 else 0
    reads = execute | read_file | read_dir if read_paths is not None else 0
    handled = write | change | truncate | reads
    attr = RulesetAttr(handled, 0, 0)
    size = 8
    if abi >= 4:
        attr.net, size = 0b11, 16  # BIND_TCP | CONNECT_TCP, with no rule allowing any port
    if abi >= 6:
        attr.scoped, size = 0b11, 24  # abstract unix sockets and signals stay inside
    ruleset = _syscall(libc, _LANDLOCK_CREATE_RULESET, ctypes.byref(attr), size, 0)
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")

    def allow(path: str, access: int) -> None:
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            return  # a path that does not exist needs no rule
        try:
            if not os.path.isdir(path):
                access &= execute | write | read_file | truncate  # what a file rule may hold
            rule = PathBeneath(access & handled, fd)
            if _syscall(libc, _LANDLOCK_ADD_RULE, ruleset, 1, ctypes.byref(rule), 0) != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
        finally:
            os.close(fd)

    allow(folder, handled)
    allow(os.devnull, write | read_file | truncate)
    if reads:
        for path in read_paths or ():
            allow(path, reads)
        for path in list_paths:
            allow(path, read_dir)
    return ruleset


def hide_beneath(
    read_paths: Sequence[str], hidden: str | os.PathLike
) -> tuple[list[str], list[str]]:
    """``read_paths`` (for ``Sandbox(read_paths=...)``) with ``hidden`` carved out of them, and
    the folders the child may then only list (``Sandbox(list_paths=...)``).

    Landlock only grants: a folder allowed to be read is readable all the way down. So every
    read path that holds ``hidden`` is replaced by the entries inside it, each allowed again
    unless it holds ``hidden`` too, down to ``hidden`` itself, which gets no rule. The folders
    on the way stay listable (the import system lists ``sys.path`` folders to find modules),
    and nothing beneath ``hidden`` can be read. Used by the grader when the package (and so
    its answers) is installed in a ``site-packages`` folder the child must read.
    """
    target = os.path.realpath(hidden)
    reads: list[str] = []
    lists: list[str] = []

    def holds(folder: str) -> bool:
        return target == folder or target.startswith(folder.rstrip(os.sep) + os.sep)

    def carve(folder: str) -> None:
        if folder == target:
            return
        lists.append(folder)
        for name in sorted(os.listdir(folder)):
            entry = os.path.join(folder, name)
            if holds(os.path.realpath(entry)) and os.path.isdir(entry):
                carve(os.path.realpath(entry))
            elif os.path.realpath(entry) != target:
                reads.append(entry)

    for path in read_paths:
        real = os.path.realpath(path)
        if holds(real):
            carve(real)
        else:
            reads.append(path)
    return reads, [folder for folder in lists if folder not in reads]


def _count_threads_of(uid: int) -> int | None:
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


# --- running as root ------------------------------------------------------------------------
ALLOW_ROOT_VARIABLE = "SHENGJI_ALLOW_ROOT_SANDBOX"
"""Set to 1 to let a sandbox started as root run its child as root (not recommended)."""
USER_VARIABLE = "SHENGJI_SANDBOX_USER"
"""The unprivileged user a sandbox started as root runs its child as (default ``nobody``)."""
ROOT_REFUSAL = (
    "refusing to run untrusted code as root: {why}. Run as an ordinary user, set "
    f"{USER_VARIABLE} to a user who can read Python and its packages, or insist with "
    f"{ALLOW_ROOT_VARIABLE}=1 (--allow-root-sandbox)"
)


def _unprivileged_user(spec: str) -> tuple[str, int, int]:
    """(name, uid, gid) of ``spec``, a user name or number; KeyError if there is none."""
    import pwd

    try:
        entry = pwd.getpwuid(int(spec)) if spec.isdigit() else pwd.getpwnam(spec)
    except (KeyError, ValueError):
        raise KeyError(f"there is no user {spec!r}") from None
    if entry.pw_uid == 0:
        raise KeyError(f"{spec!r} is root")
    return entry.pw_name, entry.pw_uid, entry.pw_gid


def _searchable(path: str, uid: int, gid: int) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return True  # nothing there to reach
    if st.st_uid == uid:
        return bool(st.st_mode & 0o100)
    if st.st_gid == gid:
        return bool(st.st_mode & 0o010)
    return bool(st.st_mode & 0o001)


def _blocked(paths: Sequence[str], uid: int, gid: int) -> dict[str, set[str]]:
    """Folders that keep ``uid`` from reaching ``paths`` → the entries below them it needs."""
    blocked: dict[str, set[str]] = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        parts = os.path.realpath(path).split(os.sep)[1:]
        current = os.sep
        for part in parts:
            if not part:
                continue
            if not _searchable(current, uid, gid):
                blocked.setdefault(current, set()).add(part)
                break
            current = os.path.join(current, part)
    return blocked


_CLONE_NEWNS, _CLONE_NEWUSER, _CLONE_NEWNET = 0x00020000, 0x10000000, 0x40000000
_MS_NOSUID, _MS_NODEV, _MS_BIND, _MS_MOVE = 2, 4, 0x1000, 0x2000
_MS_REC, _MS_PRIVATE = 0x4000, 1 << 18


def _mount(libc, source, target, fstype, flags, data=None) -> None:
    import ctypes

    encode = lambda text: None if text is None else os.fsencode(text)  # noqa: E731
    if libc.mount(encode(source), encode(target), encode(fstype), flags, encode(data)):
        error = ctypes.get_errno()
        raise OSError(error, f"mount {source} on {target}: {os.strerror(error)}")


def _cover(libc, folder: str, keep: Sequence[str], mode: str = "755") -> None:
    """Cover ``folder`` with an empty tmpfs, then bind ``keep`` (paths below it) back in at
    the same places (found again through descriptors opened before the cover)."""
    held = []
    try:
        for path in keep:
            held.append((path, os.open(path, os.O_PATH | os.O_CLOEXEC), os.path.isdir(path)))
        _mount(libc, "tmpfs", folder, "tmpfs", _MS_NOSUID | _MS_NODEV, f"mode={mode},size=64k")
        for path, fd, is_dir in sorted(held):
            below = os.path.relpath(path, folder).split(os.sep)
            parent = folder
            for part in below[:-1]:
                parent = os.path.join(parent, part)
                if not os.path.isdir(parent):
                    os.mkdir(parent, 0o755)
            if is_dir:
                os.makedirs(path, 0o755, exist_ok=True)
            elif not os.path.exists(path):
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            _mount(libc, f"/proc/self/fd/{fd}", path, None, _MS_BIND | _MS_REC)
    except OSError:
        libc.umount2(os.fsencode(folder), 2)  # MNT_DETACH: as it was (if it was covered)
        raise
    finally:
        for _path, fd, _is_dir in held:
            os.close(fd)


SCRATCH = ("/tmp", "/var/tmp", "/dev/shm")
"""Folders every process may write: a child's are empty and its own (mount namespace)."""


def _hide_scratch(libc, keep: Sequence[str]) -> list[str]:
    """Cover the shared scratch folders with empty ones, keeping the paths in ``keep`` that
    lie below them (the child's own folder; a Python installed there); the folders hidden."""
    hidden = []
    for folder in dict.fromkeys(os.path.realpath(f) for f in SCRATCH):
        if folder == os.sep or not os.path.isdir(folder) or os.path.islink(folder):
            continue
        below = sorted(
            os.path.realpath(p)
            for p in keep
            if os.path.exists(p) and os.path.realpath(p).startswith(folder + os.sep)
        )
        outermost = [p for p in below if not any(p.startswith(q + os.sep) for q in below)]
        _cover(libc, folder, list(dict.fromkeys(outermost)), mode="1777")
        hidden.append(folder)
    return hidden


def _uncover(libc, paths: Sequence[str], uid: int, gid: int) -> None:
    """In a private mount namespace (already entered), make ``paths`` reachable for ``uid``:
    a folder it may not enter (say, /root holding the Python it must run) is covered with an
    empty tmpfs into which only the entries it needs are bound again (the rest of it stays
    hidden). The files themselves keep their owners and modes."""
    _mount(libc, None, "/", None, _MS_REC | _MS_PRIVATE)
    for _round in range(8):
        blocked = _blocked(paths, uid, gid)
        if not blocked:
            return
        for folder, names in sorted(blocked.items()):
            _cover(libc, folder, [os.path.join(folder, name) for name in sorted(names)])
    raise OSError(f"cannot make {sorted(_blocked(paths, uid, gid))} reachable")


def _preexec(config: dict, libc, ruleset: int | None, seccomp: bytes | None):
    """Runs in the child between fork and exec: its own group, limits, namespaces, its user,
    restrictions (in that order: a change of user clears PDEATHSIG, seccomp forbids mounts)."""
    import resource

    def step(name: str, action) -> None:
        try:
            action()
        except BaseException as error:
            os.write(2, f"sandbox: could not apply {name}: {error}\n".encode())
            raise

    limits = []
    for name, value in (
        ("RLIMIT_AS", config.get("memory")),
        ("RLIMIT_CPU", config.get("cpu") and int(config["cpu"] + 0.999)),
        ("RLIMIT_FSIZE", config.get("file_size")),
        ("RLIMIT_NOFILE", config.get("open_files")),
        ("RLIMIT_NPROC", config.get("nproc")),
        ("RLIMIT_CORE", 0),
    ):
        if value is not None and hasattr(resource, name):
            limits.append((getattr(resource, name), int(value)))
    drop = config.get("drop")  # [uid, gid] when started as root

    def set_limits() -> None:
        for which, value in limits:
            _soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            try:
                resource.setrlimit(which, (value, value))
            except (ValueError, OSError):
                if which != getattr(resource, "RLIMIT_AS", None) or sys.platform != "darwin":
                    raise

    def prctl(option: int, value: int) -> None:
        import ctypes

        if libc.prctl(option, value, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), f"prctl({option})")

    def hide_proc() -> None:
        """An empty /proc (last: the binds above go through /proc/self/fd), unless asked."""
        if config.get("hide_proc", True) and os.path.isdir("/proc/self"):
            _cover(libc, "/proc", [])

    def namespaces() -> None:
        """No network at all (a network namespace: not even loopback) and empty scratch
        folders of its own (a mount namespace), where the kernel lets us have them: seccomp's
        ban on sockets and Landlock are the guarantees, these are a second wall. As root, the
        mount namespace also shows the unprivileged user the Python it must run."""
        restrict = config.get("restrict", True)
        reach = config.get("reach") or []
        keep = [config["cwd"], *reach]
        if drop:
            blocked = _blocked(reach, drop[0], drop[1])
            private = libc.unshare(_CLONE_NEWNS) == 0
            if blocked and not private:
                raise OSError("no private mount namespace to show it Python (unshare)")
            if private:
                _uncover(libc, reach, drop[0], drop[1])
            if private and restrict:
                with contextlib.suppress(OSError):
                    _hide_scratch(libc, keep)
                    hide_proc()
            if restrict:
                libc.unshare(_CLONE_NEWNET)  # may be refused: then seccomp alone
        elif restrict and os.geteuid() == 0:  # root, insisted
            if libc.unshare(_CLONE_NEWNS | _CLONE_NEWNET) == 0:
                with contextlib.suppress(OSError):
                    _mount(libc, None, "/", None, _MS_REC | _MS_PRIVATE)
                    _hide_scratch(libc, keep)
                    hide_proc()
        elif restrict:  # an ordinary user, where the kernel lets it have namespaces
            uid, gid = os.getuid(), os.getgid()
            if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWNET) == 0:
                with contextlib.suppress(OSError):
                    for name, text in (
                        ("setgroups", "deny"),
                        ("uid_map", f"{uid} {uid} 1"),
                        ("gid_map", f"{gid} {gid} 1"),
                    ):
                        with open(f"/proc/self/{name}", "w") as handle:
                            handle.write(text)
                    _mount(libc, None, "/", None, _MS_REC | _MS_PRIVATE)
                    _hide_scratch(libc, keep)
                    hide_proc()
        os.chdir(config["cwd"])  # its folder as the mount namespace shows it

    def become_user() -> None:
        uid, gid = drop
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
        if os.geteuid() == 0 or os.getuid() == 0:
            raise OSError("still root")

    def landlock() -> None:
        import ctypes

        if _syscall(libc, _LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")

    def filter_calls() -> None:
        import ctypes

        class Program(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

        buffer = ctypes.create_string_buffer(seccomp, len(seccomp))
        program = Program(len(seccomp) // 8, ctypes.cast(buffer, ctypes.c_void_p))
        if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.addressof(program), 0, 0):
            raise OSError(ctypes.get_errno(), "seccomp filter refused")

    def run() -> None:
        step("its own process group", lambda: os.setpgid(0, 0))
        step("the resource limits", set_limits)
        if libc is not None:
            step("namespaces", namespaces)
        if drop:
            step("an unprivileged user", become_user)
        if libc is not None:
            step("PR_SET_PDEATHSIG", lambda: prctl(_PR_SET_PDEATHSIG, signal.SIGKILL))
            step("PR_SET_NO_NEW_PRIVS", lambda: prctl(_PR_SET_NO_NEW_PRIVS, 1))
            if ruleset is not None:
                step("Landlock", landlock)
            if seccomp is not None:
                step("seccomp", filter_calls)

    return run


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
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _supervise() -> int:
    """Start the child with its limits, wait for its end (or a kill), clean up, report."""
    import select

    config = json.loads(os.environ.pop("SHENGJI_SANDBOX_CONFIG"))
    status = os.fdopen(config["status_fd"], "w", buffering=1, encoding="utf-8")
    lifeline = config["lifeline_fd"]
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_IGN)  # we stop when the lifeline says so, not before

    def report(**message) -> None:
        with contextlib.suppress(OSError, ValueError):
            status.write(json.dumps(message) + "\n")

    me = os.getpid()
    session = os.getsid(0)
    libc = None
    restrictions = {"platform": sys.platform, "memory": config.get("memory")}
    if sys.platform == "darwin":
        restrictions["memory"] = None  # macOS accepts RLIMIT_AS and does not enforce it
    ruleset = seccomp = None
    stderr_path = os.path.join(config["cwd"], ".stderr")
    try:
        if os.geteuid() == 0 and not config.get("allow_root"):
            try:
                name, uid, gid = _unprivileged_user(config.get("user") or "nobody")
            except KeyError as error:
                raise PermissionError(ROOT_REFUSAL.format(why=error.args[0])) from None
            config["drop"] = [uid, gid]
            restrictions["user"] = f"{name} (uid {uid}), not root"
            for folder, dirs, files in os.walk(config["cwd"]):
                for entry in [folder, *[os.path.join(folder, n) for n in dirs + files]]:
                    os.lchown(entry, uid, gid)
        else:
            restrictions["user"] = "root" if os.geteuid() == 0 else "the caller's"
        if _IS_LINUX:
            libc = _libc()
            restrictions["subreaper"] = libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            if config.get("restrict", True):
                seccomp = _seccomp_program(spawn=config.get("spawn", True))
                abi = landlock_abi()
                if abi:
                    ruleset = _landlock_ruleset(
                        libc,
                        abi,
                        config["cwd"],
                        config.get("read_paths"),
                        config.get("list_paths") or (),
                    )
                restrictions.update(
                    seccomp=seccomp is not None,
                    network=seccomp is None,
                    landlock=abi,
                    reads_restricted=bool(abi) and config.get("read_paths") is not None,
                )
                if seccomp is not None:
                    restrictions["spawn"] = bool(config.get("spawn", True))
        processes = config.get("processes")
        if processes is not None and (os.geteuid() != 0 or config.get("drop")):
            running = _count_threads_of(config["drop"][0] if config.get("drop") else os.getuid())
            if running is not None:
                config["nproc"] = running + int(processes)
        stderr = open(stderr_path, "wb")  # noqa: SIM115
        child = subprocess.Popen(
            config["command"],
            stdin=0,
            stdout=1,
            stderr=stderr,
            cwd=config["cwd"],
            env=config["env"],
            close_fds=True,
            preexec_fn=_preexec(config, libc, ruleset, seccomp),
        )
        stderr.close()
        if _IS_LINUX:  # what the kernel let the child have (see _preexec's namespaces)
            for kind in ("net", "mnt", "user"):
                with contextlib.suppress(OSError):
                    theirs = os.readlink(f"/proc/{child.pid}/ns/{kind}")
                    restrictions[f"{kind}_namespace"] = theirs != os.readlink(
                        f"/proc/self/ns/{kind}"
                    )
    except BaseException as error:
        said = [line for line in _tail(stderr_path).splitlines() if line.startswith("sandbox:")]
        why = said[-1].removeprefix("sandbox: ") if said else f"{type(error).__name__}: {error}"
        if str(error).startswith("refusing"):
            why = str(error)  # no unprivileged user to run as
        elif config.get("drop") and (
            "namespaces" in why or "unprivileged user" in why or isinstance(error, PermissionError)
        ):  # it could not become that user, or that user cannot run Python here
            user = restrictions["user"].split(" (")[0]
            why = ROOT_REFUSAL.format(why=f"the child could not run as user {user} ({why})")
        report(event="failed", error=why)
        return 1
    finally:
        if ruleset is not None:
            os.close(ruleset)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)  # only the child holds the pipe now: its end shows as end of file
    os.dup2(null, 1)
    report(event="started", pid=child.pid, restrictions=restrictions)

    deadline = time.monotonic() + float(config["wall"])
    waiter = None
    with contextlib.suppress(AttributeError, OSError):
        waiter = os.pidfd_open(child.pid)
    watched = [lifeline] + ([waiter] if waiter is not None else [])
    wall = False
    while child.poll() is None:
        left = deadline - time.monotonic()
        if left <= 0:
            wall = True
            break
        ready, _, _ = select.select(watched, [], [], min(left, 0.05 if waiter is None else 1.0))
        if lifeline in ready:
            with contextlib.suppress(OSError):
                os.read(lifeline, 1)  # "k" or end of file (the caller is gone): either way, end
            break
    if child.poll() is None:  # killed on request or at the wall clock
        # the child alone: what it started is killed (and counted) by the sweep below
        with contextlib.suppress(OSError):
            os.kill(child.pid, signal.SIGKILL)
    returncode = child.wait()  # reaped here, before the sweep below reaps everything else
    killed = _kill_below(me, session, child.pid)
    killed.discard(child.pid)
    stderr = _tail(os.path.join(config["cwd"], ".stderr"))
    shutil.rmtree(config["cwd"], ignore_errors=True)  # even if the caller is gone
    report(event="ended", returncode=returncode, leftovers=len(killed), wall=wall, stderr=stderr)
    return 0


if __name__ == "__main__" and sys.argv[1:] == [_SUPERVISE]:
    sys.exit(_supervise())
