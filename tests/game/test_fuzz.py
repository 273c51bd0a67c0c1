"""Fuzz every entry point that takes outside input (issue 12).

Card text, Gin text, engine actions with arguments of random types, records (real records
mutated, and random bytes) and command-line argument lists: only the package's documented
errors come out, each with a message, and a rejected call changes nothing (a deep snapshot
of the state is the same before and after).

``FUZZ_EXAMPLES=5000 pytest tests/game/test_fuzz.py`` runs a longer fuzz by hand; the counts it
tried are printed with ``--hypothesis-show-statistics``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_edu import Card, CardParseError, RuleSet, Trump, format_cards, parse_cards
from shengji_edu.cards import as_cards
from shengji_edu.cli import main
from shengji_edu.game import (
    BadGuess,
    IllegalMove,
    Match,
    NoSuchSeat,
    OutOfTurn,
    RecordError,
    Round,
    Table,
    WrongPhase,
    hand_record,
    loads,
    match_record,
)
from shengji_edu.gin.cards import GinParseError, format_hand, parse_card, parse_hand
from shengji_edu.players import RandomPlayer

ACTION_ERRORS = (IllegalMove, OutOfTurn, WrongPhase, NoSuchSeat, BadGuess, CardParseError)
"""What an engine action may raise: IllegalAction's kinds and CardParseError."""


def examples(default: int) -> int:
    """Examples per property: ``default``, or FUZZ_EXAMPLES for a long run by hand."""
    return int(os.environ.get("FUZZ_EXAMPLES", default))


def fuzz(default: int):
    return settings(
        max_examples=examples(default),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def documented(exc: BaseException, kinds: tuple[type, ...]) -> None:
    assert type(exc) in kinds, f"{type(exc).__name__}: {exc}"
    message = str(exc)
    assert message.strip(), "an error without a message"
    assert len(message) < 1000, "an error message far too long to read"


# --- card text ----------------------------------------------------------------------------------
CARD_ALPHABET = st.one_of(
    st.sampled_from(list("SHDCshdcJjLlBb0123456789TtQqKkAa ,♠♥♦♣大小王") + ["\ufe0f"]),
    st.sampled_from(["ſ", "ﬅ", "ﬆ", "Ｓ", "ı", "K", "\u200b", "\u00a0", "♤", "🂡", "\x00"]),
    st.characters(),
)
ALLOWED = set("SHDCshdcJjLlBb0123456789TtQqKkAa♠♥♦♣大小王\ufe0f")


@fuzz(600)
@given(st.text(CARD_ALPHABET, max_size=24))
def test_card_text_is_read_or_refused_with_a_card_parse_error(text):
    try:
        cards = parse_cards(text)
    except CardParseError as exc:
        documented(exc, (CardParseError,))
        return
    # Read: every character was card text (RULES §1), and it prints back the same cards.
    tokens = text.replace(",", " ").split()
    assert all(ch in ALLOWED for token in tokens for ch in token)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, pretty=True)) == cards


ANYTHING = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=8),
        st.binary(max_size=8),
        st.sampled_from([Card.parse("S10"), Card.parse("BJ"), object(), Trump(2, "S")]),
        st.builds(pow, st.just(10), st.just(5000)),  # too long to print
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=4), inner, max_size=3),
    ),
    max_leaves=8,
)


@fuzz(400)
@given(ANYTHING)
def test_anything_as_cards_is_cards_or_a_card_parse_error(value):
    for read in (as_cards, parse_cards, Card.parse):
        try:
            cards = read(value)
        except CardParseError as exc:
            documented(exc, (CardParseError,))
        else:
            assert all(isinstance(c, Card) for c in (cards if isinstance(cards, list) else [cards]))


# --- Gin text -----------------------------------------------------------------------------------
@fuzz(600)
@given(st.one_of(st.text(CARD_ALPHABET, max_size=24), ANYTHING))
def test_gin_text_is_read_or_refused(text):
    try:
        cards = parse_hand(text)
    except (GinParseError, ValueError) as exc:
        documented(exc, (GinParseError, ValueError))
        return
    assert parse_hand(format_hand(cards, sort=False)) == cards
    if isinstance(text, str):
        for token in text.replace(",", " ").split():
            assert parse_card(token) in cards


# --- engine actions -------------------------------------------------------------------------------
def snapshot(rnd: Round) -> dict:
    """Everything a round holds, deep-copied; generators as their states."""
    state = {}
    names = [*vars(rnd), *(n for n in Round.__slots__ if n != "__dict__")]
    for name in names:  # every field of the round's state: its dictionary and its slots
        value = getattr(rnd, name)
        if isinstance(value, random.Random):
            value = value.getstate()
        elif name == "_seat_rngs":
            value = [None if r is None else r.getstate() for r in value]
        state[name] = copy.deepcopy(value)
    return state


