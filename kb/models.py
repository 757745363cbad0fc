"""Record types shared by every step of the pipeline (ingest -> refs -> align -> store).

Steps import types from here, never each other's insides. A node ID is ``{doc}:{cite}``; the
cite is built from numbering, never from headings (see ../shared/DESIGN.md "Documents and IDs").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

NodeKind = Literal[
    "chapter",
    "part",
    "section-group",
    "law",
    "section",
    "paragraph",
    "item",
    "subitem",
    "definition",
    "footnote",
    "table",
    "point",
]

RefStatus = Literal["resolved", "unresolved-missing", "ambiguous", "external"]


@dataclass
class Node:
    """One addressable piece of a rule text.

    ``text`` is the node's own clean text (children excluded); ``raw`` is the same span as it
    stands in the source (markup, OCR damage and all). ``law`` is the law/article number the node
    belongs to (``"27"``), ``"def"`` for definitions, ``"fn"`` for footnotes, the section number for
    pl-screens, ``None`` for structural groups. ``meta`` holds reader-specific facts
    (``title_source``, ``toc_title``, ``text_in_source``, ``page``, ``footnotes`` markers, ...).
    ``rows`` holds a table's rows of cells (kind ``table`` only).
    """

    id: str
    doc: str
    kind: NodeKind
    cite: str
    label: str
    title: str | None
    text: str
    raw: str
    parent: str | None
    position: int
    line_start: int
    line_end: int
    law: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    rows: list[list[str]] | None = None


@dataclass
class Problem:
    """Something a reader or resolver could not place or had to repair; never silent."""

    doc: str
    line: int | None
    code: str
    message: str


@dataclass
class ParsedDoc:
    """What a reader returns: the node tree in document order plus what it noticed.

    ``body`` is the source body text the reader was responsible for (everything except
    artefacts such as page markers, web headers and tables of contents), after markup and OCR
    repair; coverage is measured against it. ``artefacts`` lists what was removed, with lines.
    """

    doc: str
    nodes: list[Node]
    body: str
    problems: list[Problem] = field(default_factory=list)
    artefacts: list[Problem] = field(default_factory=list)

    def by_id(self) -> dict[str, Node]:
        """Index the nodes by ID."""
        return {n.id: n for n in self.nodes}


@dataclass
class Reference:
    """A citation found in a node's text, and what it resolves to.

    ``target_cite`` is the normalised cite the words name (``"27B1(a)"``), ``target_doc`` the
    document it is looked up in. ``targets`` holds the resolved node IDs (empty unless
    ``status == "resolved"``); ``reason`` says why a reference is not resolved, or that it is
    cross-edition.
    """

    from_node: str
    start: int
    end: int
    raw: str
    target_doc: str
    target_cite: str
    status: RefStatus
    targets: list[str] = field(default_factory=list)
    reason: str = ""
    cross_edition: bool = False
    field: Literal["text", "title"] = "text"  # which of the node's fields the span is in


@dataclass
class Parallel:
    """A concept (``bridge:27B1``, ``pref:29``) and one node that carries it, with the relation."""

    key: str
    node: str
    relation: str  # same, commentary, analogue, moved, regulation
    note: str = ""


@dataclass
class Term:
    """A defined term, its variants (forms to look for) and the definition node.

    ``names`` are the term's own forms as the text writes them (``pokutová karta`` for the
    headword ``Karta, pokutová``); ``synonyms`` the other names its definition gives (``DT``,
    ``ekipa``). ``variants`` is both, as stored."""

    doc: str
    term: str
    node: str
    variants: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    synonyms: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class TermLink:
    """A use of a defined term in a node's text: ``text[start:end]`` is the term (``nedovoljnog
    licita`` for ``Nedovoljan licit``), ``definition`` the node that defines it."""

    node: str
    start: int
    end: int
    term: str
    definition: str
