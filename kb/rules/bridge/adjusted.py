"""Adjusted scores: artificial (average plus / average / average minus, Law 12C2) and weighted
assigned scores (Law 12C1(c)), in matchpoints or IMPs.

Cites per edition: the averages are 12C2(a) in both; the IMP form is 12C2(b) in both, and 2007
12C2(b) defers to 86A, where the plus or minus 3 IMPs are stated. Weighting is 12C1(c) in both
(2017 adds: only results that could have been achieved legally).

12C2(a) gives the award by responsibility for the irregularity (:func:`award_for`): directly at
fault, average minus; partly, average; in no way, average plus. A weighted score is written as a
director writes it, one result per line: ``60% N 4S=`` or ``0.6 N 4S=`` (:func:`weighted_entries`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from kb.rules.bridge.scoring import imps, score
from kb.rules.bridge.values import Result, Vul
from kb.rules.edition import Edition, bridge_edition
from kb.rules.errors import RulesError, as_list, bad_input
from kb.rules.registry import provision

_AWARDS = {
    "avg+": "avg+", "average plus": "avg+", "a+": "avg+", "+": "avg+",
    "avg": "avg", "average": "avg", "a": "avg", "=": "avg",
    "avg-": "avg-", "average minus": "avg-", "a-": "avg-", "-": "avg-",
}  # fmt: skip
_MP_PERCENT = {"avg+": 60.0, "avg": 50.0, "avg-": 40.0}
_IMPS = {"avg+": 3, "avg": 0, "avg-": -3}


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score and where it comes from."""

    award: str  # "avg+", "avg" or "avg-"
    scoring: str  # "mp" or "imp"
    value: float  # a percentage of the matchpoint top, or IMPs
    law: str
    law_ids: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


def _award(award: str) -> str:
    key = _AWARDS.get(str(award).strip().lower())
    if key is None:
        raise bad_input("award", award, "avg+, avg or avg- (also average plus/average/minus, A+)")
    return key


_RESPONSIBILITY = {
    "directly": "avg-", "direct": "avg-", "at fault": "avg-", "directly at fault": "avg-",
    "partly": "avg", "partial": "avg", "partly at fault": "avg",
    "none": "avg+", "not at fault": "avg+", "in no way": "avg+", "in no way at fault": "avg+",
}  # fmt: skip


@provision("sr-2007:12C2(a)", "sk-2017:12C2(a)")
def award_for(responsibility: str) -> str:
    """The artificial award of a contestant by its responsibility for the irregularity (12C2(a)):
    ``directly`` at fault avg-, ``partly`` avg, ``none`` (in no way at fault) avg+."""
    key = _RESPONSIBILITY.get(str(responsibility).strip().lower()) if responsibility else None
    if key is None:
        raise bad_input("responsibility", responsibility, "directly, partly or none (12C2(a))")
    return key


def _scoring(scoring: str) -> str:
    key = str(scoring).strip().lower()
    key = {"mp": "mp", "matchpoints": "mp", "imp": "imp", "imps": "imp"}.get(key, "")
    if not key:
        raise bad_input("scoring", scoring, "'mp' (matchpoints) or 'imp' (IMPs)")
    return key


@provision(
    "sr-2007:12C2(a)",
    "sk-2017:12C2(a)",
    "sr-2007:12C2(b)",
    "sk-2017:12C2(b)",
    "sr-2007:12C2(c)",
    "sk-2017:12C2(c)",
    "sr-2007:86A",
)
def artificial_score(
    award: str, *, scoring: str = "mp", edition: str | Edition, session_percent: float | None = None
) -> ArtificialScore:
    """The artificial adjusted score for average plus / average / average minus (Law 12C2).

    Matchpoints: 60 / 50 / 40 per cent (12C2(a)); IMPs: +3 / 0 / -3 (12C2(b); 2007 also 86A).
    With ``session_percent`` (matchpoints only), 12C2(c): a non-offender above 60 per cent on the
    session's other boards gets that percentage instead of 60, an offender below 40 gets his.
    """
    ed = bridge_edition(edition)
    doc = ed.doc
    kind, form = _award(award), _scoring(scoring)
    if form == "imp":
        if session_percent is not None:
            raise RulesError(
                f"bad session_percent {session_percent!r}: 12C2(c) is applied here to matchpoint "
                "percentages only; for IMPs give the session equivalent yourself"
            )
        ids = [f"{doc}:12C2(b)"] + ([f"{doc}:86A"] if ed is Edition.LAWS_2007 else [])
        return ArtificialScore(kind, form, float(_IMPS[kind]), "12C2(b)", tuple(ids))
    value = _MP_PERCENT[kind]
    law = "12C2(a)"
    if session_percent is not None:
        if (
            isinstance(session_percent, bool)
            or not isinstance(session_percent, int | float)
            or not 0 <= session_percent <= 100
        ):
            raise bad_input("session_percent", session_percent, "a percentage from 0 to 100")
        better = kind == "avg+" and session_percent > 60
        worse = kind == "avg-" and session_percent < 40
        if better or worse:
            value, law = float(session_percent), "12C2(c)"
    return ArtificialScore(kind, form, value, law, (f"{doc}:{law}",))


def _weighted_list(value: object, accepted: str) -> list[Any]:
    """``value`` as a non-empty list of weighted results, else a RulesError."""
    items = as_list(value, "weighted results", accepted)
    if not items:
        raise bad_input("weighted results", value, accepted)
    return items


