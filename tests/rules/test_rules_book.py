"""The worked examples of the rule book, docs/rules.md, are run against the engine.

Every example in the book that states an outcome is a Python session (``>>>`` lines inside
```` ```pycon ```` blocks). This test runs them all with :mod:`doctest`, so the book cannot drift
from the engine: change a rule in the code and the book's example fails here, naming its line.
"""

from __future__ import annotations

import doctest
import re

from markdown_text import ROOT

BOOK = ROOT / "docs" / "rules.md"
# A fence line (```pycon, ```) would otherwise be read as part of the expected output.
FENCE_LINE = re.compile(r"^ {0,3}(```|~~~).*$", re.MULTILINE)
OPTIONS = doctest.ELLIPSIS


class MarkdownParser(doctest.DocTestParser):
    """A doctest parser for markdown: fence lines are blanked (line numbers kept)."""

    def parse(self, string, name="<string>"):
        return super().parse(FENCE_LINE.sub("", string), name)


def run_book(path=BOOK, **kwargs) -> doctest.TestResults:
    return doctest.testfile(
        str(path),
        module_relative=False,
        parser=MarkdownParser(),
        optionflags=OPTIONS,
        encoding="utf-8",
        **kwargs,
    )


def test_every_example_of_the_book_holds():
    failed, attempted = run_book()
    assert attempted >= 80, f"only {attempted} examples ran: is the book still written as sessions?"
    assert failed == 0, f"{failed} of {attempted} examples of docs/rules.md fail (see above)"


def test_every_session_block_has_examples():
    """A ```pycon block without ``>>>`` lines would show an outcome nothing checks."""
    text = BOOK.read_text(encoding="utf-8")
    blocks = re.findall(r"^```pycon\n(.*?)^```", text, re.DOTALL | re.MULTILINE)
    assert blocks
    for block in blocks:
        assert block.lstrip().startswith(">>> "), f"a pycon block does not start with >>>:\n{block}"


def test_a_wrong_outcome_fails(tmp_path):
    """The runner really compares: a book stating a wrong outcome fails."""
    wrong = tmp_path / "wrong.md"
    wrong.write_text(
        "```pycon\n>>> from shengji_edu import parse_cards, trick_points\n"
        '>>> trick_points(parse_cards("H5 HK"))\n20\n```\n',
        encoding="utf-8",
    )
    failed, attempted = run_book(wrong, report=False, verbose=False)
    assert (failed, attempted) == (1, 2)
