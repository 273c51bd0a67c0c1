"""Feedback files for students (``shengji grade --feedback DIR``): one Markdown and one HTML
file per notebook, named after the student and the notebook.

Each file says, for every question: its result and points, and for a FAIL the smallest
failing input (as the lines to paste into a notebook), the answer expected, what the
function gave, the rule of the rule book that decides the case (where the question names
one), and the question's hint; for other results the grader's message. Then the notes (a
cell that raised, ran too long …). The text comes from the grader's own judging (the same
messages ``q.check`` prints), kept beside the ledger (:mod:`.store`) so that a resumed run,
which does not run a graded notebook again, writes the same files.

The HTML is one self-contained page (its style inline, no script, no request to any server),
every text from a submission escaped.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Sequence
from pathlib import Path

from ..exercises import EXERCISES, questions
from ..exercises.checking import FAIL, NOT_ATTEMPTED, PASS
from .ledger import clean
from .submissions import Row

_WORDS = {
    PASS: "PASS: right on every test case",
    FAIL: "FAIL: wrong on some test case",
    NOT_ATTEMPTED: "NOT ATTEMPTED: still the stub",
    "MISSING": "MISSING: no function of that name in the notebook",
    "ERROR": "ERROR: could not be checked",
}


def _safe(text: str) -> str:
    """A file name part: letters, digits, dot, dash and underscore only."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "notebook"


def feedback_name(row: Row, student: str) -> str:
    """``alice--ex01_cards`` (student, then the notebook's path in the folder, without
    ``.ipynb``): one name per notebook, never the same for two notebooks."""
    name = (row.name or Path(row.file).name).removesuffix(".ipynb")
    parts = [p for p in re.split(r"[\\/]+", name) if p]
    if parts and parts[0] == student and len(parts) > 1:
        parts = parts[1:]
    stem = "--".join(_safe(p) for p in parts)
    return f"{_safe(student)}--{stem}" if stem != _safe(student) else _safe(student)


def sections(row: Row) -> list[dict]:
    """The questions of ``row`` as plain data (what both formats show)."""
    shown = []
    for question in questions(row.exercise) if row.exercise in EXERCISES else []:
        status = row.statuses.get(question.id, "")
        detail = row.details.get(question.id) if status == FAIL else None
        shown.append(
            {
                "id": question.id,
                "label": question.label,
                "status": status,
                "points": question.points if status == PASS else 0,
                "possible": question.points,
                "message": clean(row.messages.get(question.id, ""), lines=True),
                "detail": detail,
                "hint": question.hint_text if status != PASS else "",
            }
        )
    return shown


def _points(value: float) -> str:
    return f"{value:g}"


def _who(student: str, name: str) -> str:
    return f"{clean(name)} ({clean(student)})" if name else clean(student)


def markdown(row: Row, student: str, name: str = "") -> str:
    """The Markdown feedback of one notebook (``name``: the student's, from the roster)."""
    parts = sections(row)
    score = sum(p["points"] for p in parts)
    possible = sum(p["possible"] for p in parts)
    lines = [
        f"# {row.exercise or 'notebook'} feedback: {_who(student, name)}",
        "",
        f"Notebook: `{clean(row.name or Path(row.file).name)}` · score {_points(score)} of "
        f"{_points(possible)}",
        "",
    ]
    if row.notes:
        lines += ["Notes:", "", *[f"- {clean(n)}" for n in row.notes], ""]
    for part in parts:
        lines += [
            f"## {part['label']}: {_points(part['points'])}/{_points(part['possible'])}",
            "",
            f"**{_WORDS.get(part['status'], part['status'] or 'not graded')}**",
            "",
        ]
        detail = part["detail"]
        if detail:
            fence = "````"
            lines += ["The smallest failing input:", "", f"{fence}python"]
            lines += [clean(str(x)) for x in detail.get("input", [])]
            lines += [fence, ""]
            if detail.get("expected"):
                lines += ["The answer should be:", "", fence, clean(str(detail["expected"]), True)]
                lines += [fence, ""]
            lines += ["Your function gave:", "", fence, clean(str(detail.get("actual", "")), True)]
            lines += [fence, ""]
            rule = [clean(str(x)) for x in detail.get("rule", [])]
            if rule:
                lines += ["The rule:", "", *[f"> {x}" for x in rule], ""]
            if detail.get("try"):
                call = clean(str(detail["try"]))
                lines += [f"Try it yourself: the lines above, then `{call}`", ""]
        elif part["status"] not in (PASS, "") and part["message"]:
            lines += ["````text", part["message"], "````", ""]
        if part["hint"]:
            lines += ["Hint:", "", *[f"> {x}" for x in part["hint"].splitlines()], ""]
    return "\n".join(lines).rstrip() + "\n"


