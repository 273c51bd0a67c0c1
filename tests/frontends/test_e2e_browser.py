"""End to end: a person plays the table by clicking, in JupyterLab and on the Voilà page.

Every click is a real mouse click (:func:`real_click`): the control must be on screen, in
the viewport's width, and be what ``document.elementFromPoint`` finds at its centre (no
pane lies over it), then the mouse clicks there. Menus are opened the same way and their
option chosen with Playwright's ``select_option`` (a native popup has no page element).

1. JupyterLab on 127.0.0.1 (free port, empty token, no XSRF check, a temporary root holding
   a copy of ``lessons/09_play.ipynb``): run every cell, then play a **whole hand** at the
   lesson's first table: declare at the first chance (so the student deals and buries),
   then every trick with a legal play taken from the hint, pressing *go on* after each
   trick a computer player won, to the result. On the way the table must keep its shape
   (the hand and the buttons never move), every play must leave the hand and no error may
   appear. Then "Try this 2": Monte Carlo in the settings tab, *new match*, by mouse.
2. ``shengji table`` (the real command, Voilà), at 1280×800 in English and at 390×844 (a
   phone) in Chinese: change the settings by mouse (3 decks, 常主, starting level 5,
   random players; *new match* and its red confirm button), check no setting's value is
   cut off, play a whole hand, reload the page mid-hand and play on to the result. No
   element may stick out of the viewport sideways, and no request may leave 127.0.0.1.
3. Ten reloads of the Voilà page: the kernels of the reloaded pages are culled.

Chromium is Debian's, driven by Playwright for Python through its executable path: no
browser download (the test machines are offline). Screenshots go to
``$SHENGJI_E2E_SCREENSHOTS`` or else to ``build/e2e-screenshots`` (gitignored); the test
prints the folder.

Without Chromium (or Playwright) the tests are skipped, except under ``CI=true``, where
``.ci/run`` installs Chromium and a missing browser is a failure. Run them on their own:
``python -m pytest -m e2e -s``. They take a few minutes together.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "lessons" / "09_play.ipynb"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(os.environ.get("SHENGJI_E2E_SCREENSHOTS") or ROOT / "build" / "e2e-screenshots")
SERVER_START_TIMEOUT = 30.0
CARD = re.compile(r"^(?:[♠♥♦♣](?:10|[2-9JQKA])|BJ|LJ)$")


def require(available: bool, why: str) -> None:
    """Skip without the browser, but fail under CI=true, where it must be there."""
    if available:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{why}; CI=true requires the browser test to run")
    pytest.skip(why)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(url: str, method: str = "GET") -> int:
    with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=5) as r:
        return r.status


def lab_data_path(ours: Path) -> str:
    """``JUPYTER_PATH`` for the test's JupyterLab: a ``python3`` kernel of this Python
    first (so the kernel imports the package under test), then the folder holding the
    widgets' lab extension when Jupyter's own paths miss it (a virtual environment that
    uses the system's packages: their data files stay under the system's prefix)."""
    from jupyter_core.paths import jupyter_path

    spec = ours / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "Python 3 (ipykernel)", "language": "python"}
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")
    paths = [str(ours)]
    widgets = Path("labextensions") / "@jupyter-widgets" / "jupyterlab-manager"
    if not any((Path(p) / widgets).is_dir() for p in jupyter_path()):
        import jupyterlab

        for parent in Path(jupyterlab.__file__).resolve().parents:
            if (parent / "share" / "jupyter" / widgets).is_dir():
                paths.append(str(parent / "share" / "jupyter"))
                break
    if os.environ.get("JUPYTER_PATH"):
        paths.append(os.environ["JUPYTER_PATH"])
    return os.pathsep.join(paths)


@pytest.fixture
def jupyter_lab(tmp_path):
    """A JupyterLab server on 127.0.0.1 serving a copy of the play lesson; always stopped.

    Checks for the browser first, so a machine without one skips before starting a server.
    """
    require(os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)")
    require(importlib.util.find_spec("playwright") is not None, "playwright is not installed")
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    port = free_port()
    env = dict(os.environ)
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    # A clean config folder (the user's settings stay out) that switches off the front
    # end's build check: it hashes JupyterLab's files for ~10 s of CPU while the page loads.
    config = tmp_path / "config"
    (config / "labconfig").mkdir(parents=True)
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"buildCheck": False, "buildAvailable": False}), encoding="utf-8"
    )
    env["JUPYTER_CONFIG_DIR"] = str(config)
    env.pop("SHENGJI_EDU_SIM_SCALE", None)
    env["JUPYTER_PATH"] = lab_data_path(tmp_path / "share")
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        "--LabApp.extension_manager=readonly",  # no PyPI look-ups: the machine is offline
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # CI containers often run as root
        cmd.append("--allow-root")
    log_path = tmp_path / "jupyter.log"
    with open(log_path, "wb") as log:
        started = time.monotonic()
        server = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + SERVER_START_TIMEOUT
            while True:
                if server.poll() is not None:
                    pytest.fail(f"JupyterLab exited:\n{log_path.read_text(errors='replace')}")
                try:
                    if request(f"{url}/api/status") == 200:
                        break
                except (urllib.error.URLError, OSError):
                    pass
                if time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not start:\n{log_path.read_text()}")
                time.sleep(0.2)
            yield url, started
        finally:
            try:  # shuts the kernels down too
                request(f"{url}/api/shutdown", method="POST")
                server.wait(timeout=15)
            except Exception:  # noqa: BLE001 - fall back to signals
                pass
            if server.poll() is None:
                server.terminate()
                try:
                    server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait(timeout=10)


def card_toggles(table):
    return table.locator(".shengji-hand .shengji-card")


def redraws(table) -> int:
    """The table's redraw number: the message pane is drawn last and carries it."""
    step = table.locator(".shengji-message [data-step]").get_attribute("data-step")
    return int(step or 0)


