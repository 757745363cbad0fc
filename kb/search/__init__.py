"""Search: a query in any of six languages (or a citation) -> ranked nodes with marked snippets.

The index is written by ``lawdesk build`` next to the KB (kb/search/artefact.py) and opened by
``kb.search.service.index_for(kb)``; ``search(index, "nedovoljan licit")`` answers a query.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kb.search.index import SearchIndex, StaleIndex
from kb.search.langdata import LANGS
from kb.search.normalize import clean
from kb.search.query import detect_languages, parse
from kb.search.rank import Filters, Ranker
from kb.search.results import result, top
from kb.search.units import DocMeta

__all__ = [
    "LANGS",
    "MAX_QUERY_CHARS",
    "Answer",
    "DocMeta",
    "Enricher",
    "SearchIndex",
    "StaleIndex",
    "answer",
    "check_query",
    "detect_languages",
    "search",
]

MAX_QUERY_CHARS = 500  # a query is a few words or a described situation, not a document


def check_query(query: str) -> None:
    """Raise ValueError for a blank query (spaces, control or invisible characters only: what
    ``clean`` leaves of it is blank) or one longer than ``MAX_QUERY_CHARS`` (the API refuses
    the same): a pasted document would be read slowly and match everything a little."""
    if not clean(query).strip():
        raise ValueError(
            "the query is empty (or only spaces, control or invisible characters); type a few "
            "words, a citation or a described situation"
        )
    if len(query) > MAX_QUERY_CHARS:
        raise ValueError(
            f"the query is {len(query)} characters long; at most {MAX_QUERY_CHARS} are accepted "
            "(a few words, a citation or a described situation)"
        )


# A hook for callers: given a result dict and the index, extra keys to add to the result.
Enricher = Callable[[dict[str, Any], SearchIndex], dict[str, Any]]


@dataclass(frozen=True)
class Answer:
    """What a search found, and the typos it read the query with (typed, read as)."""

    results: list[dict[str, Any]]
    corrected: tuple[tuple[str, str], ...] = ()


def answer(
    index: SearchIndex,
    query: str,
    *,
    doc: str | None = None,
    lang: str | None = None,
    game: str | None = None,
    edition: str | None = None,
    query_lang: str | None = None,
    limit: int = 10,
    enrich: Enricher | None = None,
) -> Answer:
    """``search``'s results with the words of the query that were read as typos of others
    (kb/search/spelling.py), for a caller that tells the user what was searched for."""
    check_filters(index, doc=doc, lang=lang, game=game, edition=edition, query_lang=query_lang)
    doc_langs = {d: m.lang for d, m in index.docs.items()}
    q = parse(index.analyzers, doc_langs, query, query_lang, speller=index.speller)
    if q.empty:
        return Answer([])
    ranked = Ranker(index, q, Filters(doc, lang, game, edition)).rank()
    out = [
        result(index, node, score, ranked.marks.get(node))
        for node, score in top(index, ranked.scores, limit)
    ]
    if enrich is not None:
        for r in out:
            r.update(enrich(r, index))
    return Answer(out, q.corrections)


def search(index: SearchIndex, query: str, **options: Any) -> list[dict[str, Any]]:
    """Ranked results for ``query``: dicts with id, doc, law, cite, kind, title, snippet, score,
    parallels (and term for definitions). The options are ``answer``'s: ``doc``/``lang``/
    ``game``/``edition`` filter the results; ``query_lang`` fixes the query language instead of
    detecting it; ``limit``; ``enrich`` may add keys to each result. An unknown filter value
    raises ValueError saying what is accepted."""
    return answer(index, query, **options).results


def check_filters(
    index: SearchIndex,
    *,
    doc: str | None = None,
    lang: str | None = None,
    game: str | None = None,
    edition: str | None = None,
    query_lang: str | None = None,
) -> None:
    """Raise ValueError for a filter value no document has (or an unknown query language)."""
    metas = index.docs.values()
    for name, value, accepted in (
        ("document", doc, lambda: list(index.docs)),
        ("language", lang, lambda: sorted({m.lang for m in metas})),
        ("game", game, lambda: sorted({m.game for m in metas})),
        ("edition", edition, lambda: sorted({m.edition for m in metas})),
        ("query language", query_lang, lambda: list(LANGS)),
    ):
        if value is not None and value not in (known := accepted()):  # only a filter given
            raise ValueError(f"unknown {name} {value!r}; known: {', '.join(known)}")
