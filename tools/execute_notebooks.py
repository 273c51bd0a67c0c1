"""Re-execute notebooks in place, so their stored outputs match the package.

    python tools/execute_notebooks.py                 # every lesson
    python tools/execute_notebooks.py lessons/03_pairs_and_tractors.ipynb

Run it after changing the package, then commit the notebooks: the test suite compares the
stored outputs with a fresh run (strict nbval). Uses the current Python environment's
kernel, full simulation sizes, and prints each notebook's execution time.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def execute(path: Path, timeout: int = 600) -> float:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    client.execute()
    took = time.perf_counter() - start
    # Widget state changes on every run and only a live kernel can use it: don't store it.
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    return took


def main(argv: list[str]) -> int:
    os.environ.pop("SHENGJI_EDU_SIM_SCALE", None)  # stored outputs use the full sizes
    paths = [Path(a) for a in argv] or sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
    total = 0.0
    for path in paths:
        took = execute(path)
        total += took
        print(f"{took:6.1f} s  {path.relative_to(ROOT) if path.is_absolute() else path}")
    print(f"{total:6.1f} s  total")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
