"""lessons/README.md maps every section of the rule book to the lesson section that teaches it.

The rule book is ``docs/rules.md``; its numbered headings (``## 5. Following``, ``### 5.4
Tractors``) are the sections that "RULES §n" names everywhere. Checked here:

- every row's RULES cell links ``../docs/rules.md#…``, and the link lands on the heading of
  *that* section (GitHub's anchor of the heading numbered like the cell);
- every numbered section of the book has a row (a section with subsections may be covered by
  its subsections' rows), and every concept a section names (``RULES_CONCEPTS``) appears in
  one of its rows;
- every row links a lesson and a heading of it (test_links.py checks every link of the
  repository's markdown too);
- every exercise notebook is listed in the lessons' table.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from markdown_text import ROOT, anchors, github_slug, headings, links

TABLE = ROOT / "lessons" / "README.md"
BOOK = ROOT / "docs" / "rules.md"
BOOK_LINK = "../docs/rules.md"
NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")

# Section -> words that must appear in some row of that section (one per concept it names).
RULES_CONCEPTS: dict[str, list[str]] = {
    "§1": ["seats", "two decks", "Counter", "deal", "notation", "lookalike", "point cards"],
    "§2": ["levels", "trumps", "effective suit", "order", "played first"],
    "§3": ["pairs", "steps", "tractors", "wrap-around", "decomposition"],
    "§4": ["leading", "throw stands", "inside", "failed throw", "tie-breaks", "throw_penalty"],
    "§5": ["reason", "legal follow"],
    "§5.1": ["count"],
    "§5.2": ["suit"],
    "§5.3": ["pairs"],
    "§5.4": ["tractors", "shorter tractor"],
    "§6": ["led suit", "format", "ruffs", "best for it", "over-ruff"],
    "§7": [
        "defenders",
        "kitty multiplier",
        "failed throws",
        "settlement",
        "deals next",
        "stop at A",
    ],
    "§8": [
        "one card at a time",
        "strength ladder",
        "strictly stronger",
        "reinforcing",
        "after the last card",
        "first hand",
        "later hands",
        "deal starts from the dealer",
        "nobody declares",
        "after_deal",
        "kitty exchange",
    ],
    "§9": ["same seed", "player's randomness", "records"],
    "§10": [
        "Card",
        "parse_cards",
        "format_cards",
        "Trump",
        "decompose",
        "check_follow",
        "legal_follows",
        "check_throw",
        "trick_winner",
        "trick_points",
        "kitty_multiplier",
        "settle",
        "RuleSet",
    ],
    "§11.1": ["decks"],
    "§11.2": ["twos"],
    "§11.3": ["overcalling"],
    "§11.4": ["kitty"],
    "§11.5": ["API"],
}
# | [§5.4](../docs/rules.md#54-tractors) | concept | taught in |
ROW = re.compile(r"^\| \[(§[\d.]+)\]\(([^)\s]*)\) \| (.+?) \| (.+?) \|$", re.MULTILINE)


def book_sections() -> dict[str, str]:
    """``{"§5.4": "54-tractors", …}``: each numbered heading of the book and its anchor."""
    found = {}
    for title in headings(BOOK.read_text(encoding="utf-8")):
        match = NUMBERED.match(title)
        if match:
            found[f"§{match.group(1)}"] = github_slug(title)
    return found


def rows() -> list[tuple[str, str, str, str]]:
    """(section, its link, concept, taught in) for every row of the concept table."""
    return ROW.findall(TABLE.read_text(encoding="utf-8"))


def test_the_table_has_rows():
    assert len(rows()) >= sum(map(len, RULES_CONCEPTS.values())) // 2


def test_every_row_of_the_table_is_read():
    """A row whose RULES cell is not a link to the book would escape the checks below."""
    text = TABLE.read_text(encoding="utf-8")
    table = text[text.index("| RULES | Concept") :]
    body = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(body) - 1 == len(rows()), "a row of the concept table does not link its section"


def test_every_section_of_the_book_has_a_row():
    covered = {section for section, *_ in rows()}
    for section in book_sections():
        assert section in covered or any(c.startswith(section + ".") for c in covered), (
            f"{section} of docs/rules.md has no row in lessons/README.md"
        )


@pytest.mark.parametrize("section", list(RULES_CONCEPTS))
def test_every_concept_of_a_section_has_a_row(section):
    concepts = " ".join(concept for sec, _, concept, _ in rows() if sec == section)
    assert concepts, f"{section} has no row in lessons/README.md"
    missing = [word for word in RULES_CONCEPTS[section] if word.lower() not in concepts.lower()]
    assert not missing, f"{section}: no row names {missing}"


def test_every_row_names_a_section_of_the_book():
    assert {sec for sec, *_ in rows()} <= set(book_sections())
    assert set(RULES_CONCEPTS) <= set(book_sections())


@pytest.mark.parametrize("row", rows(), ids=lambda row: f"{row[0]} {row[2][:40]}")
def test_every_row_links_its_heading_of_the_book(row):
    section, target, concept, _ = row
    path, _, fragment = target.partition("#")
    assert path == BOOK_LINK, f"{section} {concept!r}: link {BOOK_LINK}#…, not {target}"
    assert (TABLE.parent / path).resolve() == BOOK
    assert fragment in anchors(BOOK), f"{target}: no such heading in docs/rules.md"
    assert fragment == book_sections()[section], (
        f"{section} {concept!r} links #{fragment}, the heading of another section; "
        f"{section} is #{book_sections()[section]}"
    )


@pytest.mark.parametrize("row", rows(), ids=lambda row: f"{row[0]} {row[2][:40]}")
def test_every_row_links_a_lesson_heading(row):
    section, _, concept, taught = row
    targets = [t for t in links(taught) if t.partition("#")[0].endswith(".ipynb")]
    assert targets, f"{section} {concept!r}: no link to a lesson"
    for target in targets:
        path, _, fragment = target.partition("#")
        lesson = TABLE.parent / unquote(path)
        assert lesson.is_file(), f"{target}: no such lesson"
        assert fragment, f"{target}: link the section (add #Heading-id)"
        assert unquote(fragment) in anchors(lesson), f"{target}: no such heading"


def test_every_exercise_is_listed():
    listed = {
        (TABLE.parent / unquote(t.partition("#")[0])).resolve()
        for t in links(TABLE.read_text(encoding="utf-8"))
    }
    for exercise in sorted((ROOT / "exercises").glob("ex*.ipynb")):
        assert exercise.resolve() in listed, f"lessons/README.md does not list {exercise.name}"


def test_a_link_to_another_sections_heading_is_caught():
    """The anchor check compares with the row's own section, not with any heading."""
    sections = book_sections()
    assert sections["§5.4"] == "54-tractors"
    assert sections["§5.4"] != sections["§5"]
    row = ("§5.4", f"{BOOK_LINK}#5-following", "rule 4, tractors", "")
    with pytest.raises(AssertionError, match="the heading of another section"):
        test_every_row_links_its_heading_of_the_book(row)
