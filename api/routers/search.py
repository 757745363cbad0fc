"""Search and ask: words or citations in any of six languages -> the paragraphs that answer."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.deps import DocId, Edition, Game, Lang, StateDep
from api.errors import NOT_BLANK, ApiError, error_responses
from api.models import AskOut, SearchOut
from api.settings import Limits
from kb.views.nodes import locate

router = APIRouter(prefix="/api", tags=["search"])
LIMITS = Limits()


@router.get(
    "/search",
    response_model=SearchOut,
    summary="Search every document in any of six languages",
    responses=error_responses(400),
)
def search(
    q: Annotated[
        str,
        Query(
            min_length=1,
            max_length=LIMITS.query_chars,
            pattern=NOT_BLANK,
            description="Words (sr Latin or Cyrillic, hr, sk, pl, ru, en; diacritics optional) "
            "or a citation in any local form (27B1a, član 27B, pravidlo 64, правило 30)",
            examples=["nedovoljan licit"],
        ),
    ],
    st: StateDep,
    doc: Annotated[DocId | None, Query(description="Only this document")] = None,
    lang: Annotated[Lang | None, Query(description="Only documents in this language")] = None,
    game: Annotated[Game | None, Query(description="Only documents of this game")] = None,
    edition: Annotated[Edition | None, Query(description="Only documents of this edition")] = None,
    limit: Annotated[int, Query(ge=1, le=100, description="How many results")] = 10,
) -> dict[str, Any]:
    """The smallest nodes that answer the query, best first, each with its law, a snippet with
    the matched words in ``[brackets]`` and the same provision in the other documents."""
    from kb.search import answer as run
    from kb.search.service import parallels_enricher

    filters = {
        "doc": doc.value if doc else None,
        "lang": lang.value if lang else None,
        "game": game.value if game else None,
        "edition": edition.value if edition else None,
    }

    def answer(kb: Any, index: Any) -> dict[str, Any]:
        try:
            found = run(index, q, **filters, limit=limit, enrich=parallels_enricher(kb))
        except ValueError as exc:
            raise ApiError(400, "bad-value", str(exc), []) from exc
        return {
            "query": q,
            "results": [{**r, "url": locate(kb, r["id"])} for r in found.results],
            "corrected": [{"typed": a, "read": b} for a, b in found.corrected],
        }

    return st.answer(("search", q, *filters.values(), limit), answer)


@router.get(
    "/ask",
    response_model=AskOut,
    summary="Answer a question: citations, passages, the auction it carries",
    responses=error_responses(400),
)
def ask(
    q: Annotated[
        str,
        Query(
            min_length=1,
            max_length=LIMITS.ask_chars,
            pattern=NOT_BLANK,
            description="A free question; an auction in it (1H P 1S X, 1♥ pas 2♣) is checked",
            examples=["dealer S: 1H P 1D - is 1D insufficient?"],
        ),
    ],
    st: StateDep,
    limit: Annotated[int, Query(ge=1, le=50, description="How many passages")] = 5,
    edition: Annotated[
        str, Query(pattern="^(2007|2017)$", description="Laws edition for the auction check")
    ] = "2017",
) -> dict[str, Any]:
    """The citations found in the question, the passages that answer it and, when it carries
    an auction (at most 100 calls), that auction checked by the rules core."""
    from kb.ask import TooManyCalls
    from kb.ask import ask as run
    from kb.search.service import parallels_enricher

    def answer(kb: Any, index: Any) -> dict[str, Any]:
        try:
            found = run(
                index,
                q,
                limit=limit,
                enrich=parallels_enricher(kb),
                edition=edition,
                max_calls=LIMITS.ask_calls,
            )
        except TooManyCalls as exc:
            raise ApiError(400, "too-many-calls", str(exc), [f"at most {exc.limit} calls"]) from exc
        except ValueError as exc:
            raise ApiError(400, "bad-value", str(exc), []) from exc
        return {**found, "passages": [{**p, "url": locate(kb, p["id"])} for p in found["passages"]]}

    return st.answer(("ask", q, limit, edition), answer)
