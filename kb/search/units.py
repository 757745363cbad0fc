"""What the index is built from: which nodes are retrieval units, and the text of each.

Units are the leaves (paragraphs, items, subitems, definitions, footnotes, points, tables) plus
every law and section (their own text, or their title alone). A unit is indexed with the titles of
its section and law as context, and an item with the lead-in of the paragraph it completes
("Kada je renons utvrđen:" before "1. ... dva štiha"); a unit far longer than the others is cut
into passages at sentence ends, each indexed on its own and answering for the same node.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kb.models import Node

GROUP_KINDS = frozenset({"chapter", "part", "section-group"})
TITLED_KINDS = frozenset({"law", "section", "definition"})
LEAD_KINDS = frozenset({"item", "subitem", "paragraph"})  # completed by a parent's lead-in
PASSAGE_WORDS = 120  # a unit longer than this (in words) is cut into passages of about this size
_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+")
_SENTENCE_ENDS = (".", "!", "?", "»", '"', "“", "”")  # a parent text ending so is complete


@dataclass(frozen=True)
class DocMeta:
    """What search needs to know of a document (from the store or corpus/sources.toml)."""

    lang: str
    game: str
    edition: str
    kind: str = "laws"  # laws, code, regulation, commentary
    title: str = ""

    @property
    def law_numbered(self) -> bool:
        """Whether its cites are Laws of Duplicate Bridge numbers (the English route maps here)."""
        return self.game == "bridge" and self.kind in ("laws", "commentary")

    @property
    def scoped(self) -> bool:
        """Whether it holds rules for one setting only: a regulation modifies the Laws for play
        behind screens, so it answers a question only when the question names that setting."""
        return self.kind == "regulation"


@dataclass
class Corpus:
    """Everything an index is built from: documents, nodes (parents before children), the nodes
    each node's references resolve to, each node's parallels, and the build it comes from."""

    docs: dict[str, DocMeta]
    nodes: list[Node]
    refs: dict[str, list[str]] = field(default_factory=dict)
    parallels: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    build_hash: str = ""


@dataclass(frozen=True)
class Passage:
    """One indexed unit: the node it answers for, its text and its context."""

    node: str
    text: str  # what the unit says (its part of the node's text for a cut node)
    context: tuple[str, ...]  # section and law titles, a parent's lead-in
    heading: str | None  # the unit's own heading (title or definition term)


def is_unit(node: Node, has_children: bool) -> bool:
    """Whether a node is indexed on its own."""
    if node.kind in GROUP_KINDS:
        return False
    if node.kind in TITLED_KINDS:
        return bool(node.text.strip() or node.title)
    return not has_children or bool(node.text.strip() or node.rows)


def unit_text(node: Node) -> str:
    """The text a unit shows and is indexed by: its own text, a table's cells, or its title."""
    parts = [node.text.strip()]
    if node.rows:
        parts.extend(" | ".join(row) for row in node.rows)
    text = "\n".join(p for p in parts if p)
    return text or (node.title or "")


def context_titles(node: Node, nodes: Mapping[str, Node]) -> list[str]:
    """Titles of the node and its ancestors up to its law (sections, law), nearest first."""
    out = []
    cur: Node | None = node
    while cur is not None and cur.kind not in GROUP_KINDS:
        if cur.title and cur.title not in out:
            out.append(cur.title)
        if cur.kind == "law":
            break
        cur = nodes.get(cur.parent) if cur.parent else None
    return out


def lead_in(node: Node, nodes: Mapping[str, Node]) -> str | None:
    """The text of the parent an item completes: a parent whose own text introduces its items
    ("Kada je renons utvrđen:") or breaks off mid-sentence for them to finish ("Ako je Žiri na
    raspolaganju", "... keď bude v licitácii na rade a")."""
    if node.kind not in LEAD_KINDS or not node.parent:
        return None
    parent = nodes.get(node.parent)
    if parent is None or parent.kind in GROUP_KINDS:
        return None
    text = parent.text.strip()
    return text if text and not text.endswith(_SENTENCE_ENDS) else None


def passages(nodes: Iterable[Node]) -> list[Passage]:
    """The indexed units of ``nodes`` (any documents, parents before children), in order."""
    by_id = {n.id: n for n in nodes}
    has_children = {n.parent for n in by_id.values() if n.parent}
    out: list[Passage] = []
    for n in by_id.values():
        if not is_unit(n, n.id in has_children):
            continue
        text = unit_text(n)
        context = [t for t in context_titles(n, by_id) if t != text]
        lead = lead_in(n, by_id)
        if lead:
            context.append(lead)
        heading = n.title if n.kind in TITLED_KINDS and n.title else None
        for piece in cut(text):
            out.append(Passage(n.id, piece, tuple(context), heading))
    return out


def cut(text: str, size: int = PASSAGE_WORDS) -> list[str]:
    """A text cut at sentence ends into pieces of about ``size`` words (one piece if shorter
    than twice that)."""
    if len(text.split()) < 2 * size:
        return [text]
    pieces: list[str] = []
    cur: list[str] = []
    count = 0
    for sentence in _SENTENCE_END.split(text):
        n = len(sentence.split())
        if cur and count + n > size:
            pieces.append(" ".join(cur))
            cur, count = [], 0
        cur.append(sentence)
        count += n
    if cur:
        pieces.append(" ".join(cur))
    return pieces
