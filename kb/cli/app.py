"""The ``lawdesk`` Typer application; command modules register themselves on it."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="lawdesk: rulebook knowledge base, search and rules calculators for tournament directors.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str, code: int = 2) -> None:
    """Print a clear error to stderr and exit with ``code``."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)
