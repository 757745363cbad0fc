"""A query that is a citation, typed with or without a law word in any language, goes straight to
the node; a citation among a few words lands first, the words reranking inside it."""

from __future__ import annotations

import time

import pytest

from kb.search import SearchIndex, search
from kb.search.cite import parse_query, split_query
from kb.search.service import index_for
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    """The index of the session's KB."""
    return index_for(kb)


@pytest.mark.parametrize(
    ("typed", "cite", "lang"),
    [
        ("član 27B", "27B", "sr"),
        ("pravidlo 27B1a", "27B1(a)", "sk"),
        ("Правило 30", "30", "ru"),
        ("čl. 29", "29", "sr"),
        ("law 27", "27", "en"),
        ("Law 12 C 1 c", "12C1(c)", "en"),
        ("przepis 16B2", "16B2", "pl"),
        ("16B2", "16B2", None),
        # English shorthand
        ("L27B1b", "27B1(b)", "en"),
        ("L 27", "27", "en"),
        ("law27b1b", "27B1(b)", "en"),
        ("Law 12C1(c)", "12C1(c)", "en"),
        ("rules 40", "40", "en"),
        # Serbian / Croatian: the law itself, articles, without diacritics, glued
        ("zakon 12", "12", "sr"),
        ("zakona 12", "12", "hr"),
        ("clanak 29", "29", "hr"),
        ("članak 29.", "29", "hr"),
        ("cl 29", "29", "sr"),
        ("čl.29", "29", "hr"),
        ("član 16 D 2", "16D2", "sr"),
        ("члан 27", "27", "sr"),
        # Slovak, Polish, generic abbreviations
        ("pravidlo 16 D 2", "16D2", "sk"),
        ("pravidla 16D2", "16D2", "sk"),
        ("prav 45C", "45C", "sk"),
        ("pr. 16 D", "16D", "sk"),
        ("článku 12", "12", "sk"),
        ("przepis 25A", "25A", "pl"),
        ("prawo 12", "12", "pl"),
        ("art. 12", "12", None),
        ("§ 40", "40", None),
        ("§40B", "40B", None),
        ("paragraf 12", "12", None),
        # a number sign after the law word, the law word after the number
        ("pravidlo č. 64", "64", "sk"),
        ("law no. 64", "64", "en"),
        ("53. članak", "53", "hr"),
        # an article path in brackets, as the preferans code writes it
        ("clanak 61(a)2", "61(a)2", "hr"),
        # Russian
        ("правило 27 B 1 b", "27B1(b)", "ru"),
        ("пр. 27", "27", "ru"),
        ("закон 27", "27", "ru"),
        ("ст. 27", "27", "ru"),
        ("п. 27.5", "27.5", "ru"),
        ("п 27.5", "27.5", "ru"),
        ("ст 27", "27", "ru"),
        ("пункт 27.5", "27.5", None),
        # separators and spacing
        ("27.B.1.b", "27B1(b)", None),
        ("27-B-1-b", "27B1(b)", None),
        ("27B1 b", "27B1(b)", None),
        ("27b1(b)", "27B1(b)", None),
        ("12 C 1 (c)", "12C1(c)", None),
        ("25.9", "25.9", None),
    ],
)
def test_query_cite(typed: str, cite: str, lang: str | None) -> None:
    found = parse_query(typed)
    assert found is not None and found.cite == cite, found
    if lang is not None:
        assert lang in found.langs, found.langs


@pytest.mark.parametrize(
    ("typed", "alternative"),
    [("čl 61 a", "61(a)"), ("članak 61 a) 2", "61(a)2"), ("čl. 94b", "94(b)")],
)
def test_article_paths_are_an_alternative_reading(typed: str, alternative: str) -> None:
    found = parse_query(typed)
    assert found is not None and alternative in found.alternatives


def test_cyrillic_russian_law_word_hints_russian_only() -> None:
    found = parse_query("пр. 27")
    assert found is not None and found.langs == ("ru",)


