"""Drills, "find the best play": endgame positions where one play is proven best (issue 30).

A drill is a position of seeded self-play, with every hand shown, in which the endgame
solver (:mod:`.endgame`) proves that exactly one play of the side to move is best and that
every other play costs its team at least :data:`MARGIN` points. The answer is that play, and
the explanation is the solver's best line. ``tools/mine_drills.py`` mines them;
a curated set ships as ``drills.json`` beside this module (:func:`load_drills`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..cards import Card, format_cards, parse_cards
from ..game import PLAYING, Round, Table
from ..rules import RuleSet
from .endgame import Position, Solution, solve
from .rollout import RolloutPlayer

MARGIN = 10
"""A drill's answer beats every other play by at least this many of the defenders' points."""

DRILLS_FILE = Path(__file__).with_name("drills.json")


@dataclass(frozen=True)
class Drill:
    """A position (:class:`~.endgame.Position`), its proven answer, the value of the answer
    and of the next-best play, and the best line as text."""

    name: str
    position: Position
    answer: tuple[Card, ...]
    value: int
    margin: int
    line: str

    def check(self, cards) -> bool:
        """Whether ``cards`` is the proven best play."""
        return sorted(parse_cards(cards) if isinstance(cards, str) else cards) == sorted(
            self.answer
        )

    def to_data(self) -> dict:
        p = self.position
        return {
            "name": self.name,
            "rules": p.rules.to_dict(),
            "trump": {"level": p.trump.level, "suit": p.trump.suit},
            "dealer": p.dealer,
            "hands": [format_cards(hand) for hand in p.hands],
            "trick": [[seat, format_cards(cards)] for seat, cards in p.trick],
            "turn": p.turn,
            "kitty_points": p.kitty_points,
            "defender_points": p.defender_points,
            "answer": format_cards(self.answer),
            "value": self.value,
            "margin": self.margin,
            "line": self.line,
        }

    @classmethod
    def from_data(cls, data: dict) -> Drill:
        rules = RuleSet.from_dict(data["rules"])
        position = Position(
            trump=rules.trump(data["trump"]["level"], data["trump"]["suit"]),
            dealer=data["dealer"],
            hands=tuple(parse_cards(hand) for hand in data["hands"]),
            trick=tuple((seat, parse_cards(cards)) for seat, cards in data["trick"]),
            turn=data["turn"],
            kitty_points=data["kitty_points"],
            defender_points=data["defender_points"],
            rules=rules,
        )
        return cls(
            data["name"],
            position,
            tuple(parse_cards(data["answer"])),
            data["value"],
            data["margin"],
            data["line"],
        )


def as_drill(name: str, solution: Solution) -> Drill | None:
    """A drill of a solved position, if exactly one play is best by :data:`MARGIN` or more."""
    if len(solution.best) != 1 or solution.margin is None or solution.margin < MARGIN:
        return None
    line = "; ".join(f"seat {seat} {format_cards(cards)}" for seat, cards in solution.line)
    return Drill(
        name, solution.position, solution.best[0].cards, solution.value, solution.margin, line
    )


def mine(seeds, cards: int = 3, rules: RuleSet = RuleSet()) -> Iterator[Drill]:
    """Drills from greedy self-play: every position of the seeded hands with at most
    ``cards`` cards a hand (at each decision) that makes a drill."""
    for seed in seeds:
        table = Table(Round(seed, rules), [RolloutPlayer() for _ in range(4)])
        world = table.round
        while True:
            if world.phase == PLAYING and len(world.hand(world.turn)) <= cards:
                plays = len(world.tricks) * 4 + len(world.current_trick)
                drill = as_drill(
                    f"seed {seed}, play {plays + 1}", solve(Position.from_round(world))
                )
                if drill is not None:
                    yield drill
            if not table.step():
                break


def load_drills(path: Path = DRILLS_FILE) -> list[Drill]:
    """The curated drills that ship with the package."""
    return [Drill.from_data(d) for d in json.loads(path.read_text(encoding="utf-8"))["drills"]]
