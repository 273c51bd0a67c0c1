"""The notebook steps' plugin (``tools/nbval_kernel_retry.py``) starts a kernel again when
it dies before answering, and only then: a notebook whose kernel dies at its first start
passes with the plugin and errors without it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbval")
pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]

DIES_ONCE = """\
import runpy, sys
from pathlib import Path
marker = Path(sys.argv.pop(1))
if not marker.exists():  # the first start: die before replying to kernel_info
    marker.touch()
    sys.exit(1)
sys.argv[0] = "ipykernel_launcher"
runpy.run_module("ipykernel_launcher", run_name="__main__")
"""


def notebook(cells: list[tuple[str, str]]) -> dict:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": n,
                "metadata": {},
                "source": source,
                "outputs": [{"name": "stdout", "output_type": "stream", "text": out}]
                if out
                else [],
            }
            for n, (source, out) in enumerate(cells, start=1)
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def run_notebook(tmp_path: Path, plugin: bool) -> subprocess.CompletedProcess:
    marker = tmp_path / "started"
    marker.unlink(missing_ok=True)
    (tmp_path / "dies_once.py").write_text(DIES_ONCE, encoding="utf-8")
    spec = tmp_path / "kernels" / "dies-once"
    spec.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, str(tmp_path / "dies_once.py"), str(marker), "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "dies once", "language": "python"})
    )
    nb = tmp_path / "two_cells.ipynb"
    nb.write_text(json.dumps(notebook([("x = 1", ""), ("print(x + 1)", "2\n")])))
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]
    if plugin:
        args += ["-p", "tools.nbval_kernel_retry"]
    args += ["--nbval", "--nbval-kernel-name=dies-once", "--rootdir", str(tmp_path), str(nb)]
    env = {**os.environ, "JUPYTER_PATH": str(tmp_path)}
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_a_kernel_that_dies_at_its_first_start_is_started_again(tmp_path):
    done = run_notebook(tmp_path, plugin=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_without_the_plugin_the_same_notebook_errors(tmp_path):
    done = run_notebook(tmp_path, plugin=False)
    assert done.returncode != 0
    assert "Kernel died before replying to kernel_info" in done.stdout + done.stderr
