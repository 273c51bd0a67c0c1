"""A person at the terminal: shows the hand, reads card notation, explains illegal input.

Input and output are functions (``input`` and ``print`` by default) so tests can drive it
with scripted lines. Garbage never crashes the game: an unreadable card, an illegal play or
a wrong count is explained and asked again. ``?`` (or ``help``, ``hint``) works at every
prompt: it says what to do and lists the legal choices (what may be declared, overcalled,
buried or played), all taken from the engine's view. Empty input (end of file) or ``quit``
raises :class:`QuitGame`, which the command line turns into a clean exit.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card, CardParseError, format_cards, parse_cards
from ..follow import iter_legal_follows
from ..render.text import hand_text, seat_name, trick_text
from ..reporting import check_return, return_options
from ..units import decompose
from .base import PlayerView

HELP_WORDS = ("?", "help", "hint")
"""What asks for help at any prompt."""


class QuitGame(Exception):
    """The person asked to stop (``quit`` or end of input)."""


def read_line(ask: Callable[[str], str], prompt: str) -> str:
    """One line a person typed, stripped; ``QuitGame`` at the end of input or on q/quit/exit
    (the terminal's Shengji and Gin players read the same way)."""
    try:
        line = ask(prompt)
    except EOFError:
        raise QuitGame() from None
    if line is None:
        raise QuitGame()
    line = line.strip()
    if line.lower() in ("q", "quit", "exit"):
        raise QuitGame()
    return line


class HumanPlayer:
    """Asks a person for every decision through ``ask`` (like ``input``) and ``say``."""

    def __init__(
        self,
        name: str = "you",
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        max_attempts: int = 1000,
    ) -> None:
        self.name = name
        self.ask = ask
        self.say = say
        self.max_attempts = max_attempts
        self._declined: list[list[Card]] | None = None

    def _read(self, prompt: str) -> str:
        return read_line(self.ask, prompt)

    def declare(self, view: PlayerView) -> list[Card] | None:
        options = view.legal_declarations
        if not options or options == self._declined:
            return None
        self.say(f"\nYour cards so far: {format_cards(sorted(view.hand), pretty=True)}")
        for number, cards in enumerate(options, 1):
            self.say(f"  {number}: declare {format_cards(cards, pretty=True)}")
        for _ in range(self.max_attempts):
            line = self._read("Declare? number, Enter to pass, ? for help: ")
            if not line:
                self._declined = options
                return None
            if line.lower() in HELP_WORDS:
                self.say(self._choices_help("declare", options))
                continue
            if line.isdigit() and 1 <= int(line) <= len(options):
                return options[int(line) - 1]
            self.say(f"Type a number from 1 to {len(options)}, or just Enter to pass.")
        return None

    def overcall(self, view: PlayerView) -> list[Card] | None:
        """Offer the legal overcalls after the bury (RULES §11.3); Enter passes."""
        options = view.legal_overcalls
        if not options:
            return None
        floor = view.overcall_floor
        shown = format_cards(floor.cards, pretty=True) if floor is not None else "?"
        self.say(f"\nThe trump stands on {shown}. Your cards:")
        self.say(hand_text(view.hand, view.trump))
        for number, cards in enumerate(options, 1):
            self.say(f"  {number}: overcall with {format_cards(cards, pretty=True)}")
        for _ in range(self.max_attempts):
            line = self._read("Overcall? number, Enter to pass, ? for help: ")
            if not line:
                return None
            if line.lower() in HELP_WORDS:
                self.say(self._choices_help("overcall with", options))
                continue
            if line.isdigit() and 1 <= int(line) <= len(options):
                return options[int(line) - 1]
            self.say(f"Type a number from 1 to {len(options)}, or just Enter to pass.")
        return None

    def bury(self, view: PlayerView) -> list[Card]:
        size = view.rules.kitty_size
        who = "the dealer" if view.dealer == view.seat else "the overcaller"
        self.say(f"\nYou are {who} and took the kitty. Your {len(view.hand)} cards:")
        self.say(hand_text(view.hand, view.trump))
        return self._ask_cards(
            f"Bury {size} cards (e.g. C2 C3 D4 ...; ? for help): ",
            lambda: self._bury_help(view),
            view.check_bury,
        )

    def give(self, view: PlayerView) -> list[Card]:
        """Give cards back as the largest reporter (回牌, RULES §12.5)."""
        to = view.returns_due[0]
        reported = view.reported(to)
        options = return_options(view.hand, reported)
        self.say(
            f"\nYour report was the largest: you took {format_cards(reported)} from "
            f"{seat_name(to)}. Your {len(view.hand)} cards:"
        )
        self.say(hand_text(view.hand, view.trump))
        must = format_cards(options.give_all) or "nothing"
        help_text = (
            f"Give back as many cards as you took, no joker and none of the suit "
            f"{seat_name(to)} reported if you can: you must give {must}, then "
            f"{options.count} of {format_cards(options.choose_from)}."
        )
        return self._ask_cards(
            f"Give {len(reported)} cards back to {seat_name(to)} (? for help): ",
            lambda: help_text,
            lambda cards: check_return(view.hand, cards, reported).reason,
        )

    def _ask_cards(
        self, prompt: str, help_text: Callable[[], str], refusal: Callable[[list[Card]], str]
    ) -> list[Card]:
        """Ask for cards until ``refusal`` has nothing to say about them (burying, returns):
        ``?`` shows the help, card text the parser cannot read and refused cards say why."""
        for _ in range(self.max_attempts):
            line = self._read(prompt)
            if not line:
                continue
            if line.lower() in HELP_WORDS:
                self.say(help_text())
                continue
            try:
                cards = parse_cards(line)
            except CardParseError as exc:
                self.say(str(exc))
                continue
            problem = refusal(cards)
            if problem:
                self.say(problem)
                continue
            return cards
        raise QuitGame()

    def play(self, view: PlayerView) -> list[Card]:
        trump = view.trump
        self.say("")
        if view.current_trick:
            self.say("Trick so far: " + trick_text(view.current_trick))
        else:
            self.say(f"You lead (defenders have {view.defender_points} points).")
        self.say(hand_text(view.hand, trump))
        for _ in range(self.max_attempts):
            line = self._read(f"{seat_name(view.seat)} plays (cards, or ? for help): ")
            if line.lower() in HELP_WORDS:
                self.say(self._hint(view))
                continue
            if not line:
                self.say("Type the cards to play, e.g. CA or ♣A (several: C5 C5); ? for help.")
                continue
            try:
                cards = parse_cards(line)
            except CardParseError as exc:
                self.say(str(exc))
                continue
            verdict = view.check(cards)
            if not verdict:
                self.say(f"Not allowed: {verdict.reason}")
                continue
            return cards
        raise QuitGame()

    @staticmethod
    def _choices_help(verb: str, options: list[list[Card]]) -> str:
        """The legal declarations or overcalls, numbered as on the menu."""
        lines = [f"Type the number of what you want to {verb}, or just Enter to pass:"]
        lines += [
            f"  {number}: {verb} {format_cards(cards, pretty=True)}"
            for number, cards in enumerate(options, 1)
        ]
        return "\n".join(lines)

    @staticmethod
    def _bury_help(view: PlayerView) -> str:
        """What burying is, and the cards that may be buried: any of the hand (the engine's
        only conditions, ``bury_refusal``: the right number, and cards you hold)."""
        size = view.rules.kitty_size
        hand = view.hand
        return (
            f"Bury {size} cards: type any {size} of your {len(hand)} cards, separated by "
            "spaces; they go face down as the new kitty. Point cards in the kitty score for "
            "the defenders (multiplied) if they win the last trick; short side suits make "
            "voids. You may bury any of these:\n" + hand_text(hand, view.trump)
        )

    @staticmethod
    def _hint(view: PlayerView) -> str:
        trump = view.trump
        assert trump is not None
        if view.lead is None:
            units = decompose(view.hand, trump)
            shown = ", ".join(format_cards(u.cards, pretty=True) for u in units[:12])
            return f"Lead any cards of one suit; your units include: {shown}"
        plays = []
        for play in iter_legal_follows(view.hand, view.lead, trump):
            plays.append(format_cards(play, pretty=True))
            if len(plays) == 10:
                break
        return "Legal plays include: " + " | ".join(plays)
