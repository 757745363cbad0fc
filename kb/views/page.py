"""What the site's pages hold beyond the API's views: a node's text cut at its references into
links, and the nodes it is cited by and parallel to, each with where it is shown.

``law_page_view``, ``contents_page_view`` and ``glossary_page_view`` return the API's own dicts
(``law_view``, ``contents_view``, ``definitions_view``) with these keys added, so the site and the
API never disagree about what a page holds; nothing is removed or renamed.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from kb.models import Node
from kb.store import KB
from kb.views.documents import contents_view, definitions_view, documents_view
from kb.views.nodes import (
    STRUCTURE_KINDS,
    DocTree,
    brief,
    doc_tree,
    in_glossary,
    is_unit,
    law_of,
    law_view,
)


def node_of(kb: KB, node_id: str) -> Node | None:
    """A node from its document's cached tree (no query), or None for an unknown ID."""
    doc = node_id.split(":", 1)[0]
    try:
        return doc_tree(kb, doc).nodes.get(node_id)
    except KeyError:
        return None


def target(kb: KB, node_id: str) -> dict[str, Any]:
    """A link target: the node's short form plus its document; ``url`` None when the KB does
    not hold it (a link is then rendered as plain text, never guessed)."""
    node = node_of(kb, node_id)
    if node is None:
        return {"id": node_id, "doc": node_id.split(":", 1)[0], "kind": None, "label": None,
                "title": None, "url": None}  # fmt: skip
    return {**brief(kb, node), "doc": node.doc}


def cited(kb: KB, node_id: str) -> dict[str, Any]:
    """A provision as a ruling cites it: its link target (``target``) and ``heading``, the title
    it falls under (its own, else its nearest titled ancestor's; None when the KB does not hold
    it), so ``sk-2017:27B1(a)`` reads "Nedostatočná ponuka neprijatá"."""
    node = node_of(kb, node_id)
    heading = None
    if node is not None:
        nodes = doc_tree(kb, node.doc).nodes
        cur: Node | None = node
        while cur is not None and not cur.title:
            cur = nodes.get(cur.parent) if cur.parent else None
        heading = cur.title if cur is not None else None
    return {**target(kb, node_id), "heading": heading}


def segments(
    kb: KB,
    text: str,
    refs: list[dict[str, Any]],
    terms: list[dict[str, Any]] | tuple[()] = (),
) -> list[dict[str, Any]]:
    """``text`` cut at its references and defined terms: ``{"text"}`` for plain pieces,
    ``{"text", "refs"}`` for cited words (``refs`` holds each reference at that span, one per
    target document when a text cites two editions, with its status, reason and ``targets``)
    and ``{"text", "term"}`` for a defined term used (``KB.term_links``: the term, its
    definition and where the glossary shows it).

    No reference is dropped: one overlapping the words linked just before joins their
    segment; one whose span the text cannot hold goes to a last segment with empty text. A
    term inside cited words, or inside a longer term, is left to them."""
    placed = sorted(
        (r for r in refs if r["span"][0] is not None and r["span"][1] is not None),
        key=lambda r: (r["span"][0], r["span"][1]),
    )
    marks: list[tuple[int, int, dict[str, Any]]] = []
    stray = [_ref(kb, r) for r in refs if r["span"][0] is None or r["span"][1] is None]
    for (start, end), group in groupby(placed, key=lambda r: (r["span"][0], r["span"][1])):
        linked = [_ref(kb, r) for r in group]
        last = marks[-1][1] if marks else 0
        if start < last:
            marks[-1][2]["refs"].extend(linked)  # overlaps the words just linked: same place
        elif end > len(text) or start >= end:
            stray.extend(linked)  # cannot be cut out of the text: listed after it
        else:
            marks.append((start, end, {"refs": linked}))
    for t in sorted(terms, key=lambda t: (t["span"][0], -t["span"][1])):
        start, end = t["span"]
        free = all(end <= s or start >= e for s, e, _ in marks)
        if 0 <= start < end <= len(text) and free:
            marks.append((start, end, {"term": _term(kb, t)}))
    out: list[dict[str, Any]] = []
    pos = 0
    for start, end, mark in sorted(marks, key=lambda m: m[0]):
        if start > pos:
            out.append({"text": text[pos:start]})
        out.append({"text": text[start:end], **mark})
        pos = end
    if pos < len(text):
        out.append({"text": text[pos:]})
    if stray:
        out.append({"text": "", "refs": stray})
    return out


def _term(kb: KB, link: dict[str, Any]) -> dict[str, Any]:
    return {
        "term": link["term"],
        "definition": link["definition"],
        "url": target(kb, link["definition"])["url"],
    }


def _ref(kb: KB, ref: dict[str, Any]) -> dict[str, Any]:
    return {
        "raw": ref["raw"],
        "status": ref["status"],
        "reason": ref["reason"],
        "target_doc": ref["target_doc"],
        "targets": [target(kb, t) for t in ref["targets"]],
    }


