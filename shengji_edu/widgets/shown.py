"""How a table widget shows itself in a notebook: its widget view, with plain text beside it.

Both tables (:class:`~.table.PlayTable` and :class:`~.gin.GinTable`) are plain objects holding
an ipywidgets box, so the last line of a cell must say how to show them.
"""

from __future__ import annotations

from typing import Any


def widget_bundle(widget: Any, text: str, **kwargs: Any) -> dict[str, Any]:
    """The display bundle of ``widget`` with ``text`` as its short, stable plain-text form."""
    show = getattr(widget, "_repr_mimebundle_", None)
    bundle = show(**kwargs) if show is not None else None
    if bundle is None:  # ipywidgets 7 displays through _ipython_display_ instead
        view = {"version_major": 2, "version_minor": 0, "model_id": widget.model_id}
        bundle = {"application/vnd.jupyter.widget-view+json": view}
    bundle["text/plain"] = text
    return bundle
