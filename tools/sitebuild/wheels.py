"""The wheels the JupyterLite site bundles, made with no network.

* The package's own wheel is built from a copy of the sources with the installed setuptools
  (``pip wheel --no-build-isolation --no-index``: the ``docs`` extra installs a setuptools
  recent enough for ``pyproject.toml``).
* Its pure-Python dependencies (tqdm, ipywidgets, …) are packed again from the installed
  distributions: their files, as their ``RECORD`` lists them, into a ``py3-none-any`` wheel.
  A distribution with compiled files is refused: Pyodide could not import it.
* hypothesis ships compiled code since 6.156; its last pure-Python wheel,
  :data:`HYPOTHESIS_PURE`, is taken from the wheel cache (``tools/fetch_site_assets.py``
  downloads it there, as ``.ci/run`` does) or from the installed distribution if that one
  is pure Python.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

HYPOTHESIS_PURE = "6.155.7"
"""The last hypothesis release with a pure-Python wheel (6.156.0 on ship a compiled module)."""

BUNDLED = ("tqdm", "ipywidgets", "jupyterlab_widgets", "comm", "traitlets", "sortedcontainers")
"""Packed from the installed distributions: the package's and ipywidgets' dependencies that
Pyodide's own distribution may not hold (hypothesis and its sortedcontainers: lesson 04)."""

COMPILED = (".so", ".pyd", ".dylib", ".dll")
EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps: the same sources give the same wheel


class WheelError(RuntimeError):
    """A wheel the site needs cannot be made here; the message says how to get it."""


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def package_wheel(root: Path, out: Path) -> Path:
    """Build the package's wheel from a copy of its sources (the tree stays clean)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "src"
        source.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(root / name, source / name)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        for folder in ("shengji_edu", "results"):
            shutil.copytree(root / folder, source / folder, ignore=ignore)
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        command += ["--no-index", "-q", "-w", str(out), str(source)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise WheelError(
                "could not build the package's wheel (the docs extra brings the setuptools "
                f'it needs: pip install -e ".[docs]"):\n{done.stdout}{done.stderr}'
            )
    return next(out.glob("shengji_edu-*.whl"))


def repack(name: str, out: Path) -> Path:
    """A ``py3-none-any`` wheel of an installed pure-Python distribution."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise WheelError(f'{name} is not installed: pip install -e ".[docs]"') from None
    base = Path(str(dist.locate_file("")))
    files = sorted(
        str(f)
        for f in dist.files or []
        if not str(f).startswith("..") and "__pycache__" not in str(f)
    )
    compiled = [f for f in files if f.endswith(COMPILED)]
    if compiled:
        raise WheelError(f"{name} {dist.version} has compiled files ({compiled[0]}): not Pyodide's")
    stem = f"{normalized(dist.metadata['Name'])}-{dist.version}"
    info = f"{stem}.dist-info"
    target = out / f"{stem}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:

        def add(arcname: str, data: bytes) -> None:
            wheel.writestr(zipfile.ZipInfo(arcname, EPOCH), data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            records.append(f"{arcname},sha256={digest.decode()},{len(data)}")

        for path in files:
            parts = Path(path).parts
            if parts[0].endswith(".dist-info"):
                if parts[-1] in ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json", "WHEEL"):
                    continue
                add("/".join((info, *parts[1:])), (base / path).read_bytes())
            else:
                add(Path(path).as_posix(), (base / path).read_bytes())
        add(
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: shengji-edu build_site\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
        records.append(f"{info}/RECORD,,")
        wheel.writestr(zipfile.ZipInfo(f"{info}/RECORD", EPOCH), "\n".join(records) + "\n")
    return target


def hypothesis_wheel(cache: Path, out: Path) -> Path:
    """The pure-Python hypothesis wheel, from the cache or the installed distribution."""
    found = sorted(cache.glob(f"hypothesis-{HYPOTHESIS_PURE}-py3-none-any.whl"))
    if found:
        return Path(shutil.copy2(found[0], out))
    try:
        return repack("hypothesis", out)
    except WheelError as error:
        raise WheelError(
            f"{error}. Put hypothesis {HYPOTHESIS_PURE}'s pure-Python wheel in {cache}: "
            "python tools/fetch_site_assets.py (it downloads it once, with pip)"
        ) from None


def site_wheels(root: Path, cache: Path, out: Path) -> list[Path]:
    """Every wheel the JupyterLite site bundles, written to ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    wheels = [package_wheel(root, out), hypothesis_wheel(cache, out)]
    wheels += [repack(name, out) for name in BUNDLED]
    return wheels
