"""The trump: which cards are trumps, each card's effective suit, strength and tractor step.

Everything about card order in Shengji depends on the facts of the hand being played: the
*level rank* (the dealer team's level, 2..A), the *trump suit* (or no trump suit) and, at
some tables, whether the 2s are always trumps (常主 2, RULES §11.2). A :class:`Trump` holds
those facts and answers every ordering question, so no other module needs a global
"current trump".

Four numbers describe a card under a trump:

``suit_of(card)``
    Its effective suit (门): ``"T"`` for every trump, otherwise its printed suit. Following,
    tractors and tricks are decided by effective suit.
``step(card)``
    Its position on the ladder of its effective suit, counting from 0 for the weakest: the
    strength within a suit. The level rank is taken out of the side suits (level 6: ♥5 and ♥7
    are adjacent), and the trump ladder ends with one shared step for the off-suit level
    cards, then the trump-suit level card, the little and the big joker (RULES §2–3).
    Off-suit level cards share a step because they are equally strong; with
    ``offsuit_levels="suit"`` they rank ♠ > ♥ > ♦ > ♣ instead, one step each (RULES §12.15).
    With ``twos_are_trump`` the 2s leave the side suits too and sit just below the level
    cards: one shared step for the off-suit 2s, then the trump suit's 2 (RULES §11.2).
``link(card)``
    Its position on a *tractor chain*: pairs on consecutive links make a tractor, and a card
    with no link (``None``) is never part of one. With the default ``tractors="full"`` the
    chain of each effective suit is its ladder of RULES §3, the off-suit level cards on one
    shared link whatever ``offsuit_levels`` says; so for the default trump the link *is* the
    step, and ``link_by_index is step_by_index``. With ``tractors="plain"`` only cards of one
    printed suit on consecutive printed ranks are linked (no joker, level card or, with
    ``twos_are_trump``, 2), and with ``tractors="off"`` nothing is (RULES §12.14). Links are
    compared only for adjacency, never for strength: that is the step's job.
``strength(card)``
    The step, lifted above every side card when the card is a trump: a single key for
    "which single card wins" once you know the cards are of the led suit or trumps.

A Trump computes these once for all 54 distinct cards and then only looks them up: the
engine asks these questions millions of times in a simulation. The tables themselves are
public too, as tuples indexed by ``card.index`` (``trump.suit_by_index[card.index]`` is
``trump.suit_of(card)``, and so on for ``step_by_index``, ``link_by_index``,
``strength_by_index`` and ``sort_key_by_index``): the hottest loops of the engine read them
directly instead of calling a method per card. The methods are the readable form, and
:meth:`Trump.ladders` and :meth:`Trump.chains` the whole order and the whole adjacency as
data; the tests check that all of them agree.

Decision (RULES §11.2 is silent): ``Trump(2, suit, twos_are_trump=True)`` orders the cards
exactly as ``Trump(2, suit)`` (the 2s are the level cards already) but keeps the flag it was
given, so it is a different value (``==``, ``hash``, ``repr``) from the trump built without it:
a Trump says how it was built, and a game builds all of its Trumps from one RuleSet.

Decisions where RULES §12.14 and §12.15 leave a question open:

* ``tractors="plain"``: a rank left alone between two holes links to nothing (level 3: ♥2,
  below the hole of the 3s, is on no chain), and with no trump suit no trump is linked, so
  the trumps hold no tractor at all.
* ``offsuit_levels="suit"`` orders whatever the level cards are: at level 2 with
  ``twos_are_trump`` the 2s *are* the level cards, so they rank by suit too; at any other
  level the off-suit 2s of §11.2 stay equal, as RULES says.
* With the off-suit level cards ranked by suit, a run through their shared link is as
  strong as its top card (RULES §6: a tractor ranks by its highest pair), so ``SA SA H10
  H10`` (level 10, ♠ trump) is a higher tractor than ``SA SA C10 C10``; a run *ranks* by its
  lowest card's step when a failed throw's forced unit is chosen (RULES §4).
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import (
    ALL_CARDS,
    BIG_JOKER_RANK,
    JOKER_SUIT,
    LITTLE_JOKER_RANK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    parse_rank,
    rank_text,
)

TRUMP = "T"
"""The effective suit of every trump card."""

EFFECTIVE_SUITS = (TRUMP, *SUITS)
"""Effective suits in display order: trumps first, then spades, hearts, diamonds, clubs."""

TRUMP_BONUS = 100
"""Added to a trump's step in :meth:`Trump.strength` so every trump outranks every side card."""

_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


_TABLES: dict[tuple, tuple] = {}
"""Lookup tables of every Trump made so far, by (level, suit, twos_are_trump, tractors,
offsuit_levels)."""

