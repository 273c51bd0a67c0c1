"""Errors the game engine raises. All are ``ValueError``s whose message a student can act on.

Every action is validated completely before anything changes, so catching one of these
leaves the game exactly as it was: the widget and the terminal simply show the message and
ask again.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game state is unchanged."""


class IllegalMove(IllegalAction):
    """The cards are not a legal declaration, bury, lead or follow."""


class OutOfTurn(IllegalAction):
    """Somebody acted when it was another player's turn."""


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the hand (e.g. playing during the deal)."""


class RecordError(ValueError):
    """A saved game record is malformed, truncated, tampered with or of an unknown version."""