@pytest.mark.parametrize(
    "typed",
    [
        "nedovoljan licit",
        "3 štiha renons",
        "1C 1D insufficient bid",
        "opóźnienie tacki 20 sekund",
        "law",
        "27 tricks",
        "12 tricks",
        "pas 3",
        "",
    ],
)
def test_not_a_citation(typed: str) -> None:
    assert parse_query(typed) is None
    assert split_query(typed) is None


@pytest.mark.parametrize(
    ("typed", "cite", "rest"),
    [
        ("law 16 UI", "16", "UI"),
        ("UI law 16", "16", "UI"),
        ("član 27 nedovoljan licit", "27", "nedovoljan licit"),
        ("27B1 hesitation", "27B1", "hesitation"),
        ("renons čl. 64 b", "64B", "renons"),
        ("pravidlo 16 D 2 zrušená hláška", "16D2", "zrušená hláška"),
    ],
)
def test_split_citation_and_words(typed: str, cite: str, rest: str) -> None:
    found = split_query(typed)
    assert found is not None and (found[0].cite, found[1]) == (cite, rest)


@pytest.mark.parametrize(
    ("typed", "inside"),
    [
        ("L27B1b", ("sk-2017:27B1(b)", "sr-2007:27B1(b)")),
        ("27-B-1-b", ("sk-2017:27B1(b)", "sr-2007:27B1(b)")),
        ("pr. 16 D", ("sk-2017:16D",)),
        ("článok 45C", ("sk-2017:45C",)),
        ("пр. 27", ("ru-comment:27",)),
        ("clanak 29", ("hr-pref-2014:29",)),
        ("čl 61 b)", ("sr-2007:61B", "hr-pref-2014:61(b)", "sk-2017:61B")),
        ("law 16 UI", ("sk-2017:16", "sr-2007:16")),
        ("član 27 nedovoljan licit", ("sr-2007:27",)),
        ("27B1 hesitation", ("sk-2017:27B1", "sr-2007:27B1")),
    ],
)
def test_citation_lands_first(index: SearchIndex, typed: str, inside: tuple[str, ...]) -> None:
    top = search(index, typed, limit=1)[0]["id"]
    assert any(top == g or top.startswith(g) for g in inside), top


def test_words_rerank_inside_the_cited_law(index: SearchIndex) -> None:
    # inside Law 27 of any document (the commentary on it too), the query's own language first
    ids = [r["id"] for r in search(index, "član 27 nedovoljan licit", limit=3)]
    assert ids[0].startswith("sr-2007:27"), ids
    assert all(i.split(":")[1].startswith("27") for i in ids), ids


@pytest.mark.parametrize(
    "typed",
    [
        " ".join(["1"] * 250),  # all digits
        " ".join(["law 1"] * 80),  # all citations
        " ".join(["član"] * 120) + " 5",  # law words
        " ".join(["27B1a"] * 80),  # sectioned cites
        "pravidlo " * 50 + "16 D 2 " * 30,
        "правило 27 " * 40 + "čl. 5 " * 20,  # mixed scripts
    ],
    ids=["digits", "citations", "law-words", "sectioned", "repetitive", "mixed-scripts"],
)
def test_citation_parsing_is_bounded(typed: str) -> None:
    typed = typed[:500]
    t0 = time.process_time()
    parse_query(typed)
    split_query(typed)
    assert time.process_time() - t0 < 0.1  # the bound for a whole search; ~2 ms here


@pytest.mark.parametrize("n", [10, 40, 160])
def test_split_reads_a_bounded_number_of_spans(n: int) -> None:
    from kb.search import cite

    cite._parse_cached.cache_clear()
    calls = 0
    real = cite._parse

    def counted(text: str):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return real(text)

    cite._parse = counted  # type: ignore[assignment]
    try:
        split_query(" ".join(f"x{i} law {i % 90 + 1}" for i in range(n)))
    finally:
        cite._parse = real  # type: ignore[assignment]
    assert calls <= min(cite.MAX_CANDIDATES, cite.MAX_CITE_WORDS * 2 * n)
