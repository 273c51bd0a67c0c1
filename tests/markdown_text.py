"""Reading the repository's markdown: files, notebook cells, links and headings.

Shared by the link test, the concept-table test and the lesson tests. A small reader, not a
full CommonMark parser: enough for how this repository writes markdown (ATX headings,
inline links, reference definitions, the odd HTML tag), and it ignores code.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from quoted_figures import repository_files  # noqa: E402, F401  (one walker for tools and tests)

FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.DOTALL)
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"
)
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HTML_ANCHOR = re.compile(r"<[a-z]+\b[^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else text


def markdown_parts(path: Path) -> Iterator[tuple[str, str]]:
    """(where, markdown) for each markdown cell of a notebook, or the whole markdown file."""
    if path.suffix == ".ipynb":
        for index, cell in enumerate(cells(path)):
            if cell["cell_type"] == "markdown":
                yield f"cell {index}", source(cell)
    else:
        yield "", path.read_text(encoding="utf-8")


def without_code(markdown: str) -> str:
    """The markdown with fenced code, code spans and HTML comments blanked out."""
    for pattern in (FENCE, CODE_SPAN, COMMENT):
        markdown = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), markdown)
    return markdown


def links(markdown: str) -> list[str]:
    """Every link target of a piece of markdown (inline, reference, HTML), code excluded."""
    text = without_code(markdown)
    found = [a or b for a, b in INLINE_LINK.findall(text)]
    found += REFERENCE.findall(text) + HTML_LINK.findall(text)
    return found


def is_external(target: str) -> bool:
    return bool(SCHEME.match(target))


def plain_text(heading: str) -> str:
    """What a heading shows: links by their text, emphasis and code marks dropped."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"(\*\*|__|\*|`)", "", text)
    text = re.sub(r"(?<!\w)_(?=\S)|(?<=\S)_(?!\w)", "", text)
    return text.strip()


def headings(markdown: str) -> list[str]:
    """The text of every ATX heading (``## Title``), outside code."""
    text = COMMENT.sub("", re.sub(FENCE, "", markdown))
    return [plain_text(title) for _, title in HEADING.findall(text)]


def jupyter_id(title: str) -> str:
    """The id JupyterLab gives a rendered heading: its text with spaces made hyphens."""
    return title.replace(" ", "-")


def github_slug(title: str) -> str:
    """The anchor GitHub gives a heading of a markdown file."""
    slug = "".join(
        ch
        for ch in title.lower()
        if ch in "-_ " or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) == "Mn"
    )
    return slug.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every fragment a link may name in this file (headings, and explicit HTML ids)."""
    found: set[str] = set()
    for _, markdown in markdown_parts(path):
        for title in headings(markdown):
            found.add(jupyter_id(title) if path.suffix == ".ipynb" else github_slug(title))
        found.update(HTML_ANCHOR.findall(markdown))
    return found


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()
