"""The table's settings: seed, computer players and rule options, chosen without code.

The rule options are built from :class:`~shengji_edu.rules.RuleSet`'s fields, so an option
the rules gain (``decks``, ``twos_are_trump``, ``kitty="plain"`` …) appears here by itself:

* a field's candidate values are the accepted values the rules module publishes
  (``KITTY_RULES`` …, looked up by name), the values of :data:`CANDIDATES`, ``False``/``True``
  for a boolean, or just its default;
* a candidate is offered only if ``RuleSet`` accepts it **and** the engine can start a hand
  with it (``Round(0, rules)`` does not raise), so a rule the engine does not play yet is
  not offered.

A starting level that is not on the chosen ladder (2 under ``levels="5-10-K"``, RULES §12.1)
starts the match on the ladder's first rung, and the status line says so.

Options are labelled in the table's language where a label is known (:data:`LABELS`),
otherwise by their field name and value. Changes take effect with *new match*; if a hand is
in progress the first press asks, and a second button (new for each question, so a double
click cannot answer it) confirms.
"""

from __future__ import annotations

import dataclasses
import html
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .. import rules as rules_module
from ..cards import rank_text
from ..game import Round
from ..i18n import LANGUAGES, N_, Translator
from ..ladders import level_ladder
from ..players import PLAYER_TYPES
from ..rules import RuleSet
from .views import COMPUTER_NAMES

LEVELS = tuple(range(2, 15))
"""The levels a match may start at: 2 … A."""

CANDIDATES: dict[str, tuple[Any, ...]] = {
    "throw_penalty": (0, 10, 20),
    "decks": (1, 2, 3),
    "kitty_max": (None, 16, 32, 64, 128),
}
"""Values to offer for fields whose accepted values the rules module does not list."""

FIELD_LABELS = {
    "kitty": N_("kitty multiplier"),
    "settlement": N_("settlement"),
    "throw_penalty": N_("failed throw costs"),
    "bidding": N_("declaring"),
    "decks": N_("decks"),
    "twos_are_trump": N_("2s are always trump (常主)"),
    "overcall_after_bury": N_("overcall after the bury (反主)"),
    "kitty_max": N_("kitty multiplier at most"),
    "levels": N_("levels"),
    "joker_bids": N_("jokers declare"),
    "failed_throw": N_("a failed throw leads"),
    "no_bid": N_("nobody declares"),
    "settlement_table": N_("settlement table"),
    "open_kitty": N_("open kitty (亮底)"),
    "wear_ace": N_("wear the A (戴A)"),
    "partner_reinforce": N_("partner reinforces (对家保)"),
    "tractors": N_("tractors"),
    "offsuit_levels": N_("off-suit level cards"),
}

FIELD_HELP = {
    "kitty": N_("How many times the kitty's points count when the defenders win the last trick."),
    "settlement": N_("How the defenders' points turn into levels at the end of a hand."),
    "throw_penalty": N_("Points a side loses when its throw fails."),
    "bidding": N_("When and how the trump is declared (RULES §8, §12.4–§12.6)."),
    "decks": N_("How many decks are shuffled together (RULES §11.1)."),
    "twos_are_trump": N_("Every 2 is a trump, just below the level cards (RULES §11.2)."),
    "overcall_after_bury": N_(
        "After the bury, others may overcall and take the kitty (RULES §11.3)."
    ),
    "kitty_max": N_("The largest the kitty multiplier can be."),
    "levels": N_("Which levels a match climbs: every rank, or only 5, 10 and K (RULES §12.1)."),
    "joker_bids": N_("What jokers may declare: pairs, nothing, or all four at once (RULES §12.2)."),
    "failed_throw": N_("What is led when a throw fails (RULES §12.3)."),
    "no_bid": N_("The trump when nobody declares (RULES §12.7)."),
    "settlement_table": N_("Which table turns points into levels (RULES §12.9)."),
    "open_kitty": N_("The buried cards are shown to everyone and hold no points (RULES §12.11)."),
    "wear_ace": N_(
        "At A: no trump suit, and the A must lead and win the last trick (RULES §12.12)."
    ),
    "partner_reinforce": N_("A partner may pair up a single level card declared (RULES §12.13)."),
    "tractors": N_("What makes a tractor (RULES §12.14)."),
    "offsuit_levels": N_("Whether off-suit level cards rank by suit ♠ > ♥ > ♦ > ♣ (RULES §12.15)."),
}
"""One line under each rule option saying what it does."""

