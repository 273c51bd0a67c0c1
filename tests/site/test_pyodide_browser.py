"""The package in the browser: Pyodide in headless Chromium, with no network.

Pyodide's core (the npm package ``pyodide``, the version the JupyterLite site loads) is
served from this machine with the package's wheel, which is unpacked into Pyodide's file
system with ``zipfile`` (no micropip, no package index). Every request to another host is
blocked and counted. In one page:

* seeded hands and a whole match are played, and their records must be byte-identical to
  CPython's (and the hands per second of both are recorded);
* lesson 01's cells that use only the rules run, and print what they print in CPython;
* ex01's ``q.check`` passes a right answer, fails a wrong one with CPython's message, and
  stops an endless loop (no threads there: the traced runner).

``python tools/fetch_site_assets.py`` fetches Pyodide's core once (``.ci/run`` does);
without it the test is skipped, except under ``CI=true``.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import sys
import threading
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(HERE))
import browser_harness  # noqa: E402
from fetch_site_assets import PYODIDE_FILES, pyodide_dir  # noqa: E402
from frontends.test_e2e_browser import CHROMIUM, CHROMIUM_ARGS, require  # noqa: E402
from sitebuild.wheels import package_wheel  # noqa: E402

HANDS = 30
MATCH_SEED = 5
LESSON = ROOT / "lessons" / "01_cards.ipynb"
NOT_RULES = ("matplotlib", "plt.", "hypothesis", "widgets", "display(")

PAGE = """<!doctype html><meta charset="utf-8"><title>pyodide</title><script type="module">
import { loadPyodide } from "./pyodide.mjs";
const py = await loadPyodide({ indexURL: "./" });
const wheel = new Uint8Array(await (await fetch("./package.whl")).arrayBuffer());
py.FS.writeFile("/tmp/package.whl", wheel);
py.FS.writeFile("/tmp/browser_harness.py", await (await fetch("./browser_harness.py")).text());
py.runPython(`
import site, sys, zipfile
zipfile.ZipFile("/tmp/package.whl").extractall(site.getsitepackages()[0])
sys.path.insert(0, "/tmp")
`);
window.py = py;
window.ready = true;
</script>"""


def rules_cells() -> list[str]:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return [s for s in sources if not any(word in s for word in NOT_RULES)]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def served(tmp_path):
    """A folder with Pyodide's core, the package's wheel and the harness, on 127.0.0.1."""
    require(Path(CHROMIUM).exists(), f"{CHROMIUM} is not installed (apt-get install chromium)")
    core = pyodide_dir()
    require(
        all((core / name).is_file() for name in PYODIDE_FILES),
        f"no Pyodide core in {core}: python tools/fetch_site_assets.py",
    )
    site = tmp_path / "site"
    site.mkdir()
    for name in (*PYODIDE_FILES, "pyodide-lock.json"):
        shutil.copy2(core / name, site / name)
    wheel = package_wheel(ROOT, tmp_path / "wheel")
    shutil.copy2(wheel, site / "package.whl")
    shutil.copy2(HERE / "browser_harness.py", site / "browser_harness.py")
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def run_python(page, code: str):
    """Run Python in the page's Pyodide; its value comes back through JSON."""
    text = page.evaluate("code => window.py.runPython(code)", code)
    return json.loads(text)


def test_the_package_in_pyodide_matches_cpython(served, record_property):
    from playwright.sync_api import sync_playwright

    elsewhere: list[str] = []

    def only_here(route) -> None:
        if route.request.url.startswith(served):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.route("**/*", only_here)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(served + "index.html")
            page.wait_for_function("window.ready === true", timeout=180_000)
            assert errors == []
            platform = run_python(page, "import json, sys; json.dumps(sys.platform)")
            assert platform == "emscripten"

            # seeded hands and a match: byte-identical records
            there = run_python(
                page,
                "import json, browser_harness as h; "
                f"json.dumps(h.play_records({HANDS}, {MATCH_SEED}))",
            )
            here = browser_harness.play_records(HANDS, MATCH_SEED)
            assert there["match_hands"] == here["match_hands"] > 1
            assert there["bytes"] == here["bytes"]
            assert there["sha256"] == here["sha256"]
            assert there["text"] == here["text"]
            ratio = there["hands_per_second"] / here["hands_per_second"]
            record_property("pyodide_hands_per_second", round(there["hands_per_second"], 1))
            record_property("cpython_hands_per_second", round(here["hands_per_second"], 1))
            print(
                f"\nhands/s: Pyodide {there['hands_per_second']:.0f}, "
                f"CPython {here['hands_per_second']:.0f} (ratio {ratio:.2f})"
            )

            # a lesson's rules-only cells print what they print in CPython
            cells = rules_cells()
            assert len(cells) >= 15
            outputs = run_python(
                page,
                f"import json, browser_harness as h; json.dumps(h.run_cells({json.dumps(cells)}))",
            )
            assert outputs == browser_harness.run_cells(cells)

            # q.check: no threads there, the same verdicts, and a loop is stopped
            checked = run_python(
                page, "import json, browser_harness as h; json.dumps(h.check_exercise())"
            )
            assert checked["threads"] is False
            assert checked["right"] == "PASS"
            assert checked["wrong"] == browser_harness.check_exercise()["wrong"]
            assert "did not finish within 0.5 seconds" in checked["loop"]
            assert errors == []
        finally:
            browser.close()
    assert elsewhere == []
