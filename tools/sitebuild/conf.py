"""Sphinx's configuration for the course's book (``tools/build_site.py`` builds it).

Notebooks are shown as committed (``nb_execution_mode = "off"``). Nothing a page loads may
come from another host, so no MathJax (the lessons have no formulas: ``$`` is money in
prose) and no widget scripts; the launch buttons are the book's own (``launch.py``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

project = "shengji-edu"
author = "the shengji-edu authors"
copyright = "the shengji-edu authors (MIT)"

extensions = ["myst_nb", "sphinx.ext.autodoc", "launch"]
root_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
suppress_warnings = ["mystnb.unknown_mime_type"]

nb_execution_mode = "off"
nb_ipywidgets_js = {}  # no widget manager from a CDN: the table is a still picture here
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "sphinx_book_theme"
html_title = "Shengji: learn programming with a card game"
html_static_path: list[str] = []
html_copy_source = True
html_sourcelink_suffix = ""
html_show_sourcelink = False
html_theme_options = {
    "use_download_button": True,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "show_toc_level": 1,
    "navigation_with_keys": False,
}
html_context = {"default_mode": "light"}

# the launch buttons (launch.py): where the JupyterLite site is, and the GitHub repository
# Colab opens notebooks from ("owner/name" and a branch; empty: Colab's upload page)
shengji_lite_dir = os.environ.get("SHENGJI_SITE_LITE_DIR", "lite")
shengji_github = os.environ.get("SHENGJI_SITE_GITHUB", "")
shengji_branch = os.environ.get("SHENGJI_SITE_BRANCH", "main")
