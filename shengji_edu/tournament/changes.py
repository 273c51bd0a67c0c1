"""A seat's views as changes: what its view holds that the last one it was sent did not.

Why: a sandboxed bot is asked about 74 questions a hand, each with its whole view as plain
data (:meth:`PlayerView.to_data <shengji_edu.game.view.PlayerView.to_data>`, about 1.8 KB:
every finished trick again). Writing, reading and rebuilding that view was most of what a
question cost beyond the pipes (``benchmarks/tournament.py``). A seat's view only grows
within a hand: the finished tricks are kept as they are and new ones are added at the end;
the other fields are small. So after the first question of a hand only the *changes* go:

* every field of the view's data (``seat``, ``hand``, ``buried``, …) whose value differs
  from the last view sent to this seat in this hand (at the first question of a hand, every
  field);
* under ``table``, the same for the public record's fields, except ``tricks``, which is
  ``{"from": k, "items": [...]}``: the finished tricks from the (k+1)-th on, where ``k`` is
  the number of finished tricks this seat was sent before (0 at the first question).

Applying the changes to the last view's data gives exactly ``view.to_data(rng=False)`` (the
tests check it question by question), so a bot sees the same view as before, and only its
own: the changes are computed from that seat's views alone (:class:`ViewChanges`, the
referee's side, one per seat process). :class:`ViewTracker` is the bot's side: the Python
runner keeps its :class:`~shengji_edu.game.view.PlayerView` up to date with it, rebuilding
only what changed (:meth:`PlayerView.from_data <shengji_edu.game.view.PlayerView.from_data>`
with ``previous``); a bot in another language does the same in a few lines (protocol
version 2, :mod:`.protocol`).
"""

from __future__ import annotations

import random
from typing import Any

from ..game.errors import RecordError
from ..game.view import PlayerView


class ChangesError(RecordError):
    """Changes that do not apply to the view held (say which field, and why)."""


class ViewChanges:
    """The referee's side for one seat's process: the changes of each view it is sent."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """A new hand: the next view goes whole."""
        self._last: dict[str, Any] = {}
        self._table: dict[str, Any] = {}
        self._tricks = 0

    def of(self, view: PlayerView) -> dict[str, Any]:
        """What ``view``'s data holds that the last one's did not (see the module docstring)."""
        public = view.public
        if self._tricks > len(public.tricks):  # another hand, though not reset: whole
            self.reset()
        sent = self._tricks
        data = view._data(False, public._replace(tricks=public.tricks[sent:]))
        table = data.pop("table")
        items = table.pop("tricks")
        last, last_table = self._last, self._table
        changes = {k: v for k, v in data.items() if k not in last or last[k] != v}
        changed = {k: v for k, v in table.items() if k not in last_table or last_table[k] != v}
        changed["tricks"] = {"from": sent, "items": items}
        changes["table"] = changed
        self._last, self._table, self._tricks = data, table, sent + len(items)
        return changes


class ViewTracker:
    """The bot's side: the view's data, kept up to date from the changes, and the view."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """A new hand (the first changes hold every field)."""
        self.data: dict[str, Any] = {}
        self.view: PlayerView | None = None

    def apply(self, changes: Any) -> dict[str, Any]:
        """The view's data with ``changes`` applied (a new dict; the old one is kept as it
        is: :meth:`view` reuses what it read from it)."""
        if not isinstance(changes, dict) or not isinstance(changes.get("table"), dict):
            raise ChangesError("the changes must be a JSON object with a 'table' object")
        table_changes = changes["table"]
        tricks = table_changes.get("tricks")
        if (
            not isinstance(tricks, dict)
            or not isinstance(tricks.get("items"), list)
            or type(tricks.get("from")) is not int
        ):
            raise ChangesError('the changes\' \'tricks\' must be {"from": k, "items": [...]}')
        old_table = self.data.get("table", {})
        held = old_table.get("tricks", [])
        if tricks["from"] != len(held):
            raise ChangesError(
                f"the changes' tricks start after trick {tricks['from']}, but {len(held)} "
                "are held (the changes of another hand, or one was missed)"
            )
        data = {**self.data, **{k: v for k, v in changes.items() if k != "table"}}
        table = {**old_table, **{k: v for k, v in table_changes.items() if k != "tricks"}}
        table["tricks"] = held + tricks["items"]
        data["table"] = table
        return data

    def update(self, changes: Any, rng: random.Random) -> PlayerView:
        """The view after ``changes`` (RecordError if they do not make one), with ``rng``."""
        data = self.apply(changes)
        previous = None if self.view is None else (self.data, self.view)
        view = PlayerView.from_data(data, rng=rng, previous=previous)
        self.data, self.view = data, view
        return view


__all__ = ["ChangesError", "ViewChanges", "ViewTracker"]
