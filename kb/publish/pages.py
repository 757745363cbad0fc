"""Every page of the site: where it is written, which template renders it, and its context,
built from ``kb.views`` (the API's own dicts) and ``kb.views.page``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kb.rules.bridge import scoring
from kb.rules.registry import provisions_of
from kb.store import KB
from kb.views.diff import EARLIER, LATER, diff_location
from kb.views.nodes import doc_tree
from kb.views.page import (
    contents_page_view,
    glossary_page_view,
    home_view,
    law_page_view,
    target,
)
from kb.views.rules import (
    imp_scale,
    pref_values_view,
    scoring_tables,
    undertrick_columns,
)

STRAINS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT"))


@dataclass(frozen=True)
class Page:
    """A page: its path under the site root (``sk-2017/27/``, ``""`` for the home page; it is
    written to ``path/index.html``), its template and what the template renders."""

    path: str
    template: str
    context: dict[str, Any]


def law_pages(kb: KB, doc: str) -> Iterator[Page]:
    """A page per law, article or regulation section of a document; a Law of the 2007 or 2017
    edition links to what changed in it (``diff``)."""
    for unit in doc_tree(kb, doc).units:
        view = law_page_view(kb, doc, unit.cite)
        bridge = doc in (EARLIER, LATER) and unit.cite.isdigit()
        view["diff"] = diff_location(unit.cite) if bridge else None
        yield Page(view["law"]["url"]["path"], "law.html", view)


def document_pages(kb: KB, doc: str) -> Iterator[Page]:
    """A document's contents, its glossary (when it has definitions) and its laws."""
    contents = contents_page_view(kb, doc)
    yield Page(f"{doc}/", "contents.html", contents)
    if contents["glossary"]:
        yield Page(contents["glossary"]["path"], "glossary.html", glossary_page_view(kb, doc))
    yield from law_pages(kb, doc)


def scoring_page(kb: KB) -> Page:
    """The Law 77 tables, the Law 78B scale and the calculator that computes from them."""
    tables = scoring_tables()
    laws = {
        "score": provisions_of(scoring.score),
        "imps": provisions_of(scoring.imps),
        "matchpoints": provisions_of(scoring.matchpoints),
    }
    return Page(
        "scoring/",
        "scoring.html",
        {
            "tables": tables,
            "under_columns": undertrick_columns(tables["undertricks"]),
            "imp_scale": imp_scale(),
            "strains": STRAINS,
            "laws": {k: [target(kb, i) for i in ids] for k, ids in laws.items()},
        },
    )


def preferans_page(kb: KB) -> Page:
    """The Preferans kodeks scoring values from the rules core and the codex's own tables."""
    values = pref_values_view()
    doc = values["provisions"][0].split(":", 1)[0]
    meta = next(d for d in kb.documents() if d["id"] == doc)
    tree = doc_tree(kb, doc)
    code_tables = [
        {**target(kb, n.id), "rows": n.rows, "meta": n.meta, "title": n.title}
        for n in tree.nodes.values()
        if n.kind == "table"
    ]
    return Page(
        "preferans/",
        "preferans.html",
        {
            "values": values,
            "doc": meta,
            "provision_targets": [target(kb, i) for i in values["provisions"]],
            "code_tables": code_tables,
        },
    )


def site_pages(kb: KB, engine: str | None, home: dict[str, Any]) -> Iterator[Page]:
    """Every page of the site, home first (with ``home`` added to its context)."""
    documents = home_view(kb)
    yield Page("", "index.html", {"documents": documents, **home})
    for d in documents:
        yield from document_pages(kb, d["id"])
    yield scoring_page(kb)
    yield preferans_page(kb)
    yield Page("find/", "find.html", {"documents": documents, "engine": engine})
