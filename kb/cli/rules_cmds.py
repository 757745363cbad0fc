"""Bridge calculators on the command line: ``lawdesk score|imps|mp|auction``.

Thin wrappers over :mod:`kb.rules.bridge`; every command takes ``--json``, and bad input ends
with ``fail(...)`` (exit code 2) quoting the input.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from kb.cli.app import app, fail
from kb.rules.bridge import RulesError, check_auction
from kb.views.rules import imps_view, matchpoints_view, score_view

# Negative numbers ("-430") must reach the command as arguments, not be taken for options.
_NUMBERS = {"ignore_unknown_options": True}

JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def _emit(as_json: bool, data: dict[str, object], text: str) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False) if as_json else text)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        fail(f"bad {what} {text!r}: expected a whole number of points such as 430 or -50")
        raise  # unreachable: fail() exits


@app.command("score", rich_help_panel="Bridge rules")
def score_cmd(
    contract: Annotated[
        str, typer.Argument(help="Contract (4SX, 3NT, 'passed out') or result (4S+1, 3NTX-2).")
    ],
    vul: Annotated[bool, typer.Option("--vul/--nonvul", help="Declaring side vulnerable.")] = False,
    tricks: Annotated[
        int | None, typer.Option("--tricks", help="Tricks taken by declarer (0-13).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Score a contract for the declaring side (Law 77)."""
    try:
        data = score_view(contract, vulnerable=vul, tricks=tricks)
    except RulesError as exc:
        if tricks is None:
            fail(f"{exc} (or give a contract with --tricks N)")
        fail(str(exc))
        return
    side = "vulnerable" if vul else "not vulnerable"
    text = f"{data['score']}  ({data['contract']}, {side}, {data['tricks']} tricks; Law 77)"
    _emit(as_json, data, text)


@app.command("imps", context_settings=_NUMBERS, rich_help_panel="Bridge rules")
def imps_cmd(
    diff: Annotated[str, typer.Argument(help="Points difference, e.g. 430 or -430.")],
    as_json: JsonOpt = False,
) -> None:
    """Convert a points difference to IMPs (Law 78B)."""
    d = _int(diff, "points difference")
    try:
        data = imps_view(d)
    except RulesError as exc:
        fail(str(exc))
        return
    _emit(as_json, data, f"{data['imps']}  ({d} points; Law 78B)")


@app.command("mp", context_settings=_NUMBERS, rich_help_panel="Bridge rules")
def mp_cmd(
    scores: Annotated[list[str], typer.Argument(help="The scores on one board, e.g. 620 650 620.")],
    as_json: JsonOpt = False,
) -> None:
    """Matchpoint the scores of one board: 2 per score beaten, 1 per tie (Law 78A)."""
    values = [_int(s, "score") for s in scores]
    try:
        data = matchpoints_view(values)
    except RulesError as exc:
        fail(str(exc))
        return
    top = data["top"]
    lines = [
        f"{r['score']:>6}  {r['mp']:>5g} / {top}  {r['percent']:6.2f}%" for r in data["results"]
    ]
    _emit(as_json, data, "\n".join(lines))


@app.command("auction", rich_help_panel="Bridge rules")
def auction_cmd(
    calls: Annotated[
        list[str] | None, typer.Argument(help="Calls in rotation from the dealer: 1H P 1S X.")
    ] = None,
    dealer: Annotated[str, typer.Option("--dealer", help="Dealer: N, E, S or W.")] = "N",
    edition: Annotated[str, typer.Option("--edition", help="Laws edition: 2007 or 2017.")] = "2017",
    as_json: JsonOpt = False,
) -> None:
    """Check an auction: legality of each call, end, contract, declarer, opening leader."""
    try:
        check = check_auction(dealer, list(calls or []), edition=edition)
    except RulesError as exc:
        fail(str(exc))
        return
    if check.legal:
        status = "legal"
    else:
        index = check.first_illegal_index or 0
        bad = (calls or [])[index]
        # counted from 1 for people; --json keeps the 0-based first_illegal_index
        status = f"irregular at call {index + 1} ({bad!r}): {check.reason} (Law {check.law})"
    if check.complete and check.declarer:
        outcome = (
            f"contract {check.contract} by {check.declarer}, dummy {check.dummy}, "
            f"opening lead by {check.opening_leader}"
        )
    elif check.complete:
        outcome = "passed out"
    else:
        outcome = f"auction continues; {check.next_to_call} to call"
    _emit(as_json, check.to_dict(), f"{status}\n{outcome}")
