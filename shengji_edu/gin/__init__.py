"""Gin Rummy: the course's toolkit (encoding, search, scoring, simple AI, testing) applied
to a second classic card game. Two players, one 52-card deck.

Modules, one job each: :mod:`.cards` (ids 0..51, text), :mod:`.melds` (best split, deadwood),
:mod:`.knocking` (may I knock?), :mod:`.scoring` (hand and game scores), :mod:`.engine`
(a whole hand, step by step; a game to 100), :mod:`.players` (the AI ladder), :mod:`.arena`
(duplicate deals), :mod:`.text` and :mod:`.terminal` (``shengji gin``: a person against the
computer; the notebook's table is :class:`shengji_edu.widgets.GinTable`).
"""

from .arena import GinArenaResult, play_duplicate, run_arena
from .cards import (
    DECK,
    RANKS,
    SUITS,
    GinParseError,
    card_text,
    card_value,
    format_hand,
    make_card,
    parse_card,
    parse_hand,
    rank_of,
    suit_of,
)
from .engine import Action, GinGame, GinHand, GinView, HandResult, IllegalMove, play_hand
from .knocking import KNOCK_LIMIT, can_knock, is_big_gin, knock_discards
from .melds import Split, all_splits, best_melds, candidate_melds, deadwood, is_meld, is_run, is_set
from .players import (
    PLAYER_TYPES,
    DefensivePlayer,
    GreedyPlayer,
    LookaheadPlayer,
    MonteCarloPlayer,
    RandomPlayer,
    make_player,
)
from .scoring import (
    NO_LAYOFFS,
    STANDARD,
    GameScore,
    GinRules,
    HandScore,
    game_score,
    layoff_options,
    score_hand,
    score_split,
)

__all__ = [
    "DECK",
    "KNOCK_LIMIT",
    "NO_LAYOFFS",
    "PLAYER_TYPES",
    "RANKS",
    "STANDARD",
    "SUITS",
    "Action",
    "DefensivePlayer",
    "GameScore",
    "GinArenaResult",
    "GinGame",
    "GinHand",
    "GinParseError",
    "GinRules",
    "GinView",
    "GreedyPlayer",
    "HandResult",
    "HandScore",
    "IllegalMove",
    "LookaheadPlayer",
    "MonteCarloPlayer",
    "RandomPlayer",
    "Split",
    "all_splits",
    "best_melds",
    "can_knock",
    "candidate_melds",
    "card_text",
    "card_value",
    "deadwood",
    "format_hand",
    "game_score",
    "is_big_gin",
    "is_meld",
    "is_run",
    "is_set",
    "knock_discards",
    "layoff_options",
    "make_card",
    "make_player",
    "parse_card",
    "parse_hand",
    "play_duplicate",
    "play_hand",
    "rank_of",
    "run_arena",
    "score_hand",
    "score_split",
    "suit_of",
]
