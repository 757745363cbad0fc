"""The 2007 -> 2017 alignment of the real texts, as the built KB stores it and a user reads it:
the moves the issue names, every provision in a pair, consistent relations, the labels seen
from either node, and the dev gold's precision and recall (the blind gold is scored by
bench/align.py only)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kb.align.score import load_gold, score

DEV_GOLD = Path(__file__).parent / "eval" / "align_dev.jsonl"

# 2007 provision, its 2017 counterpart, relation, whether the rule also changed
MOVES = [
    ("sr-2007:32A", "sk-2017:32B", "moved", True),  # double out of rotation, partner's turn
    ("sr-2007:32B", "sk-2017:32A", "moved", True),  # ... at RHO's turn
    ("sr-2007:16C", "sk-2017:16D", "moved", False),  # unauthorised information, other sources
    ("sr-2007:16D", "sk-2017:16C", "moved", True),  # information from withdrawn calls
    ("sr-2007:23", "sk-2017:72C", "moved", False),  # awareness of potential damage
    ("sr-2007:17D", "sk-2017:15A", "moved", True),  # cards from the wrong board
    ("sr-2007:62C3", "sk-2017:61C", "moved", False),  # inspecting quitted tricks
    ("sr-2007:22B1", "sk-2017:17D1", "moved", False),  # end of the auction period
    ("sr-2007:53B", "sk-2017:53C", "moved", False),
    ("sr-2007:53C", "sk-2017:53B", "moved", False),
    ("sr-2007:57A3", "sk-2017:57A4", "moved", False),  # a new option took its number
    # 2017 drops 2007's "both bids not artificial" test and says 26B and 16C do not apply
    ("sr-2007:27B1(a)", "sk-2017:27B1(a)", "changed", True),
    ("sr-2007:14", "sk-2017:14", "same", False),
    ("sr-2007:32", "sk-2017:32", "changed", True),
]


@pytest.fixture(scope="module")
def pairs(kb):
    return {(p["a"], p["b"]): p for p in kb.pairs("sr-2007", "sk-2017")}


@pytest.mark.parametrize(("a", "b", "relation", "changed"), MOVES)
def test_known_pairs(pairs, a: str, b: str, relation: str, changed: bool) -> None:
    p = pairs.get((a, b))
    assert p is not None, f"{a} -> {b} not paired"
    assert (p["relation"], p["changed"]) == (relation, changed), p


@pytest.mark.parametrize(("a", "b"), [("sr-2007:32A", "sk-2017:32A"), ("sr-2007:23", "sk-2017:23")])
def test_same_number_different_rule_is_not_a_pair(pairs, a: str, b: str) -> None:
    assert (a, b) not in pairs


def test_every_provision_is_in_a_pair(kb, pairs) -> None:
    seen = {x for key in pairs for x in key if x}
    for doc in ("sr-2007", "sk-2017"):
        provisions = {
            n.id
            for n in kb.nodes(doc)
            if n.kind in ("law", "section", "paragraph", "item", "subitem")
            and (n.law or "").isdigit()
        }
        assert provisions <= seen, sorted(provisions - seen)[:5]


def test_relations_are_consistent(kb, pairs) -> None:
    by_a: dict[str, list[dict]] = {}
    for p in pairs.values():
        by_a.setdefault(p["a"], []).append(p)
        assert 0 < p["confidence"] <= 1 and p["evidence"], p
        if p["a"] and p["b"]:
            moved = p["a"].split(":")[1] != p["b"].split(":")[1]
            assert (p["relation"] == "moved") == moved, p
        else:
            assert p["relation"] == ("new" if p["a"] is None else "removed"), p
        assert p["changed"] == (p["relation"] not in ("same", "moved")) or p["relation"] == "moved"
    # a law or section whose parts changed is itself changed
    for p in pairs.values():
        if p["relation"] == "same":
            for kid in kb.children(p["a"]):
                assert all(not k["changed"] for k in by_a.get(kid.id, [])), (p, kid.id)


def test_most_laws_keep_their_number_and_many_changed(pairs) -> None:
    laws = Counter(
        p["relation"] for (a, b), p in pairs.items() if a and b and a.split(":")[1].isdigit()
    )
    assert laws["same"] + laws["changed"] >= 92  # every Law but 23 pairs with its number
    assert laws["changed"] >= 40


def test_dev_gold_precision_and_recall(pairs) -> None:
    result = score(pairs.values(), load_gold(DEV_GOLD))
    assert result["pairing"]["precision"] >= 0.97 and result["pairing"]["recall"] >= 0.97
    assert result["same"]["precision"] >= 0.85 and result["same"]["recall"] >= 0.95
    assert result["changed"]["precision"] >= 0.9 and result["changed"]["recall"] >= 0.55
    assert result["moved"]["precision"] >= 0.85 and result["moved"]["recall"] >= 0.8


# node, counterpart, label as seen from the node
LABELS = [
    ("sr-2007:16C", "sk-2017:16D", "2017: moved to 16D"),
    ("sk-2017:16D", "sr-2007:16C", "2007: was 16C"),
    ("sr-2007:32A", "sk-2017:32B", "2017: moved to 32B, changed"),
    ("sr-2007:14", "sk-2017:14", "2017: same"),
    ("sr-2007:27B1(a)", "sk-2017:27B1(a)", "2017: changed"),
    ("hr-pref-2014:77", "sk-2017:77", "bridge analogue"),
    ("sk-2017:77", "hr-pref-2014:77", "preferans analogue"),
    ("sk-2017:27", "ru-comment:27.5", "commentary on this Law"),
    ("ru-comment:27.5", "sk-2017:27", "comments on Law 27"),
    ("sk-2017:72C", "pl-screens:4(a)2", "screen regulation modifying this"),
]


@pytest.mark.parametrize(("node", "other", "label"), LABELS)
def test_parallels_read_from_the_node_shown(kb, node: str, other: str, label: str) -> None:
    found = {p["node"]: p for p in kb.parallels(node)}
    assert other in found, sorted(found)
    assert found[other]["label"] == label
    assert found[other]["direction"] in ("forward", "backward")


@pytest.mark.parametrize(
    ("node", "label"), [("sk-2017:23", "new in 2017"), ("sr-2007:70D3", "removed in 2017")]
)
def test_a_provision_without_counterpart(kb, node: str, label: str) -> None:
    assert kb.unpaired(node)["label"] == label
    assert not [p for p in kb.parallels(node) if p["node"] and p["node"].startswith("s")]
