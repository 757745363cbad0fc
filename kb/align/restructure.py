"""Made-up restructurings of an edition, to measure the aligner where the hand-checked dev gold
has few: provisions dropped or inserted (the siblings after them re-lettered), two neighbours
swapped, two neighbours put under a new heading one level down, a provision of several
sentences split in two.

``restructure`` applies one such change to each chosen Law of a parsed document and says where
every node went (``rename``); ``carry_gold`` turns gold pairs of the original document into the
gold of the restructured one, so that the aligner can be scored on it (``bench/align.py
--restructure``). Only the tree changes: every text stays as the translators wrote it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kb.models import Node, ParsedDoc, Reference

OPERATIONS = ("drop", "insert", "swap", "group", "split")


@dataclass
class Restructured:
    """A restructured document: ``rename`` maps each surviving node ID to its new ID (a dropped
    node has none), ``inserted`` holds the IDs of inserted nodes, ``done`` what was changed."""

    doc: ParsedDoc
    rename: dict[str, str]
    inserted: set[str] = field(default_factory=set)
    done: list[str] = field(default_factory=list)
    changed: set[str] = field(default_factory=set)  # new IDs whose parts were changed
    # new ID of a split-off half -> new ID of the rest of its text
    halves: dict[str, str] = field(default_factory=dict)
    # new ID of a heading put over two provisions -> new ID of the first of them: the heading
    # takes the first one's number, so its counterpart is the first one's too (changed), as a
    # text that became a part of its restructured place (dev gold: 2007 80B2(g) -> 2017 (g))
    heads: dict[str, str] = field(default_factory=dict)


def _style(label: str) -> str | None:
    """The numbering style of a label: ``A``, ``1`` or ``(a)`` (None for any other)."""
    if len(label) == 1 and label.isupper():
        return "A"
    if label.isdigit():
        return "1"
    if len(label) == 3 and label[0] == "(" and label[2] == ")" and label[1].islower():
        return "(a)"
    return None


def _label(style: str, i: int) -> str:
    """The ``i``-th label (from 0) of a numbering style."""
    if style == "A":
        return chr(ord("A") + i)
    if style == "1":
        return str(i + 1)
    return f"({chr(ord('a') + i)})"


class _Tree:
    """A document's provision tree that can be changed and written back as nodes."""

    def __init__(self, doc: ParsedDoc) -> None:
        self.name = doc.doc
        self.nodes = {n.id: n for n in doc.nodes}
        self.order = [n.id for n in doc.nodes]
        self.kids: dict[str, list[str]] = {}
        for n in doc.nodes:
            if n.parent in self.nodes:
                self.kids.setdefault(n.parent, []).append(n.id)
        # a node's own label below its parent; None for one whose cite is its own (a footnote)
        self.label: dict[str, str | None] = {
            n.id: n.cite[len(self.nodes[n.parent].cite) :]
            if n.parent in self.nodes and n.cite.startswith(self.nodes[n.parent].cite)
            else None
            for n in doc.nodes
        }

    def provisions(self, law: str) -> list[str]:
        """The provisions of a Law in document order."""
        return [
            x
            for x in self.order
            if x in self.nodes
            and self.nodes[x].law == law
            and self.nodes[x].kind in ("law", "section", "paragraph", "item", "subitem")
        ]

    def lettered(self, parent: str) -> list[str]:
        """The provisions below ``parent`` when they are all numbered in one plain style."""
        kids = [k for k in self.kids.get(parent, []) if self.nodes[k].kind != "footnote"]
        styles = {_style(self.label[k] or "") for k in kids}
        return kids if len(styles) == 1 and None not in styles else []

    def relabel(self, parent: str, kids: list[str], style: str) -> None:
        """Put ``kids`` in this order below ``parent`` and number them afresh in ``style``."""
        others = [
            k
            for k in self.kids.get(parent, [])
            if k not in kids and k in self.nodes and self.nodes[k].parent == parent
        ]
        self.kids[parent] = kids + others
        for i, k in enumerate(kids):
            self.label[k] = _label(style, i)
            self.nodes[k] = replace(self.nodes[k], parent=parent)

    def write(self, meta: dict[str, Any]) -> tuple[ParsedDoc, dict[str, str]]:
        """The document with every cite rebuilt from the labels, and old ID -> new ID."""
        tops = [x for x in self.order if x in self.nodes and self.nodes[x].parent not in self.nodes]
        out: list[Node] = []
        rename: dict[str, str] = {}

        def walk(x: str, parent_cite: str, parent_id: str | None) -> None:
            n = self.nodes[x]
            own = self.label[x]
            cite = parent_cite + own if parent_id and own is not None else n.cite
            new_id = f"{self.name}:{cite}"
            rename[x] = new_id
            out.append(replace(n, id=new_id, cite=cite, parent=parent_id, position=len(out)))
            for k in self.kids.get(x, []):
                walk(k, cite, new_id)

        for x in tops:
            if x in self.nodes:
                walk(x, "", None)
        ids = [n.id for n in out]
        if len(set(ids)) != len(ids):
            raise ValueError("a restructuring gave two nodes one cite")
        return ParsedDoc(self.name, out, body="", **meta), rename


