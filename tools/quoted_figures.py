"""Figures quoted in prose come from committed results: mark them, check them, refresh them.

    python tools/quoted_figures.py           # rewrite every marked figure from results/
    python tools/quoted_figures.py --check   # exit 1, naming each figure that is stale

A figure in any markdown file of the repository (results/README.md, where every measured
figure lives with its command; the README; docs/*.md) or in a notebook's markdown cell that
quotes a result is written between two HTML comments (invisible on GitHub and in
JupyterLab) naming its source, a JSON file of the repository, and a field in it::

    won <!-- figure results/arena_x.json a.hands_won:% -->60.8% [56.8, 64.7]<!-- /figure -->

The field is a dotted path into the JSON (``a.hands_won``, ``summary.a.hands_won``: a missing
``summary.`` is looked up there too). After ``:`` comes how to print it:

=============  ==============================================  ======================
spec           prints                                          example
=============  ==============================================  ======================
``%``          a fraction as a percentage, 1 decimal           ``60.8%``
``%0``         the same with 0 (or N) decimals                 ``61%``
``.2f`` etc.   any Python format spec                          ``0.47``
``len``        the number of items of a list                   ``400``
(none)         ``str`` of the value                            ``2026``
=============  ==============================================  ======================

A field holding an estimate (``mean``, ``low``, ``high``) prints as ``mean [low, high]``,
each part with the spec; a value that rounds to zero prints without a sign.

After rerunning an arena (or tools/gin_results.py), run this tool to rewrite the quoted text,
then re-execute the notebooks that load the results (tools/execute_notebooks.py) and read
the prose around each changed figure: a conclusion ("clearly above 50%") may need to change
with it. tests/course/test_quoted_figures.py runs ``--check`` and also fails on an interval quoted
in prose without a marker.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {"build", "dist", "node_modules", "__pycache__"}

MARKER = re.compile(
    r"<!--\s*figure\s+(?P<source>\S+)\s+(?P<field>[^\s:]+)(?::(?P<spec>\S+))?\s*-->"
    r"(?P<text>.*?)<!--\s*/figure\s*-->",
    re.DOTALL,
)


class FigureError(ValueError):
    """A marker names a file or a field that does not exist, or a spec that cannot print it."""


@dataclass
class Figure:
    """One marked figure: where it is, what it quotes, and what it should say."""

    path: Path
    where: str  # "cell 12" in a notebook, "line 40" in a text file
    source: str
    field: str
    spec: str
    text: str

    def label(self) -> str:
        return f"{relative(self.path)} {self.where}: {self.source} {self.field}"


def relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _number(value: float, spec: str) -> str:
    if spec.startswith("%"):
        decimals = int(spec[1:] or 1)
        text = f"{100 * value:.{decimals}f}"
    else:
        text = format(value, spec)
    if re.fullmatch(r"[+-]0(\.0*)?", text):  # -0.00 and +0.00 read as a sign without a value
        text = text[1:]
    return text


def render(value, spec: str | None) -> str:
    """The text a figure shows for a JSON value and a spec (see the module docstring)."""
    spec = spec or ""
    if spec == "len":
        if not isinstance(value, list | dict):
            raise FigureError(f"'len' needs a list, not {type(value).__name__}")
        return str(len(value))
    if isinstance(value, dict):
        if not {"mean", "low", "high"} <= set(value):
            raise FigureError("a field holding an object must be an estimate: mean, low, high")
        spec = spec or ".2f"
        mean, low, high = (_number(value[k], spec) for k in ("mean", "low", "high"))
        return f"{mean}{'%' if spec.startswith('%') else ''} [{low}, {high}]"
    if isinstance(value, bool) or not isinstance(value, int | float):
        if spec:
            raise FigureError(f"cannot apply {spec!r} to {value!r}")
        return str(value)
    if not spec:
        return str(value)
    return _number(value, spec) + ("%" if spec.startswith("%") else "")


_loaded: dict[Path, object] = {}


def lookup(source: str, field: str):
    """The value at a dotted field of a repository JSON file (``summary.`` is optional)."""
    path = ROOT / source
    if path not in _loaded:
        if not path.is_file():
            raise FigureError(f"{source} does not exist")
        _loaded[path] = json.loads(path.read_text(encoding="utf-8"))
    data = _loaded[path]
    for candidate in (field, f"summary.{field}"):
        value = data
        for key in candidate.split("."):
            if isinstance(value, dict) and key in value:
                value = value[key]
            elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
                value = value[int(key)]
            else:
                break
        else:
            return value
    raise FigureError(f"{source} has no field {field!r}")


def expected(figure: Figure) -> str:
    return render(lookup(figure.source, figure.field), figure.spec)


def repository_files(*suffixes: str) -> list[Path]:
    """Files of the repository with these suffixes, sorted, outside hidden folders (virtual
    environments are ``.venv*``), builds and caches. Those folders are pruned, not walked:
    they hold tens of thousands of files, and one may be being built while the tests run."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [
            d for d in dirs if not (d.startswith(".") or d in SKIP_DIRS or d.endswith(".egg-info"))
        ]
        found += [
            Path(folder, name)
            for name in files
            if not name.startswith(".") and Path(name).suffix in suffixes
        ]
    return sorted(found)


