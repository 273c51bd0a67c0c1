"""The arena: compare two kinds of player fairly, with duplicate deals and confidence intervals.

Card games are noisy: a weak player with great cards beats a strong player with poor ones.
Duplicate play removes most of that luck. Every deal is played twice from the same shuffle,
with the same dealer seat, level, trump and kitty; in the first run player A sits in seats 0
and 2, in the second run the teams swap seats, so each side plays both sets of cards.
Declaring is left out (the trump is fixed to the dealer's longest suit) so the comparison
is about play; so is the overcall round of ``overcall_after_bury``, since nobody declares.
Every variant of RULES §11 is played: :func:`deal_setup` deals its probe hand with the
rules (one, two or three decks), and the fixed trump is ``rules.trump(level, suit)``.

The two runs of a deal are one *paired* observation: we average them first, then compute a
95% confidence interval over deals (normal approximation, fine from a few dozen deals on).
A hand is won by the team that deals the next one (RULES §7).

Player specs are names (``"greedy"``) or ``(name, options)`` pairs such as
``("montecarlo", {"budget": 4})``, so runs can be repeated in other processes and saved.
A player class of your own (any callable that returns a player) works too, in one process.
"""

from __future__ import annotations

import json
import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import SUITS, shorten
from .game.round import Round, team_of
from .game.table import play_round
from .ladders import level_ladder
from .players import Player, make_player
from .rules import RuleSet

PlayerSpec = str | tuple[str, dict[str, Any]] | Callable[[], Any]
Z95 = 1.959963984540054


def parse_spec(text: str) -> PlayerSpec:
    """Read ``"greedy"`` or ``"montecarlo:budget=16"`` (the command line's player specs).

    Option values are read as whole numbers (``16``), decimals (``0.3``) or else text. A
    malformed spec, an unknown player, an unknown option or a bad value is a ``ValueError``
    naming it: :func:`check_spec` builds the player once to find out.
    """
    if not isinstance(text, str):
        raise ValueError(f"a player spec is text such as 'greedy', not {shorten(text)}")
    name, _, options = text.partition(":")
    name = name.strip()
    if not name:
        raise ValueError(
            f"a player spec starts with a player's name, e.g. greedy; got {shorten(text)!r}"
        )
    if not options.strip():
        if _:
            raise ValueError(f"nothing after ':' in {shorten(text)!r}: write name:key=value")
        return name
    parsed: dict[str, Any] = {}
    for item in options.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise ValueError(f"write player options as name:key=value, not {shorten(text)!r}")
        if key in parsed:
            raise ValueError(f"player option {shorten(key)!r} is given twice in {shorten(text)!r}")
        parsed[key] = _option_value(value)
    return (name, parsed)


def _option_value(text: str) -> int | float | str:
    """``"16"`` → 16, ``"0.3"`` → 0.3, anything else stays text (ASCII digits only)."""
    if text.isascii():
        if text.lstrip("-").isdigit():
            return int(text)
        try:
            return float(text) if any(ch.isdigit() for ch in text) else text
        except ValueError:
            return text
    return text


def check_spec(spec: PlayerSpec) -> PlayerSpec:
    """``spec`` if a player can be made from it, else a ValueError saying what is wrong."""
    player = _make(spec)
    if not isinstance(player, Player):
        raise ValueError(f"{spec_text(spec)} does not make a player (declare, bury and play)")
    return spec


def _make(spec: PlayerSpec):
    if callable(spec):  # a player class or factory of your own (single process only)
        return spec()
    if isinstance(spec, str):
        name, options = spec, {}
    elif isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[1], dict):
        name, options = spec
    else:
        raise ValueError(
            f"a player spec is a name, (name, options) or a player class, not {shorten(spec)}"
        )
    if not all(isinstance(k, str) for k in options):
        raise ValueError("player options are named by text")
    return make_player(name, **options)


def spec_text(spec: PlayerSpec) -> str:
    """How a spec is named in reports: ``greedy``, ``montecarlo(budget=4)``."""
    if callable(spec):
        return getattr(spec, "__name__", "custom")
    if isinstance(spec, str):
        return spec
    name, options = spec
    return name + ("(" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")" if options else "")


