"""Calling the student's function: the call styles, the threaded runner with its time limits,
and the capture of what it prints (see :mod:`.checking`).

The time limit
--------------
A student's function may loop forever. Signals (``signal.alarm``) do not exist on Windows and
only work in the main thread, and the student's function lives only in the notebook's kernel.
So ``q.check`` runs the calls in one *daemon worker thread* while the calling thread waits
with a timeout (``threading.Event.wait``), the same on Windows, macOS and Linux. When a call
takes longer than the limit (2 s by default, ``SHENGJI_EDU_TIME_LIMIT`` to change it), the
check reports FAIL with the input it was stuck on and tries to stop the thread by raising an
exception inside it (CPython's ``PyThreadState_SetAsyncExc``); a loop inside one long C call
cannot be interrupted that way and keeps running in the background until the kernel is
restarted. (The grader does not rely on this: it stops its child process by killing it.)
In the browser (JupyterLite: Pyodide has no threads) the calls run in the calling thread
instead, under a trace function (``sys.settrace``) that looks at the clock every few hundred
lines of Python and stops a call over the limit where it stands, with the same FAIL. A
check is about four times slower that way (the package's own lines are not traced), and a
loop inside one long C call (``sum(range(10**12))``) is not stopped: reload the page.

While the student's function runs, what it prints is captured (and shown, shortened, next
to a failing case) instead of flooding the notebook.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .common import OUTPUT_LIMIT, TIME_LIMIT, TOTAL_TIME_LIMIT, _StopCheck
from .plain import decode_args, describe_error, encode_args, to_plain


def _plain_call(fn: Callable[..., Any], *args: object) -> object:
    return fn(*args)


def _both_keys(key: Callable[..., Any], a: object, b: object, *rest: object) -> tuple:
    """The keys of two cards; the judge compares them (see :class:`.kinds.KeyOrder`)."""
    return key(a, *rest), key(b, *rest)


def softmax_loss(weights: Sequence[float], decisions: Sequence, labels: Sequence[int]) -> float:
    """Mean cross-entropy of the chosen candidates under a softmax of ``weights · features``
    (exercise 13: one decision is a list of candidates' feature lists)."""
    import math

    total = 0.0
    for candidates, label in zip(decisions, labels, strict=True):
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in candidates]
        top = max(scores)
        log_sum = top + math.log(sum(math.exp(s - top) for s in scores))
        total += log_sum - scores[label]
    return total / max(1, len(labels))


def _descent_step(step: Callable[..., Any], weights, decisions, labels, rate) -> tuple:
    """``(did the loss fall?, the new weights)`` for a training step ``step(weights,
    decisions, labels, rate)`` (exercise 13): a step must lower :func:`softmax_loss`."""
    import copy

    kept = copy.deepcopy((decisions, labels))  # judged on the inputs as given
    before = softmax_loss(weights, *kept)
    new = step(weights, decisions, labels, rate)
    try:
        fell = softmax_loss(new, *kept) < before
    except (TypeError, ValueError):  # not a list of as many numbers: the answer says why
        fell = False
    return fell, new


CALL_STYLES: dict[str, Callable[..., Any]] = {
    "plain": _plain_call,
    "both_keys": _both_keys,
    "descent_step": _descent_step,
}
"""How a question calls a function on one case, by name (the grader's child is told the
name, as plain data): ``plain`` is ``fn(*args)``; ``both_keys`` is ``(fn(a, *rest),
fn(b, *rest))`` for arguments ``(a, b, *rest)``; ``descent_step`` is ``(loss fell?,
fn(*args))`` for a training step (:func:`_descent_step`)."""


@contextlib.contextmanager
def swapped(namespace: dict, replacements: Mapping[str, object]) -> Iterator[None]:
    """Temporarily bind names in a namespace (the notebook's globals), then restore them."""
    missing = object()
    saved = {name: namespace.get(name, missing) for name in replacements}
    namespace.update(replacements)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is missing:
                namespace.pop(name, None)
            else:
                namespace[name] = value


class _Capture:
    """A stand-in for sys.stdout / sys.stderr that keeps a little of each case's output."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def write(self, text: object) -> int:
        text = str(text) if not isinstance(text, str) else text
        if self.size < OUTPUT_LIMIT:
            kept = text[: OUTPUT_LIMIT - self.size]
            self.parts.append(kept)
            self.size += len(kept)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def take(self) -> str:
        text = "".join(self.parts)
        self.parts, self.size = [], 0
        return text


@dataclass
class _RunState:
    index: int = 0
    started: float = 0.0
    cancelled: bool = False
    limit: float = TIME_LIMIT
    outcomes: list[dict] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _stop_thread(thread: threading.Thread) -> None:
    """Ask a running thread to stop by raising _StopCheck in it (CPython only)."""
    try:
        import ctypes

        ident = thread.ident
        if ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(ident), ctypes.py_object(_StopCheck)
            )
    except Exception:  # another Python, or no ctypes: the thread keeps running
        pass


def global_names(function: object) -> set[str]:
    """The global names a function's code (and code nested in it) reads: the functions it
    calls by name, such as an earlier question's."""
    import dis

    code = getattr(function, "__code__", None)
    names: set[str] = set()
    stack = [code] if isinstance(code, types.CodeType) else []
    while stack:
        current = stack.pop()
        for instruction in dis.get_instructions(current):
            if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and instruction.argval:
                names.add(str(instruction.argval))
        stack += [c for c in current.co_consts if isinstance(c, types.CodeType)]
    return names


