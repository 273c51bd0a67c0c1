"""The course's web site: ``python tools/build_site.py OUT`` builds it with no network.

The book (Sphinx) and the JupyterLite site are built once into a temporary folder. Every
internal link of the book must lead to a file (and an anchor) that exists, no page may load
anything from another host (scripts, styles, pictures, fonts: a page opened from disk works
offline), every notebook page has its launch buttons, lesson 09 shows a still picture of the
table, and ``jupyter-lite.json`` names the bundled wheels and the widgets' manager.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = sorted(p.stem for p in (ROOT / "exercises").glob("ex[0-9][0-9]_*.ipynb"))
REFERENCE_API = ["Card", "parse_cards", "format_cards", "Trump", "RuleSet", "decompose"]
REFERENCE_API += ["check_follow", "legal_follows", "check_throw", "trick_winner"]
REFERENCE_API += ["trick_points", "kitty_multiplier", "settle"]
LOADS = {("script", "src"), ("img", "src"), ("link", "href"), ("iframe", "src")}
LOADS |= {("source", "src"), ("video", "src"), ("audio", "src"), ("embed", "src")}
LOADS |= {("object", "data"), ("image", "href"), ("use", "href")}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built once per test run: with pytest-xdist, the first worker that needs it
    builds it under a lock in the run's shared temporary folder, and the others reuse it."""
    import importlib.util

    from frontends.test_e2e_browser import require

    for module in ("sphinx", "myst_nb", "sphinx_book_theme", "jupyterlite_core"):
        available = importlib.util.find_spec(module) is not None
        require(available, f'{module} is not installed: pip install -e ".[docs]"')
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out, done, lock = shared / "site" / "out", shared / "site.done", shared / "site.lock"
    with held(lock):
        if not done.exists():
            build(out)
            done.write_text("built", encoding="utf-8")
    return out


@contextlib.contextmanager
def held(lock: Path, timeout: float = 600.0):
    """A lock between processes: the file exists while one holds it."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL))
            break
        except FileExistsError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{lock} held for over {timeout:.0f} s") from None
            time.sleep(0.2)
    try:
        yield
    finally:
        lock.unlink()


def build(out: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    print(done.stdout)


class Page(HTMLParser):
    """A page's ids, its links (``<a href>``) and what it loads (src, stylesheets, …)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        for name in ("id", "name"):
            if values.get(name):
                self.ids.add(values[name])
        if tag == "a" and values.get("href"):
            self.links.append(values["href"])
        for element, attribute in LOADS:
            if tag == element and values.get(attribute):
                self.loads.append(values[attribute])
        if values.get("style"):
            self.styles.append(values["style"])
        self._in_style = tag == "style"

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)


def book_pages(site: Path) -> list[Path]:
    """The book's pages (not the JupyterLite site, not the theme's template leftovers)."""
    skip = ("lite", "_static")
    return [p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in skip]


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def elsewhere(url: str) -> bool:
    """Does this address name another host (or a scheme that fetches from one)?"""
    parts = urlsplit(url.strip())
    return bool(parts.netloc) or parts.scheme not in ("", "data", "mailto", "javascript")


def test_the_book_holds_the_course(site):
    for name in LESSONS:
        assert (site / "lessons" / f"{name}.html").is_file(), name
    for name in EXERCISES:
        assert (site / "exercises" / f"{name}.html").is_file(), name
    for page in ("index", "docs/rules", "docs/install", "docs/site", "lessons/README", "api"):
        assert (site / f"{page}.html").is_file(), page
    front = (site / "index.html").read_text(encoding="utf-8")
    assert "Learn programming by building" in front
    rules = (site / "docs" / "rules.html").read_text(encoding="utf-8")
    assert "Reference API" in rules


def test_the_api_reference_starts_with_the_reference_api(site):
    text = (site / "api.html").read_text(encoding="utf-8")
    places = [text.find(f'id="shengji_edu.{name}"') for name in REFERENCE_API]
    assert all(place > 0 for place in places), dict(zip(REFERENCE_API, places, strict=True))
    assert places == sorted(places)
    engine = text.find('id="shengji_edu.game.Round"')
    assert engine > max(places)
    assert "Raises" in text or "returns" in text.lower()  # docstrings, not only names


def test_every_internal_link_resolves(site):
    pages = {path: parse(path) for path in book_pages(site)}
    broken = []
    for path, page in pages.items():
        for url in page.links + page.loads:
            if elsewhere(url):
                continue
            parts = urlsplit(url)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.exists():
                broken.append(f"{path.relative_to(site)}: {url}")
                continue
            if target.is_dir():
                target = target / "index.html"
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{path.relative_to(site)}: {url} (no such anchor)")
    assert broken == []


