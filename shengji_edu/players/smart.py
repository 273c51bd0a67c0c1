"""SmartPlayer: greedy's rules plus card memory, each extra rule a named toggle.

Greedy (:mod:`.greedy`) looks at one trick at a time and remembers only which cards are
unseen. A card player remembers more, all of it public (RULES §9): who has shown a void in
which suit, and so who can no longer trump; who answered a pair without a pair (it holds
none in that suit); which card of each suit is the *boss*, the highest still out; and so
whether a play will hold once the seats after it have played.
:class:`~.smart_memory.CardMemory` keeps those facts and the rules use them, each one small
and named, in three modules:

* following (:mod:`.smart_follow`): ``feed``, ``cover``, ``feed_ruff``, ``secure_win``,
  ``win_the_lead``, ``second_seat_lead``, ``rich_win``, ``no_weak_ruff``, ``last_thrift``,
  ``likely_win``, ``lost_shed``, ``void_shed``, ``feed_throws``;
* leading (:mod:`.smart_lead`): ``safe_throws``, ``boss_leads``, ``boss_trump``,
  ``likely_pairs``, ``pull_often``, ``pull_low``, ``defender_pull``, ``partner_void``,
  ``partner_suit``, ``short_suit``, ``avoid_ruffs``, ``force_ruff``, ``likely_singles``,
  ``defender_trump_pairs``, ``cash_short``, ``defender_feed_trump``;
* burying (:mod:`.smart_lead`): ``point_shy_bury``, ``void_bury``, ``point_void_bury``;
* reading the play (:mod:`.smart_memory`): ``read_play``.

``SmartPlayer()`` plays every rule of :data:`DEFAULT_RULES`: those the toggle ledger
(``python benchmarks/smart_ledger.py``, ``results/smart_ledger.json``) found worth having,
each measured head to head against the player without it over the same duplicate deals.
``SmartPlayer(without="feed")`` leaves rules out (a tuple of names, or names joined by
``+`` as the command line writes them: ``shengji arena smart:without=feed+cover greedy``);
``SmartPlayer(with_="pull_often")`` adds rules the ledger left out (:data:`RULES` lists
them all). Whatever no rule decides, greedy decides
(:class:`~.rollout.RolloutPlayer`, greedy's plays worked out fast).

The player reads only its view and keeps nothing between decisions, so one player may sit
at many tables at once (a search's rollouts do that).
"""

from __future__ import annotations

from ..cards import Card, shorten
from .base import PlayerView
from .greedy import GreedyBidding, wear_the_ace
from .knowledge import check_name
from .rollout import RolloutPlayer, bury_low_cards
from .rollout_leads import LeadContext, lead_low
from .smart_follow import FOLLOW_RULES, follow_with_memory, shed_to_void
from .smart_lead import (
    LEAD_RULES,
    LEADING_RULES,
    boss_lead_short,
    boss_trump_fed,
    boss_trump_pairs,
    bury_point_shy,
    bury_voids,
)
from .smart_memory import CardMemory

ACE = 14

RULES = (
    *FOLLOW_RULES,
    *LEADING_RULES,
    "point_shy_bury",
    "void_bury",
    "point_void_bury",
    "read_play",
)
"""Every rule SmartPlayer knows, by name (:mod:`.smart_follow`, :mod:`.smart_lead`)."""

DEFAULT_RULES = (
    "feed",
    "feed_throws",
    "win_the_lead",
    "second_seat_lead",
    "rich_win",
    "safe_throws",
    "boss_leads",
    "boss_trump",
    "likely_pairs",
    "pull_low",
    "partner_void",
    "point_shy_bury",
    "void_bury",
)
"""The rules ``SmartPlayer()`` plays with: those the toggle ledger measured as helping
(``results/smart_ledger.json``); the other rules of :data:`RULES` were tried and dropped."""


def parse_rules(value: object, what: str) -> frozenset[str]:
    """Rule names from ``"a+b"``, ``"a,b"``, a tuple or list of names, or ``()``; a
    ValueError naming an unknown rule and listing the known ones."""
    if value is None:
        return frozenset()
    if isinstance(value, str):
        names = [n.strip() for n in value.replace(",", "+").split("+") if n.strip()]
    elif isinstance(value, (tuple, list, set, frozenset)):
        names = list(value)
    else:
        raise ValueError(
            f"{what} names SmartPlayer rules, e.g. 'feed' or ('feed', 'cover'), "
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
    """Greedy's rules plus card memory (see the module docstring). ``without``: rules of
    :data:`DEFAULT_RULES` to leave out; ``with_``: other rules of :data:`RULES` to add."""

    def __init__(self, name: str = "smart", without: object = (), with_: object = ()) -> None:
        self.name = check_name(name)
        left_out, added = parse_rules(without, "without"), parse_rules(with_, "with_")
        self.rules = (frozenset(DEFAULT_RULES) | added) - left_out
        # the settings as text, so that the arena's saved settings say what was played
        self.without = "+".join(r for r in RULES if r in left_out)
        self.with_ = "+".join(r for r in RULES if r in added)
        self._read_play = "read_play" in self.rules
        self._greedy = RolloutPlayer()

    def bury(self, view: PlayerView) -> list[Card]:
        if "void_bury" in self.rules:
            rules = self.rules
            return bury_voids(view, "point_shy_bury" in rules, "point_void_bury" in rules)
        if "point_shy_bury" in self.rules:
            return bury_point_shy(view)
        return bury_low_cards(view)

    def play(self, view: PlayerView) -> list[Card]:
        if view.lead is None:
            return self.lead(view)
        return self.follow(view)

    def lead(self, view: PlayerView) -> list[Card]:
        """The first answer of the lead rules in play (:data:`~.smart_lead.LEAD_RULES`,
        greedy's among them), else greedy's low lead."""
        ctx = LeadContext(view)
        if ctx.trump.suit is None and ctx.trump.level == ACE:  # maybe wearing the A (§12.12)
            play = wear_the_ace(view)
            if play:
                return play
        rules = self.rules
        memory = CardMemory(view, self._read_play)
        pairs_only = "defender_trump_pairs" in rules and not view.is_dealer_team
        cash_short = "cash_short" in rules
        fed_trump = "defender_feed_trump" in rules and not view.is_dealer_team
        for name, rule in LEAD_RULES:
            if name is None or name in rules:
                if name == "boss_trump" and pairs_only:
                    rule = boss_trump_pairs
                elif name == "boss_trump" and fed_trump:
                    rule = boss_trump_fed
                elif name == "boss_leads" and cash_short:
                    rule = boss_lead_short
                play = rule(ctx, memory)
                if play:
                    return play
        return lead_low(ctx)

    def follow(self, view: PlayerView) -> list[Card]:
        """The first answer of the following rules in play, else greedy's follow."""
        play = follow_with_memory(view, self.rules, self._read_play)
        if not play:
            play = self._greedy.play(view)
        if "void_shed" in self.rules and len(play) == 1:
            return shed_to_void(view, play)
        return play


__all__ = ["DEFAULT_RULES", "RULES", "SmartPlayer", "parse_rules"]
