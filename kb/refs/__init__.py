"""Cross-references: find citations in node texts, then resolve them to node IDs.

Finding (:func:`find_refs`) never guesses what a citation points to; resolving
(:func:`resolve_refs`) links only a target that exists, and records everything else as
unresolved or ambiguous with its reason. Patterns are data: ``kb/lang/<code>/citations.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.models import ParsedDoc, Reference
from kb.refs.citation import CiteError, Found, Target, parse_cite
from kb.refs.crosswalk import Crosswalk
from kb.refs.find import find_refs
from kb.refs.resolve import resolve as resolve_refs

__all__ = [
    "CiteError",
    "Crosswalk",
    "Found",
    "Target",
    "doc_language",
    "find_all",
    "find_refs",
    "link",
    "parse_cite",
    "resolve_all",
    "resolve_refs",
]


def doc_language(doc: str) -> str:
    """The language code of a document, from corpus/sources.toml."""
    from kb.corpus import load_sources

    langs = {s.id: s.language for s in load_sources()}
    if doc not in langs:
        raise KeyError(f"unknown document {doc!r}; known: {', '.join(langs)}")
    return langs[doc]


def find_all(parsed_docs: dict[str, ParsedDoc]) -> list[Found]:
    """The citations of every node of every document given, unresolved."""
    found: list[Found] = []
    for doc, parsed in parsed_docs.items():
        lang = doc_language(doc)
        for node in parsed.nodes:
            found.extend(find_refs(node, lang))
    return found


def resolve_all(
    parsed_docs: dict[str, ParsedDoc], found: Iterable[Found], crosswalk: Crosswalk | None = None
) -> list[Reference]:
    """Resolve citations against every node of the documents given (title-only records are
    never linked); ``crosswalk`` carries citations of another edition's Laws to today's."""
    ids = {n.id for p in parsed_docs.values() for n in p.nodes}
    absent = {
        n.id for p in parsed_docs.values() for n in p.nodes if n.meta.get("text_in_source") is False
    }
    return resolve_refs(found, ids, absent=absent, crosswalk=crosswalk)


def link(parsed_docs: dict[str, ParsedDoc], crosswalk: Crosswalk | None = None) -> list[Reference]:
    """Find and resolve the citations of every node of every document given."""
    return resolve_all(parsed_docs, find_all(parsed_docs), crosswalk)
