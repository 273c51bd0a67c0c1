"""Extract, update and compile the message catalogues with Babel (maintainers' tool).

    python tools/i18n.py extract    # shengji_edu/locale/shengji_edu.pot from the source
    python tools/i18n.py update     # merge the template into every <lang>/.../shengji_edu.po
    python tools/i18n.py compile    # every .po -> .mo (the package reads the .mo at run time)
    python tools/i18n.py check      # exit 1 if a .po lacks a message or a translation, or a
                                    # .mo is older than its .po
                                    # (tests/frontends/test_i18n.py checks too)
    python tools/i18n.py all        # extract, update, compile

The same as Babel's command line, from the repository root::

    pybabel extract -F babel.cfg -k say -k say_n:1,2 -k message -k plural_message:1,2 \\
        -k N_ -o shengji_edu/locale/shengji_edu.pot shengji_edu
    pybabel update -i shengji_edu/locale/shengji_edu.pot -d shengji_edu/locale -D shengji_edu
    pybabel compile -d shengji_edu/locale -D shengji_edu

To translate a new message: run ``update``, fill in its ``msgstr`` in the ``.po`` (keep
every ``{field}`` of the English), run ``compile``, commit the ``.po`` and the ``.mo``.
Babel is in the ``test`` extra; the package itself needs only the standard library.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "shengji_edu"
LOCALE = PACKAGE / "locale"
DOMAIN = "shengji_edu"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
ENGINE_KEYWORDS = {"message": None, "plural_message": (1, 2), "N_": None}
"""Messages made to be rendered later (:class:`shengji_edu.i18n.Message`): any module."""
KEYWORDS = {**ENGINE_KEYWORDS, "say": None, "say_n": (1, 2), "gettext": None, "ngettext": (1, 2)}
"""In the modules that speak through a Translator (``tr.say`` and friends) as well."""
TRANSLATED = ("widgets", "i18n.py", "render/replay_data.py")
"""Where the Translator's methods are used (elsewhere ``say`` may be a print function)."""
LANGUAGES = ("zh",)


def extract():
    """A Babel catalogue of every message in the package's source, sorted by msgid."""
    from babel.messages.extract import extract_from_dir

    catalog = new_catalog(None)
    everywhere = extract_from_dir(
        str(PACKAGE),
        [("**.py", "python")],
        keywords=ENGINE_KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    )
    translated = extract_from_dir(
        str(PACKAGE),
        [(f"{part}/**.py" if not part.endswith(".py") else part, "python") for part in TRANSLATED],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    )
    for filename, lineno, msg, comments, context in [*everywhere, *translated]:
        catalog.add(
            msg,
            None,
            [(f"shengji_edu/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def new_catalog(lang: str | None):
    from babel.messages.catalog import Catalog

    return Catalog(
        locale=lang,
        domain=DOMAIN,
        project="shengji-edu",
        version="0.1",
        copyright_holder="the shengji-edu authors",
        msgid_bugs_address="the shengji-edu issue tracker",
        charset="utf-8",
    )


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str):
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write_po(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po as babel_write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    babel_write_po(buffer, catalog, width=100, sort_output=True, omit_header=False)
    path.write_bytes(buffer.getvalue())


def compiled(lang: str) -> bytes:
    """The .mo bytes Babel makes from a language's .po (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, read(lang), use_fuzzy=False)
    return buffer.getvalue()


def cmd_extract() -> None:
    write_po(extract(), TEMPLATE)
    print(f"wrote {TEMPLATE.relative_to(ROOT)}")


def cmd_update() -> None:
    template = extract()
    for lang in LANGUAGES:
        path = po_path(lang)
        catalog = read(lang) if path.exists() else new_catalog(lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write_po(catalog, path)
        print(f"updated {path.relative_to(ROOT)}")


def cmd_compile() -> None:
    for lang in LANGUAGES:
        mo = po_path(lang).with_suffix(".mo")
        mo.write_bytes(compiled(lang))
        print(f"compiled {mo.relative_to(ROOT)}")


def problems() -> list[str]:
    """What is missing or stale in the catalogues (empty when all is well)."""
    found = []
    wanted = {m.id for m in extract() if m.id}
    for lang in LANGUAGES:
        catalog = read(lang)
        have = {m.id for m in catalog if m.id}
        for msgid in sorted(wanted - have, key=str):
            found.append(f"{lang}: not in the .po (run update): {msgid!r}")
        for msgid in sorted(have - wanted, key=str):
            found.append(f"{lang}: no longer in the source (run update): {msgid!r}")
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            if not all(strings) or m.fuzzy:
                found.append(f"{lang}: no translation: {m.id!r}")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(lang):
            found.append(
                f"{lang}: {mo.relative_to(ROOT)} is not compiled from the .po (run compile)"
            )
    return found


def main(argv: list[str]) -> int:
    commands = {
        "extract": [cmd_extract],
        "update": [cmd_update],
        "compile": [cmd_compile],
        "all": [cmd_extract, cmd_update, cmd_compile],
    }
    if len(argv) != 1 or argv[0] not in (*commands, "check"):
        print(__doc__)
        return 2
    if argv[0] == "check":
        found = problems()
        for line in found:
            print(line)
        print("catalogues are complete and compiled" if not found else f"{len(found)} problems")
        return 1 if found else 0
    for command in commands[argv[0]]:
        command()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
