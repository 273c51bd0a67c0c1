"""Bad input gets the package's own error, says what to do, and changes nothing (issue 12).

One test (or a few) per item of the issue's list: records, the after-deal ``after_card``,
engine argument types, card text, Gin text and the command line.
"""

from __future__ import annotations

import copy
import json

import pytest

from shengji_edu import Card, CardParseError, RuleSet, parse_cards
from shengji_edu.cli import main
from shengji_edu.game import (
    FINISHED,
    IllegalAction,
    Match,
    NoSuchSeat,
    RecordError,
    Round,
    Table,
    hand_record,
    load,
    loads,
    match_record,
    save,
)
from shengji_edu.game.records import MAX_DEPTH, MAX_RECORD_BYTES
from shengji_edu.gin.cards import GinParseError, parse_hand
from shengji_edu.players import GreedyPlayer, RandomPlayer


@pytest.fixture(scope="module")
def record():
    rnd = Round(5)
    Table(rnd, [RandomPlayer() for _ in range(4)]).run()
    return hand_record(rnd)


@pytest.fixture(scope="module")
def auction():
    """A finished after-deal hand with at least one declaration in the auction."""
    for seed in range(60):
        rnd = Round(seed, RuleSet(bidding="after_deal"))
        Table(rnd, [RandomPlayer() for _ in range(4)]).run()
        if rnd.declarations:
            return hand_record(rnd)
    pytest.fail("no auction with a declaration")


def refused(data, *words) -> str:
    with pytest.raises(RecordError) as info:
        loads(data)
    message = str(info.value)
    assert "\n" not in message and 15 < len(message) < 400, message
    for word in words:
        assert word.lower() in message.lower(), message
    return message


# --- records ----------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deeply_nested_json_is_a_record_error(depth):
    refused("[" * depth + "]" * depth, "nested")
    refused('{"a":' * depth + "1" + "}" * depth, "nested")


def test_bytes_that_are_not_utf8_name_the_offset(record, tmp_path):
    text = json.dumps(record)
    latin = text.replace('"seed"', '"s\u00e9ed"').encode("latin-1")
    refused(latin, f"byte {latin.index(0xE9)}", "UTF-8")
    refused(text.encode("utf-16"), "UTF-16")
    refused(text.encode("utf-16-le"), "NUL")  # no byte-order mark: still found
    picture = tmp_path / "hand.json"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(RecordError, match="PNG image"):
        load(picture)


def test_a_utf8_byte_order_mark_is_accepted(record, tmp_path):
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    assert hand_record(load(path)) == record
    assert hand_record(loads("\ufeff" + json.dumps(record))) == record


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("levels", [2.0, 2.0], ["levels"]),
        ("levels", [10**30, 2], ["levels"]),
        ("seed", 10**30, ["seed"]),
        ("dealer", 10**30, ["dealer"]),
        ("dealt", 10**30, ["dealt"]),
        ("version", 1.0, ["version"]),
    ],
)
def test_huge_integers_and_float_levels_name_the_field(record, field, value, words):
    bad = copy.deepcopy(record)
    bad[field] = value
    refused(json.dumps(bad), *words)


def test_numbers_json_does_not_allow_are_record_errors(record):
    text = json.dumps(record)
    refused(text.replace('"seed": 5', '"seed": ' + "7" * 5000), "4300 digits")
    refused(text.replace('"seed": 5', '"seed": NaN'), "NaN")
    refused(text.replace('"seed": 5', '"seed": Infinity'), "Infinity")
    refused(text.replace('"seed": 5', '"seed": 5, "seed": 6'), "twice")


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as file:  # 50 MB of spaces and then a record: never read
        file.seek(50 * 2**20)
        file.write(b"{}")
    message = str(pytest.raises(RecordError, load, path).value)
    assert "MB" in message
    refused(" " * (MAX_RECORD_BYTES + 1), "too big")


def test_truncated_json_names_the_byte_offset(record):
    text = json.dumps(record)[:1000]
    assert "byte 1000" in refused(text, "truncated")


def test_every_stored_field_round_trips_or_the_record_is_refused(record):
    for path, value in (
        (("tricks", 0, "points"), 5.0),
        (("actions", 0, "bogus"), 1),
        (("deal", "extra"), "S2"),
        (("bogus",), None),
        (("result", "match_won"), 0),
    ):
        bad = copy.deepcopy(record)
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        refused(json.dumps(bad))


