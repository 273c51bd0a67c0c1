"""Keeping a match of :class:`~shengji_edu.widgets.table.PlayTable` across reruns and reloads.

Two ways a game outlives its table:

* **per cell**: rerunning a cell finds the latest table made with the same game's arguments
  in the same cell (:func:`cell_origin`, :func:`previous_table`) and offers its game;
* **per browser**: ``shengji table`` saves the match to a file after every click
  (:func:`write_save`; the table says what makes its match) and a reloaded page reads it
  back (:func:`read_save`).

This module knows tables only as objects to keep track of; what a table saves, and how it
takes over a game, is the table's own business.
"""

from __future__ import annotations

import os
import pickle
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import ipywidgets as widgets

    from ..cards import Card
    from .selection import HandToggles

T = TypeVar("T")

SAVE_VERSION = 1
"""The format of a saved game (:meth:`PlayTable.keep_saved`); another version is ignored."""

_RECENT: dict[tuple, weakref.ref] = {}
"""The latest table made with each game's arguments, to offer its game to a rerun cell."""


def cell_origin() -> str | None:
    """The cell being run, as a key: JupyterLab's cell id (sent with every execute request)
    or else the cell's source text; None outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return None
    shell = get_ipython()
    if shell is None:
        return None
    kernel = getattr(shell, "kernel", None)
    get_parent = getattr(kernel, "get_parent", None)
    if get_parent is not None:
        try:
            parent = get_parent("shell") or {}
        except Exception:  # noqa: BLE001 - an older kernel: use the source
            parent = {}
        cell_id = (parent.get("metadata") or {}).get("cellId")
        if cell_id:
            return f"cell {cell_id}"
    history = shell.user_ns.get("In")
    if history:
        return f"source {history[-1].strip()}"
    return None


def previous_table(key: tuple, table: T) -> T | None:
    """The latest earlier table made with ``key``, if it still exists (else None); ``table``
    becomes the latest one made with ``key``."""
    previous = _RECENT.get(key)
    _RECENT[key] = weakref.ref(table)
    return previous() if previous is not None else None


def kitty_toggles(hand: HandToggles, kitty: Iterable[Card]) -> set[int]:
    """The ids of the toggles of ``hand`` that show the cards ``kitty`` (one per card)."""
    cards = list(kitty)
    ids: set[int] = set()
    toggle: widgets.ToggleButton
    for toggle in hand.toggles:
        card = hand.card_of(toggle)
        if card in cards:
            cards.remove(card)
            ids.add(id(toggle))
    return ids


def read_save(path: Path) -> dict[str, Any] | None:
    """The saved state at ``path``, or None if there is none; raises ValueError (or what
    unpickling raises) for a file that is not a save of this version."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    state = pickle.loads(data)
    if state.get("version") != SAVE_VERSION:
        raise ValueError("another version")
    return state


def write_save(path: Path, state: dict[str, Any]) -> None:
    """Write ``state`` to ``path`` atomically; a failure is not the player's problem: the
    game goes on unsaved."""
    try:
        data = pickle.dumps(state)
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except Exception:  # noqa: BLE001
        pass
