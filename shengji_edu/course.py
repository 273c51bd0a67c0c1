"""Helpers for the notebooks: simulation sizes that tests can shrink.

Lessons run real simulations (thousands of hands in the AI lesson). The test suite runs
every notebook, so the sizes come from one place: set the environment variable
``SHENGJI_EDU_SIM_SCALE=small`` (the test command does) and every lesson uses its small size.
Cells whose output depends on the size carry nbval's ``nbval-ignore-output`` tag.
"""

from __future__ import annotations

import os

SCALE_VARIABLE = "SHENGJI_EDU_SIM_SCALE"


def small_run() -> bool:
    """True when the environment asks for small simulations (tests, quick previews)."""
    return os.environ.get(SCALE_VARIABLE, "").strip().lower() in ("small", "test", "1")


def simulation_size(full: int, small: int) -> int:
    """``full`` normally, ``small`` when ``SHENGJI_EDU_SIM_SCALE=small``."""
    return small if small_run() else full
