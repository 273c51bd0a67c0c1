"""Does the course run with exactly what the README tells students to install?

    python tools/check_student_install.py            # fresh .venv-students, then run
    python tools/check_student_install.py --reuse    # keep an existing .venv-students

1. Creates a fresh virtual environment, ``.venv-students/`` (gitignored), and installs the
   students' install into it: ``pip install ".[notebooks]"``, not editable and without the
   test extra, so a lesson that imports something only the tests install fails here.
2. Checks that a notebook's kernel imports ``shengji_edu`` from that environment, not from
   the source tree.
3. Executes every lesson (``lessons/NN_*.ipynb``) and every student exercise copy
   (``exercises/ex*.ipynb``) top to bottom with that environment's Python, two at a time,
   with small simulation sizes (``SHENGJI_EDU_SIM_SCALE=small``). Any cell that raises fails
   the run. A student copy must run through: its checks report NOT ATTEMPTED, never raise.

``.ci/run`` runs this after the test command. It takes about two minutes (the install is
most of it). Exit code 0 when everything ran, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-students"


def venv_python(folder: Path) -> Path:
    windows = folder / "Scripts" / "python.exe"
    return windows if os.name == "nt" else folder / "bin" / "python"


def run(cmd: list[str], **kwargs) -> None:
    print("$ " + subprocess.list2cmdline([str(c) for c in cmd]), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def student_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # nothing from the source tree or the test environment
    env.pop("SHENGJI_EDU_STRICT", None)  # student copies must report, not raise
    env["SHENGJI_EDU_SIM_SCALE"] = "small"
    # Prefer the environment's own kernel spec over a "python3" kernel in the user's folder.
    env["JUPYTER_PREFER_ENV_PATH"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reuse", action="store_true", help="keep an existing environment")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once")
    args = parser.parse_args(argv)
    env = student_env()
    python = venv_python(VENV)
    started = time.perf_counter()
    try:
        if not (args.reuse and python.exists()):
            print(f"creating a fresh virtual environment in {VENV.name}/", flush=True)
            venv.create(VENV, with_pip=True, clear=True)
            install = time.perf_counter()
            # --no-compile: Python compiles what a notebook imports when it imports it; compiling
            # all of JupyterLab's dependencies up front is a quarter of the install's time.
            pip = [python, "-m", "pip", "install", "--quiet", "--no-compile"]
            run([*pip, ".[notebooks]"], cwd=ROOT, env=env)
            print(f"students' install took {time.perf_counter() - install:.0f} s", flush=True)
        where = subprocess.run(
            [python, "-c", "import shengji_edu; print(shengji_edu.__file__)"],
            cwd=ROOT / "lessons",
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if Path(where).resolve().is_relative_to((ROOT / "shengji_edu").resolve()):
            print(f"shengji_edu comes from the source tree ({where}), not the install")
            return 1
        print(f"a lesson's kernel imports {where}", flush=True)
        notebooks = ["lessons", "exercises"]
        code = subprocess.call(
            [str(python), str(ROOT / "tools" / "execute_notebooks.py"), "--check"]
            + ["--jobs", str(args.jobs), *notebooks],
            cwd=ROOT,
            env=env,
        )
    except subprocess.CalledProcessError as error:
        print(f"failed: {error}", flush=True)
        return 1
    print(f"student install check: {time.perf_counter() - started:.0f} s in all", flush=True)
    return 1 if code else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
