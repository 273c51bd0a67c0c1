"""SmartPlayer: greedy's rules plus card memory, each extra rule a named toggle.

Greedy (:mod:`.greedy`) looks at one trick at a time and remembers only which cards are
unseen. A card player remembers more, all of it public (RULES §9): who has shown a void in
which suit, and whether that seat can still trump; who failed to follow a pair with a pair
(it holds no pair of that suit); which card of each suit is the *boss* (the highest still
out). :class:`CardMemory` (:mod:`.smart_memory`) keeps those facts; the rules below use
them, each one small and named:

Following
  ``feed_boss``        partner's play cannot be beaten by the seats still to play: feed it
                       points, as greedy does only when it plays last.
  ``secure_win``       when winning a trick is worth it, win with a play the seats still to
                       play cannot beat (a boss, or a trump above every trump they may hold),
                       and do not spend point cards on a win that is likely to be overtaken.
Leading
  ``safe_throws``      throw every unit of a side suit that no other seat can beat, counting
                       a void seat that cannot trump (nor can any seat without pairs beat a
                       pair) as harmless.
  ``boss_leads``       cash a side-suit boss unit on the same test (greedy's test treats any
                       void opponent as a threat); lead a boss trump pair or tractor.
  ``partner_void``     lead a side suit the partner has shown a void in (and can still
                       trump) while both opponents must follow: its point cards first.
  ``avoid_ruffs``      the low lead avoids suits an opponent can trump, and point cards.
Burying
  ``point_shy_bury``   bury greedy's way, but never an A or K of a side suit while a plain low
                       card can go instead.

``SmartPlayer()`` plays with every rule in :data:`DEFAULT_RULES` (the rules the toggle ledger
found worth having, ``results/smart_ledger.json``); ``SmartPlayer(without="safe_throws")``
(or a tuple of names, or names joined by ``+`` as the command line writes them:
``smart:without=safe_throws+feed_boss``) leaves rules out, and ``with_=`` adds the rules
the ledger dropped (:data:`RULES` lists them all). Whatever no rule decides, greedy decides
(:class:`~.rollout.RolloutPlayer`'s fast form of the same plays).

The player reads only its view: its hand, the cards played, the tricks, the voids and the
kitty it buried itself. It keeps nothing between decisions, so one player may sit in many
games at once (the searches' rollouts).
"""

from __future__ import annotations

from ..cards import Card, shorten
from ..trump import TRUMP
from ..units import SINGLE, TITANIC, TRACTOR
from .base import PlayerView
from .greedy import GreedyBidding, wear_the_ace
from .knowledge import check_name, winning_test
from .rollout import (
    RolloutPlayer,
    _card_costs,
    _play_cost,
    bury_low_cards,
    candidate_follows,
    held_by_index,
)
from .rollout_knowledge import winner_and_key
from .rollout_leads import (
    LeadContext,
    lead_low,
    lead_sure_winner,
    pull_trumps,
    throw_sure_winners,
)
from .smart_memory import CardMemory

RULES = (
    "feed_boss",
    "secure_win",
    "safe_throws",
    "boss_leads",
    "partner_void",
    "avoid_ruffs",
    "point_shy_bury",
)
"""Every rule SmartPlayer knows, by name (the module docstring says what each does)."""

DEFAULT_RULES = RULES
"""The rules ``SmartPlayer()`` plays with: those the toggle ledger measured as helping."""

ACE, KING = 14, 13


def parse_rules(value: object, what: str) -> frozenset[str]:
    """Rule names from ``"a+b"``, ``"a,b"``, a tuple or list of names, or ``()``; a
    ValueError naming the unknown rule and listing the known ones."""
    if value is None:
        return frozenset()
    if isinstance(value, str):
        names = [n.strip() for n in value.replace(",", "+").split("+") if n.strip()]
    elif isinstance(value, (tuple, list, set, frozenset)):
        names = list(value)
    else:
        raise ValueError(
            f"{what} names rules, e.g. 'safe_throws' or ('safe_throws', 'feed_boss'), "
            f"not {shorten(value)}"
        )
    for name in names:
        if name not in RULES:
            raise ValueError(
                f"unknown SmartPlayer rule {shorten(name)!r} in {what}: the rules are "
                f"{', '.join(RULES)}"
            )
    return frozenset(names)