def _weights(weighted: Sequence[tuple[float, object]]) -> list[tuple[float, object]]:
    accepted = "a non-empty list of (weight, result) pairs, weights summing to 1"
    items = _weighted_list(weighted, accepted)
    pairs = []
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise bad_input("weighted result", item, "a (weight, result) pair such as (0.6, 420)")
        w, r = item
        if isinstance(w, bool) or not isinstance(w, int | float) or not 0 < w <= 1:
            raise bad_input("weight", w, "a number above 0 and at most 1")
        pairs.append((float(w), r))
    total = sum(w for w, _ in pairs)
    if abs(total - 1.0) > 1e-6:
        raise RulesError(
            f"bad weights {[w for w, _ in pairs]!r}: they sum to {total:g}; "
            "expected weights summing to 1"
        )
    return pairs


_ENTRY = re.compile(r"\s*(\d+(?:[.,]\d+)?)\s*(%?)\s*(?:[x×*]|of)?\s+(\S.*)", re.IGNORECASE)


@provision("sr-2007:12C1(c)", "sk-2017:12C1(c)")
def weighted_entries(lines: Sequence[str]) -> list[tuple[float, str]]:
    """``["60% N 4S=", "40% N 4S-1"]`` (or weights 0.6 / 0.4) as (weight, result) pairs.

    A weight is a percentage with ``%`` or a fraction; the weights must sum to 100% (1). The
    result text is checked when it is scored (:func:`weighted_results`).
    """
    accepted = "lines such as '60% N 4S=' or '0.6 N 4S=' (a weight, then the result)"
    items = _weighted_list(lines, accepted)
    pairs = []
    for line in items:
        m = _ENTRY.fullmatch(line) if isinstance(line, str) else None
        if m is None:
            raise bad_input("weighted result", line, accepted)
        weight = float(m.group(1).replace(",", "."))
        pairs.append((weight / 100 if m.group(2) else weight, m.group(3).strip()))
    try:
        _weights(pairs)  # a weight out of range, or weights not summing to 100%
    except RulesError as exc:
        raise RulesError(f"bad weighted results {lines!r}: {exc}") from None
    return pairs


@provision("sr-2007:12C1(c)", "sk-2017:12C1(c)", "sr-2007:77", "sk-2017:77")
def weighted_results(weighted: Sequence[tuple[float, str]], *, vul: str) -> list[tuple[float, int]]:
    """Score each weighted result for North-South first (12C1(c), Law 77).

    Each result names its declarer, e.g. ``(0.7, "N 4S=")``, ``(0.3, "E 5HX-2")`` or
    ``(0.2, "passed out")``; ``vul`` is the board's vulnerability (None, NS, EW, Both).
    """
    board = Vul.parse(vul)
    out = []
    for w, text in _weights(weighted):
        r = Result.parse(str(text))
        if r.contract.passed_out:
            out.append((w, 0))
            continue
        if r.declarer is None:
            raise bad_input("result", text, "a result led by its declarer: 'N 4S=', 'E 3NT-1'")
        pts = score(r.contract, vulnerable=board.is_vulnerable(r.declarer), tricks=r.tricks)
        out.append((w, pts if r.declarer.side == "NS" else -pts))
    return out


def _points(pairs: list[tuple[float, object]]) -> list[tuple[float, float]]:
    out = []
    for w, p in pairs:
        if isinstance(p, bool) or not isinstance(p, int | float) or not math.isfinite(p):
            raise bad_input("score", p, "a finite number of points such as 420 or -100")
        out.append((w, float(p)))
    return out


@dataclass(frozen=True)
class WeightedScore:
    """A weighted adjusted score: each result scored first, then weighted (12C1(c))."""

    scoring: str  # "mp" or "imp"
    parts: tuple[tuple[float, float, float], ...]  # (weight, points, MPs or IMPs)
    value: float
    top: float | None  # matchpoint top (None for IMPs)
    percent: float | None
    law_ids: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


@provision("sr-2007:12C1(c)", "sk-2017:12C1(c)", "sr-2007:78A", "sk-2017:78A")
def weighted_matchpoints(
    weighted: Sequence[tuple[float, int]], field: Sequence[int], *, edition: str | Edition
) -> WeightedScore:
    """Matchpoints of a weighted score against the other scores on the board (12C1(c), 78A).

    Each weighted result (points for the same direction as ``field``) is matchpointed against the
    field first (2 per score beaten, 1 per tie), then the matchpoints are weighted.
    """
    doc = bridge_edition(edition).doc
    pairs = _points(_weights(weighted))
    scores = as_list(field, "field", "a list of the other scores on the board")
    others = [float(x) for w, x in _points([(1.0, f) for f in scores])]
    parts = []
    for w, pts in pairs:
        mp = sum(2.0 if pts > o else 1.0 if pts == o else 0.0 for o in others)
        parts.append((w, pts, mp))
    value = sum(w * mp for w, _, mp in parts)
    top = 2.0 * len(others)
    percent = 100.0 * value / top if top else None
    return WeightedScore("mp", tuple(parts), value, top, percent, (f"{doc}:12C1(c)", f"{doc}:78A"))


@provision("sr-2007:12C1(c)", "sk-2017:12C1(c)", "sr-2007:78B", "sk-2017:78B")
def weighted_imps(
    weighted: Sequence[tuple[float, int]], versus: int, *, edition: str | Edition
) -> WeightedScore:
    """IMPs of a weighted score against one comparison score (12C1(c), 78B).

    Each weighted result is turned into IMPs against ``versus`` first, then the IMPs are weighted
    (so 50% of +620 and 50% of -100 against +170 is 0.5*10 + 0.5*-7 = 1.5 IMPs).
    """
    doc = bridge_edition(edition).doc
    pairs = _points(_weights(weighted))
    ((_, other),) = _points([(1.0, versus)])
    parts = [(w, pts, float(imps(pts - other))) for w, pts in pairs]
    value = sum(w * i for w, _, i in parts)
    return WeightedScore("imp", tuple(parts), value, None, None, (f"{doc}:12C1(c)", f"{doc}:78B"))