def restructure(
    doc: ParsedDoc,
    laws: Iterable[str],
    rng: random.Random,
    donors: Collection[str] = (),
    operations: Sequence[str] = OPERATIONS,
) -> Restructured:
    """One random change (of ``operations``) to each of ``laws`` that has a place for it;
    inserted provisions are copies of leaves of the ``donors`` Laws (not among ``laws``); a
    split needs a text of two sentences or more (a group is made instead)."""
    tree = _Tree(doc)
    done: list[str] = []
    pool = [
        x
        for law in donors
        for x in tree.provisions(law)
        if not tree.kids.get(x) and tree.nodes[x].text and tree.nodes[x].kind != "law"
    ]
    inserted_old: set[str] = set()
    touched_old: set[str] = set()  # parents whose parts changed
    split_old: dict[str, str] = {}  # a split-off half -> the provision it came from
    heads_old: dict[str, str] = {}  # a new heading -> the first provision put under it
    for law in laws:
        parents = [p for p in tree.provisions(law) if len(tree.lettered(p)) >= 2]
        if not parents:
            continue
        parent = rng.choice(parents)
        kids = tree.lettered(parent)
        style = _style(tree.label[kids[0]] or "") or "A"
        op = rng.choice(operations)
        i = rng.randrange(len(kids) - 1)
        touched_old.add(parent)
        if op == "drop":
            gone = kids[i]
            stack = [gone]
            while stack:
                x = stack.pop()
                stack.extend(tree.kids.pop(x, []))
                del tree.nodes[x]
            tree.relabel(parent, kids[:i] + kids[i + 1 :], style)
        elif op == "insert" and pool:
            src = tree.nodes[rng.choice(pool)]
            new_id = f"{tree.name}:+{len(inserted_old)}"
            tree.nodes[new_id] = replace(src, id=new_id, parent=parent, law=law)
            tree.order.append(new_id)
            inserted_old.add(new_id)
            tree.relabel(parent, [*kids[:i], new_id, *kids[i:]], style)
        elif op == "swap":
            tree.relabel(parent, [*kids[:i], kids[i + 1], kids[i], *kids[i + 2 :]], style)
        elif op == "split" and (halves := _halves(tree.nodes[kids[i]].text)):
            first, rest = halves
            whole = tree.nodes[kids[i]]
            new_id = f"{tree.name}:/{len(inserted_old)}"
            tree.nodes[kids[i]] = replace(whole, text=first, raw=first)
            tree.nodes[new_id] = replace(whole, id=new_id, text=rest, raw=rest, title=None)
            tree.order.append(new_id)
            split_old[new_id] = kids[i]
            tree.relabel(parent, [*kids[: i + 1], new_id, *kids[i + 1 :]], style)
        else:
            op = "group"
            head = f"{tree.name}:^{law}.{i}"
            first = tree.nodes[kids[i]]
            tree.nodes[head] = replace(first, id=head, text="", raw="", title=None, meta={})
            tree.order.insert(tree.order.index(kids[i]), head)
            pair = [kids[i], kids[i + 1]]
            tree.relabel(head, pair, "1" if style != "1" else "(a)")
            tree.relabel(parent, [*kids[:i], head, *kids[i + 2 :]], style)
            heads_old[head] = kids[i]
        done.append(f"{op} {tree.nodes[parent].cite}")
    new_doc, rename = tree.write({"problems": [], "artefacts": []})
    inserted = {rename[x] for x in inserted_old}
    made = inserted_old | set(split_old) | set(heads_old)
    kept = {k: v for k, v in rename.items() if k not in made}
    halves = {rename[h]: rename[w] for h, w in split_old.items()}
    heads = {rename[h]: rename[w] for h, w in heads_old.items()}
    touched_old |= set(split_old.values())
    parent = {n.id: n.parent for n in new_doc.nodes}
    changed: set[str] = set()  # a place whose parts changed, and every place above it
    for p in touched_old:
        x: str | None = rename.get(p)
        while x is not None:
            changed.add(x)
            x = parent.get(x)
    return Restructured(new_doc, kept, inserted, done, changed, halves, heads)


