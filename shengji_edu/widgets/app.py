"""The play table as a page anyone can open: what ``shengji table`` serves through Voilà.

``shengji table`` starts Voilà on :data:`APP_NOTEBOOK`, a one-cell notebook that calls
:func:`table_from_environment`; Voilà runs it and shows only the widget, no code. The
command passes its options in environment variables, and a visitor may override them in the
address: ``http://127.0.0.1:8866/?lang=zh&seed=8`` (Voilà gives the kernel the query string
as ``QUERY_STRING``). A bad value falls back to the default instead of breaking the page.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from urllib.parse import parse_qs

from ..i18n import DEFAULT_LANGUAGE, LanguageError, check_language
from ..players import PLAYER_TYPES
from .table import PlayTable

APP_NOTEBOOK = Path(__file__).resolve().parent.parent / "app" / "play_table.ipynb"
"""The notebook Voilà serves (shipped inside the package)."""

ENV_PREFIX = "SHENGJI_TABLE_"


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


def table_from_environment() -> PlayTable:
    """A table set up from the environment (see :func:`table_settings`)."""
    return PlayTable(**table_settings())  # type: ignore[arg-type]
