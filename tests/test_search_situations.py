"""The ruling trees' prior in search: a described situation a tree rules on ranks the Law that
tree's leaves cite first, because of the prior; a query that suggests no tree ranks as before."""

from __future__ import annotations

import pytest

from kb.search import SearchIndex, rank, search
from kb.search.service import index_for
from kb.search.situations import cited, confidence, law_of, suggested, tree_cites
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    """The index of the session's KB."""
    return index_for(kb)


def _laws(index: SearchIndex, query: str, prior: bool, monkeypatch: pytest.MonkeyPatch) -> list:
    monkeypatch.setattr(rank, "TREE_PRIOR", prior)
    return [(r["doc"], r["law"]) for r in search(index, query, limit=5)]


@pytest.mark.parametrize(
    ("query", "tree", "law", "within"),
    [
        # a card exposed during the auction (Law 24), in Croatian and in English (the Croatian
        # words alone find the preferans code's dropped card, the English ones the play's
        # penalty card; the exposed-card tree's leaves include the auction's)
        ("tijekom licitacije igraču je ispala karta na stol", "defender-exposes-card", "24", 1),
        (
            "in the middle of the bidding my partner showed a card by accident",
            "auction-card-exposed",
            "24",
            2,
        ),
        # a call by a player obliged to pass (Law 37): the words alone find neither it nor where
        # the auction ends (22A2, which matches most words of the description and stays first)
        (
            "igrač je licitirao iako je morao da pasira do kraja licitacije",
            "obligation-to-pass-violated",
            "37",
            2,
        ),
    ],
)
def test_situation_ranks_the_cited_law_first(
    index: SearchIndex,
    monkeypatch: pytest.MonkeyPatch,
    query: str,
    tree: str,
    law: str,
    within: int,
) -> None:
    """The prior brings the Law its tree cites to the first ``within`` results (a Law of the
    Laws' documents), where the words alone rank another Law first and it is not there."""
    assert suggested(query)[0][0] == tree
    without = _laws(index, query, False, monkeypatch)
    with_prior = _laws(index, query, True, monkeypatch)
    assert all(got != law for _, got in without[:within])
    assert any(got == law and doc in ("sr-2007", "sk-2017") for doc, got in with_prior[:within]), (
        with_prior
    )


@pytest.mark.parametrize(
    "query",
    [
        "what time does the tournament start",  # no tree fits
        "kto jest organizatorem turnieju",  # nor here: who organises the tournament
    ],
)
def test_query_suggesting_no_tree_is_untouched(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    assert cited(query) == ({}, {})
    monkeypatch.setattr(rank, "TREE_PRIOR", False)
    without = search(index, query, limit=10)
    monkeypatch.setattr(rank, "TREE_PRIOR", True)
    assert search(index, query, limit=10) == without


@pytest.mark.parametrize(
    ("score", "expected"),
    [(0.0, 0.0), (1.9, 0.0), (4.0, 0.5), (6.0, 1.0), (60.0, 1.0)],
)
def test_confidence_is_calibrated_on_the_suggestion_score(score: float, expected: float) -> None:
    assert confidence(score) == pytest.approx(expected)


def test_every_tree_weighs_its_own_law_highest() -> None:
    """The Law most of a tree's leaves rule by (the tree's subject) weighs the most; a Law many
    trees cite (the lead restrictions, 26) weighs less than it."""
    subject = {"insufficient-bid": "27", "revoke": "64", "call-after-final-pass": "39"}
    cites = tree_cites()
    for tree_id, law in subject.items():
        laws = dict((p.split(":", 1)[1], w) for p, w in cites[tree_id].laws)
        assert max(laws, key=laws.__getitem__) == law
        assert all(0 < w <= 1 for w in laws.values())
    assert law_of("sk-2017:27B1(a)") == "sk-2017:27"