def _halves(text: str) -> tuple[str, str] | None:
    """A text of two or more sentences cut into its first half and the rest."""
    parts = [p for p in text.split(". ") if p.strip()]
    if len(parts) < 2:
        return None
    k = len(parts) // 2
    return ". ".join(parts[:k]) + ".", ". ".join(parts[k:])


def carry_refs(refs: Iterable[Reference], rename: dict[str, str], doc: str) -> list[Reference]:
    """References with the restructured document's IDs: those made in a dropped node are
    gone, targets that were dropped are left out (the reference then resolves to nothing)."""
    out = []
    for r in refs:
        if r.from_node.startswith(f"{doc}:"):
            if r.from_node not in rename:
                continue
            r = replace(r, from_node=rename[r.from_node])
        if r.target_doc == doc and r.targets:
            targets = [rename[t] for t in r.targets if t in rename]
            r = replace(r, targets=targets, status=r.status if targets else "unresolved-missing")
        out.append(r)
    return out


def carry_gold(
    gold: Iterable[dict[str, Any]], moved: Restructured, side: str = "sk"
) -> list[dict[str, Any]]:
    """Gold pairs of the original document as gold of the restructured one: a counterpart
    that got another number is ``moved``, a dropped one leaves ``removed``, an inserted
    provision is ``new``."""
    rows = []
    kept_a: set[str] = set()
    dropped_a: set[str] = set()
    for g in gold:
        b = g[side]
        if b is None:
            rows.append(dict(g))
            continue
        if b not in moved.rename:
            if g["sr"]:
                dropped_a.add(g["sr"])
            continue
        nb = moved.rename[b]
        row = dict(g, **{side: nb})
        if g["sr"]:
            kept_a.add(g["sr"])
            if g["sr"].split(":", 1)[1] != nb.split(":", 1)[1]:
                row["relation"] = "moved"
            elif g["relation"] == "moved":
                row["relation"] = "changed" if g.get("changed") else "same"
            if row["relation"] == "same" and nb in moved.changed:
                row["relation"] = "changed"
        rows.append(row)
    for head, first in moved.heads.items():
        for row in list(rows):
            if row[side] == first and row["sr"]:
                same_place = row["sr"].split(":", 1)[1] == head.split(":", 1)[1]
                relation = "changed" if same_place else "moved"
                rows.append({**row, side: head, "relation": relation, "changed": True})
    for half, whole in moved.halves.items():
        for row in list(rows):
            if row[side] == whole and row["sr"]:
                if row["relation"] == "same":
                    row["relation"] = "changed"
                moved_away = row["sr"].split(":", 1)[1] != half.split(":", 1)[1]
                relation = "moved" if moved_away else "changed"
                rows.append({**row, side: half, "relation": relation, "changed": True})
    rows += [
        {"law": "", "sr": a, side: None, "relation": "removed", "changed": True}
        for a in sorted(dropped_a - kept_a)
    ]
    rows += [
        {"law": "", "sr": None, side: b, "relation": "new", "changed": True}
        for b in sorted(moved.inserted)
    ]
    return rows
