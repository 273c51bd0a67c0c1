"""Which submissions share code: ``shengji similarity FOLDER [--html report.html]``.

The method is MOSS's (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for
document fingerprinting", SIGMOD 2003), as copydetect and Dolos use it:

1. **Normalise.** Each submission's Python is read with :mod:`tokenize`: every identifier
   becomes ``N`` and every literal (number, string, f-string) ``L``; keywords and operators
   stay; comments, blank lines and spacing are dropped (indentation stays, as block
   structure). So renaming variables, changing constants, comments or layout changes nothing.
2. **Fingerprint.** Every run of :data:`K` consecutive tokens is hashed; in every window of
   :data:`WINDOW` consecutive hashes the smallest is kept (winnowing). Any run of at least
   ``K + WINDOW - 1`` tokens that two submissions share is then found for sure, and runs
   shorter than ``K`` are ignored as noise (``x = y + 1`` is everyone's).
3. **Remove what everyone was given.** The fingerprints of the starter code (for exercise
   notebooks the student copy ``exercises/exNN_*.ipynb``; for bots the example bots of
   lesson 12, which students may start from; both found automatically in the checkout; and
   any file given with ``--starter``) are dropped from every submission, and so are the
   fingerprints found in more than :data:`COMMON` of the submissions when there are at
   least :data:`COMMON_MIN` of them (code the whole class writes alike).
4. **Rank pairs** by ``similarity = 2·|A∩B| / (|A|+|B|)`` over their fingerprints (Dolos's
   measure: 1 for the same code, 0 for nothing shared); each side's coverage (the share of
   its own fingerprints found in the other) is reported too, since a small submission copied
   into a large one has a high coverage on one side only.

What it is not: proof. Two students who followed the lesson closely can share short runs;
read the pair side by side (the HTML report marks the shared lines) before asking anyone.

What a submission is: in a folder holding notebooks, each notebook (its code cells; pairs
are made only between notebooks of the same exercise); otherwise each ``NAME.py`` file and
each ``NAME/`` folder of ``.py`` files (a tournament's bots). Why not copydetect (PyPI)? Its
tokens come from Pygments without Python's own tokenizer, it has no notion of notebook cells
or of an exercise's student copy, and it needs numpy and Jinja2; this module is stdlib only.
"""

from __future__ import annotations

import hashlib
import io
import json
import keyword
import tokenize
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..exercises import EXERCISES, notebook_name

K = 12
"""Tokens per fingerprinted run (the noise threshold: shorter shared runs are ignored)."""
WINDOW = 8
"""Hashes per winnowing window: runs of ``K + WINDOW - 1`` = 19 tokens are always found."""
COMMON = 0.5
"""Fingerprints in more than this share of the submissions are common code, dropped..."""
COMMON_MIN = 6
"""...when there are at least this many submissions."""


class SimilarityError(ValueError):
    """The folder or a starter file cannot be read as asked; the message says why."""


@dataclass(frozen=True)
class Token:
    text: str
    part: int
    """Which fragment (cell or file) of the submission it comes from."""
    line: int
    """Its line in that fragment (from 1)."""


@dataclass
class Fragment:
    label: str
    """``cell 4`` or ``bot/helpers.py``."""
    source: str


@dataclass
class Submission:
    name: str
    group: str
    """Pairs are made within a group: the exercise of a notebook, ``bots`` for bots."""
    fragments: list[Fragment] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    prints: dict[int, int] = field(default_factory=dict)
    """Fingerprint → the index of the first token of its run."""


@dataclass
class Pair:
    a: Submission
    b: Submission
    shared: set[int]
    similarity: float
    coverage_a: float
    coverage_b: float

    def lines(self, side: Submission) -> dict[int, set[int]]:
        """For each fragment of ``side``, the lines covered by the shared runs."""
        covered: dict[int, set[int]] = {}
        for fingerprint in self.shared:
            start = side.prints[fingerprint]
            for token in side.tokens[start : start + K]:
                covered.setdefault(token.part, set()).add(token.line)
        return covered


