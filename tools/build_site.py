"""Build the course's web site, with no network: the book and the lessons in the browser.

    python tools/build_site.py OUT                  # both, into the folder OUT
    python tools/build_site.py OUT --github OWNER/NAME --branch main   # Colab opens from there
    python tools/build_site.py OUT --pyodide pyodide-314.0.6.tar.bz2   # Pyodide served too

``OUT/index.html`` is the book (Sphinx, myst-nb and sphinx-book-theme): the lessons as
committed (not executed again), the rule book, the README's pages, the exercises, and an API
reference from the docstrings. ``OUT/lite/`` is a JupyterLite site holding the lessons and the
student exercises, with the package's wheel and its pure-Python dependencies bundled; every
notebook page of the book launches it. What it needs is the ``docs`` extra
(``pip install -e ".[docs]"``) and hypothesis's pure-Python wheel in ``.cache/site-wheels``
(``python tools/fetch_site_assets.py`` downloads it once). Publishing, and what a browser
loads from elsewhere (Pyodide itself): docs/site.md.
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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from sitebuild import stage, wheels  # noqa: E402

CACHE = ROOT / ".cache" / "site-wheels"
CONF = ROOT / "tools" / "sitebuild"


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run(command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{done.stdout}{done.stderr}")


def build_book(out: Path, work: Path, github: str, branch: str) -> None:
    """The book: Sphinx on a staged copy of the course (warnings are shown, not fatal)."""
    source = work / "book"
    source.mkdir()
    stage.stage_book(ROOT, source)
    env = dict(os.environ, SHENGJI_SITE_GITHUB=github, SHENGJI_SITE_BRANCH=branch)
    env["SHENGJI_SITE_LITE_DIR"] = "lite"
    env.pop("SHENGJI_EDU_STRICT", None)
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-c", str(CONF)]
    command += ["-d", str(work / "doctrees"), str(source), str(out)]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.stderr.strip():
        print(done.stderr.strip(), file=sys.stderr)
    if done.returncode != 0:
        raise SystemExit(f"the book did not build:\n{done.stdout}{done.stderr}")


EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")


def labextension(name: str) -> Path:
    """A JupyterLab extension's folder, where its Python package's install put it (the
    system's prefix, when this is a virtual environment using the system's packages)."""
    from jupyter_core.paths import jupyter_path

    places = [Path(sys.prefix) / "share" / "jupyter" / "labextensions"]
    places += [Path(p) / "labextensions" for p in jupyter_path()]
    places.append(Path(sys.base_prefix) / "share" / "jupyter" / "labextensions")
    for place in places:
        if (place / name / "package.json").is_file():
            return place / name
    raise SystemExit(f'build_site: {name} is not installed: pip install -e ".[docs]"')


def build_lite(out: Path, work: Path, pyodide: Path | None = None) -> list[str]:
    """The JupyterLite site, with the bundled wheels; returns their file names."""
    contents = work / "lite-contents"
    count = stage.stage_lite(ROOT, contents)
    bundled = wheels.site_wheels(ROOT, CACHE, work / "wheels")
    lite_dir = work / "lite-dir"
    lite_dir.mkdir()
    # the site's own settings: the widgets' manager is a federated extension found in this
    # environment; PyPI is never asked (every wheel a lesson installs is bundled)
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "shengji-edu",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}
            },
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    # exactly two JupyterLab extensions, whatever else this environment has installed (Voilà,
    # …): the Pyodide kernel and the widgets' manager
    extensions = work / "labextensions"
    for name in EXTENSIONS:
        shutil.copytree(labextension(name), extensions / name)
    build_config = {"FederatedExtensionAddon": {"extra_labextensions_path": [str(extensions)]}}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config), "utf-8")
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir)]
    command += ["--output-dir", str(out), "--contents", str(contents), "--no-sourcemaps"]
    command += ["--apps", "lab", "--apps", "notebooks", "--ignore-sys-prefix"]
    for wheel in bundled:
        command += ["--piplite-wheels", str(wheel)]
    if pyodide is not None:  # the full distribution, served with the site (docs/site.md)
        command += ["--pyodide", str(pyodide.resolve())]
    run(command, cwd=work)
    print(f"  JupyterLite: {count} notebooks, {len(bundled)} wheels")
    return [w.name for w in bundled]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to build into (emptied first)")
    parser.add_argument("--github", default="", help="OWNER/NAME: Colab opens notebooks there")
    parser.add_argument("--branch", default="main", help="the branch Colab opens (main)")
    parser.add_argument(
        "--pyodide",
        type=Path,
        help="Pyodide's full distribution (pyodide-VERSION.tar.bz2), to serve it with the "
        "site instead of loading it from Pyodide's CDN (a classroom without internet)",
    )
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        parser.error("OUT must be a folder of its own, not the repository")
    if out.exists():
        shutil.rmtree(out)
    started = time.perf_counter()
    seconds: dict[str, float] = {}

    def timed(name: str, build: Callable[[], object]) -> None:
        t = time.perf_counter()
        build()
        seconds[name] = time.perf_counter() - t

    # the two builds run side by side: each is mostly one child process
    with tempfile.TemporaryDirectory(prefix="shengji-site-") as tmp:
        work = Path(tmp)
        (work / "book-work").mkdir()
        (work / "lite-work").mkdir()
        with ThreadPoolExecutor(max_workers=2) as pool:
            book = pool.submit(
                timed, "book", lambda: build_book(out, work / "book-work", args.github, args.branch)
            )
            lite = pool.submit(
                timed, "lite", lambda: build_lite(out / "lite", work / "lite-work", args.pyodide)
            )
            try:
                book.result()
                lite.result()
            except wheels.WheelError as error:
                raise SystemExit(f"build_site: {error}") from None
    book_seconds, lite_seconds = seconds["book"], seconds["lite"]
    lite_size = folder_size(out / "lite")
    book_size = folder_size(out) - lite_size
    print(f"  book: {book_seconds:.1f} s, {book_size / 1e6:.1f} MB  ({out / 'index.html'})")
    print(f"  JupyterLite: {lite_seconds:.1f} s, {lite_size / 1e6:.1f} MB  ({out / 'lite'})")
    print(f"built in {time.perf_counter() - started:.1f} s: open {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
