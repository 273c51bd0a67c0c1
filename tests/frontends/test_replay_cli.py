"""``shengji arena --keep`` and ``shengji replay`` of kept hands, and ``--html``: the viewer's
file is written whole, self-contained, in the language asked for, from the replayed hand."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from shengji_edu.cli import main
from shengji_edu.game import hand_record
from shengji_edu.game.kept import read_kept


def run(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse reports bad usage this way
        return exc.code


@pytest.fixture(scope="module")
def kept_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("arena") / "arena.hands.jsonl.gz"
    assert (
        main(["arena", "greedy", "random", "--deals", "2", "--seed", "4", "--keep", str(path)]) == 0
    )
    return path


def test_the_arena_keeps_its_hands_and_replay_lists_them(kept_file, capsys):
    capsys.readouterr()
    assert run(["replay", str(kept_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 hands (shengji replay")
    assert re.search(r"^\s+1  seed \d+, greedy in seats 0 and 2  greedy / random", out, re.M)
    assert re.search(r"^\s+4  seed \d+, greedy in seats 1 and 3  random / greedy", out, re.M)


def test_replay_one_kept_hand(kept_file, capsys):
    assert run(["replay", str(kept_file), "--hand", "3"]) == 0
    out = capsys.readouterr().out
    assert "=== hand 3 ===" in out and "trick  1:" in out and "defenders' points" in out
    assert run(["replay", str(kept_file), "--hand", "5"]) == 2
    assert "there is no hand 5: the file holds 4" in capsys.readouterr().err


def extract_data(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert match
    return json.loads(match.group(1))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_viewer_file_holds_the_replayed_hand(kept_file, tmp_path, lang, capsys):
    out = tmp_path / f"hand-{lang}.html"
    assert run(["replay", str(kept_file), "--hand", "2", "--html", str(out), "--lang", lang]) == 0
    page = out.read_text(encoding="utf-8")
    assert not re.search(r"(src|href)\s*=|https?://|@import|url\(", page, re.I)
    assert "default-src 'none'" in page
    data = extract_data(page)
    round_ = read_kept(kept_file)[1].round
    frames = data["frames"]
    assert len(frames) == 1 + sum(len(t.plays) for t in round_.tricks)
    assert len(data["tricks"]) == len(round_.tricks)
    last = frames[-1]
    assert last["winner"] == round_.tricks[-1].winner
    assert all(not hand for hand in last["hands"])  # every card played
    first = frames[0]["hands"]
    assert sum(len(g["cards"]) for hand in first for g in hand) == 100
    if lang == "zh":
        assert "南：random" in page and "后退" in page and "赢得这一轮" in page
        assert '<html lang="zh-Hans">' in page
    else:
        assert "South: random" in page and "Forward" in page
    assert hand_record(round_) == hand_record(read_kept(kept_file)[1].round)


def test_the_viewer_needs_one_hand_and_good_options(kept_file, tmp_path, capsys):
    out = tmp_path / "x.html"
    assert run(["replay", str(kept_file), "--html", str(out)]) == 2
    assert "pick one for the viewer with --hand N" in capsys.readouterr().err
    assert not out.exists()
    assert run(["replay", str(kept_file), "--hand", "1", "--html", str(out), "--seat", "4"]) == 2
    assert "a seat is 0, 1, 2 or 3" in capsys.readouterr().err
    assert run(["replay", str(kept_file), "--hand", "1", "--html", str(out), "--lang", "xx"]) == 2
    assert not out.exists()


def test_a_tampered_kept_file_exits_2_and_says_why(kept_file, tmp_path, capsys):
    lines = gzip.decompress(kept_file.read_bytes()).decode("utf-8").splitlines()
    hand = json.loads(lines[2])
    hand["result"]["defender_points"] += 5
    lines[2] = json.dumps(hand, separators=(",", ":"))
    bad = tmp_path / "bad.hands.jsonl.gz"
    bad.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode("utf-8")))
    assert run(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shengji: hand 2:") and "result" in err and "Traceback" not in err
