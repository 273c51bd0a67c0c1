"""Messages in two languages: the gettext catalogues, the Message type, the table in Chinese.

The catalogues are checked against the source with Babel (every message of the code is in
the .po, every one has a Chinese translation with the same ``{fields}``, and the .mo is
exactly what Babel compiles from the .po); the table is then played in Chinese and no
English may be left in what it shows.
"""

from __future__ import annotations

import importlib.util
import re
import string
from html import unescape
from pathlib import Path

import pytest

from shengji_edu import parse_cards
from shengji_edu.game import FINISHED, IllegalMove
from shengji_edu.i18n import (
    LanguageError,
    Message,
    Suit,
    check_language,
    message,
    plural_message,
    render,
    translator,
)
from shengji_edu.widgets import PlayTable

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("babel", reason="Babel (test extra) reads the catalogues")


def tools_i18n():
    spec = importlib.util.spec_from_file_location("tools_i18n", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def text(pane) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", pane.value)).split())


# --- the catalogues ---------------------------------------------------------------------------
def test_every_message_of_the_source_has_a_compiled_chinese_translation():
    problems = tools_i18n().problems()
    assert not problems, "\n".join(problems[:20]) + "\n(python tools/i18n.py all fixes most)"


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_translations_keep_every_field_of_the_english():
    catalog = tools_i18n().read("zh")
    checked = 0
    for m in catalog:
        if not m.id:
            continue
        english = m.id if isinstance(m.id, tuple) else (m.id,)
        chinese = m.string if isinstance(m.string, tuple) else (m.string,)
        for en in english:
            for zh in chinese:
                assert fields(zh) == fields(en), (en, zh)
        checked += 1
    assert checked > 100


def test_the_chinese_terms_of_the_rules_are_used():
    tr = translator("zh")
    terms = {
        "dealer": "庄家",
        "defenders": "闲家",
        "trumps": "主牌",
        "pair": "对子",
        "tractor": "拖拉机",
        "bury": "扣底",
        "no trump suit": "无主",
        "failed throw:": "甩牌",
    }
    for english, chinese in terms.items():
        assert chinese in tr.gettext(english), english
    assert tr.card(parse_cards("BJ")[0]) == "大王" and tr.card(parse_cards("LJ")[0]) == "小王"


# --- the Message type ---------------------------------------------------------------------------
def test_a_message_is_english_as_str_and_chinese_when_rendered():
    m = message("{seat} declares {cards}.", seat="East", cards=parse_cards("H2 H2"))
    assert str(m) == "East declares ♥2 ♥2."
    assert m.render("zh") == "East亮主 ♥2 ♥2。"
    jokers = message("{seat} declares {cards}.", seat="West", cards=parse_cards("BJ BJ"))
    assert str(jokers) == "West declares BJ BJ." and "大王 大王" in jokers.render("zh")


def test_plural_messages_choose_their_form():
    one = plural_message("{n} card", "{n} cards", 1)
    many = plural_message("{n} card", "{n} cards", 3)
    assert (str(one), str(many)) == ("1 card", "3 cards")
    assert many.render("zh") == "3 张"
    with pytest.raises(ValueError):
        Message("{n} card", plural="{n} cards")


def test_suits_and_nested_messages_render_in_the_language():
    assert render(Suit("T"), "zh") == "主牌" and str(Suit("T")) == "trumps"
    assert render(Suit("H"), "zh") == "♥"
    outer = message("Not allowed: {reason}", reason=message("no trump suit"))
    assert str(outer) == "Not allowed: no trump suit"
    assert outer.render("zh") == "不允许：无主"


def test_an_engine_error_can_carry_a_message_without_changing_its_english():
    """The mechanism for the engine's reasons: raise the error with a Message inside."""
    reason = message("{seat} declares {cards}.", seat="North", cards=parse_cards("LJ LJ"))
    exc = IllegalMove(reason)
    assert str(exc) == "North declares LJ LJ."  # what str(exc) / the terminal show today
    assert render(exc, "zh") == "North亮主 小王 小王。"
    assert render(IllegalMove("plain text"), "zh") == "plain text"  # today's engine errors


def test_languages_are_checked_and_normalised():
    assert check_language("zh_CN") == "zh" and check_language("zh-Hans") == "zh"
    with pytest.raises(LanguageError, match="choose one of 'en'"):
        check_language("fr")
    assert issubclass(LanguageError, ValueError)


# --- the table in Chinese ----------------------------------------------------------------------
ALLOWED_LATIN = {"J", "Q", "K", "A", "Hint"}  # card ranks; nothing else may stay English


def english_words(value: str) -> set[str]:
    shown = " ".join(unescape(re.sub(r"<(style|[^>]+)>", " ", value)).split())
    shown = re.sub(r"<style.*?</style>", " ", shown, flags=re.S)
    return {w for w in re.findall(r"[A-Za-z]{2,}", shown)} - ALLOWED_LATIN


def everything_shown(pt: PlayTable) -> list[str]:
    """Every value and label a person can read, over the whole widget tree."""
    out = []

    def walk(w):
        # a menu shows its labels, never its values
        attrs = ("label", "description") if hasattr(w, "options") else ("value", "description")
        for attr in (*attrs, "tooltip", "placeholder"):
            value = getattr(w, attr, None)
            if isinstance(value, str) and not (attr == "value" and "<style>" in value):
                out.append(value)
        if hasattr(w, "options"):
            out.extend(str(o[0]) if isinstance(o, tuple) else str(o) for o in w.options)
        titles = getattr(w, "_titles", None) or getattr(w, "titles", None)
        if titles:
            out.extend(str(t) for t in (titles.values() if isinstance(titles, dict) else titles))
        for child in getattr(w, "children", ()):
            walk(child)

    walk(pt.widget)
    return out


def assert_all_chinese(pt: PlayTable) -> None:
    leftover = set()
    for value in everything_shown(pt):
        if value in ("English", "中文"):  # the language menu names each language in itself
            continue
        if re.fullmatch(r"-?\d+", value):  # the seed box
            continue
        leftover |= english_words(value)
    assert not leftover, leftover


def play_hand(pt: PlayTable, check) -> None:
    from test_widget import deal, legal_choice, select

    check(pt)
    deal(pt)
    check(pt)
    if pt.round.phase == "kitty":
        pt.hint_button.click()
        select(pt, pt.round.trump.sort(pt.round.hand(0))[-8:])
        check(pt)
        pt.bury_button.click()
    while pt.round.phase != FINISHED:
        pt.hint_button.click()
        check(pt)
        select(pt, legal_choice(pt))
        pt.play_button.click()
        pt.last_trick_toggle.value = True
        check(pt)
        pt.last_trick_toggle.value = False
    check(pt)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_hand_in_chinese_shows_no_english(seed):
    play_hand(PlayTable(seed=seed, lang="zh"), assert_all_chinese)


def test_the_language_is_per_table_and_can_change_mid_hand():
    en = PlayTable(seed=3)
    zh = PlayTable(seed=3, lang="zh")
    assert en.play_button.description == "play" and zh.play_button.description == "出牌"
    en.deal_all_button.click()
    en.language_dropdown.value = "zh"  # the settings tab's language menu
    assert en.lang == "zh" and en.play_button.description == "出牌"
    assert "发牌" in en.message or "亮主" in en.message
    assert_all_chinese(en)
    assert zh.lang == "zh" and PlayTable(seed=4).play_button.description == "play"
    en.language_dropdown.value = "en"
    assert en.play_button.description == "play"
