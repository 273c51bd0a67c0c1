"""``shengji similarity``: a renamed-variable copy ranks above independent solutions.

tests/fixtures/similarity/notebooks/ holds four exercise-01 notebooks, each with all five
functions written: ann's; ben's, ann's code with the variables renamed, comments added and
docstrings dropped; cho's and dan's, written independently in other styles. All four are
correct (checked below). tests/fixtures/similarity/bots/ holds four bots: lin.py; mei.py,
lin's renamed; raj.py and the folder sol/ (bot.py and helpers.py), independent.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import sys
from contextlib import redirect_stdout
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu.cli import main
from shengji_edu.exercises import questions
from shengji_edu.grading.similarity import (
    WINDOW,
    K,
    Token,
    fingerprints,
    normalise,
    read_folder,
    similarity,
    starter_for,
)
from shengji_edu.grading.similarity_html import report_html

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "tests" / "fixtures" / "similarity" / "notebooks"
BOTS = ROOT / "tests" / "fixtures" / "similarity" / "bots"


def ranking(report) -> list[tuple[str, str, float]]:
    return [(p.a.name.split("_")[0], p.b.name.split("_")[0], p.similarity) for p in report.pairs]


def test_names_literals_comments_and_layout_do_not_count():
    one = "def f(cards):\n    total = 0  # points\n    for c in cards:\n        total += 5\n"
    two = "def g( hand ):\n\n    s = 10\n    for x in hand:   \n        s += 'x'\n"
    assert [t.text for t in normalise(one)] == [t.text for t in normalise(two)]
    assert [t.text for t in normalise("x = f'{a} b'")] == ["N", "=", "L"]
    assert normalise("def broken(:\n") != []  # the tokens before the error
    different = "def f(cards):\n    while cards:\n        cards.pop()\n"
    assert [t.text for t in normalise(one)] != [t.text for t in normalise(different)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 40))
def test_winnowing_finds_every_shared_run_of_k_plus_window_minus_one_tokens(seed, left, right):
    rng = random.Random(seed)
    words = ["N", "(", ")", "=", "+", "L", "if", "for", "in", ":", "return", "INDENT"]

    def noise(n: int) -> list[str]:
        return [rng.choice(words) for _ in range(n)]

    shared = noise(K + WINDOW - 1)
    a = [Token(t, 0, 1) for t in noise(left) + shared + noise(right)]
    b = [Token(t, 0, 1) for t in noise(right) + shared + noise(left)]
    assert set(fingerprints(a)) & set(fingerprints(b))


def test_the_fixture_solutions_are_all_correct():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        namespace: dict = {}
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and ".check(" not in source:
                exec(compile(source, str(path), "exec"), namespace)  # noqa: S102
        for question in questions("ex01"):
            assert question.run(namespace[question.function]).passed, (path.name, question.id)


def test_a_renamed_copy_ranks_above_independent_notebooks():
    assert starter_for("ex01") is not None  # the student copy, found automatically
    report = similarity(NOTEBOOKS)
    ranked = ranking(report)
    assert ranked[0][:2] == ("ann", "ben") and ranked[0][2] > 0.75
    assert all(score < 0.25 for _a, _b, score in ranked[1:])
    # without removing the starter code, the stubs' docstrings and the imports count
    kept = {(a, b): s for a, b, s in ranking(similarity(NOTEBOOKS, automatic=False))}
    removed = {(a, b): s for a, b, s in ranked}
    assert kept[("cho", "dan")] > removed[("cho", "dan")]


def test_a_renamed_bot_ranks_above_independent_bots_and_a_folder_is_one_bot():
    report = similarity(BOTS)
    names = sorted(s.name for s in report.submissions)
    assert names == ["lin.py", "mei.py", "raj.py", "sol"]
    sol = next(s for s in report.submissions if s.name == "sol")
    assert sorted(f.label for f in sol.fragments) == ["sol/bot.py", "sol/helpers.py"]
    top, *rest = report.pairs
    assert {top.a.name, top.b.name} == {"lin.py", "mei.py"} and top.similarity > 0.9
    assert all(pair.similarity < 0.3 for pair in rest)
    # a starter given by hand is removed: lin's own file as the starter leaves nothing shared
    alone = similarity(BOTS, starters=[BOTS / "lin.py"])
    pair = next(p for p in alone.pairs if {p.a.name, p.b.name} == {"lin.py", "mei.py"})
    assert pair.similarity == 0


def test_lesson_12s_example_bot_is_starter_code(tmp_path):
    """Two students who both entered lesson 12's example bot share only what they were given."""
    lesson = json.loads((ROOT / "lessons" / "12_tournament.ipynb").read_text(encoding="utf-8"))
    code = "".join(
        next(c for c in lesson["cells"] if "class Lowest" in "".join(c["source"]))["source"]
    )
    example = code.split('"""\\\n', 1)[1].split('"""', 1)[0]
    assert "def play(" in example
    (tmp_path / "kim.py").write_text(example, encoding="utf-8")
    (tmp_path / "lee.py").write_text(example.replace("Lowest", "MyBot"), encoding="utf-8")
    shutil.copy(BOTS / "raj.py", tmp_path / "raj.py")
    given = similarity(tmp_path)
    assert given.starters["bots"][-1].endswith("12_tournament.ipynb")
    pair = next(p for p in given.pairs if {p.a.name, p.b.name} == {"kim.py", "lee.py"})
    assert pair.similarity == 0
    alone = similarity(tmp_path, automatic=False)
    pair = next(p for p in alone.pairs if {p.a.name, p.b.name} == {"kim.py", "lee.py"})
    assert pair.similarity == 1


def test_the_bots_are_real_players():
    sys.path.insert(0, str(BOTS / "sol"))
    try:
        for path in [*sorted(BOTS.glob("*.py")), BOTS / "sol" / "bot.py"]:
            namespace: dict = {}
            exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)  # noqa: S102
            players = [v for v in namespace.values() if isinstance(v, type) and "name" in vars(v)]
            assert players and callable(players[0]().play), path
    finally:
        sys.path.remove(str(BOTS / "sol"))


def test_the_html_report_is_self_contained_and_escaped(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    for name in ("a", "b"):
        (folder / f"<{name}>.py").write_text(
            "def f(x):\n    y = [i * 2 for i in range(x) if i % 3]\n    return sorted(y)[::-1]\n"
            "print(f(10), f(20), '</pre><script>alert(1)</script>')\n",
            encoding="utf-8",
        )
    page = report_html(similarity(folder))
    assert "<script" not in page and "&lt;script&gt;" in page and "&lt;a&gt;.py" in page
    assert "http" not in page and "src=" not in page and "@import" not in page
    assert "<mark>" in page


def test_the_command(tmp_path):
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["similarity", str(NOTEBOOKS), "--html", str(tmp_path / "r.html")])
    assert code == 0 and (tmp_path / "r.html").exists()
    first = out.getvalue().splitlines()[3]
    assert "ann_ex01_cards.ipynb ~ ben_ex01_cards.ipynb" in first
    assert main(["similarity", str(tmp_path / "nothing")]) == 2
    assert len(read_folder(NOTEBOOKS)) == 4
