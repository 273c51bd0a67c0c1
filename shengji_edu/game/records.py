"""Game records: save a hand or a match as versioned JSON, and load it back by replaying it.

A record holds the rules, the seed, the deal, every accepted action in order (declarations
with the card count they came after, passes, the bury, every play) and the result. Loading
never trusts the file: it replays every action through the engine, so a record is accepted
only if

* it is of a known format and version, with every field of the right type;
* its deal holds each of the 108 cards exactly twice *and* is the shuffle its seed gives
  (an edited seed, or two cards swapped between hands, is caught here);
* every action is legal in turn (a play moved to another turn, or an illegal card, fails);
* the stored tricks and result agree with the replay (a missing trick or an edited total
  fails).

JSON only: never pickle, which can run code hidden in a file.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..cards import CardParseError, format_cards, new_deck, parse_cards
from ..rules import RuleSet
from ..trump import Trump
from .errors import IllegalAction, RecordError
from .match import Match
from .round import DEALT_CARDS, FINISHED, Round

HAND_FORMAT = "shengji-edu hand"
MATCH_FORMAT = "shengji-edu match"
VERSION = 1


# --- writing -----------------------------------------------------------------------------
def initial_hands(round_: Round) -> list[list]:
    """The 25 cards each seat was dealt, in dealing order."""
    hands: list[list] = [[] for _ in range(4)]
    start = round_.first_receiver()
    for number, card in enumerate(round_.deck[:DEALT_CARDS]):
        hands[(start + number) % 4].append(card)
    return hands


def hand_record(round_: Round) -> dict[str, Any]:
    """The record of one hand (finished or not) as plain JSON-ready data."""
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
            "kitty": format_cards(round_.deck[DEALT_CARDS:]),
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
def load(path: str | Path) -> Round | Match:
    """Read and fully validate a record file; returns the replayed Round or Match."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    return loads(text)


