"""The matplotlib pictures (shengji_edu.render.pictures) draw what they promise, headless."""

import subprocess
import sys

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")  # no display needed

import matplotlib.pyplot as plt  # noqa: E402

from shengji_edu import ALL_CARDS, Trump, parse_cards  # noqa: E402
from shengji_edu.game import Round, play_round  # noqa: E402
from shengji_edu.players import GreedyPlayer  # noqa: E402
from shengji_edu.render.pictures import (  # noqa: E402
    COLOR_SCHEMES,
    card_label,
    draw_cards,
    draw_order,
    plot_points,
    suit_color,
)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_one_patch_and_one_text_per_card():
    cards = parse_cards("S10 S10 HA LJ BJ")  # two identical cards: both are drawn
    ax = draw_cards(cards, title="a hand")
    assert len(ax.patches) == 5
    assert [t.get_text() for t in ax.texts] == ["10\n♠", "10\n♠", "A\n♥", "LJ", "BJ"]
    assert ax.get_title() == "a hand"


def test_draw_on_given_axes_with_trump_grouping():
    fig, ax = plt.subplots()
    cards = parse_cards("C3 S2 H9 BJ HA D2")
    assert draw_cards(cards, ax=ax, trump=Trump(2, "H"), colors="four") is ax
    # Sorted strongest first, trumps first: BJ, the equal level cards S2 and D2, HA, H9; then C3.
    assert [t.get_text() for t in ax.texts] == ["BJ", "2\n♠", "2\n♦", "A\n♥", "9\n♥", "3\n♣"]
    assert len(ax.patches) == 6


def test_empty_hand_draws_nothing():
    ax = draw_cards([])
    assert not ax.patches and not ax.texts


def test_colour_schemes():
    h, d, s = parse_cards("H5 D5 S5")
    assert suit_color(h) == suit_color(d) != suit_color(s)  # classic: red and black
    four = {suit_color(c, "four") for c in parse_cards("S5 H5 D5 C5")}
    assert len(four) == 4
    assert suit_color(h, "four") == "#D55E00"
    assert set(COLOR_SCHEMES) == {"classic", "four"}
    with pytest.raises(ValueError, match="colour scheme"):
        draw_cards(parse_cards("S5"), colors="rainbow")


def test_card_labels():
    assert card_label(parse_cards("S10")[0]) == "10\n♠"
    assert card_label(parse_cards("HQ")[0], one_line=True) == "♥Q"
    assert card_label(parse_cards("BJ")[0], one_line=True) == "BJ"


def test_order_with_explicit_rungs():
    s2, h2, d2, bj = parse_cards("S2 H2 D2 BJ")
    fig, ax = plt.subplots()
    draw_order([bj, [s2, h2, d2]], ax, "ladder")
    assert len(ax.patches) == 4
    texts = [t.get_text() for t in ax.texts]
    assert texts.count("=") == 2  # three equal cards on one rung
    assert len(texts) == 4 + 2


def test_order_groups_equal_cards_and_suits_with_a_trump():
    trump = Trump(2, None)
    cards = trump.sort(c for c in ALL_CARDS if trump.is_trump(c) or c.suit == "C")
    fig, ax = plt.subplots()
    draw_order(cards, ax, "no trump", trump=trump, rows=28, columns=4)
    assert len(ax.patches) == len(cards) == 6 + 12
    texts = [t.get_text() for t in ax.texts]
    assert texts.count("=") == 3  # the four level cards are equal
    assert "trumps" in texts and "side ♣" in texts
    assert len(ax.lines) == 1  # one divider between trumps and clubs


def test_plot_points_reads_the_round():
    round_ = play_round(Round(seed=7), [GreedyPlayer() for _ in range(4)])
    ax = plot_points(round_)
    totals = [e.data["defender_points"] for e in round_.events if e.kind == "trick"]
    assert list(ax.lines[0].get_ydata()) == totals
    assert len(ax.patches) == len(round_.tricks)  # one bar per trick


def test_importing_does_not_import_matplotlib():
    code = (
        "import sys, shengji_edu.render.pictures; "
        "assert 'matplotlib' not in sys.modules, 'matplotlib imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
