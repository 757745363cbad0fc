"""The coordination factor (``rank.coverage``, ``rank.COORD``): a unit matching more of the
query's words gains over one that matches a single rare word of it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.search import rank, search
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB

N = 6


def _lists(found: dict[int, list[int]]) -> dict[int, np.ndarray]:
    return {t: np.array(sorted(set(u)), dtype=np.int64) for t, u in found.items()}


def test_each_word_counts_its_weight_once() -> None:
    # word 1 (idf 2): term 1 in units 0, 1; word 2 (idf 1): terms 2 and 3, both in unit 1
    cover = {"sr": [(2.0, [1]), (1.0, [2, 3])]}
    lists = _lists({1: [0, 1], 2: [1, 2], 3: [1, 3]})
    got = rank.coverage(N, cover, {"sr": 4.0}, lists)
    assert got.tolist() == pytest.approx([0.5, 0.75, 0.25, 0.25, 0.0, 0.0])


def test_languages_add_up_to_at_most_one() -> None:
    cover = {"sr": [(3.0, [1])], "sk": [(3.0, [2])]}
    got = rank.coverage(N, cover, {"sr": 3.0, "sk": 3.0}, _lists({1: [0], 2: [0, 1]}))
    assert got.tolist() == pytest.approx([1.0, 1.0, 0.0, 0.0, 0.0, 0.0])


words = st.lists(
    st.tuples(
        st.floats(0.1, 5.0), st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True)
    ),
    max_size=5,
)
postings = st.lists(st.lists(st.integers(0, N - 1), max_size=N), min_size=4, max_size=4)


@given(words, postings)
def test_coverage_is_a_bounded_share_of_the_words(
    found: list[tuple[float, list[int]]], units: list[list[int]]
) -> None:
    """Between 0 and 1, and the same as summing over each unit the words it matches."""
    z = sum(idf for idf, _ in found) or 1.0
    lists = _lists(dict(enumerate(units)))
    got = rank.coverage(N, {"sr": found}, {"sr": z}, lists)
    assert ((got >= 0) & (got <= 1)).all()
    for u in range(N):
        want = sum(idf for idf, tids in found if any(u in units[t] for t in tids)) / z
        assert got[u] == pytest.approx(min(want, 1.0), rel=1e-5)


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


def test_the_paragraph_matching_more_words_first(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "I heard the board's result from the next table before the auction": Law 16D1 (extraneous
    information from another table before the auction), which says more of the description's
    words, before Law 16B2, which shares fewer of them. The ruling trees' prior is off, so that
    the words alone decide. (Earlier examples of this, "hráč pozerá do svojej konvenčnej karty
    počas licitácie" and "болван заявил после последнего паса", came to be found by a ruling
    tree and by the routes' spread evidence, kb/search/route.py SPREAD, by themselves.)"""
    monkeypatch.setattr(rank, "TREE_PRIOR", False)
    query = "pocul som vysledok rozdania od vedlajsieho stola este pred licitaciou"
    assert search(index, query, limit=1)[0]["id"] == "sk-2017:16D1"
    monkeypatch.setattr(rank, "COORD", 0.0)
    assert search(index, query, limit=1)[0]["id"] != "sk-2017:16D1"
