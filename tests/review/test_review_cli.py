"""``shengji review FILE``: a recorded hand explained trick by trick, in English or Chinese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_edu.cli import main
from shengji_edu.game import records
from shengji_edu.review import explain_round
from shengji_edu.review.report import SECTIONS, add_section, review_lines

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "records"
HAND = RECORDS / "two_deck_v1_hand.json"
MATCH = RECORDS / "two_deck_v1_match.json"


def run(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse reports bad usage this way
        return exc.code


def test_review_prints_every_trick_with_its_explanation(capsys):
    assert run(["review", str(HAND)]) == 0
    out = capsys.readouterr().out.splitlines()
    notes = explain_round(records.load(HAND))
    assert out[0] == "Level 2, trump ♣, dealer West (3)."
    for note in notes:
        assert note.text in out
        for play in note.plays:
            assert "  " + play.text in out
    # this record's first trick is a failed throw (a fixture of the records tests)
    assert out[1].startswith("Trick 1: North (2) wins with ♠J. West (3)'s throw ♠K ♠8 ♠8 ♠4")
    assert out[-1].startswith("The defenders scored ")


def test_review_in_chinese_for_one_seat(capsys):
    assert run(["review", str(HAND), "--lang", "zh", "--seat", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "打 2，主牌 ♣，庄家西（3）。"
    plays = [line for line in out if line.startswith("  ")]
    assert plays and all(line.startswith("  南（0）") for line in plays)
    assert sum(1 for line in out if line.startswith("第 ")) == len(records.load(HAND).tricks)


def test_review_one_hand_of_a_match(capsys):
    data = json.loads(MATCH.read_text(encoding="utf-8"))
    assert len(data["hands"]) >= 2
    assert run(["review", str(MATCH), "--hand", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("=== hand 2 ===\n")
    assert "=== hand 1 ===" not in out
    assert run(["review", str(MATCH), "--hand", str(len(data["hands"]) + 1)]) == 2
    assert "holds" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["review"],
        ["review", str(HAND), "--seat", "4"],
        ["review", str(HAND), "--lang", "fr"],
        ["review", str(HAND), "--hand", "0"],
    ],
)
def test_bad_options_exit_2(argv, capsys):
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert err.strip() and "Traceback" not in err


def test_a_tampered_record_is_refused(tmp_path, capsys):
    data = json.loads(HAND.read_text(encoding="utf-8"))
    data["seed"] += 1
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(["review", str(path)]) == 2
    assert "seed" in capsys.readouterr().err


def test_sections_can_be_added_by_name():
    rnd = records.load(HAND)
    add_section("count", lambda round_, options: [f"{len(round_.tricks)} tricks"])
    try:
        lines = review_lines(rnd, sections=("count",))
        assert lines == ["Level 2, trump ♣, dealer West (3).", f"{len(rnd.tricks)} tricks"]
    finally:
        del SECTIONS["count"]
    with pytest.raises(ValueError, match="no review section 'replay'"):
        review_lines(rnd, sections=("tricks", "replay"))
    with pytest.raises(ValueError, match="give a seat"):  # the assessment is of one seat
        review_lines(rnd, sections=("tricks", "assess"))
    with pytest.raises(ValueError, match="a seat is 0, 1, 2 or 3"):
        review_lines(rnd, seat=7)


def test_review_html_is_the_replay_viewer_with_the_explanations(tmp_path, capsys):
    out = tmp_path / "hand.html"
    assert run(["review", str(HAND), "--html", str(out), "--lang", "zh"]) == 0
    page = out.read_text(encoding="utf-8")
    first = explain_round(records.load(HAND), "zh")[0]
    assert json.dumps(first.text, ensure_ascii=False)[1:-1] in page or first.text in page
    assert "http://" not in page and "https://" not in page


def test_review_reads_kept_hands_and_asks_for_one_for_the_viewer(tmp_path, capsys):
    from shengji_edu.arena import run_arena

    kept = tmp_path / "arena.hands.jsonl.gz"
    run_arena("greedy", "random", 1, seed=3, keep=True).save_hands(kept)
    assert run(["review", str(kept), "--hand", "2"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0] == "=== hand 2 ===" and shown[1].startswith("Level ")
    assert run(["review", str(kept), "--html", str(tmp_path / "x.html")]) == 2
    assert "--hand N" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


def test_assess_needs_a_seat(capsys):
    assert run(["review", str(HAND), "--assess"]) == 2
    assert "--seat" in capsys.readouterr().err


def test_assess_judges_each_play_of_the_seat_once_and_flags_only_clear_mistakes(capsys):
    from shengji_edu.players.assess import CLEAR, assess_seat

    assert run(["review", str(HAND), "--seat", "0", "--assess", "--budget", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith("The plays of South (0)"))
    judged = [line for line in out[start + 1 :] if line.startswith("  Trick ")]
    decisions = assess_seat(records.load(HAND), 0, budget=8, seed=0)
    assert len(judged) == len(decisions)
    for line, decision in zip(judged, decisions, strict=True):
        assert line.startswith(f"  Trick {decision.trick}: ")
        assert ("clear mistake" in line) == decision.mistake
        assert not decision.mistake or decision.gain.low > CLEAR
    exact = [line for line in out if line.startswith("    With every hand known")]
    assert len(exact) == sum(d.endgame is not None for d in decisions) > 0
    mistakes = sum(d.mistake for d in decisions)
    assert out[-1] == (
        "No clear mistake."
        if not mistakes
        else f"{mistakes} clear mistake" + ("s." if mistakes > 1 else ".")
    )


def test_assess_in_chinese(capsys):
    assert (
        run(["review", str(HAND), "--seat", "0", "--assess", "--budget", "4", "--lang", "zh"]) == 0
    )
    out = capsys.readouterr().out
    assert "南（0）的每一手出牌" in out
    assert "四家的牌都已知时" in out
    assert "The plays of" not in out and "Trick " not in out
