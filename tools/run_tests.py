"""Run every test of shengji-edu: the one command behind the README and .ci/run.

Steps, each a separate ``python -m pytest`` run from the repository root:

  a. unit and property tests in tests/ (not the e2e browser test); must collect tests; prints
     its 15 slowest tests, to keep CI's 10-minute budget in view
  b. strict nbval on lessons/              (skipped when there are no notebooks)
  c. nbval on exercises/solutions/         (skipped when there are no notebooks)
  d. the e2e browser tests, ``-m e2e``     (skipped when no test file has the marker):
     JupyterLab and the Voilà page, and the package under Pyodide (tests/site)

Step d starts when step a ends and runs beside the notebook steps (its output is printed
when it is done): it keeps one core busy with a browser while the notebooks wait on their
kernels, which takes most of its minute off the run on a 2-core machine.

By default (the README's command, and what .ci/run runs), a fresh virtual environment with
only the students' install (``pip install ".[notebooks,rl]"``) is built while step a runs
(tools/check_student_install.py), step b runs the lessons in that environment's kernel instead
of this one's, and one more step runs every student exercise copy (exercises/ex*.ipynb,
nbval-lax) in it: each lesson is executed once, by the install the README gives students.
``--no-students`` skips that environment (a minute saved while you work): the lessons then run
in this environment's kernel, and the student copies are not run.

Extra arguments go to step a, e.g. ``python tools/run_tests.py -k follow``.
The last line printed is ``N passed, N failed`` (steps); the exit code is 1 if any failed.
Plain subprocess calls with argument lists: works the same on Windows, macOS and Linux.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import check_student_install  # noqa: E402

NO_TESTS_COLLECTED = 5  # pytest.ExitCode.NO_TESTS_COLLECTED


@dataclass
class Step:
    name: str
    args: list[str]
    required: bool = False  # a required step fails when pytest collects nothing
    # environment variables for pytest, or a function giving them when the step runs
    extra_env: dict[str, str] | Callable[[], dict[str, str]] | None = None
    skip_reason: str | None = None  # set: do not run, report as skipped
    action: Callable[[], None] | None = None  # not pytest: a function that raises on failure
    alongside: bool = False  # runs in the background beside the steps after it


def notebooks_in(folder: str) -> list[Path]:
    """Notebooks under a folder of the repository, ignoring Jupyter's checkpoint copies."""
    base = ROOT / folder
    if not base.is_dir():
        return []
    return [p for p in base.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]


def has_e2e_tests() -> bool:
    """True if some test file mentions the e2e marker (``pytest.mark.e2e``)."""
    tests = ROOT / "tests"
    if not tests.is_dir():
        return False
    for path in tests.rglob("*.py"):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "mark.e2e" in text:
            return True
    return False


HAVE_XDIST = importlib.util.find_spec("xdist") is not None


def parallel(*dist: str) -> list[str]:
    """xdist options (two workers), or none if pytest-xdist is not installed."""
    return ["-n", "2", *dist] if HAVE_XDIST else []


class StudentsStep:
    """Builds the students' environment once; later steps use its kernel.

    The build (mostly pip reading and unpacking wheels) starts in a background thread before
    the unit tests (:meth:`start`) and the step itself waits for it (:meth:`build`), then
    prints its log: on a 2-core machine this takes most of the build's minute off the run.
    """

    def __init__(self) -> None:
        self.env: check_student_install.StudentEnv | None = None
        self._thread: threading.Thread | None = None
        self._log: TextIO | None = None
        self._error: BaseException | None = None
        self._seconds = 0.0

    def start(self) -> None:
        # closed by build(), after the thread is done with it
        self._log = tempfile.TemporaryFile("a+", encoding="utf-8")  # noqa: SIM115
        self._thread = threading.Thread(target=self._prepare, daemon=True)
        self._thread.start()

    def _prepare(self) -> None:
        started = time.perf_counter()
        try:
            self.env = check_student_install.prepare(reuse=self._built_early(), out=self._log)
        except BaseException as error:  # re-raised by build(), in the step's own place
            self._error = error
        self._seconds = time.perf_counter() - started

    def _built_early(self) -> bool:
        """Did ``.ci/run`` build the environment already, while its own install ran? It names
        the build's log in ``SHENGJI_EDU_STUDENTS_BUILT`` (``check_student_install.py
        --build-only``); a log that does not end in success means: build it again here."""
        name = os.environ.get("SHENGJI_EDU_STUDENTS_BUILT")
        if not name:
            return False
        try:
            log = Path(name).read_text(encoding="utf-8")
        except OSError as error:
            print(f"(no early build to reuse: {error})", file=self._log, flush=True)
            return False
        print(log + "(built by .ci/run beside its own install)", file=self._log, flush=True)
        lines = log.strip().splitlines()
        if not lines or not lines[-1].startswith("students' install took"):
            print("(that build did not succeed: building it again)", file=self._log, flush=True)
            return False
        return check_student_install.venv_python(check_student_install.VENV).exists()

    def build(self) -> None:
        if self._thread is None:  # not started early: build it now
            self.env = check_student_install.prepare()
            return
        self._thread.join()
        assert self._log is not None
        self._log.seek(0)
        print(self._log.read(), end="", flush=True)
        self._log.close()
        print(f"(built in the background in {self._seconds:.0f} s)", flush=True)
        if self._error is not None:
            raise self._error

    def extra_env(self) -> dict[str, str]:
        if self.env is None:
            raise RuntimeError("the students' environment could not be built (see above)")
        return self.env.env({})


