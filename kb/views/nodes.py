"""What a node page and a law page hold: plain dicts built from the KB.

The CLI prints them, the API returns them and the site renders them, so the three never
disagree. Everything here reads the KB only; nothing is computed at request time that the build
could have stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from kb.models import Node
from kb.store import KB, UnknownNode
from kb.views.ids import canonical_id

STRUCTURE_KINDS = frozenset({"chapter", "part", "section-group"})
_ANCHOR_DROP = re.compile(r"[^A-Za-z0-9-]+")


class UnknownDocument(KeyError):
    """A document ID that the KB does not hold; carries the known ones."""

    def __init__(self, doc: str, known: list[str]) -> None:
        self.doc, self.known = doc, known
        super().__init__(f"unknown document {doc!r}; known: {', '.join(known)}")

    def __str__(self) -> str:
        return str(self.args[0])


class NotALaw(LookupError):
    """A node that exists but is not a law/article/section-level unit of its document."""


@dataclass
class DocTree:
    """One document's nodes in order, indexed by ID and by parent (read once per KB)."""

    doc: str
    nodes: dict[str, Node]
    children: dict[str | None, list[Node]] = field(default_factory=dict)
    units: list[Node] = field(default_factory=list)  # laws / articles / sections, in order


_TREES: WeakKeyDictionary[KB, dict[str, DocTree]] = WeakKeyDictionary()


def is_unit(node: Node) -> bool:
    """Whether a node is a top-level numbered unit: a law or article, or a regulation's section."""
    return node.kind == "law" or (node.kind == "section" and node.parent is None and bool(node.law))


def doc_ids(kb: KB) -> list[str]:
    """The KB's document IDs in corpus order."""
    return [d["id"] for d in kb.documents()]


def doc_tree(kb: KB, doc: str) -> DocTree:
    """The cached node tree of one document; raises ``UnknownDocument``."""
    trees = _TREES.setdefault(kb, {})
    if doc not in trees:
        known = doc_ids(kb)
        if doc not in known:
            raise UnknownDocument(doc, known)
        nodes = list(kb.nodes(doc))
        tree = DocTree(doc, {n.id: n for n in nodes})
        for n in nodes:
            tree.children.setdefault(n.parent, []).append(n)
        for kids in tree.children.values():
            kids.sort(key=lambda n: n.position)
        tree.units = [n for n in nodes if is_unit(n)]
        trees[doc] = tree
    return trees[doc]


def law_of(tree: DocTree, node: Node) -> Node | None:
    """The law/article/section unit a node belongs to (itself if it is one)."""
    cur: Node | None = node
    while cur is not None:
        if is_unit(cur):
            return cur
        if cur.kind == "footnote":
            carriers = cur.meta.get("carriers") or [cur.parent]
            cur = tree.nodes.get(carriers[0]) if carriers[0] else None
            continue
        cur = tree.nodes.get(cur.parent) if cur.parent else None
    return None


def anchor(node: Node, unit: Node | None) -> str:
    """The fragment of a node on its page: ``B1a`` for ``27B1(a)`` on the page of Law 27,
    ``p5`` for commentary point ``27.5``, ``table-1`` for ``77/table/1``, the slug of a defined
    term on the glossary, ``fn-9`` for footnote 9, ``""`` for the unit itself."""
    cite = node.cite
    if node.kind == "footnote":
        return "fn-" + _ANCHOR_DROP.sub("", cite.removeprefix("fn/"))
    if in_glossary(node):
        return _ANCHOR_DROP.sub("-", cite.removeprefix("def/")).strip("-")
    if unit is None:
        return _ANCHOR_DROP.sub("-", cite).strip("-")
    rest = cite[len(unit.cite) :] if cite.startswith(unit.cite) else cite
    if rest.startswith("."):
        return "p" + _ANCHOR_DROP.sub("", rest[1:])
    if rest.startswith("/"):
        return _ANCHOR_DROP.sub("-", rest.strip("/"))
    return _ANCHOR_DROP.sub("", rest)


def in_glossary(node: Node) -> bool:
    """Whether a node is shown on its document's glossary: a definition and everything below
    it (its paragraphs, items, sub-definitions and tables, cited ``def/term/...``)."""
    return node.kind == "definition" or node.cite.startswith("def/")


def location(kb: KB, node: Node) -> dict[str, str]:
    """Where a node is shown on the site: the page path (relative to the site root, ending in
    ``/``) and the fragment. Laws and their parts: ``sk-2017/27/`` + ``B1a``; definitions and
    what they hold: the glossary; chapters, parts and front matter: the document's contents."""
    tree = doc_tree(kb, node.doc)
    if in_glossary(node):
        return {"path": f"{node.doc}/glossary/", "anchor": anchor(node, None)}
    unit = law_of(tree, node)
    if unit is None:
        return {"path": f"{node.doc}/", "anchor": anchor(node, None)}
    return {"path": f"{node.doc}/{_ANCHOR_DROP.sub('-', unit.cite)}/", "anchor": anchor(node, unit)}


def locate(kb: KB, node_id: str) -> dict[str, str]:
    """Where the node with this ID is shown on the site (``location`` by ID)."""
    doc = node_id.split(":", 1)[0]
    return location(kb, doc_tree(kb, doc).nodes[node_id])


