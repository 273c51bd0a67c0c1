"""A Python child's set-up: what it may read, its environment, and the bytecode it needs.

:func:`python_child` is the one set-up shared by the grader and the tournament, built on
:func:`python_read_paths` (the interpreter and its libraries, never ``/proc``, ``/tmp`` or
``/dev/shm``) and :func:`hide_beneath` (a folder carved out of those it reads);
:func:`warm_bytecode_once` writes the ``.pyc`` files children cannot write; and
:func:`code_version` names the package's code. All of it runs in the caller's process.
"""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty")
"""The devices a child may read (not /dev: /dev/shm is scratch space shared by everyone)."""


@dataclass(frozen=True)
class PythonChild:
    """What a sandboxed Python child that imports this package is given: its environment
    (besides the sandbox's minimal one) and what it may read (``Sandbox(env=…,
    read_paths=…, list_paths=…)``)."""

    env: dict[str, str]
    read_paths: list[str] | None
    list_paths: list[str]


def python_child(
    *,
    path_first: str | None = None,
    readable: Sequence[str | os.PathLike] = (),
    exclude: Sequence[str | os.PathLike] = (),
    carve: Sequence[str | os.PathLike] = (),
    restrict_reads: bool = True,
    env: Mapping[str, str] | None = None,
) -> PythonChild:
    """The one set-up of a Python child, shared by the grader and the tournament.

    ``path_first`` goes first on the child's import path (``PYTHONPATH``) and may be read: a
    checkout the package is run from, or the grader's copy of the package without the
    answers. ``readable`` are more folders it may read. Folders holding anything in
    ``exclude`` are left out of what it reads (other submissions, the bots, the results);
    each folder in ``carve`` is cut out of the folders that hold it with
    :func:`hide_beneath` (the package in a site-packages folder the child must still read).
    /proc, /tmp and /dev/shm are never readable (:func:`python_read_paths`).
    """
    import site

    child_env = {"MPLBACKEND": "Agg", "PYTHONUSERBASE": site.getuserbase(), **(env or {})}
    if path_first is not None:
        child_env["PYTHONPATH"] = str(path_first)
    if not restrict_reads:
        return PythonChild(child_env, None, [])
    extra = [*([str(path_first)] if path_first is not None else []), *map(str, readable)]
    paths = python_read_paths(extra=extra, exclude=exclude)
    lists: list[str] = []
    for folder in carve:
        paths = [path for path in paths if Path(path).resolve() != Path(folder).resolve()]
        paths, more = hide_beneath(paths, folder)
        lists += [path for path in more if path not in lists]
    return PythonChild(child_env, paths, lists)


@functools.cache
def code_version() -> str:
    """A short hash of this package's code (every ``.py`` file): grades and tournament matches
    made by other code are not reused, and a worker running other code is refused."""
    import hashlib

    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[1]  # shengji_edu, not this sub-package
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def python_read_paths(
    extra: Sequence[str | os.PathLike] = (),
    exclude: Sequence[str | os.PathLike] = (),
    proc: bool = False,
) -> list[str]:
    """The folders a Python child must read to run: this interpreter, its libraries and
    ``sys.path``, and the system's shared files; plus ``extra``.

    Give the result as ``read_paths`` to let the child read nothing else (Landlock). A folder
    that holds something in ``exclude`` (say, the other submissions) is left out; the child
    then cannot read that thing unless a narrower folder in ``extra`` holds it. ``/proc`` is
    left out unless ``proc`` (it shows every process's command line and, to the same user,
    environment), and so are ``/dev/shm`` and ``/tmp`` (scratch space shared with others):
    the child's scratch space is its own folder (``TMPDIR``).
    """
    import site
    import sysconfig

    candidates = [
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        *sysconfig.get_paths().values(),
        *[entry for entry in sys.path if entry and os.path.isabs(entry)],
        *(site.getsitepackages() if hasattr(site, "getsitepackages") else []),
        "/usr",
        "/lib",
        "/lib32",
        "/lib64",
        "/libx32",
        "/bin",
        "/sbin",
        "/etc",
        *_DEVICES,
        *(["/proc"] if proc else []),
        "/sys",
        *[str(path) for path in extra],
    ]
    hidden = [os.path.realpath(path) for path in exclude]
    shared = ["/tmp", "/var/tmp", "/dev/shm", tempfile.gettempdir()]
    if not proc:
        shared.append("/proc")
    shared = [os.path.realpath(path) for path in shared]
    cwd = os.path.realpath(os.getcwd())
    paths: list[str] = []
    for candidate in candidates:
        for path in {os.path.abspath(candidate), os.path.realpath(candidate)}:
            if not os.path.exists(path) or path in paths or path == os.sep:
                continue
            if path == cwd and candidate not in [str(p) for p in extra]:
                continue
            inside = [h for h in hidden if h == path or h.startswith(path.rstrip(os.sep) + os.sep)]
            if inside and candidate not in [str(p) for p in extra]:
                continue
            if path in shared or (not proc and path.startswith("/proc/")):
                continue  # all of the shared scratch space (a sys.path entry, say), /proc
            paths.append(path)
    return paths