def player_settings(spec: PlayerSpec) -> dict[str, Any]:
    """The settings a spec resolves to (defaults included), saved with arena results so a
    figure still says what was measured after a default changes (``None`` included: a
    search player's ``depth=None`` means "to the end of the hand")."""
    player = _make(spec)
    simple = (int, float, str, bool, type(None))
    settings = {k: v for k, v in vars(player).items() if isinstance(v, simple)}
    return {"type": type(player).__name__, **settings}


@dataclass(frozen=True)
class DealSetup:
    """What both runs of a deal share: the shuffle's seed, dealer seat, level and trump."""

    seed: int
    dealer: int
    level: int
    trump_suit: str | None


def deal_setup(seed: int, rng: random.Random, rules: RuleSet = RuleSet()) -> DealSetup:
    """Choose the dealer and level with ``rng``; the trump is the dealer's longest suit in
    the deal ``rules`` give (the dealer gets the first card, then every fourth)."""
    dealer = rng.randrange(4)
    ladder = level_ladder(rules)  # 2..A draws randrange(2, 15), as it always did
    level = ladder[rng.randrange(len(ladder))]
    probe = Round(seed, rules, levels=(level, level), dealer=dealer)
    if probe.wear_ace_hand:  # played at A wearing the A: no trump suit (RULES §12.12)
        return DealSetup(seed, dealer, level, None)
    dealt = [card for n, card in enumerate(probe.deck[: rules.dealt_cards]) if n % 4 == 0]
    always = rules.trump(level, None)  # jokers, level cards (and 2s if they are trumps)
    lengths = Counter(c.suit for c in dealt if not always.is_trump(c))
    suit = max(SUITS, key=lambda s: (lengths[s], -SUITS.index(s)))
    return DealSetup(seed, dealer, level, suit)


def play_duplicate(
    setup: DealSetup,
    spec_a: PlayerSpec,
    spec_b: PlayerSpec,
    rules: RuleSet = RuleSet(),
    keep: bool = False,
) -> dict[str, Any]:
    """Play one deal twice (A in seats 0/2, then A in seats 1/3); return both outcomes.

    ``keep``: the outcome also holds ``"kept"``, both hands as kept lines
    (:func:`~shengji_edu.game.kept.hand_line`), for ``shengji replay``."""
    runs, kept = [], []
    for a_team in (0, 1):
        players = [_make(spec_a) if team_of(s) == a_team else _make(spec_b) for s in range(4)]
        levels = (setup.level, setup.level)
        trump = rules.trump(setup.level, setup.trump_suit)
        round_ = Round(setup.seed, rules, levels, setup.dealer, fixed_trump=trump)
        play_round(round_, players)
        result = round_.result
        assert result is not None
        if keep:
            kept.append(_kept_line(round_, setup, spec_a, spec_b, a_team))
        runs.append(
            {
                "a_team": a_team,
                "winning_team": result.winning_team,
                "defender_points": result.defender_points,
                "level_gain": [result.levels_after[t] - result.levels_before[t] for t in (0, 1)],
            }
        )
    outcome = {
        "seed": setup.seed,
        "dealer": setup.dealer,
        "level": setup.level,
        "trump": setup.trump_suit,
        "runs": runs,
    }
    return {**outcome, "kept": kept} if keep else outcome


