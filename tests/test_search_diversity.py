"""One Law does not fill the first five results: a provision's second paragraph scores a share
of the provision (``rank.SECOND_SHARE``), so the best results of other Laws come before it, and
it still follows among the ten."""

from __future__ import annotations

import pytest

from kb.search import rank, search
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


def _laws(index: SearchIndex, query: str) -> list[str]:
    return [str(r["law"]) for r in search(index, query, limit=10)]


def _firsts(laws: list[str]) -> list[int]:
    """The ranks at which each Law first appears."""
    return [k for k, law in enumerate(laws) if law not in laws[:k]]


# queries whose first Law has a second matching paragraph, and other Laws that rule nearby
CROWDED = [
    "igrac je pasirao van reda",
    "kontra mimo poradia, potom super po pravici licitoval",
    "revoke",
]


@pytest.mark.parametrize("query", CROWDED)
def test_other_laws_come_before_a_laws_second_paragraph(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    monkeypatch.setattr(rank, "SECOND_SHARE", 0.999)
    before = _laws(index, query)
    monkeypatch.undo()
    after = _laws(index, query)
    # each next Law appears no later than before, and one earlier
    pairs = list(zip(_firsts(after), _firsts(before), strict=False))
    assert all(a <= b for a, b in pairs) and any(a < b for a, b in pairs)
    assert after[0] == before[0]  # the best Law stays first
    # the first Law's second paragraph is not dropped, only moved down
    assert after.count(after[0]) == before.count(before[0]) >= 2
