"""``lawdesk eval``: recall@1, recall@5 and MRR@10 of search over tests/eval/queries.jsonl.

A result is a hit when it is a gold node or lies inside one (a gold ``sk-2017:27`` accepts
``sk-2017:27B1(a)``); the rank of a query is that of its first hit among the top 10.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.corpus import ROOT

QUERIES = ROOT / "tests" / "eval" / "queries.jsonl"
DEPTH = 10


@dataclass(frozen=True)
class Case:
    """One evaluation query with its gold node IDs."""

    q: str
    lang: str
    kind: str
    gold: tuple[str, ...]


def load_cases(path: Path = QUERIES) -> list[Case]:
    """Read the JSONL evaluation set; a malformed line is an error naming it."""
    cases = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            cases.append(Case(d["q"], d["lang"], d["kind"], tuple(d["gold"])))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(
                f"{path.name}:{no}: expected a JSON object with q, lang, kind, gold: {exc}"
            ) from exc
    return cases


def first_hit(ids: list[str], gold: Iterable[str], parent: dict[str, str | None]) -> int | None:
    """1-based rank of the first result that is a gold node or inside one."""
    gold = set(gold)
    for rank, node in enumerate(ids, 1):
        cur: str | None = node
        while cur is not None:
            if cur in gold:
                return rank
            cur = parent.get(cur)
    return None


def metrics(ranks: list[int | None]) -> dict[str, float]:
    """recall@1, recall@5 and MRR@10 of a list of first-hit ranks."""
    n = len(ranks) or 1
    return {
        "n": len(ranks),
        "recall@1": sum(1 for r in ranks if r == 1) / n,
        "recall@5": sum(1 for r in ranks if r is not None and r <= 5) / n,
        "mrr@10": sum(1 / r for r in ranks if r is not None and r <= DEPTH) / n,
    }


def evaluate(
    cases: list[Case],
    run: Callable[[str], list[str]],
    parent: dict[str, str | None],
) -> dict[str, Any]:
    """Run every case; metrics overall, per language and per kind, and the misses."""
    by: dict[str, dict[str, list[int | None]]] = {
        "lang": defaultdict(list),
        "kind": defaultdict(list),
    }
    ranks: list[int | None] = []
    misses = []
    for c in cases:
        ids = run(c.q)
        r = first_hit(ids, c.gold, parent)
        ranks.append(r)
        by["lang"][c.lang].append(r)
        by["kind"][c.kind].append(r)
        if r is None or r > 5:
            misses.append({"q": c.q, "gold": list(c.gold), "got": ids[:5], "rank": r})
    return {
        "overall": metrics(ranks),
        "lang": {k: metrics(v) for k, v in sorted(by["lang"].items())},
        "kind": {k: metrics(v) for k, v in sorted(by["kind"].items())},
        "misses": misses,
    }


def report_table(result: dict[str, Any]) -> str:
    """The table ``lawdesk eval`` prints."""
    lines = [f"{'':14s}{'n':>5s}{'R@1':>8s}{'R@5':>8s}{'MRR@10':>8s}"]

    def row(name: str, m: dict[str, float]) -> str:
        return f"{name:14s}{m['n']:5d}{m['recall@1']:8.3f}{m['recall@5']:8.3f}{m['mrr@10']:8.3f}"

    lines.append(row("overall", result["overall"]))
    for group in ("lang", "kind"):
        lines.append(f"-- per {group}")
        lines.extend(row(k, m) for k, m in result[group].items())
    return "\n".join(lines)
