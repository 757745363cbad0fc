"""The static site: ``publish(kb, out)`` renders ``site/templates`` (jinja2, autoescape on) from
the API's own context functions (``kb.views``) into a folder any static host can serve.

``render_index`` is the plain page the API shows at ``/`` while no site is built.
"""

from __future__ import annotations

from typing import Any

from kb.publish.render import render
from kb.publish.site import DEFAULT_OUT, PublishError, publish
from kb.store import KB

__all__ = ["DEFAULT_OUT", "PublishError", "index_context", "publish", "render_index"]


def index_context(k: KB) -> dict[str, Any]:
    """Documents with their stats and top-level laws, for the fallback index page."""
    docs = []
    for d in k.documents():
        laws = [n for n in k.nodes(d["id"]) if n.kind == "law"]
        docs.append({**d, "laws": [{"id": n.id, "label": n.label, "title": n.title} for n in laws]})
    return {"docs": docs}


def render_index(k: KB) -> str:
    """The fallback index page (no site built yet) as HTML."""
    return render("fallback.html", **index_context(k))
