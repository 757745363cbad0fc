"""Citations in pasted text (an appeal form, an e-mail): each with its span and the node(s) it
names in each document.

Every language's citation patterns (``kb/lang/<code>/citations.toml``) are tried, plus bare
cites such as ``27B1a``; where two find overlapping words the longer match wins. A cite is
looked up by number in every document that has it; with ``doc`` (the document the text cites),
it is looked up there and carried to the other documents through the stored parallels, so a
2017 ``16C`` becomes 2007 ``16D``.
"""

from __future__ import annotations

import re
from typing import Any

from kb.refs import CiteError, parse_cite
from kb.refs.find import find_in_text
from kb.refs.patterns import languages
from kb.store import KB
from kb.views.ids import lookup_id

BARE_CITE = re.compile(
    r"(?<![\w.])(\d{1,2}\s?[A-H](?:\s?\d{1,2})?(?:\s?\([a-z]{1,4}\)|[a-z]{1,4})*)(?!\w)"
)
CARRIED = {"same", "moved", "changed"}  # parallels that carry a provision to another edition


def _hits(text: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for lang in languages():
        for _, target, start, end, *_ in find_in_text(text, lang):
            if target.law:
                found.append(
                    {"raw": text[start:end], "span": [start, end], "cite": target.cite,
                     "law": target.law, "language": lang}
                )  # fmt: skip
    for m in BARE_CITE.finditer(text):
        try:
            cite = parse_cite(m[1])
        except CiteError:
            continue
        law = re.match(r"\d+", cite)
        found.append(
            {"raw": m[1], "span": [m.start(1), m.end(1)], "cite": cite,
             "law": law[0] if law else None, "language": "any"}
        )  # fmt: skip
    # longest first, then keep what does not overlap a kept hit
    found.sort(key=lambda h: (-(h["span"][1] - h["span"][0]), h["span"][0]))
    kept: list[dict[str, Any]] = []
    taken = bytearray(len(text) + 1)
    for h in found:
        s, e = h["span"]
        if any(taken[s:e]):
            continue
        taken[s:e] = b"\x01" * (e - s)
        kept.append(h)
    kept.sort(key=lambda h: h["span"][0])
    return kept


_BRIDGE_SECTION = re.compile(r"\d+[A-H]")  # a lettered section: a Law, not a preferans article


def _applies(game: str, hit: dict[str, Any]) -> bool:
    """Whether a cite can name a provision of a document of this game: preferans articles are
    cited with Croatian/Serbian article words or bare, never with a bridge section letter."""
    if game == "bridge":
        return True
    return hit["language"] in ("hr", "sr", "any") and not _BRIDGE_SECTION.match(hit["cite"])


def cite_view(kb: KB, text: str, doc: str | None = None, limit: int = 1000) -> dict[str, Any]:
    """Every citation in ``text`` (the first ``limit``) with the nodes it names per document."""
    games = {d["id"]: d["game"] for d in kb.documents()}
    out = []
    memo: dict[tuple[str, str], dict[str, list[str]]] = {}
    hits = _hits(text)
    for h in hits[:limit]:
        key = (h["cite"], h["language"])
        if key in memo:
            out.append({**h, "nodes": memo[key]})
            continue
        nodes: dict[str, list[str]] = memo.setdefault(key, {})
        if doc is not None:
            home = lookup_id(kb, doc, h["cite"])
            if home:
                nodes[doc] = [home]
                for p in kb.parallels(home):
                    if p.get("relation") in CARRIED:
                        other = p["node"].split(":", 1)[0]
                        nodes.setdefault(other, []).append(p["node"])
        else:
            for d, game in games.items():
                hit = lookup_id(kb, d, h["cite"]) if _applies(game, h) else None
                if hit:
                    nodes[d] = [hit]
        out.append({**h, "nodes": nodes})
    return {"count": len(out), "truncated": len(hits) > limit, "citations": out}
