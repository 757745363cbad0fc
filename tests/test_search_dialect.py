"""Serbian or Croatian (kb/search/dialect.py): a Latin query's yat reflex and the standard words
of one language tell which it is in, so a Serbian bridge question does not drift to the Croatian
preferans code, nor a Croatian one to the Serbian Laws, unless it names the other's document."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.search import rank, search
from kb.search.dialect import ekavian, ijekavian
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


@pytest.mark.parametrize(
    ("query", "leaning"),
    [
        ("vreme za razmišljanje je isteklo", "sr"),  # ekavian
        ("vrijeme za razmisljanje je isteklo", "hr"),  # ijekavian, without diacritics
        ("posle deljenja igrač je primetio", "sr"),
        ("nakon dijeljenja igrač je primijetio", "hr"),
        ("ko je pozvao sudiju", "sr"),  # lexical: ko, sudija
        ("tko je pozvao suca", "hr"),  # tko, sudac (its lemma)
        ("kibici za stolom", None),  # no marks
        ("tijekom igre, sudija", None),  # one mark of each
        ("renons kazna", None),
    ],
)
def test_leaning(index: SearchIndex, query: str, leaning: str | None) -> None:
    tokens = index.analyzers["sr"].tokens(query)
    assert index.dialect.leaning(tokens) == leaning


@given(st.text(alphabet="abcdeijlmnoprstv", max_size=12))
def test_yat_readings_undo_each_other(word: str) -> None:
    """Every ijekavian reading of a word reads back as the word."""
    for variant in ijekavian(word):
        assert word in set(ekavian(variant))


def _docs(index: SearchIndex, query: str, n: int) -> list[str]:
    return [str(r["id"]).split(":")[0] for r in search(index, query, limit=n)]


@pytest.mark.parametrize(
    ("query", "other", "n"),
    [
        # Croatian words: the preferans code's rules, the Serbian Laws not among the first three
        ("tko je odgovoran ako netko gleda tuđe karte", "sr-2007", 3),
        # Serbian (ekavian, sudija): the Laws, the preferans code not among the first four
        ("sudija je dozvolio da se ponovo deli", "hr-pref-2014", 4),
    ],
)
def test_dialect_keeps_the_other_language_down(
    index: SearchIndex, query: str, other: str, n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert other not in _docs(index, query, n)
    # without the dialect step the other language's document comes in
    monkeypatch.setattr(rank, "DIALECT_SERBIAN", 1.0)
    monkeypatch.setattr(rank, "DIALECT_CROATIAN", 1.0)
    assert other in _docs(index, query, n)


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("preferans: posle deljenja igrač ima previše karata", "hr-pref-2014"),  # named
        ("bridž: tko smije vidjeti tuđe karte tijekom licitacije", "sr-2007"),  # game named
    ],
)
def test_a_named_document_or_game_overrides_the_dialect(
    index: SearchIndex, query: str, first: str
) -> None:
    assert _docs(index, query, 1) == [first]