def _kept_line(round_: Round, setup: DealSetup, a: PlayerSpec, b: PlayerSpec, a_team: int):
    from .game.kept import hand_line  # only when hands are kept

    names = [spec_text(a if team_of(seat) == a_team else b) for seat in range(4)]
    seats = "0 and 2" if a_team == 0 else "1 and 3"
    return hand_line(round_, names, f"seed {setup.seed}, {names[a_team]} in seats {seats}")


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(
        cls, values: Sequence[float], low: float = -math.inf, high: float = math.inf
    ) -> Estimate:
        """Mean and normal-approximation 95% interval, clipped to the possible range."""
        mean = statistics.fmean(values)
        if len(values) < 2:
            return cls(mean, low, high)
        half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
        return cls(mean, max(low, mean - half), min(high, mean + half))

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"

    @classmethod
    def paired(cls, first: Sequence[float], second: Sequence[float]) -> Estimate:
        """The mean difference ``first - second`` of two players' per-deal shares of hands
        won over the same deals, with its interval: pairing deal by deal removes the luck
        of the cards both met (:meth:`ArenaResult.side_values` gives the shares)."""
        if len(first) != len(second):
            raise ValueError(
                f"a paired difference needs results over the same deals: got {len(first)} "
                f"and {len(second)} deals"
            )
        return cls.of([a - b for a, b in zip(first, second, strict=True)], -1.0, 1.0)


