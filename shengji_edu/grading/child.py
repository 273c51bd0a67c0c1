"""The graded child's set-up: the copy of the package without the answers, what the child may
read, and the check that the answers are out of its reach."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from .. import sandbox
from .submissions import Settings

_RUNNER = ["-m", "shengji_edu.exercises.submission"]
_CHILD_IMPORTS = ("shengji_edu.exercises.submission", "IPython.core.interactiveshell")
"""What every child imports before it runs a cell: their bytecode is made once per process
(:func:`shengji_edu.sandbox.warm_bytecode_once`) instead of being compiled in each child."""


_PACKAGE = Path(__file__).resolve().parents[1]
"""The shengji_edu package folder (the one :func:`child_package` copies, without answers)."""
_ANSWERS = re.compile(r"solutions_ex\d\d\b")
"""The modules holding the answers (``exercises/solutions_exNN.py``, their bytecode too)."""


def _answer_files(names: Iterable[str]) -> list[str]:
    return [name for name in names if _ANSWERS.match(name)]


@functools.cache
def child_package() -> Path:
    """A copy of this package *without* the answers (``exercises/solutions_exNN.py`` and
    their bytecode), made once per process in a temporary folder (removed at exit): the
    package a graded child imports first and, with Landlock, the only part of it that it may
    read. So the answers are neither importable nor readable where a notebook runs for marks.
    (With an editable install or a checkout, the package itself is then out of the child's
    view; a package installed into site-packages is carved out of the site-packages folder the
    child reads, see :func:`_read_paths`.)"""
    import atexit
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="shengji-grade-package-"))
    folder.chmod(0o755)  # a child started by root runs as an unprivileged user: let it in
    atexit.register(shutil.rmtree, folder, ignore_errors=True)

    def ignore(_where: str, names: list[str]) -> list[str]:
        return [*_answer_files(names), *[n for n in names if n == ".ipynb_checkpoints"]]

    shutil.copytree(_PACKAGE, folder / _PACKAGE.name, ignore=ignore)
    return folder / _PACKAGE.name


def answers_hidden(read_paths: Sequence[str] | None, landlock: bool) -> bool:
    """Can a child with these read paths (under Landlock) neither import nor read the
    answers? Only if no read path holds this package's ``exercises`` folder."""
    if read_paths is None or not landlock:
        return False
    hidden = str(_PACKAGE / "exercises")
    return not any(
        hidden == path or hidden.startswith(path.rstrip(os.sep) + os.sep)
        for path in (os.path.realpath(p) for p in read_paths)
    )


def child_setup(settings: Settings, exclude: Sequence[Path]) -> sandbox.PythonChild:
    """A graded child (:func:`shengji_edu.sandbox.python_child`): the copy of the package
    without the answers first on its path and readable; not the package itself, nor the
    checkout around it, nor the submissions. When the package is installed in a
    ``site-packages`` folder, which the child must read for IPython and the rest, the package
    is carved out of it (:func:`shengji_edu.sandbox.hide_beneath`), so its answers stay
    unreadable there too."""
    installed = _in_site_packages()
    return sandbox.python_child(
        path_first=str(child_package().parent),
        exclude=[*exclude, *([] if installed else [_PACKAGE])],
        carve=[_PACKAGE] if installed else [],
        restrict_reads=settings.restrict_reads,
        env={"SHENGJI_EDU_TIME_LIMIT": f"{settings.call_limit:g}"},
    )


def _in_site_packages() -> bool:
    """Is this package installed in a site-packages folder (which the child must read)?"""
    import site
    import sysconfig

    folders = [*site.getsitepackages(), site.getusersitepackages()]
    folders += [sysconfig.get_paths()[name] for name in ("purelib", "platlib")]
    return any(_PACKAGE.parent == Path(folder).resolve() for folder in folders if folder)
