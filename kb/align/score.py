"""Score 2007 -> 2017 pairs against hand-checked gold: precision and recall per relation.

Gold lines are ``{"law", "sr", "sk", "relation", "changed", "note"}`` (``sr`` or ``sk`` null for
new/removed). A predicted pair is judged when the gold speaks about one of its nodes (any
gold entry names it); it is right when the gold has the same two nodes with the same relation.
Recall of a relation is the share of its gold entries predicted with that relation.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

RELATIONS = ("same", "changed", "moved", "new", "removed")
GOLD_KEYS = ("sr", "sk", "relation")

Key = tuple[str | None, str | None]


def load_gold(path: Path) -> list[dict[str, Any]]:
    """Read a gold file; raise ValueError naming the keys found when an entry lacks ours."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            missing = [k for k in GOLD_KEYS if k not in row]
            if missing:
                raise ValueError(
                    f"{path}:{i}: gold entry lacks {', '.join(missing)} "
                    f"(keys present: {', '.join(sorted(row))}); expected {', '.join(GOLD_KEYS)}"
                )
            rows.append(row)
    return rows


def score(pairs: Iterable[dict[str, Any]], gold: list[dict[str, Any]]) -> dict[str, Any]:
    """Precision, recall and counts per relation, and the pairing alone (relation ignored).

    ``pairs`` are dicts with ``a`` (2007 node), ``b`` (2017 node) and ``relation``.
    """
    truth: dict[Key, str] = {(g["sr"], g["sk"]): g["relation"] for g in gold}
    covered = {n for g in gold for n in (g["sr"], g["sk"]) if n}
    predicted: dict[Key, str] = {}
    for p in pairs:
        if p["relation"] in RELATIONS and (p["a"] in covered or p["b"] in covered):
            predicted[(p["a"], p["b"])] = p["relation"]
    out: dict[str, Any] = {}
    for rel in RELATIONS:
        gold_r = [k for k, r in truth.items() if r == rel]
        pred_r = [k for k, r in predicted.items() if r == rel]
        hit_r = sum(1 for k in gold_r if predicted.get(k) == rel)
        right_r = sum(1 for k in pred_r if truth.get(k) == rel)
        out[rel] = {
            "gold": len(gold_r),
            "predicted": len(pred_r),
            "precision": right_r / len(pred_r) if pred_r else None,
            "recall": hit_r / len(gold_r) if gold_r else None,
        }
    gold_pairs = {k for k in truth if k[0] and k[1]}
    pred_pairs = {k for k in predicted if k[0] and k[1]}
    both = gold_pairs & pred_pairs
    out["pairing"] = {
        "gold": len(gold_pairs),
        "predicted": len(pred_pairs),
        "precision": len(both) / len(pred_pairs) if pred_pairs else None,
        "recall": len(both) / len(gold_pairs) if gold_pairs else None,
    }
    confusion: Counter[str] = Counter()
    for k, r in truth.items():
        confusion[f"{r}->{predicted.get(k, 'missing')}"] += 1
    out["confusion"] = dict(sorted(confusion.items()))
    # where the nodes of a gold pair that was not predicted went: each side paired elsewhere
    # ("other") or left without a partner ("alone")
    paired = {n for k in pred_pairs for n in k}
    missed: Counter[str] = Counter()
    for a, b in gold_pairs - pred_pairs:
        where_a = "other" if a in paired else "alone"
        where_b = "other" if b in paired else "alone"
        missed[f"2007 {where_a}, 2017 {where_b}"] += 1
    out["missed"] = dict(sorted(missed.items()))
    return out


def table(result: dict[str, Any]) -> str:
    """The scores as a small table."""

    def f(x: float | None) -> str:
        return "   -  " if x is None else f"{x:6.3f}"

    lines = ["relation     gold  pred  precision  recall"]
    for rel in (*RELATIONS, "pairing"):
        r = result[rel]
        counts = f"{rel:10s} {r['gold']:6d} {r['predicted']:5d}"
        lines.append(f"{counts}     {f(r['precision'])}  {f(r['recall'])}")
    return "\n".join(lines)
