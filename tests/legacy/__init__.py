"""The two-deck rules core frozen as it was before RULES §11 (commit 0369a5f), for tests only.

``tests/test_decks_legacy.py`` checks that with two decks and default options the package
still gives exactly these answers. The modules are verbatim copies (scoring.py only gained a
lint comment on its first line): never edit them. They have their own Card class, so convert
cards by their text (``legacy.cards.Card.parse(card.text)``).
"""
