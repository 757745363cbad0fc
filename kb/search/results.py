"""Ranked nodes -> the result dicts the CLI and the API show, with a marked snippet."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from kb.search.index import SearchIndex
from kb.search.rank import Marks

SNIPPET_CHARS = 220
MARK = ("[", "]")
SHOWN_CACHE = 4096  # nodes whose decoded record and words are kept per index


@dataclass(frozen=True, slots=True)
class Shown:
    """What results show of a node, decoded once: its record, and its words' spans (start,
    end) with, per lemma and per exact term id, which of them carry it (to mark a snippet)."""

    record: dict[str, Any]
    spans: list[tuple[int, int]]
    by_lemma: dict[int, list[int]]
    by_exact: dict[int, list[int]]

    def marked(self, marks: Marks) -> list[tuple[int, int]]:
        """The spans of the words carrying a marked term, in text order."""
        found: set[int] = set()
        for terms, where in ((marks.lemma, self.by_lemma), (marks.exact, self.by_exact)):
            for tid in terms:
                found.update(where.get(tid, ()))
        return [self.spans[i] for i in sorted(found)]


def top(index: SearchIndex, scores: dict[int, float], limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best nodes, best first; equal scores in document order."""
    nodes = list(scores)
    docs = index.a["node_doc"][nodes].tolist()
    best = heapq.nsmallest(limit, zip([-s for s in scores.values()], docs, nodes, strict=True))
    return [(node, -s) for s, _, node in best]


def result(index: SearchIndex, node: int, score: float, marks: Marks | None) -> dict[str, Any]:
    """The result shape of the API and CLI for one node."""
    shown = _shown(index, node)
    rec = shown.record
    out: dict[str, Any] = {
        "id": rec["id"],
        "doc": rec["doc"],
        "law": rec["law"],
        "cite": rec["cite"],
        "kind": rec["kind"],
        "title": rec["title"],
        "snippet": snippet(shown, marks),
        "score": round(score, 4),
        "parallels": [dict(p) for p in rec["parallels"]],  # the caller's own copy
    }
    if "term" in rec:
        out["term"] = rec["term"]
    return out


def _shown(index: SearchIndex, node: int) -> Shown:
    """The node's ``Shown``, decoded on first use (kept for ``SHOWN_CACHE`` nodes)."""
    cache: dict[int, Shown] = index.__dict__.setdefault("_shown", {})
    hit = cache.get(node)
    if hit is None:
        ptr = index.a["tok_ptr"]
        words = index.a["tok"][int(ptr[node]) : int(ptr[node + 1])].tolist()
        by_lemma: dict[int, list[int]] = {}
        by_exact: dict[int, list[int]] = {}
        for i, (_, _, lem, ex) in enumerate(words):
            by_lemma.setdefault(lem, []).append(i)
            by_exact.setdefault(ex, []).append(i)
        hit = Shown(index.record(node), [(s, e) for s, e, _, _ in words], by_lemma, by_exact)
        if len(cache) < SHOWN_CACHE:
            cache[node] = hit
    return hit


def snippet(shown: Shown, marks: Marks | None, width: int = SNIPPET_CHARS) -> str:
    """The node's text around its first matched word, matched words marked ``[word]``."""
    text: str = shown.record["text"]
    hits: list[tuple[int, int]] = []
    if marks is not None:
        hits = shown.marked(marks)
    start = 0
    if hits and hits[0][0] > width // 3:
        start = text.rfind(" ", 0, hits[0][0] - width // 4) + 1
    end = min(len(text), start + width)
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > start else end
    pieces, pos = [], start
    for s, e in hits:
        if s < start or e > end:
            continue
        pieces.append(text[pos:s] + MARK[0] + text[s:e] + MARK[1])
        pos = e
    pieces.append(text[pos:end])
    body = "".join(pieces)
    return ("…" if start > 0 else "") + body + ("…" if end < len(text) else "")
