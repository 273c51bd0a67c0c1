"""Figures quoted in prose come from committed results, and go stale loudly.

tools/quoted_figures.py defines the markers (``<!-- figure results/x.json a.hands_won:% -->``
… ``<!-- /figure -->``). This test fails when a marked figure differs from its JSON source,
when a marker names a missing file or field, and when prose quotes a confidence interval
without a marker (a hand-copied number that could drift).
"""

from __future__ import annotations

import json
import re
import sys

import pytest
from markdown_text import ROOT, markdown_parts, relative, repository_files, without_code

sys.path.insert(0, str(ROOT / "tools"))
import quoted_figures  # noqa: E402

# An interval as the arena prints it: "60.8% [56.8, 64.7]" or "0.47 [0.42, 0.53]".
INTERVAL = re.compile(r"[+-]?\d+(?:\.\d+)?%? \[[+-]?\d+(?:\.\d+)?, [+-]?\d+(?:\.\d+)?\]")
FIXTURES = ROOT / "tests" / "fixtures"


def test_every_quoted_figure_matches_its_results():
    stale, broken = quoted_figures.problems()
    assert not broken, "\n".join(broken)
    assert not stale, "run python tools/quoted_figures.py:\n" + "\n".join(stale)


def test_the_figures_of_the_results_page_and_the_lessons_are_marked():
    marked = {relative(f.path) for f in quoted_figures.all_figures()}
    assert {
        "results/README.md",
        "lessons/08_simple_ai.ipynb",
        "lessons/10_gin_rummy.ipynb",
    } <= marked
    sources = {f.source for f in quoted_figures.all_figures()}
    assert all((ROOT / source).is_file() for source in sources)


def test_the_tool_reads_every_page_that_quotes_figures():
    """The README, results/README.md, CONTRIBUTING.md and every page of docs/ are checked."""
    checked = {relative(path) for path in quoted_figures.text_files()}
    pages = {"README.md", "results/README.md", "CONTRIBUTING.md"}
    pages |= {relative(path) for path in (ROOT / "docs").glob("*.md")}
    assert pages <= checked, pages - checked


def test_no_interval_is_quoted_by_hand():
    """Every interval in prose (outside code and outside markers) is a hand-copied figure."""
    found = []
    for path in repository_files(".md", ".ipynb"):
        if path.is_relative_to(FIXTURES):
            continue
        for where, markdown in markdown_parts(path):
            text = without_code(quoted_figures.MARKER.sub("", markdown))
            found += [f"{relative(path)} {where}: {m}" for m in INTERVAL.findall(text)]
    assert not found, "mark these with tools/quoted_figures.py markers:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("value", "spec", "text"),
    [
        ({"mean": 0.6075, "low": 0.56767, "high": 0.64733}, "%", "60.8% [56.8, 64.7]"),
        ({"mean": 0.6075, "low": 0.56767, "high": 0.64733}, "%0", "61% [57, 65]"),
        ({"mean": 0.365, "low": -0.0007, "high": 0.7307}, ".2f", "0.36 [0.00, 0.73]"),
        ({"mean": 0.45, "low": -0.87, "high": 1.76}, "+.2f", "+0.45 [-0.87, +1.76]"),
        ({"mean": 1.23875, "low": 1.1788, "high": 1.2987}, "", "1.24 [1.18, 1.30]"),
        ([1, 2, 3], "len", "3"),
        (0.94, "%", "94.0%"),
        (2026, "", "2026"),
    ],
)
def test_render(value, spec, text):
    assert quoted_figures.render(value, spec) == text


def test_a_changed_result_is_reported_and_refreshed(tmp_path, monkeypatch):
    monkeypatch.setattr(quoted_figures, "ROOT", tmp_path)
    monkeypatch.setattr(quoted_figures, "_loaded", {})
    (tmp_path / "results").mkdir()
    source = tmp_path / "results" / "run.json"
    source.write_text(json.dumps({"summary": {"a": {"hands_won": 0.5}}}), encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "won <!-- figure results/run.json a.hands_won:% -->50.0%<!-- /figure --> of hands\n"
        "<!-- figure results/run.json a.nothing -->1<!-- /figure -->\n",
        encoding="utf-8",
    )
    stale, broken = quoted_figures.problems()
    assert stale == [] and len(broken) == 1 and "no field 'a.nothing'" in broken[0]

    page.write_text(page.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    source.write_text(json.dumps({"summary": {"a": {"hands_won": 0.625}}}), encoding="utf-8")
    monkeypatch.setattr(quoted_figures, "_loaded", {})
    stale, broken = quoted_figures.problems()
    assert broken == [] and len(stale) == 1 and "'62.5%'" in stale[0]
    assert quoted_figures.main([]) == 0
    assert "-->62.5%<!--" in page.read_text(encoding="utf-8")
    assert quoted_figures.problems() == ([], [])
