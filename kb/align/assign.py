"""The best one-to-one pairing of two short lists by score (the Hungarian method).

Siblings are paired jointly rather than best pair first: two sections that swapped letters are
each other's partners when the two swapped pairs together say more than the two same-letter
pairs and their same-number prior, even if neither swapped pair is strong on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

INF = float("inf")


def best_pairs(gain: Sequence[Sequence[float | None]]) -> list[tuple[int, int]]:
    """Row/column pairs maximising the total gain; ``None`` or a gain of 0 or less is never
    taken (such a row or column stays unpaired). O(n^3) for an n x n matrix."""
    rows = len(gain)
    cols = len(gain[0]) if rows else 0
    n = max(rows, cols)
    if n == 0:
        return []
    # cost to minimise on a square matrix: a pair worth nothing costs as much as no pair
    cost = [[0.0] * n for _ in range(n)]
    for i in range(rows):
        for j in range(cols):
            g = gain[i][j]
            cost[i][j] = -g if g is not None and g > 0 else 0.0
    # potentials u (rows), v (columns); way[j] the column before j on the augmenting path
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    match = [0] * (n + 1)  # match[j]: the row (1-based) paired with column j
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        low = [INF] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], INF, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < low[j]:
                        low[j], way[j] = cur, j0
                    if low[j] < delta:
                        delta, j1 = low[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    low[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    out = []
    for j in range(1, n + 1):
        i = match[j] - 1
        if i < rows and j - 1 < cols:
            g = gain[i][j - 1]
            if g is not None and g > 0:
                out.append((i, j - 1))
    return sorted(out)
