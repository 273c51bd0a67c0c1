"""Every relative link in the repository's markdown leads somewhere.

Checked: the markdown cells of every notebook and every markdown file (READMEs included),
outside code. A relative link must name an existing file or folder of the repository; a
link with a fragment into a notebook must name one of its headings as JupyterLab numbers
them (``05_tricks.ipynb#Throws``: the heading's text, spaces made hyphens; plain ASCII, so
JupyterLab finds it as written), and into a
markdown file one of its headings as GitHub does (``README.md#two-commands``). Web links are
not fetched (the test machines are offline).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_text import (
    ROOT,
    anchors,
    is_external,
    links,
    markdown_parts,
    relative,
    repository_files,
)

# JupyterLab looks a fragment up as it is written: keep links into notebooks to headings whose
# id needs no escaping (no parentheses, question marks, percent signs or non-ASCII letters).
SAFE_FRAGMENT = re.compile(r"^[A-Za-z0-9_.:,-]+$")
# Fake student submissions, test data for the grader: not documentation anyone follows.
FIXTURES = ROOT / "tests" / "fixtures"
FILES = [p for p in repository_files(".md", ".ipynb") if not p.is_relative_to(FIXTURES)]
# The rule book is written on its own branch and merged separately: until it is in this
# checkout, links to it are not reported. Only while it is absent, and only this one file.
RULE_BOOK = ROOT / "docs" / "rules.md"


def broken_links(path: Path) -> list[str]:
    problems = []
    for where, markdown in markdown_parts(path):
        place = f"{relative(path)} {where}".strip()
        for target in links(markdown):
            if is_external(target):
                continue
            file_part, _, fragment = target.partition("#")
            file_part = unquote(file_part)
            linked = (path.parent / file_part).resolve() if file_part else path
            if linked == RULE_BOOK.resolve() and not linked.exists():
                continue
            if not linked.is_relative_to(ROOT):
                problems.append(f"{place}: {target} leads outside the repository")
            elif not linked.exists():
                problems.append(f"{place}: {target} does not exist")
            elif fragment and linked.suffix == ".ipynb" and not SAFE_FRAGMENT.match(fragment):
                problems.append(f"{place}: {target}: link a heading of plain ASCII words")
            elif (
                fragment
                and linked.suffix in (".ipynb", ".md")
                and unquote(fragment) not in anchors(linked)
            ):
                problems.append(f"{place}: {target} names no heading of {relative(linked)}")
    return problems


def test_the_repository_has_markdown_to_check():
    names = {relative(path) for path in FILES}
    pages = {"README.md", "CONTRIBUTING.md", "results/README.md", "exercises/README.md"}
    pages |= {"docs/install.md", "docs/tournaments.md", "docs/architecture.md"}
    assert pages | {"lessons/00_start_here.ipynb"} <= names


@pytest.mark.parametrize("path", FILES, ids=[relative(p) for p in FILES])
def test_relative_links_resolve(path):
    problems = broken_links(path)
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_the_checker_catches_a_broken_link(tmp_path, monkeypatch):
    """A link to a missing file, and one to a missing heading, are both reported."""
    import markdown_text

    monkeypatch.setattr(markdown_text, "ROOT", tmp_path)
    monkeypatch.setattr("test_links.ROOT", tmp_path)
    (tmp_path / "a.md").write_text(
        "# Top\n\n[ok](b.md#second-part) [missing](nowhere.md) [bad](b.md#third)\n"
        "`[in code](ignored.md)`\n\n```\n[fenced](ignored.md)\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "b.md").write_text("# B\n\n## Second part\n", encoding="utf-8")
    problems = broken_links(tmp_path / "a.md")
    assert len(problems) == 2, problems
    assert "nowhere.md does not exist" in problems[0]
    assert "b.md#third names no heading" in problems[1]


def test_only_the_absent_rule_book_is_forgiven(tmp_path, monkeypatch):
    """A link to docs/rules.md passes while that file is absent; any other missing file in
    docs/ is still reported, and once the rule book exists its headings are checked."""
    import markdown_text

    monkeypatch.setattr(markdown_text, "ROOT", tmp_path)
    monkeypatch.setattr("test_links.ROOT", tmp_path)
    monkeypatch.setattr("test_links.RULE_BOOK", tmp_path / "docs" / "rules.md")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "README.md"
    page.write_text("[rules](docs/rules.md#play) [other](docs/other.md)\n", encoding="utf-8")
    problems = broken_links(page)
    assert len(problems) == 1 and "docs/other.md does not exist" in problems[0], problems
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n", encoding="utf-8")
    problems = broken_links(page)
    assert len(problems) == 2 and "rules.md#play names no heading" in problems[0], problems


def test_the_student_copies_links_lead_where_the_solutions_do():
    """tools/make_student_notebooks.py moves each relative link one folder up with the copy."""
    import nbformat
    from scripts import load_script

    tool = load_script(ROOT / "tools" / "make_student_notebooks.py", "make_student_notebooks")
    solutions = tool.solution_paths()
    assert solutions
    for path in solutions:
        solution = nbformat.read(path, as_version=4)
        student = tool.student_notebook(solution)
        for old, new in zip(solution.cells, student.cells, strict=True):
            if old.cell_type != "markdown":
                continue
            before, after = links(old.source), links(new.source)
            assert len(before) == len(after), relative(path)
            for a, b in zip(before, after, strict=True):
                if is_external(a) or a.startswith("#"):
                    assert a == b
                    continue
                a_file, _, a_fragment = a.partition("#")
                b_file, _, b_fragment = b.partition("#")
                assert a_fragment == b_fragment
                assert (tool.SOLUTIONS / unquote(a_file)).resolve() == (
                    tool.STUDENTS / unquote(b_file)
                ).resolve(), f"{relative(path)}: {a} became {b}"
