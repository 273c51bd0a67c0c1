"""What the course deliberately does not play (RULES §12.19) stays listed, with its seed and
its reason, in the three places a reader meets the rules: the README's rules section, the
rule book's §12.19 and lesson 11."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

NOT_PLAYED = {
    "three players with one deck": ("seed 000",),
    "escape and disconnect coins": ("seed 004",),
    "掼蛋": ("seed 004",),
    "revoke penalties": ("seed 004",),
    "taking the kitty": ("seed 004",),
    "other deck counts": (),
    "signals and table craft": ("seed 003", "seed 004"),
    "clockwise play": ("seed 004",),
}
"""Each thing left out (a phrase its line holds) and the seeds its line names."""


def readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## The rules", 1)[1].split("\n## ", 1)[0]


def book_section() -> str:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return text.split("### 12.19", 1)[1].split("\n## ", 1)[0]


def lesson_text() -> str:
    notebook = json.loads((ROOT / "lessons" / "11_more_decks.ipynb").read_text(encoding="utf-8"))
    return "\n".join(
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    )


PLACES = {"README": readme_section, "rule book §12.19": book_section, "lesson 11": lesson_text}


@pytest.mark.parametrize("place", PLACES)
def test_every_thing_left_out_is_listed_with_its_seed(place):
    text = PLACES[place]()
    lines = [line for line in text.splitlines() if line.lstrip().startswith(("-", "*"))]
    for phrase, seeds in NOT_PLAYED.items():
        found = [line for line in lines if phrase.lower() in line.lower()]
        assert found, f"{place} does not list {phrase!r} among what is not played"
        names = re.sub(r"seeds (\d{3}), (\d{3})", r"seed \1, seed \2", found[0].lower())
        for seed in seeds:
            assert seed in names, f"{place}'s line on {phrase!r} does not name {seed}"
