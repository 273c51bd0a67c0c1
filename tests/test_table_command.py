"""``shengji table``: the play table as a web page (Voilà), and the page's settings.

The browser test (tests/test_e2e_browser.py) opens the real page; these tests check the
command's options, its refusal without Voilà, and how the page reads its settings, without
starting a server.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shengji_edu import cli
from shengji_edu.widgets import PlayTable
from shengji_edu.widgets.app import APP_NOTEBOOK, table_from_environment, table_settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def launched(monkeypatch):
    """Run ``shengji table`` with Voilà's start replaced by a recorder."""
    calls = []

    def record(executable, cmd, env=None):
        calls.append((cmd, env))
        return 0

    monkeypatch.setattr(os, "execve", record)
    monkeypatch.setattr(subprocess, "call", lambda cmd, env=None: record(None, cmd, env))
    return calls


def test_the_command_serves_the_app_notebook_on_localhost(launched, capsys):
    pytest.importorskip("voila")
    assert cli.main(["table", "--port", "8899", "--lang", "zh", "--seed", "5", "--no-browser"]) == 0
    ((cmd, env),) = launched
    assert cmd[:3] == [sys.executable, "-m", "voila"] and cmd[3] == str(APP_NOTEBOOK)
    assert "--Voila.ip=127.0.0.1" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert "--strip_sources=True" in cmd  # no code on the page
    assert env["SHENGJI_TABLE_LANG"] == "zh" and env["SHENGJI_TABLE_SEED"] == "5"
    assert "http://127.0.0.1:8899/" in capsys.readouterr().out


def test_the_command_without_voila_says_how_to_install_it(monkeypatch, launched, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a)
    )
    assert cli.main(["table"]) == 2
    assert 'pip install "shengji-edu[app]"' in capsys.readouterr().err
    assert launched == []


@pytest.mark.parametrize(
    "args, error",
    [
        (["--lang", "fr"], "no messages in language 'fr'"),
        (["--computer", "oracle"], "unknown player"),
    ],
)
def test_bad_options_are_refused_with_what_to_do(args, error, launched, capsys):
    assert cli.main(["table", *args]) == 2
    assert error in capsys.readouterr().err and launched == []


def test_the_page_reads_its_settings_from_the_command_and_the_address():
    assert table_settings({}) == {"lang": "en"}
    env = {
        "SHENGJI_TABLE_LANG": "zh",
        "SHENGJI_TABLE_SEED": "8",
        "SHENGJI_TABLE_COMPUTER": "random",
    }
    assert table_settings(env) == {"lang": "zh", "seed": 8, "computer": "random"}
    env["QUERY_STRING"] = "lang=en&seed=12"  # a visitor's ?lang=en&seed=12 wins
    assert table_settings(env) == {"lang": "en", "seed": 12, "computer": "random"}
    bad = {"QUERY_STRING": "lang=xx&seed=abc&computer=oracle"}  # falls back, never breaks
    assert table_settings(bad) == {"lang": "en"}


def test_the_app_notebook_shows_a_table_and_nothing_else():
    cells = json.loads(APP_NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    assert [c["cell_type"] for c in cells] == ["code"]
    source = "".join(cells[0]["source"])
    assert source.rstrip().endswith("table_from_environment()")
    namespace: dict = {}
    exec(compile(source.rsplit("\n", 1)[0], "app", "exec"), namespace)
    assert isinstance(namespace["table_from_environment"](), PlayTable)
    assert isinstance(table_from_environment(), PlayTable)


def test_the_catalogues_and_the_app_notebook_ship_in_the_package():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    from fnmatch import fnmatch

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["shengji_edu"]
    package = ROOT / "shengji_edu"
    shipped = [*package.glob("locale/**/*.mo"), *package.glob("locale/**/*.po"), APP_NOTEBOOK]
    assert len(shipped) >= 3
    for path in shipped:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch(relative, p) for p in patterns), relative
    assert "voila" in config["project"]["optional-dependencies"]["app"]
