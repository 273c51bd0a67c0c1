"""RuleSet: the named variants of RULES and their defaults ("standard").

A RuleSet is a small frozen value passed to whatever needs it (scoring, the game engine,
records), never a global, so two games with different rules can run side by side. Besides
the options themselves it answers the numbers that follow from them (RULES §11.1): how many
cards are dealt, the kitty's size, the points in the deck, the settlement step.

Decisions (RULES is silent):

* :meth:`RuleSet.to_dict` always writes the four options that existed first (``kitty``,
  ``settlement``, ``throw_penalty``, ``bidding``) and writes a newer option only when it is
  not at its default. A default game's record is then exactly what it was before decks could
  be counted, and old records, which lack the newer keys, read back to the same RuleSet.
* ``kitty_max`` caps the multiplier of every ``kitty`` rule; ``1`` is allowed (the kitty then
  counts once at most).
* :meth:`RuleSet.parse` refuses a rule given twice, since the command line cannot mean both.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .cards import DECK_COUNTS, Card, new_deck
from .settlement_tables import NAMED_TABLES, SettlementTable
from .trump import OFFSUIT_LEVEL_RULES, TRACTOR_RULES, Trump

_TRUMPS: dict[tuple, Trump] = {}
"""The Trumps ``RuleSet.trump`` made, by level, suit and the rules' card-order options."""
_SUIT_LETTERS = ("S", "H", "D", "C")

KITTY_RULES = ("power", "linear", "plain", "cards", "pairs", "width")
SETTLEMENT_RULES = ("standard", "escalating", "forty_five")
BIDDING_RULES = ("during_deal", "after_deal", "yield", "report", "joker_colour")
LEVEL_LADDERS = ("2-A", "5-10-K")
JOKER_BID_RULES = ("pairs", "none", "four")
FAILED_THROW_RULES = ("lowest_beaten", "smallest_card")
NO_BID_RULES = ("flip", "no_trump", "third_card", "random_suit")
SETTLEMENT_TABLE_RULES = ("standard", "twenty", "one_deck_classic")
"""The named settlement tables (``"escalating"`` is ``settlement="escalating"``); a custom
table is written as bands (RULES §12.9)."""
# The accepted values by field name (``<FIELD>_RULES``), where the table's settings look them up
LEVELS_RULES, JOKER_BIDS_RULES = LEVEL_LADDERS, JOKER_BID_RULES
TRACTORS_RULES, OFFSUIT_LEVELS_RULES = TRACTOR_RULES, OFFSUIT_LEVEL_RULES
FLAGS = ("twos_are_trump", "overcall_after_bury", "open_kitty", "wear_ace", "partner_reinforce")
"""The options that are True or False."""

_CHOICES = {
    "kitty": KITTY_RULES,
    "settlement": SETTLEMENT_RULES,
    "bidding": BIDDING_RULES,
    "levels": LEVEL_LADDERS,
    "joker_bids": JOKER_BID_RULES,
    "failed_throw": FAILED_THROW_RULES,
    "no_bid": NO_BID_RULES,
    "tractors": TRACTOR_RULES,
    "offsuit_levels": OFFSUIT_LEVEL_RULES,
}

HAND_SIZES = {1: 12, 2: 25, 3: 39}
"""Cards dealt to each player, by number of decks (RULES §11.1)."""

KITTY_SIZES = {1: 6, 2: 8, 3: 6}
"""Cards in the kitty (底牌), by number of decks (RULES §11.1)."""

