"""Load a maintainer's script (``benchmarks/``, ``tools/``, a fixture maker) as a module, so
a test can call its functions: the scripts are not part of the package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
"""The repository's root."""


def load_script(path: Path, name: str) -> ModuleType:
    """The script at ``path`` (absolute, or relative to the repository's root), imported as
    the module ``name`` and registered in ``sys.modules`` (dataclasses look their module up
    there)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
