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

RefStatus = Literal[
    "resolved",
    "unresolved-missing",  # no such provision in the document cited
    "ambiguous",  # several provisions fit
    "external",  # names something outside the corpus (another rulebook, the Laws as a whole)
    "unresolved-other-code",  # names another code's numbering that no evidence maps to ours
    "unresolved-suspect",  # the number exists but does not hold what the citing text says
]


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


Relation = Literal[
    "same",  # the same rule at the same number (2007 -> 2017)
    "changed",  # same number and topic, the rule changed
    "moved",  # the same rule under another number (``changed`` says whether it also changed)
    "new",  # only in the later edition (``a`` is None)
    "removed",  # only in the earlier edition (``b`` is None)
    "commentary",  # ``a`` (ru-comment) comments on the Law ``b``
    "regulation",  # ``a`` (pl-screens) modifies the Law ``b``
    "analogue",  # ``a`` (a preferans article) is the counterpart of the bridge Law ``b``
]


@dataclass
class Parallel:
    """A pair of provisions and how they relate, read from ``a`` to ``b``.

    ``a`` is the earlier edition's node (or the commentary, regulation or preferans article),
    ``b`` the later edition's (or the bridge Law it is about); one side is None for ``new`` and
    ``removed``. ``changed`` says whether the rule differs (always true for changed/new/removed).
    ``evidence`` lists what decided the pair, ``confidence`` how sure the aligner is (0-1).
    """

    a: str | None
    b: str | None
    relation: Relation
    changed: bool = False
    confidence: float = 1.0
    evidence: list[str] = field(default_factory=list)


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
