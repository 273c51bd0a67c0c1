"""The play table as a page anyone can open: what ``shengji table`` serves through Voilà.

``shengji table`` starts Voilà on :data:`APP_NOTEBOOK`, a one-cell notebook that calls
:func:`table_from_environment`; Voilà runs it and shows only the widget, no code. The
command passes its options in environment variables, and a visitor may override them in the
address: ``http://127.0.0.1:8866/?lang=zh&seed=8`` (Voilà gives the kernel the query string
as ``QUERY_STRING``). A bad value falls back to the default instead of breaking the page.

**A reload resumes the match.** Every page load gets a new kernel, so the match is kept
outside it: after every click the table saves its game (a pickle of the engine's objects)
in the folder ``$SHENGJI_TABLE_SAVES``, one file per browser. The browser is known by the
anonymous user Jupyter's server gives it in a cookie (the same browser keeps it); Voilà's
*prelaunch hook* (:func:`prelaunch`) passes a hash of it to the notebook's call, before the
kernel starts, so even the first visit is saved where its reload looks.

**No request leaves the machine.** Voilà's ``lab`` template asks a CDN for Font Awesome;
the command serves the template ``shengji`` (:func:`write_voila_files`), the same template
without those links (the table uses no icons).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from ..i18n import DEFAULT_LANGUAGE, LanguageError, check_language
from ..players import PLAYER_TYPES
from .table import PlayTable

APP_NOTEBOOK = Path(__file__).resolve().parent.parent / "app" / "play_table.ipynb"
"""The notebook Voilà serves (shipped inside the package)."""

ENV_PREFIX = "SHENGJI_TABLE_"
SAVES_ENV = ENV_PREFIX + "SAVES"
"""The folder where each browser's match is saved (set by ``shengji table``)."""

TEMPLATE = "shengji"
"""The Voilà template the command serves: ``lab`` without requests to a CDN."""


def table_settings(environ: dict[str, str] | None = None) -> dict[str, object]:
    """Language, seed and computer players from the command's variables and the query."""
    environ = dict(os.environ if environ is None else environ)
    chosen: dict[str, str] = {}
    for name in ("lang", "seed", "computer"):
        value = environ.get(ENV_PREFIX + name.upper())
        if value:
            chosen[name] = value
    for name, values in parse_qs(environ.get("QUERY_STRING", "")).items():
        if name in ("lang", "seed", "computer") and values:
            chosen[name] = values[-1]
    settings: dict[str, object] = {"lang": DEFAULT_LANGUAGE}
    with contextlib.suppress(LanguageError):
        settings["lang"] = check_language(chosen.get("lang", DEFAULT_LANGUAGE))
    seed = chosen.get("seed", "")
    if seed.strip().lstrip("-").isdigit():
        settings["seed"] = int(seed)
    if chosen.get("computer", "").lower() in PLAYER_TYPES:
        settings["computer"] = chosen["computer"].lower()
    return settings


def save_path(browser: str | None, environ: dict[str, str] | None = None) -> Path | None:
    """Where this browser's match is kept (None without a browser or a saves folder)."""
    environ = os.environ if environ is None else environ
    folder = environ.get(SAVES_ENV)
    if not browser or not folder or not browser.isalnum():
        return None
    return Path(folder) / f"table-{browser}.pickle"


def table_from_environment(browser: str | None = None) -> PlayTable:
    """A table set up from the environment (see :func:`table_settings`), on the page's
    width; with ``browser`` (from :func:`prelaunch`) it resumes that browser's match and
    saves it after every click."""
    settings = table_settings()
    table = PlayTable(**settings)  # type: ignore[arg-type]
    table.widget.add_class("shengji-page")
    path = save_path(browser)
    if path is not None:
        lang = settings["lang"] if "lang=" in os.environ.get("QUERY_STRING", "") else None
        table.keep_saved(path, lang=lang)  # type: ignore[arg-type]
    return table


def browser_key(user: Any) -> str | None:
    """A short hash of the anonymous user Jupyter's server gave this browser."""
    name = getattr(user, "username", None) or (user if isinstance(user, str) else None)
    if not name:
        return None
    return hashlib.sha256(f"shengji-table {name}".encode()).hexdigest()[:24]


def prelaunch(req: Any, notebook: Any, cwd: str) -> Any:
    """Voilà's prelaunch hook: name the browser in the notebook's call, before the kernel
    starts (the kernel cannot see the request)."""
    try:
        key = browser_key(req.current_user)
    except Exception:  # noqa: BLE001 - without a user, the page just does not resume
        key = None
    if key is None:
        return notebook
    for cell in notebook.cells:
        if cell.cell_type == "code" and "table_from_environment()" in cell.source:
            cell.source = cell.source.replace(
                "table_from_environment()", f"table_from_environment(browser={key!r})"
            )
    return notebook


VOILA_CONFIG = """\
# Written by `shengji table`: Voila reads it (--Voila.config_file_paths).
c = get_config()  # noqa: F821
from shengji_edu.widgets.app import prelaunch

c.VoilaConfiguration.prelaunch_hook = prelaunch
"""

TEMPLATE_FILES = {
    "conf.json": '{"base_template": "lab"}\n',
    # Voilà's lab page without its two <link>s to a CDN (Font Awesome): nothing leaves
    # the machine, and a page without internet access loads as fast.
    "index.html.j2": """\
{%- extends 'lab/index.html.j2' -%}
{%- block notebook_css -%}
{%- for line in super().split('\\n') if not ('<link' in line and '://' in line) %}
{{ line }}
{%- endfor %}
{%- endblock notebook_css -%}
""",
}


def write_voila_files(folder: Path) -> dict[str, str]:
    """Write the Voilà config (the prelaunch hook) and the template into ``folder``; return
    the environment variables and the options that make Voilà use them."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "voila.py").write_text(VOILA_CONFIG, encoding="utf-8")
    templates = folder / "share" / "voila" / "templates" / TEMPLATE
    templates.mkdir(parents=True, exist_ok=True)
    for name, text in TEMPLATE_FILES.items():
        (templates / name).write_text(text, encoding="utf-8")
    paths = [str(folder / "share")]
    voila_data = _voila_data_dir()
    if voila_data is not None:
        paths.append(voila_data)  # Voilà's own templates, wherever Voilà is installed
    if os.environ.get("JUPYTER_PATH"):
        paths.append(os.environ["JUPYTER_PATH"])
    return {"JUPYTER_PATH": os.pathsep.join(paths), "config": str(folder)}


def _voila_data_dir() -> str | None:
    """``<prefix>/share/jupyter`` of the Voilà installed (a virtual environment that uses
    the system's packages does not list that prefix among Jupyter's paths)."""
    import importlib.util

    spec = importlib.util.find_spec("voila")
    if spec is None or not spec.origin:
        return None
    here = Path(spec.origin).resolve().parent
    for parent in here.parents:
        candidate = parent / "share" / "jupyter"
        if (candidate / "voila" / "templates" / "lab").is_dir():
            return str(candidate)
    return None
