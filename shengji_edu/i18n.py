"""Messages a person reads, in the language they chose (English by default, or Chinese).

Standard library only (``gettext``), so the rules core and the game engine can use it too.
The catalogues live in the package (``shengji_edu/locale/<lang>/LC_MESSAGES/shengji_edu.po``
and the compiled ``.mo``); ``python tools/i18n.py`` extracts, updates and compiles them with
Babel. English needs no catalogue: the English text is the message id.

Two ways to use it:

* **Say it now**: ``tr = translator("zh")`` then ``tr.say("Your turn.")`` or
  ``tr.say_n("{n} card", "{n} cards", n)``: a string in that language.
* **Say it later**: a :class:`Message` keeps the template and its parameters and is rendered
  when it is shown, in whatever language the front end uses. ``str(message)`` is the
  English text, so code that raises ``IllegalMove(message(...))`` keeps today's English
  ``str(exc)`` while a front end shows ``render(exc.args[0], "zh")``.

Parameters are rendered per language too: a :class:`~shengji_edu.cards.Card` (or a list of
cards) is written ``♠10`` in every language except that the jokers are ``BJ``/``LJ`` in
English and ``大王``/``小王`` in Chinese; a :class:`Suit` is ``♥`` or ``trumps``/``主牌``; a
nested :class:`Message` is rendered in the same language. Templates use ``str.format``
fields by name (``{cards}``); the translation must use the same fields (a test checks).

The language is always passed in (a table, a command), never global: two tables in one
notebook can speak two languages.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "shengji_edu"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文"}
"""The languages with a catalogue, by code, each named in itself (for a language menu)."""
DEFAULT_LANGUAGE = "en"

_JOKERS = {"en": {"BJ": "BJ", "LJ": "LJ"}, "zh": {"BJ": "大王", "LJ": "小王"}}


class LanguageError(ValueError):
    """A language this package has no catalogue for; the message lists the ones it has."""


def check_language(lang: str) -> str:
    """``lang`` itself if a catalogue exists for it (``"zh_CN"`` and ``"zh-Hans"`` mean
    ``"zh"``), else :class:`LanguageError`."""
    if not isinstance(lang, str):
        raise LanguageError(f"a language is a code such as 'en' or 'zh', not {lang!r}")
    base = lang.replace("-", "_").split("_")[0].lower()
    if base not in LANGUAGES:
        known = ", ".join(f"{code!r} ({name})" for code, name in LANGUAGES.items())
        raise LanguageError(f"no messages in language {lang!r}: choose one of {known}")
    return base


class Translator:
    """One language's catalogue, with the helpers the front ends call."""

    def __init__(self, lang: str) -> None:
        self.lang = check_language(lang)
        if self.lang == DEFAULT_LANGUAGE:
            self._catalogue: gettext.NullTranslations = gettext.NullTranslations()
        else:
            # fallback=False: a missing .mo is a packaging bug that should be loud.
            self._catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[self.lang])

    def gettext(self, msgid: str) -> str:
        return self._catalogue.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalogue.ngettext(singular, plural, n)

    def say(self, msgid: str, **params: Any) -> str:
        """The translation of ``msgid`` with its ``{fields}`` filled in (rendered here)."""
        return self._fill(self.gettext(msgid), params)

    def say_n(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """Like :meth:`say`, choosing the plural form for ``n`` (also the field ``{n}``)."""
        return self._fill(self.ngettext(singular, plural, n), {"n": n, **params})

    def render(self, value: Any) -> str:
        """Any parameter or message as text in this language (see the module docstring)."""
        return render(value, self)

    def card(self, card: Any) -> str:
        """One card's face: ``♠10``, or the joker's name in this language."""
        text = card.pretty
        return _JOKERS[self.lang].get(text, text)

    def cards(self, cards: Any, sep: str = " ") -> str:
        return sep.join(self.card(c) for c in cards)

    def _fill(self, template: str, params: Mapping[str, Any]) -> str:
        if not params:
            return template
        return template.format(**{k: render(v, self) for k, v in params.items()})

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


@cache
def translator(lang: str = DEFAULT_LANGUAGE) -> Translator:
    """The (shared, read-only) translator of a language; raises :class:`LanguageError`."""
    return Translator(check_language(lang))


class Message:
    """A sentence kept as its English template and parameters until someone reads it.

    ``str()`` gives the English text, so a ``Message`` can be raised inside an exception
    (``IllegalMove(message(...))``) without changing what ``str(exc)`` said before.
    """

    __slots__ = ("msgid", "plural", "n", "params")

    def __init__(
        self, msgid: str, plural: str | None = None, n: int | None = None, **params: Any
    ) -> None:
        if (plural is None) != (n is None):
            raise ValueError("a plural message needs both its plural template and its count n")
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.params = params

    def render(self, lang: str | Translator = DEFAULT_LANGUAGE) -> str:
        tr = lang if isinstance(lang, Translator) else translator(lang)
        if self.plural is not None:
            assert self.n is not None
            return tr.say_n(self.msgid, self.plural, self.n, **self.params)
        return tr.say(self.msgid, **self.params)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.plural, self.n, self.params) == (
            other.msgid,
            other.plural,
            other.n,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.n))


def message(msgid: str, **params: Any) -> Message:
    """A message to render later (Babel extracts the ``msgid`` from calls of this name)."""
    return Message(msgid, **params)


def plural_message(singular: str, plural: str, n: int, **params: Any) -> Message:
    """A message with a singular and a plural form, chosen by ``n`` when rendered."""
    return Message(singular, plural, n, **params)


class Suit:
    """An effective suit as a message parameter: ``♥``, or ``trumps`` / ``主牌``."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def render(self, tr: Translator) -> str:
        from .cards import SUIT_SYMBOLS

        if self.code == "T":
            return tr.gettext("trumps")
        return SUIT_SYMBOLS[self.code]

    def __str__(self) -> str:
        return self.render(translator(DEFAULT_LANGUAGE))


def render(value: Any, lang: str | Translator = DEFAULT_LANGUAGE) -> str:
    """Text for a message parameter (or a message) in a language.

    A :class:`Message` or :class:`Suit` renders itself; a card or a list of cards is its
    faces (:meth:`Translator.card`); an exception whose first argument is a ``Message``
    (raised by the engine) renders that message; anything else is ``str(value)``.
    """
    tr = lang if isinstance(lang, Translator) else translator(lang)
    if isinstance(value, Message):
        return value.render(tr)
    if isinstance(value, Suit):
        return value.render(tr)
    if isinstance(value, BaseException):
        if value.args and isinstance(value.args[0], Message):
            return value.args[0].render(tr)
        return str(value)
    from .cards import Card

    if isinstance(value, Card):
        return tr.card(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(c, Card) for c in value):
        return tr.cards(value)
    return str(value)


def N_(msgid: str) -> str:
    """Mark a string for extraction without translating it now (translate it when shown)."""
    return msgid


__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LanguageError",
    "Message",
    "N_",
    "Suit",
    "Translator",
    "check_language",
    "message",
    "plural_message",
    "render",
    "translator",
]
