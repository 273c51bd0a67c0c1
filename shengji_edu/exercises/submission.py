"""Inside the grader's sandbox: run one submitted notebook, then call its functions on request.

This module runs only in the child process that :mod:`shengji_edu.grading` starts for each
submission (``python -m shengji_edu.exercises.submission``, through
:mod:`shengji_edu.sandbox`), never in the grader. It executes the notebook's code cells with
IPython's ``InteractiveShell`` (so magics, ``display`` and ``get_ipython()`` work as in
Jupyter, without a kernel), then, for each question, calls the student's function on the
cases the grader sends and sends back what it returned, as plain data. It judges nothing:
the grader compares in its own process, so whatever the notebook changed in this process
(modules, IPython, ``__eq__``) cannot change a grade.

Nothing here knows an answer. The child never imports a question nor the answers (the
``solutions_exNN`` modules: the grader runs it on a copy of the package without them and, with
Landlock, lets it read nothing else of the package): it is told the
function's *name*, how to call it (a :data:`.checking.CALL_STYLES` name) and the cases, as
plain data. So a notebook that patches this module, the checks or the exercise modules can
only change what its own functions answer; and when the grader wants to know whether a
question fails only because of an earlier one, the earlier function is replaced by a stand-in
that asks the *grader* (``ask`` → ``answer``), for that check only, a bounded number of times.

The student's function is looked up by name in the notebook's namespace, and the grader is
told whether it was defined by the notebook itself (a function compiled from one of its
cells, in ``__main__``): one imported from elsewhere does not count.

The messages, one JSON object per line on the sandbox's private pipe::

    grader → child                               child → grader
    {"op": "run", "cells": [[n, source], …],     {"event": "ready"}
     "cell_limit": s, "functions": [names]}      {"event": "cell", "number": n}
                                                 {"event": "cell_done", "number": n,
                                                  "error": null | {"type", "text", …}}
                                                 {"event": "ran", "functions": {…},
                                                  "own": [the notebook's own check results]}
    {"op": "check", "question": "ex01.q1",       {"event": "case", "index": i,
     "function": "points_of", "cases": […],       "outcome": {…}}        (one per case)
     "call": "plain", "limit": 2, "total": 60,   {"event": "ask", "id": k, "name": name,
     "ask": [names]}                               "args": [plain]}  (a stand-in's call)
    {"op": "answer", "id": k, "value": plain}    {"event": "checked", "swapped": [names]}
     (or "error": text)
    {"op": "bye"}                                (exits)

A cell, or one call of the student's function, is interrupted after its time limit by a
``SIGALRM`` (POSIX; elsewhere by an exception raised in the main thread from a timer). Code
that ignores the interrupt is the grader's business: it kills this process.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator

from ..sandbox import Channel
from .checking import (
    CALL_STYLES,
    RESULTS,
    _Capture,
    _StopCheck,
    call_plain,
    describe_error,
    encode_args,
    from_plain,
    global_names,
    swapped,
)


class _CellTimeout(BaseException):
    """Raised inside a cell that ran longer than its limit."""


@contextlib.contextmanager
def _alarm(seconds: float, exception: type[BaseException]) -> Iterator[None]:
    """Raise ``exception`` in this (the main) thread after ``seconds``, unless done before."""

    def ring(*_args) -> None:
        raise exception()

    if hasattr(signal, "setitimer"):
        signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        return
    import ctypes  # no SIGALRM (Windows): raise it in the main thread from a timer thread

    main = threading.main_thread().ident

    def interrupt() -> None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(main), ctypes.py_object(exception)
        )

    timer = threading.Timer(seconds, interrupt)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _shell():
    """A quiet IPython shell (no history file, no colours), as a notebook kernel would use."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    return InteractiveShell.instance(config=config)


def _error_of(result) -> dict | None:
    """What went wrong in a cell, as plain data (``None``: nothing)."""
    error = result.error_before_exec or result.error_in_exec
    if error is None:
        return None
    if isinstance(error, _CellTimeout):
        return {"type": "timeout"}
    if isinstance(error, SyntaxError):
        return {
            "type": type(error).__name__,
            "syntax": True,
            "text": str(error.msg or "")[:200],
            "line": error.lineno if isinstance(error.lineno, int) else None,
        }
    return {"type": type(error).__name__, "text": describe_error(error)[:300]}


def _kind(value: object, cells: set[str]) -> dict:
    return {
        "present": value is not None,
        "callable": callable(value),
        "defined": defined_in(value, cells),
        "type": type(value).__name__,
        "repr": "" if callable(value) else repr(value)[:80],
    }


def cell_files(shell) -> set[str]:
    """The file names IPython gave the code of the cells it ran (``<ipython-input-N-…>``)."""
    names = getattr(getattr(shell, "compile", None), "_filename_map", None)
    return {str(name) for name in names} if isinstance(names, dict) else set()


