"""Command-line interface: ``lawdesk build|stats|show|refs|search|ask|eval|score|...``.

Each command is a thin wrapper over a typed function of the knowledge base or the rules core;
the modules below register their commands on the shared Typer ``app`` when imported.
"""

from __future__ import annotations

from kb.cli import kb_cmds, pref_cmds, rule_cmds, rules_cmds, search_cmds, serve_cmds
from kb.cli.app import app

__all__ = [
    "app",
    "kb_cmds",
    "main",
    "pref_cmds",
    "rule_cmds",
    "rules_cmds",
    "search_cmds",
    "serve_cmds",
]


def main() -> None:
    """Entry point of the ``lawdesk`` console script."""
    app()
