"""The book's launch buttons on every notebook page: JupyterLite, Colab, the notebook itself.

JupyterLite is the site built beside the book (``shengji_lite_dir``), linked relatively so
the book works from any folder or address. Colab opens the notebook from the GitHub
repository when one is configured (``shengji_github``); otherwise its button opens Colab,
where the downloaded notebook is uploaded (File → Upload notebook).
"""

from __future__ import annotations

from typing import Any

COLAB = "https://colab.research.google.com"


def launch_buttons(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    source = str(app.env.doc2path(pagename)) if pagename in app.env.all_docs else ""
    if not source.endswith(".ipynb") or "header_buttons" not in context:
        return
    notebook = f"{pagename}.ipynb"
    pathto = context["pathto"]
    lite = pathto(f"{app.config.shengji_lite_dir}/lab/index.html", 1) + f"?path={notebook}"
    github = app.config.shengji_github.strip("/")
    if github:
        colab = f"{COLAB}/github/{github}/blob/{app.config.shengji_branch}/{notebook}"
        colab_tip = "Open this notebook in Google Colab"
    else:
        colab = f"{COLAB}/"
        colab_tip = "Open Google Colab, then upload the downloaded notebook (File, Upload)"
    buttons = [
        {
            "type": "link",
            "text": "JupyterLite",
            "tooltip": "Run this notebook in your browser, with nothing installed",
            "icon": "_static/images/logo_jupyterlite.svg",
            "url": lite,
        },
        {
            "type": "link",
            "text": "Colab",
            "tooltip": colab_tip,
            "icon": "_static/images/logo_colab.png",
            "url": colab,
        },
        {
            "type": "link",
            "text": "Download the notebook",
            "tooltip": "Download this notebook (.ipynb) to run it in your own Jupyter",
            "icon": "fas fa-download",
            "url": pathto(f"_sources/{notebook}", 1),
            "label": "download-notebook-button",
        },
    ]
    context["header_buttons"].append(
        {
            "type": "group",
            "tooltip": "Run this notebook",
            "icon": "fas fa-rocket",
            "buttons": buttons,
            "label": "launch-buttons",
        }
    )


def setup(app: Any) -> dict:
    app.add_config_value("shengji_lite_dir", "lite", "html")
    app.add_config_value("shengji_github", "", "html")
    app.add_config_value("shengji_branch", "main", "html")
    app.connect("html-page-context", launch_buttons, priority=501)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
