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
nested :class:`Message` is rendered in the same language; a :class:`Listing` is several
parameters joined by a separator that is translated too (``", "`` is ``"、"`` in Chinese).
Templates use ``str.format`` fields by name (``{cards}``); the translation must use the same
fields (a test checks).

**Text that must stay a string.** The rules core's reasons (``Verdict.reason``,
``ThrowResult.reason``, ``str()`` of a refused declaration's ``ValueError``) are strings
that code compares, stores and prints. They are :class:`MessageText`: a ``str`` equal to
the English text that keeps its :class:`Message`, so ``render(reason, "zh")`` is Chinese.
``str()`` of a ``Message``, of a ``MessageText`` and of an exception raised with either is a
``MessageText``, so the message survives ``raise IllegalMove(verdict.reason)`` and
``raise IllegalMove(str(exc))`` in code written before messages existed (the way Django's
``SafeString`` survives ``str()``).

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
        self._jokers = _JOKERS[self.lang]
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
        return self._jokers.get(text, text)

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
    (``IllegalMove(message(...))``) without changing what ``str(exc)`` said before; that
    text is a :class:`MessageText`, which still knows the message.
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
        """The English text, as a :class:`MessageText` that keeps this message."""
        return MessageText(self)

    def __repr__(self) -> str:
        return f"Message({self.render(DEFAULT_LANGUAGE)!r})"

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


class MessageText(str):
    """The English text of a :class:`Message`, as a ``str``, that keeps the message.

    Equal to, hashed and printed like the plain English string; ``.message`` (and
    :func:`render`) gives it in another language. ``str(text)`` is ``text`` itself, so the
    message survives code that calls ``str()`` on it or on an exception raised with it.
    Only made for text a person may read after a refusal: never on a hot path.
    """

    message: Message

    def __new__(cls, msg: Message) -> MessageText:
        self = super().__new__(cls, msg.render(DEFAULT_LANGUAGE))
        self.message = msg
        return self

    def __str__(self) -> str:
        return self

    def __reduce__(self):
        return (MessageText, (self.message,))


class Suit:
    """An effective suit as a message parameter: ``♥``, or ``trumps`` / ``主牌``."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Suit) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def render(self, tr: Translator) -> str:
        from .cards import SUIT_SYMBOLS

        if self.code == "T":
            return tr.gettext("trumps")
        return SUIT_SYMBOLS[self.code]

    def __str__(self) -> str:
        return self.render(translator(DEFAULT_LANGUAGE))

    def __repr__(self) -> str:
        return f"Suit({self.code!r})"


class Listing:
    """Several parameters shown as one, e.g. card groups ``♥Q ♥Q, ♥9 ♥9 ♥9`` or suits
    ``♠ and ♥``. Each item is rendered in the language, and so is the separator (a msgid:
    :data:`COMMA`, :data:`AND` or :data:`LESS`)."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Any, sep: str | None = None) -> None:
        self.items = tuple(items)
        self.sep = COMMA if sep is None else sep

    def render(self, tr: Translator) -> str:
        return tr.gettext(self.sep).join(render(item, tr) for item in self.items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Listing):
            return NotImplemented
        return (self.items, self.sep) == (other.items, other.sep)

    def __hash__(self) -> int:
        return hash((self.sep, len(self.items)))

    def __str__(self) -> str:
        return self.render(translator(DEFAULT_LANGUAGE))

    def __repr__(self) -> str:
        return f"Listing({self.items!r}, {self.sep!r})"


def render(value: Any, lang: str | Translator = DEFAULT_LANGUAGE) -> str:
    """Text for a message parameter (or a message) in a language.

    A :class:`Message`, :class:`Suit` or :class:`Listing` renders itself, a
    :class:`MessageText` its message; a card or a list of cards is its faces
    (:meth:`Translator.card`); an exception whose first argument is a ``Message`` or a
    ``MessageText`` (raised by the engine) renders that message; anything else is
    ``str(value)``.
    """
    tr = lang if isinstance(lang, Translator) else translator(lang)
    kind = type(value)
    # the common parameters first, by exact type: a refusal renders its reason at once
    if kind is str:
        return value
    if kind is int:
        return str(value)
    card = _CARD or _card_type()
    if kind is card:
        return tr.card(value)
    if kind is list or kind is tuple:
        if value and all(type(c) is card for c in value):
            return tr.cards(value)
        return str(value)
    if isinstance(value, (Message, Suit, Listing)):
        return value.render(tr)
    if isinstance(value, MessageText):
        return value.message.render(tr)
    if isinstance(value, BaseException):
        if value.args and isinstance(value.args[0], Message):
            return value.args[0].render(tr)
        if value.args and isinstance(value.args[0], MessageText):
            return value.args[0].message.render(tr)
        return str(value)
    if isinstance(value, card):
        return tr.card(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(c, card) for c in value):
        return tr.cards(value)
    return str(value)


_CARD: type | None = None


def _card_type() -> type:
    """The Card class, imported on first use (the rules core imports this module)."""
    global _CARD
    if _CARD is None:
        from .cards import Card

        _CARD = Card
    return _CARD


def N_(msgid: str) -> str:
    """Mark a string for extraction without translating it now (translate it when shown)."""
    return msgid


# TRANSLATORS: between the items of a list (card groups, units of a lead)
COMMA = N_(", ")
# TRANSLATORS: between the last two items of a list, and between suits ("♠ and ♥")
AND = N_(" and ")
# TRANSLATORS: between the declarations of the ladder, weakest first
LESS = N_(" < ")


__all__ = [
    "AND",
    "COMMA",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LESS",
    "LanguageError",
    "Listing",
    "Message",
    "MessageText",
    "N_",
    "Suit",
    "Translator",
    "check_language",
    "message",
    "plural_message",
    "render",
    "translator",
]
