"""``shengji table``: the play table as a web page (Voilà), and the page's settings.

The browser test (tests/frontends/test_e2e_browser.py) opens the real page; these tests check the
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

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_command_serves_the_app_notebook_on_localhost(launched, capsys, tmp_path):
    pytest.importorskip("voila")
    args = ["table", "--port", "8899", "--lang", "zh", "--seed", "5", "--no-browser"]
    assert cli.main([*args, "--saves", str(tmp_path)]) == 0
    ((cmd, env),) = launched
    assert cmd[:3] == [sys.executable, "-m", "voila"] and cmd[3] == str(APP_NOTEBOOK)
    assert "--Voila.ip=127.0.0.1" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert "--strip_sources=True" in cmd  # no code on the page
    assert env["SHENGJI_TABLE_LANG"] == "zh" and env["SHENGJI_TABLE_SEED"] == "5"
    assert "http://127.0.0.1:8899/" in capsys.readouterr().out


def test_the_command_culls_idle_kernels_and_says_so_for_ip(launched, tmp_path, capsys):
    """Issue item 5: every reload or closed tab left a kernel running, never stopped."""
    pytest.importorskip("voila")
    assert cli.main(["table", "--cull-idle", "120", "--saves", str(tmp_path)]) == 0
    ((cmd, _env),) = launched
    assert "--MappingKernelManager.cull_idle_timeout=120" in cmd
    assert "--MappingKernelManager.cull_interval=40" in cmd
    assert "--MappingKernelManager.cull_connected=True" in cmd
    assert "--MappingKernelManager.cull_busy=True" in cmd
    import argparse

    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {o: a.help for a in sub.choices["table"]._actions for o in a.option_strings}
    assert "shares the table" in helps["--ip"] and "kernel" in helps["--ip"]
    assert "--cull-idle seconds" in helps["--ip"] and "--cull-idle" in helps


def test_the_command_serves_a_template_that_asks_no_cdn(launched, tmp_path):
    """Issue item 7: the page asked a CDN for Font Awesome; nothing may leave the machine."""
    pytest.importorskip("voila")
    assert cli.main(["table", "--saves", str(tmp_path)]) == 0
    ((cmd, env),) = launched
    assert "--template=shengji" in cmd
    roots = env["JUPYTER_PATH"].split(os.pathsep)
    ours = Path(roots[0]) / "voila" / "templates" / "shengji"
    index = (ours / "index.html.j2").read_text(encoding="utf-8")
    assert "extends 'lab/index.html.j2'" in index and "cdn" not in index
    assert any((Path(r) / "voila" / "templates" / "lab").is_dir() for r in roots[1:])
    config = next(a for a in cmd if a.startswith("--Voila.config_file_paths="))
    folder = Path(config.split("=", 1)[1])
    assert "prelaunch_hook = prelaunch" in (folder / "voila.py").read_text(encoding="utf-8")
    assert env["SHENGJI_TABLE_SAVES"] == str(tmp_path)


def test_the_template_drops_the_cdn_links_of_voilas_lab_page(tmp_path):
    """Render the template's block the way Voilà does (jinja2, lab's page as the parent)."""
    jinja2 = pytest.importorskip("jinja2")
    from shengji_edu.widgets.app import TEMPLATE_FILES

    parent = (
        "{% block notebook_css %}<style>a</style>\n"
        '  <link rel="stylesheet" href="https://cdn.jsdelivr.net/x.css" type="text/css" />\n'
        '<link rel="stylesheet" href="static/local.css" />\n{% endblock notebook_css %}'
    )
    loader = jinja2.DictLoader(
        {"lab/index.html.j2": parent, "index.html.j2": TEMPLATE_FILES["index.html.j2"]}
    )
    page = jinja2.Environment(loader=loader).get_template("index.html.j2").render()
    assert "cdn.jsdelivr" not in page and "static/local.css" in page and "<style>a" in page


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


# --- issue item 5: a reload resumes the match ---------------------------------------------------
def test_a_new_kernel_resumes_the_saved_match_of_the_same_browser(tmp_path, monkeypatch):
    from shengji_edu.game import DEALING

    monkeypatch.setenv("SHENGJI_TABLE_SAVES", str(tmp_path))
    monkeypatch.setenv("SHENGJI_TABLE_SEED", "12")
    first = table_from_environment(browser="abc123")
    while first.round.phase == DEALING:
        (first.deal_on_button or first.deal_all_button).click()
    first.settings.language_dropdown.value = "zh"
    hand = first.round.hand(0)
    again = table_from_environment(browser="abc123")  # the page reloaded: a new kernel
    assert again.round.hand(0) == hand and again.round.events == first.round.events
    assert len(again.hand_toggles) == len(hand) and again.lang == "zh"
    assert "欢迎回来" in again.message or "Welcome back" in again.message
    other = table_from_environment(browser="def456")  # another browser: its own match
    assert other.round.dealt == 0
    assert table_from_environment().round.dealt == 0  # no browser: nothing resumed


def test_a_corrupt_save_starts_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("SHENGJI_TABLE_SAVES", str(tmp_path))
    (tmp_path / "table-abc.pickle").write_bytes(b"not a pickle")
    assert table_from_environment(browser="abc").round.dealt == 0


def test_the_prelaunch_hook_names_the_browser_before_the_kernel_starts():
    import nbformat

    from shengji_edu.widgets.app import browser_key, prelaunch

    notebook = nbformat.read(APP_NOTEBOOK, as_version=4)

    class User:
        username = "e080708474a54814bb999496de3a6d6b"

    class Request:
        current_user = User()

    changed = prelaunch(Request(), notebook, ".")
    source = changed.cells[0].source
    key = browser_key(User())
    assert f"table_from_environment(browser={key!r})" in source and key.isalnum()
    assert browser_key(None) is None
