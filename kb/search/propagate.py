"""Score passed along resolved cross-references: a rule that says what happened often names the
remedy elsewhere ("the director applies Law 23", "see 16D"), and the provision it cites should
be found with it even when the query's words are not in it.

At build time every unit gets the units of the provisions its node's references resolve to
(``links``), kept in CSR arrays in the index. At query time (``lend``) each of the best
``TOP`` units lends ``SHARE`` of its score to the units it cites; a cited unit rises toward the
unit that cites it but never above ``CEILING`` of it, so a situation's paragraph still comes
before its remedy. Definitions and bare headings do not lend (a definition citing the Law that
uses a term says nothing of the situation), and a reference inside one provision (or its twin
in the other edition) lends nothing: the provision is found already.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # the index module imports the build's, which imports this one
    from kb.search.index import SearchIndex

TOP = 20  # the best units that lend
SHARE = 0.3  # ... this share of their score to each unit they cite
CEILING = 0.99  # a cited unit rises to at most this share of the best unit citing it


def links(
    unit_node: np.ndarray,
    unit_quiet: np.ndarray,
    node_span: np.ndarray,
    node_unit: np.ndarray,
    node_group: np.ndarray,
    ref_ptr: np.ndarray,
    ref_node: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Per unit, the units it lends to, as CSR arrays (``ptr``, ``unit``): the own unit (or the
    first unit) of every node its node's references resolve to, outside its own provision
    group. ``unit_quiet`` marks the units that lend nothing (definitions, bare headings)."""
    rows: list[list[int]] = []
    for u, node in enumerate(unit_node.tolist()):
        row: list[int] = []
        if not unit_quiet[u]:
            for target in ref_node[int(ref_ptr[node]) : int(ref_ptr[node + 1])].tolist():
                if node_group[target] == node_group[node]:
                    continue
                lo, hi = (int(x) for x in node_span[target])
                own = int(node_unit[target])
                own = lo if own < 0 and hi > lo else own
                if own >= 0 and own not in row:
                    row.append(own)
        rows.append(row)
    ptr = np.zeros(len(rows) + 1, dtype=np.int64)
    ptr[1:] = np.cumsum([len(r) for r in rows])
    return ptr, np.fromiter((t for r in rows for t in r), np.int32, int(ptr[-1]))


def cites(index: SearchIndex) -> dict[int, tuple[int, ...]]:
    """Per unit that cites anything, the units it lends to (the index's ``cite_ptr`` and
    ``cite_unit`` as a dict: few units cite, and a query looks up only its best ones). Built once
    per index."""
    found: dict[int, tuple[int, ...]] | None = index.__dict__.get("_cites")
    if found is None:
        ptr, targets = index.a["cite_ptr"], index.a["cite_unit"]
        found = {
            int(u): tuple(targets[ptr[u] : ptr[u + 1]].tolist())
            for u in np.flatnonzero(np.diff(ptr) > 0)
        }
        index.__dict__["_cites"] = found
    return found


def lend(
    scores: np.ndarray,
    cand: np.ndarray,
    cited: Mapping[int, tuple[int, ...]],
    mask: np.ndarray | None,
) -> np.ndarray:
    """Raise, in place, the units that the best ``TOP`` of the candidate units ``cand`` cite
    (``cited``; only those in ``mask``, if given) by ``SHARE`` of the best citing unit's score,
    up to ``CEILING`` of it; return the candidates with the raised units added."""
    best = cand[np.argpartition(-scores[cand], TOP)[:TOP]] if cand.size > TOP else cand
    # few units cite anything, and those few things: plain Python beats numpy's call overhead
    lent: dict[int, float] = {}
    for u, s in zip(best.tolist(), scores[best].tolist(), strict=True):
        for t in cited.get(u, ()):
            if s > lent.get(t, 0.0) and (mask is None or mask[t]):
                lent[t] = s
    if not lent:
        return cand
    units = list(lent)
    own = scores[units].tolist()
    for t, cur, s in zip(units, own, lent.values(), strict=True):
        scores[t] = max(cur, min(cur + SHARE * s, CEILING * s))
    known = set(cand.tolist())
    new = [t for t in units if t not in known]
    return np.concatenate((cand, np.array(new, dtype=cand.dtype))) if new else cand
