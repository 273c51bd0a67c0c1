"""Every "RULES §n" citation lands on a numbered heading of the rule book, docs/rules.md.

The code, the lessons, the exercises' FAIL messages and ``shengji … --help`` cite the rules by
section ("RULES §5.4", "§11.1", "RULES §4–6"). The rule book numbers its headings the same way
(``## 5. Following``, ``### 5.4 Tractors``). Scanned here:

- ``shengji_edu/``: every ``.py`` file and every gettext catalogue (``.po``);
- ``lessons/`` and ``exercises/`` (solutions included): every notebook, sources and stored
  outputs, and every markdown file;
- every ``*.md`` at the root of the repository and under ``docs/`` and ``results/``; the
  maintainers' scripts in ``tools/`` and ``benchmarks/``;
- the help text of ``shengji`` and of each of its subcommands, built in-process.

A citation that names no heading fails the test, with the file and the citation. For a range
("§5.1-5.4", "§1–§9") both ends must exist.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown_text import ROOT, relative

BOOK = ROOT / "docs" / "rules.md"
# "## 5. Following", "### 5.4 Tractors", "### 11.1 One, two or three decks"
SECTION_HEADING = re.compile(r"^#{2,4}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]", re.MULTILINE)
# "§5", "§ 5", "§5.4", and ranges "§4–6", "§5.1-5.4", "§1–§9"
CITATION = re.compile(r"§ ?(\d+(?:\.\d+)*)(?: ?[–-] ?§? ?(\d+(?:\.\d+)*))?")


def sections(book: Path = BOOK) -> list[str]:
    """The section numbers of the book's numbered headings, in order."""
    return SECTION_HEADING.findall(book.read_text(encoding="utf-8"))


def citations(text: str) -> list[str]:
    """Every section number cited in ``text`` (both ends of a range), as written."""
    found = []
    for start, end in CITATION.findall(text):
        found.append(start)
        if end:
            found.append(end)
    return found


def unresolved(text: str, known: set[str]) -> list[str]:
    """The citations of ``text`` that name no section of the book, e.g. ``["§13.2"]``."""
    return [f"§{number}" for number in citations(text) if number not in known]


def _strings(value) -> Iterator[str]:
    """Every string inside a notebook cell (its source and its stored outputs)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def text_of(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        # joined per cell, so a citation split over a notebook's source lines is still found
        return "\n".join("".join(_strings(cell)) for cell in cells)
    return path.read_text(encoding="utf-8")


def source_files() -> list[Path]:
    files: set[Path] = set()
    package = ROOT / "shengji_edu"
    files.update(package.rglob("*.py"))
    files.update(package.rglob("*.po"))
    for folder in ("lessons", "exercises"):
        files.update((ROOT / folder).rglob("*.ipynb"))
        files.update((ROOT / folder).rglob("*.md"))
    files.update(ROOT.glob("*.md"))
    for folder in ("docs", "results"):
        files.update((ROOT / folder).rglob("*.md"))
    for folder in ("tools", "benchmarks"):
        files.update((ROOT / folder).rglob("*.py"))
    skip = ("/.ipynb_checkpoints/", "/__pycache__/", "/build/")
    return sorted(p for p in files if p.is_file() and not any(s in p.as_posix() for s in skip))


def cli_help() -> dict[str, str]:
    """The help text of ``shengji`` and of each subcommand, by the command that prints it."""
    import argparse

    from shengji_edu.cli import build_parser

    parser = build_parser()
    texts = {"shengji --help": parser.format_help()}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                texts[f"shengji {name} --help"] = sub.format_help()
    return texts


def all_texts() -> dict[str, str]:
    texts = {relative(path): text_of(path) for path in source_files()}
    texts.update(cli_help())
    return texts


@pytest.fixture(scope="module")
def known() -> set[str]:
    return set(sections())


def test_the_book_numbers_its_sections_once_each():
    numbers = sections()
    assert len(numbers) == len(set(numbers)), "a section number is used by two headings"
    for expected in [*map(str, range(1, 12)), "5.1", "5.2", "5.3", "5.4", "11.1", "11.5"]:
        assert expected in numbers, f"docs/rules.md has no heading numbered {expected}"


def test_the_book_says_what_the_numbers_are():
    top = BOOK.read_text(encoding="utf-8")[:2000]
    assert "RULES §" in top and "this book" in top


def test_the_scan_finds_the_citations():
    texts = all_texts()
    cited = {where: citations(text) for where, text in texts.items()}
    cited = {where: found for where, found in cited.items() if found}
    total = sum(map(len, cited.values()))
    # Today about 290 citations in 50 places; a scanner that finds few has broken.
    assert total >= 150 and len(cited) >= 30, f"{total} citations in {len(cited)} places"
    for where in (
        "shengji_edu/exercises/ex04.py",
        "shengji_edu/exercises/ex11.py",
        "lessons/11_more_decks.ipynb",
        "exercises/solutions/ex04_following.ipynb",
        "lessons/README.md",
        "shengji play --help",
    ):
        assert where in cited, f"no citation found in {where}"


TEXTS = sorted(all_texts().items())


@pytest.mark.parametrize(("where", "text"), TEXTS, ids=[where for where, _ in TEXTS])
def test_every_citation_names_a_section_of_the_book(where, text, known):
    wrong = unresolved(text, known)
    assert not wrong, f"{where} cites {', '.join(wrong)}: no such heading in docs/rules.md"


def test_the_resolver_catches_a_bogus_citation(known):
    text = "see RULES §13.2 and §5.4, and §5.1-5.9; also §4–6 and § 7"
    assert citations(text) == ["13.2", "5.4", "5.1", "5.9", "4", "6", "7"]
    assert unresolved(text, known) == ["§13.2", "§5.9"]
    assert unresolved("RULES §1–§9 and §11.3", known) == []


def test_the_resolver_reads_a_book(tmp_path):
    book = tmp_path / "rules.md"
    book.write_text("# Title\n\n## 1. One\n\n### 1.2 Two\n\n## Glossary\n", encoding="utf-8")
    assert sections(book) == ["1", "1.2"]
    assert unresolved("§1, §1.2, §1.3, §2", set(sections(book))) == ["§1.3", "§2"]
