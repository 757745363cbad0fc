"""What the document pages hold: the list of documents, one document, its contents (outline)
and its definitions (glossary)."""

from __future__ import annotations

import unicodedata
from typing import Any

from kb.models import Node
from kb.store import KB
from kb.views.nodes import (
    STRUCTURE_KINDS,
    DocTree,
    brief,
    doc_tree,
    document_meta,
    is_unit,
)

OUTLINE_KINDS = STRUCTURE_KINDS | {"law", "section"}


def documents_view(kb: KB) -> list[dict[str, Any]]:
    """Every document with its metadata and build figures."""
    return [{**d, "url": {"path": f"{d['id']}/", "anchor": ""}} for d in kb.documents()]


def document_view(kb: KB, doc: str) -> dict[str, Any]:
    """One document: metadata, build figures, and its laws/articles (number and title)."""
    tree = doc_tree(kb, doc)
    stats = next(d["stats"] for d in kb.documents() if d["id"] == doc)
    return {
        **document_meta(kb, doc),
        "stats": stats,
        "url": {"path": f"{doc}/", "anchor": ""},
        "units": [
            {**brief(kb, n), "text_in_source": n.meta.get("text_in_source", True)}
            for n in tree.units
        ],
    }


def _outline(kb: KB, tree: DocTree, node: Node) -> dict[str, Any]:
    # below a law, only its lettered sections belong in the contents
    kids = [
        c
        for c in tree.children.get(node.id, [])
        if c.kind in OUTLINE_KINDS and (c.kind != "section" or not is_unit(c))
    ]
    entry = brief(kb, node)
    if is_unit(node):
        entry["text_in_source"] = node.meta.get("text_in_source", True)
    entry["children"] = [_outline(kb, tree, c) for c in kids]
    return entry


def contents_view(kb: KB, doc: str) -> dict[str, Any]:
    """A document's outline as the source has it: chapters, parts, section groups, laws or
    articles, and the lettered sections of each law; the glossary when it has definitions."""
    tree = doc_tree(kb, doc)
    top = [
        n
        for n in tree.children.get(None, [])
        if n.kind in OUTLINE_KINDS or n.kind == "part" or is_unit(n)
    ]
    has_glossary = any(n.kind == "definition" for n in tree.nodes.values())
    return {
        "document": document_meta(kb, doc),
        "contents": [_outline(kb, tree, n) for n in top],
        "glossary": {"path": f"{doc}/glossary/", "anchor": ""} if has_glossary else None,
    }


def sort_key(term: str) -> tuple[str, str]:
    """Dictionary order: letters and digits only, a letter with diacritics beside its base
    letter (č with c), spaces and punctuation ignored; ties broken by the exact form."""
    base = "".join(ch for ch in unicodedata.normalize("NFD", term.casefold()) if ch.isalnum())
    return base.replace("đ", "dz"), term.casefold()


def _initial(term: str) -> str:
    """The letter a term is listed under: its first letter, upper case, diacritics kept."""
    first = next((ch for ch in term if ch.isalnum()), "#")
    return first.upper() if first.isalpha() else "#"


def definitions_view(kb: KB, doc: str) -> dict[str, Any]:
    """A document's defined terms A-Z with their definitions (what each holds nested:
    paragraphs, items, sub-definitions, tables), grouped by initial letter."""
    tree = doc_tree(kb, doc)
    top = [
        n
        for n in tree.nodes.values()
        if n.kind == "definition" and "/" not in n.cite.removeprefix("def/")
    ]

    def entry(n: Node) -> dict[str, Any]:
        return {
            **brief(kb, n),
            "term": n.title,
            "text": n.text,
            "en": n.meta.get("en"),
            "rows": n.rows,
            "children": [entry(c) for c in tree.children.get(n.id, []) if c.kind != "footnote"],
        }

    entries = sorted(top, key=lambda n: sort_key(n.title or n.cite))
    letters: dict[str, list[dict[str, Any]]] = {}
    for n in entries:
        letters.setdefault(_initial(n.title or n.cite), []).append(entry(n))
    return {
        "document": document_meta(kb, doc),
        "count": len(entries),
        "letters": [{"letter": k, "terms": v} for k, v in letters.items()],
    }
