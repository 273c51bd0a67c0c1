"""The HTML report of ``shengji similarity --html``: one self-contained page (style inline,
no script, nothing fetched), every text from a submission escaped. The ranked pairs first,
then the most similar pairs side by side with the lines their shared runs cover marked."""

from __future__ import annotations

import html
from pathlib import Path

from .similarity import Pair, Report, Submission

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222}"
    "table{border-collapse:collapse}td,th{padding:.2rem .6rem;border-bottom:1px solid #ddd;"
    "text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".sides{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}"
    "pre{background:#f6f6f6;padding:.4rem;overflow-x:auto;font-size:.85rem;margin:.2rem 0}"
    "mark{background:#ffe08a}h4{margin:.6rem 0 0;font-size:.9rem;color:#555}"
)


def _side(pair: Pair, side: Submission) -> str:
    covered = pair.lines(side)
    out = [f"<div><h3>{html.escape(side.name)}</h3>"]
    for part, fragment in enumerate(side.fragments):
        if not fragment.source.strip():
            continue
        marked = covered.get(part, set())
        lines = []
        for number, line in enumerate(fragment.source.splitlines(), 1):
            text = html.escape(line) or " "
            lines.append(f"<mark>{text}</mark>" if number in marked else text)
        out.append(f"<h4>{html.escape(fragment.label)}</h4><pre>{chr(10).join(lines)}</pre>")
    out.append("</div>")
    return "".join(out)


def report_html(report: Report, shown: int = 10) -> str:
    """The report as one HTML page; the first ``shown`` pairs side by side."""
    e = html.escape
    rows = []
    for rank, pair in enumerate(report.pairs, 1):
        link = f'<a href="#pair{rank}">{rank}</a>' if rank <= shown else str(rank)
        rows.append(
            f"<tr><td class=n>{link}</td><td class=n>{pair.similarity:.2f}</td>"
            f"<td class=n>{pair.coverage_a:.0%} / {pair.coverage_b:.0%}</td>"
            f"<td class=n>{len(pair.shared)}</td><td>{e(pair.a.name)}</td>"
            f"<td>{e(pair.b.name)}</td><td>{e(pair.a.group)}</td></tr>"
        )
    starters = "".join(
        f"<li>{e(group)}: {e(', '.join(Path(p).name for p in paths) or 'none')}</li>"
        for group, paths in sorted(report.starters.items())
    )
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Similar submissions</title>',
        f"<style>{_STYLE}</style></head><body>",
        "<h1>Similar submissions</h1>",
        f"<p>{len(report.submissions)} submissions, {len(report.pairs)} pairs, ranked by "
        "similarity (2·shared / (fingerprints of A + of B), after identifiers and literals "
        "are normalised and the starter code removed). Coverage: the share of each side's "
        "fingerprints found in the other. A high score is a reason to read the pair, not "
        f"proof. Starter code removed: </p><ul>{starters}</ul>",
        f"<p>{report.common} fingerprint(s) common to most submissions were ignored.</p>",
        "<table><tr><th>#</th><th>similarity</th><th>coverage A / B</th><th>shared</th>"
        "<th>A</th><th>B</th><th>group</th></tr>",
        *rows,
        "</table>",
    ]
    for rank, pair in enumerate(report.pairs[:shown], 1):
        out.append(
            f'<h2 id="pair{rank}">{rank}. {e(pair.a.name)} ~ {e(pair.b.name)}: '
            f"{pair.similarity:.2f}</h2>"
            f'<div class="sides">{_side(pair, pair.a)}{_side(pair, pair.b)}</div>'
        )
    out.append("</body></html>")
    return "\n".join(out) + "\n"
