"""The README and docs/ are for their readers: short, and free of lab notes.

A student, an instructor and a player each read the README as a front door, so it stays
within a few screens (``README_LIMIT`` bytes). Neither it nor any page of ``docs/`` keeps
the project's history: issue numbers, commit hashes, times in UTC, the load of the machine
while something was measured, or estimates of what another machine would do. Git keeps the
history; results/README.md keeps the figures, each with the command that measures it.

The detector (``lab_notes``) works line by line, on the whole text, code included: a commit
hash in a code block is as much a lab note as one in prose. It is checked here on lines that
must be caught and on ordinary lines (numbers, card text, ports, links to headings) that
must not.
"""

from __future__ import annotations

import re

import pytest
from markdown_text import ROOT, relative

README_LIMIT = 8000
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# A hex word of 7 to 40 characters holding a digit and a letter a-f: a short or full commit
# hash. Plain numbers (no letter) and words spelt with a-f only (no digit) are not hashes;
# the word boundaries keep it out of longer words and of file names (``compare_0369a5f``).
HASH = re.compile(r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
LAB_NOTES: dict[str, re.Pattern[str]] = {
    # "issue 17", "issues 11–17", "issue #17", "PR 40", and a bare "#17" (not a heading's
    # "# 1", not a link to a heading such as "#6-running", not an HTML entity "&#123;").
    "issue reference": re.compile(
        r"\b(?:issues?|PRs?|pull requests?)\s+#?\d+|(?<![\w&/])#\d+\b(?!-)", re.IGNORECASE
    ),
    "commit hash": HASH,
    "time in UTC": re.compile(r"\bUTC\b"),
    "time of day": re.compile(r"\b(?:at|from|until|since|by)\s+(?:[01]?\d|2[0-3]):[0-5]\d\b"),
    # "load 0.9", "load 8–11", "at load 5.0", "load average", "(load …)" with a figure in it.
    "machine load": re.compile(
        r"\bload\s+averages?\b|\bload\s+\d|\(load\b[^)\n]*\d", re.IGNORECASE
    ),
    "another machine": re.compile(
        r"\bthe issue['’]s machine\b|\bon (?:its|that|another|the other) machine\b"
        r"|\bestimated?\b[^.\n]{0,60}\bmachine\b|\bmachine\b[^.\n]{0,60}\bestimated?\b",
        re.IGNORECASE,
    ),
}


def lab_notes(text: str) -> list[str]:
    """One line per lab note found: ``line N: kind: 'what matched'``."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for kind, pattern in LAB_NOTES.items():
            found += [f"line {number}: {kind}: {m.group(0)!r}" for m in pattern.finditer(line)]
    return found


def test_the_readme_is_a_front_door():
    size = len(README.read_bytes())
    assert size <= README_LIMIT, (
        f"README.md is {size} bytes, over {README_LIMIT}: move the detail to docs/, "
        "results/README.md or CONTRIBUTING.md and link it"
    )


def test_there_are_pages_to_check():
    names = {relative(path) for path in PAGES}
    assert {"README.md", "docs/install.md", "docs/tournaments.md", "docs/architecture.md"} <= names


@pytest.mark.parametrize("path", PAGES, ids=[relative(p) for p in PAGES])
def test_no_lab_notes(path):
    found = lab_notes(path.read_text(encoding="utf-8"))
    assert not found, f"{relative(path)} keeps lab notes (history belongs in git):\n" + "\n".join(
        found
    )


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("the targets of issue 17 are met", "issue reference"),
        ("after issues 11–17 were worked on", "issue reference"),
        ("see Issue #17 for the plan", "issue reference"),
        ("fixed in #17, then reverted", "issue reference"),
        ("merged in PR 40", "issue reference"),
        ("the engine at 0369a5f played 167 hands/s", "commit hash"),
        ("`--baseline 67f1503`", "commit hash"),
        ("main 44bc928ab12f, engine as at the fourth pass", "commit hash"),
        ("ca86b598a251ff4c2834913d2cb2c0056a9fb777", "commit hash"),
        ("measured 2026-12-02 01:42 UTC", "time in UTC"),
        ("the search, measured at 16:12 while two arenas ran", "time of day"),
        ("`legal_follows` (load 0.9, third pass)", "machine load"),
        ("on the 2-core machine while other jobs ran (load 8–11)", "machine load"),
        ("wall-clock time at load 5.0", "machine load"),
        ("python 3.11.7; 2 CPUs, load average 1.1", "machine load"),
        ("about 1,140 hands/s on the issue's machine", "another machine"),
        ("it comes to about 590 on that machine", "another machine"),
        ("an estimate of what the machine it was set for would do", "another machine"),
    ],
)
def test_the_detector_catches_a_lab_note(line, kind):
    found = lab_notes(f"A clean first line.\n{line}\n")
    assert any(note.startswith(f"line 2: {kind}:") for note in found), found


@pytest.mark.parametrize(
    "line",
    [
        "## 6. Running a class tournament",
        "see [the checklist](exercises/README.md#6-running-a-class-tournament)",
        "# Installing the course",
        "1,081,575 plays; 19,900 matches; 2026 deals; seed 1234567",
        "random x2.47 and greedy x2.73; 7.8 M instructions a hand",
        "type cards as `S10 HA BJ`; `?` lists your legal plays",
        "shengji table --lang zh --port 9000 # http://127.0.0.1:8866/",
        "the CSV records each file's SHA-256; a deadbeef facade decade",
        "results/benchmark_compare_0369a5f.txt",
        "lessons load their committed results through result_path",
        "e2e tests; the 108-card deck; lesson 12; exercise 11",
        "ratios measured side by side carry from one machine to another better than rates",
        "each at 10 deals (20 hands) per match; step 6 of the guide",
    ],
)
def test_the_detector_leaves_ordinary_lines_alone(line):
    assert lab_notes(line) == []
