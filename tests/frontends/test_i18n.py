"""Messages in two languages: the gettext catalogues, the Message type, the table in Chinese.

The catalogues are checked against the source with Babel (every message of the code is in
the .po, every one has a Chinese translation with the same ``{fields}``, and the .mo is
exactly what Babel compiles from the .po); the table is then played in Chinese and no
English may be left in what it shows.
"""

from __future__ import annotations

import re
import string
from html import unescape
from pathlib import Path

import pytest
from scripts import load_script

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


@pytest.fixture(autouse=True)
def _tricks_go_on_at_once(monkeypatch):
    """These tests are about the rules: the computer players go on after a trick without
    waiting for *go on* (trick_pause=0). tests/frontends/test_widget_table.py tests the pause."""
    monkeypatch.setattr("shengji_edu.widgets.table.DEFAULT_TRICK_PAUSE", 0)


ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("babel", reason="Babel (test extra) reads the catalogues")


def tools_i18n():
    return load_script(ROOT / "tools" / "i18n.py", "tools_i18n")


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


# --- the rules core's reasons in Chinese ------------------------------------------------------
def no_english(text: str) -> bool:
    """No English word left (card ranks J Q K A are single letters; jokers must be 大王/小王)."""
    return not re.findall(r"[A-Za-z]{2,}", text)


def test_an_illegal_verdict_carries_its_message_and_keeps_its_english():
    from shengji_edu import Trump, check_follow, check_lead
    from shengji_edu.i18n import MessageText
    from shengji_edu.verdict import LEGAL, Verdict

    trump = Trump(10, "S")
    hand, lead = parse_cards("HA HK HK H5 H5 S4 S4 BJ"), parse_cards("H4 H4")
    verdict = check_follow(hand, lead, parse_cards("HA HK"), trump)
    english = "a pair of ♥ was led and you hold ♥K ♥K, ♥5 ♥5: you must follow with a pair"
    assert verdict.reason == english and str(verdict.message) == english
    assert isinstance(verdict.reason, MessageText) and verdict.reason.message is verdict.message
    assert verdict == Verdict(False, english)  # verdicts compare by ok and reason only
    chinese = render(verdict.reason, "zh")
    assert chinese == verdict.message.render("zh")
    assert chinese == "首家出了♥对子，你手里有 ♥K ♥K、♥5 ♥5：有对必跟对，必须跟出对子"
    assert check_follow(hand, lead, parse_cards("HK HK"), trump) is LEGAL  # nothing built
    mixed = check_lead(hand, parse_cards("BJ HA"), trump)
    assert render(mixed.reason, "zh").startswith("大王 ♥A 混有♥和主牌：")


def test_the_reason_survives_the_engine_raising_it_as_text():
    """The engine raises ``IllegalMove(verdict.reason)`` and ``IllegalMove(str(exc))``: both
    still know the message, and ``str()`` is the English text as before."""
    from shengji_edu import Trump, check_follow
    from shengji_edu.declaring import declaration_strength

    verdict = check_follow(
        parse_cards("HA S4"), parse_cards("H4"), parse_cards("S4"), Trump(10, "S")
    )
    exc = IllegalMove(verdict.reason)
    english = "♥ was led and you hold 1 ♥ card: you must follow with ♥ only, not ♠4"
    assert str(exc) == verdict.reason == english
    assert render(exc, "zh") == "首家出的是♥，你有 1 张♥：只能跟♥，不能出 ♠4"
    with pytest.raises(ValueError) as caught:
        declaration_strength(parse_cards("LJ H3"), 10)
    again = IllegalMove(str(caught.value))
    assert str(again).startswith("LJ ♥3 is not a declaration: show one level card")
    assert render(again, "zh").startswith("小王 ♥3 不能亮主：请亮出一张级牌")
    import pickle

    assert render(pickle.loads(pickle.dumps(again)), "zh") == render(again, "zh")


ONE_BUT_PLURAL = re.compile(r"\b1 (?:\S+ )?(?:cards|pairs|triples|singles|points|levels)\b")
"""English that counts one of something in the plural ("you hold 1 ♥ cards")."""


