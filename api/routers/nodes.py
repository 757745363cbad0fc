"""Nodes and laws: one node, a law with its subtree, references both ways, parallels, and the
citations found in pasted text."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, get_args

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from api.deps import DocId, DocPath, StateDep, translated
from api.errors import NOT_BLANK, error_responses
from api.inputs import STRICT_BODY
from api.models import CiteOut, LawOut, NodeOut, NodeParallels, NodeRefs, RefPage
from api.settings import Limits
from kb import models as kb_models
from kb import views
from kb.views.cite import cite_view

router = APIRouter(prefix="/api", tags=["nodes"])
LIMITS = Limits()

NodeIdParam = Annotated[
    str,
    Path(
        description="A node ID in any usual form: sk-2017:27B1(a), sk-2017:27b1a, "
        "sk-2017 27B1(a); definitions sr-2007:def/renons, footnotes sr-2007:fn/9",
        examples=["sk-2017:27B1(a)"],
        max_length=200,
    ),
]


RefStatus = StrEnum(  # type: ignore[misc]
    "RefStatus", {s: s for s in get_args(kb_models.RefStatus)}
)  # the statuses kb.models defines, one source


@router.get(
    "/nodes/{node_id:path}/refs",
    response_model=NodeRefs,
    summary="A node's references: citations in its text and citations of it",
    responses=error_responses(400, 404),
)
def node_refs(node_id: NodeIdParam, st: StateDep) -> dict[str, Any]:
    """``out``: the citations found in the node's text (span, raw words, targets, status);
    ``in``: the citations elsewhere that resolve to it."""
    with translated():
        return views.node_refs_view(st.kb(), node_id)


@router.get(
    "/nodes/{node_id:path}/parallels",
    response_model=NodeParallels,
    summary="The same provision in the other documents",
    responses=error_responses(400, 404),
)
def node_parallels(node_id: NodeIdParam, st: StateDep) -> dict[str, Any]:
    """Each counterpart with the relation of the pair (same, moved, commentary, ...)."""
    with translated():
        return views.parallels_view(st.kb(), node_id)


@router.get(
    "/nodes/{node_id:path}",
    response_model=NodeOut,
    summary="One node: text, footnotes, table rows, references, parallels",
    responses=error_responses(400, 404),
)
def node(node_id: NodeIdParam, st: StateDep) -> dict[str, Any]:
    """A node by ID. The ID is read tolerantly (case, spaces and brackets do not matter:
    ``sk-2017:27b1a`` is ``sk-2017:27B1(a)``); the answer carries the canonical ``id``."""
    with translated():
        return views.node_view(st.kb(), node_id)


@router.get(
    "/laws/{doc}/{law}",
    response_model=LawOut,
    summary="A law (article, section) with its whole subtree",
    responses=error_responses(400, 404),
)
def law(
    doc: DocPath,
    law: Annotated[
        str, Path(description="The law or article number, e.g. 27", examples=["27"], max_length=40)
    ],
    st: StateDep,
) -> dict[str, Any]:
    """Every section, paragraph, item, footnote and table of one law in one response, with its
    place in the document (previous and next law)."""
    with translated():
        return views.law_view(st.kb(), doc.value, law)


@router.get(
    "/refs",
    response_model=RefPage,
    summary="References, filtered and paged",
    responses=error_responses(400),
)
def refs(
    st: StateDep,
    status: Annotated[
        RefStatus | None,
        Query(description="Only references with this status", examples=["unresolved-missing"]),
    ] = None,
    doc: Annotated[
        DocId | None, Query(description="Only references found in this document")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=LIMITS.page_size, description="Page size")] = 100,
    offset: Annotated[int, Query(ge=0, le=1_000_000, description="Rows to skip")] = 0,
) -> dict[str, Any]:
    """Citations found in the texts with their targets and status, in document order."""
    rows = st.kb().refs(status.value if status else None)
    if doc is not None:
        rows = [r for r in rows if r["from"].startswith(f"{doc.value}:")]
    return {
        "total": len(rows),
        "limit": limit,
        "offset": offset,
        "items": rows[offset : offset + limit],
    }


class CiteIn(BaseModel):
    """Text to find citations in."""

    model_config = STRICT_BODY
    text: str = Field(
        min_length=1,
        max_length=LIMITS.cite_chars,
        pattern=NOT_BLANK,
        description="Pasted text in any of the six languages (an appeal form, an e-mail)",
        examples=["Direktor je primenio član 27B1(b); see also Law 16C and pravidlo 64A2."],
    )
    doc: DocId | None = Field(
        default=None,
        description="The document the text cites; its citations are carried to the other "
        "edition through the parallels (2017 16C -> 2007 16D)",
    )


@router.post(
    "/cite",
    response_model=CiteOut,
    summary="Find every citation in a pasted text",
    responses=error_responses(400),
)
def cite(body: CiteIn, st: StateDep) -> dict[str, Any]:
    """Each citation (law words in sr, hr, sk, pl, ru, en, or bare like ``27B1a``) with its
    span and the node(s) it names in each document (at most the first 1,000)."""
    return cite_view(st.kb(), body.text, body.doc.value if body.doc else None, LIMITS.list_items)
