"""What changed from the 2007 Laws (sr-2007) to the 2017 Laws (sk-2017): an alignment view.

The two editions are in two languages, so this is not a character diff: every provision of a
law is shown beside its counterpart as the aligner paired them (``kb.align``), each pair marked
``same`` / ``changed`` / ``moved`` / ``new`` / ``removed``; inside a pair that changed, the
citations and numbers one side has and the other lacks are marked as spans of its text
(``{"start", "end", "kind", "note"}``), and the listed options (items) that appeared or vanished
are rows of their own. A counterpart in another Law (2007 Law 23 -> 2017 72C) is shown with
its Law.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kb.align.features import number_spans
from kb.models import Node
from kb.store import KB
from kb.views.nodes import UnknownDocument, doc_tree, location

EARLIER, LATER = "sr-2007", "sk-2017"
RELATIONS = ("same", "changed", "moved", "new", "removed")
ALIGNED = ("same", "changed", "moved")
OPTION_KINDS = ("item", "subitem")


class UnknownLaw(LookupError):
    """A law number that neither edition holds; the message names the accepted ones."""


def _cite(node_id: str | None) -> str:
    return "" if node_id is None else node_id.split(":", 1)[1]


def _within(c: str, d: str) -> bool:
    return c == d or c.startswith(d) or d.startswith(c)


class _Editions:
    """The two editions' trees, their pairs and languages, read once per call."""

    def __init__(self, kb: KB) -> None:
        known = {d["id"]: d for d in kb.documents()}
        for doc in (EARLIER, LATER):
            if doc not in known:
                raise UnknownDocument(doc, sorted(known))
        self.kb = kb
        self.lang = {doc: known[doc]["language"] for doc in (EARLIER, LATER)}
        self.trees = {doc: doc_tree(kb, doc) for doc in (EARLIER, LATER)}
        self.pairs = kb.pairs(EARLIER, LATER)
        self.forward: dict[str, set[str]] = {}
        self.back: dict[str, set[str]] = {}
        for p in self.pairs:
            if p["relation"] in ALIGNED:
                self.forward.setdefault(p["a"], set()).add(p["b"])
                self.back.setdefault(p["b"], set()).add(p["a"])

    def node(self, node_id: str) -> Node:
        return self.trees[node_id.split(":", 1)[0]].nodes[node_id]

    def law_nodes(self, doc: str, law: str) -> list[Node]:
        """A law and its provisions in document order (footnotes, tables excluded)."""
        tree = self.trees[doc]
        root = tree.nodes.get(f"{doc}:{law}")
        if root is None or root.kind != "law":
            return []
        out: list[Node] = []
        stack = [root]
        while stack:
            n = stack.pop()
            out.append(n)
            kids = [c for c in tree.children.get(n.id, []) if c.kind not in ("footnote", "table")]
            stack.extend(reversed(kids))
        return out


def _carried(ed: _Editions, targets: list[str], mapping: dict[str, set[str]]) -> set[str]:
    """The other edition's counterparts of cited nodes (of the nearest paired ancestor)."""
    out: set[str] = set()
    for t in targets:
        cur: str | None = t
        while cur is not None and cur not in mapping:
            node = ed.trees[cur.split(":", 1)[0]].nodes.get(cur)
            cur = node.parent if node else None
        if cur is not None:
            out |= {_cite(x) for x in mapping[cur]}
    return out


