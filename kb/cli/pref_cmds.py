"""Preferans calculator commands: pref-score, pref-auction, pref-cycle, pref-mitchell.

Thin wrappers over :mod:`kb.rules.preferans`; a refusal of the rules core (bad input, or a point
the Kodeks does not specify) is printed as ``error: ...`` with exit code 2.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from kb.cli.app import app, fail
from kb.rules.errors import RulesError
from kb.views.rules import (
    pref_auction_view,
    pref_cycle_view,
    pref_mitchell_view,
    pref_score_view,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def _emit(data: dict[str, Any], as_json: bool, text: str) -> None:
    """Print ``data`` as JSON or ``text``."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2) if as_json else text)


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
        data = pref_score_view(
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
        data = pref_auction_view(calls or [])
    except RulesError as exc:
        fail(str(exc))
        return
    if data["legal"]:
        state = (
            f"complete: {data['contract']}"
            + (f", declarer hand {data['declarer']}" if data["declarer"] else "")
            if data["complete"]
            else f"in progress: hand {data['next_hand']} to speak"
        )
        text = f"legal; {state}"
    else:
        number = (data["first_illegal_index"] or 0) + 1
        text = f"illegal call {number}: {data['reason']} ({data['provision']})"
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
        data = pref_cycle_view(numbers or [])
    except RulesError as exc:
        fail(str(exc))
        return
    text = "\n".join(
        f"{b['board']:>3}  opener {b['opener']}  refe {' '.join(b['refe']) or '-'}"
        for b in data["boards"]
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
        data = pref_mitchell_view(results, artificial)
    except RulesError as exc:
        fail(str(exc))
        return
    pct = data["percentages"]
    text = "\n".join(
        f"{r:>10g}  {p:>6g}" + ("" if pct is None else f"  {q:6.2f}%")
        for r, p, q in zip(results, data["points"], pct or data["points"], strict=True)
    )
    _emit(data, as_json, text)