CLICKED: dict[str, int] = {}
"""What the tests clicked with the mouse, by CSS class (the report lists it)."""


def real_click(page, target) -> None:
    """Click ``target`` with the mouse, after checking a person could: it is enabled, on
    screen within the viewport's width, and nothing lies over its centre."""
    target.wait_for(state="visible", timeout=20_000)
    target.scroll_into_view_if_needed(timeout=20_000)
    box = target.bounding_box()
    assert box is not None, "not on screen"
    width = page.viewport_size["width"]
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    name = target.evaluate(
        """el => {
            const own = c => [...c.classList].find(
                k => k.startsWith('shengji-') && k !== 'shengji-button' && k !== 'shengji-pane');
            if (el.classList.contains('lm-TabBar-tab')) return 'tab ' + el.textContent.trim();
            let up = el;
            while (up && !own(up)) up = up.parentElement;
            const name = up ? own(up) : el.tagName.toLowerCase();
            return up === el ? name : `${name} ${el.tagName.toLowerCase()}`;
        }"""
    )
    assert 0 <= x <= width, f"{name} is outside the viewport's width: centre at x={x:.0f}"
    hit = target.evaluate(
        """(el, [x, y]) => {
            const at = document.elementFromPoint(x, y);
            return !!at && (at === el || el.contains(at));
        }""",
        [x, y],
    )
    assert hit, f"{name} is covered: elementFromPoint does not find it at its centre"
    assert target.is_enabled(), f"{name} is disabled"
    page.mouse.click(x, y)
    CLICKED[name] = CLICKED.get(name, 0) + 1


