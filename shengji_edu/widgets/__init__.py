"""Notebook widgets: play Shengji by clicking, in any Jupyter front end.

Only this package imports ``ipywidgets``; the rules and the game engine never do, so they
stay importable (and testable) without a notebook. See :class:`PlayTable`, and
:class:`GinTable` for lesson 10's Gin Rummy.
"""

from .gin import GinTable
from .table import PlayTable

__all__ = ["GinTable", "PlayTable"]
