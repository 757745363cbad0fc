"""Duplicate scoring: the Law 77 table, IMPs (78B), matchpoints (78A) and total points (78C).

Law 77 and Law 78A-C carry the same values in the 2007 and 2017 editions.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from kb.rules.bridge.values import Contract, Doubling, Result, Strain
from kb.rules.errors import RulesError, as_list
from kb.rules.registry import provision


@dataclass(frozen=True)
class ScoreParts:
    """The items of Law 77 that make up one score, from the declaring side's point of view."""

    trick_score: int = 0
    overtricks: int = 0
    game_or_partscore: int = 0
    slam: int = 0
    insult: int = 0
    undertricks: int = 0

    @property
    def total(self) -> int:
        """The declaring side's score (negative when the contract is defeated)."""
        return (
            self.trick_score
            + self.overtricks
            + self.game_or_partscore
            + self.slam
            + self.insult
            - self.undertricks
        )


def _check_tricks(tricks: object) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RulesError(f"bad tricks {tricks!r}: expected a whole number of tricks from 0 to 13")
    return tricks


def _check_vulnerable(vulnerable: object) -> bool:
    if not isinstance(vulnerable, bool):
        raise RulesError(f"bad vulnerable {vulnerable!r}: expected True or False")
    return vulnerable


@provision("sr-2007:77", "sk-2017:77")
def trick_score(contract: str | Contract) -> int:
    """Points for the odd tricks bid and made (77 "trick score"), doubled and redoubled as bid."""
    c = Contract.parse(contract)
    if c.passed_out or c.strain is None:
        return 0
    factor = 2 ** int(c.doubling)
    if c.strain is Strain.NT:
        return (40 + 30 * (c.level - 1)) * factor
    return (30 if c.strain.is_major else 20) * c.level * factor


def _undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    if doubling is Doubling.NONE:
        return down * (100 if vulnerable else 50)
    # Doubled: first, second and third, fourth and each later undertrick (77 "undertricks").
    first, second_third, later = (200, 300, 300) if vulnerable else (100, 200, 300)
    penalty = first + second_third * min(max(down - 1, 0), 2) + later * max(down - 3, 0)
    return penalty * (2 if doubling is Doubling.XX else 1)


@provision("sr-2007:77", "sk-2017:77")
def score_parts(contract: str | Contract, *, vulnerable: bool, tricks: int) -> ScoreParts:
    """The Law 77 items (trick score, overtricks, bonuses, undertricks) of one result."""
    c = Contract.parse(contract)
    _check_vulnerable(vulnerable)
    _check_tricks(tricks)
    if c.passed_out or c.strain is None:
        return ScoreParts()
    if tricks < c.tricks_needed:
        return ScoreParts(
            undertricks=_undertrick_penalty(c.tricks_needed - tricks, c.doubling, vulnerable)
        )
    below = trick_score(c)
    over = tricks - c.tricks_needed
    if c.doubling is Doubling.NONE:
        per_over = 20 if c.strain in (Strain.C, Strain.D) else 30
    else:
        per_over = (200 if vulnerable else 100) * (2 if c.doubling is Doubling.XX else 1)
    game = (500 if vulnerable else 300) if below >= 100 else 50
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(c.level, 0)
    insult = {Doubling.NONE: 0, Doubling.X: 50, Doubling.XX: 100}[c.doubling]
    return ScoreParts(below, over * per_over, game, slam, insult, 0)


@provision("sr-2007:77", "sk-2017:77")
def score(contract: str | Contract, *, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score by Law 77 (negative when defeated; a passed-out board is 0).

    ``contract`` is e.g. ``"4SX"``, ``"3NT"``, ``"7CXX"`` or ``"passed out"``; ``tricks`` is the
    number of tricks declarer's side took (0-13).
    """
    return score_parts(contract, vulnerable=vulnerable, tricks=tricks).total


@provision("sr-2007:77", "sk-2017:77")
def score_result(result: str | Result, *, vulnerable: bool) -> int:
    """Score a written result such as ``"4S+1"`` or ``"3NTX-2"`` for the declaring side (Law 77)."""
    r = Result.parse(result)
    return score(r.contract, vulnerable=vulnerable, tricks=r.tricks)


# Lower edges of the Law 78B bands 1..24; a difference below 20 is worth 0 IMPs.
IMP_EDGES = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)


def _check_number(value: object, what: str) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        raise RulesError(
            f"bad {what} {value!r}: expected a finite number of points such as 430 or -50"
        )
    return value


@provision("sr-2007:78B", "sk-2017:78B")
def imps(diff: int) -> int:
    """IMPs for a points difference by the Law 78B scale (symmetric: ``imps(-d) == -imps(d)``).

    The table lists 20-40 = 1 ... 4000 and more = 24; a difference falling between two printed bands
    (possible only for totals that are not multiples of ten) takes the lower band.
    """
    d = _check_number(diff, "points difference")
    n = bisect_right(IMP_EDGES, abs(d))
    return n if d >= 0 else -n


def _check_scores(scores: Sequence[int]) -> list[float]:
    values = as_list(scores, "scores", "a list of numbers such as [620, 650]")
    return [_check_number(s, "score") for s in values]


@provision("sr-2007:78A", "sk-2017:78A")
def matchpoints(scores: Sequence[int]) -> list[float]:
    """Matchpoints of each score against the others on the board (Law 78A).

    2 for each score beaten, 1 for each tie, 0 for each better score; the total is ``n(n-1)``.
    """
    values = _check_scores(scores)
    return [
        float(sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(values) if j != i))
        for i, s in enumerate(values)
    ]


@provision("sr-2007:78A", "sk-2017:78A")
def mp_percentages(scores: Sequence[int]) -> list[float]:
    """Each score's matchpoints as a percentage of the top, ``2(n-1)`` (Law 78A)."""
    values = _check_scores(scores)
    if len(values) < 2:
        raise RulesError(
            f"bad scores {list(scores)!r}: percentages need at least two scores to compare"
        )
    top = 2 * (len(values) - 1)
    return [100.0 * mp / top for mp in matchpoints(values)]


@provision("sr-2007:78C", "sk-2017:78C")
def total_points(scores: Sequence[int]) -> int | float:
    """A contestant's total-points score: the sum of his scores on all boards played (Law 78C)."""
    return sum(_check_scores(scores))