def plan(extra_args: list[str], students: StudentsStep | None = None) -> list[Step]:
    steps = [
        Step(
            "unit tests (tests/, not e2e)",
            ["-m", "not e2e", "--durations=15", *parallel(), *extra_args],
            required=True,
        )
    ]

    sanitize = ROOT / "tools" / "nbval_sanitize.cfg"
    nbval = [
        "--nbval-current-env",
        "-p",
        "tools.nbval_kernel_retry",
        *parallel("--dist", "loadscope"),
    ]
    if sanitize.is_file():
        nbval += ["--nbval-sanitize-with", str(sanitize.relative_to(ROOT))]

    if students is None:
        lessons = Step("lessons (strict nbval)", ["--nbval", *nbval, "lessons"])
    else:
        steps.append(
            Step("students' environment (pip install .[notebooks,rl])", [], action=students.build)
        )
        lessons = Step(
            "lessons (strict nbval, students' kernel)",
            [*check_student_install.nbval_args(strict=True), "lessons"],
            extra_env=students.extra_env,
        )
    if not notebooks_in("lessons"):
        lessons.skip_reason = "no notebooks in lessons/"
    steps.append(lessons)
    if students is not None:
        copies = check_student_install.student_copies()
        steps.append(
            Step(
                "student exercise copies (nbval-lax, students' kernel)",
                [*check_student_install.nbval_args(strict=False), *copies],
                extra_env=students.extra_env,
                skip_reason=None if copies else "no exercises/ex*.ipynb",
            )
        )

    solutions = Step(
        "exercise solutions (nbval-lax, SHENGJI_EDU_STRICT=1)",
        ["--nbval-lax", *nbval, str(Path("exercises", "solutions"))],
        extra_env={"SHENGJI_EDU_STRICT": "1"},
    )
    if not notebooks_in("exercises/solutions"):
        solutions.skip_reason = "no notebooks in exercises/solutions/"
    steps.append(solutions)

    e2e = Step("browser test (-m e2e)", ["-m", "e2e"], alongside=True)
    if not has_e2e_tests():
        e2e.skip_reason = "no test file uses the e2e marker"
    steps.insert(1, e2e)  # right after the unit tests, beside everything else
    return steps


def run(step: Step, env: dict[str, str], out: TextIO | None = None) -> tuple[str, str]:
    """Run one step; return its status ("passed", "failed", "skipped") and a detail.
    Its output goes to ``out`` (standard output if None)."""
    if step.skip_reason:
        return "skipped", step.skip_reason
    started = time.perf_counter()
    if step.action is not None:
        print(f"\n=== {step.name}", flush=True)
        try:
            step.action()
        except Exception as error:  # report it as a failed step, run the others
            print(f"failed: {error}", flush=True)
            return "failed", str(error).splitlines()[0]
        return "passed", f"{time.perf_counter() - started:.0f} s"
    cmd = [sys.executable, "-m", "pytest", *step.args]
    print(f"\n=== {step.name}\n$ {subprocess.list2cmdline(cmd)}", file=out, flush=True)
    try:
        extra = step.extra_env() if callable(step.extra_env) else step.extra_env
    except RuntimeError as error:
        return "failed", str(error)
    stderr = subprocess.STDOUT if out is not None else None
    code = subprocess.call(cmd, cwd=ROOT, env={**env, **(extra or {})}, stdout=out, stderr=stderr)
    if code == 0:
        return "passed", ""
    if code == NO_TESTS_COLLECTED:
        return ("failed" if step.required else "skipped"), "no tests collected"
    return "failed", f"pytest exit code {code}"


def fetch_site_assets() -> None:
    """What the site's tests need from the registries, once (tools/fetch_site_assets.py:
    hypothesis's pure-Python wheel, Pyodide's core; nothing to do when cached): only with the
    docs extra, which the test extra holds on Python 3.11 and newer. If it cannot fetch
    them, the site's browser test says so (and fails under CI=true)."""
    if importlib.util.find_spec("jupyterlite_pyodide_kernel") is None:
        return
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fetch_site_assets.py")
    if subprocess.call([sys.executable, script]) != 0:
        print("warning: tools/fetch_site_assets.py failed; the site's browser test decides")


def main(argv: list[str] | None = None) -> int:
    extra_args = list(sys.argv[1:] if argv is None else argv)
    students: StudentsStep | None = StudentsStep()
    if "--no-students" in extra_args:
        extra_args = [a for a in extra_args if a != "--no-students"]
        students = None
    env = dict(os.environ)
    # Deterministic property tests and small simulations; either can be overridden.
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    env.setdefault("SHENGJI_EDU_SIM_SCALE", "small")
    if not HAVE_XDIST:
        print("note: pytest-xdist is not installed; every step runs in one process", flush=True)

    steps = plan(extra_args, students)
    if students is not None:
        students.start()
    fetch_site_assets()
    results: dict[str, tuple[str, str]] = {}
    beside: list[tuple[Step, threading.Thread, TextIO]] = []
    for step in steps:
        if step.alongside and not step.skip_reason:
            log = tempfile.TemporaryFile("a+", encoding="utf-8")  # noqa: SIM115 (closed below)

            def run_beside(step: Step = step, log: TextIO = log) -> None:
                results[step.name] = run(step, env, out=log)

            thread = threading.Thread(target=run_beside, daemon=True)
            thread.start()
            beside.append((step, thread, log))
        else:
            results[step.name] = run(step, env)
    for _step, thread, log in beside:
        thread.join()
        log.seek(0)
        print(log.read(), end="", flush=True)
        log.close()
    results = {step.name: results[step.name] for step in steps}  # in the plan's order

    print("\n=== summary", flush=True)
    for name, (status, detail) in results.items():
        print(f"{status.upper():8} {name}" + (f" ({detail})" if detail else ""))
    passed = sum(status == "passed" for status, _ in results.values())
    failed = sum(status == "failed" for status, _ in results.values())
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
