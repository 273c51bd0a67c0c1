"""The game engine: one hand as a state machine, the table that asks players, matches, records.

Rules live in the pure modules one level up; this package only sequences them and owns the
state. Dependencies point one way: rules ← game ← players' decisions ← front ends.
"""

from ..declaring import Declaration
from .errors import (
    BadGuess,
    IllegalAction,
    IllegalMove,
    NoSuchSeat,
    OutOfTurn,
    RecordError,
    WrongPhase,
)
from .events import Event
from .match import Match, play_match
from .public import PublicTable
from .records import hand_record, load, loads, match_record, save
from .round import (
    AUCTION,
    DEALING,
    FINISHED,
    KITTY,
    OVERCALL,
    PLAYING,
    RETURNS,
    HandResult,
    Round,
    Trick,
    next_seat,
    team_of,
)
from .table import PlayerError, Table, play_round
from .view import PlayerView

__all__ = [
    "AUCTION",
    "BadGuess",
    "DEALING",
    "FINISHED",
    "KITTY",
    "OVERCALL",
    "RETURNS",
    "PLAYING",
    "Declaration",
    "Event",
    "HandResult",
    "IllegalAction",
    "IllegalMove",
    "Match",
    "NoSuchSeat",
    "OutOfTurn",
    "PlayerError",
    "PlayerView",
    "PublicTable",
    "RecordError",
    "Round",
    "Table",
    "Trick",
    "WrongPhase",
    "hand_record",
    "load",
    "loads",
    "match_record",
    "next_seat",
    "play_match",
    "play_round",
    "save",
    "team_of",
]
