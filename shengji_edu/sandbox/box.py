"""The parent's side of a sandbox: :class:`Sandbox` starts one child (through the supervisor,
:mod:`.supervisor`, on POSIX), talks to it in JSON messages, and ends it with all it started.

See the package's docstring (:mod:`shengji_edu.sandbox`) for what it guarantees and where.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import supervisor
from .child import python_read_paths
from .confinement import ALLOW_ROOT_VARIABLE, USER_VARIABLE
from .messages import BadMessage, Ending, Limits, SandboxClosed, SandboxError, SandboxTimeout
from .processes import TOKEN_VARIABLE, kill_leftovers
from .supervisor import _SUPERVISE, _SUPERVISOR, _tail
from .wire import Wire

_IS_LINUX = sys.platform.startswith("linux")
_IS_WINDOWS = os.name == "nt"


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


def _current_cpu() -> int | None:
    """The CPU the calling thread runs on (glibc's ``sched_getcpu``), or None."""
    if _SCHED_GETCPU is None:
        return None
    cpu = _SCHED_GETCPU()
    return cpu if cpu >= 0 else None


def _find_sched_getcpu():
    if not _IS_LINUX or not hasattr(os, "sched_setaffinity"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None).sched_getcpu
    except (OSError, AttributeError):
        return None


_SCHED_GETCPU = _find_sched_getcpu()


class Sandbox:
    """One untrusted child process with limits (see the package docstring,
    :mod:`shengji_edu.sandbox`)."""

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
        program: str | None = None,
        fork: tuple[Any, str] | None = None,
        inline: bool = False,
    ) -> None:
        self.args = list(args)
        self.inline = inline and not _IS_WINDOWS
        """Talk to the child from the caller's thread (POSIX), not through a reader and a
        writer thread: a request and its answer then cost no hand-over between threads
        (about half the caller's CPU of a round trip). For a caller that receives after
        every send, as the tournament does: the child's output waits in the pipe until
        ``receive`` reads it (a child that writes more blocks, paused by the pipe), and
        ``send`` still never blocks (what the pipe does not take waits for the next
        ``send``, ``receive`` or ``close``). The limits on messages are the same."""
        self.program = program
        """The executable to run (a full path) with ``args``; ``None``: this Python."""
        self.fork = fork
        """``(fork server, "module:function")``: the child is a confined copy of the warm
        server calling that function, not a new Python (:mod:`.forkserver`; Linux)."""
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
        self._wire: Wire | None = None
        self._status: dict = {}
        self._status_done = threading.Event()
        self._started = threading.Event()
        self._lifeline: int | None = None
        self._deadline = 0.0
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._paused = False
        self._stat_fd: int | None = None  # /proc/<pid>/stat, kept open (cpu_seconds)
        self._cpu: int | None = None  # the CPU run_here last gave the child

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
            command = [self.program or sys.executable, *self.args]
            self._deadline = time.monotonic() + self.limits.wall
            if _IS_WINDOWS:
                self._start_windows(command, env)
            else:
                self._start_posix(command, env)
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        process = self._process
        self._wire = Wire(process.stdin, process.stdout, self.limits, self.inline, self._thread)
        return self

    def _inside(self, name: str) -> Path:
        relative = Path(name)
        if relative.is_absolute() or ".." in relative.parts or not relative.parts:
            raise ValueError(f"sandbox file names must be relative and stay inside: {name!r}")
        return self.folder / relative

    def _thread(self, target, *args) -> None:  # the status reader, the wire's
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
        if self.fork is not None:
            self._start_forked(config, status_read, status_write, lifeline_read, lifeline_write)
            return
        try:
            self._process = subprocess.Popen(
                [
                    sys.executable,
                    "-I",
                    "-S",
                    "-c",
                    _SUPERVISOR,
                    str(Path(supervisor.__file__).resolve()),
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

    def _start_forked(
        self, config: dict, status_read: int, status_write: int, lifeline_read: int, lifeline: int
    ) -> None:
        """The supervisor from the fork server (see :mod:`.forkserver`), not a new Python."""
        from .forkserver import Forked

        server, call = self.fork
        config["fork"] = {"call": call}
        child_in, our_in = os.pipe()
        our_out, child_out = os.pipe()
        try:
            pid = server.spawn(config, [child_in, child_out, status_write, lifeline_read])
        except BaseException:
            for fd in (our_in, our_out, status_read, lifeline):
                os.close(fd)
            raise
        finally:
            for fd in (child_in, child_out, status_write, lifeline_read):
                os.close(fd)
        self._process = Forked(pid, our_in, our_out)
        self.supervisor_pid = pid
        self._lifeline = lifeline
        self._thread(self._read_status, status_read)
        self._started.wait(timeout=max(5.0, min(30.0, self.limits.wall)))
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
        try:  # the file stays open: a decision reads it twice (and it names this process,
            # even if its pid were reused)
            if self._stat_fd is None:
                self._stat_fd = os.open(f"/proc/{self.pid}/stat", os.O_RDONLY | os.O_CLOEXEC)
            text = os.pread(self._stat_fd, 4096, 0).decode("ascii", "replace")
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

    def run_here(self) -> bool:
        """Let the child's main thread run only on the CPU this thread runs on now (Linux;
        False where that cannot be done). For a caller that waits while the child works, as
        the tournament's referee does: a request and its answer then stay on one core, so no
        other core is woken for them and one cache holds both sides (about a third less CPU
        a question on the project's 2-core machine: ``benchmarks/tournament.py``). Called
        again when the caller has moved, it follows. Scheduling only: the child's limits and
        confinement are the same (it may move itself; threads it starts later share its
        CPU, and their CPU time is judged all the same)."""
        cpu = _current_cpu()
        if cpu is None or not self.pid or self.ending is not None:
            return False
        if cpu != self._cpu:
            try:
                os.sched_setaffinity(self.pid, {cpu})
            except OSError:
                return False
            self._cpu = cpu
        return True

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
        self._wire.send(data + b"\n")

    def receive(self, timeout: float | None = None) -> dict:
        """The next message from the child (what it raises: see the package docstring)."""
        if self._process is None:
            raise SandboxError("start the sandbox first")
        wait = self.remaining() if timeout is None else min(timeout, self.remaining())
        try:
            kind, payload = self._wire.next(max(0.0, wait))
        except queue.Empty:
            if self.remaining() <= 0:
                raise SandboxClosed(self.kill("wall clock")) from None
            raise SandboxTimeout(f"no message within {timeout} s") from None
        if kind == "message":
            return payload
        if kind == "bad":
            self.kill(f"bad message: {payload}")
            raise BadMessage(f"the sandboxed process sent {payload}")
        self._wire.messages.put((kind, payload))  # end of output: later calls see it too
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
        self._wire.close_input()
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
        if self._stat_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._stat_fd)
            self._stat_fd = None
        if self._wire is not None:
            self._wire.finished()
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
            cpu=self._status.get("cpu") if isinstance(self._status.get("cpu"), float) else None,
        )
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        return self.ending

    def _stderr_tail(self) -> str:
        if "stderr" in self._status:  # the supervisor read it before removing the folder
            return str(self._status["stderr"])
        return _tail(self.folder / ".stderr") if self.folder is not None else ""
