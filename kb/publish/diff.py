"""What changed from the 2007 Laws to the 2017 Laws, on the site: the overview of all Laws
(``diff/``) and a page per Law (``diff/32/``), rendered from ``kb.views.diff``. Each side's
text is cut at the spans the library marks (the citations and numbers the other edition's text
lacks), so the template only prints pieces."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kb.publish.pages import Page
from kb.store import KB
from kb.views.diff import diff_laws, diff_location, diff_overview
from kb.views.page import target

UNSURE = 0.6  # a pairing below this confidence is flagged (as `lawdesk diff` does)


def pieces(text: str, spans: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``text`` cut at ``spans``: ``{"text"}`` for plain pieces, ``{"text", "kind", "note"}``
    for a marked one. A span that overlaps the one before or falls outside the text is left
    unmarked (its words stay in the plain pieces): text is never lost or repeated."""
    out: list[dict[str, Any]] = []
    pos = 0
    for s in sorted(spans, key=lambda s: (s["start"], s["end"])):
        start, end = s["start"], s["end"]
        if start < pos or not 0 <= start < end <= len(text):
            continue
        if start > pos:
            out.append({"text": text[pos:start]})
        out.append({"text": text[start:end], "kind": s["kind"], "note": s["note"]})
        pos = end
    if pos < len(text):
        out.append({"text": text[pos:]})
    return out


def _side(side: dict[str, Any] | None) -> dict[str, Any] | None:
    if side is None:
        return None
    return {**side, "pieces": pieces(side["text"], side["spans"])}


def _languages(kb: KB) -> dict[str, str]:
    return {d["id"]: d["language"] for d in kb.documents()}


def _law(kb: KB, law: dict[str, Any]) -> dict[str, Any]:
    """An edition's side of the page: its Law's place on the site and its text's language."""
    url = target(kb, law["id"])["url"] if law.get("id") else None
    return {**law, "url": url, "language": _languages(kb)[law["doc"]]}


def diff_page_view(kb: KB, data: dict[str, Any], laws: list[str]) -> dict[str, Any]:
    """``diff_law`` with each side's text in pieces, low-confidence pairs flagged, where each
    edition's Law is shown, and the previous and next Law (``laws``: every number in order)."""
    rows = [
        {**r, "a": _side(r["a"]), "b": _side(r["b"]), "unsure": r["confidence"] < UNSURE}
        for r in data["rows"]
    ]
    i = laws.index(data["law"])
    return {
        **data,
        "rows": rows,
        "a": _law(kb, data["a"]),
        "b": _law(kb, data["b"]),
        "prev": diff_location(laws[i - 1]) | {"law": laws[i - 1]} if i > 0 else None,
        "next": diff_location(laws[i + 1]) | {"law": laws[i + 1]} if i + 1 < len(laws) else None,
    }


def diff_pages(kb: KB) -> Iterator[Page]:
    """The overview of all Laws, then a page per Law."""
    overview = diff_overview(kb)
    laws = [x["law"] for x in overview["laws"]]
    for x in overview["laws"]:
        x["url"] = diff_location(x["law"])
    overview["a"], overview["b"] = _law(kb, overview["a"]), _law(kb, overview["b"])
    yield Page("diff/", "diff_overview.html", overview)
    for data in diff_laws(kb):
        yield Page(diff_location(data["law"])["path"], "diff.html", diff_page_view(kb, data, laws))