# --- normalising ------------------------------------------------------------------------------
def _python(source: str) -> str:
    """A cell's text as Python: IPython's magics turned into calls, when IPython is here."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        return TransformerManager().transform_cell(source)
    except Exception:  # no IPython, or text it cannot transform
        return "\n".join(
            line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))
        )


_DROP = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.ENCODING,
    tokenize.ENDMARKER,
}
_LITERALS = {tokenize.NUMBER, tokenize.STRING}
for _name in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END"):
    if hasattr(tokenize, _name):
        _LITERALS.add(getattr(tokenize, _name))


def normalise(source: str, part: int = 0) -> list[Token]:
    """The tokens of ``source`` as compared: identifiers ``N``, literals ``L``, keywords and
    operators as they are, block structure as ``INDENT``/``DEDENT``; no comment, no layout.
    Text that is not Python (a syntax error) gives the tokens read before the error."""
    tokens: list[Token] = []
    in_fstring = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            kind = token.type
            name = tokenize.tok_name.get(kind, "")
            if name == "FSTRING_START":
                in_fstring += 1
                tokens.append(Token("L", part, token.start[0]))
                continue
            if name == "FSTRING_END":
                in_fstring -= 1
                continue
            if in_fstring or kind in _DROP:
                continue
            if kind in _LITERALS:
                text = "L"
            elif kind == tokenize.NAME:
                text = token.string if keyword.iskeyword(token.string) else "N"
            elif kind == tokenize.INDENT:
                text = "INDENT"
            elif kind == tokenize.DEDENT:
                text = "DEDENT"
            else:
                text = token.string
            tokens.append(Token(text, part, token.start[0]))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return tokens


def _hash(texts: Sequence[str]) -> int:
    digest = hashlib.blake2b("\x1f".join(texts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def fingerprints(tokens: Sequence[Token], k: int = K, window: int = WINDOW) -> dict[int, int]:
    """Winnowing: fingerprint → the index of the first token of its run (the first such)."""
    texts = [t.text for t in tokens]
    hashes = [_hash(texts[i : i + k]) for i in range(len(texts) - k + 1)]
    chosen: dict[int, int] = {}
    if not hashes:
        return chosen
    if len(hashes) < window:
        smallest = min(range(len(hashes)), key=lambda i: (hashes[i], -i))
        return {hashes[smallest]: smallest}
    for start in range(len(hashes) - window + 1):
        # the rightmost smallest hash of the window (as in the paper)
        best = min(range(start, start + window), key=lambda i: (hashes[i], -i))
        chosen.setdefault(hashes[best], best)
    return chosen


# --- reading the submissions ------------------------------------------------------------------
def _notebook_fragments(path: Path) -> tuple[list[Fragment], dict]:
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return [], {}
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    fragments = []
    for number, cell in enumerate(cells if isinstance(cells, list) else [], 1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(map(str, source)) if isinstance(source, list) else str(source)
        fragments.append(Fragment(f"cell {number}", source))
    return fragments, notebook if isinstance(notebook, dict) else {}


def _python_files(path: Path) -> list[Fragment]:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    fragments = []
    for file in files:
        if any(part.startswith(".") or part == "__pycache__" for part in file.parts):
            continue
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        label = file.name if path.is_file() else file.relative_to(path.parent).as_posix()
        fragments.append(Fragment(label, text))
    return fragments


def _tokens(fragments: Iterable[Fragment], notebook: bool) -> list[Token]:
    tokens: list[Token] = []
    for part, fragment in enumerate(fragments):
        source = _python(fragment.source) if notebook else fragment.source
        tokens += normalise(source, part)
    return tokens


def read_folder(folder: str | Path) -> list[Submission]:
    """The submissions in ``folder`` (see the module's docstring), with their tokens."""
    from .submissions import detect_exercise

    base = Path(folder)
    if not base.is_dir():
        raise SimilarityError(f"{folder} is not a folder of submissions")
    notebooks = sorted(p for p in base.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    found = []
    if notebooks:
        for path in notebooks:
            fragments, notebook = _notebook_fragments(path)
            exercise = detect_exercise(notebook, path) if notebook else None
            name = path.relative_to(base).as_posix()
            submission = Submission(name, exercise or "notebooks", fragments)
            submission.tokens = _tokens(fragments, notebook=True)
            found.append(submission)
    else:
        for item in sorted(base.iterdir()):
            if item.name.startswith((".", "_")):
                continue
            if (item.is_file() and item.suffix == ".py") or item.is_dir():
                fragments = _python_files(item)
                if fragments:
                    submission = Submission(item.name, "bots", fragments)
                    submission.tokens = _tokens(fragments, notebook=False)
                    found.append(submission)
    if len(found) < 2:
        raise SimilarityError(
            f"{folder} holds {len(found)} submission(s): it takes two to compare (notebooks, "
            f"or NAME.py files and NAME/ folders of a tournament's bots)"
        )
    return found


LESSON_BOTS = "lessons/12_tournament.ipynb"
"""The lesson whose example bots (text in its code cells that defines ``play``) students may
start from: the starter code of a folder of bots."""


def starter_for(group: str) -> Path | None:
    """The starter code of a group, found in the checkout this package runs from: for an
    exercise its student copy (``exercises/exNN_*.ipynb``), for bots lesson 12
    (:data:`LESSON_BOTS`, whose example bots :func:`starter_prints` reads)."""
    root = Path(__file__).resolve().parents[2]
    if group == "bots":
        path = root / LESSON_BOTS
    elif group in EXERCISES:
        path = root / "exercises" / notebook_name(group)
    else:
        return None
    return path if path.is_file() else None


def _bot_texts(fragments: Iterable[Fragment]) -> list[Fragment]:
    """The example bots of a lesson: string constants in its code that define ``play``."""
    import ast

    found = []
    for fragment in fragments:
        try:
            tree = ast.parse(_python(fragment.source))
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and "def play(" in text:
                found.append(Fragment(fragment.label, text))
    return found


def starter_prints(paths: Iterable[str | Path]) -> set[int]:
    """The fingerprints of starter files (notebooks or Python files)."""
    prints: set[int] = set()
    for item in paths:
        path = Path(item)
        if not path.exists():
            raise SimilarityError(f"no such starter file: {item}")
        if path.suffix == ".ipynb":
            fragments, _notebook = _notebook_fragments(path)
            tokens = _tokens(fragments, notebook=True)
            tokens += _tokens(_bot_texts(fragments), notebook=False)
        else:
            tokens = _tokens(_python_files(path), notebook=False)
        # every run, not only the winnowed ones: whatever was given is boilerplate
        prints |= set(fingerprints(tokens, window=1))
    return prints


# --- comparing --------------------------------------------------------------------------------
@dataclass
class Report:
    submissions: list[Submission]
    pairs: list[Pair]
    starters: dict[str, list[str]]
    """Group → the starter files removed from it."""
    common: int
    """Fingerprints dropped as common to most submissions."""


def compare(
    submissions: list[Submission],
    starters: Sequence[str | Path] = (),
    automatic: bool = True,
) -> Report:
    """Fingerprint every submission, remove the starter code, rank every pair of a group."""
    given = starter_prints(starters) if starters else set()
    used: dict[str, list[str]] = {}
    groups: dict[str, list[Submission]] = {}
    for submission in submissions:
        groups.setdefault(submission.group, []).append(submission)
    common_count = 0
    for group, members in groups.items():
        boilerplate = set(given)
        used[group] = [str(s) for s in starters]
        starter = starter_for(group) if automatic else None
        if starter is not None:
            boilerplate |= starter_prints([starter])
            used[group].append(str(starter))
        for submission in members:
            prints = fingerprints(submission.tokens)
            submission.prints = {h: i for h, i in prints.items() if h not in boilerplate}
        if len(members) >= COMMON_MIN:
            counts = Counter(h for s in members for h in s.prints)
            common = {h for h, n in counts.items() if n > COMMON * len(members)}
            common_count += len(common)
            for submission in members:
                submission.prints = {h: i for h, i in submission.prints.items() if h not in common}
    pairs = []
    for members in groups.values():
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                shared = set(a.prints) & set(b.prints)
                total = len(a.prints) + len(b.prints)
                pairs.append(
                    Pair(
                        a,
                        b,
                        shared,
                        2 * len(shared) / total if total else 0.0,
                        len(shared) / len(a.prints) if a.prints else 0.0,
                        len(shared) / len(b.prints) if b.prints else 0.0,
                    )
                )
    pairs.sort(key=lambda p: (-p.similarity, -len(p.shared), p.a.name, p.b.name))
    return Report(submissions, pairs, used, common_count)


def similarity(
    folder: str | Path, starters: Sequence[str | Path] = (), automatic: bool = True
) -> Report:
    """:func:`read_folder`, then :func:`compare`."""
    return compare(read_folder(folder), starters, automatic)


def format_pairs(report: Report, top: int = 20, width: int = 100) -> str:
    """The most similar pairs as a plain-text table."""
    lines = [f"{'similarity':>10}  {'coverage':>9}  {'shared':>6}  pair"]
    for pair in report.pairs[:top]:
        coverage = f"{pair.coverage_a:.0%}/{pair.coverage_b:.0%}"
        text = f"{pair.similarity:>10.2f}  {coverage:>9}  {len(pair.shared):>6}  "
        lines.append((text + f"{pair.a.name} ~ {pair.b.name}")[:width])
    return "\n".join(lines)
