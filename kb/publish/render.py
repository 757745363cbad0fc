"""The jinja2 environment of ``site/templates`` (autoescape on) and the helpers templates call:
links relative to the page (so the site works under any folder of any host), UI messages in
English with the key the browser translates them by, and reference numbering as printed."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup, escape

from kb.corpus import ROOT
from kb.publish.i18n import Catalogues, in_ui_scripts, load_catalogues

TEMPLATES = ROOT / "site" / "templates"
PARENS = frozenset({"item", "subitem"})  # numbered as (a), (i) in every source


@pass_context
def href(ctx: Context, url: Mapping[str, str] | None) -> str:
    """A link to a site location ``{"path", "anchor"}`` from the page being rendered: ``#B1a``
    on the same page, else relative to the site root (``../../sr-2007/27/#A1``)."""
    if not url:
        return ""
    anchor = f"#{url['anchor']}" if url.get("anchor") else ""
    if url["path"] == ctx.get("page_path") and anchor:
        return anchor
    return f"{ctx.get('root', '')}{url['path']}{anchor}"


def numbering(node: Mapping[str, Any]) -> str:
    """A node's number as the texts print it: ``(a)`` for items, ``B`` for sections."""
    label = node.get("label") or ""
    return f"({label})" if node.get("kind") in PARENS and label else label


def make_msg(catalogues: Catalogues) -> tuple[Callable[..., Markup], Callable[..., str]]:
    """``msg(key, tag="span", **args)``: the English message in an element the browser
    translates by ``data-i18n``; ``t(key, **args)``: the English text alone (for attributes,
    which carry ``data-i18n-<attribute>``). ``args`` fill ``{name}`` placeholders in every
    language; an unknown key fails the build."""
    english = catalogues.messages["en"]

    def t(key: str, **args: Any) -> str:
        if key not in english:
            raise KeyError(f"no UI message {key!r} in site/i18n/en.json")
        return english[key].format(**args) if args else english[key]

    def msg(key: str, tag: str = "span", **args: Any) -> Markup:
        data = f' data-i18n-args="{escape(json.dumps(args))}"' if args else ""
        return Markup(f'<{tag} lang="en" data-i18n="{key}"{data}>{escape(t(key, **args))}</{tag}>')

    return msg, t


@cache
def env() -> Environment:
    """The template environment (templates and catalogues read once per process)."""
    environment = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "xml"]),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.do"],
        undefined=StrictUndefined,  # a misspelt key fails the build, never renders as ""
        auto_reload=False,  # read once per process: no stat of every template per page
    )
    catalogues = load_catalogues()
    msg, t = make_msg(catalogues)
    environment.globals.update(
        msg=msg,
        t=t,
        has_msg=catalogues.messages["en"].__contains__,
        href=href,
        languages=catalogues.languages,
    )
    environment.filters.update(numbering=numbering, in_ui_scripts=in_ui_scripts)
    return environment


def render(template: str, **context: Any) -> str:
    """A template rendered with ``context``."""
    return env().get_template(template).render(**context)
