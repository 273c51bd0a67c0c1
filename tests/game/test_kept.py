"""Kept hands (shengji_edu.game.kept): every hand round-trips exactly through the compact
file, replayed through the engine, and a tampered, truncated or mistyped file is refused
with RecordError, leaving the file as it was."""

from __future__ import annotations

import gzip
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu import RuleSet
from shengji_edu.arena import deal_setup, run_arena
from shengji_edu.game import RecordError, Round, Table, hand_record, loads
from shengji_edu.game.kept import (
    dump_kept,
    full_record,
    hand_line,
    loads_kept,
    read_kept,
    write_kept,
)
from shengji_edu.ladders import level_ladder
from shengji_edu.players import GreedyPlayer, RandomPlayer
from shengji_edu.tournament.match import new_round

RULES = [
    RuleSet(),
    RuleSet(decks=1),
    RuleSet(decks=3),
    RuleSet.from_dict({"levels": "5-10-K"}),
]


def played(seed: int, rules: RuleSet = RuleSet(), fixed: bool = True) -> Round:
    """A hand played out by random players (a declared one, or the arena's fixed trump)."""
    if fixed:
        round_ = new_round(deal_setup(seed, random.Random(seed), rules), rules)
    else:
        start = level_ladder(rules)[0]
        round_ = Round(seed, rules, levels=(start, start))
    Table(round_, [RandomPlayer(throw_rate=0.3) for _ in range(4)]).run()
    return round_


@pytest.fixture(scope="module")
def hands() -> list[Round]:
    return [played(seed, rules) for seed, rules in enumerate(RULES)] + [played(9, fixed=False)]


@pytest.fixture(scope="module")
def kept_bytes(hands) -> bytes:
    names = ["a", "b", "a", "b"]
    return dump_kept([hand_line(r, names, f"hand {n}") for n, r in enumerate(hands)])


def lines_of(data: bytes) -> list[dict]:
    return [json.loads(line) for line in gzip.decompress(data).decode("utf-8").splitlines()]


def packed(lines: list) -> bytes:
    text = "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in lines)
    return gzip.compress(text.encode("utf-8"))


def refused(data: bytes, *words: str) -> str:
    with pytest.raises(RecordError) as info:
        loads_kept(data)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    return message


# --- honest files -----------------------------------------------------------------------------
def test_every_hand_comes_back_card_for_card(hands, kept_bytes):
    back = loads_kept(kept_bytes)
    assert [hand_record(k.round) for k in back] == [hand_record(r) for r in hands]
    for k, original in zip(back, hands, strict=True):
        assert [t.plays for t in k.round.tricks] == [t.plays for t in original.tricks]
        assert k.round.result == original.result
        assert k.players == ("a", "b", "a", "b")
        # the full RULES §9 record loads as records always have
        assert hand_record(loads(json.dumps(full_record(k)))) == hand_record(original)


def test_a_kept_hand_is_far_smaller_than_its_record(hands, kept_bytes):
    full = sum(len(gzip.compress(json.dumps(hand_record(r)).encode())) for r in hands)
    assert len(kept_bytes) < full / 2


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES), fixed=st.booleans())
def test_any_hand_round_trips(seed, rules, fixed):
    round_ = played(seed, rules, fixed)
    (back,) = loads_kept(dump_kept([hand_line(round_)]))
    assert hand_record(back.round) == hand_record(round_)
    assert back.players is back.label is back.forfeit is None


def test_an_unfinished_hand_is_kept_with_why(tmp_path):
    round_ = new_round(deal_setup(4, random.Random(4)), RuleSet())
    table = Table(round_, [GreedyPlayer() for _ in range(4)])
    while len(round_.tricks) < 3:
        table.step()
    never = new_round(deal_setup(5, random.Random(5)), RuleSet())  # a bot that never entered
    path = write_kept(
        tmp_path / "x.hands.jsonl.gz",
        [hand_line(round_, forfeit="seat 1 (crashed): exit code 3"), hand_line(never)],
    )
    first, second = read_kept(path)
    assert first.round.result is None and len(first.round.tricks) >= 3
    assert hand_record(first.round) == hand_record(round_)
    assert first.forfeit == "seat 1 (crashed): exit code 3"
    assert second.round.actions == () and hand_record(second.round) == hand_record(never)


def test_the_arena_keeps_both_runs_of_every_deal(tmp_path):
    result = run_arena("greedy", "random", 2, seed=3, keep=True, progress=False)
    assert "kept" not in result.deals[0]
    kept = read_kept(result.save_hands(tmp_path / "arena.hands.jsonl.gz"))
    assert len(kept) == 4
    runs = [run for deal in result.deals for run in deal["runs"]]
    for hand, run in zip(kept, runs, strict=True):
        assert hand.round.result.winning_team == run["winning_team"]
        assert hand.round.result.defender_points == run["defender_points"]
        a_seats = [seat for seat in range(4) if seat % 2 == run["a_team"]]
        assert {hand.players[s] for s in a_seats} == {"greedy"}
    with pytest.raises(ValueError, match="keep=True"):
        run_arena("greedy", "random", 1, progress=False).save_hands(tmp_path / "none.gz")


