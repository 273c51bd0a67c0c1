"""ExpertPlayer: search with smart rollouts, pair inference, exact endings and a searched bury.

:class:`~.search.SearchPlayer` guesses the hidden cards, plays each candidate out for two
tricks with greedy players and judges the end by the chance of winning the hand. This player
keeps that frame and changes five things (their measured effect is in results/README.md,
"Expert player"; none of the first four alone moved the result more than 100 deals can
show):

1. **A fixed amount of work, not a fixed number of worlds.** ``work`` is the number of
   rollouts per decision. Every candidate is tried in the first worlds; successive halving
   then drops the worse half (never below :data:`KEEP`), so the worlds left go to the plays
   still in the race, and a decision with few candidates sees more worlds. The work is
   counted in rollouts, not seconds, so a decision depends on the seed alone.
2. **A better player inside.** ``rollout="smart"``: :class:`~.smart.SmartPlayer` (greedy's
   rules plus card memory) plays the rollouts; ``prior="smart"``: its choice is the first
   candidate (the one kept on ties) and it buries the kitty. Greedy's choice stays a
   candidate; ``leads="all"`` compares every suit's leads (:func:`~.search.lead_candidates`).
3. **A guess that uses more of the table** (``guess="table"``): the informed guess
   (:mod:`.inference`: cards shown when declaring, a kitty of plain cards) in which no seat
   holds a pair of a suit it has shown it holds none of (:mod:`.pair_inference`, RULES §5.3).
4. **Exact endings.** When this player holds at most ``endgame`` cards, every rollout is
   played to the end of the hand and judged by its real outcome (:func:`final_value`), not by
   :func:`~.search.win_chance`'s estimate; at most ``solve`` cards, each of ``solve_worlds``
   guessed worlds is solved exactly by the endgame solver (:mod:`.endgame`) for every play,
   and the play that wins the hand in the most worlds is made (:func:`winning_plays`).
5. **A searched bury.** The heuristics bury by fixed keys: void every short suit or none,
   keep points. With ``bury_work`` rollouts the kitty's holder compares a few buries (the
   prior's, greedy's, :func:`~.smart_lead.bury_candidates`: each short suit voided alone,
   point suits too) by playing each out to the end of the hand in the same guessed worlds
   (:meth:`ExpertPlayer.bury_value`), with successive halving as for plays. A hand has one
   bury, so it may take longer than a play (about 0.25 s with the default).

Randomness comes only from ``view.rng`` (RULES §9); the worlds come from ``view.sample_hands``
(with the swaps of :mod:`.inference` and :mod:`.pair_inference`, which read only the view) and
``view.what_if``, which see only what this player may see.

Decisions where RULES is silent: as SearchPlayer, the value is the chance of winning the
hand (the arena's measure); between plays (or buries) of equal value the earlier candidate
(the prior's first) is chosen; declaring and overcalling are greedy's; a bury is tried out
as if nobody overcalls after it (RULES §11.3) and is not searched when reports are to be
returned (§12.5): then it is the prior's.
"""

from __future__ import annotations

import math
import random

from ..cards import Card, shorten
from ..game.public import OVERCALL
from ..game.round import Round, team_of
from ..game.view import PlayerView
from .endgame import Position, Solver, decode, encode
from .greedy import GreedyBidding
from .inference import GUESSES, informed_sample, shown_in_hand
from .knowledge import check_name
from .montecarlo import play_on
from .pair_inference import break_pairs, pairless_suits
from .rollout import RolloutPlayer
from .search import LEADS, defenders_chance, distinct, search_candidates, win_chance
from .smart import SmartPlayer
from .smart_lead import bury_candidates

DEFAULT_WORK = 200
"""Rollouts per decision (SearchPlayer's 20 worlds with halving use about 60 with five
candidates). 120 and 300 won as often in the trials (results/expert_trials.json); 200 with
smart rollouts keeps the median decision under 100 ms."""

DEFAULT_DEPTH = 2
"""Tricks played out after the current one before :func:`~.search.win_chance` judges."""

DEFAULT_ENDGAME = 6
"""With at most this many cards in hand, rollouts go to the end of the hand."""

DEFAULT_BURY_WORK = 100
"""Rollouts of whole hands that choose the bury (0: the prior's bury, unsearched). 200 won
about as often as 100 against SmartPlayer's bury (``benchmarks/bury_search.py``,
results/bury_search.json) in twice the time; 100 keeps a bury near a quarter of a second."""

KEEP = 2
"""Successive halving never drops below this many candidates."""

FINAL_SPREAD = 3.0
"""The width, in points, of the curve that smooths a finished hand's value
(:func:`final_value`): a hand won by 40 points is worth a little more than one won by 5."""

ROLLOUTS = ("greedy", "smart")
"""Rollout players by name (``make_player`` names of fast players): greedy
(:class:`~.rollout.RolloutPlayer`) or :class:`~.smart.SmartPlayer` (greedy plus card memory).
The same names choose the player whose choice is the first candidate (``prior``)."""


