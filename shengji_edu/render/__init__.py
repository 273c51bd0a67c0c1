"""Rendering: text for terminals; matplotlib pictures live in :mod:`.pictures`."""
