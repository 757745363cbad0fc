"""Every command and option is documented: a user reading --help never meets a bare name."""

from __future__ import annotations

import click
import pytest
import typer.main

import kb.cli  # registers the commands
from kb.cli.app import app

GROUP = typer.main.get_command(app)
COMMANDS = sorted(GROUP.commands)  # type: ignore[attr-defined]


def test_every_issue_command_exists():
    want = {
        "build",
        "stats",
        "show",
        "refs",
        "search",
        "ask",
        "eval",
        "score",
        "imps",
        "mp",
        "auction",
        "serve",
    }
    assert want <= set(COMMANDS)
    assert kb.cli.main


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help(name):
    cmd = GROUP.commands[name]  # type: ignore[attr-defined]
    assert (cmd.help or "").strip(), f"lawdesk {name} has no help text"
    for param in cmd.params:
        if isinstance(param, click.Option) and param.name != "help":
            assert (param.help or "").strip(), f"lawdesk {name} {param.opts} has no help text"
