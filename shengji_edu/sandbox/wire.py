"""The parent's end of a child's pipes: messages out, and the child's output split into
messages within the limits (:class:`Wire`, used by :class:`~.box.Sandbox`).

Two ways to move the bytes, the same messages and limits either way:

* *threads* (the default): a writer thread feeds the child's input from a queue, so sending
  never blocks, and a reader thread reads its output as it comes and splits it;
* *inline* (``Sandbox(inline=True)``, POSIX): the caller's thread does both, with the
  child's input pipe non-blocking (what it does not take now waits for the next send,
  receive or close) and its output read while the caller waits for a message. A request
  and its answer then cost no hand-over between threads: about 45 µs less CPU a round
  trip on the project's machine (``benchmarks/tournament.py``), for a caller that receives
  after every send, as the tournament does. A child that writes more than the pipe holds
  while nobody receives waits (blocked in its write) until the next receive.

Standard library only; nothing here starts or confines a process.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import time
from collections.abc import Callable

from .messages import Limits


class Wire:
    """Messages to and from one child; the queue of what came is ``messages``: ``("message",
    dict)``, ``("bad", why)`` (nothing more is read after it) or ``("eof", None)``."""

    def __init__(self, stdin, stdout, limits: Limits, inline: bool, thread: Callable) -> None:
        self.stdin, self.stdout, self.limits, self.inline = stdin, stdout, limits, inline
        self.messages: queue.Queue = queue.Queue()
        self._outbox: queue.Queue = queue.Queue()
        self._pending = b""  # inline: what the child's input pipe has not taken yet
        self._unread = b""  # the child's output not yet split into messages
        self._output = 0  # bytes of output read in all
        if inline:
            os.set_blocking(stdin.fileno(), False)
        else:
            thread(self._read_messages)
            thread(self._write_messages)

    # --- out ------------------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """Queue one line for the child; never blocks."""
        if not self.inline:
            self._outbox.put(data)
            return
        self._pending += data
        self._flush()

    def close_input(self) -> None:
        """End the child's input (after what the pipe takes of what is pending, inline)."""
        if self.inline:
            self._flush()  # the rest is dropped with the input
            with contextlib.suppress(OSError, ValueError):
                self.stdin.close()
        self._outbox.put(None)

    def finished(self) -> None:
        """The child has ended: let go of the pipes."""
        self._outbox.put(None)
        if self.inline:
            for stream in (self.stdin, self.stdout):
                with contextlib.suppress(OSError, ValueError, AttributeError):
                    stream.close()

    def _flush(self) -> None:
        """Inline: write what the child's input pipe takes now, without blocking."""
        try:
            while self._pending:
                written = os.write(self.stdin.fileno(), self._pending)
                self._pending = self._pending[written:]
        except BlockingIOError:
            pass
        except (OSError, ValueError):  # the child is gone: its end shows as end of output
            self._pending = b""

    def _write_messages(self) -> None:
        """The writer thread."""
        stream = self.stdin
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

    # --- in -------------------------------------------------------------------------------
    def next(self, wait: float) -> tuple[str, object]:
        """The next of ``messages`` within ``wait`` seconds (``queue.Empty`` if none)."""
        if not self.inline:
            return self.messages.get(timeout=wait)
        if self.messages.empty():
            if self.stdout.closed:  # ended (or killed) before its output was read
                self.messages.put(("eof", None))
            else:
                self._pump(wait)
        return self.messages.get_nowait()

    def _pump(self, timeout: float) -> None:
        """Inline: wait up to ``timeout`` for the child's output (feeding it what is
        pending meanwhile) and read what came; the end of the output is a message too."""
        out, into = self.stdout.fileno(), self.stdin
        deadline = time.monotonic() + timeout
        while self.messages.empty():
            writing = [into] if self._pending and not into.closed else []
            try:
                ready, writable, _ = select.select([out], writing, [], max(0.0, timeout))
            except (OSError, ValueError):
                ready, writable = [out], []
            if writable:
                self._flush()
            if ready:
                try:
                    more = self._take(os.read(out, 1 << 16))
                except OSError:
                    more = False
                if not more:
                    self.messages.put(("eof", None))
                    with contextlib.suppress(OSError, ValueError):
                        self.stdout.close()
                    return
            timeout = deadline - time.monotonic()
            if timeout <= 0:
                return

    def _read_messages(self) -> None:
        """The reader thread: the child's output, split into messages (:meth:`_take`)."""
        stream = self.stdout
        try:
            while self._take(os.read(stream.fileno(), 1 << 16)):
                pass
        except OSError:
            pass
        finally:
            self.messages.put(("eof", None))
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _take(self, chunk: bytes) -> bool:
        """Split ``chunk`` of the child's output into messages, within the size limits;
        False at the end of the output or once a limit is passed (nothing more is read)."""
        if not chunk:
            return False
        limits = self.limits
        self._output += len(chunk)
        if self._output > limits.output_bytes:
            self.messages.put(("bad", f"more than {limits.output_bytes} bytes in all"))
            return False
        buffer = self._unread + chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            self._put_line(line)
        self._unread = buffer
        if len(buffer) > limits.message_bytes:
            self.messages.put(("bad", f"a message longer than {limits.message_bytes} bytes"))
            return False
        return True

    def _put_line(self, line: bytes) -> None:
        if len(line) > self.limits.message_bytes:
            self.messages.put(("bad", f"a message longer than {self.limits.message_bytes} bytes"))
            return
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            self.messages.put(("bad", "a line that is not JSON (or nested too deeply)"))
            return
        if isinstance(message, dict):
            self.messages.put(("message", message))
        else:
            self.messages.put(("bad", "JSON that is not an object"))


__all__ = ["Wire"]
