"""Helpers for the notebooks: simulation sizes that tests can shrink, committed results, and
the cells a browser cannot run.

Lessons run real simulations (thousands of hands in the AI lesson). The test suite runs
every notebook, so the sizes come from one place: set the environment variable
``SHENGJI_EDU_SIM_SCALE=small`` (the test command does) and every lesson uses its small size.
Cells whose output depends on the size carry nbval's ``nbval-ignore-output`` tag.
"""

from __future__ import annotations

import os
import sys
from importlib.resources import files
from pathlib import Path

SCALE_VARIABLE = "SHENGJI_EDU_SIM_SCALE"


def small_run() -> bool:
    """True when the environment asks for small simulations (tests, quick previews)."""
    return os.environ.get(SCALE_VARIABLE, "").strip().lower() in ("small", "test", "1")


def simulation_size(full: int, small: int) -> int:
    """``full`` normally, ``small`` when ``SHENGJI_EDU_SIM_SCALE=small``."""
    return small if small_run() else full


def result_path(name: str) -> Path:
    """The path of a committed result file, e.g. ``result_path("search_trials.json")``.

    The repository's ``results/`` folder is installed as package data, so a lesson finds its
    figures from any folder, with any install (editable, from git, on Colab): it does not
    depend on the notebook sitting in ``lessons/`` next to ``../results``.
    """
    path = Path(str(files("shengji_edu.results").joinpath(*name.split("/"))))
    if not path.is_file():
        raise FileNotFoundError(
            f"no committed result {name!r} in {path.parent}: reinstall the package "
            "(pip install .) or regenerate it with the command in results/README.md"
        )
    return path


def in_browser() -> bool:
    """True under Pyodide (JupyterLite: the lessons in a web browser, nothing installed)."""
    return sys.platform == "emscripten"


def browser_skip(what: str) -> bool:
    """In the browser: print that this cell is skipped there, and why, and return True.

    A browser cannot start processes, so what runs code in a process of its own (the
    tournament, ``check_bot``, the grader, ``--processes``) is skipped there, e.g.
    ``if not browser_skip("check_bot runs the bot in a process of its own"): ...``.
    Elsewhere it prints nothing and returns False.
    """
    if not in_browser():
        return False
    print(
        f"Skipped in the browser: {what}, and a browser cannot start processes. "
        "Run this lesson in Jupyter or on Colab to see it."
    )
    return True