def test_every_reason_of_the_rules_core_reads_as_chinese():
    """Many situations with one, two and three decks: each refusal has a message whose
    English is the reason and whose Chinese has no English word left."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from strategies import follow_cases, throw_cases

    from shengji_edu import check_follow, check_lead, check_throw

    seen = set()

    def check(reason, msg):
        assert msg is not None and str(msg) == reason
        assert not ONE_BUT_PLURAL.search(reason), reason  # "1 ♥ card", "2 ♥ cards"
        chinese = msg.render("zh")
        assert no_english(chinese), (reason, chinese)
        seen.add(msg.msgid)

    decks = st.sampled_from([1, 2, 3])

    @settings(max_examples=300, deadline=None)
    @given(decks.flatmap(lambda d: follow_cases(decks=d, twos=None)), st.data())
    def follows(case, data):
        hand, lead, trump = case
        pool = hand + lead
        size = data.draw(st.sampled_from([len(lead)] * 4 + [len(lead) + 1]))
        play = data.draw(st.permutations(pool))[:size]
        verdict = check_follow(hand, lead, play, trump)
        if not verdict:
            check(verdict.reason, verdict.message)
        verdict = check_lead(hand, play, trump)
        if not verdict:
            check(verdict.reason, verdict.message)

    @settings(max_examples=200, deadline=None)
    @given(decks.flatmap(lambda d: throw_cases(decks=d, twos=None)))
    def throws(case):
        lead, others, trump = case
        result = check_throw(lead, others, trump)
        if not result:
            check(result.reason, result.message)

    follows()
    throws()
    assert len(seen) >= 8  # the search reached many different reasons


def test_declaration_refusals_and_the_ladder_read_as_chinese():
    from shengji_edu import declaring as d

    standing = d.Declaration(1, tuple(parse_cards("S10 S10")), d.PAIR_LEVEL, "S", 9)
    attempts = [
        lambda: d.declaration_strength([], 10, 3),
        lambda: d.declaration_strength(parse_cards("H3"), 10),
        lambda: d.declaration_strength(parse_cards("H10 H10"), 10, 1),
        lambda: d.declaration_over(parse_cards("H10"), 10, standing, 2, 3),
        lambda: d.declaration_over(parse_cards("S10 S10 S10"), 10, standing, 2, 3),
        lambda: d.overcall_strength(parse_cards("S10 S10 S10"), 10, standing, 3),
        lambda: d.overcall_strength(parse_cards("H10 H10"), 10, standing, 3),
    ]
    for attempt in attempts:
        with pytest.raises(ValueError) as caught:
            attempt()
        assert no_english(render(caught.value, "zh")), render(caught.value, "zh")
    for decks in (1, 2, 3):
        assert no_english(render(d.ladder_words(decks), "zh"))
    assert d.ladder_text(2) == (
        "one level card < a pair of level cards < two little jokers < two big jokers"
    )
    assert render(d.ladder_words(2), "zh") == "一张级牌 < 一对级牌 < 一对小王 < 一对大王"
    assert render(standing.describe_message(), "zh") == "座位 1 亮主 ♠10 ♠10（♠）"
    assert standing.describe() == "seat 1 declares ♠10 ♠10 (♠)"


# --- the table refuses in Chinese ---------------------------------------------------------------
def chinese_refusal(pt: PlayTable, *words: str) -> None:
    assert pt.message.startswith("不允许："), pt.message
    for word in words:
        assert word in pt.message, pt.message
    assert no_english(pt.message), pt.message
    assert_all_chinese(pt)


def test_a_chinese_table_refuses_an_illegal_follow_in_chinese():
    from test_widget import deal, legal_choice, select

    pt = PlayTable(seed=1, lang="zh")
    deal(pt)
    rnd = pt.round
    for _ in range(30):
        if rnd.lead is not None:
            suit = rnd.trump.suit_of(rnd.lead[0])
            hand = rnd.hand(0)
            held = [c for c in hand if rnd.trump.suit_of(c) == suit]
            others = [c for c in hand if rnd.trump.suit_of(c) != suit]
            if len(held) >= len(rnd.lead) and len(others) >= len(rnd.lead):
                break
        select(pt, legal_choice(pt))
        pt.play_button.click()
    else:
        raise AssertionError("no follow position found")
    select(pt, others[: len(rnd.lead)])
    before = rnd.hands
    pt.play_button.click()
    assert rnd.hands == before
    chinese_refusal(pt, "首家出的是", "只能跟")


def test_a_chinese_table_refuses_a_mixed_lead_and_shows_a_failed_throw_in_chinese():
    from test_widget import deal, legal_choice, select

    from shengji_edu import check_throw
    from shengji_edu.game.events import THROW_FAILED

    pt = PlayTable(seed=1, lang="zh")
    deal(pt, declare_first=True)
    rnd = pt.round
    select(pt, rnd.trump.sort(rnd.hand(0))[-8:])
    pt.bury_button.click()
    assert rnd.lead is None and rnd.turn == 0
    groups = [cards for cards in rnd.trump.by_suit(rnd.hand(0)).values() if cards]
    select(pt, [groups[0][0], groups[1][0]])
    pt.play_button.click()
    chinese_refusal(pt, "混有", "同一门")
    throw = None
    for _ in range(25):
        if rnd.lead is None and rnd.turn == 0:
            others = [rnd.hand(s) for s in (1, 2, 3)]
            for cards in rnd.trump.by_suit(rnd.hand(0)).values():
                singles = sorted(set(cards), key=rnd.trump.step)[:2]
                if len(singles) == 2 and not check_throw(singles, others, rnd.trump):
                    throw = singles
                    break
            if throw:
                break
        select(pt, legal_choice(pt))
        pt.play_button.click()
    assert throw, "no failed throw found"
    select(pt, throw)
    pt.play_button.click()
    assert any(event.kind == THROW_FAILED for event in rnd.events)
    shown = " ".join(everything_shown(pt))
    assert "甩牌" in shown and "失败" in shown
    assert_all_chinese(pt)


def test_a_chinese_table_refuses_an_illegal_declaration_in_chinese():
    """The declare buttons offer only what the engine allows; the handler is given cards the
    engine refuses (a forged or stale click), and the refusal is in Chinese."""
    pt = PlayTable(seed=1, lang="zh")
    for _ in range(8):
        pt.deal_next_button.click()
    rnd = pt.round
    plain = [c for c in rnd.hand(0) if c.rank != rnd.level_rank and not c.is_joker][:1]
    before = (rnd.dealt, rnd.declarations)
    pt.controls.on_declare(None, plain)
    assert (rnd.dealt, rnd.declarations) == before
    chinese_refusal(pt, "不能亮主", "级牌")
