"""``lawdesk serve``: the API and the site on one local port."""

from __future__ import annotations

from typing import Annotated

import typer

from kb.cli.app import app


@app.command(rich_help_panel="Serving")
def serve(
    host: Annotated[str, typer.Option(help="Interface to bind (keep it local).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
) -> None:
    """Serve the API under /api and the site at / with uvicorn (Ctrl-C stops)."""
    import uvicorn

    uvicorn.run("api.app:app", host=host, port=port, log_level="info")
