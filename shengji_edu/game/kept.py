"""Kept hands: many hands in one small file, each replayed through the engine when read.

The arena and the tournament play thousands of hands; RULES §9's record of each is about
9 KB, mostly what the seed already says (the deal) and what the plays already say (the
tricks). A *kept* file holds the rest, compactly:

* gzip-compressed UTF-8 text (one gzip member, nothing after it), one JSON object per line
  (JSON Lines);
* the first line is the header, ``{"format": "shengji-edu kept hands", "version": 1,
  "hands": N}``, and N lines follow, one per hand;
* a hand's line is its §9 record without ``format``, ``version``, ``deal`` and ``tricks``,
  with each action written as one line of text: ``"play 2 SA SA"``, ``"bury 0 C3 C4 …"``,
  ``"declare 1 H2 @13"`` (after the 13th card), ``"pass 3"``, ``"finish_deal"``; and up to
  three labels that are not the engine's: ``players`` (four names, seat by seat),
  ``label`` (where the hand comes from) and ``forfeit`` (why a bot lost it unfinished).

Reading trusts nothing (:func:`read_kept`): the decompressed text is limited to
:data:`MAX_KEPT_BYTES`, the header's count must match, and every hand is replayed with
:func:`records.replay_hand <shengji_edu.game.records.replay_hand>` from its seed, so each
action is checked by the engine in turn and the result must be the replay's; then the
hand's line must be exactly what :func:`hand_line` writes for the replayed hand. A changed
card, a dropped or moved line, a truncated file or a field of the wrong type is a
:class:`~shengji_edu.game.errors.RecordError`, and nothing is returned.
:func:`full_record` gives a kept hand's §9 record (``shengji play``'s format) back.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards import shorten
from ..files import write_atomically
from . import records
from .errors import RecordError
from .public import shorten_value
from .round import Round

KEPT_FORMAT = "shengji-edu kept hands"
KEPT_VERSION = 1
SUFFIX = ".hands.jsonl.gz"
"""How kept files are named (``shengji replay`` recognises them by their content)."""
MAX_KEPT_BYTES = 64 * 1024 * 1024
"""The most decompressed text :func:`read_kept` reads (a kept hand is about 1.5 KB of it)."""
GZIP_MAGIC = b"\x1f\x8b"
_DERIVED = ("format", "version", "deal", "tricks")
_LABELS = {"players": list, "label": str, "forfeit": str}
_WITH_SEAT = ("declare", "pass", "bury", "play", "overcall", "pass_overcall", "return")


@dataclass(frozen=True)
class KeptHand:
    """One hand read back: the replayed round and its labels."""

    round: Round
    players: tuple[str, ...] | None = None
    label: str | None = None
    forfeit: str | None = None


# --- writing -----------------------------------------------------------------------------
def action_text(action: dict) -> str:
    """One action of a record as text: ``{"action": "play", "seat": 2, "cards": "SA"}`` is
    ``"play 2 SA"``; a declaration adds ``@`` and the card count it came after."""
    parts = [action["action"]]
    if "seat" in action:
        parts.append(str(action["seat"]))
    if "cards" in action:
        parts.append(action["cards"])
    if "after_card" in action:
        parts.append(f"@{action['after_card']}")
    return " ".join(parts)


def hand_line(
    round_: Round,
    players: Iterable[str] | None = None,
    label: str | None = None,
    forfeit: str | None = None,
) -> dict[str, Any]:
    """A hand as one line's data (see the module docstring); labels only when given."""
    data = records.hand_record(round_)
    for name in _DERIVED:
        del data[name]
    data["actions"] = [action_text(a) for a in data["actions"]]
    if players is not None:
        data["players"] = [str(p) for p in players]
        if len(data["players"]) != 4:
            raise ValueError(f"name the four seats' players, not {shorten(data['players'])}")
    if label is not None:
        data["label"] = str(label)
    if forfeit is not None:
        data["forfeit"] = str(forfeit)
    return data


def dump_kept(lines: list[dict[str, Any]]) -> bytes:
    """The bytes of a kept file holding ``lines`` (made by :func:`hand_line`)."""
    header = {"format": KEPT_FORMAT, "version": KEPT_VERSION, "hands": len(lines)}
    text = "".join(_json(item) + "\n" for item in [header, *lines])
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def write_kept(path: str | Path, lines: list[dict[str, Any]]) -> Path:
    """Write a kept file (whole, or not at all: written beside, then renamed)."""
    return write_atomically(path, dump_kept(lines))


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# --- reading -----------------------------------------------------------------------------
def is_kept(path: str | Path) -> bool:
    """Whether ``path`` starts as a gzip file does (a kept file, if it reads as one)."""
    try:
        with open(path, "rb") as file:
            return file.read(2) == GZIP_MAGIC
    except OSError:
        return False


