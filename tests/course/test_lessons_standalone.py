"""The lessons that load committed results run anywhere: a notebook alone, a normal install.

The README's Colab route installs the course with ``pip install "git+…"`` and opens one
lesson, far from the repository's ``results/`` folder. A lesson that reads ``../results/…``
works in a clone and breaks there. So the lessons load committed results only through
``shengji_edu.course.result_path``, which finds them as package data.

The slow test checks it as a student would meet it: the package is built into a wheel (not
editable, from a copy of the source tree) and installed into a fresh virtual environment that
sees this environment's packages (Jupyter, matplotlib …) but not the source tree; then each
lesson that loads results is copied alone into an empty folder and executed there, with small
simulation sizes, in a kernel of that environment. Any error in any cell fails the test.

The quick test reads every lesson and fails on a code cell that names a path above the
notebook's folder (``..``), the mistake the slow test would catch one lesson at a time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
KERNEL = "shengji-standalone"
LOADING_RESULTS = [
    "08_simple_ai.ipynb",
    "10_gin_rummy.ipynb",
    "12_tournament.ipynb",
    "13_learning_to_play.ipynb",
]
"""The lessons that load committed results (``result_path``)."""

LEFTOVERS = shutil.ignore_patterns(
    ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".hypothesis", ".ruff_cache", ".ipynb_checkpoints",
)  # fmt: skip


def code_cells(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", sorted(LESSONS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_lesson_reads_files_above_its_folder(path):
    parent = re.compile(r"""(["'])\.\.([/\\].*)?\1|Path\(\s*["']\.\.""")
    for source in code_cells(path):
        assert not parent.search(source), f"{path.name} reads above its folder:\n{source}"


def test_the_lessons_loading_results_use_result_path():
    for name in LOADING_RESULTS:
        assert any("result_path(" in source for source in code_cells(LESSONS / name)), name


def _run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(part) for part in cmd], capture_output=True, text=True, check=False, **kwargs
    )
    if done.returncode:
        pytest.fail(f"$ {subprocess.list2cmdline(map(str, cmd))}\n{done.stdout}\n{done.stderr}")
    return done


def _clean_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # nothing from the source tree
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _outside_paths() -> list[str]:
    """This environment's import paths, without the source tree: what the fresh environment
    borrows (Jupyter, matplotlib …). A ``.pth`` line adds a folder only, so an editable
    install's own ``.pth`` hook in it is not run: the course can come only from the wheel."""
    root = ROOT.resolve()
    kept = []
    for entry in sys.path:
        path = Path(entry or ".").resolve()
        installed_packages = {"site-packages", "dist-packages"} & set(path.parts)
        if not path.is_dir() or (path.is_relative_to(root) and not installed_packages):
            continue  # the source tree (a virtual environment inside it is fine)
        if path.is_relative_to(Path(sys.base_prefix).resolve()):
            continue  # the standard library and base site-packages: the venv has them
        kept.append(str(path))
    return kept


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """A fresh environment with the wheel installed and its kernel registered; returns the
    environment variables under which Jupyter finds that kernel."""
    work = tmp_path_factory.mktemp("standalone")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=LEFTOVERS, symlinks=True)
    wheels = work / "wheels"
    env = _clean_env()
    pip = [sys.executable, "-m", "pip"]
    _run([*pip, "wheel", "--no-deps", "-w", wheels, source], env=env)  # as students build it
    (wheel,) = wheels.glob("shengji_edu-*.whl")
    folder = work / "venv"
    venv.create(folder, system_site_packages=True, with_pip=False)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    purelib = Path(site.stdout.strip())
    _run([*pip, "install", "--no-deps", "--no-index", "--target", purelib, wheel], env=env)
    (purelib / "zz_borrowed.pth").write_text("\n".join(_outside_paths()) + "\n", "utf-8")

    probe = "import shengji_edu, nbclient, ipykernel, matplotlib; print(shengji_edu.__file__)"
    found = _run([python, "-c", probe], cwd=work, env=env)
    where = Path(found.stdout.strip()).resolve()
    assert where.is_relative_to(purelib.resolve()), f"the course comes from {where}"

    spec = work / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    kernel = {
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "shengji-edu (wheel, no source tree)",
        "language": "python",
    }
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")
    paths = [str(work / "jupyter"), env.get("JUPYTER_PATH", "")]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in paths if p)
    env["SHENGJI_EDU_SIM_SCALE"] = "small"
    env["SHENGJI_TEST_WHEEL_PYTHON"] = str(python)
    return env


RUN_ALONE = """
import sys
import nbformat
from nbclient import NotebookClient

path = sys.argv[1]
notebook = nbformat.read(path, as_version=4)
resources = {"metadata": {"path": sys.argv[3]}}  # the kernel starts in the notebook's folder
client = NotebookClient(notebook, timeout=600, kernel_name=sys.argv[2], resources=resources)
client.execute()  # raises CellExecutionError, naming the cell, on any error
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", LOADING_RESULTS)
def test_a_lesson_runs_alone_from_a_wheel_install(name, installed, tmp_path):
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(LESSONS / name, alone / name)
    done = subprocess.run(
        [sys.executable, "-c", RUN_ALONE, str(alone / name), KERNEL, str(alone)],
        capture_output=True,
        text=True,
        env=installed,
        cwd=alone,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, f"{name} failed alone in {alone}:\n{done.stderr[-4000:]}"
    assert sorted(p.name for p in alone.iterdir()) == [name]  # nothing else was needed


HOSTILE = ROOT / "tests" / "fixtures" / "hostile"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Landlock is Linux's")
def test_a_wheel_install_grades_with_its_answers_out_of_reach(installed, tmp_path):
    """With the package in a site-packages folder (not editable), a graded notebook still
    cannot read the answers: the package is carved out of what the child reads."""
    from shengji_edu.sandbox import capabilities

    if not capabilities()["landlock"]:
        pytest.skip("no Landlock here: the grader says the answers are readable")
    folder = tmp_path / "submissions"
    (folder / "eve").mkdir(parents=True)
    shutil.copy(HOSTILE / "c09_site_packages.ipynb", folder / "eve" / "ex01_cards.ipynb")
    shutil.copy(ROOT / "exercises" / "solutions" / "ex01_cards.ipynb", folder)
    python = installed["SHENGJI_TEST_WHEEL_PYTHON"]
    done = subprocess.run(
        [python, "-m", "shengji_edu", "grade", str(folder), "--csv", str(tmp_path / "g.csv")],
        capture_output=True,
        text=True,
        env=installed,
        cwd=tmp_path,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join(done.stdout.split())  # the banner's lines are wrapped
    assert "could read the package's answers" not in said, done.stdout
    assert "full sandbox could not start" not in said, done.stdout
    assert "reads only Python's files" in said, done.stdout
    rows = {line.split()[0]: line for line in done.stdout.splitlines() if "ex01_cards" in line}
    assert " 0/5 " in rows["eve/ex01_cards.ipynb"] and " 5/5" in rows["ex01_cards.ipynb"], rows
