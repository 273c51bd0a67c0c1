"""The play table's Replay tab: after a hand, step through it with the buttons; what it shows
is the engine's hand (the cards each seat played, the winner, the review's explanation), in
the table's language."""

from __future__ import annotations

import re
from html import unescape

import pytest
from table_helpers import legal_choice, select
from test_widget import NOT_DEALER_SEED, deal

from shengji_edu.game import FINISHED
from shengji_edu.i18n import translator
from shengji_edu.review import explain_round
from shengji_edu.widgets import PlayTable


@pytest.fixture(autouse=True)
def _tricks_go_on_at_once(monkeypatch):
    monkeypatch.setattr("shengji_edu.widgets.table.DEFAULT_TRICK_PAUSE", 0)


def played_out(lang: str = "en") -> PlayTable:
    pt = PlayTable(seed=NOT_DEALER_SEED, lang=lang)
    deal(pt)
    while pt.round.phase != FINISHED:
        select(pt, legal_choice(pt))
        pt.play_button.click()
    return pt


def shown(pt: PlayTable) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", pt.ui.replay.frame_html.value)).split())


def played_cards(pt: PlayTable, seat: int) -> list[str]:
    value = pt.ui.replay.frame_html.value
    row = re.search(rf"data-seat='{seat}'>(.*?)</tr>", value).group(1)
    played = re.search(r"shengji-replay-played'>(.*?)</td>", row).group(1)
    return [unescape(face) for face in re.findall(r">([^<]+)</span>", played)]


def test_the_replay_tab_waits_for_a_hand_then_steps_through_it():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    panel = pt.ui.replay
    assert panel.widget in pt.ui.tabs.children
    assert "When a hand is over" in shown(pt) and panel.forward_button.disabled
    deal(pt)
    pt = played_out()
    panel = pt.ui.replay
    rnd = pt.round
    tr = translator("en")
    assert panel.round is rnd and panel.step == 0
    assert "Before the first lead" in shown(pt) and panel.back_button.disabled
    review = explain_round(rnd, "en")
    first = rnd.tricks[0]
    panel.forward_button.click()
    leader, lead = first.plays[0]
    assert f"Trick 1 of {len(rnd.tricks)}" in shown(pt)
    assert sorted(played_cards(pt, leader)) == sorted(tr.card(c) for c in lead)
    assert " ".join(review[0].plays[0].text.split()) in shown(pt)
    for _ in range(3):
        panel.forward_button.click()
    for seat, cards in first.plays:
        assert sorted(played_cards(pt, seat)) == sorted(tr.card(c) for c in cards)
    assert f"data-seat='{first.winner}'" in re.search(
        r"<tr class='shengji-replay-seat shengji-replay-winner' (data-seat='\d')",
        panel.frame_html.value,
    ).group(1)
    panel.next_trick_button.click()
    assert f"Trick 2 of {len(rnd.tricks)}" in shown(pt)
    panel.back_button.click()
    panel.previous_trick_button.click()
    assert panel.step == 1
    panel.end_button.click()
    assert panel.forward_button.disabled
    assert f"Defenders' points: {rnd.result.defender_points}." in shown(pt)


def test_the_replay_tab_speaks_the_tables_language():
    pt = played_out("zh")
    panel = pt.ui.replay
    assert panel.forward_button.description == "前进"
    assert "首轮出牌之前" in shown(pt)
    panel.forward_button.click()
    assert "第 1 轮" in shown(pt)
    pt.settings.language_dropdown.value = "en"  # the language changes: the step stays
    assert panel.forward_button.description == "Forward" and panel.step == 1
    assert "Trick 1 of" in shown(pt)