def overflow(page) -> list[str]:
    """Elements that stick out of the viewport sideways (a person could not reach them)."""
    return page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            const out = [];
            if (document.documentElement.scrollWidth > width + 1) out.push('document');
            for (const el of document.querySelectorAll('.shengji-table, .shengji-table *')) {
                const r = el.getBoundingClientRect();
                if (!r.width || getComputedStyle(el).visibility === 'hidden') continue;
                if (el.closest('.lm-TabPanel .lm-mod-hidden, .p-mod-hidden')) continue;
                if (r.right > width + 1 || r.left < -1)
                    out.push(`${el.className} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
            }
            return out.slice(0, 10);
        }"""
    )


def cut_off_selects(table) -> list[str]:
    """Menu values that would not fit in their closed menu (measured in the menu's font)."""
    return table.evaluate(
        """t => {
            const canvas = document.createElement('canvas').getContext('2d');
            const out = [];
            for (const sel of t.querySelectorAll('.shengji-settings select')) {
                const s = getComputedStyle(sel);
                canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
                for (const option of sel.options) {  // every value, as it shows when chosen
                    const text = option.text;
                    const need = canvas.measureText(text).width + parseFloat(s.paddingLeft)
                        + parseFloat(s.paddingRight) + 2;
                    if (need > sel.clientWidth + 1)
                        out.push(`${text} (${Math.round(need)} > ${sel.clientWidth})`);
                }
            }
            return out;
        }"""
    )


def click_and_settle(page, table, button, timeout: float = 20_000) -> None:
    """Click a button (really) and wait until the kernel's whole redraw reached the page.

    Updates of one redraw arrive in order and the message (with its step number) comes
    last, so a newer step means the hand, the trick and the buttons are up to date.
    """
    before = redraws(table)
    real_click(page, button)
    page.wait_for_function(
        """([pane, before]) => {
            const el = pane.querySelector('[data-step]');
            return !!el && Number(el.dataset.step) > before;
        }""",
        arg=[table.locator(".shengji-message").element_handle(), before],
        timeout=timeout,
    )


def raise_cards(page, table, cards: list[str]) -> None:
    """Click the toggles of ``cards`` (card notation, a toggle per physical card)."""
    used: set[int] = set()
    for card in cards:
        toggles = table.locator(f".shengji-hand .shengji-c-{card}")
        index = next(i for i in range(toggles.count()) if (card, i) not in used)
        used.add((card, index))
        toggle = toggles.nth(index)
        real_click(page, toggle)
        page.wait_for_function(
            "el => el.classList.contains('mod-active')", arg=toggle.element_handle(), timeout=10_000
        )


def screenshot(page, name: str, table=None) -> None:
    """The table (or the whole page) as a PNG in the screenshots folder."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = str(SCREENSHOTS / f"{name}.png")
    if table is not None:
        table.screenshot(path=path)
    else:
        page.screenshot(path=path)


def state(table) -> str:
    classes = table.get_attribute("class") or ""
    found = re.search(r"shengji-state-(\w+)", classes)
    return found.group(1) if found else "?"


def deal_to_play(page, table, declare: bool) -> None:
    """Deal (declaring at the first chance if asked) and bury, until the student plays."""
    for _ in range(40):
        now = state(table)
        if now in ("play", "wait", "over"):
            return
        if now == "trick":
            click_and_settle(page, table, table.locator(".shengji-go-on"))
            continue
        if now == "deal":
            declare_buttons = table.locator(".shengji-declare")
            if declare and declare_buttons.count():
                click_and_settle(page, table, declare_buttons.first)
                declare = False
            elif table.locator(".shengji-deal-on").count():
                click_and_settle(page, table, table.locator(".shengji-deal-on"))
            else:
                click_and_settle(page, table, table.locator(".shengji-deal-all"))
        elif now == "auction":
            click_and_settle(page, table, table.locator(".shengji-pass"))
        elif now == "bury":
            size = table.locator(".shengji-hand .shengji-kitty").count()
            assert size in (6, 8), "the kitty's cards are marked"
            toggles = card_toggles(table)
            names = [
                re.search(r"shengji-c-(\w+)", toggles.nth(i).get_attribute("class")).group(1)
                for i in range(toggles.count() - size, toggles.count())
            ]
            raise_cards(page, table, names)
            click_and_settle(page, table, table.locator(".shengji-bury"))
        else:
            pytest.fail(f"unexpected table state: {now}")
    pytest.fail("it never became the student's turn")


PLAY_SECONDS: list[float] = []
"""Browser time from a click on *play* to the redraw at the student's next turn."""


def suits_split(table) -> list[str]:
    """Suits of the hand that wrap onto two lines although one line would hold them."""
    return table.locator(".shengji-hand").evaluate(
        """hand => {
            const width = hand.clientWidth;
            const out = [];
            for (const suit of hand.querySelectorAll('.shengji-suit')) {
                const cards = [...suit.querySelectorAll('.shengji-card')];
                const tops = new Set(cards.map(c => Math.round(c.offsetTop)));
                const need = cards.reduce((w, c) => w + c.offsetWidth + 4, 0);
                if (tops.size > 1 && need <= width)
                    out.push(cards.map(c => c.textContent).join(' '));
            }
            return out;
        }"""
    )


def go_on(page, table) -> None:
    """Press *go on* while a finished trick waits to be seen."""
    for _ in range(60):
        if state(table) != "trick":
            return
        click_and_settle(page, table, table.locator(".shengji-go-on"))


def play_one(page, table) -> list[str]:
    """Take the hint's first legal play, raise its cards, press play; return the cards."""
    real_click(page, table.locator(".shengji-tabs .lm-TabBar-tab").nth(0))
    click_and_settle(page, table, table.locator(".shengji-hint-button"))
    seen = table.locator(".shengji-hint").evaluate(
        """pane => {
            const tip = pane.querySelector('.shengji-suggestion');
            if (!tip) return true;
            const p = pane.getBoundingClientRect(), r = tip.getBoundingClientRect();
            return r.top >= p.top && r.bottom <= p.bottom;
        }"""
    )
    assert seen, "Greedy's suggestion must show without scrolling the hint pane"
    assert suits_split(table) == [], suits_split(table)
    cards = table.locator(".shengji-hint .shengji-option").first.get_attribute("data-cards")
    cards = cards.split()
    before = card_toggles(table).count()
    raise_cards(page, table, cards)
    clicked = time.monotonic()
    click_and_settle(page, table, table.locator(".shengji-play"))
    PLAY_SECONDS.append(time.monotonic() - clicked)
    assert table.locator(".shengji-message .shengji-error").count() == 0, table.locator(
        ".shengji-message"
    ).inner_text()
    assert card_toggles(table).count() <= before - len(cards) or state(table) == "over"
    return cards


def positions(table) -> tuple:
    """Where the hand and the buttons are in the table: they must not move during the hand."""
    top = table.bounding_box()["y"]
    return tuple(
        round(table.locator(css).bounding_box()["y"] - top)
        for css in (".shengji-hand", ".shengji-controls", ".shengji-tabs")
    ) + (round(table.bounding_box()["height"]),)


def launch(pw):
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def test_play_a_whole_hand_in_jupyterlab(jupyter_lab, record_property):
    from playwright.sync_api import sync_playwright

    url, start = jupyter_lab
    steps: dict[str, float] = {"server up": time.monotonic() - start}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 1100})
            page.goto(f"{url}/lab/tree/{NOTEBOOK.name}")
            page.wait_for_function(
                """() => {
                    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                    const kernel = w && w.sessionContext && w.sessionContext.session
                        && w.sessionContext.session.kernel;
                    return !!kernel && kernel.status === 'idle'
                        && w.context.path.endsWith('09_play.ipynb');
                }""",
                timeout=40_000,
            )
            steps["notebook open, kernel idle"] = time.monotonic() - start
            # Stored outputs may hold stale widget views: clear them, then run every cell.
            page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            table = page.locator(".shengji-table").first
            table.wait_for(timeout=30_000)
            table.locator(".shengji-message [data-step]").wait_for(timeout=30_000)
            table.scroll_into_view_if_needed()
            steps["cells run, table shown"] = time.monotonic() - start
            screenshot(page, "0-jupyterlab-1024px")
            screenshot(page, "1-start", table)
            shape = positions(table)

            deal_to_play(page, table, declare=True)
            assert "dealer" in table.locator(".shengji-seat-bottom").inner_text()
            steps["declared, dealt, buried"] = time.monotonic() - start
            plays = 0
            for _ in range(60):
                go_on(page, table)
                if state(table) == "over":
                    break
                assert state(table) == "play", state(table)
                play_one(page, table)
                plays += 1
                assert positions(table) == shape, "the table moved"
                if plays == 6:
                    screenshot(page, "2-mid-hand", table)
            else:
                pytest.fail("the hand did not end")
            screenshot(page, "3-result", table)
            centre = table.locator(".shengji-trick").inner_text()
            assert "The hand is over" in centre and "Levels:" in centre, centre
            assert positions(table) == shape
            disabled = table.locator(".shengji-play")
            opacity = disabled.evaluate("el => getComputedStyle(el).opacity")
            assert disabled.is_disabled() and float(opacity) < 0.5, opacity
            steps[f"{plays} plays, result shown"] = time.monotonic() - start
            # Try this 2: Monte Carlo players in the settings tab, then new match, by mouse
            real_click(page, table.locator(".shengji-tabs .lm-TabBar-tab").nth(2))
            menu = table.locator(".shengji-computer select")
            real_click(page, menu)
            menu.select_option(value=menu.locator("option").nth(2).get_attribute("value"))
            page.keyboard.press("Escape")
            click_and_settle(page, table, table.locator(".shengji-new-match"))
            status = table.locator(".shengji-status").inner_text()
            assert "Monte Carlo" in status and "Hand 1" in status, status
            assert state(table) == "deal"
            # Try this 4: run the first table's cell again mid-hand. The hidden demo table
            # (same seed, all dealt) is another cell's game: only this table's is offered.
            click_and_settle(page, table, table.locator(".shengji-deal-next"))
            page.evaluate(
                """() => {
                    const panel = window.jupyterapp.shell.currentWidget;
                    const cells = panel.content.widgets;
                    panel.content.activeCellIndex = cells.findIndex(
                        c => c.model.sharedModel.getSource().trim() === 'PlayTable(seed=12)');
                    return window.jupyterapp.commands.execute('notebook:run-cell');
                }"""
            )
            resume = page.locator(".shengji-resume").first
            resume.wait_for(state="visible", timeout=30_000)
            tables = page.locator(".shengji-table")
            index = next(
                i for i in range(tables.count()) if tables.nth(i).locator(".shengji-resume").count()
            )
            table = tables.nth(index)
            assert "still in progress" in table.locator(".shengji-message").inner_text()
            click_and_settle(page, table, table.locator(".shengji-resume"))
            centre = table.locator(".shengji-trick").inner_text()
            assert "Dealing: 1 of 100 cards" in centre, centre  # its own game, not the demo's
        finally:
            browser.close()
    took = time.monotonic() - start
    record_property("e2e_seconds", round(took, 1))
    timeline = ", ".join(f"{name} {t:.1f} s" for name, t in steps.items())
    latency = sorted(PLAY_SECONDS)
    print(f"\ne2e JupyterLab: {timeline}; screenshots in {SCREENSHOTS}")
    print(
        f"e2e click on play -> next turn drawn, {len(latency)} plays: median "
        f"{1000 * latency[len(latency) // 2]:.0f} ms, max {1000 * latency[-1]:.0f} ms"
    )


@pytest.fixture
def voila_server(tmp_path):
    """Start ``shengji table`` with some options on a free port; every server is stopped."""
    require(os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)")
    require(importlib.util.find_spec("playwright") is not None, "playwright is not installed")
    require(importlib.util.find_spec("voila") is not None, "voila is not installed (app extra)")
    servers = []

    def start(*options: str):
        port = free_port()
        env = dict(os.environ)
        env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / f"runtime-{port}")
        env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "config")
        cmd = [sys.executable, "-m", "shengji_edu", "table", "--port", str(port)]
        cmd += ["--no-browser", "--saves", str(tmp_path / f"saves-{port}"), *options]
        log_path = tmp_path / f"voila-{port}.log"
        log = open(log_path, "wb")  # noqa: SIM115 - closed with the server
        started = time.monotonic()
        server = subprocess.Popen(
            cmd, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        servers.append((server, log))
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if server.poll() is not None:
                pytest.fail(f"shengji table exited:\n{log_path.read_text(errors='replace')}")
            try:  # a GET of the page would start a kernel: just wait for the port
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"Voilà did not start:\n{log_path.read_text(errors='replace')}")
            time.sleep(0.2)
        return f"http://127.0.0.1:{port}/", server.pid, started

    yield start
    for server, log in servers:
        if server.poll() is None:
            server.terminate()  # the command became Voilà: it shuts its kernels down
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
                server.wait(timeout=10)
        log.close()


def open_table(page, url: str | None = None):
    """Open the page (``url``) or, without one, wait for the page being (re)loaded."""
    if url is not None:
        page.goto(url)
    table = page.locator(".shengji-table").first
    table.wait_for(timeout=60_000)
    table.locator(".shengji-message [data-step]").wait_for(timeout=30_000)
    return table


def choose(page, table, css: str, index: int) -> None:
    """Open a settings menu with the mouse and choose its option number ``index``."""
    menu = table.locator(f"{css} select")
    real_click(page, menu)
    menu.select_option(value=menu.locator("option").nth(index).get_attribute("value"))
    page.keyboard.press("Escape")


WORDS = {
    "en": {
        "decks": "3 decks",
        "twos": "2s always trump",
        "level": "playing level 5",
        "random": "computer players: random",
        "back": "Welcome back",
        "over": "The hand is over",
        "levels": "Levels:",
        "hand1": "Hand 1",
    },
    "zh": {
        "decks": "3 副牌",
        "twos": "2 为常主",
        "level": "打 5",
        "random": "电脑玩家：随机",
        "back": "欢迎回来",
        "over": "这副牌打完了",
        "levels": "级别：",
        "hand1": "第 1 副",
    },
}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size, lang", [("desktop", "en"), ("phone", "zh")])
def test_a_whole_hand_on_the_voila_page_after_mouse_settings_with_a_reload(
    voila_server, size, lang, record_property
):
    from playwright.sync_api import sync_playwright

    url, _pid, start = voila_server("--lang", lang, "--seed", "12")
    host = url.rstrip("/")
    words = WORDS[lang]
    requests: list[str] = []
    steps: dict[str, float] = {}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            context = browser.new_context(viewport=SIZES[size])
            page = context.new_page()
            page.on("request", lambda r: requests.append(r.url))
            table = open_table(page, url)
            steps["page shown"] = time.monotonic() - start
            assert "table_from_environment" not in page.content(), "no code on the page"
            assert overflow(page) == [], overflow(page)
            box, room = table.evaluate(
                """t => [t.getBoundingClientRect().toJSON(),
                         t.parentElement.getBoundingClientRect().toJSON()]"""
            )
            assert box["width"] <= room["width"] + 0.5, "the table is wider than its box"
            if size == "desktop":  # the page's table: up to 1000 px, centred
                assert box["width"] == 1000, box
                assert abs((box["left"] - room["left"]) - (room["right"] - box["right"])) <= 1
            # a card dealt, so new match must ask; then the settings, by mouse
            click_and_settle(page, table, table.locator(".shengji-deal-next"))
            real_click(page, table.locator(".shengji-tabs .lm-TabBar-tab").nth(2))
            assert overflow(page) == [], overflow(page)
            assert cut_off_selects(table) == [], cut_off_selects(table)
            choose(page, table, ".shengji-rule-decks", 2)  # 3 decks
            choose(page, table, ".shengji-rule-twos-are-trump", 1)  # 常主: yes
            choose(page, table, ".shengji-start-level", 3)  # level 5
            choose(page, table, ".shengji-computer", 0)  # random players
            assert cut_off_selects(table) == [], cut_off_selects(table)
            click_and_settle(page, table, table.locator(".shengji-new-match"))
            click_and_settle(page, table, table.locator(".shengji-confirm-new-match"))
            status = table.locator(".shengji-status").inner_text()
            for word in ("decks", "twos", "level", "random", "hand1"):
                assert words[word] in status, (word, status)
            if size == "desktop":
                screenshot(page, f"voila-{size}-{lang}-settings", table)
            steps["settings chosen by mouse"] = time.monotonic() - start

            deal_to_play(page, table, declare=True)
            steps["dealt"] = time.monotonic() - start
            plays = 0
            reloaded = False
            for _ in range(80):
                go_on(page, table)
                if state(table) == "over":
                    break
                assert state(table) == "play", state(table)
                play_one(page, table)
                plays += 1
                if plays == 3:
                    assert overflow(page) == [], overflow(page)
                    screenshot(page, f"voila-{size}-{lang}-mid-hand")
                if plays == 4 and not reloaded:
                    go_on(page, table)
                    cards = card_toggles(table).count()
                    log = table.locator(".shengji-log").inner_text()
                    page.reload()
                    table = open_table(page)
                    reloaded = True
                    assert words["back"] in table.locator(".shengji-message").inner_text()
                    assert card_toggles(table).count() == cards
                    assert table.locator(".shengji-log").inner_text() == log
                    assert words["decks"] in table.locator(".shengji-status").inner_text()
                    steps["reloaded mid-hand"] = time.monotonic() - start
            else:
                pytest.fail("the hand did not end")
            assert reloaded
            centre = table.locator(".shengji-trick").inner_text()
            assert words["over"] in centre and words["levels"] in centre, centre
            assert overflow(page) == [], overflow(page)
            screenshot(page, f"voila-{size}-{lang}-result", table)
            steps[f"{plays} plays, result shown"] = time.monotonic() - start
        finally:
            browser.close()
    away = [u for u in requests if not u.startswith((host, "data:", "blob:"))]
    assert away == [], f"requests left the machine: {away}"
    took = time.monotonic() - start
    record_property("e2e_seconds", round(took, 1))
    print(f"\ne2e Voilà {size} {lang}: " + ", ".join(f"{k} {v:.1f} s" for k, v in steps.items()))
    print(f"clicked with the mouse: {dict(sorted(CLICKED.items()))}")


def kernels(server_pid: int) -> int:
    """Kernel processes the server started (Linux: read from /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != server_pid:
                continue
            cmdline = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if b"ipykernel" in cmdline:
            count += 1
    return count


def test_reloads_leave_no_kernel_running(voila_server, record_property):
    from playwright.sync_api import sync_playwright

    require(Path("/proc/self/stat").exists(), "counts kernels in /proc (Linux)")
    url, pid, _start = voila_server("--cull-idle", "3")
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport=SIZES["desktop"])
            open_table(page, url)
            before = kernels(pid)
            for _ in range(10):
                page.reload()
                open_table(page)
            right_after = kernels(pid)
            deadline = time.monotonic() + 60
            while kernels(pid) > before and time.monotonic() < deadline:
                time.sleep(1)
            after = kernels(pid)
        finally:
            browser.close()
    record_property("kernels", f"{before} -> {right_after} -> {after}")
    print(f"\nkernels: {before} with one page, {right_after} after ten reloads, {after} later")
    assert before == 1 and right_after > before and after == 1
