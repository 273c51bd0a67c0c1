"""The plain-data wire between a sandbox and its child: the errors the parent's side raises,
the limits a child is given, how it ended, and the child's end of the pipe (:class:`Channel`).

Imported by the child itself (``from shengji_edu.sandbox import Channel``): standard library
only, and nothing here starts or confines a process (see :mod:`.box` for that).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass


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
    cpu: float | None = None
    """CPU seconds of the child and its supervisor (all they waited for), when reported."""


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
