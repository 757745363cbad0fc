"""The lawdesk ASGI application: the JSON API under ``/api`` (plus ``/healthz`` and ``/readyz``)
and the built static site at ``/``.

``create_app(settings)`` assembles it; ``app`` is the one ``uvicorn api.app:app`` serves, set up
from the environment (``api/settings.py``). The process keeps no per-user state: the KB is an
immutable file opened read-only, so the app scales by adding processes and machines.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles

from api import __version__, errors
from api.middleware import ASGIApp, Caching, Guard, Receive, Scope, Send
from api.routers import diff, documents, health, nodes, rules, rulings, search
from api.settings import Settings
from api.state import State

IMPORTED = time.perf_counter()
log = logging.getLogger("lawdesk.api")
API_PREFIXES = ("/api/", "/healthz", "/readyz")
DESCRIPTION = """Rulebook knowledge base for bridge and preferans tournament directors: the
Laws of Duplicate Bridge 2007 (Serbian) and 2017 (Slovak), the Croatian Preferans kodeks 2014,
the Polish regulations for play behind screens and a Russian commentary on Laws 24-39, every
paragraph addressable (`sk-2017:27B1(a)`), with search in six languages and the rules core's
calculators.

Every error answers `{"error": {"code", "message", "accepted": [...]}}`. Answers about the KB
carry an `ETag` (the build) and may be cached."""


def _logging() -> None:
    logger = logging.getLogger("lawdesk")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def since_process_start() -> float | None:
    """Seconds since this process started (Linux), for the start-up log."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, IndexError, ValueError):
        return None
    return uptime - ticks / os.sysconf("SC_CLK_TCK")


def build_api(settings: Settings) -> FastAPI:
    """The FastAPI application with its routers, error handlers and state."""
    _logging()
    state = State(settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        since = since_process_start()
        log.info(
            "lawdesk %s: imports done %.2f s after process start",
            __version__,
            since - (time.perf_counter() - IMPORTED) if since is not None else float("nan"),
        )
        state.open()
        yield

    api = FastAPI(
        title="lawdesk",
        description=DESCRIPTION,
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    api.state.lawdesk = state
    errors.install(api)
    for module in (health, documents, nodes, search, rules, rulings, diff):
        api.include_router(module.router)
    _docs(api)
    return api


def _docs(api: FastAPI) -> None:
    """The OpenAPI explorer at /api/docs, its assets served from the swagger-ui-bundle package
    (no CDN: it works offline)."""
    import swagger_ui_bundle

    api.mount(
        "/api/docs/assets",
        StaticFiles(directory=swagger_ui_bundle.swagger_ui_path),
        name="swagger-assets",
    )

    @api.get("/api/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/api/openapi.json",
            title="lawdesk API",
            swagger_js_url="/api/docs/assets/swagger-ui-bundle.js",
            swagger_css_url="/api/docs/assets/swagger-ui.css",
            swagger_favicon_url="/api/docs/assets/favicon-32x32.png",
        )


class Site:
    """The built static site, or a plain page listing the documents when it is not built."""

    def __init__(self, site_dir: Path, state: State) -> None:
        self.site_dir, self.state = site_dir, state
        self.files: StaticFiles | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (self.site_dir / "index.html").is_file():
            if self.files is None:
                self.files = StaticFiles(directory=self.site_dir, html=True)
            await self.files(scope, receive, send)
            return
        response: Any
        if scope["path"] == "/":
            from kb.publish import render_index

            try:
                html = render_index(self.state.kb())
            except errors.ApiError as exc:
                html = f"<!doctype html><title>lawdesk</title><p>{exc.message}</p>"
            response = HTMLResponse(html)
        else:
            response = errors.respond(
                404, "not-found", f"nothing at {scope['path']}", ["/", "/api/docs"]
            )
        await response(scope, receive, send)


class Dispatch:
    """``/api/...``, ``/healthz`` and ``/readyz`` to the API; everything else to the site."""

    def __init__(self, api: FastAPI, site: ASGIApp) -> None:
        self.api, self.site = api, site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["path"].startswith(API_PREFIXES)
            or scope["path"] in ("/api", "/healthz", "/readyz")
        ):
            await self.api(scope, receive, send)
        else:
            await self.site(scope, receive, send)


def create_app(settings: Settings | None = None) -> Any:
    """The whole application for ``settings`` (default: from the environment)."""
    settings = settings or Settings.from_env()
    api = build_api(settings)
    state: State = api.state.lawdesk
    inner: ASGIApp = Dispatch(api, Site(settings.site_dir, state))
    if settings.cors_origins:
        inner = CORSMiddleware(
            inner,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST", "HEAD"],
            allow_headers=["*"],
            expose_headers=["ETag"],
        )

    def build_hash() -> str | None:
        current = state.current
        return current.build_hash if current is not None else None

    cached = Caching(inner, build_hash, settings.cache_seconds)
    outer = Guard(GZipMiddleware(cached, minimum_size=800), settings.limits)
    outer.api = api  # type: ignore[attr-defined]  # tests and tools reach the FastAPI app here
    return outer


app = create_app()
