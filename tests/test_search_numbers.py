"""A bare number in a described situation is a count ("9 tricks"), not a citation: it weighs
``rank.BARE_NUMBER_WEIGHT`` among several words, so tables and numbered points that merely hold
the number do not outrank the rule; in a short query it still names its Law."""

from __future__ import annotations

import pytest

from kb.search import rank, search
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


COUNTS = [
    "declarer says he made 9 tricks, we say 8, cards are back in the board",
    "super tvrdi, ze mal 9 zdvihov, my 8, karty su uz v krabici",
]
NUMBERED = {"table", "point"}


@pytest.mark.parametrize("query", COUNTS)
def test_a_count_does_not_bring_number_tables_first(index: SearchIndex, query: str) -> None:
    assert search(index, query, limit=1)[0]["kind"] not in NUMBERED


# the English count also meets route phrases (cards back in the board, tricks) that decide it
# whatever the number weighs; the Slovak one has only its words and the number
@pytest.mark.parametrize("query", COUNTS[1:])
def test_at_full_weight_the_number_would_decide(
    index: SearchIndex, query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rank, "BARE_NUMBER_WEIGHT", 1.0)
    assert search(index, query, limit=1)[0]["kind"] in NUMBERED


@pytest.mark.parametrize(("query", "law"), [("pravidlo 64", "64"), ("law 16 hesitation", "16")])
def test_a_short_query_still_names_its_law(index: SearchIndex, query: str, law: str) -> None:
    assert str(search(index, query, limit=1)[0]["law"]) == law
