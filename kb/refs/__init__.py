"""Cross-references: find citations in node texts, then resolve them to node IDs.

Finding (:func:`find_refs`) never guesses what a citation points to; resolving
(:func:`resolve_refs`) links only a target that exists, and records everything else as
unresolved or ambiguous with its reason. Patterns are data: ``kb/lang/<code>/citations.toml``.
"""

from __future__ import annotations

from kb.models import ParsedDoc, Reference
from kb.refs.citation import CiteError, Found, Target, parse_cite
from kb.refs.find import find_refs
from kb.refs.resolve import resolve as resolve_refs

__all__ = [
    "CiteError",
    "Found",
    "Target",
    "doc_language",
    "find_refs",
    "link",
    "parse_cite",
    "resolve_refs",
]


def doc_language(doc: str) -> str:
    """The language code of a document, from corpus/sources.toml."""
    from kb.corpus import load_sources

    langs = {s.id: s.language for s in load_sources()}
    if doc not in langs:
        raise KeyError(f"unknown document {doc!r}; known: {', '.join(langs)}")
    return langs[doc]


def link(parsed_docs: dict[str, ParsedDoc]) -> list[Reference]:
    """Find and resolve the citations of every node of every document given."""
    ids = {n.id for p in parsed_docs.values() for n in p.nodes}
    absent = {
        n.id for p in parsed_docs.values() for n in p.nodes if n.meta.get("text_in_source") is False
    }
    found: list[Found] = []
    for doc, parsed in parsed_docs.items():
        lang = doc_language(doc)
        for node in parsed.nodes:
            found.extend(find_refs(node, lang))
    return resolve_refs(found, ids, absent=absent)
