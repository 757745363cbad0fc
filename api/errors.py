"""The one error shape of every route, defined once.

Every failure answers ``{"error": {"code": str, "message": str, "accepted": [str, ...]}}``:
``code`` is stable and machine-readable, ``message`` says what was wrong with the input, and
``accepted`` lists what would have been accepted (values, forms or examples; possibly empty).

| status | when |
|---|---|
| 400 | a value out of range or not one of the accepted values (any filter, any parameter) |
| 404 | an unknown node, law, document, tree or path |
| 405 | a method the path does not support (with ``Allow``) |
| 413 / 414 | a request body or URL over its size limit |
| 422 | a request of the wrong shape or types (a number expected, a field missing, bad JSON) |
| 503 | the knowledge base is missing or unreadable, or the index is still loading |
| 500 | a bug: answered in the shape, the traceback goes to the log |
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from kb.search.normalize import READABLE

log = logging.getLogger("lawdesk.api")


class ApiError(Exception):
    """An error answered in the common shape."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        accepted: Iterable[Any] = (),
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.accepted = [str(a) for a in accepted]
        self.headers = headers


class ErrorDetail(BaseModel):
    """What went wrong and what is accepted instead."""

    code: str = Field(description="Stable machine-readable code, e.g. unknown-node, bad-value.")
    message: str = Field(description="What was wrong with the request, for people.")
    accepted: list[str] = Field(description="Accepted values, forms or examples (may be empty).")


class ErrorBody(BaseModel):
    """The body of every error response."""

    error: ErrorDetail

    model_config = {
        "json_schema_extra": {
            "examples": [
                {
                    "error": {
                        "code": "unknown-node",
                        "message": "no node 'sk-2017:27B9'; nearest: sk-2017:27B, sk-2017:27B4",
                        "accepted": [
                            "sk-2017:27B",
                            "sk-2017:27B4",
                            "doc:cite, e.g. sk-2017:27B1(a)",
                        ],
                    }
                }
            ]
        }
    }


# a text parameter must hold at least one character the search reads: not a space, a control
# character (read as a space) nor an invisible one (dropped), as kb.search.normalize.clean has it
NOT_BLANK = READABLE

