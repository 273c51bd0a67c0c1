"""Helpers for the notebooks: simulation sizes that tests can shrink, and committed results.

Lessons run real simulations (thousands of hands in the AI lesson). The test suite runs
every notebook, so the sizes come from one place: set the environment variable
``SHENGJI_EDU_SIM_SCALE=small`` (the test command does) and every lesson uses its small size.
Cells whose output depends on the size carry nbval's ``nbval-ignore-output`` tag.
"""

from __future__ import annotations

import os
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