LABELS: dict[tuple[str, Any], str] = {
    ("kitty", "power"): N_("doubling: ×2, ×4, ×16, ×64"),
    ("kitty", "linear"): N_("linear: ×2, ×4, ×8, ×12"),
    ("kitty", "plain"): N_("plain: ×1, ×2, ×4, ×6"),
    ("settlement", "standard"): N_("standard: 2 steps (80 with 2 decks) take the deal"),
    ("settlement", "escalating"): N_("escalating: 2 steps take the deal and a level"),
    ("throw_penalty", 0): N_("nothing"),
    ("bidding", "during_deal"): N_("during the deal"),
    ("bidding", "after_deal"): N_("one auction after the deal"),
    ("decks", 1): N_("1 deck (54 cards)"),
    ("decks", 2): N_("2 decks (108 cards)"),
    ("decks", 3): N_("3 decks (162 cards)"),
    ("kitty_max", None): N_("no cap"),
    ("kitty", "cards"): N_("by cards led: ×2 per card"),
    ("kitty", "pairs"): N_("by pairs led: ×2, ×4, ×8 …"),
    ("kitty", "width"): N_("by kind: single ×2, pair ×4, triple ×6"),
    ("settlement", "forty_five"): N_("the 45-point game (one deck)"),
    ("bidding", "yield"): N_("yield the deal (让庄)"),
    ("bidding", "report"): N_("reports with a joker (报牌)"),
    ("bidding", "joker_colour"): N_("a joker and a level card of its colour (亮牌)"),
    ("levels", "2-A"): N_("2 to A"),
    ("levels", "5-10-K"): N_("5, 10, K only"),
    ("joker_bids", "pairs"): N_("pairs of jokers"),
    ("joker_bids", "none"): N_("nothing"),
    ("joker_bids", "four"): N_("all four jokers at once"),
    ("failed_throw", "lowest_beaten"): N_("its lowest beaten unit"),
    ("failed_throw", "smallest_card"): N_("its smallest card"),
    ("no_bid", "flip"): N_("turn up a kitty card"),
    ("no_bid", "no_trump"): N_("no trump"),
    ("no_bid", "third_card"): N_("the kitty's third card"),
    ("no_bid", "random_suit"): N_("a random suit"),
    ("settlement_table", "standard"): N_("standard"),
    ("settlement_table", "twenty"): N_("every 20 points (two decks)"),
    ("settlement_table", "one_deck_classic"): N_("classic one-deck table"),
    ("tractors", "full"): N_("across the level rank and trumps"),
    ("tractors", "plain"): N_("printed ranks of one suit only"),
    ("tractors", "off"): N_("none: pairs stay pairs"),
    ("offsuit_levels", "equal"): N_("all equal"),
    ("offsuit_levels", "suit"): N_("by suit ♠ > ♥ > ♦ > ♣"),
}


def candidates(field: dataclasses.Field) -> list[Any]:
    """The values worth offering for one RuleSet field, before checking them."""
    published = getattr(rules_module, f"{field.name.upper()}_RULES", None)
    if published is not None:
        values = list(published)
    elif field.name in CANDIDATES:
        values = list(CANDIDATES[field.name])
    elif isinstance(field.default, bool):
        values = [False, True]
    else:
        values = []
    default = field.default
    if default is not dataclasses.MISSING and default not in values:
        values.insert(0, default)
    return values


def playable(name: str, value: Any) -> bool:
    """The rules accept the value and the engine can start a hand with it, with the default
    number of decks or another one (a one-deck rule is offered; choosing it without one deck
    is refused with a message naming both options when the match starts)."""
    for decks in (2, 1, 3):
        try:
            rules = RuleSet(**{name: value, "decks": decks}) if name != "decks" else None
            Round(0, rules if rules is not None else RuleSet(decks=value))
        except Exception:  # noqa: BLE001 - any refusal means: not with these decks
            continue
        return True
    return False


def rule_options() -> dict[str, list[Any]]:
    """Every RuleSet field with the values the table can offer (fields with one are left out)."""
    options = {}
    for field in dataclasses.fields(RuleSet):
        values = [v for v in candidates(field) if playable(field.name, v)]
        if len(values) > 1:
            options[field.name] = values
    return options


