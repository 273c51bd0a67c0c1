"""The package list in pyproject.toml is complete, and the lessons' results ship with it."""

from __future__ import annotations

from pathlib import Path

import pytest
import setuptools
import tomllib

from shengji_edu.course import result_path

ROOT = Path(__file__).resolve().parents[2]


def test_every_subpackage_is_listed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = set(setuptools.find_packages(str(ROOT), include=["shengji_edu*"]))
    assert found | {"shengji_edu.results"} == listed


def test_result_path_finds_committed_results():
    assert result_path("search_trials.json") == (ROOT / "results" / "search_trials.json")
    board = result_path("tournament_class/results/leaderboard.json")
    committed = ROOT / "results" / "tournament_class" / "results" / "leaderboard.json"
    assert board.read_bytes() == committed.read_bytes()


def test_result_path_names_what_to_do_when_missing():
    with pytest.raises(FileNotFoundError, match="results/README.md"):
        result_path("no_such_result.json")