def test_an_auction_declaration_reads_back_its_after_card(auction):
    assert hand_record(loads(json.dumps(auction))) == auction
    for number, action in enumerate(auction["actions"]):
        if action["action"] == "declare":
            bad = copy.deepcopy(auction)
            bad["actions"][number]["after_card"] = 57
            refused(json.dumps(bad), "after_card", "auction")
            break


def test_matches_round_trip_exactly(tmp_path):
    match = Match(2, start_level=14).play([RandomPlayer() for _ in range(4)])
    data = match_record(match)
    assert match_record(loads(json.dumps(data))) == data
    bad = copy.deepcopy(data)
    bad["hands"][0]["tricks"][0]["extra"] = 1
    refused(json.dumps(bad), "hand 1")
    del bad["start_level"]
    refused(json.dumps(bad), "start_level")


@pytest.mark.parametrize(
    "content", [b"[" * 5000, b"\xff\xfe{\x00", b"\x89PNG\r\n\x1a\n", b'{"format": 3}', b"\xc3"]
)
def test_replay_exits_2_with_one_line_and_no_traceback(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert captured.err.startswith("shengji: ") and captured.err.count("\n") == 1


# --- engine argument types --------------------------------------------------------------------
def snapshot(rnd: Round):
    names = [*vars(rnd), *Round.__slots__]  # the round's state: its dictionary and its slots
    names = [k for k in names if k not in ("__dict__", "rng", "_seat_rngs")]
    state = {k: getattr(rnd, k) for k in names}
    return copy.deepcopy(state), rnd.rng.getstate()


def playing(seed: int = 3) -> Round:
    rnd = Round(seed)
    table = Table(rnd, [GreedyPlayer()] * 4)
    while rnd.phase != "playing":
        table.step()
    return rnd


@pytest.mark.parametrize("seat", [False, True, 0.0, "0", None, -1, 4, 10**30])
def test_seats_are_ints_not_bools(seat):
    rnd = playing()
    card = rnd.hand(rnd.turn)[0]
    before = snapshot(rnd)
    for action in (rnd.play, rnd.check_play):
        with pytest.raises(NoSuchSeat, match="no seat"):
            action(seat, [card])
    for query in (rnd.hand, rnd.voids, rnd.view, rnd.seat_rng, rnd.legal_declarations):
        with pytest.raises(NoSuchSeat):
            query(seat)
    assert snapshot(rnd) == before
    record = hand_record(rnd)
    assert hand_record(loads(json.dumps(record))) == record  # the game's record still loads


def test_play_false_at_seat_zeros_turn_is_refused():
    for seed in range(20):
        rnd = playing(seed)
        if rnd.turn == 0:
            break
    before = snapshot(rnd)
    with pytest.raises(NoSuchSeat):
        rnd.play(False, [rnd.hand(0)[0]])
    assert snapshot(rnd) == before


@pytest.mark.parametrize(
    "kwargs",
    [
        {"levels": (2.0, 2.0)},
        {"levels": (True, True)},
        {"levels": ("2", "2")},
        {"levels": (2, 15)},
        {"levels": 2},
        {"seed": 2.5},
        {"seed": True},
        {"seed": "7"},
        {"seed": 2**64},
        {"rules": {"kitty": "linear"}},
        {"dealer": True},
        {"dealer": 1.0},
        {"fixed_trump": "S"},
    ],
)
def test_bad_round_arguments_are_value_errors_before_anything(kwargs):
    args = {"seed": 1, **kwargs}
    with pytest.raises(ValueError) as info:
        Round(**args)
    assert str(info.value)


@pytest.mark.parametrize("cards", [None, 5, b"S10", {"S10": 1}, [None], ["ſ10"], [3.5], object()])
def test_cards_of_the_wrong_type_are_card_parse_errors_and_change_nothing(cards):
    rnd = playing()
    before = snapshot(rnd)
    for action in (rnd.play, rnd.check_play):
        with pytest.raises(CardParseError):
            action(rnd.turn, cards)
    assert snapshot(rnd) == before
    assert not rnd.view(rnd.turn).check(cards)  # the view answers with a verdict


def test_a_card_object_and_card_text_are_both_accepted():
    rnd = playing()
    seat = rnd.turn
    card = rnd.hand(seat)[-1]
    rnd.check_play(seat, card)
    rnd.check_play(seat, card.text)
    rnd.play(seat, card)
    assert rnd.current_trick[0] == (seat, (card,))


def test_a_rejected_action_in_every_phase_changes_nothing():
    rnd = Round(8, RuleSet(bidding="after_deal"))
    table = Table(rnd, [RandomPlayer() for _ in range(4)])
    while rnd.phase != FINISHED:
        before = snapshot(rnd)
        for call in (
            lambda: rnd.play(False, "S2"),
            lambda: rnd.declare(True, "S2"),
            lambda: rnd.pass_bid(0.0),
            lambda: rnd.bury("0", list(rnd.hand(0))[:8]),
            lambda: rnd.play(rnd.turn if rnd.turn is not None else 0, None),
        ):
            with pytest.raises((IllegalAction, CardParseError)):
                call()
        assert snapshot(rnd) == before
        table.step()


# --- card text --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["ſ10", "ﬅ", "ﬆ", "Ｓ10", "ｓ10", "S１０", "♤10", "S\u200b10", "Sı"]
)
def test_lookalike_characters_are_errors_not_spades(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert "U+" in str(info.value)  # the invisible culprit is named by its code point


@pytest.mark.parametrize("text", ["♠️10", "♥️A", "♦️2 ♣️J", "♠\ufe0fT"])
def test_the_emoji_selector_is_ignored(text):
    assert parse_cards(text) == parse_cards(text.replace("\ufe0f", ""))


def test_a_huge_token_gives_a_short_error():
    with pytest.raises(CardParseError) as info:
        parse_cards("S" * 10_000_000)
    assert len(str(info.value)) < 400 and len(info.value.token) <= 41
    with pytest.raises(GinParseError) as info:
        parse_hand("7" * 10_000_000)
    assert len(str(info.value)) < 400


def test_gin_text_refuses_lookalikes_and_none():
    for bad in ("7ſ", "7Ｓ", "ﬆ", None, 7.5, b"7S"):
        with pytest.raises(ValueError) as info:
            parse_hand(bad)
        assert isinstance(info.value, GinParseError)
    assert parse_hand("7♠️ 10♥️") == parse_hand("7S TH")


# --- the command line -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, option",
    [
        (["arena", "montecarlo:bogus=1", "random"], "bogus"),
        (["arena", "montecarlo:budget=x", "random"], "budget"),
        (["arena", "greedy", "random:throw_rate=2"], "throw_rate"),
        (["arena", "greedy", "wizard"], "wizard"),
        (["arena", "greedy:", "random"], "player_a"),
        (["arena", "greedy", "random", "--rules", "kitty=cubic"], "kitty"),
        (["play", "--auto", "--level", "2.0"], "--level"),
        (["play", "--auto", "--seed", "１"], "--seed"),
        (["simulate", "--players", "greedy,robot,random,random"], "robot"),
    ],
)
def test_every_bad_option_is_a_usage_error_naming_it(argv, option, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("shengji ") and "error:" in last and option in last


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "greedy", "random", "--deals", "100000", "--json", "{missing}/r.json"],
        ["arena", "greedy", "random", "--deals", "100000", "--chart", "{missing}/r.png"],
        ["arena", "greedy", "random", "--deals", "100000", "--chart", "{tmp}/chart.txt"],
        ["arena", "greedy", "random", "--deals", "100000", "--json", "{tmp}"],
        ["play", "--auto", "--save", "{missing}/match.json"],
    ],
)
def test_output_paths_are_checked_before_a_long_run(argv, tmp_path, monkeypatch, capsys):
    import shengji_edu.arena as arena
    import shengji_edu.cli.play as play

    def never(*args, **kwargs):
        raise AssertionError("the run started before the output path was checked")

    monkeypatch.setattr(arena, "run_arena", never)
    monkeypatch.setattr(play, "Match", never)
    argv = [a.format(missing=tmp_path / "no" / "such", tmp=tmp_path) for a in argv]
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_writable_output_path_is_written(tmp_path, capsys):
    path = tmp_path / "match.json"
    assert main(["play", "--auto", "--hands", "1", "--seed", "3", "--save", str(path)]) == 0
    assert isinstance(load(path), Match)
    save(load(path), path)  # and it saves again
