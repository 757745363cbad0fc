"""Score passed along resolved cross-references (kb/search/propagate.py): a query that finds a
paragraph also finds the provision that paragraph cites (the remedy it names), under it; a
definition or heading lends nothing, nor does a reference inside one provision."""

from __future__ import annotations

import numpy as np
import pytest

from kb.evaluate import Tree
from kb.search import propagate, rank, search
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


@pytest.fixture(scope="module")
def tree(kb: KB) -> Tree:
    return Tree.of(kb.nodes())


# (the paragraph a query describes, the provision it cites, the query: the paragraph's words)
CITING = [
    (
        "hr-pref-2014:54(b)",
        "hr-pref-2014:51",
        "Kada izvođač zahtjeva da natjecatelj povuče atakiranu kartu izvan slijeda",
    ),
    (
        "ru-comment:24.4",
        "sr-2007:50C",
        "Если это единственная и случайно открывшаяся карта не старше девятки",
    ),
    (
        "ru-comment:27.6(iii)",
        "sr-2007:27D",
        "Если игроки невиновной стороны предполагают, что виновная сторона получила возможность",
    ),
]


def _ids(index: SearchIndex, query: str, monkeypatch: pytest.MonkeyPatch, on: bool) -> list[str]:
    monkeypatch.setattr(rank, "PROPAGATE", on)
    return [r["id"] for r in search(index, query, limit=10)]


@pytest.mark.parametrize(("source", "cited", "query"), CITING, ids=[c[0] for c in CITING])
def test_a_paragraph_found_brings_the_provision_it_cites(
    index: SearchIndex,
    tree: Tree,
    monkeypatch: pytest.MonkeyPatch,
    source: str,
    cited: str,
    query: str,
) -> None:
    without = _ids(index, query, monkeypatch, on=False)
    with_refs = _ids(index, query, monkeypatch, on=True)
    assert not any(tree.inside(i, {cited}) for i in without)
    assert with_refs[0] == source
    found = [k for k, i in enumerate(with_refs) if tree.inside(i, {cited})]
    assert found and found[0] > 0  # found, and under the paragraph that cites it


def _links(
    quiet: list[bool], refs: list[list[int]], group: list[int]
) -> tuple[list[list[int]], tuple[np.ndarray, np.ndarray]]:
    """The build's links over a toy index of one unit per node (node k = unit k)."""
    n = len(refs)
    ptr = np.zeros(n + 1, dtype=np.int64)
    ptr[1:] = np.cumsum([len(r) for r in refs])
    flat = np.array([t for r in refs for t in r], dtype=np.int32)
    spans = np.stack([np.arange(n), np.arange(n) + 1], axis=1)
    cptr, cunit = propagate.links(
        np.arange(n),
        np.array(quiet),
        spans,
        np.arange(n),
        np.array(group),
        ptr,
        flat,
    )
    rows = [cunit[int(cptr[k]) : int(cptr[k + 1])].tolist() for k in range(n)]
    return rows, (cptr, cunit)


@pytest.mark.parametrize(
    ("quiet", "refs", "group", "want"),
    [
        # a paragraph citing another provision lends to it
        ([False, False], [[1], []], [0, 1], [[1], []]),
        # a definition (or a bare heading) lends nothing
        ([True, False], [[1], []], [0, 1], [[], []]),
        # a reference inside its own provision (or to its twin) lends nothing
        ([False, False, False], [[1, 2], [], []], [0, 0, 2], [[2], [], []]),
        # the same target cited twice is one link
        ([False, False], [[1, 1], []], [0, 1], [[1], []]),
    ],
    ids=["cites-other", "definition-quiet", "own-provision", "twice"],
)
def test_links(
    quiet: list[bool], refs: list[list[int]], group: list[int], want: list[list[int]]
) -> None:
    assert _links(quiet, refs, group)[0] == want


# units 0..4; unit 0 cites 3, unit 1 cites 3 and 4, unit 2 cites nothing
_CITED = {0: (3,), 1: (3, 4)}


@pytest.mark.parametrize(
    ("scores", "mask", "want"),
    [
        # 3 rises by SHARE of its best citer (unit 0), 4 by SHARE of unit 1
        ([1.0, 0.5, 0.2, 0.0, 0.0], None, [1.0, 0.5, 0.2, 0.3, 0.15]),
        # a cited unit already matched rises, but never above CEILING of its citer
        ([1.0, 0.5, 0.2, 0.9, 0.0], None, [1.0, 0.5, 0.2, 0.99, 0.15]),
        # ... and a cited unit above its citer keeps its own score
        ([1.0, 0.5, 0.2, 2.0, 0.0], None, [1.0, 0.5, 0.2, 2.0, 0.15]),
        # a unit the filters exclude is not raised
        ([1.0, 0.5, 0.2, 0.0, 0.0], [True, True, True, True, False], [1.0, 0.5, 0.2, 0.3, 0.0]),
    ],
    ids=["share", "ceiling", "above", "filtered"],
)
def test_lend(
    monkeypatch: pytest.MonkeyPatch, scores: list[float], mask: list[bool] | None, want: list[float]
) -> None:
    monkeypatch.setattr(propagate, "SHARE", 0.3)
    monkeypatch.setattr(propagate, "CEILING", 0.99)
    s = np.array(scores, dtype=np.float32)
    cand = np.flatnonzero(s > 0)
    out = propagate.lend(s, cand, _CITED, None if mask is None else np.array(mask))
    assert s.tolist() == pytest.approx(want)
    assert sorted(out.tolist()) == np.flatnonzero(s > 0).tolist()  # raised units join
