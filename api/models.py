"""Response models of the API: the public contract, kept apart from kb's own types.

They document the JSON that ``kb.views`` builds (the same dicts the CLI prints and the site
renders); extra keys are allowed so that a richer view never breaks a client.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Out(BaseModel):
    """Base of every response model: extra keys pass through."""

    model_config = ConfigDict(extra="allow")


class Url(Out):
    """Where a node is shown on the static site."""

    path: str = Field(description="Page path relative to the site root, e.g. sk-2017/27/")
    anchor: str = Field(description="Fragment on that page, e.g. B1a ('' for the page itself)")


class Brief(Out):
    """A node in a list: ID, kind, label, title, where it is shown."""

    id: str
    kind: str
    label: str | None
    title: str | None
    url: Url


class Footnote(Out):
    """A footnote attached to a node."""

    id: str
    label: str | None
    text: str


class Ref(Out):
    """A citation found in a node's text (``span`` in ``field``) and what it resolves to."""

    raw: str
    field: str
    span: list[int | None]
    target_doc: str | None
    target_cite: str | None
    targets: list[str]
    status: str
    reason: str
    cross_edition: bool


class TermLink(Out):
    """A defined term used in a node's text: its span, the words, the term, its definition."""

    span: list[int]
    text: str
    term: str
    definition: str


class NodeFields(Out):
    """A node's own record and links."""

    id: str
    doc: str
    kind: str
    cite: str
    label: str | None
    title: str | None
    text: str
    law: str | None
    parent: str | None
    source_lines: list[int | None]
    url: Url
    meta: dict[str, Any]
    rows: list[list[str]] | None
    footnotes: list[Footnote]
    refs_out: list[Ref]
    cited_by: list[str]
    parallels: list[dict[str, Any]]
    terms: list[TermLink]
    unpaired: dict[str, Any] | None = Field(
        description="For a provision with no counterpart in the other edition: new/removed"
    )


class NodeOut(NodeFields):
    """One node with its ancestors and direct children."""

    ancestors: list[Brief]
    children: list[Brief]


class LawNode(NodeFields):
    """A node with its whole subtree."""

    children: list[LawNode]


class DocumentMeta(Out):
    """A document's metadata."""

    id: str
    title: str
    language: str
    script: str
    game: str
    edition: str
    kind: str
    file: str
    original_file: str
    sha256: str
    licence: str


class DocumentOut(DocumentMeta):
    """A document with its build figures."""

    stats: dict[str, Any]
    url: Url


class Unit(Brief):
    """A law, article or regulation section of a document."""

    text_in_source: bool


class DocumentDetail(DocumentOut):
    """A document with its laws/articles."""

    units: list[Unit]


class OutlineEntry(Brief):
    """An entry of a document's contents, with its sub-entries."""

    children: list[OutlineEntry]


class Contents(Out):
    """A document's outline as the source has it."""

    document: DocumentMeta
    contents: list[OutlineEntry]
    glossary: Url | None


class Definition(Brief):
    """A defined term and its definition (sub-definitions and tables nested)."""

    term: str | None
    text: str
    en: str | None
    rows: list[list[str]] | None
    children: list[Definition]


class Letter(Out):
    """The terms under one initial letter."""

    letter: str
    terms: list[Definition]


class Definitions(Out):
    """A document's glossary, A-Z."""

    document: DocumentMeta
    count: int
    letters: list[Letter]


class LawOut(Out):
    """A law with its whole subtree and its place in the document."""

    document: DocumentMeta
    ancestors: list[Brief]
    prev: Brief | None
    next: Brief | None
    law: LawNode


class RefRow(Ref):
    """A reference with the node it is found in."""

    from_: str = Field(alias="from")


class RefPage(Out):
    """One page of references."""

    total: int
    limit: int
    offset: int
    items: list[RefRow]


class NodeRefs(Out):
    """A node's references, out of its text and into it."""

    id: str
    out: list[Ref]
    in_: list[dict[str, Any]] = Field(alias="in")


class NodeParallels(Out):
    """The same provision in the other documents."""

    id: str
    parallels: list[dict[str, Any]]


class CiteHit(Out):
    """A citation found in pasted text and the node(s) it names per document."""

    raw: str
    span: list[int]
    cite: str
    law: str | None
    language: str
    nodes: dict[str, list[str]]


class CiteOut(Out):
    """Every citation found in a pasted text."""

    count: int
    citations: list[CiteHit]


class SearchResult(Out):
    """One search hit: the smallest node that answers, with its law, snippet and parallels."""

    id: str
    doc: str
    law: str | None
    cite: str
    kind: str
    title: str | None
    snippet: str
    score: float
    parallels: list[dict[str, Any]]
    url: Url | None = Field(default=None, description="Where the node is on the static site")


class Correction(Out):
    """A word of the query read as a typo of another (kb/search/spelling.py)."""

    typed: str
    read: str


class SearchOut(Out):
    """Ranked results of a search."""

    query: str
    results: list[SearchResult]
    corrected: list[Correction] = Field(
        default_factory=list, description="Words of the query read as typos of others"
    )


class AskOut(Out):
    """A free question answered: citations, passages, the auction it carries."""

    question: str
    languages: list[str]
    citations: list[dict[str, Any]]
    passages: list[SearchResult]
    auction: dict[str, Any] | None
    rulings: list[dict[str, Any]] = Field(
        default=[], description="Ruling trees that fit the situation described, best first"
    )


class DiffSide(Out):
    """One edition's side of a diff row (None where the provision does not exist there)."""

    id: str
    cite: str
    kind: str
    title: str | None
    text: str
    law: str | None
    url: Url
    spans: list[dict[str, Any]]


class DiffRow(Out):
    """A 2007 provision beside its 2017 counterpart, with their relation."""

    a: DiffSide | None
    b: DiffSide | None
    relation: str
    changed: bool
    confidence: float | None
    evidence: list[str]


class DiffOut(Out):
    """What changed in one Law from 2007 to 2017, paragraph by paragraph."""

    law: str
    relation: str
    counts: dict[str, int]
    rows: list[DiffRow]


class DiffOverview(Out):
    """Every Law with its relation and the counts of each relation."""

    laws: list[dict[str, Any]]
    totals: dict[str, int]
    laws_changed: int


class Health(Out):
    """Liveness or readiness."""

    status: str


class Version(Out):
    """What is serving: package version, KB build and corpus hashes."""

    version: str
    kb_build_hash: str
    kb_schema_version: str
    corpus: dict[str, str]