ENGINE_CALLS = {
    # name: how many arguments it takes
    "deal_next": 0,
    "deal_all": 0,
    "finish_deal": 0,
    "declare": 2,
    "check_declaration": 2,
    "pass_bid": 1,
    "bury": 2,
    "check_bury": 2,
    "play": 2,
    "check_play": 2,
    "legal_declarations": 1,
    "hand": 1,
    "voids": 1,
    "is_dealer_team": 1,
    "view": 1,
    "seat_rng": 1,
    "what_if": 3,
}
VIEW_CALLS = {"check": 1, "check_bury": 1, "voids": 1, "what_if": 3, "sample_world": 1}


def good_move(rnd: Round) -> list:
    """Cards the seat to act could legally give now (a decision of a random player)."""
    seat = rnd.turn
    if seat is None:
        options = [o for s in range(4) for o in rnd.legal_declarations(s)]
        return options[0] if options else []
    view = rnd.view(seat)
    if rnd.phase == "kitty":
        return list(rnd.hand(seat)[:8])
    if rnd.phase == "playing":
        return RandomPlayer().play(view)
    return (view.legal_declarations or [[]])[0]


SEATLIKE = st.sampled_from([False, True, 0.0, 1.0, -1, 4, "0", None, 10**30])


@st.composite
def argument(draw, rnd: Round, position: int):
    """A random argument: often a plausible one (the seat to act, a legal move, cards
    from a hand), often a wrong type in the right place (``False`` for seat 0), or anything."""
    seat = draw(st.integers(0, 3))
    hand = list(rnd.hand(seat))
    if position == 0:
        near = st.one_of(st.integers(0, 3), SEATLIKE)
        if rnd.turn is not None:
            near = st.one_of(st.just(rnd.turn), near)
    else:
        near = st.one_of(
            st.just(good_move(rnd)),
            st.just(format_cards(good_move(rnd))),
            st.just(hand[:1]),
            st.lists(st.sampled_from(hand), max_size=9) if hand else st.just([]),
            st.just([list(rnd.hand(s)) for s in range(4)]),
            st.just(list(rnd.kitty)),
        )
    return draw(st.one_of(near, ANYTHING))


@fuzz(120)
@given(
    seed=st.integers(0, 2**32),
    after_deal=st.booleans(),
    steps=st.integers(0, 160),
    data=st.data(),
)
def test_engine_actions_refuse_bad_arguments_and_change_nothing(seed, after_deal, steps, data):
    rules = RuleSet(bidding="after_deal") if after_deal else RuleSet()
    rnd = Round(seed, rules)
    table = Table(rnd, [RandomPlayer() for _ in range(4)])
    for _ in range(steps):
        if not table.step():
            break
    for _ in range(data.draw(st.integers(1, 6))):
        on_view = data.draw(st.booleans())
        calls = VIEW_CALLS if on_view else ENGINE_CALLS
        name = data.draw(st.sampled_from(sorted(calls)))
        args = [data.draw(argument(rnd, n)) for n in range(calls[name])]
        target = rnd.view(data.draw(st.integers(0, 3))) if on_view else rnd
        before = snapshot(rnd)
        try:
            getattr(target, name)(*args)
        except ACTION_ERRORS as exc:
            documented(exc, ACTION_ERRORS)
            assert snapshot(rnd) == before, f"a refused {name} changed the round"
    # Whatever was accepted, the game's own record still loads and says the same.
    record = hand_record(rnd)
    assert hand_record(loads(json.dumps(record))) == record


@fuzz(200)
@given(st.lists(ANYTHING, max_size=5))
def test_bad_constructor_arguments_are_value_errors(args):
    for build in (Round, Match, RuleSet, Trump, Table):
        try:
            build(*args)
        except CardParseError as exc:
            documented(exc, (CardParseError,))
        except ValueError as exc:
            assert str(exc).strip()
        except TypeError as exc:  # only too many / too few arguments, which Python checks
            assert "argument" in str(exc), exc


# --- records --------------------------------------------------------------------------------------
def _hand(rules: RuleSet) -> dict:
    for seed in range(100):
        rnd = Round(seed, rules)
        Table(rnd, [RandomPlayer(throw_rate=0.3) for _ in range(4)]).run()
        if rnd.declarations:
            return hand_record(rnd)
    raise AssertionError("no hand with a declaration")


