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
    """What results show of a node, decoded once: its record and its words' spans and term
    ids (start, end, lemma id, exact id) for marking a snippet."""

    record: dict[str, Any]
    words: list[tuple[int, int, int, int]]


def top(index: SearchIndex, scores: dict[int, float], limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best nodes, best first; equal scores in document order."""
    docs = index.a["node_doc"]
    return heapq.nsmallest(limit, scores.items(), key=lambda kv: (-kv[1], int(docs[kv[0]]), kv[0]))


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
        hit = Shown(index.record(node), [tuple(w) for w in words])
        if len(cache) < SHOWN_CACHE:
            cache[node] = hit
    return hit


def snippet(shown: Shown, marks: Marks | None, width: int = SNIPPET_CHARS) -> str:
    """The node's text around its first matched word, matched words marked ``[word]``."""
    text: str = shown.record["text"]
    hits: list[tuple[int, int]] = []
    if marks is not None and shown.words:
        lemma, exact = marks.lemma, marks.exact
        hits = [(s, e) for s, e, lem, ex in shown.words if lem in lemma or ex in exact]
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
