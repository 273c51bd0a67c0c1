"""Game records: save a hand or a match as versioned JSON, and load it back by replaying it.

A record holds the rules, the seed, the deal, every accepted action in order (declarations
with the card count they came after, passes, every bury, overcall and pass of the overcall
round after the bury, every play) and the result. Loading never trusts the file: it replays
every action through the engine, so a record is accepted only if

* it is of a known format and version, with every field of the right type;
* its deal holds every card of its rules' deck (``rules.deck()``: 54, 108 or 162 cards) as
  many times as the deck does *and* is the shuffle its seed gives (an edited seed, or two
  cards swapped between hands, is caught here);
* every action is legal in turn (a play moved to another turn, or an illegal card, fails);
* the stored tricks and result agree with the replay (a missing trick or an edited total
  fails).

JSON only: never pickle, which can run code hidden in a file.

Every variant of RULES §11 is saved and replayed the same way: the rules are written with
:meth:`RuleSet.to_dict <shengji_edu.rules.RuleSet.to_dict>` (the newer options only when not
at their default), the overcall round's actions are ``{"action": "overcall", "seat", "cards"}``
and ``{"action": "pass_overcall", "seat"}``, and an overcaller's bury is a ``bury`` action
like the dealer's. A default game's record is exactly what it was before decks could be
counted, so records written then (version 1, with no newer key) still load. The house rules of
RULES §12 are written the same way: only a draw of the 45-point game (§12.10) adds a key to the
result, ``"draw": true``, with a ``next_dealer`` of ``null``; a match under the 5-10-K ladder
(§12.1) records its ``start_level`` and levels as rungs of it.

Reading never trusts the bytes either. :func:`load` reads bytes and decodes them itself:

* at most :data:`MAX_RECORD_BYTES` (16 MiB). Real records are far smaller: a hand is about
  9 KB, a whole 30-hand match about 300 KB (measured on random players' matches), and
  even a match cut off at ``MAX_HANDS`` (500 hands) would stay under 6 MB;
* UTF-8 only; a UTF-8 byte-order mark (what Windows Notepad writes) is accepted and
  skipped. UTF-16, other encodings, images and other binary files are refused with the
  byte offset of the first bad byte, or what the file looks like;
* JSON nested at most :data:`MAX_DEPTH` deep (a real record nests 6 deep), no ``NaN`` or
  ``Infinity``, no key twice in one object, no number of more than 4300 digits;
* every field of the right type, and the record must round-trip: after the replay,
  :func:`hand_record` (or :func:`match_record`) of the result must equal the file's data
  exactly, type for type, so no stored field goes unread (such as a declaration's
  ``after_card`` in the after-deal auction) and no unknown field slips through.

Every failure is a :class:`~shengji_edu.game.errors.RecordError` naming the field (such
as ``actions[12].after_card``) or the byte offset.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..cards import SUITS, CardParseError, format_cards, parse_cards, shorten
from ..rules import RuleSet
from .errors import IllegalAction, RecordError
from .match import Match
from .public import SEATS, shorten_value
from .round import ACE, FINISHED, Round

HAND_FORMAT = "shengji-edu hand"
MATCH_FORMAT = "shengji-edu match"
VERSION = 1


# --- writing -----------------------------------------------------------------------------
def initial_hands(round_: Round) -> list[list]:
    """The cards each seat was dealt (25 with two decks), in dealing order."""
    hands: list[list] = [[] for _ in range(4)]
    start = round_.first_receiver()
    for number, card in enumerate(round_.deck[: round_.rules.dealt_cards]):
        hands[(start + number) % 4].append(card)
    return hands


def hand_record(round_: Round) -> dict[str, Any]:
    """The record of one hand (finished or not) as plain JSON-ready data."""
    if not isinstance(round_, Round) or round_.seed is None:
        raise ValueError("only a dealt hand has a record: a what-if world was never dealt")
    fixed = round_.fixed_trump
    return {
        "format": HAND_FORMAT,
        "version": VERSION,
        "seed": round_.seed,
        "rules": round_.rules.to_dict(),
        "levels": list(round_.levels_at_start),
        "dealer": round_.starting_dealer,
        "fixed_trump": None if fixed is None else {"level": fixed.level, "suit": fixed.suit},
        "deal": {
            "hands": [format_cards(h) for h in initial_hands(round_)],
            "kitty": format_cards(round_.deck[round_.rules.dealt_cards :]),
        },
        "actions": list(round_.actions),
        "dealt": round_.dealt,
        "tricks": [
            {"leader": t.leader, "winner": t.winner, "points": t.points} for t in round_.tricks
        ],
        "result": _result_data(round_),
    }


def _result_data(round_: Round) -> dict[str, Any] | None:
    result = round_.result
    if result is None:
        return None
    draw = {"draw": True} if result.settlement.draw else {}  # only a draw says so (§12.10)
    return {
        "dealer": result.dealer,
        "trump_suit": round_.trump.suit if round_.trump else None,
        "trick_points": result.trick_points,
        "kitty_points": result.kitty_points,
        "kitty_multiplier": result.kitty_multiplier,
        "penalty": result.penalty,
        "defender_points": result.defender_points,
        "dealer_levels": result.settlement.dealer_levels,
        "defender_levels": result.settlement.defender_levels,
        "levels_after": list(result.levels_after),
        "next_dealer": result.next_dealer,
        "match_won": result.match_won,
        **draw,
    }


def match_record(match: Match) -> dict[str, Any]:
    """The record of a match: its seed, rules and every hand's record."""
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "seed": match.seed,
        "start_level": match.start_level,
        "rules": match.rules.to_dict(),
        "hands": [hand_record(r) for r in match.rounds],
        "levels": list(match.levels),
        "winner": match.winner,
    }