def call_plain(
    fn: Callable[..., Any], wire: list, capture: _Capture | None = None, style: str = "plain"
) -> dict:
    """Call ``fn`` on one case given as plain data (in the :data:`CALL_STYLES` way named
    ``style``); the outcome as plain data.

    Runs where the function lives (the notebook, or the grader's child process, which is
    told only the function's name, the style and the cases). Only :class:`_StopCheck` (the
    time limit) escapes.
    """
    args = decode_args(wire)
    try:
        outcome: dict = {"kind": "value", "value": to_plain(CALL_STYLES[style](fn, *args))}
    except _StopCheck:
        raise
    except NotImplementedError as error:
        outcome = {"kind": "todo", "text": describe_error(error)}
    except BaseException as error:  # the student's code may raise anything
        outcome = {"kind": "error", "text": describe_error(error)}
    if capture is not None:
        outcome["output"] = capture.take()
    if outcome["kind"] == "value":
        after = encode_args(args)
        if after != wire:
            outcome["after"] = after
    return outcome


PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
"""The package's folder: calls into it are counted, its lines are not traced."""

TRACE_EVERY = 200
"""How many trace events (lines, calls) go by between two looks at the clock."""


def threads_available() -> bool:
    """Can a worker thread run the calls? Not under Pyodide (``sys.platform ==
    "emscripten"``: JupyterLite), where starting one raises RuntimeError."""
    return sys.platform != "emscripten"


def run_traced(
    wires: Sequence[list], call: Callable[[list, _Capture], dict], limit: float
) -> list[dict]:
    """:func:`run_calls` without a thread: the calls run here, and a trace function stops
    the one over the limit (``sys.settrace``; see the module's docstring)."""
    started = time.monotonic()
    state = _RunState(limit=limit)
    capture = _Capture()
    seen = [0]
    total = [False]

    def tracer(frame: types.FrameType, event: str, arg: object) -> Callable | None:
        seen[0] += 1
        if seen[0] % TRACE_EVERY == 0:
            now = time.monotonic()
            total[0] = now - started > TOTAL_TIME_LIMIT
            if now - state.started > limit or total[0]:
                raise _StopCheck
        # the package's own code never loops forever: its lines go untraced (faster)
        return None if frame.f_code.co_filename.startswith(PACKAGE_DIR) else tracer

    previous = sys.gettrace()
    with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture):
        sys.settrace(tracer)
        try:
            for index, wire in enumerate(wires):
                state.index, state.started = index, time.monotonic()
                try:
                    state.outcomes.append(call(wire, capture))
                except _StopCheck:
                    state.outcomes.append({"kind": "timeout", "total": total[0]})
                    break
        finally:
            sys.settrace(previous)
    return state.outcomes


def run_calls(
    wires: Sequence[list], call: Callable[[list, _Capture], dict], limit: float
) -> list[dict]:
    """``call(wire, capture)`` on every case in a worker thread, stopping at a call over
    ``limit`` seconds (or when all of them take over :data:`TOTAL_TIME_LIMIT`).

    The outcomes as plain data (see :func:`call_plain`); a stop adds a ``timeout``.
    """
    if not threads_available():
        return run_traced(wires, call, limit)
    state = _RunState(limit=limit)
    capture = _Capture()

    def work() -> None:
        try:
            for index, wire in enumerate(wires):
                if state.cancelled:
                    return
                state.index, state.started = index, time.monotonic()
                outcome = call(wire, capture)
                with state.lock:
                    if state.cancelled:
                        return
                    state.outcomes.append(outcome)
        except _StopCheck:
            return
        finally:
            state.done.set()

    started = time.monotonic()
    state.started = started
    with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(capture):
        thread = threading.Thread(target=work, name="shengji-edu-check", daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no threads here after all: the calls run traced, here
            return run_traced(wires, call, limit)
        try:
            while not state.done.wait(0.02):
                now = time.monotonic()
                over_total = now - started > TOTAL_TIME_LIMIT
                if now - state.started > limit or over_total:
                    with state.lock:
                        state.cancelled = True
                        state.outcomes.append({"kind": "timeout", "total": over_total})
                    _stop_thread(thread)
                    state.done.wait(0.2)
                    break
        except BaseException:  # e.g. the user interrupts the kernel: stop the worker too
            state.cancelled = True
            _stop_thread(thread)
            raise
    return state.outcomes