@dataclass
class ArenaResult:
    """Raw per-deal outcomes plus per-side summaries (A first, then B)."""

    player_a: PlayerSpec
    player_b: PlayerSpec
    seed: int
    rules: RuleSet
    deals: list[dict[str, Any]] = field(default_factory=list)
    kept: list[dict[str, Any]] = field(default_factory=list)
    """Every hand as a kept line, when :func:`run_arena` was asked to keep them."""

    def side_values(self, side: str) -> dict[str, list[float]]:
        """Per-deal paired values for side "a" or "b": win rate, level gain, defence points."""
        wins, gains, defence = [], [], []
        for deal in self.deals:
            win = gain = 0.0
            for run in deal["runs"]:
                team = run["a_team"] if side == "a" else 1 - run["a_team"]
                win += run["winning_team"] == team
                gain += run["level_gain"][team]
                if team_of(deal["dealer"]) != team:
                    defence.append(run["defender_points"])
            wins.append(win / 2)
            gains.append(gain / 2)
        return {"hands_won": wins, "levels_gained": gains, "defender_points": defence}

    def summary(self) -> dict[str, dict[str, Estimate]]:
        bounds = {"hands_won": (0.0, 1.0), "levels_gained": (0.0, math.inf)}
        return {
            side: {
                name: Estimate.of(values, *bounds.get(name, (0.0, math.inf)))
                for name, values in self.side_values(side).items()
            }
            for side in ("a", "b")
        }

    def report(self) -> str:
        """A small table of the three measures for both sides."""
        summary = self.summary()
        lines = [
            f"{len(self.deals)} duplicate deals ({2 * len(self.deals)} hands), seed {self.seed}",
            f"{'':24}{'hands won':>24}{'levels gained/hand':>26}{'defender points':>28}",
        ]
        for side, spec in (("a", self.player_a), ("b", self.player_b)):
            s = summary[side]
            lines.append(
                f"{spec_text(spec):24}"
                f"{_fmt(s['hands_won'], percent=True):>24}"
                f"{_fmt(s['levels_gained']):>26}"
                f"{_fmt(s['defender_points']):>28}"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary()
        return {
            "format": "shengji-edu arena",
            "version": 1,
            "player_a": spec_text(self.player_a) if callable(self.player_a) else self.player_a,
            "player_b": spec_text(self.player_b) if callable(self.player_b) else self.player_b,
            "settings": {
                "a": player_settings(self.player_a),
                "b": player_settings(self.player_b),
            },
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "summary": {
                side: {k: vars(v) for k, v in measures.items()}
                for side, measures in summary.items()
            },
            "deals": self.deals,
        }

    def save_hands(self, path: str | Path) -> Path:
        """Write every kept hand to one kept file (``shengji replay`` reads it)."""
        from .game.kept import write_kept

        if not self.kept:
            raise ValueError("no hand was kept: run the arena with keep=True (--keep FILE)")
        return write_kept(path, self.kept)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> ArenaResult:
        data = json.loads(Path(path).read_text(encoding="utf-8"))

        def spec(value):
            return value if isinstance(value, str) else (value[0], dict(value[1]))

        return cls(
            spec(data["player_a"]),
            spec(data["player_b"]),
            data["seed"],
            RuleSet.from_dict(data["rules"]),
            data["deals"],
        )

    def plot(self, ax=None):
        """Bar chart of hands won (with 95% intervals) for both sides; returns the axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            _fig, ax = plt.subplots(figsize=(5, 3))
        summary = self.summary()
        names = [spec_text(self.player_a), spec_text(self.player_b)]
        means = [summary[s]["hands_won"].mean * 100 for s in ("a", "b")]
        errors = [
            [100 * (summary[s]["hands_won"].mean - summary[s]["hands_won"].low) for s in "ab"],
            [100 * (summary[s]["hands_won"].high - summary[s]["hands_won"].mean) for s in "ab"],
        ]
        ax.bar(names, means, yerr=errors, capsize=6, color=["tab:blue", "tab:orange"])
        ax.axhline(50, color="grey", linestyle="--", linewidth=1)
        ax.set_ylabel("hands won (%)")
        ax.set_ylim(0, 100)
        ax.set_title(f"{names[0]} vs {names[1]}: {len(self.deals)} duplicate deals")
        return ax


def _fmt(estimate: Estimate, percent: bool = False) -> str:
    if math.isinf(estimate.high) or math.isinf(estimate.low):  # one deal: no interval
        return f"{100 * estimate.mean:.1f}%" if percent else f"{estimate.mean:.2f}"
    if percent:
        return f"{100 * estimate.mean:.1f}% [{100 * estimate.low:.1f}, {100 * estimate.high:.1f}]"
    return f"{estimate.mean:.2f} [{estimate.low:.2f}, {estimate.high:.2f}]"


def _play_job(job: tuple) -> dict[str, Any]:
    setup, spec_a, spec_b, rules, keep = job
    return play_duplicate(setup, spec_a, spec_b, rules, keep)


def run_arena(
    player_a: PlayerSpec,
    player_b: PlayerSpec,
    deals: int,
    seed: int = 0,
    rules: RuleSet = RuleSet(),
    processes: int = 1,
    progress: bool | None = None,
    keep: bool = False,
) -> ArenaResult:
    """Play ``deals`` duplicate deals between two player specs; see the module docstring.

    ``keep``: keep every hand (``result.kept``; :meth:`ArenaResult.save_hands` writes them).

    ``processes > 1`` spreads deals over worker processes (same results, in the same order).
    ``progress``: show a tqdm bar (``None``: only when the output is a terminal).
    """
    from tqdm import tqdm

    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"play at least one deal (a whole number), not {shorten(deals)}")
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes must be a whole number, at least 1, not {shorten(processes)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not -(2**64) < seed < 2**64:
        raise ValueError(f"the seed must be a whole number below 2**64, not {shorten(seed)}")
    if not isinstance(rules, RuleSet):
        raise ValueError(f"rules must be a RuleSet, not {shorten(rules)}")
    if processes > 1 and (callable(player_a) or callable(player_b)):
        raise ValueError("players of your own run in one process: use processes=1")
    check_spec(player_a), check_spec(player_b)  # fail early on an unknown player or option
    rng = random.Random(seed)
    setups = [deal_setup(rng.getrandbits(32), rng, rules) for _ in range(deals)]
    jobs = [(setup, player_a, player_b, rules, keep) for setup in setups]
    disable = None if progress is None else not progress
    result = ArenaResult(player_a, player_b, seed, rules)
    bar = tqdm(total=deals, desc="deals", unit="deal", disable=disable)
    try:
        if processes > 1:
            # imported here: the tournament's bot processes import this module for its
            # players, and multiprocessing is a fifth of its import time
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=processes) as pool:
                for outcome in pool.map(
                    _play_job, jobs, chunksize=max(1, deals // (8 * processes))
                ):
                    result.deals.append(outcome)
                    result.kept.extend(outcome.pop("kept", ()))
                    bar.update()
        else:
            for job in jobs:
                result.deals.append(_play_job(job))
                result.kept.extend(result.deals[-1].pop("kept", ()))
                bar.update()
    finally:
        bar.close()
    return result