TRACTOR_RULES = ("full", "plain", "off")
"""What makes a tractor (RULES §12.14): ``"full"`` (§3: across the removed level rank and
along the trump chain), ``"plain"`` (consecutive printed ranks of one suit only) or ``"off"``."""

OFFSUIT_LEVEL_RULES = ("equal", "suit")
"""How off-suit level cards rank among themselves (RULES §12.15): all equal, or ♠ > ♥ > ♦ > ♣."""


def suit_label(suit: str, pretty: bool = True) -> str:
    """How to name an effective suit to a student: ``trumps`` or ``♥`` (``H`` if not pretty)."""
    if suit == TRUMP:
        return "trumps"
    return SUIT_SYMBOLS[suit] if pretty else suit


class Trump:
    """The rule context of one hand: the level rank, the trump suit (``None``: no trump),
    whether the 2s are always trumps (``twos_are_trump``, RULES §11.2), what makes a tractor
    (``tractors``, RULES §12.14) and how the off-suit level cards rank among themselves
    (``offsuit_levels``, RULES §12.15).

    >>> trump = Trump(level=10, suit="S")
    >>> trump.suit_of(Card.parse("H10")), trump.suit_of(Card.parse("H9"))
    ('T', 'H')
    """

    __slots__ = (
        "level",
        "suit",
        "twos_are_trump",
        "tractors",
        "offsuit_levels",
        "_suit_of",
        "_step",
        "_strength",
        "_sort_key",
        "_link",
        "_hash",
        "suit_by_index",
        "step_by_index",
        "strength_by_index",
        "sort_key_by_index",
        "link_by_index",
    )

    level: int
    suit: str | None
    twos_are_trump: bool
    tractors: str
    """What makes a tractor: ``"full"``, ``"plain"`` or ``"off"`` (RULES §12.14)."""
    offsuit_levels: str
    """``"equal"`` or ``"suit"``: how off-suit level cards rank (RULES §12.15)."""
    suit_by_index: tuple[str, ...]
    """Each card's effective suit by ``card.index``: ``suit_of`` as a table."""
    step_by_index: tuple[int, ...]
    """Each card's step by ``card.index``: ``step`` as a table."""
    strength_by_index: tuple[int, ...]
    """Each card's strength by ``card.index``: ``strength`` as a table."""
    sort_key_by_index: tuple[int, ...]
    """Each card's display position by ``card.index``: ``sort_key`` as a table."""
    link_by_index: tuple[int | None, ...]
    """Each card's tractor link by ``card.index``: ``link`` as a table. For a trump with
    ``tractors="full"`` and ``offsuit_levels="equal"`` (the default) it is the very tuple
    ``step_by_index``, which the hot paths test with ``is``."""

    def __init__(
        self,
        level: int | str = 2,
        suit: str | None = None,
        twos_are_trump: bool = False,
        tractors: str = "full",
        offsuit_levels: str = "equal",
    ) -> None:
        level_rank = parse_rank(level)
        if isinstance(suit, str):
            suit = _SYMBOLS.get(suit.strip(), suit.strip().upper())
            if suit in ("", "NT", "NONE"):
                suit = None
        if suit is not None and suit not in SUITS:
            raise ValueError(
                f"trump suit {suit!r} is not one of S, H, D, C (use suit=None for no trump)"
            )
        if not isinstance(twos_are_trump, bool):
            raise ValueError(f"twos_are_trump must be True or False, not {twos_are_trump!r}")
        if tractors not in TRACTOR_RULES:
            accepted = ", ".join(map(repr, TRACTOR_RULES))
            raise ValueError(f"unknown tractors rule {tractors!r}: use one of {accepted}")
        if offsuit_levels not in OFFSUIT_LEVEL_RULES:
            accepted = ", ".join(map(repr, OFFSUIT_LEVEL_RULES))
            raise ValueError(
                f"unknown offsuit_levels rule {offsuit_levels!r}: use one of {accepted}"
            )
        object.__setattr__(self, "level", level_rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "twos_are_trump", twos_are_trump)
        object.__setattr__(self, "tractors", tractors)
        object.__setattr__(self, "offsuit_levels", offsuit_levels)
        # The tables depend only on the three facts, and a game makes a new Trump every
        # hand (a simulation, thousands): each is built once and shared after that.
        key = (level_rank, suit, twos_are_trump, tractors, offsuit_levels)
        # Trumps are dictionary keys (cached lead formats): the hash is worked out once, and
        # is the old one, hash((level, suit)), for a Trump with every newer option at its default.
        plain = not twos_are_trump and tractors == "full" and offsuit_levels == "equal"
        object.__setattr__(self, "_hash", hash((level_rank, suit)) if plain else hash(key))
        tables = _TABLES.get(key)
        if tables is None:
            tables = self._tables()
            tables = _TABLES[key] = (*tables, self._link_table(tables[1]))
        for name, public, table in zip(
            ("_suit_of", "_step", "_strength", "_sort_key", "_link"),
            (
                "suit_by_index",
                "step_by_index",
                "strength_by_index",
                "sort_key_by_index",
                "link_by_index",
            ),
            tables,
            strict=True,
        ):
            object.__setattr__(self, name, table)
            object.__setattr__(self, public, table)

    def _tables(self) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The four lookup tables by card index: effective suit, step, strength, sort key."""
        suit_of: list[str] = [""] * len(ALL_CARDS)
        step: list[int] = [0] * len(ALL_CARDS)
        for effective_suit, ladder in self.ladders().items():
            for position, cards in enumerate(ladder):
                for card in cards:
                    suit_of[card.index], step[card.index] = effective_suit, position
        strength = [
            s + (TRUMP_BONUS if e == TRUMP else 0) for e, s in zip(suit_of, step, strict=True)
        ]
        group = {s: i for i, s in enumerate(EFFECTIVE_SUITS)}
        # Display order: effective suit group, stronger first, ties (equal level cards) by suit.
        ordered = sorted(
            ALL_CARDS, key=lambda c: (group[suit_of[c.index]], -step[c.index], c.index)
        )
        sort_key = [0] * len(ALL_CARDS)
        for position, card in enumerate(ordered):
            sort_key[card.index] = position
        return tuple(suit_of), tuple(step), tuple(strength), tuple(sort_key)

    def _link_table(self, step: tuple[int, ...]) -> tuple[int | None, ...]:
        """The link of every card by index (see :meth:`chains`); ``step`` itself when the
        chains are the ladders, as they are for the default trump."""
        if self.tractors == "full" and self.offsuit_levels == "equal":
            return step
        link: list[int | None] = [None] * len(ALL_CARDS)
        for chains in self.chains().values():
            position = 0
            for chain in chains:
                for cards in chain:
                    for card in cards:
                        link[card.index] = position
                    position += 1
                position += 1  # a gap: two chains of one suit never touch
        return tuple(link)

    def ladders(self) -> dict[str, list[list[Card]]]:
        """Every effective suit's ladder, weakest step first; each step lists its cards.

        This is RULES §2–3 (and §11.2) written as data: a side suit runs 2..A without the
        level rank (and without the 2 when the 2s are trumps); the trumps run through the
        trump suit's other ranks, the off-suit 2s (one shared step) and the trump suit's 2
        when the 2s are trumps, the off-suit level cards (one shared step, or with
        ``offsuit_levels="suit"`` one step each, ♣ < ♦ < ♥ < ♠: RULES §12.15), the
        trump-suit level card, the little and the big joker. The trump suit has no side
        ladder.
        """
        ladders = self._shared_ladders()
        if self.offsuit_levels == "suit":
            trumps = ladders[TRUMP]
            shared = [Card(s, self.level) for s in SUITS if s != self.suit]
            at = trumps.index(shared)
            trumps[at : at + 1] = [[card] for card in reversed(shared)]  # SUITS is S, H, D, C
        return ladders

    def chains(self) -> dict[str, list[list[list[Card]]]]:
        """Every effective suit's tractor chains: lists of steps, weakest first, each step
        listing its cards. Pairs on consecutive steps of one chain make a tractor; a card on
        no chain is never part of one (RULES §3, §11.2, §12.14).

        ``tractors="full"``: one chain per effective suit, its ladder with the off-suit level
        cards on one shared step (also when ``offsuit_levels="suit"`` ranks them: RULES
        §12.15 keeps the steps of tractors). ``"plain"``: each printed suit's ranks 2..A
        without the level rank (and the 2 when the 2s are trumps), split where those ranks
        leave a hole (a lone rank between two holes is on no chain); the trump suit's chains
        are in the trumps, and no joker, level card or trump 2 is on any chain. ``"off"``: no
        chains. The keys are those of :meth:`ladders`.
        """
        if self.tractors == "full":
            return {suit: [ladder] for suit, ladder in self._shared_ladders().items()}
        chains = {suit: [] for suit in EFFECTIVE_SUITS if suit != self.suit}
        if self.tractors == "off":
            return chains
        unlinked = {self.level, 2} if self.twos_are_trump else {self.level}
        for suit in SUITS:
            runs = chains[TRUMP if suit == self.suit else suit]
            chain: list[list[Card]] = []
            for rank in (*RANKS, None):  # None: the end of the ranks ends the last chain
                if rank is None or rank in unlinked:
                    if len(chain) >= 2:  # a lone rank between holes links to nothing
                        runs.append(chain)
                    chain = []
                else:
                    chain.append([Card(suit, rank)])
        return chains

    def _shared_ladders(self) -> dict[str, list[list[Card]]]:
        """:meth:`ladders` with the off-suit level cards on one shared step (RULES §2–3)."""
        level, trump_suit = self.level, self.suit
        twos = self.twos_are_trump and level != 2  # at level 2 the 2s are the level cards
        removed = (level, 2) if twos else (level,)
        run = [r for r in RANKS if r not in removed]
        ladders = {s: [[Card(s, r)] for r in run] for s in SUITS if s != trump_suit}
        trumps = [[Card(trump_suit, r)] for r in run] if trump_suit is not None else []
        for rank in (2, level) if twos else (level,):
            trumps.append([Card(s, rank) for s in SUITS if s != trump_suit])  # one shared step
            if trump_suit is not None:
                trumps.append([Card(trump_suit, rank)])
        trumps += [[Card(JOKER_SUIT, LITTLE_JOKER_RANK)], [Card(JOKER_SUIT, BIG_JOKER_RANK)]]
        return {TRUMP: trumps, **ladders}

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Trump is immutable; make a new one")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Trump):
            return self._facts() == other._facts()
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash  # hash((level, suit)), with True after them when the 2s are trumps

    def _facts(self) -> tuple:
        return (self.level, self.suit, self.twos_are_trump, self.tractors, self.offsuit_levels)

    def _options(self) -> dict[str, object]:
        """The keyword arguments not at their defaults (how ``repr`` and pickling write them)."""
        options: dict[str, object] = {}
        if self.twos_are_trump:
            options["twos_are_trump"] = True
        if self.tractors != "full":
            options["tractors"] = self.tractors
        if self.offsuit_levels != "equal":
            options["offsuit_levels"] = self.offsuit_levels
        return options

    def __repr__(self) -> str:
        extra = "".join(f", {name}={value!r}" for name, value in self._options().items())
        return f"Trump(level={self.level}, suit={self.suit!r}{extra})"

    def __str__(self) -> str:
        suit = SUIT_SYMBOLS[self.suit] if self.suit else "no trump"
        twos = ", 2s are trumps" if self.twos_are_trump else ""
        tractors = {"full": "", "plain": ", plain tractors", "off": ", no tractors"}[self.tractors]
        ranked = ", off-suit level cards by suit" if self.offsuit_levels == "suit" else ""
        return f"level {rank_text(self.level)}, {suit}{twos}{tractors}{ranked}"

    def __reduce__(self):
        options = self._options()
        if options:
            return (_make_trump, (self.level, self.suit, options))
        return (Trump, (self.level, self.suit))

    # --- the three numbers -------------------------------------------------------------
    def is_trump(self, card: Card) -> bool:
        """True for jokers, level-rank cards and cards of the trump suit."""
        return self._suit_of[card.index] == TRUMP

    def suit_of(self, card: Card) -> str:
        """Effective suit: ``"T"`` for a trump, else the printed suit ``"S" "H" "D" "C"``."""
        return self._suit_of[card.index]

    def step(self, card: Card) -> int:
        """Position on its effective suit's ladder: the strength within the suit."""
        return self._step[card.index]

    def link(self, card: Card) -> int | None:
        """Position on its suit's tractor chains (pairs on consecutive links are a tractor),
        or None for a card that is never part of a tractor (RULES §3, §12.14)."""
        return self._link[card.index]

    def strength(self, card: Card) -> int:
        """A key where trumps beat side cards and equal cards (off-suit level cards) tie."""
        return self._strength[card.index]

    def sort_key(self, card: Card) -> int:
        """Display position: trumps first, then S, H, D, C; strongest first within each."""
        return self._sort_key[card.index]

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """A new list of the cards, strongest first, grouped by effective suit (trumps first)."""
        table = self._sort_key
        return sorted(cards, key=lambda card: table[card.index])

    def by_suit(self, cards: Iterable[Card]) -> dict[str, list[Card]]:
        """Cards grouped by effective suit (trumps, S, H, D, C), each group strongest first."""
        groups: dict[str, list[Card]] = {s: [] for s in EFFECTIVE_SUITS}
        for card in self.sort(cards):
            groups[self._suit_of[card.index]].append(card)
        return groups

    def cards_of(self, cards: Iterable[Card], suit: str) -> list[Card]:
        """The cards whose effective suit is ``suit``, in the order given."""
        table = self._suit_of
        found = []
        for card in cards:
            if table[card.index] == suit:
                found.append(card)
        return found


def _make_trump(level: int, suit: str | None, options: dict) -> Trump:
    """Unpickle a Trump with keyword options (pickle's tuples are positional)."""
    return Trump(level, suit, **options)
