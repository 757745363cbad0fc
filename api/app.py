"""The FastAPI application: JSON under ``/api``, the static site at ``/``.

Every error has one shape: ``{"error": {"code": ..., "message": ..., "accepted": ...}}``.
The KB is opened read-only once per process; the API keeps no per-user state.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from kb import store
from kb.cli.kb_cmds import show_data

KB_PATH = Path(os.environ.get("LAWDESK_KB", str(store.DEFAULT_PATH)))


class ApiError(Exception):
    """An error answered with the common error shape."""

    def __init__(self, status: int, code: str, message: str, accepted: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.accepted = status, code, message, accepted


@cache
def kb() -> store.KB:
    """The process's read-only KB handle."""
    try:
        return store.KB(KB_PATH)
    except store.KBError as exc:
        raise ApiError(503, "kb-missing", str(exc)) from exc


def error_body(code: str, message: str, accepted: Any = None) -> dict[str, Any]:
    """The one error shape of every endpoint."""
    err: dict[str, Any] = {"code": code, "message": message}
    if accepted is not None:
        err["accepted"] = accepted
    return {"error": err}


app = FastAPI(
    title="lawdesk",
    description="Rulebook knowledge base for bridge and preferans tournament directors.",
    version="0.1.0",
    docs_url="/api/docs",
    openapi_url="/api/openapi.json",
)


@app.exception_handler(ApiError)
async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
    return JSONResponse(error_body(exc.code, exc.message, exc.accepted), status_code=exc.status)


@app.exception_handler(RequestValidationError)
async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
    details = [
        {"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg", "")}
        for e in exc.errors()
    ]
    return JSONResponse(error_body("invalid-request", "the request is malformed", details), 422)


@app.exception_handler(StarletteHTTPException)
async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
    code = "not-found" if exc.status_code == 404 else f"http-{exc.status_code}"
    return JSONResponse(error_body(code, str(exc.detail)), status_code=exc.status_code)


@app.get("/api/docs.json", summary="The documents of the knowledge base")
def documents() -> list[dict[str, Any]]:
    """Every document with its metadata and build stats."""
    return kb().documents()


@app.get("/api/stats", summary="Per-document counts")
def stats() -> dict[str, Any]:
    """The same figures as ``lawdesk stats --json``."""
    return {"docs": {d["id"]: d["stats"] for d in kb().documents()}}


@app.get("/api/nodes/{node_id:path}", summary="One node with references and parallels")
def node(node_id: str) -> dict[str, Any]:
    """A node by ID (``sk-2017:27B1(a)``): text, children, refs out, cited by, parallels."""
    try:
        return show_data(kb(), node_id)
    except store.UnknownNode as exc:
        raise ApiError(
            404,
            "unknown-node",
            str(exc),
            {"nearest": exc.nearest, "form": "doc:cite, e.g. sk-2017:27B1(a)"},
        ) from exc


@app.get("/api/refs", summary="References, optionally only unresolved ones")
def references(status: str | None = None, doc: str | None = None) -> list[dict[str, Any]]:
    """Every reference; ``status`` filters (resolved, unresolved-missing, ambiguous, external)."""
    allowed = ["resolved", "unresolved-missing", "ambiguous", "external"]
    if status is not None and status not in allowed:
        raise ApiError(400, "bad-status", f"unknown status {status!r}", allowed)
    rows = kb().refs(status)
    if doc is not None:
        known = [d["id"] for d in kb().documents()]
        if doc not in known:
            raise ApiError(400, "unknown-doc", f"unknown document {doc!r}", known)
        rows = [r for r in rows if r["from"].startswith(f"{doc}:")]
    return rows


@app.get("/", response_class=HTMLResponse, include_in_schema=False)
def index() -> str:
    """A plain index of the documents (the full static site comes with kb.publish)."""
    from kb.publish import render_index

    return render_index(kb())


def _index() -> Any:
    from kb.search.service import index_for

    return index_for(kb())


@app.get("/api/search", summary="Search every document in any of six languages")
def search(
    q: str,
    doc: str | None = None,
    lang: str | None = None,
    game: str | None = None,
    edition: str | None = None,
    limit: int = 10,
) -> dict[str, Any]:
    """Ranked results for ``q`` (words or a citation), each with its parallels."""
    from kb.search import search as run
    from kb.search.service import parallels_enricher

    if not 1 <= limit <= 100:
        raise ApiError(400, "bad-limit", f"limit {limit} is out of range", "1..100")
    if not q.strip():
        raise ApiError(400, "empty-query", "the query is empty", "words or a citation")
    try:
        results = run(
            _index(),
            q,
            doc=doc,
            lang=lang,
            game=game,
            edition=edition,
            limit=limit,
            enrich=parallels_enricher(kb()),
        )
    except ValueError as exc:
        raise ApiError(400, "bad-filter", str(exc)) from exc
    return {"query": q, "results": results}


@app.get("/api/ask", summary="Answer a question: citations, passages, auction")
def ask(q: str, limit: int = 5, edition: str = "2017") -> dict[str, Any]:
    """The citations found in the question, the passages that answer it and its auction."""
    from kb.ask import ask as run
    from kb.search.service import parallels_enricher

    if edition not in ("2007", "2017"):
        raise ApiError(400, "bad-edition", f"unknown edition {edition!r}", ["2007", "2017"])
    if not 1 <= limit <= 50:
        raise ApiError(400, "bad-limit", f"limit {limit} is out of range", "1..50")
    try:
        return run(_index(), q, limit=limit, enrich=parallels_enricher(kb()), edition=edition)
    except ValueError as exc:
        raise ApiError(400, "bad-question", str(exc)) from exc
