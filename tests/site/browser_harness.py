"""Run the same code in CPython and in Pyodide, and compare what comes out byte for byte.

tests/site/test_pyodide_browser.py runs this file's functions here and, copied into
Pyodide's file system, in headless Chromium. Standard library and the package only.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import json
import time


def play_records(hands: int, match_seed: int) -> dict:
    """Seeded hands of greedy players and one whole match: their records as JSON text,
    with the hands per second of this Python."""
    from shengji_edu.game import Round, hand_record, match_record, play_match, play_round
    from shengji_edu.players import GreedyPlayer, RandomPlayer

    play_round(Round(seed=hands), [GreedyPlayer() for _ in range(4)])  # warm-up, not timed
    started = time.perf_counter()
    texts = []
    for seed in range(hands):
        players = [GreedyPlayer(), RandomPlayer(), GreedyPlayer(), GreedyPlayer()]
        round_ = play_round(Round(seed=seed), players)
        texts.append(json.dumps(hand_record(round_), sort_keys=True, ensure_ascii=False))
    seconds = time.perf_counter() - started
    match = play_match([GreedyPlayer() for _ in range(4)], seed=match_seed)
    texts.append(json.dumps(match_record(match), sort_keys=True, ensure_ascii=False))
    text = "\n".join(texts)
    return {
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "bytes": len(text.encode("utf-8")),
        "match_hands": len(match.rounds),
        "hands_per_second": hands / seconds,
        "text": text,
    }


def run_cells(sources: list[str]) -> list[str]:
    """Run notebook cells in one namespace, as a kernel does: what each prints, then the
    repr of its last expression (if not None)."""
    namespace: dict = {"__name__": "__main__"}
    outputs = []
    for source in sources:
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, "<cell>", "exec"), namespace)
            value = None
            if last is not None:
                value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
        outputs.append(printed.getvalue() + ("" if value is None else repr(value)))
    return outputs


class NoCharts(RuntimeError):
    """A chart was asked for where matplotlib is absent (Pyodide's core)."""


def charts_absent() -> None:
    """Make ``import matplotlib…`` work but any use of it raise :class:`NoCharts`.

    Pyodide's core has no matplotlib (JupyterLite loads it from Pyodide's CDN): in the
    test's page a cell that only imports it runs, and a cell that draws says so.
    """
    import importlib.abc
    import importlib.machinery
    import sys
    import types

    class Absent(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            if name.startswith("__"):
                raise AttributeError(name)
            raise NoCharts(f"{self.__name__}.{name}: no matplotlib in this Pyodide")

    class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path=None, target=None):
            if name == "matplotlib" or name.startswith("matplotlib."):
                return importlib.machinery.ModuleSpec(name, self, is_package=True)
            return None

        def create_module(self, spec):
            module = Absent(spec.name)
            module.__path__ = []
            return module

        def exec_module(self, module) -> None:
            pass

    sys.meta_path.insert(0, Finder())


def run_lesson(sources: list[str]) -> list[list[str]]:
    """Every cell of a lesson in one namespace, going on after a cell that raises: for each,
    ``["ok", output]`` or ``["error", "ExceptionName: message"]``."""
    namespace: dict = {"__name__": "__main__", "display": lambda *values: print(*values)}
    results = []
    for source in sources:
        printed = io.StringIO()
        try:
            tree = ast.parse(source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            with contextlib.redirect_stdout(printed):
                exec(compile(tree, "<cell>", "exec"), namespace)
                value = None
                if last is not None:
                    value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
            results.append(["ok", printed.getvalue() + ("" if value is None else repr(value))])
        except BaseException as error:  # a cell's failure is what is measured
            results.append(["error", f"{type(error).__name__}: {error}"[:300]])
        finally:
            close_figures()
    return results


def close_figures() -> None:
    """Close the cell's charts, where matplotlib is really there (CPython)."""
    import sys

    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None and pyplot.__spec__ is not None and pyplot.__spec__.origin:
        pyplot.close("all")


def check_exercise() -> dict:
    """ex01's first question checked in this Python: a right answer, a wrong one, a loop."""
    from shengji_edu.exercises import ex01, runner, solutions_ex01

    def wrong(cards):
        return len(cards)

    def loops(cards):
        while True:
            pass

    return {
        "threads": runner.threads_available(),
        "right": ex01.q1.run(solutions_ex01.points_of).status,
        "wrong": ex01.q1.run(wrong).message,
        "loop": ex01.q1.run(loops, limit=0.5).message,
    }
