"""``lawdesk serve``: the API and the site on one local port, in one or more processes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from kb import store
from kb.cli.app import app, fail
from kb.corpus import ROOT


@app.command(rich_help_panel="Serving")
def serve(
    host: Annotated[str, typer.Option(help="Interface to bind (keep it local).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (1-65535).")] = 8000,
    workers: Annotated[
        int, typer.Option(help="Worker processes; each loads the KB and the index.")
    ] = 1,
    kb: Annotated[Path, typer.Option("--kb", help="The built knowledge base.")] = (
        store.DEFAULT_PATH
    ),
    site: Annotated[Path, typer.Option("--site", help="The built static site.")] = (
        ROOT / "build" / "site"
    ),
    cors: Annotated[
        str, typer.Option(help="Origins allowed to call the API from a browser, comma-separated.")
    ] = "",
) -> None:
    """Serve the API under /api and the site at / with uvicorn (Ctrl-C stops). The process keeps
    no per-user state: scale by adding workers, processes or machines behind a load balancer."""
    if not 1 <= port <= 65535:
        fail(f"bad port {port}: expected 1-65535")
    if not 1 <= workers <= 64:
        fail(f"bad workers {workers}: expected 1-64 (one or two per core)")
    try:
        store.KB(kb).close()  # a missing or broken KB is said here, in one line
    except store.KBError as exc:
        fail(str(exc))
    os.environ.update(
        LAWDESK_KB=str(kb.resolve()),
        LAWDESK_SITE=str(site.resolve()),
        LAWDESK_CORS_ORIGINS=cors,
    )
    from api.settings import Settings

    try:
        Settings.from_env()  # a bad LAWDESK_* value is said here, not in every worker
    except ValueError as exc:
        fail(str(exc))
    import uvicorn

    uvicorn.run(
        "api.app:app",
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        access_log=False,
        timeout_graceful_shutdown=10,  # Ctrl-C never waits on a stuck client for long
    )
