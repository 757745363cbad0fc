"""The preferans calculator commands: pref-score, pref-auction, pref-cycle, pref-mitchell."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import kb.cli
import kb.cli.pref_cmds  # noqa: F401  (registers pref-*; kb.cli does not list it yet)
from kb.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "path", "value"),
    [
        (["pref-score", "K!"], ["value"], 8),
        (["pref-score", "S"], ["declarer_column"], 140),
        (["pref-score", "TXX", "--refe"], ["multiplier"], 8),
        (["pref-score", "K", "--tricks", "2", "--tricks", "2"], ["score", "defenders"], [12, 12]),
        (
            ["pref-score", "BX", "--betl-defeated", "--doubler", "0"],
            ["score", "defenders"],
            [240, 60],
        ),
        (["pref-score", "P"], ["trick_column"], None),
        (["pref-auction", "2", "3", "P", "isti", "P"], ["contract"], "karo"),
        (["pref-auction", "2", "3", "P", "isti", "P"], ["declarer"], 1),
        (["pref-auction", "2", "4"], ["reason"], "a bid must be exactly one step higher"),
        (["pref-auction", "igra", "betl", "sanac"], ["declarer"], 3),
        (["pref-cycle", "5"], ["boards", 0, "refe"], ["E"]),
        (["pref-cycle", "22"], ["boards", 0, "opener"], "N"),
        (["pref-mitchell", "0", "0", "0", "0", "0", "0", "0"], ["points"], [6.0] * 7),
        (["pref-mitchell", "3", "1", "--", "-2"], ["percentages"], [100.0, 50.0, 0.0]),
    ],
)
def test_json(args: list[str], path: list[str | int], value: object) -> None:
    r = runner.invoke(app, [args[0], "--json", *args[1:]])  # before any "--"
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    for key in path:
        data = data[key]
    assert data == value


def test_cycle_lists_21_boards() -> None:
    r = runner.invoke(app, ["pref-cycle", "--json"])
    assert [b["board"] for b in json.loads(r.stdout)["boards"]] == list(range(1, 22))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pref-score", "zz"], "bad contract 'zz'"),
        (["pref-score", "K", "--tricks", "3", "--tricks", "3"], "not specified by the code"),
        (["pref-auction", "2", "P", "3", "betl"], "not specified by the code"),
        (["pref-auction", "9"], "bad call '9'"),
        (["pref-cycle", "0"], "bad board number 0"),
        (["pref-mitchell", "1", "2", "--artificial", "5"], "not specified by the code"),
    ],
)
def test_errors(args: list[str], message: str) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    assert message in r.stderr


def test_text_output() -> None:
    r = runner.invoke(app, ["pref-auction", "2", "P", "P"])
    assert r.exit_code == 0 and "complete: pik, declarer hand 1" in r.stdout
