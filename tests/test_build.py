"""The built KB: counts per document, integrity of links, the store's read-only API."""

from __future__ import annotations

import sqlite3

import pytest

from kb.store import UnknownNode

COUNTS = [
    # doc, field, expected
    ("sr-2007", "laws", 93),
    ("sr-2007", "definitions", 53),
    ("sr-2007", "footnotes", 29),
    ("sk-2017", "laws", 93),
    ("sk-2017", "definitions", 64),
    ("sk-2017", "footnotes", 28),
    ("hr-pref-2014", "laws", 79),
    ("hr-pref-2014", "toc_only", 20),
    ("hr-pref-2014", "definitions", 88),
    ("pl-screens", "laws", 4),
    ("ru-comment", "laws", 16),
    ("ru-comment", "points", 79),
]


@pytest.mark.parametrize(("doc", "field", "expected"), COUNTS)
def test_counts(kb, doc, field, expected):
    stats = {d["id"]: d["stats"] for d in kb.documents()}
    assert stats[doc][field] == expected


def test_coverage_recorded_per_document(kb):
    for d in kb.documents():
        assert d["stats"]["coverage"] >= 0.995, d["id"]


def test_no_reference_points_to_a_missing_node(kb):
    bad = kb.con.execute(
        "SELECT t.node FROM ref_targets t LEFT JOIN nodes n ON n.id = t.node WHERE n.id IS NULL"
    ).fetchall()
    assert bad == []


def test_unresolved_references_have_reasons(kb):
    for r in kb.refs():
        if r["status"] != "resolved":
            assert r["reason"], r
            assert r["targets"] == [], r


@pytest.mark.parametrize(
    ("node", "partner", "relation"),
    [
        ("sk-2017:27B1(a)", "sr-2007:27B1(a)", "changed"),  # 2007's "not artificial" test gone
        ("sk-2017:14", "sr-2007:14", "same"),
        ("sk-2017:16D", "sr-2007:16C", "moved"),
        ("sk-2017:16C", "sr-2007:16D", "moved"),
        ("sk-2017:72C", "sr-2007:23", "moved"),
        ("sk-2017:15A", "sr-2007:17D", "moved"),
        ("sk-2017:32B", "sr-2007:32A", "moved"),
        ("sk-2017:32A", "sr-2007:32B", "moved"),
        ("sr-2007:16C", "sk-2017:16D", "moved"),
        ("ru-comment:27.5", "sk-2017:27", "comments"),
        ("hr-pref-2014:29", "sk-2017:27", "analogue"),
        ("pl-screens:4(a)2", "sk-2017:72C", "regulates"),
        ("sk-2017:27", "hr-pref-2014:29", "analogue"),
        ("sk-2017:27", "ru-comment:27", "commentary"),
        ("sr-2007:64", "hr-pref-2014:61", "analogue"),
    ],
)
def test_parallels(kb, node, partner, relation):
    found = {p["node"]: p["relation"] for p in kb.parallels(node)}
    assert found.get(partner) == relation, found


def test_unknown_id_names_nearest(kb):
    with pytest.raises(UnknownNode) as err:
        kb.node("sk-2017:27B9")
    assert "sk-2017:27B" in err.value.nearest or "sk-2017:27B1" in err.value.nearest


def test_kb_is_read_only(kb):
    with pytest.raises(sqlite3.OperationalError):
        kb.con.execute("DELETE FROM nodes")


def test_terms_have_definition_nodes(kb):
    terms = kb.terms("sr-2007")
    assert len(terms) == 53
    assert all(kb.get(t["node"]) is not None for t in terms)


def test_parallels_are_other_documents(kb):
    found = [p["node"] for p in kb.parallels("ru-comment:27")]
    assert "sk-2017:27" in found
    assert not any(n.startswith("ru-comment:") for n in found)
