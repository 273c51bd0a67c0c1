"""``shengji gin``: a game of Gin Rummy to 100 against a computer player, in the terminal.

    shengji gin [--seed S] [--opponent greedy] [--knock-at N] [--target 100]

You are seat 0, the computer seat 1. At each of your turns the terminal shows the discard
pile, your hand sorted by suit with its best melds and deadwood, and asks what to do; you
type ``take``, ``pass``, ``draw``, ``discard 7S``, ``knock 7S``, ``knock`` (big gin) or
``gin``. ``?`` lists what you may do now. The engine decides: a refused action prints the
engine's reason and changes nothing. The computer's moves are printed as it makes them, and
the score after each hand; the game ends when someone reaches the target (100). End of input
or ``quit`` stops cleanly.

The seed fixes the game (:class:`~.engine.GinGame`): ``shengji gin --seed 5`` deals the same
hands as ``GinTable(seed=5)`` in lesson 10, against the same computer player (greedy).
Input and output are functions, as for the Shengji terminal player
(:class:`~shengji_edu.players.human.HumanPlayer`), so tests drive it with scripted lines.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import replace

from ..cards import shorten
from ..players.human import HELP_WORDS, QuitGame, read_line
from .engine import GinGame, GinHand, IllegalMove
from .players import PLAYER_TYPES, check_knock_at, make_player
from .scoring import STANDARD, GinRules
from .text import (
    COMPUTER,
    YOU,
    choices_text,
    final_text,
    hand_text,
    melds_text,
    move_text,
    prompt_text,
    read_action,
    result_text,
    score_text,
    state_text,
)

COMPUTER_PLAYER = "greedy"
"""The computer player unless ``--opponent`` says otherwise (``GinTable``'s default too)."""

HELP = f"""Type one of:
  take          take the top card of the discard pile
  pass          refuse the first upcard
  draw          draw from the stock (or: stock)
  discard 7S    discard a card (cards: 7S or 7♠, TS or 10S, AC, KD)
  knock 7S      knock, discarding the 7S face down ({STANDARD.knock_limit} deadwood or less left)
  knock         big gin: knock with all 11 cards melded
  gin           knock with no deadwood left
  quit          stop the game
What you may do now:"""


class GinTerminal:
    """A game to ``rules.target`` between a person (``ask``/``say``) and ``computer``."""

    def __init__(
        self,
        seed: int,
        computer,
        rules: GinRules = STANDARD,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        max_attempts: int = 1000,
    ) -> None:
        self.seed = seed
        self.computer = computer
        self.rules = rules
        self.ask = ask
        self.say = say
        self.max_attempts = max_attempts
        self.game = GinGame(seed, rules)

    def run(self) -> int:
        say, game = self.say, self.game
        name = getattr(self.computer, "name", "computer")
        say(f"Gin Rummy, seed {self.seed} (play the same game again with --seed {self.seed})")
        say(f"You against the computer ({name}), a game to {self.rules.target}. ? for help.")
        try:
            while not game.over:
                hand = game.new_hand()
                self.play_hand(hand, len(game.hands))
                game.hand_finished(hand)
                say(result_text(hand))
                say(score_text(game))
        except QuitGame:
            say("\nBye! (the game was not finished)")
            return 0
        say("")
        say(final_text(game))
        return 0

    def play_hand(self, hand: GinHand, number: int) -> None:
        dealer = "you deal" if hand.dealer == YOU else "the computer deals"
        self.say(f"\n=== hand {number}: {dealer} ===")
        while not hand.over:
            if hand.turn == COMPUTER:
                top = hand.top
                action = self.computer.act(hand.view(COMPUTER))
                hand.act(COMPUTER, action)  # a computer player's illegal move is a bug: raise
                self.say(move_text(COMPUTER, action, top))
            else:
                self.your_turn(hand)

    def your_turn(self, hand: GinHand) -> None:
        """Show the table and ask until the engine accepts an action."""
        self.say("")
        self.say(state_text(hand))
        self.say(f"Your hand: {hand_text(hand.hands[YOU])}")
        self.say(f"  {melds_text(hand.hands[YOU])}")
        question = prompt_text(hand)
        for _ in range(self.max_attempts):
            line = self._read(f"{question} (? for help): ")
            if line.lower() in HELP_WORDS:
                self.say(HELP)
                self.say(choices_text(hand))
                continue
            try:
                action = read_action(line, hand)
            except ValueError as exc:
                self.say(str(exc))
                continue
            top, before = hand.top, len(hand.hands[YOU])
            try:
                hand.act(YOU, action)
            except IllegalMove as exc:
                self.say(f"Not allowed: {exc}")
                continue
            drawn = hand.hands[YOU][-1] if len(hand.hands[YOU]) > before else None
            self.say(move_text(YOU, action, top, drawn if action.kind == "stock" else None))
            return
        raise QuitGame()

    def _read(self, prompt: str) -> str:
        return read_line(self.ask, prompt)


# --- the command ------------------------------------------------------------------------------
def _opponent(text: str) -> str:
    """An argparse type: a Gin computer player's name."""
    name = text.strip().lower()
    if name not in PLAYER_TYPES:
        raise argparse.ArgumentTypeError(
            f"unknown Gin Rummy player {shorten(text)!r}: choose one of {', '.join(PLAYER_TYPES)}"
        )
    return name


def _number(text: str) -> int:
    stripped = text.strip()
    if not (stripped.isascii() and stripped.lstrip("-").isdigit()) or len(stripped) > 9:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number")
    return int(stripped)


def _knock_at(text: str) -> int:
    """An argparse type: the computer's ``knock_at``, checked by the players' own rule."""
    try:
        return check_knock_at(_number(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _target(text: str) -> int:
    """An argparse type: the points that end the game, at least 1."""
    value = _number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"the target must be at least 1 point, not {value}")
    return value


def add_parser(sub, seed_type: Callable[[str], int]) -> None:
    """Add ``gin`` to the ``shengji`` command's subcommands (``seed_type``: how the command
    reads seeds, the same for every subcommand)."""
    gin = sub.add_parser(
        "gin",
        help="play Gin Rummy (lesson 10's appendix game) against the computer",
        description=(
            "A game of Gin Rummy to 100 against a computer player. Your hand is shown sorted "
            "by suit with its best melds and deadwood; type take, pass, draw, discard 7S, "
            "knock 7S or gin; ? lists what you may do now; quit stops."
        ),
    )
    gin.add_argument("--seed", type=seed_type, help="seed of the game (default: a random one)")
    gin.add_argument(
        "--opponent",
        type=_opponent,
        default=COMPUTER_PLAYER,
        help=f"the computer player, one of: {', '.join(PLAYER_TYPES)} (default "
        f"{COMPUTER_PLAYER}, as in lesson 10's GinTable)",
    )
    gin.add_argument(
        "--knock-at",
        type=_knock_at,
        metavar="N",
        help=f"the computer knocks only with at most N deadwood (0 to {STANDARD.knock_limit}; "
        "default: as soon as the rules allow)",
    )
    gin.add_argument(
        "--target",
        type=_target,
        default=STANDARD.target,
        metavar="POINTS",
        help=f"the game ends when someone has this many points (default {STANDARD.target})",
    )
    gin.set_defaults(func=command)


def command(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    computer = make_player(args.opponent, knock_at=args.knock_at)
    return GinTerminal(seed, computer, replace(STANDARD, target=args.target)).run()