_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;"
    "color:#222}pre{background:#f4f4f4;padding:.6rem;white-space:pre-wrap}"
    ".PASS{color:#1a7f37}.FAIL,.ERROR,.MISSING{color:#b42318}.todo{color:#8a6d00}"
    "blockquote{border-left:3px solid #ccc;margin:0;padding-left:.8rem;color:#444}"
)


def page(row: Row, student: str, name: str = "") -> str:
    """The HTML feedback of one notebook: one self-contained page."""
    e = html.escape
    parts = sections(row)
    score = sum(p["points"] for p in parts)
    possible = sum(p["possible"] for p in parts)
    title = f"{row.exercise or 'notebook'} feedback: {_who(student, name)}"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>Notebook: <code>{e(clean(row.name or Path(row.file).name))}</code> · score "
        f"{_points(score)} of {_points(possible)}</p>",
    ]
    if row.notes:
        out.append("<p>Notes:</p><ul>" + "".join(f"<li>{e(clean(n))}</li>" for n in row.notes))
        out.append("</ul>")
    for part in parts:
        kind = "todo" if part["status"] == NOT_ATTEMPTED else part["status"]
        out.append(
            f'<section id="{e(part["id"])}"><h2>{e(part["label"])}: '
            f"{_points(part['points'])}/{_points(part['possible'])}</h2>"
            f'<p class="{e(kind)}"><strong>'
            f"{e(_WORDS.get(part['status'], part['status'] or 'not graded'))}</strong></p>"
        )
        detail = part["detail"]
        if detail:
            inputs = "\n".join(clean(str(x)) for x in detail.get("input", []))
            out.append(f"<p>The smallest failing input:</p><pre><code>{e(inputs)}</code></pre>")
            if detail.get("expected"):
                expected = clean(str(detail["expected"]), True)
                out.append(f"<p>The answer should be:</p><pre>{e(expected)}</pre>")
            actual = clean(str(detail.get("actual", "")), True)
            out.append(f"<p>Your function gave:</p><pre>{e(actual)}</pre>")
            rule = [clean(str(x)) for x in detail.get("rule", [])]
            if rule:
                out.append("<p>The rule:</p><blockquote>" + "<br>".join(map(e, rule)))
                out.append("</blockquote>")
            if detail.get("try"):
                out.append(
                    "<p>Try it yourself: the lines above, then "
                    f"<code>{e(clean(str(detail['try'])))}</code></p>"
                )
        elif part["status"] not in (PASS, "") and part["message"]:
            out.append(f"<pre>{e(part['message'])}</pre>")
        if part["hint"]:
            out.append(f"<p>Hint:</p><blockquote>{e(part['hint'])}</blockquote>")
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_feedback(
    rows: Sequence[Row],
    folder: str | os.PathLike,
    students: Sequence[str],
    names: dict[str, str] | None = None,
) -> list[Path]:
    """Write ``NAME.md`` and ``NAME.html`` for each graded row (:func:`feedback_name`) into
    ``folder`` (made if needed); the paths written. ``names``: student id → name."""
    names = names or {}
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    used: dict[str, int] = {}
    for row, student in zip(rows, students, strict=True):
        if row.exercise not in EXERCISES or not row.statuses:
            continue
        name = feedback_name(row, student)
        used[name] = used.get(name, 0) + 1
        if used[name] > 1:
            name += f"-{used[name]}"
        who = names.get(student, "")
        pages = ((".md", markdown(row, student, who)), (".html", page(row, student, who)))
        for suffix, text in pages:
            path = target / f"{name}{suffix}"
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written
