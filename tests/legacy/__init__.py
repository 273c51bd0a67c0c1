"""The two-deck rules core frozen as it was before RULES §11 (commit 0369a5f), for tests only.

``tests/test_decks_legacy.py`` checks that with two decks and default options the package
still gives exactly these answers. The modules are verbatim copies of ``shengji_edu``'s
(``declaring.py`` is ``shengji_edu/game``'s, importing ``.cards`` instead of ``..cards``;
``scoring.py`` gained a lint comment on its first line): never edit them. They have their
own Card class, so convert cards by their text (``legacy.cards.Card.parse(card.text)``).
"""
