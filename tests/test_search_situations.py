"""The ruling trees' prior in search: a described situation a tree rules on ranks the Law that
tree's leaves cite first, because of the prior; a query that suggests no tree ranks as before."""

from __future__ import annotations

import pytest

from kb.search import SearchIndex, rank, search
from kb.search.service import index_for
from kb.search.situations import (
    best_leaf,
    cited,
    confidence,
    law_of,
    suggested,
    tree_cites,
    weighed,
)
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
def test_query_suggesting_no_tree_ranks_as_without_the_prior(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    """No tree's triggers fit; a word shared with a tree's texts ("time": a round running out
    of time) lends a weak prior at most, and the results come in the order the words give."""
    assert suggested(query) == []
    laws, paragraphs = cited(query)
    assert all(w < 0.2 for w in (*laws.values(), *paragraphs.values()))
    monkeypatch.setattr(rank, "TREE_PRIOR", False)
    without = [r["id"] for r in search(index, query, limit=10)]
    monkeypatch.setattr(rank, "TREE_PRIOR", True)
    assert [r["id"] for r in search(index, query, limit=10)] == without


@pytest.mark.parametrize(
    ("query", "tree"),
    [
        # inflected forms the suggestions' five-letter stems miss: "přehlásil ... nedostatočne"
        # against "nedostatočná", "zawahała" against "zawahał się"
        ("přehlásil som nedostatočne, čo teraz", "insufficient-bid"),
        ("partnerka się zawahała przed pasem", "unauthorised-information"),
    ],
)
def test_words_near_a_tree_s_texts_raise_its_confidence(query: str, tree: str) -> None:
    """The prior's trees (``weighed``) are the suggestions' with each score raised by the
    query's nearness to the tree's own texts (kb/search/tree_grams.py)."""
    before, after = dict(suggested(query)), dict(weighed(query))
    assert next(iter(after)) == next(iter(before)) == tree
    assert after[tree] > before[tree] + 0.3


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


@pytest.mark.parametrize(
    ("query", "chosen", "sibling"),
    [
        # a defender's revoke noticed in time: 62B1 (his card a major penalty card), not 62B2
        # (declarer's or dummy's card replaced), which the tree weighs alike
        ("a defender revoked and noticed it before the revoke was established", "62B1", "62B2"),
        # both sides revoked in one trick: 64B7 among the tree's no-transfer cases
        ("both sides revoked in the same trick", "64B7", "64B1"),
        # the same leaf named in Serbian Cyrillic
        (
            "бранилац је направио ренонс и исправио га пре него што је постао коначан",
            "62B1",
            "62B2",
        ),
    ],
)
def test_the_leaf_the_words_name_lifts_its_paragraphs(
    query: str, chosen: str, sibling: str
) -> None:
    """Of paragraphs a tree weighs alike, those of the leaf whose answers and ruling the query
    names gain: up to their Law's weight, never above it (the leaf tells which paragraph rules,
    the tree which Law)."""
    laws, paragraphs = cited(query)
    by_cite = {p.split(":", 1)[1]: w for p, w in paragraphs.items()}
    shares = {p.split(":", 1)[1]: w for p, w in tree_cites()["revoke"].paragraphs}
    assert shares[chosen] == shares[sibling]
    assert by_cite[chosen] > by_cite[sibling]
    law = {p.split(":", 1)[1]: w for p, w in laws.items()}[chosen[:2]]
    assert by_cite[chosen] <= law + 1e-9


def test_every_ruling_is_a_leaf_with_words_and_cites() -> None:
    """Each tree keeps one leaf per ruling node, each with stems to be named by and the
    paragraphs its rulings cite (all among the tree's own), weighed by one idf table."""
    from kb.rulings.catalogue import trees

    cites = tree_cites()
    for tree_id, t in trees().items():
        found = cites[tree_id]
        rulings = [n for n in t.data["nodes"].values() if "ruling" in n]
        assert len(found.leaves) == len(rulings), tree_id
        own = {p for p, _ in found.paragraphs}
        for leaf in found.leaves:
            assert leaf.words and leaf.paragraphs, tree_id
            assert set(leaf.paragraphs) <= own, tree_id
            assert all(found.leaf_idf[w] >= 0 for w in leaf.words)
    assert best_leaf(tree_id, frozenset({"zzzz-no-such-stem"})) is None


def test_a_tree_without_n_gram_texts_keeps_its_suggestion_score(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tree the n-gram index lacks (no text of content words) is weighed by its suggestion
    score alone."""
    from kb.search import situations
    from kb.search.tree_grams import GramIndex

    query = "přehlásil som nedostatočne, čo teraz"  # near insufficient-bid's texts (above)
    first = suggested(query)[0][0]
    others = GramIndex([t for t in situations.gram_texts() if t[0] != first])
    monkeypatch.setattr(situations, "_gram_index", lambda: others)
    assert dict(weighed(query))[first] == dict(suggested(query))[first]
