"""lessons/README.md maps every section of the rules to the lesson section that teaches it.

RULES.md, the project's rule book, lives outside this repository, so its sections and the
concepts they name are listed here (``RULES_CONCEPTS``): a section missing from the concept
table, or a concept of it, fails the test. Every row must link a lesson and a heading of it;
test_links.py checks that each link resolves. The §11 rows may be marked planned for lesson
11 (more decks) while that lesson does not exist yet; once it does, they must link it.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from markdown_text import ROOT, anchors, links

TABLE = ROOT / "lessons" / "README.md"
PLANNED = "11_more_decks.ipynb"  # lesson 11, planned by another engineer

# Section -> words that must appear in some row of that section (one per concept it names).
RULES_CONCEPTS: dict[str, list[str]] = {
    "§1": ["seats", "two decks", "Counter", "deal", "notation", "lookalike", "point cards"],
    "§2": ["levels", "trumps", "effective suit", "order", "played first"],
    "§3": ["pairs", "steps", "tractors", "wrap-around", "decomposition"],
    "§4": ["leading", "throw stands", "inside", "failed throw", "tie-breaks", "throw_penalty"],
    "§5": ["count", "suit", "pairs", "tractors", "shorter tractor", "reason"],
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
ROW = re.compile(r"^\| (§[\d.]+) \| (.+?) \| (.+?) \|$", re.MULTILINE)


def rows() -> list[tuple[str, str, str]]:
    return ROW.findall(TABLE.read_text(encoding="utf-8"))


def test_the_table_has_rows():
    assert len(rows()) >= sum(map(len, RULES_CONCEPTS.values())) // 2


@pytest.mark.parametrize("section", list(RULES_CONCEPTS))
def test_every_concept_of_a_section_has_a_row(section):
    concepts = " ".join(concept for sec, concept, _ in rows() if sec == section)
    assert concepts, f"{section} has no row in lessons/README.md"
    missing = [word for word in RULES_CONCEPTS[section] if word.lower() not in concepts.lower()]
    assert not missing, f"{section}: no row names {missing}"


def test_every_row_names_a_known_section():
    assert {sec for sec, _, _ in rows()} <= set(RULES_CONCEPTS)


@pytest.mark.parametrize("row", rows(), ids=lambda row: f"{row[0]} {row[1][:40]}")
def test_every_row_links_a_lesson_heading(row):
    section, concept, taught = row
    if "planned" in taught:
        assert section.startswith("§11"), "only the §11 rows may wait for a planned lesson"
        assert PLANNED in taught
        assert not (ROOT / "lessons" / PLANNED).exists(), (
            f"lessons/{PLANNED} exists now: link its sections from the {section} row"
        )
        return
    targets = [t for t in links(taught) if t.partition("#")[0].endswith(".ipynb")]
    assert targets, f"{section} {concept!r}: no link to a lesson"
    for target in targets:
        path, _, fragment = target.partition("#")
        lesson = TABLE.parent / unquote(path)
        assert lesson.is_file(), f"{target}: no such lesson"
        assert fragment, f"{target}: link the section (add #Heading-id)"
        assert unquote(fragment) in anchors(lesson), f"{target}: no such heading"