def loads(text: str) -> Round | Match:
    """Validate and replay a record given as JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not a complete JSON record (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            f"was the file truncated?"
        ) from None
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return replay_match(data)
    return replay_hand(data)


def _field(data: Any, name: str, kinds: type | tuple[type, ...], where: str = "record") -> Any:
    if not isinstance(data, dict) or name not in data:
        raise RecordError(f"the {where} has no {name!r} field")
    value = data[name]
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise RecordError(f"the {where}'s {name!r} has the wrong type ({value!r})")
    if not isinstance(value, kinds):
        raise RecordError(f"the {where}'s {name!r} has the wrong type ({value!r})")
    return value


def _check_header(data: Any, fmt: str) -> None:
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != fmt:
        raise RecordError(f"not a {fmt} record (format is {data.get('format')!r})")
    version = data.get("version")
    if version != VERSION:
        raise RecordError(
            f"record version {version!r} is not supported: this shengji_edu reads version {VERSION}"
        )


def _cards(text: Any, where: str) -> list:
    if not isinstance(text, str):
        raise RecordError(f"{where} must be card text, not {text!r}")
    try:
        return parse_cards(text)
    except CardParseError as exc:
        raise RecordError(f"{where}: {exc}") from None


def replay_hand(data: Any) -> Round:
    """Rebuild a hand from its record, checking everything; raises RecordError on any fault."""
    _check_header(data, HAND_FORMAT)
    seed = _field(data, "seed", int)
    try:
        rules = RuleSet.from_dict(_field(data, "rules", dict))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad rules in the record: {exc}") from None
    levels = _field(data, "levels", list)
    dealer = _field(data, "dealer", (int, type(None)))
    fixed = _field(data, "fixed_trump", (dict, type(None)))
    try:
        fixed_trump = None if fixed is None else Trump(fixed["level"], fixed["suit"])
        round_ = Round(seed, rules, levels, dealer, fixed_trump)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"the record's starting position is invalid: {exc}") from None
    _check_deal(_field(data, "deal", dict), round_)
    for number, action in enumerate(_field(data, "actions", list), start=1):
        _apply(round_, action, number)
    dealt = _field(data, "dealt", int)
    if round_.phase == "dealing":  # a hand saved during the deal: deal on to where it was
        if not round_.dealt <= dealt <= DEALT_CARDS:
            raise RecordError(f"the record says {dealt} cards were dealt, which cannot be")
        while round_.dealt < dealt:
            round_.deal_next()
    elif dealt != round_.dealt:
        raise RecordError(
            f"the record says {dealt} cards were dealt, but its actions deal {round_.dealt}"
        )
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
        raise RecordError(
            f"the recorded result does not match the replay ({', '.join(diff)} differ): "
            f"the totals were edited"
        )
    return round_


def _check_deal(deal: dict, round_: Round) -> None:
    hands = _field(deal, "hands", list, "deal")
    if len(hands) != 4:
        raise RecordError(f"the deal must list 4 hands, not {len(hands)}")
    dealt = [_cards(h, f"seat {seat}'s dealt cards") for seat, h in enumerate(hands)]
    kitty = _cards(_field(deal, "kitty", str, "deal"), "the kitty")
    counts = Counter(c for hand in dealt for c in hand) + Counter(kitty)
    expected = Counter(new_deck())
    if counts != expected:
        extra = counts - expected
        short = expected - counts
        problems = [f"{c} appears {counts[c]} times" for c in sorted(extra)]
        problems += [f"{c} appears {counts[c]} times" for c in sorted(short)]
        raise RecordError(
            "the deal does not hold each of the 108 cards exactly twice: " + "; ".join(problems[:4])
        )
    truth = initial_hands(round_)
    for seat in range(4):
        if Counter(dealt[seat]) != Counter(truth[seat]):
            raise RecordError(
                f"seat {seat}'s dealt cards are not what seed {round_.seed} deals: the deal or "
                f"the seed was edited"
            )
    if Counter(kitty) != Counter(round_.deck[DEALT_CARDS:]):
        raise RecordError(f"the kitty is not what seed {round_.seed} deals: it was edited")


def _apply(round_: Round, action: Any, number: int) -> None:
    where = f"action {number}"
    kind = _field(action, "action", str, where)
    try:
        if kind == "declare":
            after = _field(action, "after_card", int, where)
            if round_.phase == "dealing":
                if after < round_.dealt or after > DEALT_CARDS:
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
        elif kind in ("bury", "play"):
            seat = _field(action, "seat", int, where)
            getattr(round_, kind)(seat, _cards(action.get("cards"), where))
        else:
            raise RecordError(f"{where} has an unknown kind {kind!r}")
    except IllegalAction as exc:
        raise RecordError(
            f"{where} ({kind} by seat {action.get('seat')}) is illegal: {exc}"
        ) from None


def _check_tricks(tricks: list, round_: Round) -> None:
    replayed = round_.tricks
    if len(tricks) != len(replayed):
        raise RecordError(
            f"the record lists {len(tricks)} tricks but its plays make {len(replayed)}"
        )
    for number, (stored, trick) in enumerate(zip(tricks, replayed, strict=True), start=1):
        actual = {"leader": trick.leader, "winner": trick.winner, "points": trick.points}
        if stored != actual:
            raise RecordError(f"trick {number} does not match the replay: {stored} vs {actual}")


def replay_match(data: Any) -> Match:
    """Rebuild a match from its record: every hand replayed, levels and dealers chained."""
    _check_header(data, MATCH_FORMAT)
    try:
        rules = RuleSet.from_dict(_field(data, "rules", dict))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad rules in the record: {exc}") from None
    try:
        match = Match(_field(data, "seed", int), rules, start_level=data.get("start_level", 2))
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
    if list(match.levels) != _field(data, "levels", list) or match.winner != data.get("winner"):
        raise RecordError("the match's final levels or winner do not match its hands")
    return match


__all__ = ["hand_record", "load", "loads", "match_record", "replay_hand", "replay_match", "save"]
