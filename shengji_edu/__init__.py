"""shengji_edu: the card game Shengji (升级 / Tractor), built up to be read and taught.

The reference API (RULES §10, §11.5 and §12.18) is importable from here; everything else lives
in small modules named for what they hold (``cards``, ``trump``, ``units``, ``follow``,
``tricks``, ``scoring``, ``settlement_tables``, ``ladders``, ``rules``; a card room's rating
points and coins in ``rooms``). The rules work for one, two or three decks: the cards
show how many copies there are, and a :class:`RuleSet` says how many decks a game uses.
"""

from .bids import bid_strength, no_bid_trump, replay_bids
from .burying import check_bury
from .cards import ALL_CARDS, Card, CardParseError, format_cards, new_deck, parse_cards
from .follow import check_follow, iter_legal_follows, legal_follows, random_follow
from .ladders import climb, level_ladder
from .reporting import ReportOutcome, ReportStrength, check_return, report_outcome, report_strength
from .rules import RuleSet
from .scoring import ace_worn, kitty_multiplier, settle, trick_points
from .settlement_tables import Settlement, SettlementTable
from .tricks import ThrowResult, check_lead, check_throw, trick_winner
from .trump import TRUMP, Trump
from .units import (
    LeadFormat,
    Shape,
    Unit,
    decompose,
    is_pair,
    is_titanic,
    is_tractor,
    is_triple,
    lead_format,
)
from .verdict import Verdict
from .yielding import twin_dealer, yield_round

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "TRUMP",
    "Card",
    "CardParseError",
    "LeadFormat",
    "ReportOutcome",
    "ReportStrength",
    "RuleSet",
    "Shape",
    "Settlement",
    "SettlementTable",
    "ThrowResult",
    "Trump",
    "Unit",
    "Verdict",
    "ace_worn",
    "bid_strength",
    "check_bury",
    "check_follow",
    "check_lead",
    "check_return",
    "check_throw",
    "climb",
    "decompose",
    "format_cards",
    "is_pair",
    "is_titanic",
    "is_tractor",
    "is_triple",
    "iter_legal_follows",
    "kitty_multiplier",
    "lead_format",
    "legal_follows",
    "level_ladder",
    "new_deck",
    "no_bid_trump",
    "parse_cards",
    "random_follow",
    "replay_bids",
    "report_outcome",
    "report_strength",
    "settle",
    "trick_points",
    "trick_winner",
    "twin_dealer",
    "yield_round",
]
