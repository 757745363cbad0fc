"""Ranked nodes -> the result dicts the CLI and the API show, with a marked snippet."""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable
from typing import Any, TypeVar

from kb.search.index import SearchIndex
from kb.search.rank import Marks

SNIPPET_CHARS = 220
MARK = ("[", "]")
RECORD_CACHE = 2048  # decoded node records kept per index (the most recently shown)
_T = TypeVar("_T")


def top(index: SearchIndex, scores: dict[int, float], limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best nodes, best first; equal scores in document order."""
    nodes = list(scores)
    docs = index.a["node_doc"][nodes].tolist()
    best = heapq.nsmallest(limit, zip([-s for s in scores.values()], docs, nodes, strict=True))
    return [(node, -s) for s, _, node in best]


def result(index: SearchIndex, node: int, score: float, marks: Marks | None) -> dict[str, Any]:
    """The result shape of the API and CLI for one node."""
    rec = _record(index, node)
    out: dict[str, Any] = {
        "id": rec["id"],
        "doc": rec["doc"],
        "law": rec["law"],
        "cite": rec["cite"],
        "kind": rec["kind"],
        "title": rec["title"],
        "snippet": snippet(index, node, rec["text"], marks),
        "score": round(score, 4),
        "parallels": [dict(p) for p in rec["parallels"]],  # the caller's own copy
    }
    if "term" in rec:
        out["term"] = rec["term"]
    return out


def _recent(index: SearchIndex, name: str, load: Callable[[int], _T]) -> Callable[[int], _T]:
    """``load`` of a node, kept in the index's memo ``name`` for the ``RECORD_CACHE`` nodes
    most recently shown."""
    kept = index.__dict__.get(name)
    if kept is None:
        kept = index.__dict__[name] = functools.lru_cache(RECORD_CACHE)(load)
    return kept


def _record(index: SearchIndex, node: int) -> dict[str, Any]:
    """``index.record(node)``, decoded once while among the ``RECORD_CACHE`` most recently
    shown (callers must not change it)."""
    return _recent(index, "_decoded", index.record)(node)


def _token_columns(index: SearchIndex, node: int) -> list[list[int]]:
    """The node's tokens as four columns (starts, ends, lemma ids, exact ids), converted from
    the index's arrays once while among the ``RECORD_CACHE`` most recently shown (callers must
    not change them). Columns, not rows: a snippet reads them by zipping, which touches less
    memory than a list per token (the ranking has left little of it in the caches)."""

    def load(n: int) -> list[list[int]]:
        ptr = index.a["tok_ptr"]
        columns: list[list[int]] = index.a["tok"][int(ptr[n]) : int(ptr[n + 1])].T.tolist()
        return columns

    return _recent(index, "_token_columns", load)(node)


def snippet(
    index: SearchIndex,
    node: int,
    text: str,
    marks: Marks | None,
    width: int = SNIPPET_CHARS,
) -> str:
    """The node's text around its first matched word, matched words marked ``[word]``."""
    hits: list[tuple[int, int]] = []
    window: tuple[int, int] | None = None  # (start, end), fixed by the first matched word
    if marks is not None:
        lemma, exact = marks.lemma, marks.exact
        for s, e, lem, ex in zip(*_token_columns(index, node), strict=True):
            if window is not None and s > window[1]:
                break  # the tokens run in text order: none after this one is in the window
            if lem in lemma or ex in exact:
                window = window or _window(text, s, width)
                hits.append((s, e))
    start, end = window or _window(text, 0, width)
    pieces, pos = [], start
    for s, e in hits:
        if s < start or e > end:
            continue
        pieces.append(text[pos:s] + MARK[0] + text[s:e] + MARK[1])
        pos = e
    pieces.append(text[pos:end])
    body = "".join(pieces)
    return ("…" if start > 0 else "") + body + ("…" if end < len(text) else "")


def _window(text: str, first: int, width: int) -> tuple[int, int]:
    """The span of ``text`` a snippet shows when its first matched word starts at ``first``:
    from a word boundary before it (if it is not near the start), ``width`` characters at most,
    cut at a space."""
    start = 0
    if first > width // 3:
        start = text.rfind(" ", 0, first - width // 4) + 1
    end = min(len(text), start + width)
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > start else end
    return start, end
