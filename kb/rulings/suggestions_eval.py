"""How well :func:`kb.rulings.suggest` finds the right tree: top-1 and top-3 accuracy over a set
of situation descriptions (JSONL: ``text``, ``lang``, ``gold`` tree IDs, ``also`` acceptable
IDs, ``edition``).

A case counts when a gold tree is among the first k suggestions (``lenient`` also accepts the
``also`` trees). Only existing trees can be suggested, so the figures are given for every case
and for the cases whose gold tree exists. Individual cases (``misses``) are returned only when
asked: a blind set is scored in aggregate only.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from kb.rulings.catalogue import trees
from kb.rulings.errors import RulingError
from kb.rulings.suggestions import suggest


def load_situations(path: Path) -> list[dict[str, Any]]:
    """The cases of a JSONL file; a malformed line is an error naming it."""
    cases = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RulingError("bad-eval-file", f"cannot read {path}: {exc}", ["a JSONL file"]) from None
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            case = {
                "text": str(row["text"]),
                "lang": str(row.get("lang", "?")),
                "gold": list(row["gold"]),
                "also": list(row.get("also", [])),
                "edition": str(row.get("edition", "2017")),
            }
        except (ValueError, KeyError, TypeError) as exc:
            raise RulingError(
                "bad-eval-file",
                f"{path.name}:{no}: expected a JSON object with text, gold (and lang, also, "
                f"edition): {exc}",
                ["text", "gold", "lang", "also", "edition"],
            ) from None
        cases.append(case)
    return cases


def _rates(rows: list[dict[str, Any]]) -> dict[str, float | int]:
    n = len(rows) or 1
    return {
        "n": len(rows),
        "top1": sum(r["top1"] for r in rows) / n,
        "top3": sum(r["top3"] for r in rows) / n,
        "top3_lenient": sum(r["lenient"] for r in rows) / n,
    }


def evaluate_suggestions(path: Path, *, misses: bool = False) -> dict[str, Any]:
    """Top-1 / top-3 accuracy overall, per language, and on the cases whose gold tree exists."""
    existing = set(trees())
    rows = []
    for case in load_situations(path):
        got = [s["id"] for s in suggest(case["text"], 3, edition=case["edition"])]
        gold, ok = set(case["gold"]), set(case["gold"]) | set(case["also"])
        rows.append(
            {
                **case,
                "got": got,
                "top1": bool(gold & set(got[:1])),
                "top3": bool(gold & set(got)),
                "lenient": bool(ok & set(got)),
                "exists": bool(gold & existing),
            }
        )
    by_lang: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_lang[r["lang"]].append(r)
    out: dict[str, Any] = {
        "file": path.name,
        "trees": len(existing),
        "all": _rates(rows),
        "existing": _rates([r for r in rows if r["exists"]]),
        "per_lang": {lang: _rates(rs) for lang, rs in sorted(by_lang.items())},
    }
    if misses:
        out["misses"] = [
            {k: r[k] for k in ("text", "lang", "gold", "also", "got")}
            for r in rows
            if r["exists"] and not r["top3"]
        ]
    return out