def read_kept(path: str | Path) -> list[KeptHand]:
    """Every hand of a kept file, each replayed and checked (see the module docstring)."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_KEPT_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {shorten(str(path))}: {exc.strerror}") from None
    return loads_kept(data)


def loads_kept(data: bytes) -> list[KeptHand]:
    """The hands of a kept file given as its (gzip-compressed) bytes."""
    if not isinstance(data, (bytes, bytearray)) or not bytes(data).startswith(GZIP_MAGIC):
        raise RecordError("a kept-hands file is gzip-compressed JSON lines (.hands.jsonl.gz)")
    try:
        decompressor = zlib.decompressobj(wbits=31)  # gzip, one member
        raw = decompressor.decompress(bytes(data), MAX_KEPT_BYTES + 1)
        complete = decompressor.eof
        trailing = bool(decompressor.unused_data)
    except zlib.error as exc:
        raise RecordError(f"the kept-hands file is damaged ({exc}): it cannot be read") from None
    if len(raw) > MAX_KEPT_BYTES:
        raise RecordError(
            f"the kept-hands file holds over {MAX_KEPT_BYTES // 2**20} MB of text: no kept "
            f"file is that big (is it the right file?)"
        )
    if not complete:
        raise RecordError("the kept-hands file is truncated: its compressed data stops early")
    if trailing:
        raise RecordError(
            "the kept-hands file has bytes after its compressed data (two files joined, or "
            "something appended): it is not as shengji_edu wrote it"
        )
    lines = records.decode(raw).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise RecordError("the kept-hands file is empty")
    header = _parse_line(lines[0], 0)
    _check_header(header)
    if header["hands"] != len(lines) - 1:
        raise RecordError(
            f"the header says {header['hands']} hands but the file holds {len(lines) - 1}: "
            f"hands were added or removed"
        )
    return [_read_hand(_parse_line(text, n), n) for n, text in enumerate(lines[1:], 1)]


def _parse_line(text: str, number: int) -> Any:
    try:
        return records._parse(text)  # every limit of a record (depth, duplicate keys, …)
    except RecordError as exc:
        what = "the header" if number == 0 else f"hand {number}"
        raise RecordError(f"{what}: {exc}") from None


def _check_header(header: Any) -> None:
    if not isinstance(header, dict) or header.get("format") != KEPT_FORMAT:
        raise RecordError(
            f"not a kept-hands file (its header's format is "
            f"{shorten_value(header.get('format') if isinstance(header, dict) else header)})"
        )
    version = header.get("version")
    if type(version) is not int or version != KEPT_VERSION:
        raise RecordError(
            f"kept-hands version {shorten_value(version)} is not supported: this shengji_edu "
            f"reads version {KEPT_VERSION}"
        )
    count = header.get("hands")
    if type(count) is not int or count < 0 or set(header) != {"format", "version", "hands"}:
        raise RecordError("the kept-hands header must be {format, version, hands: a count}")


def _read_hand(line: Any, number: int) -> KeptHand:
    where = f"hand {number}"
    if not isinstance(line, dict):
        raise RecordError(f"{where} is not a JSON object")
    labels = {}
    for name, kind in _LABELS.items():
        if name in line:
            value = line[name]
            if not isinstance(value, kind) or (
                kind is list and (len(value) != 4 or not all(isinstance(v, str) for v in value))
            ):
                raise RecordError(f"{where}'s {name!r} has the wrong type ({shorten_value(value)})")
            labels[name] = tuple(value) if kind is list else value
    actions = line.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"{where}'s 'actions' must be a list of action texts")
    for name in _DERIVED:
        if name in line:
            raise RecordError(f"{where} has a field {name!r} that a kept hand does not store")
    record = {name: value for name, value in line.items() if name not in _LABELS}
    record["actions"] = [_action(text, f"{where}, action {n}") for n, text in enumerate(actions, 1)]
    record.update(format=records.HAND_FORMAT, version=records.VERSION)
    try:
        round_ = records.replay_hand(record, derived=True)
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    again = hand_line(round_, **labels)
    if _json(again) != _json(line):
        raise RecordError(f"{where} is not written as shengji_edu writes it: was it edited?")
    return KeptHand(round_, labels.get("players"), labels.get("label"), labels.get("forfeit"))


def _action(text: Any, where: str) -> dict[str, Any]:
    """``"play 2 SA SA"`` as ``{"action": "play", "seat": 2, "cards": "SA SA"}``."""
    if not isinstance(text, str):
        raise RecordError(f"{where} must be text such as 'play 2 SA', not {shorten_value(text)}")
    kind, _, rest = text.partition(" ")
    action: dict[str, Any] = {"action": kind}
    if kind in _WITH_SEAT:
        seat, _, rest = rest.partition(" ")
        if not (seat.isascii() and seat.isdigit()):
            raise RecordError(f"{where} ({shorten(text)!r}) names no seat after {kind!r}")
        action["seat"] = int(seat)
    if kind == "declare":
        rest, _, after = rest.rpartition(" @")
        if not (after.isascii() and after.isdigit()):
            raise RecordError(f"{where} ({shorten(text)!r}) has no '@card count' at its end")
        action["cards"], action["after_card"] = rest, int(after)
    elif kind in ("bury", "play", "overcall", "return"):
        action["cards"] = rest
    elif rest:
        raise RecordError(f"{where} ({shorten(text)!r}): {kind!r} takes no cards")
    return action


def full_record(kept: KeptHand) -> dict[str, Any]:
    """The kept hand's RULES §9 record, as ``shengji play --save`` writes one."""
    return records.hand_record(kept.round)


__all__ = [
    "KeptHand",
    "dump_kept",
    "full_record",
    "hand_line",
    "is_kept",
    "loads_kept",
    "read_kept",
    "write_kept",
]
