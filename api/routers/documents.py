"""Documents: the list, one document, its contents and its definitions."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api import examples
from api.deps import DocPath, StateDep, translated
from api.errors import error_responses
from api.examples import ok_example
from api.models import Contents, Definitions, DocumentDetail, DocumentOut
from kb import views

router = APIRouter(prefix="/api", tags=["documents"])


@router.get(
    "/documents",
    response_model=list[DocumentOut],
    summary="The documents of the knowledge base",
    responses={**error_responses(), **ok_example(examples.DOCUMENTS)},
)
def documents(st: StateDep) -> list[dict[str, Any]]:
    """Every document with its metadata (language, game, edition, source file and SHA-256,
    licence) and its build figures (laws, nodes, definitions, references, coverage)."""
    return views.documents_view(st.kb())


@router.get(
    "/stats",
    summary="Per-document build figures (as `lawdesk stats --json`)",
    responses={**error_responses(), **ok_example(examples.STATS)},
)
def stats(st: StateDep) -> dict[str, Any]:
    """The figures `lawdesk build` prints, per document."""
    return {"docs": {d["id"]: d["stats"] for d in st.kb().documents()}}


@router.get(
    "/documents/{doc}",
    response_model=DocumentDetail,
    summary="One document: metadata, figures and its laws or articles",
    responses=error_responses(404),
)
def document(doc: DocPath, st: StateDep) -> dict[str, Any]:
    """A document with its laws/articles (number, title, where each is on the site)."""
    with translated():
        return views.document_view(st.kb(), doc.value)


@router.get(
    "/documents/{doc}/contents",
    response_model=Contents,
    summary="A document's outline: chapters, parts, laws, sections",
    responses=error_responses(404),
)
def contents(doc: DocPath, st: StateDep) -> dict[str, Any]:
    """The outline as the source has it: chapters, parts, section groups, laws or articles and
    their lettered sections."""
    with translated():
        return views.contents_view(st.kb(), doc.value)


@router.get(
    "/documents/{doc}/definitions",
    response_model=Definitions,
    summary="A document's defined terms, A-Z",
    responses=error_responses(404),
)
def definitions(doc: DocPath, st: StateDep) -> dict[str, Any]:
    """The glossary: every defined term with its definition, grouped by initial letter."""
    with translated():
        return views.definitions_view(st.kb(), doc.value)
