"""Preferans calculator commands: pref-score, pref-auction, pref-cycle, pref-mitchell.

Thin wrappers over :mod:`kb.rules.preferans`; a refusal of the rules core (bad input, or a point
the Kodeks does not specify) is printed as ``error: ...`` with exit code 2.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any

import typer

from kb.cli.app import app, fail
from kb.rules.errors import RulesError
from kb.rules.preferans import bidding, cycle, mitchell, scoring

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def _emit(data: dict[str, Any], as_json: bool, text: str) -> None:
    """Print ``data`` as JSON or ``text``."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2) if as_json else text)


def _num(x: Fraction | Decimal) -> float:
    """A JSON number, two decimals at most."""
    return round(float(x), 2)


def score_data(
    contract: str, tricks: list[int], *, refe: bool, betl_defeated: bool, doubler: int | None
) -> dict[str, Any]:
    """Everything ``pref-score`` reports about a contract (and a result, when given)."""
    con = scoring.parse_contract(contract)
    data: dict[str, Any] = {
        "contract": str(con),
        "name": con.name,
        "with_talon": con.with_talon,
        "doubling": con.doubling,
        "level": con.level,
        "value": scoring.game_value(con),
        "declarer_column": scoring.declarer_column(con),
        "multiplier": scoring.multiplier(con.doubling, refe=refe),
        "refe": refe,
        "provision": "hr-pref-2014:77",
    }
    try:
        data["trick_column"] = scoring.trick_column(con)
    except RulesError as exc:
        data["trick_column"], data["trick_column_note"] = None, str(exc)
    obligations = {}
    for role in scoring.ROLES:
        try:
            ob = scoring.obligation(role, con)
        except RulesError:
            continue
        obligations[role] = {"tricks": ob.tricks, "at_most": ob.at_most, "side": ob.side}
    data["obligations"] = obligations
    if betl_defeated:
        data["score"] = asdict(scoring.score_betl_defeated(con, doubler=doubler, refe=refe))
    elif tricks:
        data["score"] = asdict(scoring.score_made(con, tricks, refe=refe))
    return data


@app.command("pref-score", rich_help_panel="Preferans rules")
def pref_score(
    contract: Annotated[str, typer.Argument(help="e.g. K, K!, BX, TXX, igra-herc (čl. 77, 79).")],
    tricks: Annotated[
        list[int] | None,
        typer.Option(
            "--tricks", help="Tricks of each defender who followed (repeat: --tricks 2 --tricks 2)."
        ),
    ] = None,
    refe: Annotated[bool, typer.Option("--refe", help="The declarer plays under refe.")] = False,
    betl_defeated: Annotated[
        bool, typer.Option("--betl-defeated", help="Score a betl the declarer lost.")
    ] = False,
    doubler: Annotated[
        int | None,
        typer.Option("--doubler", help="With --betl-defeated: the defender (0 or 1) who doubled."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Preferans contract value, columns, multipliers, trick obligations and basic score."""
    try:
        data = score_data(
            contract, tricks or [], refe=refe, betl_defeated=betl_defeated, doubler=doubler
        )
    except RulesError as exc:
        fail(str(exc))
        return
    lines = [
        f"{data['contract']}: value {data['value']}, declarer column "
        f"{data['declarer_column']}, per trick {data['trick_column'] or '-'}, "
        f"multiplier x{data['multiplier']}"
    ]
    for role, ob in data["obligations"].items():
        bound = "at most" if ob["at_most"] else "at least"
        lines.append(
            f"  {role}: {bound} {ob['tricks']} tricks{' with partner' if ob['side'] else ''}"
        )
    if "score" in data:
        s = data["score"]
        lines.append(f"  writes: declarer {s['declarer']}, defenders {list(s['defenders'])}")
        lines += [f"  {note}" for note in s["unspecified"]]
    _emit(data, as_json, "\n".join(lines))


@app.command("pref-auction", rich_help_panel="Preferans rules")
def pref_auction(
    calls: Annotated[
        list[str] | None,
        typer.Argument(
            help="Calls in speaking order from the opener: P 2 3 isti igra igra-karo betl sanac."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check a preferans auction (čl. 18-20): legality, end, contract and declarer (hand 1-3)."""
    try:
        res = bidding.check_auction(calls or [])
    except RulesError as exc:
        fail(str(exc))
        return
    data = asdict(res)
    if res.legal:
        state = (
            f"complete: {res.contract}"
            + (f", declarer hand {res.declarer}" if res.declarer else "")
            if res.complete
            else f"in progress: hand {res.next_hand} to speak"
        )
        text = f"legal; {state}"
    else:
        number = (res.first_illegal_index or 0) + 1
        text = f"illegal call {number}: {res.reason} ({res.provision})"
    _emit(data, as_json, text)


@app.command("pref-cycle", rich_help_panel="Preferans rules")
def pref_cycle(
    numbers: Annotated[
        list[int] | None,
        typer.Argument(help="Board numbers (default: the 21 boards of the cycle)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Opener and refe positions of each board (čl. 2)."""
    try:
        rows = [cycle.board(n) for n in numbers] if numbers else cycle.boards()
    except RulesError as exc:
        fail(str(exc))
        return
    data = {
        "boards": [{"board": b.number, "opener": b.opener, "refe": sorted(b.refe)} for b in rows],
        "provision": cycle.P2,
    }
    text = "\n".join(
        f"{b.number:>3}  opener {b.opener}  refe {' '.join(sorted(b.refe)) or '-'}" for b in rows
    )
    _emit(data, as_json, text)


@app.command("pref-mitchell", rich_help_panel="Preferans rules")
def pref_mitchell(
    results: Annotated[
        list[float],
        typer.Argument(
            help="The +/- results on one line of a board (use -- before negative numbers)."
        ),
    ],
    artificial: Annotated[
        int, typer.Option("--artificial", help="Number of artificial results on the board.")
    ] = 0,
    as_json: JsonFlag = False,
) -> None:
    """Mitchell points and percentages of one board's results (čl. 79 a)."""
    try:
        points = mitchell.mitchell_points(results, artificial)
        pct = mitchell.mitchell_percentages(results, artificial) if len(results) > 1 else None
    except RulesError as exc:
        fail(str(exc))
        return
    data = {
        "top": mitchell.top(len(results)),
        "points": [_num(p) for p in points],
        "percentages": None if pct is None else [_num(p) for p in pct],
        "provision": mitchell.P79,
    }
    text = "\n".join(
        f"{r:>10g}  {_num(p):>6g}" + ("" if pct is None else f"  {_num(q):6.2f}%")
        for r, p, q in zip(results, points, pct or points, strict=True)
    )
    _emit(data, as_json, text)
