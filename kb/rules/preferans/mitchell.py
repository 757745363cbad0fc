"""Mitchell percentages within a board (Kodeks čl. 79 a).

"Ukupan broj upisa pomnoži sa 2. Na cjelokupnu sumu oduzme se 2, pa tako dobiven broj je
maximalni broj bodova ... («TOP»). Sljedeći je rezultat za 2 manji i tako redom do zadnjeg koji
je 0 bodova." Ties "podijeliti će bodove postignutog rezultata (suma bodova linije igre je uvijek
jednako navedeno u primjeru)": tied entries share the points of the places they occupy, which
keeps the line sum at n(n-1). Artificial results ("meomedij"): for each one the top is lowered and
the bottom raised by one point; read on the scale, and refused beyond two, where the text's
scale would stop descending.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from kb.rules.errors import as_list, bad_input
from kb.rules.preferans.errors import NotSpecified
from kb.rules.registry import provision

P79 = "hr-pref-2014:79"


@provision(P79)
def top(entries: int) -> int:
    """The TOP of a board with ``entries`` results: 2n - 2 (7 entries -> 12)."""
    if isinstance(entries, bool) or not isinstance(entries, int) or entries < 1:
        raise bad_input("number of entries", entries, "a whole number 1 or more")
    return 2 * entries - 2


def _results(results: object) -> list[float]:
    accepted = "a list of finite numbers (+/- scores on one line)"
    values = as_list(results, "results", accepted)
    for r in values:
        if isinstance(r, bool) or not isinstance(r, int | float) or not math.isfinite(r):
            raise bad_input("result", r, accepted)
    if not values:
        raise bad_input("results", results, accepted + ", at least one")
    return [float(r) for r in values]


@provision(P79)
def mitchell_points(results: Sequence[float | int], artificial: int = 0) -> list[Fraction]:
    """Points of each result on one line (higher result = better), in input order."""
    values = _results(results)
    n = len(values)
    t = top(n)
    if isinstance(artificial, bool) or not isinstance(artificial, int) or artificial < 0:
        raise bad_input("number of artificial results", artificial, "0, 1 or 2")
    if artificial > 2:
        raise NotSpecified(
            f"Mitchell points with {artificial} artificial results (the "
            "adjusted scale would no longer descend)",
            P79,
        )
    scale = [Fraction(t - 2 * k) for k in range(n)]  # best first
    if artificial and n >= 2:
        scale[0] -= artificial
        scale[-1] += artificial
    if any(a < b for a, b in pairwise(scale)):
        raise NotSpecified(
            f"Mitchell points with {artificial} artificial results on {n} "
            "entries (the adjusted scale would no longer descend)",
            P79,
        )
    order = sorted(range(n), key=lambda i: -values[i])
    points: list[Fraction] = [Fraction(0)] * n
    place = 0
    while place < n:
        same = [i for i in order[place:] if values[i] == values[order[place]]]
        share = sum(scale[place : place + len(same)], Fraction(0)) / len(same)
        for i in same:
            points[i] = share
        place += len(same)
    return points


@provision(P79)
def mitchell_percentages(results: Sequence[float | int], artificial: int = 0) -> list[Fraction]:
    """Each result's points as a percentage of TOP (all equal with 7 entries: 6 of 12 = 50 %)."""
    values = _results(results)
    if top(len(values)) == 0:
        raise NotSpecified(
            f"a percentage on a board with a single entry {values!r} (TOP is 0)", P79
        )
    t = top(len(values))
    return [p * 100 / t for p in mitchell_points(results, artificial)]