# --- tampered files ---------------------------------------------------------------------------
def _with(kept_bytes: bytes, change) -> bytes:
    lines = lines_of(kept_bytes)
    change(lines)
    return packed(lines)


def _first_play(lines, hand=1) -> int:
    return next(n for n, a in enumerate(lines[hand]["actions"]) if a.startswith("play "))


def test_a_changed_card_is_refused(kept_bytes):
    def change(lines):
        n = _first_play(lines)
        kind, seat, *cards = lines[1]["actions"][n].split(" ")
        cards[0] = "S2" if cards[0] != "S2" else "S3"
        lines[1]["actions"][n] = " ".join([kind, seat, *cards])

    refused(_with(kept_bytes, change), "hand 1")


def test_a_play_by_another_seat_is_refused(kept_bytes):
    def change(lines):
        n = _first_play(lines)
        kind, seat, cards = lines[1]["actions"][n].split(" ", 2)
        lines[1]["actions"][n] = f"{kind} {(int(seat) + 1) % 4} {cards}"

    refused(_with(kept_bytes, change), "hand 1", "illegal")


def test_an_edited_result_is_refused(kept_bytes):
    def change(lines):
        lines[2]["result"]["defender_points"] += 5

    refused(_with(kept_bytes, change), "hand 2", "result")


def test_a_dropped_play_is_refused(kept_bytes):
    def change(lines):
        del lines[1]["actions"][-1]

    refused(_with(kept_bytes, change), "hand 1")


def test_a_dropped_or_added_hand_is_refused(kept_bytes):
    refused(_with(kept_bytes, lambda lines: lines.pop(2)), "header says")
    refused(_with(kept_bytes, lambda lines: lines.append(lines[1])), "header says")


def test_two_hands_swapped_keep_their_labels_checked(kept_bytes):
    def change(lines):
        lines[1]["label"], lines[2]["label"] = 3, lines[1]["label"]

    refused(_with(kept_bytes, change), "label", "wrong type")


@pytest.mark.parametrize("cut", [10, 100, -40, -1])
def test_a_truncated_file_is_refused(kept_bytes, cut):
    refused(kept_bytes[:cut], "")


def test_bytes_after_the_compressed_data_are_refused(kept_bytes):
    refused(kept_bytes + b"more", "after")
    refused(kept_bytes + kept_bytes, "after")


def test_truncated_text_inside_a_whole_gzip_is_refused(kept_bytes):
    text = gzip.decompress(kept_bytes)
    refused(gzip.compress(text[: len(text) - 30]), "hand")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda lines: lines[1].__setitem__("seed", "7"), ["seed", "wrong type"]),
        (lambda lines: lines[1].__setitem__("actions", "play 0 SA"), ["actions"]),
        (lambda lines: lines[1]["actions"].__setitem__(3, 7), ["action 4"]),
        (lambda lines: lines[1].__setitem__("players", ["a", "b"]), ["players"]),
        (lambda lines: lines[1].__setitem__("dealt", 100.0), ["dealt"]),
        (lambda lines: lines[1].__setitem__("deal", {}), ["deal"]),
        (lambda lines: lines[1].__setitem__("extra", 1), ["extra"]),
        (lambda lines: lines[0].__setitem__("hands", "5"), ["header"]),
        (lambda lines: lines[0].__setitem__("version", 2), ["version 2"]),
        (lambda lines: lines[0].__setitem__("format", "shengji-edu hand"), ["not a kept"]),
        (lambda lines: lines.__setitem__(1, [1, 2]), ["hand 1", "object"]),
    ],
)
def test_wrong_types_are_refused(kept_bytes, change, words):
    refused(_with(kept_bytes, change), *words)


def test_a_line_not_written_as_shengji_edu_writes_it_is_refused(kept_bytes):
    def change(lines):
        n = _first_play(lines)
        lines[1]["actions"][n] = lines[1]["actions"][n].replace(" ", "  ", 1)

    refused(_with(kept_bytes, change))


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", ["gzip"]),
        (b'{"format": "shengji-edu hand"}', ["gzip"]),
        (gzip.compress(b"x")[:10] + b"\xff" * 20, ["damaged"]),
        (gzip.compress(b""), ["empty"]),
        (gzip.compress(b"\xff\xfe"), ["utf"]),
        (gzip.compress(b"[" * 50 + b"]" * 50), ["nested"]),
    ],
    ids=["empty", "json", "damaged", "no-lines", "utf16", "nested"],
)
def test_not_a_kept_file(data, words):
    refused(data, *words)


def test_a_refused_file_is_left_as_it_was(tmp_path, kept_bytes):
    path = tmp_path / "bad.hands.jsonl.gz"
    bad = _with(kept_bytes, lambda lines: lines[1]["result"].__setitem__("penalty", 9))
    path.write_bytes(bad)
    with pytest.raises(RecordError):
        read_kept(path)
    assert path.read_bytes() == bad
    with pytest.raises(RecordError, match="cannot read"):
        read_kept(tmp_path / "missing.hands.jsonl.gz")


def test_a_decompression_bomb_is_refused(monkeypatch, kept_bytes):
    import shengji_edu.game.kept as kept

    monkeypatch.setattr(kept, "MAX_KEPT_BYTES", 1000)
    refused(kept_bytes, "MB of text")