class SmartPlayer(GreedyBidding):
    """Greedy's rules plus card memory (see the module docstring). ``without``: rules to
    leave out; ``with_``: rules to add to :data:`DEFAULT_RULES`."""

    def __init__(self, name: str = "smart", without: object = (), with_: object = ()) -> None:
        self.name = check_name(name)
        left_out, added = parse_rules(without, "without"), parse_rules(with_, "with_")
        self.rules = (frozenset(DEFAULT_RULES) | added) - left_out
        # the settings as text, so the arena's saved settings say what was played
        self.without = "+".join(r for r in RULES if r in left_out)
        self.with_ = "+".join(r for r in RULES if r in added)
        self._greedy = RolloutPlayer()

    def uses(self, rule: str) -> bool:
        """Does this player play with ``rule``?"""
        return rule in self.rules

    # --- burying --------------------------------------------------------------------------
    def bury(self, view: PlayerView) -> list[Card]:
        if "point_shy_bury" in self.rules:
            return bury_point_shy(view)
        return bury_low_cards(view)

    # --- playing --------------------------------------------------------------------------
    def play(self, view: PlayerView) -> list[Card]:
        if view.lead is None:
            return self.lead(view)
        return self.follow(view)

    def lead(self, view: PlayerView) -> list[Card]:
        ctx = LeadContext(view)
        if ctx.trump.suit is None and ctx.trump.level == ACE:  # maybe wearing the A (§12.12)
            play = wear_the_ace(view)
            if play:
                return play
        rules = self.rules
        memory = CardMemory(view)
        if "safe_throws" in rules:
            play = safe_throw(ctx, memory)
            if play:
                return play
        if "boss_leads" in rules:
            play = boss_lead(ctx, memory)
            if play:
                return play
        for rule in (throw_sure_winners, lead_sure_winner, pull_trumps):
            play = rule(ctx)
            if play:
                return play
        if "partner_void" in rules:
            play = lead_to_partner_void(ctx, memory)
            if play:
                return play
        if "avoid_ruffs" in rules:
            play = lead_low_safely(ctx, memory)
            if play:
                return play
        return lead_low(ctx)

    def follow(self, view: PlayerView) -> list[Card]:
        rules = self.rules
        if "feed_boss" in rules or "secure_win" in rules:
            play = follow_with_memory(view, rules)
            if play:
                return play
        return self._greedy.play(view)


# --- following ----------------------------------------------------------------------------
def follow_with_memory(view: PlayerView, rules: frozenset[str]) -> list[Card] | None:
    """``feed_boss`` and ``secure_win`` (see the module docstring); None: greedy decides."""
    trick = view.current_trick
    if len(trick) == 3:
        return None  # the last to play: greedy's rules already know everything
    lead = trick[0][1]
    memory = CardMemory(view)
    shape = memory.single_unit(lead)
    if shape is None:
        return None  # a throw led: greedy decides
    winner, _key = winner_and_key(view)
    after = [(view.seat + k) % 4 for k in range(1, 4 - len(trick))]
    if winner == view.partner:
        if "feed_boss" not in rules:
            return None
        cards = dict(trick)[winner]
        if not memory.holds(cards, lead, after):
            return None
        plays = candidate_follows(view)
        return feed(view, plays)
    if "secure_win" not in rules:
        return None
    plays = candidate_follows(view)
    if len(plays) == 1:
        return plays[0]
    wins = winning_test(view)
    winners = [p for p in plays if wins(p)]
    if not winners:
        return None
    held, costs = held_by_index(view), _card_costs(view.trump)
    on_table = sum(card.points for _s, cards in trick for card in cards)
    opponents_after = [s for s in after if s % 2 != view.seat % 2]
    secure = [p for p in winners if memory.holds(p, lead, opponents_after)]
    if secure and on_table > 0:
        return min(secure, key=lambda p: _play_cost(p, held, costs))
    # no sure win: greedy would take a point card into a win the next seat may overtake
    best = min(winners, key=lambda p: _play_cost(p, held, costs))
    if opponents_after and not secure and on_table == 0 and any(c.points for c in best):
        return min(plays, key=lambda p: _play_cost(p, held, costs))  # discard low instead
    return None


def feed(view: PlayerView, plays: list[list[Card]]) -> list[Card]:
    """Greedy's :func:`~.greedy.feed_partner` choice: the most points, then the least cost
    net of them (the first of equals)."""
    held, costs = held_by_index(view), _card_costs(view.trump)
    best = best_key = None
    for play in plays:
        n = sum(card.points for card in play)
        key = (-n, _play_cost(play, held, costs) - 3 * n)
        if best is None or key < best_key:
            best, best_key = play, key
    return best


