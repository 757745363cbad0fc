"""The bridge calculator commands: lawdesk score|imps|mp|auction."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import kb.cli  # noqa: F401  (registers the command modules)
from kb.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "key", "value"),
    [
        (["score", "4SX", "--vul", "--tricks", "10"], "score", 790),
        (["score", "1NTXX", "--vul", "--tricks", "7"], "score", 760),
        (["score", "4S-2", "--nonvul"], "score", -100),
        (["score", "passed out", "--tricks", "0"], "score", 0),
        (["imps", "430"], "imps", 10),
        (["imps", "-430"], "imps", -10),
        (["imps", "0"], "imps", 0),
    ],
)
def test_json_outputs(args: list[str], key: str, value: int) -> None:
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)[key] == value


def test_mp() -> None:
    r = runner.invoke(app, ["mp", "620", "650", "620", "600", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert [x["mp"] for x in data["results"]] == [3, 6, 3, 0] and data["top"] == 6
    plain = runner.invoke(app, ["mp", "620", "-100"])
    assert plain.exit_code == 0 and "100.00%" in plain.stdout


def test_auction() -> None:
    r = runner.invoke(app, ["auction", "--dealer", "N", "1H", "P", "1S", "X", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert (data["legal"], data["complete"], data["next_to_call"]) == (True, False, "N")
    r = runner.invoke(app, ["auction", "--dealer", "N", "1H", "1D"])
    assert r.exit_code == 0 and "insufficient bid" in r.stdout and "Law 27" in r.stdout
    r = runner.invoke(app, ["auction", "--dealer", "E", "1S", "P", "P", "P"])
    assert "contract 1S by E" in r.stdout and "opening lead by S" in r.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["score", "9S", "--tricks", "3"], "'9S'"),
        (["score", "4S"], "'4S'"),
        (["score", "4S", "--tricks", "14"], "14"),
        (["imps", "abc"], "'abc'"),
        (["mp", "620"], "at least two"),
        (["mp", "620", "x"], "'x'"),
        (["auction", "--dealer", "Q", "1H"], "'Q'"),
        (["auction", "1H", "foo"], "'foo'"),
        (["auction", "--edition", "1990", "1H"], "'1990'"),
    ],
)
def test_errors_exit_2(args: list[str], fragment: str) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    assert fragment in r.stderr
