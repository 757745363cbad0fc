"""Command-line interface: ``lawdesk build|stats|show|refs|search|ask|eval|score|...``.

Each command is a thin wrapper over a typed function of the knowledge base or the rules core;
the modules below register their commands on the shared Typer ``app`` when imported.
"""

from __future__ import annotations

from kb.cli import (
    diff_cmds,
    kb_cmds,
    pref_cmds,
    publish_cmds,
    rule_cmds,
    rules_cmds,
    search_cmds,
    serve_cmds,
)
from kb.cli.app import app

__all__ = [
    "app",
    "diff_cmds",
    "kb_cmds",
    "main",
    "pref_cmds",
    "publish_cmds",
    "rule_cmds",
    "rules_cmds",
    "search_cmds",
    "serve_cmds",
]


def main() -> None:
    """Entry point of the ``lawdesk`` console script. A failure no command foresaw is still
    one line (with ``LAWDESK_DEBUG=1`` the traceback too), never a bare traceback."""
    import os
    import sys

    try:
        app()
    except Exception as exc:  # commands report their own errors; this is the last resort
        if os.environ.get("LAWDESK_DEBUG"):
            raise
        print(
            f"error: lawdesk failed ({type(exc).__name__}: {exc}); this is a bug, please report "
            "it with the command you ran (LAWDESK_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        sys.exit(70)
