"""How long is each lesson? Cells, words, code lines, an estimate of the minutes, and what the
lesson itself says.

    python tools/lesson_stats.py

The estimate is a rule of thumb for a student who reads everything and runs every cell once:
prose at 120 words a minute, code at 10 (non-blank) lines a minute, and 15 seconds per code
cell to run it and look at what it printed. tests/course/test_lessons.py uses it to keep every
lesson workable in 40 minutes and each stated time honest (within 10 minutes of the estimate).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS_PER_MINUTE = 120
CODE_LINES_PER_MINUTE = 10
MINUTES_PER_CODE_CELL = 0.25
DURATION = re.compile(r"\*\*Time:\*\* about (\d+) minutes")


@dataclass
class LessonStats:
    path: Path
    cells: int
    words: int
    code_cells: int
    code_lines: int  # non-blank
    longest_code_cell: int
    stated: list[int]  # every "**Time:** about N minutes" in the lesson

    @property
    def estimate(self) -> float:
        """Minutes to read the prose and the code and run every cell once."""
        return (
            self.words / WORDS_PER_MINUTE
            + self.code_lines / CODE_LINES_PER_MINUTE
            + self.code_cells * MINUTES_PER_CODE_CELL
        )


def cell_source(cell: dict) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else text


def lesson_paths() -> list[Path]:
    return sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))


def stats(path: Path) -> LessonStats:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    markdown = [cell_source(c) for c in cells if c["cell_type"] == "markdown"]
    code = [cell_source(c) for c in cells if c["cell_type"] == "code"]
    prose = re.sub(r"<!--.*?-->", "", "\n".join(markdown), flags=re.DOTALL)
    return LessonStats(
        path=path,
        cells=len(cells),
        words=len(prose.split()),
        code_cells=len(code),
        code_lines=sum(1 for c in code for line in c.splitlines() if line.strip()),
        longest_code_cell=max((len(c.splitlines()) for c in code), default=0),
        stated=[int(n) for m in markdown for n in DURATION.findall(m)],
    )


def main() -> int:
    print(f"{'lesson':30}{'cells':>6}{'words':>7}{'code':>6}{'lines':>7}{'longest':>8}", end="")
    print(f"{'estimate':>10}{'stated':>8}")
    for path in lesson_paths():
        s = stats(path)
        stated = ",".join(map(str, s.stated)) or "-"
        print(
            f"{path.name:30}{s.cells:6}{s.words:7}{s.code_cells:6}{s.code_lines:7}"
            f"{s.longest_code_cell:8}{s.estimate:9.0f}m{stated:>8}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