def text_files() -> list[Path]:
    """Every markdown file and notebook of the repository."""
    return repository_files(".md", ".ipynb")


def markdown_sources(path: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for each markdown cell of a notebook, or the whole of a markdown file."""
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for index, cell in enumerate(notebook["cells"]):
            if cell["cell_type"] == "markdown":
                source = cell["source"]
                yield f"cell {index}", "".join(source) if isinstance(source, list) else source
    else:
        yield "", path.read_text(encoding="utf-8")


def figures_in(path: Path) -> list[Figure]:
    found = []
    for where, text in markdown_sources(path):
        for match in MARKER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            place = f"{where} line {line}".strip() if where else f"line {line}"
            found.append(
                Figure(
                    path,
                    place,
                    match["source"],
                    match["field"],
                    match["spec"] or "",
                    match["text"],
                )
            )
    return found


def all_figures() -> list[Figure]:
    return [figure for path in text_files() for figure in figures_in(path)]


def problems() -> tuple[list[str], list[str]]:
    """(stale, broken): one line per figure whose text differs from its source, and per
    figure whose source file, field or spec is wrong."""
    stale, broken = [], []
    for figure in all_figures():
        try:
            want = expected(figure)
        except FigureError as error:
            broken.append(f"{figure.label()}: {error}")
            continue
        if figure.text != want:
            stale.append(f"{figure.label()}: says {figure.text!r}, the results say {want!r}")
    return stale, broken


def _refresh_text(text: str) -> str:
    def replace(match: re.Match) -> str:
        value = lookup(match["source"], match["field"])
        new = render(value, match["spec"])
        return (
            match.group(0)[: match.start("text") - match.start()]
            + new
            + (match.group(0)[match.end("text") - match.start() :])
        )

    return MARKER.sub(replace, text)


def refresh(path: Path) -> bool:
    """Rewrite the marked figures of one file from their sources; True if anything changed."""
    if path.suffix != ".ipynb":
        old = path.read_text(encoding="utf-8")
        new = _refresh_text(old)
        if new != old:
            path.write_text(new, encoding="utf-8")
        return new != old
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    changed = False
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            new = _refresh_text(cell.source)
            changed |= new != cell.source
            cell.source = new
    if changed:
        nbformat.write(notebook, path)
    return changed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report stale figures, exit 1")
    args = parser.parse_args(argv)
    stale, broken = problems()
    if broken:
        print("\n".join(broken))
        return 1
    if args.check:
        for line in stale:
            print(line)
        print(f"{len(all_figures())} quoted figures, {len(stale)} stale")
        if stale:
            print("fix: python tools/quoted_figures.py (then reread the prose around them)")
        return 1 if stale else 0
    changed = [relative(path) for path in text_files() if figures_in(path) and refresh(path)]
    print("rewrote " + (", ".join(changed) if changed else "nothing: every figure is current"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