_DESCRIPTIONS = {
    400: "A value out of range or not accepted",
    404: "Not found",
    405: "Method not allowed (see the Allow header)",
    413: "Request body too large",
    414: "URL too long",
    422: "Malformed request: wrong types, missing fields or bad JSON",
    503: "Knowledge base unavailable or still loading",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for these statuses (plus those any route can give: 413 and
    414 for an oversized request, 422 for a malformed one, 503 while the KB is unavailable),
    all with the error body."""
    wanted = sorted({*statuses, 413, 414, 422, 503})
    return {s: {"model": ErrorBody, "description": _DESCRIPTIONS[s]} for s in wanted}


def body(code: str, message: str, accepted: Iterable[Any] = ()) -> dict[str, Any]:
    """The error body as a dict."""
    return {"error": {"code": code, "message": message, "accepted": [str(a) for a in accepted]}}


def respond(
    status: int,
    code: str,
    message: str,
    accepted: Iterable[Any] = (),
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    """An error response in the common shape."""
    return JSONResponse(body(code, message, accepted), status_code=status, headers=headers)


# Validation failures that mean "a value not accepted" (400) rather than "the wrong shape" (422).
_VALUE_ERRORS = {
    "literal_error": "bad-value",
    "enum": "bad-value",
    "string_too_long": "too-long",
    "too_long": "too-many",
    "string_too_short": "bad-value",
    "too_short": "too-few",
    "string_pattern_mismatch": "bad-value",
    "greater_than": "out-of-range",
    "greater_than_equal": "out-of-range",
    "less_than": "out-of-range",
    "less_than_equal": "out-of-range",
}


def _where(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p != "body" and not isinstance(p, int)]
    if parts and parts[0] in ("query", "path", "header", "cookie"):
        parts = parts[1:]
    return ".".join(parts) or "body"


def _validation_response(exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    first = errors[0] if errors else {"type": "", "loc": (), "msg": "malformed request"}
    where = _where(tuple(first.get("loc", ())))
    problems = [f"{_where(tuple(e.get('loc', ())))}: {e.get('msg', '')}" for e in errors]
    kind = first.get("type", "")
    loc = tuple(first.get("loc", ()))
    if kind in ("enum", "literal_error") and loc[:1] == ("path",) and len(errors) == 1:
        expected = str((first.get("ctx") or {}).get("expected", ""))
        accepted = [a.strip(" '") for a in expected.replace(" or ", ",").split(",") if a.strip()]
        noun = {"doc": "document"}.get(where, where)
        return respond(404, f"unknown-{noun}", f"no {noun} {first.get('input')!r}", accepted)
    if kind == "string_pattern_mismatch" and (first.get("ctx") or {}).get("pattern") == NOT_BLANK:
        return respond(
            400,
            "empty",
            f"{where} is empty or only spaces, control or invisible characters",
            [f"some text in {where}"],
        )
    if kind in _VALUE_ERRORS and len(errors) == 1:
        ctx = first.get("ctx") or {}
        accepted: list[str] = []
        if "expected" in ctx:
            accepted = [a.strip(" '") for a in str(ctx["expected"]).replace(" or ", ",").split(",")]
        elif "max_length" in ctx:
            accepted = [
                f"at most {ctx['max_length']} {'characters' if 'string' in kind else 'items'}"
            ]
        elif "min_length" in ctx:
            accepted = [
                f"at least {ctx['min_length']} {'characters' if 'string' in kind else 'items'}"
            ]
        elif "pattern" in ctx:
            accepted = [f"text matching {ctx['pattern']}"]
        else:
            bounds = {k: ctx[k] for k in ("ge", "gt", "le", "lt") if k in ctx}
            accepted = [" and ".join(f"{k} {v}" for k, v in bounds.items())] if bounds else []
        value = first.get("input")
        shown = repr(value) if len(repr(value)) <= 80 else f"{repr(value)[:77]}..."
        message = f"{where}: {first.get('msg', 'not accepted')} (got {shown})"
        return respond(400, _VALUE_ERRORS[kind], message, accepted)
    return respond(
        422, "invalid-request", "the request is malformed: " + "; ".join(problems), problems
    )


METHODS = ("GET", "POST")  # every method a route of this API uses


def allowed_methods(app: FastAPI, scope: dict[str, Any]) -> list[str]:
    """The methods some route of the app accepts at this request's path (HEAD with GET)."""
    allowed = {
        m
        for m in METHODS
        if any(
            route.matches({**scope, "method": m})[0] == Match.FULL for route in app.router.routes
        )
    }
    if "GET" in allowed:
        allowed.add("HEAD")
    return sorted(allowed)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into the common shape."""

    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return respond(exc.status, exc.code, exc.message, exc.accepted, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _validation_response(exc)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 405:
            allow = allowed_methods(app, request.scope)
            return respond(
                405,
                "method-not-allowed",
                f"{request.method} is not accepted at {request.url.path}",
                allow,
                {"Allow": ", ".join(allow)},
            )
        if exc.status_code == 400:  # FastAPI could not read the body at all
            return respond(
                422, "invalid-request", f"the request body cannot be read: {exc.detail}",
                ["a UTF-8 JSON body as documented at /api/docs"],
            )  # fmt: skip
        if exc.status_code == 404:
            return respond(
                404,
                "not-found",
                f"nothing at {request.url.path}",
                ["/api/docs lists every route", "/api/documents", "/api/search?q=..."],
            )
        return respond(exc.status_code, f"http-{exc.status_code}", str(exc.detail), (), exc.headers)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return respond(
            500,
            "internal-error",
            "lawdesk failed to answer this request; the error has been logged",
            [],
        )
