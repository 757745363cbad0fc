"""Search over a built KB: the index from the store's nodes, results offered with parallels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.search import cache
from kb.search.index import CorpusCache, DocMeta, SearchIndex
from kb.store import KB


def index_from_kb(kb: KB, *, lazy: bool = False, cached: bool = False) -> SearchIndex:
    """Build the search index over every node of the KB, with its documents' metadata.

    ``lazy=True`` indexes (and loads the analyzer of) each language on first use only.
    ``cached=True`` keeps the analysed units and the lemmas of every word seen in files next to
    the KB (kb/search/cache.py), so that the next process neither re-analyses nor loads a
    lemmatizer dictionary for words it has seen."""
    meta = {
        d["id"]: DocMeta(d["language"], d["game"], d["edition"], d["kind"]) for d in kb.documents()
    }
    store = None
    if cached:
        directory = kb.path.resolve().parent
        cache.lemma_store(directory)
        store = CorpusCache(directory, cache.kb_key(kb.path))
    return SearchIndex.build(kb.nodes(), meta, lazy=lazy, cache=store)


def parallels_enricher(kb: KB) -> Callable[[dict[str, Any], SearchIndex], dict[str, Any]]:
    """An ``enrich`` hook for ``search``: the same provision in other documents."""

    def enrich(result: dict[str, Any], _: SearchIndex) -> dict[str, Any]:
        return {
            "parallels": [
                {"id": p["node"], "relation": p["relation"]} for p in kb.parallels(result["id"])
            ]
        }

    return enrich


_CACHE: dict[tuple[str, float], SearchIndex] = {}


def index_for(kb: KB) -> SearchIndex:
    """The index of this KB file, built once per process (rebuilt if the file changed); each
    language is indexed on its first query, so a Cyrillic query never loads Polish."""
    key = (str(kb.path), kb.path.stat().st_mtime)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = index_from_kb(kb, lazy=True, cached=True)
    return _CACHE[key]
