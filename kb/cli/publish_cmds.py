"""``lawdesk publish``: the static site, from the KB, into a folder any web server can serve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from kb import store
from kb.cli.app import app, fail
from kb.cli.kb_cmds import JsonFlag, KbPath, open_kb
from kb.publish import DEFAULT_OUT


@app.command(rich_help_panel="Serving")
def publish(
    kb: KbPath = store.DEFAULT_PATH,
    out: Annotated[
        Path, typer.Option("--out", help="Folder to write the site into (replaced whole).")
    ] = DEFAULT_OUT,
    as_json: JsonFlag = False,
) -> None:
    """Render the static site (every law page, contents, glossaries, scoring and preferans
    pages, search page, service worker) into --out; `lawdesk serve` serves it at /."""
    from kb.publish import PublishError  # imported here: the other commands stay light
    from kb.publish import publish as run_publish

    try:
        figures = run_publish(open_kb(kb), out)
    except PublishError as exc:
        fail(str(exc))
        return
    if as_json:
        typer.echo(json.dumps(figures, indent=1))
        return
    typer.echo(
        f"wrote {figures['pages']} pages, {figures['files']} files "
        f"({figures['bytes'] / 1e6:.1f} MB) to {figures['out']} in {figures['seconds']} s; "
        f"service worker version {figures['version']} precaches {figures['precached']} files"
    )
