"""Search: per-language analyzers, a rank-bm25 index over the smallest nodes, ranked queries.

from kb.search import SearchIndex, corpus_meta, search
index = SearchIndex.build(nodes, corpus_meta())
search(index, "nedovoljan licit", doc=None, lang=None, limit=10)
"""

from __future__ import annotations

from kb.search.analyze import Analyzer, analyzer, load_all
from kb.search.index import DocMeta, SearchIndex, corpus_meta
from kb.search.query import detect_languages, search

__all__ = [
    "Analyzer",
    "DocMeta",
    "SearchIndex",
    "analyzer",
    "corpus_meta",
    "detect_languages",
    "load_all",
    "search",
]
