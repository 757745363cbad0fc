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


def _first_provision(index: SearchIndex, query: str) -> list[str]:
    """The IDs among the ten results that lie in the first result's provision (its document and
    Law: another document's Law of that number is another provision)."""
    found = search(index, query, limit=10)
    doc, law = found[0]["doc"], found[0]["law"]
    return [r["id"] for r in found if r["doc"] == doc and r["law"] == law]


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
    before, before_first = _laws(index, query), _first_provision(index, query)
    monkeypatch.undo()
    after, after_first = _laws(index, query), _first_provision(index, query)
    # each next Law appears no later than before, and one earlier
    pairs = list(zip(_firsts(after), _firsts(before), strict=False))
    assert all(a <= b for a, b in pairs) and any(a < b for a, b in pairs)
    assert after[0] == before[0]  # the best Law stays first
    # the first Law's next paragraphs are not dropped, only moved down
    assert after_first == before_first and len(after_first) >= 2


# queries whose first Law has three paragraphs the words match closely
THREE_CLOSE = ["igrac je pasirao van reda", "kontra mimo poradia, potom super po pravici licitoval"]


@pytest.mark.parametrize("query", THREE_CLOSE)
def test_a_laws_third_close_paragraph_follows(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    shown = _first_provision(index, query)
    assert len(shown) == rank.SHOWN_PER_PROVISION == 3
    scores = {r["id"]: r["score"] for r in search(index, query, limit=10)}
    # the second scores SECOND_SHARE of the first, the third its square
    ratios = [scores[i] / scores[shown[0]] for i in shown]
    assert ratios == pytest.approx([1.0, rank.SECOND_SHARE, rank.SECOND_SHARE**2], abs=1e-3)
    monkeypatch.setattr(rank, "SHOWN_PER_PROVISION", 2)
    assert _first_provision(index, query) == shown[:2]
    monkeypatch.setattr(rank, "SECOND_RATIO", 0.999)  # only paragraphs as good as the best
    assert _first_provision(index, query) == shown[:1]
