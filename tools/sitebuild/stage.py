"""What the two sites are built from: copies of the course, adapted, in a temporary folder.

The book's sources keep the repository's layout (``docs/rules.md``, ``lessons/…``), so the
README's and the docs' relative links resolve in the book as they do on disk; the README
becomes the front page. Notebooks are copied as committed (never executed again); a widget's
output (the play table) becomes a still picture with a note, since a web page has no kernel.

The JupyterLite copies of the lessons and the student exercises get one first cell that
installs the course's package from the site's own wheels (``%pip install``, which the
browser's kernel serves from the bundled wheels), and Pyodide's kernel name.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote

WIDGET = "application/vnd.jupyter.widget-view+json"
PYODIDE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

BOOK_PAGES = (
    "docs/rules.md",
    "docs/install.md",
    "docs/tournaments.md",
    "docs/architecture.md",
    "docs/site.md",
    "lessons/README.md",
    "exercises/README.md",
    "results/README.md",
    "CONTRIBUTING.md",
)
"""The README's pages (and the deployment notes), in the book's order after the lessons."""

STILL_NOTE = (
    "A still picture: this table is a widget, and it needs a running kernel to play. "
    "Launch the notebook (JupyterLite, Colab or your own Jupyter, with the buttons at the "
    "top of the page) to play it."
)
WIDGET_NOTE = (
    "(Here the notebook shows a widget. It needs a running kernel: launch the notebook with "
    "the buttons at the top of the page to use it.)"
)


def lessons(root: Path) -> list[Path]:
    return sorted((root / "lessons").glob("[0-9][0-9]_*.ipynb"))


def exercises(root: Path) -> list[Path]:
    return sorted((root / "exercises").glob("ex[0-9][0-9]_*.ipynb"))


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def write(data: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


LINK = re.compile(r"(\]\()([^)\s]+)(\))")


def github_slug(anchor: str) -> str:
    """A heading's anchor as the book writes it (GitHub's style, myst's default), from
    JupyterLab's (``Steps:-where-a-card-stands``) or GitHub's (``5-following``)."""
    return re.sub(r"[^\w\u4e00-\u9fff\- ]", "", unquote(anchor).lower().replace(" ", "-"))


class Links:
    """Rewrites a page's relative links for the book, and copies the files they name.

    A link to the README goes to the front page; an anchor into a notebook is written the
    way the book names headings; a repository file that is no page of the book (``LICENSE``,
    ``results/*.txt``) is copied beside the pages, where the book offers it as a download.
    """

    def __init__(self, root: Path, stage: Path) -> None:
        self.root, self.stage = root, stage

    def __call__(self, text: str, page: str) -> str:
        folder = (self.root / page).parent

        def fix(match: re.Match) -> str:
            target = match.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto:, …
                return match.group(0)
            path, _, anchor = target.partition("#")
            if anchor:
                anchor = "#" + github_slug(anchor)
            if path:
                found = (folder / unquote(path)).resolve()
                if found == self.root / "README.md":
                    path = os.path.relpath(self.root / "index.md", folder)
                elif found.is_file() and found.is_relative_to(self.root):
                    copy = self.stage / found.relative_to(self.root)
                    if not copy.exists():
                        copy.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(found, copy)
            return f"{match.group(1)}{path}{anchor}{match.group(3)}"

        return LINK.sub(fix, text)


def still_output(output: dict, root: Path) -> list[dict]:
    """A widget's output as the book shows it: the table's picture, or a note."""
    text = "".join(output.get("data", {}).get("text/plain", []))
    notes = [{"output_type": "stream", "name": "stdout", "text": WIDGET_NOTE + "\n"}]
    if not text.startswith("PlayTable("):
        return notes
    lang = "zh" if "lang='zh'" in text else "en"
    png = (root / "docs" / "img" / f"table-1280-{lang}.png").read_bytes()
    picture = {
        "output_type": "display_data",
        "metadata": {},
        "data": {
            "image/png": base64.b64encode(png).decode("ascii"),
            "text/plain": [f"[a still picture of {text}]"],
        },
    }
    note = {"output_type": "display_data", "metadata": {}, "data": {"text/markdown": STILL_NOTE}}
    return [note, picture]


def book_notebook(source: Path, root: Path, links: Links) -> dict:
    """A committed notebook for the book: widget outputs become stills, links fixed."""
    data = read(source)
    page = source.relative_to(root).as_posix()
    for cell in data["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = links("".join(cell["source"]), page)
        if cell["cell_type"] != "code":
            continue
        outputs = []
        for output in cell.get("outputs", []):
            if WIDGET in output.get("data", {}):
                outputs += still_output(output, root)
            else:
                outputs.append(output)
        cell["outputs"] = outputs
    data["metadata"].pop("widgets", None)  # no widget state: nothing for a page to load
    return data


def front_page(root: Path) -> str:
    """The README as the book's front page, with the book's table of contents."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    names = [f"lessons/{p.stem}" for p in lessons(root)]
    names += [f"exercises/{p.stem}" for p in exercises(root)]
    names += [page.removesuffix(".md") for page in BOOK_PAGES]
    names.append("api")
    toc = "\n".join(["", "```{toctree}", ":hidden:", ":maxdepth: 1", "", *names, "```", ""])
    return readme + toc


def stage_book(root: Path, stage: Path) -> None:
    """Copy the book's sources into ``stage`` (the repository's layout)."""
    links = Links(root, stage)
    for path in lessons(root) + exercises(root):
        write(book_notebook(path, root, links), stage / path.relative_to(root))
    for page in BOOK_PAGES:
        (stage / page).parent.mkdir(parents=True, exist_ok=True)
        text = links((root / page).read_text(encoding="utf-8"), page)
        (stage / page).write_text(text, encoding="utf-8")
    (stage / "index.md").write_text(links(front_page(root), "README.md"), encoding="utf-8")
    api = Path(__file__).with_name("api.md").read_text(encoding="utf-8")
    (stage / "api.md").write_text(links(api, "api.md"), encoding="utf-8")


def install_cell(notebook: dict) -> dict:
    """The first cell of a JupyterLite copy: install the course's package in the browser."""
    sources = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    packages = ["shengji-edu", "ipywidgets"]
    if re.search(r"^\s*(from|import) hypothesis", sources, re.MULTILINE):
        packages.append("hypothesis")
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "install-in-the-browser",
        "metadata": {"tags": ["jupyterlite"]},
        "outputs": [],
        "source": [
            "# In the browser (JupyterLite): install the course's package from this site.\n",
            f"%pip install {' '.join(packages)}",
        ],
    }


def lite_notebook(source: Path) -> dict:
    """A notebook for the JupyterLite site: Pyodide's kernel, and the install cell first."""
    data = copy.deepcopy(read(source))
    data["metadata"]["kernelspec"] = dict(PYODIDE_KERNEL)
    data["cells"].insert(0, install_cell(data))
    if data.get("nbformat_minor", 0) < 5:
        data["cells"][0].pop("id")
    return data


def stage_lite(root: Path, contents: Path) -> int:
    """The lessons and the student exercises, for JupyterLite; returns how many."""
    paths = lessons(root) + exercises(root)
    for path in paths:
        write(lite_notebook(path), contents / path.relative_to(root))
    return len(paths)
