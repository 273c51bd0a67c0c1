"""The table's widgets and their fixed sizes: what is where, and the one stylesheet.

A card table keeps its shape: nothing grows, shrinks, appears or disappears as the hand
goes on, so a card is never pulled from under the pointer and the buttons stay where the
hand learned them. Every pane has a fixed height (long content scrolls inside it), every
button is always there (a button that does not apply is disabled, and looks it), and the
only boxes whose content changes are the hand and the row of declaration buttons, both of
fixed size.

Only plain ipywidgets (``HTML``, ``Button``, ``ToggleButton``, boxes, ``Tab`` and the
form controls of the settings) and CSS, no JavaScript: the same table works in JupyterLab,
Notebook 6 and 7, VS Code, Colab and Voilà, with ipywidgets 7 or 8. Looks come from CSS
classes, styled by one ``<style>`` element in an HTML widget, because ipywidgets 7 has no
style attributes for a toggle's text colour or weight.

Width: the table fills its box up to 760 px in a notebook (Notebook 6's output area on a
1024 px screen is ~820 px); on the ``shengji table`` page (class ``shengji-page``) up to
1000 px, centred. It has no minimum width: below :data:`NARROW` px (a phone, or a narrow
notebook) a CSS container query gives it its narrow shape: smaller cards, the buttons in two
rows, the settings' labels above their values, taller panes. Both shapes have fixed heights,
so within one width nothing moves. No child is wider than the table (widgets' default 2 px
side margins are removed), so nothing is clipped and no scroll bar appears.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..game import AUCTION, DEALING, FINISHED, KITTY, OVERCALL, RETURNS, Round
from ..render.pictures import COLOR_SCHEMES, TRUMP_FACE
from .replay import ReplayPanel

WIDTH = 760
"""Pixels at most in a notebook: fits Notebook 6's output area (about 820 px) on a 1024 px
wide screen."""
PAGE_WIDTH = 1000
"""Pixels at most on the ``shengji table`` page (centred)."""
NARROW = 600
"""Below this width (pixels of the table) the table takes its narrow shape (a phone)."""

HEIGHTS = {
    "status": 106,
    "centre": 280,
    "message": 46,
    "hand": 184,
    "declare": 40,
    "controls": 40,
    "tabs": 210,
}
"""Pixels of each row of the table, top to bottom."""

NARROW_HEIGHTS = {
    "status": 172,
    "centre": 330,
    "message": 64,
    "hand": 290,
    "declare": 76,
    "controls": 76,
    "tabs": 300,
}
"""The same rows in the narrow shape (the stylesheet's container query sets them)."""

KITTY_MARK = "#0072B2"
"""The frame of a card that came from the kitty (Okabe–Ito blue: visible to everyone)."""

SELECTED_LIFT = 10
"""Pixels a selected card is raised, as a player pulls a card up from the hand."""


STATE_CLASSES = {
    "deal": "shengji-state-deal",
    "auction": "shengji-state-auction",
    "bury": "shengji-state-bury",
    "overcall": "shengji-state-overcall",
    "play": "shengji-state-play",
    "wait": "shengji-state-wait",
    "trick": "shengji-state-trick",
    "over": "shengji-state-over",
    "moved": "shengji-state-moved",
}
"""The class the table has in each state (a browser test waits for it)."""


def table_state(rnd: Round, you: int, paused: bool) -> str:
    """What the table waits for: deal, auction, bury, play, over (wait: a computer)."""
    if rnd.phase == DEALING:
        return "deal"
    if rnd.phase == FINISHED:
        return "trick" if paused else "over"
    if paused:
        return "trick"
    if rnd.turn != you:
        return "wait"
    states = {AUCTION: "auction", KITTY: "bury", RETURNS: "bury", OVERCALL: "overcall"}
    return states.get(rnd.phase, "play")


def stylesheet() -> str:
    """The table's CSS: colours per suit and scheme, card faces, fixed panes, disabled look."""
    ink = []
    for scheme, colors in COLOR_SCHEMES.items():
        for suit, color in colors.items():
            ink.append(
                f".shengji-colors-{scheme} .shengji-ink-{suit} {{ color: {color} !important; }}"
            )
    return "\n".join(
        [
            ".shengji-table { font-size: 13px; container-type: inline-size;"
            " box-sizing: border-box; margin-left: 0 !important; margin-right: 0 !important; }",
            # widgets' 2 px side margins would make each row 4 px wider than the table
            ".shengji-table > .jupyter-widgets, .shengji-table > .widget-box,"
            " .shengji-tabs .widget-box, .shengji-tabs .widget-html {"
            " margin-left: 0 !important; margin-right: 0 !important; max-width: 100%; }",
            f".shengji-table.shengji-page {{ max-width: {PAGE_WIDTH}px !important;"
            " margin-left: auto !important; margin-right: auto !important; }",
            ".shengji-table .widget-html-content { line-height: 1.35; }",
            # the Replay tab (widgets/replay.py): the seat that won the trick shown is marked
            ".shengji-replay table { border-collapse: collapse; margin: 4px 0; }",
            ".shengji-replay td { padding: 1px 8px 1px 0; vertical-align: top; }",
            ".shengji-replay-winner td { background: #E8F5E9; }",
            ".shengji-replay-note { white-space: normal; color: #333; }",
            ".shengji-table .shengji-pane { overflow: auto; box-sizing: border-box; }",
            # cards in the hand: tall faces, a gap between suits, raised when selected
            ".shengji-table .shengji-card { font-size: 15px; padding: 0 !important;"
            " border: 1px solid #888 !important; border-radius: 5px !important;"
            " background: #FFFFFF !important; box-shadow: none; transition: transform 0.1s; }",
            ".shengji-table .shengji-card.shengji-trump { font-weight: bold !important;"
            f" background: {TRUMP_FACE} !important; }}",
            ".shengji-table .shengji-card.shengji-kitty { border: 2px dashed"
            f" {KITTY_MARK} !important; outline: 2px solid {KITTY_MARK}40; }}",
            # a suit is one box: it wraps to a new line whole, and inside only if it is
            # longer than a whole line
            ".shengji-table .shengji-suit { display: flex; flex-flow: row wrap;"
            " margin: 0 8px 4px 0 !important; max-width: 100%; overflow: visible; }",
            f".shengji-table .shengji-card.mod-active {{ transform: translateY(-{SELECTED_LIFT}px);"
            " box-shadow: 0 3px 6px rgba(0, 0, 0, 0.35) !important; }",
            ".shengji-table .shengji-hand { padding-top: 12px; align-content: flex-start;"
            " overflow-x: hidden !important; }",
            # buttons that do not apply now must look it, whatever the front end's theme
            ".shengji-table button:disabled, .shengji-table .jupyter-button:disabled,"
            " .shengji-table .jupyter-button[disabled] { opacity: 0.35 !important;"
            " cursor: not-allowed !important; filter: grayscale(80%); }",
            # card faces inside the HTML panes
            ".shengji-face { display: inline-block; min-width: 1.6em; text-align: center;"
            " padding: 0 3px; margin: 1px; border: 1px solid #999; border-radius: 4px;"
            " background: #FFFFFF; font-weight: normal; }",
            f".shengji-face.shengji-trump {{ background: {TRUMP_FACE}; font-weight: bold; }}",
            f".shengji-face.shengji-kitty {{ border: 2px dashed {KITTY_MARK}; }}",
            # the table's centre: seats around the trick
            ".shengji-centre { display: grid; height: 100%; box-sizing: border-box;"
            " grid-template-columns: minmax(120px, 170px) 1fr minmax(120px, 170px);"
            " grid-template-rows: 70px 1fr 70px;"
            " grid-template-areas: 'x top y' 'left middle right' 'z bottom w';"
            " background: #2E7D4F; border-radius: 10px; padding: 6px; color: #FFFFFF; }",
            ".shengji-seat { background: rgba(255, 255, 255, 0.12); border-radius: 6px;"
            " padding: 3px 6px; margin: 2px; overflow: hidden; }",
            ".shengji-seat-top { grid-area: top; } .shengji-seat-bottom { grid-area: bottom; }",
            ".shengji-seat-left { grid-area: left; } .shengji-seat-right { grid-area: right; }",
            ".shengji-seat.shengji-turn { box-shadow: 0 0 0 2px #FFD54F inset; }",
            ".shengji-seat-name { font-weight: bold; white-space: nowrap; }",
            ".shengji-badge { background: #FFD54F; color: #000000; border-radius: 3px;"
            " padding: 0 4px; font-weight: bold; font-size: 11px; }",
            ".shengji-mark { background: #FFFFFF; color: #1B5E20; border-radius: 3px;"
            " padding: 0 4px; font-size: 11px; font-weight: bold; }",
            ".shengji-middle { grid-area: middle; padding: 4px 10px; overflow: auto;"
            " background: rgba(0, 0, 0, 0.15); border-radius: 6px; margin: 2px; }",
            ".shengji-middle .shengji-face, .shengji-seat .shengji-face { color: #000000; }",
            ".shengji-next { font-weight: bold; color: #FFD54F; margin-top: 4px; }",
            ".shengji-centre.shengji-centre-over { display: block; overflow: auto;"
            " padding: 10px 16px; }",
            ".shengji-result > div { margin: 3px 0; }",
            ".shengji-result .shengji-face { color: #000000; }",
            # buttons share the row and shrink to fit a narrow notebook
            ".shengji-table .shengji-controls .jupyter-button { flex: 1 1 auto;"
            " padding: 0 5px !important; font-size: 12.5px; min-width: 0 !important; }",
            ".shengji-table .shengji-declarations .jupyter-button { flex: 0 0 auto; }",
            # the settings: the new match row first; rows never shrink (they scroll)
            ".shengji-table .shengji-settings > * { flex: 0 0 auto; }",
            ".shengji-table .shengji-settings .widget-dropdown,"
            " .shengji-table .shengji-settings .widget-text { width: 100% !important;"
            " max-width: 640px; }",
            ".shengji-table .shengji-settings select { min-width: 0; }",
            ".shengji-rules { font-size: 12px; color: #333; }",
            ".shengji-chip { display: inline-block; border: 1px solid #BBB; border-radius: 4px;"
            " padding: 0 5px; margin: 1px 0; }",
            ".shengji-error { color: #B00020; font-weight: bold; }",
            ".shengji-legal { margin: 2px 0; padding-left: 2em; }",
            ".shengji-units { margin: 2px 0; padding-left: 1.2em; list-style: none; }",
            *ink,
            narrow_css(),
        ]
    )


def narrow_css() -> str:
    """The narrow shape (a phone): a container query on the table's own width."""
    panes = {
        "status": ".shengji-status",
        "centre": ".shengji-trick",
        "message": ".shengji-message",
        "hand": ".shengji-hand",
        "declare": ".shengji-declarations",
        "controls": ".shengji-controls",
        "tabs": ".shengji-tabs",
    }
    heights = [
        f".shengji-table {css} {{ height: {NARROW_HEIGHTS[name]}px !important; }}"
        for name, css in panes.items()
    ]
    inner = NARROW_HEIGHTS["tabs"] - 40
    rules = [
        *heights,
        f".shengji-table .shengji-tabs .shengji-pane, .shengji-table .shengji-settings"
        f" {{ height: {inner}px !important; }}",
        ".shengji-table .shengji-card { width: 32px !important; height: 44px !important;"
        " font-size: 12.5px !important; }",
        ".shengji-table .shengji-controls, .shengji-table .shengji-declarations"
        " { flex-wrap: wrap !important; align-content: flex-start; }",
        ".shengji-table .shengji-controls .jupyter-button { flex: 1 1 22% !important; }",
        ".shengji-centre { grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr)"
        " minmax(0, 1fr); grid-template-rows: 84px 1fr 84px; padding: 4px; }",
        ".shengji-seat { padding: 2px 4px; }",
        ".shengji-table .shengji-status { font-size: 12px; }",
        ".shengji-seat-name { white-space: normal; }",
        ".shengji-middle { padding: 3px 5px; }",
        ".shengji-table .shengji-settings .widget-inline-hbox { flex-wrap: wrap;"
        " height: auto !important; }",
        ".shengji-table .shengji-settings .widget-label { width: 100% !important;"
        " text-align: left !important; }",
    ]
    return f"@container (max-width: {NARROW - 1}px) {{ {' '.join(rules)} }}"


def fixed(height: int | None = None, width: int | str | None = "100%", **more: str):
    """A Layout of fixed size (pixels), with overflow hidden unless given."""
    options = dict(more)
    if height is not None:
        options["height"] = f"{height}px"
    if width is not None:
        options["width"] = width if isinstance(width, str) else f"{width}px"
    return widgets.Layout(**options)


class TableWidgets:
    """Every widget of one table, built once; the table only changes their values.

    Attribute names are the ones tests and lessons use (``play_button``, ``hand_box``, …).
    Labels are set by :meth:`relabel` so the language can change at any time.
    """

    def __init__(self) -> None:
        html_style = widgets.HTML().style  # one shared style object for every HTML pane
        self._html_style = html_style

        def pane(css: str, height: int, **layout: str) -> widgets.HTML:
            w = widgets.HTML(layout=fixed(height, **layout), style=html_style)
            w.add_class(css)
            w.add_class("shengji-pane")
            return w

        self.style_html = widgets.HTML(
            value=f"<style>{stylesheet()}</style>", layout=fixed(0, overflow="hidden")
        )
        self.style_html.add_class("shengji-style")
        self.status_html = pane("shengji-status", HEIGHTS["status"])
        self.trick_html = pane("shengji-trick", HEIGHTS["centre"], overflow="hidden")
        self.message_html = pane("shengji-message", HEIGHTS["message"])
        self.hint_html = pane("shengji-hint", HEIGHTS["tabs"] - 40)
        self.log_html = pane("shengji-log", HEIGHTS["tabs"] - 40)
        self.review_html = pane("shengji-review", HEIGHTS["tabs"] - 40)

        self.hand_box = widgets.Box(
            layout=fixed(HEIGHTS["hand"], flex_flow="row wrap", overflow="auto")
        )
        self.hand_box.add_class("shengji-hand")

        button_layout = widgets.Layout(width="auto", height="32px")
        self._button_layout = button_layout

        def button(css: str, kind: str = "") -> widgets.Button:
            b = widgets.Button(button_style=kind, layout=button_layout)
            b.add_class(css)
            b.add_class("shengji-button")
            return b

        self.deal_next_button = button("shengji-deal-next")
        self.deal_all_button = button("shengji-deal-all")
        self.pass_button = button("shengji-pass")
        self.bury_button = button("shengji-bury", "warning")
        self.play_button = button("shengji-play", "primary")
        self.hint_button = button("shengji-hint-button", "info")
        self.next_hand_button = button("shengji-next-hand", "success")
        self.last_trick_toggle = widgets.ToggleButton(layout=button_layout)
        self.last_trick_toggle.add_class("shengji-last-trick")
        self.resume_button = button("shengji-resume", "success")

        self.declare_box = widgets.HBox(
            layout=fixed(HEIGHTS["declare"], flex_flow="row nowrap", overflow="auto")
        )
        self.declare_box.add_class("shengji-declarations")
        self.controls = widgets.HBox(
            [
                self.deal_next_button,
                self.deal_all_button,
                self.pass_button,
                self.bury_button,
                self.play_button,
                self.hint_button,
                self.last_trick_toggle,
                self.next_hand_button,
            ],
            layout=fixed(HEIGHTS["controls"], flex_flow="row nowrap", overflow="hidden"),
        )
        self.controls.add_class("shengji-controls")

        self.settings_box = widgets.VBox(layout=fixed(HEIGHTS["tabs"] - 40, overflow="auto"))
        self.settings_box.add_class("shengji-settings")
        self.replay = ReplayPanel()  # the hand just played, step by step
        self.replay.widget.layout = fixed(HEIGHTS["tabs"] - 40, overflow="auto")
        self.tabs = widgets.Tab(
            children=[
                self.hint_html,
                self.log_html,
                self.settings_box,
                self.review_html,
                self.replay.widget,
            ],
            layout=fixed(HEIGHTS["tabs"]),
        )
        self.tabs.add_class("shengji-tabs")

        self.widget = widgets.VBox(
            [
                self.style_html,
                self.status_html,
                self.trick_html,
                self.message_html,
                self.hand_box,
                self.declare_box,
                self.controls,
                self.tabs,
            ],
            layout=widgets.Layout(width="100%", max_width=f"{WIDTH}px"),
        )
        self.widget.add_class("shengji-table")
        self._marks: dict[str, str] = {}

    def mark(self, kind: str, css: str) -> None:
        """Give the table the class ``css`` as its ``kind`` of mark (its state, its colours),
        in place of the previous one of that kind (only a change is sent)."""
        old = self._marks.get(kind, "")
        if css != old:
            if old:
                self.widget.remove_class(old)
            self.widget.add_class(css)
            self._marks[kind] = css

    def relabel(self, say) -> None:
        """Button labels and tooltips in the table's language (``say`` is Translator.say)."""
        labels = {
            self.deal_next_button: (
                say("deal next"),
                say("Deal one card; after the last one, fix the trump"),
            ),
            self.deal_all_button: (
                say("deal all"),
                say("Deal on; stops whenever you get something new to declare"),
            ),
            self.pass_button: (say("pass"), say("Pass in the auction")),
            self.bury_button: (say("bury"), say("Bury the selected cards as the new kitty")),
            self.play_button: (say("play"), say("Play the selected cards")),
            self.hint_button: (say("hint"), say("Show legal plays and what Greedy would do")),
            self.next_hand_button: (say("next hand"), say("Deal the next hand of the match")),
            self.last_trick_toggle: (
                say("last trick"),
                say("Show the last finished trick while pressed"),
            ),
            self.resume_button: (
                say("continue that game"),
                say("Move the game in progress from the earlier table to this one"),
            ),
        }
        for w, (text, tip) in labels.items():
            if w.description != text:
                w.description = text
            if w.tooltip != tip:
                w.tooltip = tip
        titles = (say("hint"), say("log"), say("settings"), say("review"), say("replay"))
        for i, title in enumerate(titles):
            self.tabs.set_title(i, title)
