"""The code style is part of the build: ruff lint and format, notebooks included."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def ruff(*args: str) -> subprocess.CompletedProcess:
    if (
        shutil.which("ruff") is None
        and subprocess.run(
            [sys.executable, "-m", "ruff", "--version"], capture_output=True
        ).returncode
    ):
        pytest.skip("ruff is not installed (it comes with the test extra)")
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_lint_is_clean():
    result = ruff("check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