def save(obj: Round | Match, path: str | Path) -> None:
    """Write a hand or a match record as JSON (UTF-8, readable indentation)."""
    data = match_record(obj) if isinstance(obj, Match) else hand_record(obj)
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


# --- reading -----------------------------------------------------------------------------
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record :func:`load` reads (see the module docstring for real sizes)."""

MAX_DEPTH = 20
"""How deeply a record's JSON may nest (a real one nests 6 deep)."""

_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"\x1f\x8b", "a gzip-compressed file (kept hands? shengji replay and game.kept read them)"),
    (b"\xff\xfe\x00\x00", "text saved as UTF-32"),
    (b"\x00\x00\xfe\xff", "text saved as UTF-32"),
    (b"\xff\xfe", "text saved as UTF-16"),
    (b"\xfe\xff", "text saved as UTF-16"),
)
_UTF8_BOM = b"\xef\xbb\xbf"


def load(path: str | Path) -> Round | Match:
    """Read and fully validate a record file; returns the replayed Round or Match."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {shorten(str(path))}: {exc.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{shorten(str(path))} is over {MAX_RECORD_BYTES // 2**20} MB: no game record is "
            f"that big (a whole match is well under 1 MB); is it the right file?"
        )
    return loads(data)


def loads(text: str | bytes) -> Round | Match:
    """Validate and replay a record given as JSON text (``str``, or UTF-8 ``bytes``)."""
    return _replay(_parse(text))


def decode(data: bytes) -> str:
    """A record's bytes as text: UTF-8, with an optional byte-order mark; else RecordError."""
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            raise RecordError(
                f"this looks like {what}, not a game record: a record is JSON text saved as "
                f"UTF-8 (shengji play --save writes one)"
            )
    bom = data.startswith(_UTF8_BOM)
    try:
        text = data[len(_UTF8_BOM) if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + (len(_UTF8_BOM) if bom else 0)
        raise RecordError(
            f"byte {offset} (0x{data[offset]:02x}) is not UTF-8 text: a record is JSON saved "
            f"as UTF-8; was the file saved in another encoding, or is it not a record?"
        ) from None
    if "\x00" in text:
        raise RecordError(
            f"byte {text.index(chr(0)) + (3 if bom else 0)} is a NUL: a record is JSON text "
            f"(was it saved as UTF-16?)"
        )
    return text


def _reject_constant(name: str) -> None:
    raise RecordError(f"the record holds {name}, which JSON records never hold")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise RecordError(f"the field {shorten(key)!r} appears twice in one object")
            seen.add(key)
    return data


def _parse(text: str | bytes) -> Any:
    """JSON text (or bytes) to data, with every limit of the module docstring."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is over {MAX_RECORD_BYTES // 2**20} MB: too big")
        text = decode(bytes(text))
    elif not isinstance(text, str):
        raise RecordError(f"a record is JSON text (str or bytes), not {shorten(text)}")
    elif len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is over {MAX_RECORD_BYTES // 2**20} MB of text: too big")
    if text.startswith("\ufeff"):  # a byte-order mark decoded as text
        text = text[1:]
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        offset = len(text[: exc.pos].encode("utf-8", "surrogatepass"))
        raise RecordError(
            f"not a complete JSON record (byte {offset}, line {exc.lineno}, column "
            f"{exc.colno}: {exc.msg}); was the file truncated?"
        ) from None
    except RecursionError:
        raise RecordError(
            f"the record's JSON is nested far too deeply (a record nests 6 deep; at most "
            f"{MAX_DEPTH} is read)"
        ) from None
    except RecordError:
        raise
    except ValueError as exc:  # a number of more than 4300 digits
        if "digits" in str(exc):
            raise RecordError(
                "the record holds a number of more than 4300 digits: no field of a record is "
                "that long (was the file edited?)"
            ) from None
        raise RecordError(f"the record holds a value JSON records never hold: {exc}") from None
    _check_depth(data)
    return data


def _check_depth(data: Any) -> None:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(
                f"the record's JSON is nested {depth} deep: a record nests 6 deep, at most "
                f"{MAX_DEPTH} is read"
            )
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def _replay(data: Any) -> Round | Match:
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return replay_match(data)
    return replay_hand(data)


def _field(data: Any, name: str, kinds: type | tuple[type, ...], where: str = "record") -> Any:
    if not isinstance(data, dict) or name not in data:
        raise RecordError(f"the {where} has no {name!r} field")
    value = data[name]
    allowed = kinds if isinstance(kinds, tuple) else (kinds,)
    if (isinstance(value, bool) and bool not in allowed) or not isinstance(value, allowed):
        raise RecordError(f"the {where}'s {name!r} has the wrong type ({shorten_value(value)})")
    return value


def _check_header(data: Any, fmt: str) -> None:
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != fmt:
        raise RecordError(f"not a {fmt} record (format is {shorten_value(data.get('format'))})")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(
            f"record version {shorten_value(version)} is not supported: this shengji_edu "
            f"reads version {VERSION}"
        )


def _cards(text: Any, where: str) -> list:
    if not isinstance(text, str):
        raise RecordError(f"{where} must be card text, not {shorten_value(text)}")
    try:
        return parse_cards(text)
    except CardParseError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _levels(data: dict, where: str = "record") -> tuple[int, int]:
    levels = _field(data, "levels", list, where)
    if len(levels) != 2 or not all(type(lv) is int and 2 <= lv <= ACE for lv in levels):
        raise RecordError(
            f"the {where}'s 'levels' must be two whole-number ranks 2..14, not "
            f"{shorten_value(levels)}"
        )
    return levels[0], levels[1]


def _seat_or_none(data: dict, name: str, where: str = "record") -> int | None:
    seat = _field(data, name, (int, type(None)), where)
    if seat is not None and seat not in SEATS:
        raise RecordError(
            f"the {where}'s {name!r} must be a seat 0-3 or null, not {shorten_value(seat)}"
        )
    return seat


def _first_difference(stored: Any, replayed: Any, path: tuple = ()) -> tuple | None:
    """The path (keys and indices) where ``stored`` (the file) and ``replayed`` first
    differ, type for type (``2.0`` is not ``2``, ``true`` is not ``1``); None if equal."""
    if type(stored) is not type(replayed):
        return path
    if isinstance(stored, dict):
        for key in replayed:
            if key not in stored:
                return (*path, key)
        for key in stored:
            if key not in replayed:
                return (*path, key)
            where = _first_difference(stored[key], replayed[key], (*path, key))
            if where is not None:
                return where
        return None
    if isinstance(stored, list):
        if len(stored) != len(replayed):
            return path
        for number, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            where = _first_difference(a, b, (*path, number))
            if where is not None:
                return where
        return None
    return None if stored == replayed else path


def _path_text(path: tuple) -> str:
    """``('actions', 12, 'after_card')`` as ``actions[12].after_card``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return shorten(text or "the record", 80)


def _lookup(data: Any, path: tuple) -> tuple[bool, Any]:
    """The value at a path made by :func:`_first_difference` (found?, value)."""
    value = data
    for part in path:
        if isinstance(part, int):
            if not isinstance(value, list) or part >= len(value):
                return False, None
        elif not isinstance(value, dict) or part not in value:
            return False, None
        value = value[part]
    return True, value


def _check_round_trip(stored: dict, replayed: dict, what: str) -> None:
    """Every field the file stores must be what the replay stores (see the module doc)."""
    path = _first_difference(stored, replayed)
    if path is None:
        return
    found, value = _lookup(stored, path)
    wanted, expected = _lookup(replayed, path)
    where = _path_text(path)
    if not found:
        raise RecordError(f"the {what} record has no {where!r} field")
    if not wanted:
        raise RecordError(
            f"the {what} record has a field {where!r} that shengji_edu does not write: "
            f"was the file edited?"
        )
    raise RecordError(
        f"the {what} record's {where} is {shorten_value(value)} but replaying it gives "
        f"{shorten_value(expected)}: was the file edited?"
    )


def replay_hand(data: Any, *, derived: bool = False) -> Round:
    """Rebuild a hand from its record, checking everything; raises RecordError on any fault.

    ``derived``: the record leaves out what the replay derives, its ``deal`` (the seed deals
    it) and its ``tricks`` (the plays make them), as the compact records of
    :mod:`~shengji_edu.game.kept` do; everything else is checked as always."""
    _check_header(data, HAND_FORMAT)
    seed = _field(data, "seed", int)
    try:
        rules = RuleSet.from_dict(_field(data, "rules", dict))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad rules in the record: {shorten(str(exc), 200)}") from None
    levels = _levels(data)
    dealer = _seat_or_none(data, "dealer")
    fixed = _field(data, "fixed_trump", (dict, type(None)))
    fixed_trump = None
    if fixed is not None:
        level = _field(fixed, "level", int, "fixed trump")
        suit = _field(fixed, "suit", (str, type(None)), "fixed trump")
        if set(fixed) != {"level", "suit"} or suit not in (*SUITS, None):
            raise RecordError("the record's 'fixed_trump' must be {'level': rank, 'suit': S/H/D/C}")
        try:
            fixed_trump = rules.trump(level, suit)
        except ValueError as exc:
            raise RecordError(f"the record's 'fixed_trump' is invalid: {exc}") from None
    try:
        round_ = Round(seed, rules, levels, dealer, fixed_trump)
    except ValueError as exc:
        raise RecordError(f"the record's starting position is invalid: {exc}") from None
    if not derived:
        _check_deal(_field(data, "deal", dict), round_)
    for number, action in enumerate(_field(data, "actions", list), start=1):
        apply_action(round_, action, number)
    dealt = _field(data, "dealt", int)
    if round_.phase == "dealing":  # a hand saved during the deal: deal on to where it was
        if not round_.dealt <= dealt <= rules.dealt_cards:
            raise RecordError(f"the record says {dealt} cards were dealt, which cannot be")
        while round_.dealt < dealt:
            round_.deal_next()
    elif dealt != round_.dealt:
        raise RecordError(
            f"the record says {dealt} cards were dealt, but its actions deal {round_.dealt}"
        )
    if not derived:
        _check_tricks(_field(data, "tricks", list), round_)
    recorded = _field(data, "result", (dict, type(None)))
    replayed = _result_data(round_)
    if recorded is None and replayed is not None:
        raise RecordError("the record says the hand is unfinished, but its plays finish it")
    if recorded is not None and replayed is None:
        raise RecordError(
            f"the record claims a finished hand but its plays stop after "
            f"{len(round_.tricks)} tricks with cards still in hand: it is truncated or a "
            f"trick is missing"
        )
    if recorded is not None and recorded != replayed:
        diff = [k for k in replayed if recorded.get(k) != replayed[k]]
        diff += [k for k in recorded if k not in replayed]
        raise RecordError(
            f"the recorded result does not match the replay ({', '.join(diff)} differ): "
            f"the totals were edited"
        )
    replayed_record = hand_record(round_)
    if derived:
        del replayed_record["deal"], replayed_record["tricks"]
    _check_round_trip(data, replayed_record, "hand")
    return round_


def _check_deal(deal: dict, round_: Round) -> None:
    hands = _field(deal, "hands", list, "deal")
    if len(hands) != 4:
        raise RecordError(f"the deal must list 4 hands, not {len(hands)}")
    extra = sorted(set(deal) - {"hands", "kitty"})
    if extra:
        raise RecordError(f"the deal has a field {shorten_value(extra[0])} it should not have")
    dealt = [_cards(h, f"seat {seat}'s dealt cards") for seat, h in enumerate(hands)]
    kitty = _cards(_field(deal, "kitty", str, "deal"), "the kitty")
    counts = Counter(c for hand in dealt for c in hand) + Counter(kitty)
    rules = round_.rules
    expected = Counter(rules.deck())
    if counts != expected:
        extra = counts - expected
        short = expected - counts
        problems = [f"{c} appears {counts[c]} times" for c in sorted(extra)]
        problems += [f"{c} appears {counts[c]} times" for c in sorted(short)]
        times = {1: "once", 2: "twice", 3: "three times"}[rules.decks]
        raise RecordError(
            f"the deal does not hold each of the {rules.deck_size} cards exactly {times}: "
            + "; ".join(problems[:4])
        )
    truth = initial_hands(round_)
    for seat in range(4):
        if Counter(dealt[seat]) != Counter(truth[seat]):
            raise RecordError(
                f"seat {seat}'s dealt cards are not what seed {round_.seed} deals: the deal or "
                f"the seed was edited"
            )
    if Counter(kitty) != Counter(round_.deck[rules.dealt_cards :]):
        raise RecordError(f"the kitty is not what seed {round_.seed} deals: it was edited")


def apply_action(round_: Round, action: Any, number: int) -> None:
    """Carry out one action of a record (``number``: its place, for messages) on ``round_``
    through the engine: a RecordError if the record's action is malformed or illegal there.
    Replaying a record part-way (a review of a decision) is these calls, one by one."""
    where = f"action {number}"
    kind = _field(action, "action", str, where)
    try:
        if kind == "declare":
            after = _field(action, "after_card", int, where)
            if round_.phase == "auction" and after != round_.dealt:
                raise RecordError(
                    f"{where} declares in the auction 'after_card' {shorten_value(after)}, but "
                    f"every card ({round_.dealt}) was dealt before the auction"
                )
            if round_.phase == "dealing":
                if after < round_.dealt or after > round_.rules.dealt_cards:
                    raise RecordError(
                        f"{where} declares after card {after}, but {round_.dealt} cards are "
                        f"already dealt: the actions are out of order"
                    )
                while round_.dealt < after:
                    round_.deal_next()
            round_.declare(_field(action, "seat", int, where), _cards(action.get("cards"), where))
        elif kind == "pass":
            round_.pass_bid(_field(action, "seat", int, where))
        elif kind == "finish_deal":
            round_.deal_all()
            round_.finish_deal()
        elif kind in ("bury", "play", "overcall"):
            seat = _field(action, "seat", int, where)
            getattr(round_, kind)(seat, _cards(action.get("cards"), where))
        elif kind == "return":
            round_.give(_field(action, "seat", int, where), _cards(action.get("cards"), where))
        elif kind == "pass_overcall":
            round_.pass_overcall(_field(action, "seat", int, where))
        else:
            raise RecordError(f"{where} has an unknown kind {shorten_value(kind)}")
    except IllegalAction as exc:
        raise RecordError(
            f"{where} ({kind} by seat {shorten_value(action.get('seat'))}) is illegal: {exc}"
        ) from None
    except CardParseError as exc:  # cards the engine cannot read (already text-checked)
        raise RecordError(f"{where} ({kind}): {exc}") from None


def _check_tricks(tricks: list, round_: Round) -> None:
    replayed = round_.tricks
    if len(tricks) != len(replayed):
        raise RecordError(
            f"the record lists {len(tricks)} tricks but its plays make {len(replayed)}"
        )
    for number, (stored, trick) in enumerate(zip(tricks, replayed, strict=True), start=1):
        actual = {"leader": trick.leader, "winner": trick.winner, "points": trick.points}
        if stored != actual:
            raise RecordError(
                f"trick {number} does not match the replay: {shorten_value(stored)} vs {actual}"
            )


def replay_match(data: Any) -> Match:
    """Rebuild a match from its record: every hand replayed, levels and dealers chained."""
    _check_header(data, MATCH_FORMAT)
    try:
        rules = RuleSet.from_dict(_field(data, "rules", dict))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad rules in the record: {shorten(str(exc), 200)}") from None
    start_level = _field(data, "start_level", int)
    try:
        match = Match(_field(data, "seed", int), rules, start_level=start_level)
    except ValueError as exc:
        raise RecordError(f"bad start level in the record: {exc}") from None
    for number, hand in enumerate(_field(data, "hands", list), start=1):
        if match.over:
            raise RecordError(f"hand {number} comes after the match was already over")
        expected = match.new_round()
        if not isinstance(hand, dict):
            raise RecordError(f"hand {number} is not a JSON object")
        for name, want in (
            ("seed", expected.seed),
            ("levels", list(expected.levels)),
            ("dealer", expected.dealer),
        ):
            if hand.get(name) != want:
                raise RecordError(
                    f"hand {number}'s {name} is {hand.get(name)!r} but the match gives {want!r}"
                )
        if hand.get("rules") != rules.to_dict():
            raise RecordError(f"hand {number} was played under other rules than the match")
        try:
            round_ = replay_hand(hand)
        except RecordError as exc:
            raise RecordError(f"hand {number}: {exc}") from None
        if round_.phase != FINISHED:
            if number != len(data["hands"]):
                raise RecordError(f"hand {number} is unfinished but more hands follow")
            match.rounds[-1] = round_
            break
        match.rounds[-1] = round_
        match.hand_finished(round_)
    if list(match.levels) != _field(data, "levels", list) or match.winner != _field(
        data, "winner", (int, type(None))
    ):
        raise RecordError("the match's final levels or winner do not match its hands")
    _check_round_trip(data, match_record(match), "match")
    return match


__all__ = ["hand_record", "load", "loads", "match_record", "replay_hand", "replay_match", "save"]