# --- leading ------------------------------------------------------------------------------
def _side_sure_units(ctx: LeadContext, memory: CardMemory) -> list:
    """My side-suit units that no opponent can beat or trump (see :meth:`CardMemory.sure`),
    each suit in decompose's order (largest first, then highest)."""
    found = []
    for suit in memory.side_suits:
        if not ctx.held[suit]:
            continue
        for unit in ctx.units_in(suit):
            if memory.sure(unit, memory.opponents):
                found.append(unit)
    return found


def safe_throw(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """Two or more units of one side suit that no other seat can beat (a throw is refused
    if *any* seat, the partner too, holds a higher unit) and no opponent can trump."""
    by_suit: dict[str, list] = {}
    for unit in _side_sure_units(ctx, memory):
        if memory.sure(unit, memory.others):
            by_suit.setdefault(unit.suit, []).append(unit)
    best = None
    for units in by_suit.values():
        if len(units) >= 2:
            cards = [c for u in units for c in u.cards]
            if best is None or len(cards) > len(best):
                best = cards
    return best


def boss_lead(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """A side unit no opponent can beat or trump (tractors and pairs first), else, on the
    dealer's side while the opponents may still hold trumps, a boss trump pair or tractor."""
    sure = _side_sure_units(ctx, memory)
    if sure:
        return list(min(sure, key=lambda u: (-len(u.cards), -u.high)).cards)
    if ctx.view.is_dealer_team and not memory.opponents_out_of(TRUMP):
        for unit in ctx.units_in(TRUMP):
            if unit.kind != SINGLE and memory.sure(unit, memory.opponents):
                return list(unit.cards)
    return None


def lead_to_partner_void(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """A side suit my partner is void in (and may still trump) and neither opponent has
    shown a void in: lead it, the richest card first (partner's trump takes the points)."""
    view, trump = ctx.view, ctx.trump
    partner_voids = memory.voids[view.partner]
    if TRUMP in partner_voids:
        return None
    best = None
    for suit in memory.side_suits:
        cards = ctx.held[suit]
        if not cards or suit not in partner_voids:
            continue
        if any(suit in memory.voids[s] for s in memory.opponents):
            continue
        card = max(cards, key=lambda c: (c.points, -trump.step_by_index[c.index]))
        if best is None or card.points > best.points:
            best = card
    return [best] if best is not None else None


def lead_low_safely(ctx: LeadContext, memory: CardMemory) -> list[Card] | None:
    """Greedy's low lead, from the side suits no opponent can trump: a low pair or tractor
    without points, else the lowest plain card of the longest such suit (None: greedy's)."""
    trump, held = ctx.trump, ctx.held
    risky = set()
    for seat in memory.opponents:
        if TRUMP not in memory.voids[seat]:
            risky |= memory.voids[seat]
    suits = [s for s in memory.side_suits if held[s] and s not in risky]
    if not suits or len(suits) == sum(1 for s in memory.side_suits if held[s]):
        return None  # nothing to avoid (or nothing else): greedy's lead
    groups = [
        u
        for s in suits
        for u in ctx.units_in(s)
        if u.kind != SINGLE and not any(c.points for c in u.cards)
    ]
    if groups:
        return list(min(groups, key=lambda u: (u.kind not in (TRACTOR, TITANIC), u.high)).cards)
    longest = max(suits, key=lambda s: (len(held[s]), s))
    step = trump.step_by_index
    return [min(held[longest], key=lambda c: (c.points > 0, step[c.index]))]


# --- burying ------------------------------------------------------------------------------
def bury_point_shy(view: PlayerView) -> list[Card]:
    """Greedy's bury (low side cards of the shortest suits, points, pairs and trumps kept),
    keeping also the side suits' As and Ks while other cards can go."""
    from ..burying import first_legal_bury
    from .base import trump_of

    trump = trump_of(view)
    hand = list(view.hand)
    held = held_by_index(view)
    lengths: dict[str, int] = {}
    for card in hand:
        suit = trump.suit_of(card)
        lengths[suit] = lengths.get(suit, 0) + 1

    def keep_score(card: Card) -> tuple:
        suit = trump.suit_of(card)
        return (
            suit == TRUMP,
            card.points > 0,
            card.rank in (ACE, KING),
            held[card.index] >= 2,
            lengths[suit],
            trump.step(card),
        )

    return first_legal_bury(sorted(hand, key=keep_score), view.rules)


__all__ = [
    "DEFAULT_RULES",
    "RULES",
    "SmartPlayer",
    "boss_lead",
    "bury_point_shy",
    "feed",
    "follow_with_memory",
    "lead_low_safely",
    "lead_to_partner_void",
    "parse_rules",
    "safe_throw",
]
