"""What the calculators answer: the rules core's results as plain dicts, each with the Law (or
article) it applies. The CLI prints them, the API returns them, the site's calculator checks its
JavaScript against them. Bad input raises the core's ``RulesError`` quoting it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from decimal import Decimal
from fractions import Fraction
from functools import partial
from itertools import pairwise
from typing import Any

from kb.rules.bridge import (
    Contract,
    Result,
    ScoreParts,
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
from kb.rules.bridge.scoring import IMP_EDGES, trick_score
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


STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")
VULS = {"nv": False, "v": True}


def _undertrick_steps(doubling: str, vulnerable: bool) -> list[int]:
    """The penalty for the 1st, 2nd ... 13th undertrick (each one's own increment)."""
    totals = [
        score_parts(f"7NT{doubling}", vulnerable=vulnerable, tricks=13 - down).undertricks
        for down in range(14)
    ]
    return [b - a for a, b in pairwise(totals)]


def _per_vul(points: Callable[[bool], int]) -> dict[str, int]:
    """``{"nv": ..., "v": ...}``: a value not vulnerable and vulnerable."""
    return {v: points(vul) for v, vul in VULS.items()}


def scoring_tables() -> dict[str, Any]:
    """The Law 77 table and the Law 78B IMP scale as data, read off the rules core (every value
    is what ``kb.rules`` scores, not a copy): trick values, overtricks, bonuses, each
    undertrick's penalty, the trick score that earns the game bonus, and the IMP band edges.

    The site's calculator computes from exactly this data; a test runs it against
    ``kb.rules`` over every contract, vulnerability and number of tricks."""

    def made(contract: str, vul: bool, over: int = 0) -> ScoreParts:
        return score_parts(contract, vulnerable=vul, tricks=6 + int(contract[0]) + over)

    tricks = {
        s: {
            d: {
                "first": trick_score(f"1{s}{d}"),
                "next": trick_score(f"2{s}{d}") - trick_score(f"1{s}{d}"),
            }
            for d in DOUBLINGS
        }
        for s in STRAINS
    }
    overtricks = {
        s: {d: _per_vul(lambda vul, c=f"1{s}{d}": made(c, vul, 1).overtricks) for d in DOUBLINGS}
        for s in STRAINS
    }
    contracts = [f"{lvl}{s}{d}" for lvl in range(1, 8) for s in STRAINS for d in DOUBLINGS]
    partscore = made("1C", False).game_or_partscore
    games = [
        trick_score(c)
        for c in contracts
        for vul in (False, True)
        if made(c, vul).game_or_partscore > partscore
    ]
    return {
        "tricks": tricks,
        "overtricks": overtricks,
        "undertricks": {d: _per_vul(partial(_undertrick_steps, d)) for d in DOUBLINGS},
        "game_threshold": min(games),
        "bonus": {
            "game": _per_vul(lambda vul: made("3NT", vul).game_or_partscore),
            "partscore": partscore,
            "small_slam": _per_vul(lambda vul: made("6C", vul).slam),
            "grand_slam": _per_vul(lambda vul: made("7C", vul).slam),
            "insult": {d: made(f"1C{d}", False).insult for d in DOUBLINGS},
        },
        "imp_edges": list(IMP_EDGES),
        "laws": {"score": "77", "imps": "78B", "matchpoints": "78A"},
    }


def undertrick_columns(steps: dict[str, dict[str, list[int]]]) -> list[str]:
    """Column heads of the undertrick table: ``1``, ``2``, ``3``, then ``4+`` from the first
    undertrick after which every row's penalty stays the same."""
    last = max(
        next(i for i in range(13) if len(set(row[i:])) == 1)
        for per_vul in steps.values()
        for row in per_vul.values()
    )
    return [str(i + 1) for i in range(last)] + [f"{last + 1}+"]


def imp_scale() -> list[dict[str, int | None]]:
    """The Law 78B scale as bands ``{"from", "to", "imps"}`` (``to`` None for the last), from
    the rules core's band edges; differences are in tens, so a band ends 10 below the next."""
    edges = [0, *IMP_EDGES]
    return [
        {"from": lo, "to": edges[i + 1] - 10 if i + 1 < len(edges) else None, "imps": imps(lo)}
        for i, lo in enumerate(edges)
    ]


def pref_values_view() -> dict[str, Any]:
    """The Preferans kodeks scoring values from ``kb.rules.preferans``: each contract's value and
    columns (čl. 77), the trick obligations (definitions, čl. 22-23), the doubling multipliers
    (čl. 77 d) and the 21-board cycle (čl. 2)."""
    from kb.rules.preferans.bidding import LADDER

    contracts = []
    for name in LADDER.values():
        for with_talon in (True, False):
            text = name[0].upper() + ("" if with_talon else "!")
            view = pref_score_view(text)
            contracts.append(
                {k: view[k] for k in ("contract", "name", "with_talon", "level", "value",
                                      "declarer_column", "trick_column", "obligations")}
                | {"trick_column_note": view.get("trick_column_note")}
            )  # fmt: skip
    return {
        "contracts": contracts,
        "multipliers": [
            {
                "doubling": d,
                "plain": scoring.multiplier(d),
                "refe": scoring.multiplier(d, refe=True),
            }
            for d in scoring.DOUBLINGS
        ],
        "cycle": pref_cycle_view(),
        "provisions": [scoring.P77, scoring.P79, scoring.P22, scoring.P23, cycle.P2],
    }
