"""End to end: the replay viewer (``shengji replay FILE --html OUT``) in Chromium, opened
from disk. Forward and back by mouse, the arrow keys, the trick menu and a seat's view; what
the page shows is checked against the engine's hand; and no request leaves the file (every
request is intercepted: each URL must be ``file:`` or ``data:``).

Chromium is Debian's, driven by Playwright through its executable path (no download), as in
test_e2e_browser.py; without it the test is skipped, except under ``CI=true``.
"""

from __future__ import annotations

import importlib.util
import os
import random

import pytest
from test_e2e_browser import CHROMIUM, launch, require

from shengji_edu import RuleSet
from shengji_edu.arena import deal_setup
from shengji_edu.game import Table
from shengji_edu.game.kept import hand_line, read_kept, write_kept
from shengji_edu.i18n import translator
from shengji_edu.players import GreedyPlayer
from shengji_edu.render.replay_data import seat_names
from shengji_edu.review import explain_round
from shengji_edu.tournament.match import new_round

pytestmark = pytest.mark.e2e


@pytest.fixture
def viewer(tmp_path):
    """A kept greedy hand (one seat named) and the viewer ``shengji replay`` writes of it."""
    require(os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)")
    require(importlib.util.find_spec("playwright") is not None, "playwright is not installed")
    from shengji_edu.cli import main

    round_ = new_round(deal_setup(21, random.Random(21)), RuleSet())
    Table(round_, [GreedyPlayer() for _ in range(4)]).run()
    kept = write_kept(tmp_path / "one.hands.jsonl.gz", [hand_line(round_, list("ABCD"))])
    pages = {}
    for lang in ("en", "zh"):
        pages[lang] = tmp_path / f"viewer {lang}.html"  # a space in the path, as on a desktop
        argv = ["replay", str(kept), "--html", str(pages[lang]), "--lang", lang]
        assert main(argv) == 0
    return read_kept(kept)[0].round, pages


def faces(tr, cards) -> list[str]:
    return [tr.card(c) for c in cards]


def shown(page, selector: str) -> list[str]:
    return page.locator(f"{selector} .card").all_inner_texts()


def test_the_viewer_steps_through_the_hand_offline(viewer):
    from playwright.sync_api import sync_playwright

    round_, pages = viewer
    tr = translator("en")
    seats = seat_names("en", list("ABCD"))
    tricks = round_.tricks
    total_steps = sum(len(t.plays) for t in tricks)
    review = explain_round(round_, "en")
    requests: list[str] = []

    def watch(route):
        requests.append(route.request.url)
        if route.request.url.startswith(("file:", "data:")):
            route.continue_()
        else:
            route.abort()

    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.route("**/*", watch)
            page.on("request", lambda r: requests.append(r.url))
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(pages["en"].as_uri())
            assert page.locator("#trick").inner_text() == "Before the first lead"
            assert page.locator("#step").inner_text() == f"Step 0 of {total_steps}"
            assert page.locator("#back").is_disabled()
            for seat in range(4):  # every hand shown, as the first lead is made
                held = [c for t in tricks for s, cards in t.plays if s == seat for c in cards]
                assert sorted(shown(page, f"#hand-{seat}")) == sorted(faces(tr, held))

            first = tricks[0]
            leader, lead = first.plays[0]
            page.locator("#forward").click()
            assert page.locator("#trick").inner_text() == f"Trick 1 of {len(tricks)}"
            assert shown(page, f"#played-{leader}") == faces(tr, round_.trump.sort(lead))
            said = f"{seats[leader]} leads {' '.join(faces(tr, lead))}."
            assert page.locator("#said").inner_text() in (said, said.replace("leads", "tried"))
            assert page.locator("#note").inner_text() == review[0].plays[0].text  # the why
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            for seat, cards in first.plays:
                assert sorted(shown(page, f"#played-{seat}")) == sorted(faces(tr, cards))
            assert f"{seats[first.winner]} wins the trick" in page.locator("#said").inner_text()
            assert "winner" in page.locator(f"#seat-{first.winner}").get_attribute("class")
            note = page.locator("#note").inner_text()
            assert review[0].plays[3].text in note and review[0].text in note
            assert page.locator("#points").inner_text() == str(
                first.points if (first.winner % 2) != (round_.dealer % 2) else 0
            )

            page.keyboard.press("ArrowRight")  # the next lead clears the table
            second_leader, second_lead = tricks[1].plays[0]
            assert page.locator("#trick").inner_text() == f"Trick 2 of {len(tricks)}"
            assert page.locator(".played .card").count() == len(second_lead)
            page.locator("#back").click()
            assert page.locator("#trick").inner_text() == f"Trick 1 of {len(tricks)}"
            assert page.locator(".played .card").count() == len(first.cards())
            page.keyboard.press("ArrowDown")
            page.keyboard.press("ArrowDown")
            assert page.locator("#trick").inner_text() == f"Trick 3 of {len(tricks)}"
            assert page.locator("#step").inner_text() == f"Step 9 of {total_steps}"
            page.keyboard.press("ArrowUp")
            assert page.locator("#trick").inner_text() == f"Trick 2 of {len(tricks)}"

            page.locator("#jump").select_option("7")
            assert page.locator("#trick").inner_text() == f"Trick 7 of {len(tricks)}"
            lead7 = tricks[6].plays[0]
            assert shown(page, f"#played-{lead7[0]}") == faces(tr, round_.trump.sort(lead7[1]))

            page.locator("#view").select_option("1")  # East's view: the others hidden
            assert shown(page, "#hand-1")
            for seat in (0, 2, 3):
                assert shown(page, f"#hand-{seat}") == ["##"]
            if round_.buried_by != 1:
                assert page.locator("#buried").inner_text() == "hidden"
            page.locator("#view").select_option("-1")

            page.locator("#end").click()
            assert page.locator("#step").inner_text() == f"Step {total_steps} of {total_steps}"
            assert page.locator("#result").is_visible()
            points = round_.result.defender_points
            assert f"Defenders' points: {points}." in page.locator("#result").inner_text()
            assert page.locator("#forward").is_disabled()
            page.keyboard.press("Home")
            assert page.locator("#step").inner_text() == f"Step 0 of {total_steps}"

            page.goto(pages["zh"].as_uri())
            assert page.locator("#trick").inner_text() == "首轮出牌之前"
            page.keyboard.press("ArrowRight")
            assert page.locator("#trick").inner_text() == f"第 1 轮，共 {len(tricks)} 轮"
            assert errors == []
        finally:
            browser.close()
    assert requests, "the page was loaded through the interception"
    outside = [url for url in requests if not url.startswith(("file:", "data:"))]
    assert outside == []