RECORDS = {
    "during_deal": _hand(RuleSet()),
    "after_deal": _hand(RuleSet(bidding="after_deal", throw_penalty=10, kitty="linear")),
    "match": match_record(Match(2, start_level=14).play([RandomPlayer() for _ in range(4)])),
}
JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        st.sampled_from(["S2 S3", "after_deal", "play", "declare", "pass", "finish_deal"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def paths(data, prefix=()):
    """Every path into a JSON value (lists by index, objects by key)."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*prefix, index))


@st.composite
def mutated(draw, name: str):
    data = copy.deepcopy(RECORDS[name])
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(paths(data))))
        if not where:
            data = draw(JSON_VALUES)
            continue
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        last = where[-1]
        how = draw(st.sampled_from(["replace", "delete", "add", "duplicate", "number"]))
        if how == "replace":
            parent[last] = draw(JSON_VALUES)
        elif how == "delete":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif how == "number" and type(parent[last]) is int:
            parent[last] = draw(st.sampled_from([parent[last] + 1, -1, float(parent[last])]))
    return data


def load_or_refuse(text) -> None:
    try:
        loaded = loads(text)
    except RecordError as exc:
        documented(exc, (RecordError,))
        return
    data = json.loads(text.decode("utf-8-sig") if isinstance(text, bytes) else text)
    again = match_record(loaded) if isinstance(loaded, Match) else hand_record(loaded)
    assert again == data, "a record loaded but does not round-trip"


@fuzz(120)
@given(st.sampled_from(["during_deal", "after_deal"]).flatmap(mutated))
def test_mutated_hand_records_load_exactly_or_are_refused(data):
    load_or_refuse(json.dumps(data))


@fuzz(25)
@given(mutated("match"))
def test_mutated_match_records_load_exactly_or_are_refused(data):
    load_or_refuse(json.dumps(data))


@fuzz(300)
@given(st.binary(max_size=200))
def test_random_bytes_are_refused(data):
    load_or_refuse(data)


@fuzz(150)
@given(
    name=st.sampled_from(["during_deal", "after_deal"]),
    edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), max_size=3),
    cut=st.floats(0, 1),
    bom=st.booleans(),
)
def test_damaged_record_bytes_load_exactly_or_are_refused(name, edits, cut, bom):
    raw = bytearray(json.dumps(RECORDS[name], ensure_ascii=False).encode("utf-8"))
    for where, byte in edits:
        raw[int(where * len(raw))] = byte
    raw = raw[: max(1, int(cut * len(raw)))] if cut < 0.98 else raw
    load_or_refuse((b"\xef\xbb\xbf" if bom else b"") + bytes(raw))


# --- the command line ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    record = folder / "hand.json"
    record.write_text(json.dumps(RECORDS["during_deal"]), encoding="utf-8")
    (folder / "garbage.json").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    return {
        "record": str(record),
        "garbage": str(folder / "garbage.json"),
        "missing": str(folder / "missing.json"),
        "folder": str(folder),
        "out": str(folder / "out.json"),
        "chart": str(folder / "chart.png"),
        "badchart": str(folder / "chart.txt"),
        "nowhere": str(folder / "no" / "such" / "out.json"),
    }


WORDS = [
    "--seed", "--level", "--players", "--rules", "--auto", "--hands", "--verbose", "--save",
    "--deals", "--processes", "--json", "--chart", "--help", "-h", "random", "greedy",
    "human", "montecarlo:budget=1,horizon=1", "montecarlo:bogus=1", "random:throw_rate=2",
    "wizard", "1", "2", "0", "-1", "x", "A", "15", "2.0", "kitty=linear", "kitty=cubic",
    "bidding=after_deal", "throw_penalty=-5", "random,greedy", "", "ſ", "１", "record",
    "garbage", "missing", "folder", "out", "chart", "badchart", "nowhere",
]  # fmt: skip


@fuzz(60)
@given(
    command=st.sampled_from(["play", "simulate", "arena", "replay", "dance", ""]),
    words=st.lists(st.sampled_from(WORDS), max_size=6),
)
def test_command_lines_run_or_exit_2_without_a_traceback(files, command, words):
    argv = [command] if command else []
    argv += [files.get(w, w) for w in words]
    if command in ("play", "simulate"):
        argv += ["--hands", "1"]  # keep each run short: argparse keeps the last value
    if command == "arena":
        argv += ["--deals", "1"]
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")  # a person at the terminal types nothing: QuitGame
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
                code = exc.code
    finally:
        sys.stdin = stdin
    assert code in (0, 2), (argv, code, err.getvalue())
    assert "Traceback" not in err.getvalue() + out.getvalue()
    if code == 2:
        assert err.getvalue().strip(), "exit 2 without a message"
