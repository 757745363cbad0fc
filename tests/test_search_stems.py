"""A word no lemma of a language is one edit from is read by its first letters
(``Ranker.stems``): the lemmatizer's unknown forms and typos in a word's ending reach the
lemmas that begin as it does, unless so many do that the prefix says nothing."""

from __future__ import annotations

import pytest

from kb.search import rank, search
from kb.search.index import SearchIndex
from kb.search.query import parse
from kb.search.rank import Filters, Ranker
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


@pytest.fixture
def ranker(index: SearchIndex) -> Ranker:
    doc_langs = {d: m.lang for d, m in index.docs.items()}
    return Ranker(index, parse(index.analyzers, doc_langs, "x"), Filters())


@pytest.mark.parametrize(
    ("code", "word", "lemmas"),
    [
        ("sr", "dupliranje", {"dupliciranje"}),  # a typo inside the word's ending
        ("pl", "zapowiedzia", {"zapowiedz"}),  # a form without its diacritic the table lacks
        ("sk", "psyche", {"psychicky", "psychic"}),  # English beside the text's own word
        ("sr", "odigr", set()),  # too short to be read by its start
        ("sk", "nepriznany", set()),  # 14 lemmas begin "nepri": the prefix tells nothing
    ],
)
def test_stems(ranker: Ranker, code: str, word: str, lemmas: set[str]) -> None:
    assert ranker.stems(code, word) == lemmas


def test_a_word_the_lemmatizer_misses_finds_its_law(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "dupliranje" (for "dupliciranje", duplicating boards) reaches Law 6F."""
    query = "dupliranje bordova"
    assert search(index, query, limit=1)[0]["id"] == "sr-2007:6F"
    monkeypatch.setattr(rank, "STEM_MAX", 0)
    index.__dict__.pop("_fuzzy", None)
    assert search(index, query, limit=1)[0]["id"] != "sr-2007:6F"
