"""Fetch, once, what the site's build and its browser test need from the registries.

    python tools/fetch_site_assets.py

* hypothesis's last pure-Python wheel (:data:`sitebuild.wheels.HYPOTHESIS_PURE`), with pip,
  into ``.cache/site-wheels/``: tools/build_site.py bundles it for lesson 04 in JupyterLite;
* the core of Pyodide (the npm package ``pyodide``, the version jupyterlite-pyodide-kernel
  loads) with npm, into ``.cache/pyodide/VERSION/``: the browser test
  (tests/site/test_pyodide_browser.py) loads Pyodide from there, with no network.

Both are skipped when already there; ``.ci/run`` runs this before the tests. Everything
after it (the build, the tests) works offline.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from sitebuild.wheels import HYPOTHESIS_PURE  # noqa: E402

CACHE = ROOT / ".cache"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def pyodide_version() -> str:
    """The Pyodide that the JupyterLite site loads (jupyterlite-pyodide-kernel's)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_dir(version: str | None = None) -> Path:
    return CACHE / "pyodide" / (version or pyodide_version())


def fetch_hypothesis() -> Path:
    wheels = CACHE / "site-wheels"
    found = sorted(wheels.glob(f"hypothesis-{HYPOTHESIS_PURE}-py3-none-any.whl"))
    if found:
        return found[0]
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    command += ["-q", "-d", str(wheels), f"hypothesis=={HYPOTHESIS_PURE}"]
    subprocess.run(command, check=True)
    return next(wheels.glob(f"hypothesis-{HYPOTHESIS_PURE}-py3-none-any.whl"))


def fetch_pyodide() -> Path:
    target = pyodide_dir()
    if all((target / name).is_file() for name in PYODIDE_FILES):
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is not installed (apt-get install npm): it fetches Pyodide's core")
    with tempfile.TemporaryDirectory() as tmp:
        spec = f"pyodide@{pyodide_version()}"
        done = subprocess.run(
            [npm, "pack", spec, "--silent", "--pack-destination", tmp],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise SystemExit(f"npm pack {spec} failed:\n{done.stderr}")
        archive = next(Path(tmp).glob("pyodide-*.tgz"))
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        target.mkdir(parents=True, exist_ok=True)
        for path in (Path(tmp) / "package").iterdir():
            shutil.copy2(path, target / path.name)
    return target


def main() -> int:
    print(f"hypothesis wheel: {fetch_hypothesis()}")
    print(f"Pyodide core: {fetch_pyodide()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