_FIRST_FIELDS = ("kitty", "settlement", "throw_penalty", "bidding")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True, repr=False)
class RuleSet:
    """The variants of one game. Bad values raise ``ValueError`` naming the accepted ones.

    * ``kitty``: ``"power"`` (2 ** m for a last lead whose largest unit has m cards: 2, 4,
      16, 64 …), ``"linear"`` (2·m: single ×2, pair ×4, tractor of k pairs ×4k) or
      ``"plain"`` (×m: single ×1, pair ×2, tractor of k pairs ×2k).
    * ``settlement``: ``"standard"`` (2 steps of points only take the deal) or
      ``"escalating"`` (they already give the defenders a level).
    * ``throw_penalty``: points a failed throw costs its side (0 = no penalty).
    * ``bidding``: ``"during_deal"`` (declare as cards arrive) or ``"after_deal"`` (one
      auction after the deal).
    * ``decks``: 1, 2 or 3 decks of 54 cards (打百分, 拖拉机, 泰坦尼克; RULES §11.1).
    * ``twos_are_trump``: the 2s are always trumps (常主 2, RULES §11.2).
    * ``overcall_after_bury``: after the bury, players may overcall the trump and take the
      kitty (反主 / 炒底, RULES §11.3).
    * ``kitty_max``: the largest kitty multiplier (e.g. 64), or ``None`` for no cap.

    The seeds' house rules (RULES §12), each at a default that changes nothing:

    * ``levels``: ``"2-A"`` or ``"5-10-K"`` (the level rooms, §12.1).
    * ``joker_bids``: ``"pairs"``, ``"none"`` or ``"four"`` (what jokers declare, §12.2).
    * ``failed_throw``: ``"lowest_beaten"`` or ``"smallest_card"`` (§12.3).
    * ``bidding`` also ``"yield"`` (让庄, §12.4), ``"report"`` (报牌, §12.5),
      ``"joker_colour"`` (§12.6); ``kitty`` also ``"cards"``, ``"pairs"``, ``"width"``
      (§12.8); ``settlement`` also ``"forty_five"`` (§12.10, one deck).
    * ``no_bid``: the trump when nobody declares (§12.7).
    * ``settlement_table``: a named table or bands like ``0:D3/1:D2/40:D1/80:A0+40`` (§12.9);
      ``"escalating"`` is stored as ``settlement="escalating"``, a custom table as its
      canonical text.
    * ``open_kitty``, ``wear_ace``, ``partner_reinforce``: §12.11, §12.12, §12.13.
    * ``tractors`` and ``offsuit_levels``: passed to every Trump (§12.14, §12.15).

    Combinations no seed plays are refused (§12.17) with a message naming both options.
    """

    kitty: str = "power"
    settlement: str = "standard"
    throw_penalty: int = 0
    bidding: str = "during_deal"
    decks: int = 2
    twos_are_trump: bool = False
    overcall_after_bury: bool = False
    kitty_max: int | None = None
    levels: str = "2-A"
    joker_bids: str = "pairs"
    failed_throw: str = "lowest_beaten"
    no_bid: str = "flip"
    settlement_table: str = "standard"
    open_kitty: bool = False
    wear_ace: bool = False
    partner_reinforce: bool = False
    tractors: str = "full"
    offsuit_levels: str = "equal"

    def __post_init__(self) -> None:
        for name, accepted in _CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in accepted:
                raise ValueError(
                    f"unknown {name} rule {value!r}: use one of {', '.join(map(repr, accepted))}"
                )
        penalty = self.throw_penalty
        if not _is_int(penalty) or penalty < 0:
            raise ValueError(
                f"throw_penalty must be a whole number of points >= 0 (e.g. 0 or 10), "
                f"not {penalty!r}"
            )
        if not _is_int(self.decks) or self.decks not in DECK_COUNTS:
            raise ValueError(f"decks must be 1, 2 or 3 (54, 108 or 162 cards), not {self.decks!r}")
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        cap = self.kitty_max
        if cap is not None and (not _is_int(cap) or cap < 1):
            raise ValueError(
                f"kitty_max must be a whole number >= 1 (e.g. 64) or None for no cap, not {cap!r}"
            )
        self._store_table()
        _refuse_combinations(self)

    def _store_table(self) -> None:
        """``settlement_table="escalating"`` is ``settlement="escalating"``; a custom table is
        kept as its canonical text; a bad table is a ValueError naming the band (§12.9)."""
        table = self.settlement_table
        if not isinstance(table, str):
            raise ValueError(
                f"settlement_table must be a name ({', '.join(NAMED_TABLES)}) or bands like "
                f"0:D3/1:D2/40:D1/80:A0+40, not {table!r}"
            )
        if table.strip() == "escalating":
            if self.settlement == "forty_five":
                raise ValueError(
                    "settlement='forty_five' and settlement_table='escalating' are two "
                    "settlements at once: choose one"
                )
            object.__setattr__(self, "settlement", "escalating")
            object.__setattr__(self, "settlement_table", "standard")
            return
        if table.strip() in NAMED_TABLES:
            object.__setattr__(self, "settlement_table", table.strip())
            if table.strip() in ("twenty", "one_deck_classic"):
                return  # its deck count is refused with the other combinations
        parsed = SettlementTable.parse(table, self.decks)
        if table.strip() not in NAMED_TABLES:
            object.__setattr__(self, "settlement_table", str(parsed))

    def __repr__(self) -> str:
        """Only the options that are not at their defaults: ``RuleSet()`` is the standard
        game, ``RuleSet(decks=3, kitty_max=64)`` says at a glance what differs (and reads back
        with ``eval``)."""
        changed = [
            f"{spec.name}={getattr(self, spec.name)!r}"
            for spec in fields(self)
            if getattr(self, spec.name) != spec.default
        ]
        return f"RuleSet({', '.join(changed)})"

    # --- the numbers that follow from the options (RULES §11.1) ----------------------------
    @property
    def deck_size(self) -> int:
        """Cards in play: 54 per deck."""
        return 54 * self.decks

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 12, 25 or 39."""
        return HAND_SIZES[self.decks]

    @property
    def kitty_size(self) -> int:
        """Cards in the kitty: 6, 8 or 6 (also how many the dealer takes and buries)."""
        return KITTY_SIZES[self.decks]

    @property
    def dealt_cards(self) -> int:
        """Cards dealt to the four players before the kitty: 48, 100 or 156."""
        return 4 * self.hand_size

    @property
    def total_points(self) -> int:
        """Points in the deck: 100 per deck (each deck holds 4 fives, 4 tens, 4 kings)."""
        return 100 * self.decks

    @property
    def settlement_step(self) -> int:
        """The settlement step *s* = 20 × decks: 20, 40 or 60 points per level."""
        return 20 * self.decks

    @property
    def take_deal_points(self) -> int:
        """Defenders with at least 2s points take the deal: 40, 80 or 120."""
        return 2 * self.settlement_step

    @property
    def declaration_sizes(self) -> tuple[int, ...]:
        """How many identical cards a declaration may show: (1,), (1, 2) or (1, 2, 3)."""
        return tuple(range(1, self.decks + 1))

    def trump(self, level: int | str, suit: str | None = None) -> Trump:
        """The Trump of a hand played under these rules (it knows ``twos_are_trump``,
        ``tractors`` and ``offsuit_levels``).

        Trumps are immutable values, so the common ones (a whole-number level and a suit
        letter or None) are made once and shared: a simulation asks for one every hand."""
        order = (self.twos_are_trump, self.tractors, self.offsuit_levels)
        if type(level) is int and (suit is None or suit in _SUIT_LETTERS):
            key = (level, suit, order)
            trump = _TRUMPS.get(key)
            if trump is None:  # Trump checks the level: only a good one is kept
                trump = _TRUMPS[key] = Trump(level, suit, *order)
            return trump
        return Trump(level, suit, *order)

    def deck(self) -> list[Card]:
        """The cards of these rules in canonical order (see :func:`~shengji_edu.cards.new_deck`)."""
        return new_deck(self.decks)

    # --- plain data ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON records (newer options only when they are not at the default)."""
        data: dict[str, object] = {}
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.name in _FIRST_FIELDS or value != spec.default:
                data[spec.name] = value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> RuleSet:
        """Read a RuleSet from plain data, rejecting unknown keys by name; missing keys keep
        their defaults (so records written before an option existed still load)."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(
                f"unknown rule {sorted(unknown)[0]!r}: the rules are {', '.join(sorted(known))}"
            )
        return cls(**data)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """Read ``"decks=3,twos_are_trump=true,kitty_max=64"`` (the command line's ``--rules``).

        Each value is converted to its rule's type: whole numbers for ``decks`` and
        ``throw_penalty``, a whole number or ``none`` for ``kitty_max``, true/false (also
        yes/no, on/off, 1/0) for the flags (``twos_are_trump``, ``overcall_after_bury``,
        ``open_kitty``, ``wear_ace``, ``partner_reinforce``), text for the rest (a settlement
        table: ``settlement_table=0:D3/1:D2/40:D1/80:A0+40``).
        """
        known = {f.name for f in fields(cls)}
        data: dict[str, object] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            name, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"write rules as name=value, e.g. kitty=linear; got {item!r}")
            name, value = name.strip(), value.strip()
            if name not in known:
                raise ValueError(f"unknown rule {name!r}: the rules are {', '.join(sorted(known))}")
            if name in data:
                raise ValueError(f"the rule {name!r} is given twice; give it once")
            data[name] = _convert(name, value)
        return cls.from_dict(data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _convert(name: str, value: str) -> object:
    """One ``--rules`` value as its rule's type, or a ValueError saying what to write."""
    if name in ("decks", "throw_penalty", "kitty_max"):
        if name == "kitty_max" and value.lower() in ("none", ""):
            return None
        try:
            return int(value)
        except ValueError:
            example = {"decks": "decks=3", "throw_penalty": "throw_penalty=10"}.get(
                name, "kitty_max=64 (or kitty_max=none)"
            )
            raise ValueError(
                f"{name} must be a whole number, e.g. {example}; got {value!r}"
            ) from None
    if name in FLAGS:
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise ValueError(f"{name} must be true or false, e.g. {name}=true; got {value!r}")
    return value


_TWO_DECKS = {
    "bidding": ("yield", "report", "joker_colour"),
    "joker_bids": ("four",),
    "partner_reinforce": (True,),
    "settlement_table": ("twenty",),
}
_ONE_DECK = {"settlement": ("forty_five",), "settlement_table": ("one_deck_classic",)}


def _refuse_combinations(rules: RuleSet) -> None:
    """RULES §12.17: combinations no seed plays, each a ValueError naming both options."""

    def refuse(first: str, second: str, why: str) -> None:
        a, b = getattr(rules, first), getattr(rules, second)
        raise ValueError(f"{first}={a!r} cannot be played with {second}={b!r}: {why}")

    for name, values in _TWO_DECKS.items():
        if getattr(rules, name) in values and rules.decks != 2:
            refuse(name, "decks", "it is a two-deck rule (play it with decks=2)")
    for name, values in _ONE_DECK.items():
        if getattr(rules, name) in values and rules.decks != 1:
            refuse(name, "decks", "it is a one-deck rule (play it with decks=1)")
    if rules.tractors != "full" and rules.decks == 3:
        refuse("tractors", "decks", "no seed says what becomes of titanics")
    if rules.settlement in ("escalating", "forty_five") and rules.settlement_table != "standard":
        refuse("settlement", "settlement_table", "two settlements at once; choose one")
    if rules.wear_ace:
        if rules.levels != "2-A":
            refuse("wear_ace", "levels", "the 5-10-K ladder has no A rung")
        if rules.twos_are_trump:
            refuse(
                "wear_ace",
                "twos_are_trump",
                "when wearing the A only the A's and jokers are trumps",
            )
    if rules.bidding in ("report", "joker_colour"):
        if rules.overcall_after_bury:
            refuse("bidding", "overcall_after_bury", "it has its own contest after the deal")
        if rules.partner_reinforce:
            refuse("bidding", "partner_reinforce", "it has its own contest after the deal")
    if rules.bidding == "report" and rules.joker_bids != "pairs":
        refuse("bidding", "joker_bids", "a report holds one joker and nothing declares with jokers")
    if rules.bidding == "yield" and rules.no_bid != "flip":
        refuse("bidding", "no_bid", "the twin card is its fallback when nobody declares")
