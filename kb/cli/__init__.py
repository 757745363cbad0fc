"""Command-line interface: ``lawdesk build|stats|show|refs|serve|...``.

Each command is a thin wrapper over a typed function of the knowledge base.
"""

from __future__ import annotations

import importlib

from kb.cli.app import app

# Command modules register on ``app`` when imported; a module not written yet is skipped.
for _name in ("kb_cmds", "rules_cmds", "pref_cmds", "search_cmds", "serve_cmds"):
    try:
        importlib.import_module(f"kb.cli.{_name}")
    except ModuleNotFoundError as exc:  # pragma: no cover - only while a module is absent
        if exc.name != f"kb.cli.{_name}":
            raise


def main() -> None:
    """Entry point of the ``lawdesk`` console script."""
    app()