def _side_spans(
    ed: _Editions, node: Node, other: Node, mapping: dict[str, set[str]]
) -> list[dict[str, Any]]:
    """Spans of ``node``'s text: the citations and numbers ``other`` does not have."""
    spans: list[dict[str, Any]] = []
    own_refs = [r for r in ed.kb.refs_out(node.id) if r["field"] == "text"]
    other_refs = [r for r in ed.kb.refs_out(other.id) if r["field"] == "text"]
    other_cites = {_cite(t) for r in other_refs for t in r["targets"]}
    for r in own_refs:
        if r["status"] != "resolved":
            continue
        there = _carried(ed, r["targets"], mapping)
        if not any(_within(c, d) for c in there for d in other_cites):
            start, end = r["span"]
            shown = ", ".join(sorted(there)) or "nothing"
            spans.append(
                {
                    "start": start,
                    "end": end,
                    "kind": "citation",
                    "note": f"cites {_cite(r['targets'][0])}; the other edition's text "
                    f"does not cite its counterpart ({shown})",
                }
            )
    cited = [tuple(r["span"]) for r in own_refs]
    theirs = {v for _, _, v in number_spans(other.text, ed.lang[other.doc])}
    for start, end, value in number_spans(node.text, ed.lang[node.doc]):
        if any(s <= start < e for s, e in cited) or value in theirs:
            continue
        spans.append(
            {"start": start, "end": end, "kind": "number", "note": f"{value} is not in the other"}
        )
    return sorted(spans, key=lambda s: (s["start"], s["end"]))


def _side(ed: _Editions, node: Node | None, law: str) -> dict[str, Any] | None:
    if node is None:
        return None
    return {
        "id": node.id,
        "cite": node.cite,
        "kind": node.kind,
        "title": node.title,
        "text": node.text,
        "law": node.law,
        "elsewhere": node.law != law,  # the counterpart is in another Law
        "url": location(ed.kb, node),
        "spans": [],
    }


def _row(ed: _Editions, pair: dict[str, Any], law: str) -> dict[str, Any]:
    a = ed.node(pair["a"]) if pair["a"] else None
    b = ed.node(pair["b"]) if pair["b"] else None
    row = {
        "a": _side(ed, a, law),
        "b": _side(ed, b, law),
        "relation": pair["relation"],
        "changed": pair["changed"],
        "confidence": pair["confidence"],
        "evidence": pair["evidence"],
        "option": any(n is not None and n.kind in OPTION_KINDS for n in (a, b)),
        "depth": 0,
    }
    if a is not None and b is not None and pair["changed"]:
        row["a"]["spans"] = _side_spans(ed, a, b, ed.forward)
        row["b"]["spans"] = _side_spans(ed, b, a, ed.back)
    return row


def _depth(node: dict[str, Any] | None, ed: _Editions) -> int:
    if node is None:
        return 0
    d, cur = 0, ed.node(node["id"])
    while cur.parent and cur.kind != "law":
        d += 1
        cur = ed.node(cur.parent)
    return d


def _counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    c = Counter(r["relation"] for r in rows)
    return {rel: c[rel] for rel in RELATIONS}


def _law_pair(ed: _Editions, law: str) -> dict[str, Any] | None:
    """The pair of the two Law nodes themselves (None when they are not paired)."""
    a, b = f"{EARLIER}:{law}", f"{LATER}:{law}"
    return next((p for p in ed.pairs if p["a"] == a and p["b"] == b), None)


def _law_relation(ed: _Editions, law: str, rows: list[dict[str, Any]]) -> str:
    pair = _law_pair(ed, law)
    if pair is not None:
        return str(pair["relation"])
    present = [doc for doc in (EARLIER, LATER) if f"{doc}:{law}" in ed.trees[doc].nodes]
    if len(present) == 2:
        return "changed"  # each Law text paired elsewhere (2007 23 -> 2017 72C)
    return "new" if present == [LATER] else "removed"


def _laws(ed: _Editions) -> list[str]:
    numbers = {
        n.law
        for doc in (EARLIER, LATER)
        for n in ed.trees[doc].units
        if n.kind == "law" and n.law and n.law.isdigit()
    }
    return sorted(numbers, key=int)


