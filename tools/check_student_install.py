"""Does the course run with exactly what the README tells students to install?

    python tools/check_student_install.py            # fresh .venv-students, then run
    python tools/check_student_install.py --reuse    # keep an existing .venv-students
    python tools/check_student_install.py --build-only LOG   # only build it (what .ci/run does
                                                     # while its own install runs)
    python tools/run_tests.py                        # the same, inside the whole test run (CI)

1. Creates a fresh virtual environment, ``.venv-students/`` (gitignored), and installs the
   students' install into it: ``pip install ".[notebooks,rl]"`` (the ``rl`` extra is what
   lesson 00 tells students to add for lesson 13), not editable and without the test extra,
   so a lesson that imports something only the tests install fails.
2. Checks that a kernel started in ``lessons/`` imports ``shengji_edu`` from that environment,
   not from the source tree, and registers that environment's Python as the Jupyter kernel
   ``shengji-students`` (inside the environment: nothing outside it changes).
3. Runs, from the repository root, every lesson (``lessons/NN_*.ipynb``, strict nbval: stored
   outputs compared) and every student exercise copy (``exercises/ex*.ipynb``, nbval-lax: any
   cell that raises fails; a student copy's checks report NOT ATTEMPTED, never raise) in that
   kernel, two notebooks at a time, with small simulation sizes.

``--build-only LOG`` does step 1 alone, from a copy of the source tree (setuptools writes
``build/`` and ``*.egg-info`` into the tree it installs from, so a build beside another
install of the same tree must not share it), writing what it prints to LOG. ``.ci/run`` starts
it in the background before its own ``pip install``, which leaves the second core idle, and
names LOG in ``SHENGJI_EDU_STUDENTS_BUILT``: ``tools/run_tests.py`` then reuses that fresh
environment (it still checks it and registers its kernel) instead of building it again.

Steps 1 and 2 are :func:`prepare`; ``tools/run_tests.py`` (the README command, what
``.ci/run`` runs) calls it and then executes the lessons and the exercise copies in the
students' kernel instead of the test environment's, so CI executes each lesson once. The
pytest and nbval that drive the notebooks come from the environment running this script (the
test extra); the kernel that runs them has only the students' install. Exit code 0 when
everything passed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-students"
KERNEL = "shengji-students"


@dataclass
class StudentEnv:
    python: Path
    jupyter_path: Path  # where the kernel spec lives: put it on JUPYTER_PATH

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """An environment in which Jupyter finds the ``shengji-students`` kernel."""
        env = dict(os.environ if base is None else base)
        paths = [str(self.jupyter_path), env.get("JUPYTER_PATH", "")]
        env["JUPYTER_PATH"] = os.pathsep.join(p for p in paths if p)
        return env


def venv_python(folder: Path) -> Path:
    windows = folder / "Scripts" / "python.exe"
    return windows if os.name == "nt" else folder / "bin" / "python"


def _clean_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # nothing from the source tree or the test environment
    env.pop("SHENGJI_EDU_STRICT", None)  # student copies must report, not raise
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def build(out: TextIO | None = None, source: Path = ROOT) -> Path:
    """Step 1: a fresh ``.venv-students`` with ``pip install ".[notebooks,rl]"`` of ``source``;
    returns its Python. Raises ``RuntimeError`` if pip fails."""
    python = venv_python(VENV)
    print(f"creating a fresh virtual environment in {VENV.name}/", file=out, flush=True)
    venv.create(VENV, with_pip=True, clear=True)
    started = time.perf_counter()
    # --no-compile: Python compiles what a notebook imports when it imports it; compiling
    # all of JupyterLab's dependencies up front is a quarter of the install's time.
    # the rl extra too: lesson 13 and ex13 need it, and lesson 00 tells students to add it
    cmd = [str(python), "-m", "pip", "install", "--quiet", "--no-compile", ".[notebooks,rl]"]
    print("$ " + subprocess.list2cmdline(cmd), file=out, flush=True)
    stderr = subprocess.STDOUT if out is not None else None
    if subprocess.call(cmd, cwd=source, env=_clean_env(), stdout=out, stderr=stderr):
        raise RuntimeError('pip install ".[notebooks,rl]" failed (see above)')
    print(f"students' install took {time.perf_counter() - started:.0f} s", file=out, flush=True)
    return python


def build_from_copy(out: TextIO | None = None) -> Path:
    """:func:`build` from a copy of the tree (no virtual environments, git data or build
    leftovers), so that another install of the tree can run at the same time."""
    leftovers = shutil.ignore_patterns(".git", ".venv*", "build", "*.egg-info", "__pycache__")
    with tempfile.TemporaryDirectory(prefix="shengji-students-source-") as tmp:
        copy = Path(tmp) / "source"
        shutil.copytree(ROOT, copy, ignore=leftovers, symlinks=True)
        return build(out, copy)


def prepare(reuse: bool = False, out: TextIO | None = None) -> StudentEnv:
    """Create .venv-students with the students' install; check it; register its kernel.

    What it prints (pip's output too) goes to ``out`` (standard output if None), so the
    test command can build it while the unit tests run and print the log afterwards.

    Raises ``RuntimeError`` (saying what went wrong) if the install fails or the package
    would be imported from the source tree.
    """
    python = venv_python(VENV)
    env = _clean_env()
    if not (reuse and python.exists()):
        build(out)
    probe = "import shengji_edu; print(shengji_edu.__file__); import matplotlib.pyplot"
    found = subprocess.run(
        [str(python), "-c", probe], cwd=ROOT / "lessons", env=env, capture_output=True, text=True
    )  # importing pyplot builds matplotlib's font cache now, not inside a notebook's output
    if found.returncode:
        raise RuntimeError(f"the students' environment cannot import the course:\n{found.stderr}")
    where = Path(found.stdout.strip().splitlines()[0]).resolve()
    if where.is_relative_to((ROOT / "shengji_edu").resolve()):
        raise RuntimeError(f"shengji_edu comes from the source tree ({where}), not the install")
    print(f"a lesson's kernel imports {where}", file=out, flush=True)
    jupyter_path = VENV / "share" / "jupyter"
    spec = jupyter_path / "kernels" / KERNEL
    spec.mkdir(parents=True, exist_ok=True)
    kernel = {
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "shengji-edu (students' install)",
        "language": "python",
    }
    (spec / "kernel.json").write_text(json.dumps(kernel, indent=1), encoding="utf-8")
    return StudentEnv(python, jupyter_path)


def nbval_args(strict: bool) -> list[str]:
    """pytest arguments that run notebooks in the students' kernel, two at a time."""
    args = ["--nbval" if strict else "--nbval-lax", f"--nbval-kernel-name={KERNEL}"]
    args += ["-p", "tools.nbval_kernel_retry"]  # a kernel that dies starting starts again
    sanitize = Path("tools", "nbval_sanitize.cfg")
    if (ROOT / sanitize).is_file():
        args += ["--nbval-sanitize-with", str(sanitize)]
    try:
        import xdist  # noqa: F401

        args += ["-n", "2", "--dist", "loadscope"]
    except ImportError:
        pass
    return args


def student_copies() -> list[str]:
    return [str(p.relative_to(ROOT)) for p in sorted((ROOT / "exercises").glob("ex*.ipynb"))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reuse", action="store_true", help="keep an existing environment")
    parser.add_argument(
        "--build-only",
        metavar="LOG",
        help="only build a fresh environment, from a copy of the tree, printing to LOG",
    )
    args = parser.parse_args(argv)
    if args.build_only:
        with open(args.build_only, "w", encoding="utf-8") as log:
            try:
                build_from_copy(out=log)
            except (RuntimeError, OSError) as error:
                print(f"failed: {error}", file=log, flush=True)
                return 1
        return 0
    started = time.perf_counter()
    try:
        students = prepare(reuse=args.reuse)
    except RuntimeError as error:
        print(f"failed: {error}", flush=True)
        return 1
    env = students.env(_clean_env())
    env["SHENGJI_EDU_SIM_SCALE"] = "small"
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    codes = []
    for strict, notebooks in ((True, ["lessons"]), (False, student_copies())):
        cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *nbval_args(strict)]
        print("$ " + subprocess.list2cmdline([*cmd, *notebooks]), flush=True)
        codes.append(subprocess.call([*cmd, *notebooks], cwd=ROOT, env=env))
    print(f"student install check: {time.perf_counter() - started:.0f} s in all", flush=True)
    return 1 if any(codes) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
