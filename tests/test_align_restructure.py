"""Made-up restructurings (kb.align.restructure): what bench/align.py --restructure measures the
aligner on must itself be right: every node keeps its text and gets a consistent number, and
the gold follows the nodes."""

from __future__ import annotations

import random

import pytest

from kb.align.restructure import OPERATIONS, carry_gold, restructure
from tests.test_align_editions import doc

DOC = doc(
    "sk-2017",
    [
        ("1", None, ""),
        ("1A", "1", "Prvá veta. Druhá veta."),
        ("1B", "1", "Tretia veta. Štvrtá veta."),
        ("1C", "1", "Piata veta. Šiesta veta."),
        ("2", None, ""),
        ("2A", "2", "Darca."),
    ],
)
GOLD = [
    {"law": "1", "sr": f"sr-2007:{c}", "sk": f"sk-2017:{c}", "relation": "same"}
    for c in ("1", "1A", "1B", "1C")
]


@pytest.mark.parametrize("op", OPERATIONS)
@pytest.mark.parametrize("seed", range(4))
def test_every_node_keeps_its_text_and_gets_one_consistent_number(op: str, seed: int) -> None:
    moved = restructure(DOC, ["1"], random.Random(seed), ["2"], [op])
    assert moved.done and moved.done[0].startswith(op)
    nodes = {n.id: n for n in moved.doc.nodes}
    assert len(nodes) == len(moved.doc.nodes)
    for n in moved.doc.nodes:
        if n.parent is not None:
            assert n.cite.startswith(nodes[n.parent].cite) and n.cite != nodes[n.parent].cite
    old = {n.id: n for n in DOC.nodes}
    for before, after in moved.rename.items():
        assert after in nodes
        if op != "split":
            assert nodes[after].text == old[before].text
    assert moved.inserted <= set(nodes)
    texts = " ".join(n.text for n in moved.doc.nodes)
    if op != "drop":  # every sentence is still somewhere
        for n in DOC.nodes:
            for sentence in n.text.split(". "):
                assert sentence.rstrip(".") in texts


@pytest.mark.parametrize("op", OPERATIONS)
def test_the_gold_follows_the_nodes(op: str) -> None:
    moved = restructure(DOC, ["1"], random.Random(1), ["2"], [op])
    nodes = {n.id for n in moved.doc.nodes}
    rows = carry_gold(GOLD, moved)
    for row in rows:
        assert row["sk"] is None or row["sk"] in nodes
        if row["sr"] and row["sk"]:
            moved_away = row["sr"].split(":")[1] != row["sk"].split(":")[1]
            assert (row["relation"] == "moved") == moved_away, row
    assert {r["sk"] for r in rows if r["relation"] == "new"} == moved.inserted
    if op == "drop":
        assert [r["relation"] for r in rows].count("removed") == 1
    if op == "split":
        assert len([r for r in rows if r["sr"] and r["sk"]]) == len(GOLD) + 1
