"""Search: realistic director queries across languages land on the right node in the top 5.

A gold ``doc:27`` accepts that node or any node inside it (``doc:27B4``); a gold with a section
or paragraph pins that node or its descendants. Documents whose reader is not available yet are
skipped by name, never silently passed.
"""

from __future__ import annotations

import re
import time
from functools import cache

import pytest
from conftest import DOCS, parsed_doc

from kb.search import SearchIndex, corpus_meta, search
from kb.search.query import detect_languages


@cache
def index() -> SearchIndex:
    """The index over every document whose reader exists."""
    nodes = []
    for d in DOCS:
        try:
            nodes.extend(parsed_doc(d).nodes)
        except ModuleNotFoundError:
            continue
    return SearchIndex.build(nodes, corpus_meta())


def _need(gold: str) -> None:
    doc = gold.split(":")[0]
    if not any(n.startswith(doc + ":") for n in index().nodes):
        pytest.skip(f"reader for {doc} not available yet")


def _hit(gold: str, ids: list[str]) -> bool:
    return any(i == gold or re.match(re.escape(gold) + r"[A-Z(/.]", i) for i in ids)


QUERIES = [
    # Serbian: keywords, no diacritics, inflection, Cyrillic, player words
    ("nedovoljan licit", "sr-2007:27"),
    ("nedovoljnim licitom", "sr-2007:27"),
    ("недовољан лицит", "sr-2007:27"),
    ("pas preko reda", "sr-2007:30"),
    ("pas van reda", "sr-2007:30"),
    ("atak preko reda", "sr-2007:53"),
    ("renons utvrdjen", "sr-2007:63"),
    ("kaznena karta", "sr-2007:50"),
    ("kibic za stolom", "sr-2007:76"),
    ("prava damija", "sr-2007:42"),
    ("zahtev za stihove", "sr-2007:68"),
    ("neovlascena informacija od partnera", "sr-2007:16B"),
    ("odstupanje od sistema", "sr-2007:40C"),
    ("hezitacija", "sr-2007:73"),
    # Slovak
    ("nedostatočná ponuka", "sk-2017:27"),
    ("nedostatocna ponuka", "sk-2017:27"),
    ("výnos mimo poradia", "sk-2017:53"),
    ("revok", "sk-2017:62"),
    ("nepriznanie farby dokonane", "sk-2017:63"),
    ("pokutova karta", "sk-2017:50"),
    ("práva tichého hráča", "sk-2017:42"),
    ("nárokovanie zdvihov", "sk-2017:68"),
    ("divák pri stole", "sk-2017:76"),
    ("porovnatelna hlaska", "sk-2017:23"),
    # Polish (screens regulation)
    ("alert za zasłoną", "pl-screens:3"),
    ("przerwa na namysł tempo", "pl-screens:4"),
    ("tacka", "pl-screens:1"),
    # Russian
    ("недостаточное назначение", "ru-comment:27"),
    ("пас вне очереди", "ru-comment:30"),
    ("контра вне очереди", "ru-comment:32"),
    ("недопустимая контра", "ru-comment:36"),
    # Croatian preferans
    ("renons ispravak", "hr-pref-2014:59"),
    # English route onto every bridge document
    ("insufficient bid", "sk-2017:27"),
    ("insufficient bid", "sr-2007:27"),
    ("revoke", "sr-2007:62"),
    ("dummy's rights", "sk-2017:42"),
    ("kibitzer", "sr-2007:76"),
    ("UI hesitation", "sr-2007:16"),
    # citations in local forms
    ("27B1a", "sk-2017:27B1(a)"),
    ("12 C 1 (c)", "sr-2007:12C1(c)"),
    ("član 16B", "sr-2007:16B"),
    ("clan 40", "sr-2007:40"),
    ("pravidlo 73", "sk-2017:73"),
    ("правило 35", "ru-comment:35"),
    ("law 16", "sk-2017:16"),
    ("27.5", "ru-comment:27.5"),
]


@pytest.mark.parametrize(("query", "gold"), QUERIES)
def test_query_lands_in_top_5(query: str, gold: str) -> None:
    _need(gold)
    ids = [r["id"] for r in search(index(), query, limit=5)]
    assert _hit(gold, ids), f"{query!r}: {gold} not in {ids}"


@pytest.mark.parametrize(
    ("query", "doc", "gold"),
    [
        ("nedovoljan licit", "sk-2017", "sk-2017:27"),  # Serbian words, Slovak document
        ("недостаточное назначение", "sr-2007", "sr-2007:27"),
        ("renons", "sk-2017", "sk-2017:62"),
    ],
)
def test_answer_in_another_language(query: str, doc: str, gold: str) -> None:
    _need(gold)
    ids = [r["id"] for r in search(index(), query, doc=doc, limit=5)]
    assert ids and all(i.startswith(doc + ":") for i in ids)
    assert _hit(gold, ids), f"{query!r} in {doc}: {gold} not in {ids}"


def test_bare_number_ranks_every_documents_match() -> None:
    _need("sk-2017:30")
    _need("ru-comment:30")
    ids = {r["id"] for r in search(index(), "30", limit=10)}
    assert {"sk-2017:30", "ru-comment:30"} <= ids


def test_result_shape_and_marked_snippet() -> None:
    _need("sk-2017:27")
    r = search(index(), "nedostatočná ponuka", limit=1)[0]
    assert list(r) == ["id", "doc", "law", "cite", "kind", "title", "snippet", "score"]
    assert r["doc"] == "sk-2017" and r["id"] == f"sk-2017:{r['cite']}"
    assert r["cite"].startswith(r["law"]) and r["kind"] in ("law", "section", "paragraph")
    assert "[" in r["snippet"] and "]" in r["snippet"]


def test_definition_results_carry_the_term() -> None:
    _need("sr-2007:def")
    hits = [r for r in search(index(), "dami", limit=10) if r["kind"] == "definition"]
    assert hits and hits[0]["law"] == "def" and hits[0]["term"]


@pytest.mark.parametrize(
    ("filters", "field", "value"),
    [({"lang": "sk"}, "doc", "sk-2017"), ({"doc": "sr-2007"}, "doc", "sr-2007")],
)
def test_filters(filters: dict[str, str], field: str, value: str) -> None:
    _need(value + ":1")
    results = search(index(), "karta", limit=20, **filters)
    assert results and all(r[field] == value for r in results)


def test_unknown_document_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown document 'xx'"):
        search(index(), "karta", doc="xx")


@pytest.mark.parametrize(
    ("query", "langs"),
    [
        ("недовољан лицит", ["sr"]),
        ("пас вне очереди", ["ru", "sr"]),
        ("ещё", ["ru"]),
        ("zasłona", ["pl"]),
        ("nedostatočná", ["sk"]),
        ("đak", ["sr", "hr"]),
        ("karta", ["sr", "hr", "sk", "pl", "en"]),
    ],
)
def test_detect_languages(query: str, langs: list[str]) -> None:
    assert detect_languages(query) == langs


def test_latency_in_process() -> None:
    idx = index()
    queries = [q for q, _ in QUERIES]
    for q in queries:
        search(idx, q)  # warm caches
    times = []
    for q in queries * 3:
        t = time.perf_counter()
        search(idx, q)
        times.append(time.perf_counter() - t)
    times.sort()
    p50 = times[len(times) // 2]
    assert p50 < 0.004, f"p50 {p50 * 1000:.2f} ms"  # target 2 ms; slack for a shared CI core