def warm_bytecode(modules: Sequence[str], timeout: float = 120.0) -> bool:
    """Make sure the cached bytecode (``.pyc``) of ``modules`` exists, so that sandboxed
    children do not compile them again at every start; True if a warm-up import ran.

    A child cannot write bytecode (``PYTHONDONTWRITEBYTECODE``; Landlock keeps the libraries
    read-only), so a module installed without its ``.pyc`` (``pip install --no-compile``, an
    editable checkout, a module no ordinary process has imported yet) is compiled from source
    by every child that imports it: a second or more of CPU for IPython, at each notebook the
    grader runs. If any of ``modules`` (dotted names, found without importing them) lacks an
    up-to-date ``.pyc``, they are imported once in a plain child process of this interpreter
    and ``sys.path``, which writes the bytecode of everything they import. Trusted code only:
    the installed packages, never a submission. Nothing is written where this Python may not
    write bytecode (``PYTHONDONTWRITEBYTECODE``, ``-B``). Failures are ignored (the children
    then compile, as before).
    """
    if not all(part.isidentifier() for name in modules for part in name.split(".")):
        raise ValueError(f"not module names: {list(modules)!r}")
    if sys.dont_write_bytecode or all(_has_bytecode(name) for name in modules):
        return False
    # this process's own sys.path decides what is imported, not the working folder (a folder
    # of submissions, say) nor PYTHON* variables (-I)
    code = "import sys; sys.path[:] = sys.argv[1:]; import " + ", ".join(modules)
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [sys.executable, "-I", "-c", code, *[entry for entry in sys.path if entry]],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
    return True


@functools.cache
def warm_bytecode_once(modules: tuple[str, ...]) -> bool:
    """:func:`warm_bytecode`, at most once per process for the same modules: where the cache
    cannot be written, the warm-up is not tried again at every grading run or bot start."""
    return warm_bytecode(modules)


def _has_bytecode(name: str) -> bool:
    """Whether module ``name``'s source has an up-to-date cached ``.pyc`` (no import: only
    the top-level package is looked up, its submodules are found as files below it)."""
    import importlib.util

    top, *rest = name.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return True  # nothing to warm
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return True  # not found, built in, or a compiled extension
    source = Path(spec.origin)
    if rest:
        base = source.parent.joinpath(*rest)
        found = [p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()]
        if not found:
            return True
        source = found[0]
    try:
        cached = Path(importlib.util.cache_from_source(str(source)))
        return cached.stat().st_mtime >= source.stat().st_mtime
    except (OSError, NotImplementedError, ValueError):
        return False


def hide_beneath(
    read_paths: Sequence[str], hidden: str | os.PathLike
) -> tuple[list[str], list[str]]:
    """``read_paths`` (for ``Sandbox(read_paths=...)``) with ``hidden`` carved out of them, and
    the folders the child may then only list (``Sandbox(list_paths=...)``).

    Landlock only grants: a folder allowed to be read is readable all the way down. So every
    read path that holds ``hidden`` is replaced by the entries inside it, each allowed again
    unless it holds ``hidden`` too, down to ``hidden`` itself, which gets no rule. The folders
    on the way stay listable (the import system lists ``sys.path`` folders to find modules),
    and nothing beneath ``hidden`` can be read. Used by the grader when the package (and so
    its answers) is installed in a ``site-packages`` folder the child must read.
    """
    target = os.path.realpath(hidden)
    reads: list[str] = []
    lists: list[str] = []

    def holds(folder: str) -> bool:
        return target == folder or target.startswith(folder.rstrip(os.sep) + os.sep)

    def carve(folder: str) -> None:
        if folder == target:
            return
        lists.append(folder)
        for name in sorted(os.listdir(folder)):
            entry = os.path.join(folder, name)
            if holds(os.path.realpath(entry)) and os.path.isdir(entry):
                carve(os.path.realpath(entry))
            elif os.path.realpath(entry) != target:
                reads.append(entry)

    for path in read_paths:
        real = os.path.realpath(path)
        if holds(real):
            carve(real)
        else:
            reads.append(path)
    return reads, [folder for folder in lists if folder not in reads]
