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

import numpy as np

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


def lend(
    scores: np.ndarray,
    cand: np.ndarray,
    ptr: np.ndarray,
    targets: np.ndarray,
    mask: np.ndarray | None,
) -> np.ndarray:
    """Raise, in place, the units that the best ``TOP`` of the candidate units ``cand`` cite
    (only those in ``mask``, if given) by ``SHARE`` of the best citing unit's score, up to
    ``CEILING`` of it; return the candidates with the raised units added."""
    best = cand[np.argpartition(-scores[cand], TOP)[:TOP]] if cand.size > TOP else cand
    # few units cite anything, and those few things: plain Python beats numpy's call overhead
    lent: dict[int, float] = {}
    for u, lo, hi in zip(best.tolist(), ptr[best].tolist(), ptr[best + 1].tolist(), strict=True):
        if hi > lo:
            s = float(scores[u])
            for t in targets[lo:hi].tolist():
                if s > lent.get(t, 0.0) and (mask is None or mask[t]):
                    lent[t] = s
    if not lent:
        return cand
    for t, s in lent.items():
        scores[t] = max(float(scores[t]), min(float(scores[t]) + SHARE * s, CEILING * s))
    known = set(cand.tolist())
    new = [t for t in lent if t not in known]
    return np.concatenate((cand, np.array(new, dtype=cand.dtype))) if new else cand