def _diff(ed: _Editions, law: str) -> dict[str, Any]:
    a_nodes = ed.law_nodes(EARLIER, law)
    b_nodes = ed.law_nodes(LATER, law)
    if not a_nodes and not b_nodes:
        raise UnknownLaw(
            f"no Law {law!r} in {EARLIER} or {LATER}; accepted: a Law number from 1 to "
            f"{max(int(x) for x in _laws(ed))}"
        )
    pos_a = {n.id: i for i, n in enumerate(a_nodes)}
    pos_b = {n.id: i for i, n in enumerate(b_nodes)}
    pairs = [p for p in ed.pairs if p["a"] in pos_a or p["b"] in pos_b]
    # order: the 2017 text's order; a 2007 provision without a counterpart in this 2017 Law
    # comes after the row of the 2007 provision before it
    last_b: dict[str, int] = {}
    cur = -1
    by_a: dict[str, list[int]] = {}
    for p in pairs:
        if p["a"] in pos_a and p["b"] in pos_b:
            by_a.setdefault(p["a"], []).append(pos_b[p["b"]])
    for n in a_nodes:
        if n.id in by_a:
            cur = min(by_a[n.id])
        last_b[n.id] = cur

    def key(p: dict[str, Any]) -> tuple[int, int, int]:
        if p["b"] in pos_b:
            return (pos_b[p["b"]], 0, pos_a.get(p["a"], -1))
        return (last_b[p["a"]], 1, pos_a[p["a"]])

    rows = [_row(ed, p, law) for p in sorted(pairs, key=key)]
    for r in rows:
        r["depth"] = _depth(r["b"] or r["a"], ed)
    a_law = ed.trees[EARLIER].nodes.get(f"{EARLIER}:{law}")
    b_law = ed.trees[LATER].nodes.get(f"{LATER}:{law}")
    return {
        "law": law,
        "relation": _law_relation(ed, law, rows),
        "a": {
            "doc": EARLIER,
            "edition": "2007",
            "id": a_law.id if a_law else None,
            "title": a_law.title if a_law else None,
        },
        "b": {
            "doc": LATER,
            "edition": "2017",
            "id": b_law.id if b_law else None,
            "title": b_law.title if b_law else None,
        },
        "counts": _counts(rows),
        "rows": rows,
    }


def diff_law(kb: KB, law: str) -> dict[str, Any]:
    """One Law, 2007 beside 2017: every pair of provisions in text order with its relation,
    confidence and evidence, and the differing citations and numbers marked as spans.

    Raises ``UnknownLaw`` for a number neither edition holds (``law`` is the number: ``"32"``).
    """
    law = law.strip()
    if not law.isdigit():
        raise UnknownLaw(f"not a Law number: {law!r}; accepted: a number such as '32'")
    return _diff(_Editions(kb), str(int(law)))


def diff_laws(kb: KB) -> list[dict[str, Any]]:
    """``diff_law`` of every Law, 1 to 93, reading the two editions once."""
    ed = _Editions(kb)
    return [_diff(ed, law) for law in _laws(ed)]


def diff_location(law: str) -> dict[str, str]:
    """Where the site shows what changed in a Law (``diff/32/``), as ``location`` gives a
    node's place; the overview of all Laws is at ``diff/``."""
    return {"path": f"diff/{law}/", "anchor": ""}


def diff_overview(kb: KB) -> dict[str, Any]:
    """All Laws: each with the relation of the Law as a whole and its counts per relation,
    and the totals."""
    ed = _Editions(kb)
    laws = []
    for law in _laws(ed):
        d = _diff(ed, law)
        laws.append(
            {
                "law": law,
                "relation": d["relation"],
                "a_title": d["a"]["title"],
                "b_title": d["b"]["title"],
                "counts": d["counts"],
            }
        )
    return {
        "a": {"doc": EARLIER, "edition": "2007"},
        "b": {"doc": LATER, "edition": "2017"},
        "laws": laws,
        "totals": _counts(ed.pairs),  # each pair once (a pair across two Laws is in both)
        "laws_changed": sum(1 for x in laws if x["relation"] != "same"),
    }