def test_no_page_loads_anything_from_another_host(site):
    found = []
    for path in book_pages(site):
        page = parse(path)
        found += [f"{path.relative_to(site)}: {url}" for url in page.loads if elsewhere(url)]
        for style in page.styles:
            found += [f"{path.relative_to(site)}: {u}" for u in css_urls(style) if elsewhere(u)]
    for path in site.rglob("*.css"):
        if path.relative_to(site).parts[0] == "lite":
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(site)}: {u}" for u in css_urls(text) if elsewhere(u)]
    assert found == []


def css_urls(text: str) -> list[str]:
    urls = re.findall(r"url\(\s*['\"]?([^'\")]+)", text)
    return urls + re.findall(r"@import\s+['\"]([^'\"]+)", text)


def test_every_notebook_page_has_its_launch_buttons(site):
    for name in [f"lessons/{n}" for n in LESSONS] + [f"exercises/{n}" for n in EXERCISES]:
        path = site / f"{name}.html"
        links = parse(path).links
        lite = [u for u in links if "lab/index.html?path=" in u]
        assert lite == [f"{'../' * name.count('/')}lite/lab/index.html?path={name}.ipynb"]
        assert any(u.startswith("https://colab.research.google.com/") for u in links), name
        download = [u for u in links if u.endswith(f"_sources/{name}.ipynb")]
        assert download, name
        notebook = json.loads((path.parent / download[0]).read_text(encoding="utf-8"))
        assert notebook["cells"]
        assert (site / "lite" / "files" / f"{name}.ipynb").is_file(), name


def test_colab_opens_the_repository_when_one_is_given(tmp_path):
    sys.path.insert(0, str(ROOT / "tools" / "sitebuild"))
    import launch

    class Config:
        shengji_lite_dir, shengji_github, shengji_branch = "lite", "someone/shengji", "main"

    class Env:
        all_docs = {"lessons/01_cards": 0}

        def doc2path(self, name):
            return f"/src/{name}.ipynb"

    class App:
        config, env = Config(), Env()

    context = {"header_buttons": [], "pathto": lambda target, kind: f"../{target}"}
    launch.launch_buttons(App(), "lessons/01_cards", "page.html", context, None)
    urls = [b["url"] for b in context["header_buttons"][0]["buttons"]]
    colab = "https://colab.research.google.com/github/someone/shengji/blob/main/lessons/01_cards"
    assert urls == [
        "../lite/lab/index.html?path=lessons/01_cards.ipynb",
        colab + ".ipynb",
        "../_sources/lessons/01_cards.ipynb",
    ]


def test_lesson_09_shows_a_still_picture_of_the_table(site):
    text = (site / "lessons" / "09_play.html").read_text(encoding="utf-8")
    assert "needs a running kernel" in text
    pictures = [u for u in parse(site / "lessons" / "09_play.html").loads if u.endswith(".png")]
    assert len(pictures) >= 2
    assert all((site / "lessons" / u).resolve().is_file() for u in pictures)


def test_jupyter_lite_json_names_the_wheels_and_the_widget_manager(site):
    lite = site / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    extensions = {e["name"] for e in data["federated_extensions"]}
    assert "@jupyter-widgets/jupyterlab-manager" in extensions
    assert (lite / "extensions" / "@jupyter-widgets" / "jupyterlab-manager").is_dir()
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    ours = [u for u in kernel["pipliteUrls"] if u.startswith("./pypi/all.json")]
    assert len(ours) == 1
    index = json.loads((lite / "pypi" / "all.json").read_text(encoding="utf-8"))
    for name in ("shengji-edu", "ipywidgets", "hypothesis", "tqdm", "jupyterlab-widgets"):
        assert name in index, sorted(index)
        (files,) = index[name]["releases"].values()
        wheel = lite / "pypi" / files[0]["filename"]
        assert wheel.name.endswith("-py3-none-any.whl")
        with zipfile.ZipFile(wheel) as archive:
            assert archive.testzip() is None
            assert not [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]


def test_the_lite_notebooks_install_the_package_first(site):
    files = site / "lite" / "files"
    for name in [f"lessons/{n}" for n in LESSONS] + [f"exercises/{n}" for n in EXERCISES]:
        notebook = json.loads((files / f"{name}.ipynb").read_text(encoding="utf-8"))
        first = "".join(notebook["cells"][0]["source"])
        assert "%pip install shengji-edu" in first, name
        assert notebook["metadata"]["kernelspec"]["name"] == "python"
    lesson04 = json.loads((files / "lessons" / "04_following.ipynb").read_text(encoding="utf-8"))
    assert "hypothesis" in "".join(lesson04["cells"][0]["source"])
