"""The README's first command opens the course with the repository as JupyterLab's root.

The test reads the ``jupyter lab`` command out of the README, runs it for real (headless, on
a free port, no token), and asks the server's contents API for lesson 00, for the exercises
folder and for the target of every relative link of every lesson: with ``lessons/`` as the
root, each ``../exercises/…`` link would answer 404. Then it stops the server.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from markdown_text import ROOT, is_external, links, markdown_parts

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

README = ROOT / "README.md"
INSTALL = ROOT / "docs" / "install.md"  # the conda and PowerShell set-ups live there
START_TIMEOUT = 60.0


def readme_commands(path: Path = README) -> list[str]:
    """Every ``jupyter lab …`` command in a page's code blocks (the part after ``&&``)."""
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"^ *```[^\n]*\n(.*?)^ *```", text, re.DOTALL | re.MULTILINE)
    found = []
    for block in blocks:
        for line in block.splitlines():
            for part in line.split("&&"):
                if part.strip().startswith("jupyter lab"):
                    found.append(part.strip())
    return found


def first_command() -> list[str]:
    commands = readme_commands()
    assert commands, "the README has no `jupyter lab` command"
    return shlex.split(commands[0])


def test_every_readme_jupyter_command_is_the_same():
    """The README's pip set-up and the install guide's (pip, PowerShell, conda) open the
    course the same way."""
    readme, install = readme_commands(README), readme_commands(INSTALL)
    assert readme and install, (readme, install)
    conda = [
        line
        for line in INSTALL.read_text(encoding="utf-8").splitlines()
        if line.startswith("conda env create -f environment.yml")
    ]
    assert conda and "jupyter lab" in conda[0], "docs/install.md has no conda command"
    assert len(set(readme + install)) == 1, readme + install


def test_the_command_sets_the_repository_as_root():
    args = first_command()
    assert any(a in ("--notebook-dir=.", "--ServerApp.root_dir=.") for a in args), args
    assert "lessons/00_start_here.ipynb" in args, args


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""
    except (urllib.error.URLError, ConnectionError):  # not listening yet
        return 0, b""


@pytest.fixture
def server(tmp_path):
    """The README's command, run from the repository root, headless; always stopped."""
    port = free_port()
    args = first_command()[2:]  # after "jupyter lab"
    cmd = [sys.executable, "-m", "jupyter", "lab", *args]
    cmd += [
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        "--LabApp.extension_manager=readonly",  # no PyPI look-ups: the machine is offline
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers: the README says so
        cmd.append("--allow-root")
    env = dict(os.environ)
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "config")
    log_path = tmp_path / "jupyter.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            started = time.monotonic()
            while get(f"{base}/api/status")[0] != 200:
                if process.poll() is not None or time.monotonic() - started > START_TIMEOUT:
                    pytest.fail("JupyterLab did not start:\n" + log_path.read_text())
                time.sleep(0.3)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def contents(base: str, path: str) -> tuple[int, dict]:
    status, body = get(f"{base}/api/contents/{quote(path)}?content=0")
    return status, json.loads(body) if status == 200 else {}


@pytest.mark.slow
def test_the_readme_command_serves_lessons_and_exercises(server):
    status, lesson = contents(server, "lessons/00_start_here.ipynb")
    assert status == 200 and lesson["type"] == "notebook"
    status, body = get(f"{server}/api/contents/exercises")
    assert status == 200
    names = {item["name"] for item in json.loads(body)["content"]}
    assert {path.name for path in (ROOT / "exercises").glob("ex*.ipynb")} <= names
    # Every relative link of every lesson, asked of the server as the browser would.
    missing = []
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        for where, markdown in markdown_parts(path):
            for target in links(markdown):
                file_part = unquote(target.partition("#")[0])
                if is_external(target) or not file_part:
                    continue
                served = (Path("lessons") / file_part).as_posix()
                resolved = os.path.normpath(served).replace(os.sep, "/")
                if contents(server, resolved)[0] != 200:
                    missing.append(f"{path.name} {where}: {target} -> /api/contents/{resolved}")
    assert not missing, "links the server cannot serve:\n" + "\n".join(missing)


def test_ci_runs_the_readme_test_command():
    """CI runs exactly the README's second command (its install, then its test run)."""
    text = README.read_text(encoding="utf-8")
    commands = [
        line.strip()
        for block in re.findall(r"^ *```[^\n]*\n(.*?)^ *```", text, re.DOTALL | re.MULTILINE)
        for line in block.splitlines()
        if "tools/run_tests.py" in line
    ]
    assert commands, "the README has no test command"
    install, test = (part.strip() for part in commands[0].split("&&"))
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"python -m pip install --no-compile {install.split(' ', 2)[2]}" in ci, install
    assert re.search(rf"^{re.escape(test)} \|\| status=\$\?$", ci, re.MULTILINE), test
