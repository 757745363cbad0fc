"""Render pages from ``site/templates`` (jinja2, autoescape on) from the API's own context."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from kb.corpus import ROOT
from kb.store import KB

TEMPLATES = ROOT / "site" / "templates"


@cache
def env() -> Environment:
    """The template environment."""
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def index_context(k: KB) -> dict[str, Any]:
    """Documents with their stats and top-level laws, for the index page."""
    docs = []
    for d in k.documents():
        laws = [n for n in k.nodes(d["id"]) if n.kind == "law"]
        docs.append({**d, "laws": [{"id": n.id, "label": n.label, "title": n.title} for n in laws]})
    return {"docs": docs}


def render_index(k: KB) -> str:
    """The index page as HTML."""
    return env().get_template("index.html").render(**index_context(k))