def with_links(kb: KB, node: dict[str, Any]) -> dict[str, Any]:
    """A node dict of ``node_fields`` with ``segments`` (its text), ``title_segments``,
    ``cited_by_nodes`` and, in each parallel, ``target`` (where the other node is shown)."""
    refs = node.get("refs_out", [])
    return {
        **node,
        "segments": segments(
            kb, node["text"], [r for r in refs if r["field"] == "text"], node.get("terms", [])
        ),
        "title_segments": segments(
            kb, node["title"] or "", [r for r in refs if r["field"] == "title"]
        ),
        "cited_by_nodes": [target(kb, i) for i in node.get("cited_by", [])],
        "parallels": [{**p, "target": target(kb, p["node"])} for p in node.get("parallels", [])],
        "footnotes": [
            {
                **f,
                **target(kb, f["id"]),
                "segments": segments(kb, f["text"], kb.refs_out(f["id"]), kb.term_links(f["id"])),
            }
            for f in node.get("footnotes", [])
        ],
        "footnote_marks": _marks(kb, node),
    }


def _marks(kb: KB, node: dict[str, Any]) -> list[dict[str, Any]]:
    """The footnote markers a node's text carries (``meta.footnotes``), each with its target."""
    doc = node["id"].split(":", 1)[0]
    marks = []
    for label in node.get("meta", {}).get("footnotes", []):
        tg = target(kb, f"{doc}:fn/{label}")
        marks.append({"label": label, "url": tg["url"], "id": tg["id"]})
    return marks


def _walk(kb: KB, node: dict[str, Any]) -> dict[str, Any]:
    out = with_links(kb, node)
    if node["meta"].get("ocr_edits"):
        found = node_of(kb, node["id"])
        out["raw"] = found.raw if found else ""
    out["children"] = [_walk(kb, c) for c in node.get("children", [])]
    return out


def law_page_view(kb: KB, doc: str, law: str) -> dict[str, Any]:
    """``law_view`` with every node of the law linked (see ``with_links``), the documents its
    parallels are in (for the side-by-side view) and, where the reader repaired OCR damage
    (``meta.ocr_edits``), the node's ``raw`` text as the source has it."""
    view = law_view(kb, doc, law)
    view["law"] = _walk(kb, view["law"])
    docs: list[str] = []
    ocr = False
    stack = [view["law"]]
    while stack:
        n = stack.pop()
        ocr = ocr or bool(n["meta"].get("ocr_edits"))
        for p in n["parallels"]:
            other = p["target"]["doc"]
            if p["target"]["url"] and other not in docs:
                docs.append(other)
        stack.extend(n["children"])
    order = [d["id"] for d in kb.documents()]
    view["parallel_docs"] = sorted(docs, key=order.index)
    view["ocr_repaired"] = ocr
    return view


def _front(kb: KB, tree: DocTree, node: Node) -> list[dict[str, Any]]:
    """Text shown on the contents page under a structural entry: its own text and that of its
    descendants that belong to no law, article or glossary (a foreword, an introduction)."""
    blocks = []
    if node.text:
        blocks.append(_block(kb, node))
    for child in tree.children.get(node.id, []):
        if is_unit(child) or in_glossary(child) or child.kind in STRUCTURE_KINDS:
            continue
        if law_of(tree, child) is None:
            blocks.extend(_front(kb, tree, child))
    return blocks


def _block(kb: KB, node: Node) -> dict[str, Any]:
    entry = {**brief(kb, node), "text": node.text, "source_lines": [node.line_start, node.line_end]}
    links = {"refs_out": kb.refs_out(node.id), "terms": kb.term_links(node.id)}
    return with_links(kb, {**entry, **links})


def contents_page_view(kb: KB, doc: str) -> dict[str, Any]:
    """``contents_view`` with ``body`` in each entry: the text shown under it on the contents
    page (front matter, a part's own words) with its references linked."""
    view = contents_view(kb, doc)
    tree = doc_tree(kb, doc)

    def add(entry: dict[str, Any]) -> dict[str, Any]:
        node = tree.nodes[entry["id"]]
        body = [] if is_unit(node) else _front(kb, tree, node)
        return {**entry, "body": body, "children": [add(c) for c in entry["children"]]}

    view["contents"] = [add(e) for e in view["contents"]]
    return view


def glossary_page_view(kb: KB, doc: str) -> dict[str, Any]:
    """``definitions_view`` with each entry's text cut at its references and the other terms
    it uses (``segments``)."""
    view = definitions_view(kb, doc)

    def add(entry: dict[str, Any]) -> dict[str, Any]:
        refs = [r for r in kb.refs_out(entry["id"]) if r["field"] == "text"]
        # a definition's other terms link to their entries, never to itself
        terms = [t for t in kb.term_links(entry["id"]) if t["definition"] != entry["id"]]
        return {
            **entry,
            "segments": segments(kb, entry["text"], refs, terms),
            "children": [add(c) for c in entry["children"]],
        }

    for letter in view["letters"]:
        letter["terms"] = [add(t) for t in letter["terms"]]
    return view


def home_view(kb: KB) -> list[dict[str, Any]]:
    """``documents_view`` with each document's glossary location (None without definitions)."""
    return [{**d, "glossary": contents_view(kb, d["id"])["glossary"]} for d in documents_view(kb)]