def final_value(world: Round, seat: int) -> float:
    """The value of a finished hand for ``seat``'s team: mostly whether it won, with a small
    slope in the defenders' final points, so that between two won worlds the one with the
    safer margin counts a little more."""
    result = world.result
    assert result is not None
    won = 1.0 if result.winning_team == team_of(seat) else 0.0
    chance = defenders_chance(result.defender_points, 0, world.rules.take_deal_points)
    margin = 1.0 - chance if world.is_dealer_team(seat) else chance
    return 0.9 * won + 0.1 * margin


def make_rollout(name: str, what: str = "rollout"):
    """The rollout player called ``name`` (see :data:`ROLLOUTS`)."""
    if name not in ROLLOUTS:
        raise ValueError(
            f"{what} must be one of {', '.join(ROLLOUTS)} (a fast computer player), "
            f"not {shorten(name)}"
        )
    return SmartPlayer() if name == "smart" else RolloutPlayer()


class ExpertPlayer(GreedyBidding):
    """Determinized search with a fixed work budget and exact endings; see the module doc.

    ``work``: rollouts per decision; ``depth``: tricks played out after the current one;
    ``endgame``: cards in hand from which rollouts go to the end; ``rollout`` and ``prior``:
    the rollout player and the player whose choice comes first (:data:`ROLLOUTS`);
    ``leads``: ``"few"`` or ``"all"`` (:data:`~.search.LEADS`); ``guess``: ``"table"``,
    ``"informed"`` or ``"uniform"``; ``solve``: cards in hand from which the endgame solver
    decides (0: never), over ``solve_worlds`` guessed worlds; ``bury_work``: whole-hand
    rollouts that choose the bury (0: the prior's bury).
    """

    def __init__(
        self,
        name: str = "expert",
        work: int = DEFAULT_WORK,
        depth: int = DEFAULT_DEPTH,
        endgame: int = DEFAULT_ENDGAME,
        rollout: str = "smart",
        prior: str = "smart",
        leads: str = "all",
        guess: str = "table",
        solve: int = 3,
        solve_worlds: int = 20,
        bury_work: int = DEFAULT_BURY_WORK,
    ) -> None:
        self.name = check_name(name)
        for what, value, low in (
            ("work", work, 4),
            ("depth", depth, 0),
            ("endgame", endgame, 0),
            ("solve", solve, 0),
            ("solve_worlds", solve_worlds, 1),
            ("bury_work", bury_work, 0),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(
                    f"{what} must be a whole number, at least {low}, not {shorten(value)}"
                )
        if leads not in LEADS:
            raise ValueError(
                f"leads must be 'few' (Monte Carlo's candidates) or 'all' (every suit's), "
                f"not {shorten(leads)}"
            )
        if guess not in (*GUESSES, "table"):
            raise ValueError(
                f"guess must be 'table' (informed, and who showed it has no pair of a suit), "
                f"'informed' (what declaring and burying showed) or 'uniform' (voids only), "
                f"not {shorten(guess)}"
            )
        self.work, self.depth, self.endgame = work, depth, endgame
        self.leads, self.guess, self.rollout = leads, guess, rollout
        self.solve, self.solve_worlds = solve, solve_worlds
        self.bury_work = bury_work
        self.prior = prior
        self.first = make_rollout(prior, "prior")  # its choice: the first candidate
        self.greedy = RolloutPlayer()
        self.policy = make_rollout(rollout)

    def bury(self, view: PlayerView) -> list[Card]:
        """The prior's bury, or with ``bury_work`` the best of the buries worth comparing
        (the prior's first, greedy's, :func:`~.smart_lead.bury_candidates`), each played out
        to the end of the hand in the same guessed worlds (:meth:`bury_value`)."""
        choice = self.first.bury(view)
        if not self.bury_work or not view.public.bury_to_come:  # reports (§12.5) first
            return choice
        options = distinct([choice, self.greedy.bury(view), *bury_candidates(view)])
        if len(options) == 1:
            return choice

        def value(hands, buried, seed, cards):
            return self.bury_value(view, hands, buried, seed, cards)

        scores = self.scores(view, options, value, self.bury_work)
        return options[max(scores, key=lambda i: (scores[i], -i))]  # ties: the earlier option

    def bury_value(self, view: PlayerView, hands, buried, seed: int, cards) -> float:
        """One rollout of a bury: ``cards`` buried in a guessed world, nobody overcalling
        (RULES §11.3: a search guess, not a rule), the rollout player to the end of the hand."""
        world = view.what_if(hands, buried, seed)
        world.bury(view.seat, cards)
        while world.phase == OVERCALL:
            world.pass_overcall(world.turn)
        play_on(world, self.policy, None)
        return final_value(world, view.seat)

    def play(self, view: PlayerView) -> list[Card]:
        choice = self.first.play(view)
        if len(view.hand) == len(choice):  # the last trick (or a sure throw of every card)
            return choice
        if len(view.hand) <= self.solve and view.rules.settlement != "forty_five":
            return self.solved(view, choice)
        options = search_candidates(view, choice, self.leads)
        if self.prior != "greedy":  # greedy's choice is a candidate too
            options = distinct([*options[:1], self.greedy.play(view), *options[1:]])
        if len(options) == 1:
            return options[0]
        depth = None if len(view.hand) <= self.endgame else self.depth

        def value(hands, buried, seed, play):
            return self.value_of(view, hands, buried, seed, play, depth)

        scores = self.scores(view, options, value, self.work)
        return options[max(scores, key=lambda i: (scores[i], -i))]  # ties: the earlier option

    def guesser(self, view: PlayerView):
        """A function of a generator giving one guess of the hidden cards (hands, kitty)
        under this player's ``guess`` setting; what it reads of the view is read once."""
        if self.guess == "uniform":
            return view.sample_hands
        shown = shown_in_hand(view)
        pairless = pairless_suits(view) if self.guess == "table" else {}

        def guess(rng: random.Random):
            hands, buried = informed_sample(view, rng, shown)
            break_pairs(view, hands, buried, rng, pairless, shown)
            return hands, buried

        return guess

    def solved(self, view: PlayerView, choice: list[Card]) -> list[Card]:
        """The play that wins the hand in the most sampled worlds, every world solved
        exactly by the endgame solver (:mod:`.endgame`) for every play of this seat; ties go
        to greedy's ``choice``, then to the solver's order of plays."""
        rng = random.Random(view.rng.getrandbits(64))
        guesser = self.guesser(view)
        wins: dict[tuple[Card, ...], int] = {}
        plays: dict[tuple[Card, ...], list[Card]] = {}
        mine = team_of(view.seat)
        for _ in range(self.solve_worlds):
            hands, buried = guesser(rng)
            world = view.what_if(hands, buried, rng.getrandbits(32))
            position = Position.from_round(world)
            for play, defenders_win in winning_plays(position):
                key = tuple(sorted(play))
                plays.setdefault(key, list(play))
                won = defenders_win != (team_of(world.dealer) == mine)
                wins[key] = wins.get(key, 0) + won
        first = tuple(sorted(choice))
        best = max(wins, key=lambda k: (wins[k], k == first))
        return choice if wins.get(first) == wins[best] else plays[best]

    def rounds(self, count: int, work: int) -> list[int]:
        """How many worlds each round of successive halving plays, for ``count`` candidates
        and ``work`` rollouts: the work is split evenly between the rounds, each round's
        share between the candidates still in it."""
        alive, sizes = count, []
        while alive > KEEP:
            sizes.append(alive)
            alive = max(KEEP, math.ceil(alive / 2))
        sizes.append(alive)
        share = work / len(sizes)
        return [max(1, round(share / size)) for size in sizes]

    def scores(self, view: PlayerView, options: list[list[Card]], value, work: int):
        """Average value of the candidates left after successive halving, by index:
        ``value(hands, buried, seed, option)`` is one rollout of an option in a guessed
        world, ``work`` the rollouts to spend."""
        rng = random.Random(view.rng.getrandbits(64))
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        alive = list(range(len(options)))
        guesser = self.guesser(view)
        for worlds in self.rounds(len(options), work):
            for _ in range(worlds):
                hands, buried = guesser(rng)
                seed = rng.getrandbits(32)
                for index in alive:
                    totals[index] += value(hands, buried, seed, options[index])
                    counts[index] += 1
            if len(alive) > KEEP:
                alive.sort(key=lambda i: (-totals[i] / counts[i], i))
                alive = sorted(alive[: max(KEEP, math.ceil(len(alive) / 2))])
        return {i: totals[i] / counts[i] for i in alive}

    def value_of(self, view: PlayerView, hands, buried, seed: int, play, depth) -> float:
        """One rollout: ``play``, the rollout player for ``depth`` more tricks (``None``: to
        the end), then the value of the world for this player's team."""
        world = view.what_if(hands, buried, seed)
        world.play(view.seat, play)
        play_on(world, self.policy, depth)
        if world.result is not None:
            return final_value(world, view.seat)
        return win_chance(world, view.seat)


def winning_plays(position: Position) -> list[tuple[tuple[Card, ...], bool]]:
    """Every play of the side to move in ``position`` with whether the defenders then reach
    the points that win the hand under perfect play (a null-window search around that
    line: the solver need not find the exact points, only which side of it they fall)."""
    solver = Solver.for_position(position)
    need = position.rules.take_deal_points - position.defender_points
    hands, leader, trick = encode(position)
    found = []
    for attempted, _played, gain, after, next_leader, now, over in solver.children(
        hands, leader, trick
    ):
        if over:
            value = gain
        else:
            target = need - gain
            value = gain + solver.search(after, next_leader, now, target - 1, target)
        found.append((decode(attempted), value >= need))
    return found
