"""``lawdesk eval``: recall@1, recall@5 and MRR@10 of search, at the law and the paragraph level.

Evaluation sets are JSONL files in ``tests/eval/``: ``{"q", "lang", "kind", "gold", "note"}``, and
the situation sets add ``para_gold`` (the paragraphs that answer), ``law_gold`` (the laws),
``tags`` and ``crosslang`` (the answer is only in another language's document). A result is a
paragraph-level hit when it is a gold node or lies inside one (a gold ``sk-2017:27B`` accepts
``sk-2017:27B1(a)``), and a law-level hit when it lies inside a gold node's provision (its law,
article, regulation section or definition). A query's rank is that of its first hit among the top
10. A file with ``blind`` in its name is reported in aggregate only: its queries and misses are
never shown.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.corpus import ROOT
from kb.models import Node
from kb.search.artefact import provision
from kb.search.normalize import fold

EVAL_DIR = ROOT / "tests" / "eval"
QUERIES = EVAL_DIR / "queries.jsonl"
DEPTH = 10
LEVELS = ("law", "para")
# the sets ``lawdesk eval`` runs by default (those whose file exists), with what they are
SETS: dict[str, tuple[str, str]] = {
    "dev": ("queries.jsonl", "dev set, tuned on"),
    "holdout": ("holdout.jsonl", "old holdout, tuned on indirectly"),
    "situations-dev": ("search_situations_dev.jsonl", "situation dev set, tuned on"),
    "situations-dev2": (
        "search_situations_dev2.jsonl",
        "second situation dev set, written blind by other hands, tuned on",
    ),
    "situations-dev3": (
        "search_situations_dev3.jsonl",
        "third situation dev set, written by other hands after 22 rounds of tuning",
    ),
    "situations-blind": ("search_situations_blind.jsonl", "situation blind set, never tuned on"),
    "situations-fresh": (
        "search_situations_fresh_blind.jsonl",
        "second situation blind set, written before this round of tuning, never tuned on",
    ),
}


@dataclass(frozen=True)
class Case:
    """One evaluation query with its gold node IDs at both levels."""

    q: str
    lang: str
    kind: str
    para_gold: tuple[str, ...]
    law_gold: tuple[str, ...]  # empty: the provisions of para_gold
    crosslang: bool = False
    tags: tuple[str, ...] = ()


def is_blind(path: Path) -> bool:
    """Whether a set is blind (reported in aggregate only)."""
    return "blind" in path.name


def load_cases(path: Path = QUERIES) -> list[Case]:
    """Read a JSONL evaluation set; a malformed line is an error naming it (but never quoting a
    blind set's line)."""
    cases = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            para = d.get("para_gold") or d["gold"]
            cases.append(
                Case(
                    str(d["q"]),
                    str(d["lang"]),
                    str(d["kind"]),
                    tuple(para),
                    tuple(d.get("law_gold") or ()),
                    bool(d.get("crosslang", d["kind"] == "crosslang")),
                    tuple(d.get("tags") or ()),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(
                f"{path.name}:{no}: expected a JSON object with q, lang, kind and gold (or "
                f"para_gold): {type(exc).__name__}"
            ) from exc
    return cases


@dataclass(frozen=True)
class Tree:
    """Each node's parent and provision (law, article, section, definition), to judge hits."""

    parent: Mapping[str, str | None]
    provision: Mapping[str, str]

    def inside(self, node: str, gold: set[str]) -> bool:
        """Whether ``node`` is a gold node or lies inside one."""
        cur: str | None = node
        while cur is not None:
            if cur in gold:
                return True
            cur = self.parent.get(cur)
        return False

    @classmethod
    def of(cls, nodes: Iterable[Node]) -> Tree:
        """The tree of a KB's nodes."""
        by_id = {n.id: n for n in nodes}
        return cls(
            {i: n.parent for i, n in by_id.items()},
            {i: provision(n, by_id).id for i, n in by_id.items()},
        )

    def laws(self, nodes: Iterable[str]) -> set[str]:
        """The provisions of ``nodes`` (unknown IDs stand for themselves)."""
        return {self.provision.get(n, n) for n in nodes}


def with_typo(query: str, seed: int) -> str:
    """``query`` with one typo, as a hurried hand makes one: in one of its words of six letters or
    more (chosen by ``seed`` and the query), a letter dropped, two neighbours swapped or a letter
    replaced by "e", never the first letter; the query as it is when it has no such word."""
    rng = random.Random(f"{seed}:{query}")
    words = query.split(" ")
    long = [i for i, w in enumerate(words) if len(w) >= 6 and w.isalpha()]
    if not long:
        return query
    i = rng.choice(long)
    w = words[i]
    j = rng.randrange(1, len(w) - 1)
    words[i] = rng.choice(
        [w[:j] + w[j + 1 :], w[:j] + w[j + 1] + w[j] + w[j + 2 :], w[:j] + "e" + w[j + 1 :]]
    )
    return " ".join(words)


def without_diacritics(query: str) -> str:
    """``query`` as typed on a keyboard without diacritics (č -> c, đ -> dj, ł -> l; Cyrillic
    as it is, ё -> е), the way directors often type on a phone."""
    return " ".join(fold(w) for w in query.split(" "))


def first_hit(ids: list[str], gold: set[str], tree: Tree) -> int | None:
    """1-based rank of the first result that is a gold node or inside one."""
    for rank, node in enumerate(ids, 1):
        if tree.inside(node, gold):
            return rank
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
    cases: list[Case], run: Callable[[str], list[str]], tree: Tree, *, blind: bool = False
) -> dict[str, Any]:
    """Run every case: metrics at both levels overall, per language, kind, cross-language and
    tag, and (unless ``blind``) the queries missed in the top 5 at the paragraph level."""
    groups: dict[str, dict[str, list[tuple[int | None, int | None]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    misses = []
    for c in cases:
        ids = run(c.q)
        law_gold = tree.laws(c.law_gold or c.para_gold)
        pair = (first_hit(ids, law_gold, tree), first_hit(ids, set(c.para_gold), tree))
        keys = {
            "overall": ["all"],
            "lang": [c.lang],
            "kind": [c.kind],
            "crosslang": ["yes" if c.crosslang else "no"],
            "tag": list(c.tags),
        }
        for group, names in keys.items():
            for name in names:
                groups[group][name].append(pair)
        if not blind and (pair[1] is None or pair[1] > 5):
            misses.append({"q": c.q, "gold": list(c.para_gold), "got": ids[:5], "rank": pair[1]})
    out: dict[str, Any] = {}
    for group, named in groups.items():
        table = {
            name: {lvl: metrics([p[i] for p in pairs]) for i, lvl in enumerate(LEVELS)}
            for name, pairs in sorted(named.items())
        }
        out[group] = table["all"] if group == "overall" else table
    out["misses"] = misses
    return out


def report_table(result: dict[str, Any]) -> str:
    """The table ``lawdesk eval`` prints for one set."""
    head = f"{'':16s}{'n':>5s}" + "".join(
        f"{lvl + ' R@1':>10s}{'R@5':>7s}{'MRR':>7s}" for lvl in LEVELS
    )
    lines = [head]

    def row(name: str, m: dict[str, dict[str, float]]) -> str:
        cells = "".join(
            f"{m[lvl]['recall@1']:10.3f}{m[lvl]['recall@5']:7.3f}{m[lvl]['mrr@10']:7.3f}"
            for lvl in LEVELS
        )
        return f"{name:16s}{m['law']['n']:5d}{cells}"

    lines.append(row("overall", result["overall"]))
    for group in ("lang", "kind", "crosslang", "tag"):
        if result.get(group):
            lines.append(f"-- per {group}")
            lines.extend(row(k, m) for k, m in result[group].items())
    return "\n".join(lines)
