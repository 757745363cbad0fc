"""What the calculators answer: the rules core's results as plain dicts, each with the Law (or
article) it applies. The CLI prints them, the API returns them, the site's calculator checks its
JavaScript against them. Bad input raises the core's ``RulesError`` quoting it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kb.rules.bridge import (
    Contract,
    Result,
    artificial_score,
    check_auction,
    imps,
    matchpoints,
    mp_percentages,
    score_parts,
    weighted_imps,
    weighted_matchpoints,
    weighted_results,
)
from kb.rules.errors import RulesError, bad_input
from kb.rules.preferans import bidding, cycle, mitchell, scoring


def _num(x: Fraction | Decimal | float) -> float:
    """A JSON number, two decimals at most."""
    return round(float(x), 2)


def score_view(contract: str, *, vulnerable: bool, tricks: int | None = None) -> dict[str, Any]:
    """Law 77 score of a contract (``4SX`` with ``tricks``) or a result (``4S+1``)."""
    if tricks is None:
        result = Result.parse(contract)
        c, n = result.contract, result.tricks
    else:
        c, n = Contract.parse(contract), tricks
    parts = score_parts(c, vulnerable=vulnerable, tricks=n)
    return {
        "contract": str(c),
        "vulnerable": vulnerable,
        "tricks": n,
        "score": parts.total,
        "parts": parts.__dict__,
        "law": "77",
    }


def imps_view(diff: int) -> dict[str, Any]:
    """IMPs for a points difference (Law 78B)."""
    return {"diff": diff, "imps": imps(diff), "law": "78B"}


def matchpoints_view(scores: Sequence[int]) -> dict[str, Any]:
    """Matchpoints and percentages of the scores on one board (Law 78A)."""
    if len(scores) < 2:
        raise bad_input("scores", list(scores), "at least two scores to compare")
    mps = matchpoints(scores)
    pcts = mp_percentages(scores)
    rows = [
        {"score": s, "mp": m, "percent": round(p, 2)}
        for s, m, p in zip(scores, mps, pcts, strict=True)
    ]
    return {"top": 2 * (len(scores) - 1), "results": rows, "law": "78A"}


def auction_view(dealer: str, calls: Sequence[str], *, edition: str = "2017") -> dict[str, Any]:
    """An auction checked: legality of each call, end, contract, declarer, opening leader."""
    return check_auction(dealer, list(calls), edition=edition).to_dict()


def artificial_view(
    award: str, *, scoring: str = "mp", edition: str = "2017", session_percent: float | None = None
) -> dict[str, Any]:
    """An artificial adjusted score: average plus / average / average minus (Law 12C2)."""
    return artificial_score(
        award, scoring=scoring, edition=edition, session_percent=session_percent
    ).to_dict()


def weighted_view(
    weighted: Sequence[tuple[float, str | int]],
    *,
    scoring: str,
    vul: str | None = None,
    edition: str = "2017",
    field: Sequence[int] = (),
    other_table: int | None = None,
) -> dict[str, Any]:
    """A weighted assigned score (Law 12C1(c)): each result (``"N 4S="`` with the board's
    ``vul``, or North-South points) scored first, then weighted; in matchpoints against the
    other scores of the board (``field``) or in IMPs against ``other_table``."""
    if any(isinstance(r, str) for _, r in weighted):
        if vul is None:
            raise bad_input("vul", vul, "the board's vulnerability (None, NS, EW, Both)")
        points: list[tuple[float, int]] = weighted_results(
            [(w, str(r)) for w, r in weighted], vul=vul
        )
    else:
        points = [(w, int(r)) for w, r in weighted]
    if scoring == "mp":
        if not field:
            raise bad_input("field", list(field), "the other North-South scores of the board")
        result = weighted_matchpoints(points, list(field), edition=edition)
    elif scoring == "imp":
        if other_table is None:
            raise bad_input("other_table", other_table, "the North-South score at the other table")
        result = weighted_imps(points, other_table, edition=edition)
    else:
        raise bad_input("scoring", scoring, "'mp' or 'imp'")
    return result.to_dict()


def pref_score_view(
    contract: str,
    tricks: Sequence[int] = (),
    *,
    refe: bool = False,
    betl_defeated: bool = False,
    doubler: int | None = None,
) -> dict[str, Any]:
    """Preferans contract value, columns, multiplier, trick obligations and, given the tricks of
    the defenders who followed (or a lost betl), the score written (čl. 77, 79)."""
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
        data["score"] = _jsonable(
            asdict(scoring.score_betl_defeated(con, doubler=doubler, refe=refe))
        )
    elif tricks:
        data["score"] = _jsonable(asdict(scoring.score_made(con, list(tricks), refe=refe)))
    return data


def _jsonable(value: Any) -> Any:
    """Fractions and Decimals as numbers, tuples as lists, recursively."""
    if isinstance(value, Fraction | Decimal):
        return _num(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def pref_auction_view(calls: Sequence[str]) -> dict[str, Any]:
    """A preferans auction checked (čl. 18-20): legality, end, contract, declarer hand."""
    return _jsonable(asdict(bidding.check_auction(list(calls))))


def pref_cycle_view(numbers: Sequence[int] = ()) -> dict[str, Any]:
    """Opener and refe positions of boards (čl. 2); the whole 21-board cycle by default."""
    rows = [cycle.board(n) for n in numbers] if numbers else cycle.boards()
    return {
        "boards": [{"board": b.number, "opener": b.opener, "refe": sorted(b.refe)} for b in rows],
        "provision": cycle.P2,
    }


def pref_mitchell_view(results: Sequence[float], artificial: int = 0) -> dict[str, Any]:
    """Mitchell points and percentages of one board's results (čl. 79 a)."""
    points = mitchell.mitchell_points(results, artificial)
    pct = mitchell.mitchell_percentages(results, artificial) if len(results) > 1 else None
    return {
        "top": mitchell.top(len(results)),
        "points": [_num(p) for p in points],
        "percentages": None if pct is None else [_num(p) for p in pct],
        "provision": mitchell.P79,
    }