def defined_in(value: object, cells: set[str]) -> bool:
    """Was ``value`` defined by the notebook: a function (or a callable object of a class)
    compiled from one of its cells, in ``__main__``? A function imported from a module, made by
    ``exec`` of a string, or a builtin, is not. A decorated function counts if the decorator's
    result or a function it wraps (``__wrapped__``, e.g. ``functools.cache``) is the
    notebook's."""
    chain = [value]
    with contextlib.suppress(Exception):
        for _ in range(10):
            inner = getattr(chain[-1], "__wrapped__", None)
            if inner is None:
                break
            chain.append(inner)
    return any(_from_a_cell(link, cells) for link in chain)


def _from_a_cell(value: object, cells: set[str]) -> bool:
    code = getattr(value, "__code__", None)
    target = value
    if not isinstance(code, types.CodeType):
        target = vars(type(value)).get("__call__")  # an instance of a notebook class
        code = getattr(target, "__code__", None)
        if not isinstance(code, types.CodeType):
            return False
    namespace = getattr(target, "__globals__", None)  # read-only; __module__ may be copied
    in_main = getattr(target, "__module__", None) == "__main__" or (
        isinstance(namespace, dict) and namespace.get("__name__") == "__main__"
    )
    made_by_a_cell = code.co_filename in cells or code.co_filename in IPYTHON_CELL_CODE
    return in_main and (not cells or made_by_a_cell)


IPYTHON_CELL_CODE = {"<timed exec>", "<timed eval>"}
"""What IPython names the code of a cell run by ``%%time`` (the cell's own text)."""


def run_cells(channel: Channel, shell, request: dict) -> None:
    """Execute the notebook's code cells, reporting each; then which functions exist."""
    limit = float(request.get("cell_limit", 30))
    for number, source in request.get("cells", []):
        channel.send({"event": "cell", "number": number})
        try:
            with _alarm(limit, _CellTimeout):
                result = shell.run_cell(source, store_history=True)
            error = _error_of(result)
        except _CellTimeout:
            error = {"type": "timeout"}
        except BaseException as exc:  # escaped IPython's own handling (e.g. at the edges)
            error = {"type": type(exc).__name__, "text": describe_error(exc)[:300]}
        channel.send({"event": "cell_done", "number": number, "error": error})
    namespace = shell.user_ns
    cells = cell_files(shell)
    names = request.get("functions", [])
    functions = {name: _kind(namespace.get(name), cells) for name in names}
    own = [result.to_dict() for result in RESULTS if hasattr(result, "to_dict")]
    channel.send({"event": "ran", "functions": functions, "own": own})


def _stand_in(channel: Channel, name: str) -> Callable[..., object]:
    """A function that asks the grader what a correct ``name`` answers (see the module doc)."""
    counter = [0]

    def ask(*args: object) -> object:
        counter[0] += 1
        number = counter[0]
        channel.send({"event": "ask", "id": number, "name": name, "args": encode_args(args)})
        for reply in channel:
            if reply.get("op") == "answer" and reply.get("id") == number:
                if "error" in reply:
                    raise RuntimeError(str(reply["error"])[:200])
                return from_plain(reply.get("value"))
        raise RuntimeError("the grader did not answer")

    ask.__name__ = ask.__qualname__ = name
    return ask


def check(channel: Channel, shell, request: dict) -> None:
    """Call the student's function on each case sent; send each outcome as plain data."""
    function = shell.user_ns.get(str(request["function"]))
    style = str(request.get("call", "plain"))
    style = style if style in CALL_STYLES else "plain"
    limit = float(request.get("limit", 2.0))
    total = float(request.get("total", 60.0))
    used = global_names(function)
    replacements = {
        str(name): _stand_in(channel, str(name))
        for name in request.get("ask") or []
        if str(name) in used
    }
    namespace = getattr(function, "__globals__", None)
    if not isinstance(namespace, dict):
        namespace, replacements = {}, {}
    capture = _Capture()
    started = time.monotonic()
    with (
        swapped(namespace, replacements),
        contextlib.redirect_stdout(capture),
        contextlib.redirect_stderr(capture),
    ):
        for index, wire in enumerate(request.get("cases", [])):
            if time.monotonic() - started > total:
                outcome = {"kind": "timeout", "total": True}
            else:
                try:
                    with _alarm(limit, _StopCheck):
                        outcome = call_plain(function, wire, capture, style)
                except _StopCheck:
                    outcome = {"kind": "timeout", "stopped": True}
            channel.send({"event": "case", "index": index, "outcome": outcome})
            if outcome.get("kind") == "timeout":
                break
    channel.send({"event": "checked", "swapped": sorted(replacements)})


def main() -> int:
    channel = Channel.connect()
    request = channel.receive()
    if not request or request.get("op") != "run":
        return 2
    shell = _shell()
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)  # from here on the notebook writes; only startup errors are kept
    os.close(null)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    channel.send({"event": "ready"})
    run_cells(channel, shell, request)
    for message in channel:
        if message.get("op") == "check":
            try:
                check(channel, shell, message)
            except _StopCheck:  # the alarm rang just after a call: the next request goes on
                channel.send({"event": "checked", "swapped": []})
        elif message.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    os._exit(main())  # no atexit handlers of the notebook's code, no waiting for its threads
