"""Node IDs as people type them -> the canonical ID, in one place.

``sk-2017:27b1a``, ``sk-2017:27B1a``, ``sk-2017 27B1(a)``, ``SK-2017/27 B 1 (a)`` all name
``sk-2017:27B1(a)``: the document part is matched case-insensitively and may be followed by ``:``,
``/`` or spaces; the cite part is compared without case, spaces and brackets. A loose form that
two IDs share is never resolved to either (it is reported with both as candidates).
"""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from kb.store import KB, UnknownNode

MAX_ID_CHARS = 200
_DOC_SPLIT = re.compile(r"^\s*([A-Za-z]{2}-[A-Za-z0-9-]+?)\s*(?::|/|\s)\s*(.+?)\s*$")
_LOOSE_DROP = re.compile(r"[\s()\[\]]+")


class BadNodeId(ValueError):
    """Text that cannot be a node ID at all (empty, too long, control characters)."""


def loose(cite: str) -> str:
    """The comparison form of a cite: lower case, no spaces or brackets."""
    return _LOOSE_DROP.sub("", cite).lower()


_MAPS: WeakKeyDictionary[KB, tuple[dict[str, str], dict[str, list[str]]]] = WeakKeyDictionary()


def _maps(kb: KB) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(loose doc:cite -> ID, loose forms shared by several IDs -> those IDs), once per KB."""
    if kb not in _MAPS:
        seen: dict[str, list[str]] = {}
        for node_id in kb.ids():
            doc, cite = node_id.split(":", 1)
            seen.setdefault(f"{doc}:{loose(cite)}", []).append(node_id)
        unique = {k: ids[0] for k, ids in seen.items() if len(ids) == 1}
        shared = {k: ids for k, ids in seen.items() if len(ids) > 1}
        _MAPS[kb] = (unique, shared)
    return _MAPS[kb]


def lookup_id(kb: KB, doc: str, cite: str) -> str | None:
    """The canonical ID of ``cite`` in ``doc`` (loose form accepted), or None; cheap, for bulk
    lookups that need no suggestions."""
    unique, shared = _maps(kb)
    key = f"{doc}:{loose(cite)}"
    if key in shared:
        node_id = f"{doc}:{cite}"
        return node_id if node_id in shared[key] else None
    return unique.get(key)


def canonical_id(kb: KB, text: str) -> str:
    """The canonical node ID that ``text`` names; raises ``UnknownNode`` (with the nearest IDs)
    when it names none, ``BadNodeId`` when it cannot be an ID."""
    if not text or not text.strip():
        raise BadNodeId("the node ID is empty; expected doc:cite such as sk-2017:27B1(a)")
    if len(text) > MAX_ID_CHARS:
        raise BadNodeId(f"the node ID is {len(text)} characters long; at most {MAX_ID_CHARS}")
    if any(ord(ch) < 32 for ch in text):
        raise BadNodeId("the node ID contains control characters; expected doc:cite")
    if kb.get(text) is not None:
        return text
    docs = {d["id"].lower(): d["id"] for d in kb.documents()}
    unique, shared = _maps(kb)
    m = _DOC_SPLIT.match(text)
    if m and m[1].lower() in docs:
        doc = docs[m[1].lower()]
        key = f"{doc}:{loose(m[2])}"
        if key in unique:
            return unique[key]
        raise UnknownNode(text, shared.get(key) or kb.nearest(f"{doc}:{m[2].strip()}"))
    # no document named: offer the node of every document that has this cite
    bare = loose(text)
    everywhere = [unique[f"{d}:{bare}"] for d in docs.values() if f"{d}:{bare}" in unique]
    raise UnknownNode(text, everywhere or kb.nearest(text.strip()))
