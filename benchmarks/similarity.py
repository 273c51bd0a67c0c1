"""What ``shengji similarity`` finds on the test fixtures, and how long a class takes.

    python benchmarks/similarity.py            # writes results/similarity.json
    python benchmarks/similarity.py --class-size 60

Records, for tests/fixtures/similarity/notebooks (ann's; ben's, ann's code renamed; cho's and
dan's, independent) and tests/fixtures/similarity/bots (lin.py; mei.py, lin's renamed; raj.py
and sol/, independent), every pair's similarity; then the seconds one comparison of a class
takes: the four fixture notebooks copied round-robin into a folder of ``--class-size``
notebooks (in this process, the folder read, fingerprinted, every pair compared and the HTML
report made). Prints, never asserts (the ranking itself is tested in
tests/grading/test_similarity.py).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from shengji_edu.grading.similarity import similarity
from shengji_edu.grading.similarity_html import report_html

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "similarity"


def pairs(folder: Path) -> dict[str, float]:
    report = similarity(folder)
    return {f"{p.a.name} ~ {p.b.name}": round(p.similarity, 3) for p in report.pairs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--class-size", type=int, default=30)
    parser.add_argument("--out", default=str(ROOT / "results" / "similarity.json"))
    args = parser.parse_args()
    notebooks = pairs(FIXTURES / "notebooks")
    bots = pairs(FIXTURES / "bots")
    copy = notebooks.pop("ann_ex01_cards.ipynb ~ ben_ex01_cards.ipynb")
    sources = sorted((FIXTURES / "notebooks").glob("*.ipynb"))
    with tempfile.TemporaryDirectory() as folder:
        for n in range(args.class_size):
            source = sources[n % len(sources)]
            shutil.copy(source, Path(folder) / f"student{n + 1:03d}_{source.name}")
        started = time.perf_counter()
        report = similarity(folder)
        report_html(report)
        seconds = time.perf_counter() - started
    results = {
        "command": "python benchmarks/similarity.py" + f" --class-size {args.class_size}",
        "notebooks": {
            "renamed_copy": copy,
            "independent_max": max(notebooks.values()),
            "independent_min": min(notebooks.values()),
            "pairs": notebooks,
        },
        "bots": {
            "renamed_copy": bots.pop("lin.py ~ mei.py"),
            "independent_max": max(bots.values()),
            "pairs": bots,
        },
        "class": {"notebooks": args.class_size, "pairs": len(report.pairs), "seconds": seconds},
    }
    Path(args.out).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
