"""Errors the game engine raises. All are ``ValueError``s whose message a student can act on.

Every action is validated completely before anything changes, so catching one of these
leaves the game exactly as it was: the widget and the terminal simply show the message and
ask again.

The documented errors of the whole package, for anyone catching them:

* :class:`IllegalAction` and its kinds below: an action or a query the game refuses now;
* :class:`~shengji_edu.cards.CardParseError`: text (or a value) that is not cards;
* :class:`RecordError`: a record (or a view's plain data) that cannot be loaded;
* plain ``ValueError``: a bad argument to a constructor (``Round``, ``RuleSet``, ``Trump``,
  a player's options).
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


class NoSuchSeat(OutOfTurn):
    """A seat that is not one of the whole numbers 0, 1, 2, 3 (``False`` and ``1.0`` are not
    seats either)."""


class BadGuess(IllegalAction):
    """A what-if guess that does not fit the hand: wrong hand sizes, another own hand, a
    kitty of the wrong size, or cards that are not cards."""


class RecordError(ValueError):
    """A saved game record is malformed, truncated, tampered with or of an unknown version."""