def value_label(tr: Translator, name: str, value: Any) -> str:
    label = LABELS.get((name, value))
    if label is not None:
        return tr.gettext(label)
    if name == "throw_penalty":
        return tr.say_n("{n} point", "{n} points", value)
    if isinstance(value, bool):
        return tr.say("yes") if value else tr.say("no")
    if name == "kitty_max":
        return tr.say("×{n}", n=value)
    return str(value)


class Settings:
    """The settings tab: its widgets, and reading them into a seed, players and rules."""

    def __init__(self, on_new_match: Callable[[], None], on_display: Callable[[], None]) -> None:
        self.seed_text = widgets.Text(layout=widgets.Layout(width="320px"))
        self.computer_dropdown = widgets.Dropdown(layout=widgets.Layout(width="320px"))
        self.language_dropdown = widgets.Dropdown(layout=widgets.Layout(width="320px"))
        self.colors_checkbox = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
        self.colors_checkbox.add_class("shengji-colors")
        self.level_dropdown = widgets.Dropdown(layout=widgets.Layout(width="320px"))
        self.level_dropdown.add_class("shengji-start-level")
        self.pause_dropdown = widgets.Dropdown(layout=widgets.Layout(width="320px"))
        self.pause_dropdown.add_class("shengji-trick-pause")
        self.rule_dropdowns: dict[str, widgets.Dropdown] = {}
        self.rule_help: dict[str, widgets.HTML] = {}
        self.options = rule_options()
        for name in self.options:
            self.rule_dropdowns[name] = widgets.Dropdown(layout=widgets.Layout(width="320px"))
            self.rule_dropdowns[name].add_class(f"shengji-rule-{name.replace('_', '-')}")
            self.rule_help[name] = widgets.HTML()
            self.rule_help[name].add_class("shengji-rule-help")
        self.new_match_button = widgets.Button(button_style="warning")
        self.new_match_button.add_class("shengji-new-match")
        self.confirm_box = widgets.HBox()
        self.confirm_button: widgets.Button | None = None
        self.note_html = widgets.HTML()
        self.note_html.add_class("shengji-settings-note")
        self._on_new_match = on_new_match
        self.new_match_button.on_click(lambda _b: on_new_match())
        self.colors_checkbox.observe(lambda _c: on_display(), names="value")
        self.language_dropdown.observe(lambda _c: on_display(), names="value")
        self.pause_dropdown.observe(lambda _c: on_display(), names="value")
        self.computer_dropdown.add_class("shengji-computer")
        self.seed_text.add_class("shengji-seed")
        self.language_dropdown.add_class("shengji-language")
        self._labelled: str | None = None

    def rows(self) -> list[widgets.Widget]:
        """The settings pane, top to bottom: *new match* (and its confirm button) first, so
        it is on show without scrolling the pane, then what it applies, then the display."""
        buttons = widgets.HBox(
            [self.new_match_button, self.confirm_box],
            layout=widgets.Layout(flex="0 0 auto", min_height="36px", flex_flow="row wrap"),
        )
        buttons.add_class("shengji-new-match-row")
        rows = [
            buttons,
            self.note_html,
            self.seed_text,
            self.computer_dropdown,
            self.level_dropdown,
            *(row for name in self.rule_dropdowns for row in self._rule_rows(name)),
            self.language_dropdown,
            self.pause_dropdown,
            self.colors_checkbox,
        ]
        return rows

    def _rule_rows(self, name: str) -> tuple[widgets.Widget, widgets.Widget]:
        return self.rule_dropdowns[name], self.rule_help[name]

    def relabel(
        self,
        tr: Translator,
        seed: int,
        computer: str,
        rules: RuleSet,
        lang: str,
        start_level: int = 2,
        trick_pause: float | None = None,
    ) -> None:
        """Labels in the table's language, values from the running match (no events fired)."""
        style = {"description_width": "200px"}
        self.seed_text.description = tr.say("seed (empty: random)")
        self.seed_text.style = style
        if self._labelled is None:
            self.seed_text.value = str(seed)
        self.computer_dropdown.description = tr.say("computer players")
        self.computer_dropdown.style = style
        choices = [(tr.gettext(COMPUTER_NAMES.get(k, k)), k) for k in PLAYER_TYPES]
        _set_options(self.computer_dropdown, choices, computer if self._labelled is None else None)
        self.level_dropdown.description = tr.say("starting level")
        self.level_dropdown.style = style
        _set_options(
            self.level_dropdown,
            [(rank_text(r), r) for r in LEVELS],
            start_level if self._labelled is None else None,
        )
        self.pause_dropdown.description = tr.say("after a trick")
        self.pause_dropdown.style = style
        pauses = [(tr.say("wait until I press go on"), -1.0), (tr.say("go on at once"), 0.0)]
        pauses += [
            (tr.say_n("go on after {n} second", "go on after {n} seconds", n), n) for n in (1, 2, 3)
        ]
        current = -1.0 if trick_pause is None else float(trick_pause)
        if current not in [v for _, v in pauses]:
            pauses.append((tr.say("go on after {n} s", n=current), current))
        _set_options(self.pause_dropdown, pauses, current if self._labelled is None else None)
        for name, dropdown in self.rule_dropdowns.items():
            dropdown.description = tr.gettext(FIELD_LABELS.get(name, name))
            dropdown.style = style
            labels = [(value_label(tr, name, v), i) for i, v in enumerate(self.options[name])]
            current = self.options[name].index(getattr(rules, name))
            _set_options(dropdown, labels, current if self._labelled is None else None)
            help_text = FIELD_HELP.get(name)
            self.rule_help[name].value = (
                f"<small>{html.escape(tr.gettext(help_text))}</small>" if help_text else ""
            )
        self.language_dropdown.description = tr.say("language")
        self.language_dropdown.style = style
        _set_options(
            self.language_dropdown,
            [(name, code) for code, name in LANGUAGES.items()],
            lang if self._labelled is None else None,
        )
        self.colors_checkbox.description = tr.say("four colours (colour-blind safe)")
        note = tr.say("Seed, players and rules apply with new match; language and colours at once.")
        self.note_html.value = f"<i>{note}</i>"
        self.new_match_button.description = tr.say("new match")
        self.new_match_button.tooltip = tr.say("Start a new match with these settings")
        if self.confirm_button is not None:
            self.confirm_button.description = tr.say("yes, end the hand in progress")
        self._labelled = tr.lang

    @property
    def trick_pause(self) -> float | None:
        """The pause chosen after a trick (None: until *go on*)."""
        value = self.pause_dropdown.value
        return None if value is None or value < 0 else value

    def read(self, tr: Translator) -> tuple[int, str, RuleSet, int]:
        """The chosen seed, computer player, rules and starting level; ValueError with what
        to fix."""
        text = self.seed_text.value.strip()
        if not text:
            seed = random.randrange(1_000_000)
        else:
            try:
                seed = int(text)
            except ValueError:
                raise ValueError(
                    tr.say(
                        "the seed must be a whole number (or empty for a random one), not {text!r}",
                        text=text,
                    )
                ) from None
        computer = self.computer_dropdown.value
        chosen = {name: self.options[name][d.value] for name, d in self.rule_dropdowns.items()}
        rules = RuleSet(**chosen)  # a combination no seed plays: a ValueError naming both
        rungs = level_ladder(rules)
        level = self.level_dropdown.value or rungs[0]
        return seed, computer, rules, level if level in rungs else rungs[0]

    def ask_to_confirm(self, tr: Translator, on_confirm: Callable[[], None]) -> None:
        """Show a fresh confirm button (a click meant for an earlier one cannot answer it)."""
        self.withdraw_question()
        button = widgets.Button(
            description=tr.say("yes, end the hand in progress"), button_style="danger"
        )
        button.add_class("shengji-confirm-new-match")
        button.on_click(lambda b: on_confirm() if b is self.confirm_button else None)
        self.confirm_button = button
        self.confirm_box.children = [button]

    def withdraw_question(self) -> None:
        if self.confirm_button is not None:
            self.confirm_button.close()
        self.confirm_button = None
        self.confirm_box.children = []


def _set_options(dropdown: widgets.Dropdown, options: list, value: Any) -> None:
    """Set a dropdown's options (keeping its value) and, if given, its value."""
    keep = dropdown.value if value is None else value
    if list(dropdown.options) != options:
        dropdown.options = options
    values = [v for _, v in options]
    if keep in values and dropdown.value != keep:
        dropdown.value = keep