def brief(kb: KB, node: Node) -> dict[str, Any]:
    """The short form of a node used in lists: ID, kind, label, title and where it is shown."""
    return {
        "id": node.id,
        "kind": node.kind,
        "label": node.label,
        "title": node.title,
        "url": location(kb, node),
    }


def _refs_out(kb: KB, node_id: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "from"} for r in kb.refs_out(node_id)]


def _footnotes(tree: DocTree, node: Node) -> list[dict[str, Any]]:
    return [
        {"id": c.id, "label": c.label, "text": c.text}
        for c in tree.children.get(node.id, [])
        if c.kind == "footnote"
    ]


def _ancestors(kb: KB, tree: DocTree, node: Node) -> list[dict[str, Any]]:
    out = []
    cur = tree.nodes.get(node.parent) if node.parent else None
    while cur is not None:
        out.append(brief(kb, cur))
        cur = tree.nodes.get(cur.parent) if cur.parent else None
    return out[::-1]


def node_fields(kb: KB, node: Node) -> dict[str, Any]:
    """Everything stored about one node and its links, without its descendants."""
    tree = doc_tree(kb, node.doc)
    return {
        "id": node.id,
        "doc": node.doc,
        "kind": node.kind,
        "cite": node.cite,
        "label": node.label,
        "title": node.title,
        "text": node.text,
        "law": node.law,
        "parent": node.parent,
        "source_lines": [node.line_start, node.line_end],
        "url": location(kb, node),
        "meta": node.meta,
        "rows": node.rows,
        "footnotes": _footnotes(tree, node),
        "refs_out": _refs_out(kb, node.id),
        "cited_by": sorted({r["from"] for r in kb.cited_by(node.id)}),
        "parallels": kb.parallels(node.id),
        "terms": kb.term_links(node.id),
        "unpaired": kb.unpaired(node.id),
    }


def node_view(kb: KB, node_id: str) -> dict[str, Any]:
    """One node (any tolerant form of its ID): text, footnotes, table rows, references out,
    cited by, parallels, source lines, its ancestors and its direct children."""
    node = kb.node(canonical_id(kb, node_id))
    tree = doc_tree(kb, node.doc)
    return {
        **node_fields(kb, node),
        "ancestors": _ancestors(kb, tree, node),
        "children": [brief(kb, c) for c in tree.children.get(node.id, []) if c.kind != "footnote"],
    }


def _subtree(kb: KB, tree: DocTree, node: Node) -> dict[str, Any]:
    return {
        **node_fields(kb, node),
        "children": [
            _subtree(kb, tree, c) for c in tree.children.get(node.id, []) if c.kind != "footnote"
        ],
    }


def unit_id(kb: KB, doc: str, law: str) -> str:
    """The ID of a law/article/section unit from its document and number (tolerant:
    ``27``, ``27 ``, ``Law 27`` is not accepted — the number only)."""
    doc_tree(kb, doc)  # raises UnknownDocument
    return canonical_id(kb, f"{doc}:{law}")


def law_view(kb: KB, doc: str, law: str) -> dict[str, Any]:
    """A law (article, regulation section, commentary law) with its whole subtree, its place in
    the document (ancestors, previous and next unit) and the document's metadata."""
    tree = doc_tree(kb, doc)
    node = kb.node(unit_id(kb, doc, law))
    if not is_unit(node):
        unit = law_of(tree, node)
        hint = f"; it is part of {unit.id}" if unit else ""
        raise NotALaw(f"{node.id} is a {node.kind}, not a law or article{hint}")
    i = next(i for i, u in enumerate(tree.units) if u.id == node.id)
    prev_unit = tree.units[i - 1] if i > 0 else None
    next_unit = tree.units[i + 1] if i + 1 < len(tree.units) else None
    return {
        "document": document_meta(kb, doc),
        "ancestors": _ancestors(kb, tree, node),
        "prev": brief(kb, prev_unit) if prev_unit else None,
        "next": brief(kb, next_unit) if next_unit else None,
        "law": _subtree(kb, tree, node),
    }


def document_meta(kb: KB, doc: str) -> dict[str, Any]:
    """A document's metadata (title, language, game, edition, kind, source file, licence)."""
    for d in kb.documents():
        if d["id"] == doc:
            return {k: v for k, v in d.items() if k != "stats"}
    raise UnknownDocument(doc, doc_ids(kb))


def node_refs_view(kb: KB, node_id: str) -> dict[str, Any]:
    """A node's references both ways: the citations in its text and the citations of it."""
    node = kb.node(canonical_id(kb, node_id))
    return {
        "id": node.id,
        "out": _refs_out(kb, node.id),
        "in": [
            {k: v for k, v in r.items() if k != "targets"} | {"target": node.id}
            for r in kb.cited_by(node.id)
        ],
    }


def parallels_view(kb: KB, node_id: str) -> dict[str, Any]:
    """The same provision in the other documents, with the relation of each pair."""
    node = kb.node(canonical_id(kb, node_id))
    return {"id": node.id, "parallels": kb.parallels(node.id)}


__all__ = [
    "NotALaw",
    "UnknownDocument",
    "UnknownNode",
    "anchor",
    "brief",
    "doc_tree",
    "in_glossary",
    "law_view",
    "location",
    "node_refs_view",
    "node_view",
    "parallels_view",
]
