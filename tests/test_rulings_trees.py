"""Every ruling tree: valid data, complete in six languages, laws that exist in the KB, worked
examples from the law text, and every path walked (no dead branch, every leaf reachable)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from rulings_walk import walk

from kb.rulings import LANGUAGES, RulingError, catalogue, evaluate
from kb.rulings.catalogue import common, situations, trees, validate_files

TREES = sorted(trees())
CATALOGUE = [
    "auction-card-exposed", "change-of-call", "insufficient-bid", "pass-out-of-rotation",
    "bid-out-of-rotation", "double-out-of-rotation", "simultaneous-calls",
    "right-to-call-retained", "inadmissible-double", "obligation-to-pass-violated",
    "bid-above-seven", "call-after-final-pass", "revoke",
]  # fmt: skip


def test_the_auction_trees_and_revoke_exist() -> None:
    assert set(CATALOGUE) <= set(TREES)


def test_tree_ids_and_phases_are_from_the_catalogue() -> None:
    fixed = situations()
    assert len(fixed) == 73 and set(TREES) <= set(fixed)
    assert all(fixed[t]["phase"] == trees()[t].data["phase"] for t in TREES)


def test_every_file_is_valid_against_the_schema() -> None:
    checked = validate_files()
    assert "facts.yaml" in checked and len(checked) == len(TREES) + 1


# (a change to a valid tree, the error, whether the loader alone also sees it: the schema
# checks everything in validate_files; the loader checks what running the tree needs)
@pytest.mark.parametrize(
    ("edit", "message", "loader"),
    [
        (lambda d: d.pop("start"), "at (top): 'start' is a required property", True),
        (lambda d: d["title"].pop("pl"), "at title: 'pl' is a required property", False),
        (lambda d: d["nodes"]["lho"].update(ask="no_such_fact"), "fact 'no_such_fact'", True),
        (lambda d: d["nodes"]["lho"]["answers"].pop(), "answers: [{", True),
        (lambda d: d.update(id="bid-above-eight"), "differs from the file name", True),
    ],
)
def test_a_broken_tree_is_a_clear_error(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, edit: Any, message: str, loader: bool
) -> None:
    import yaml

    data = yaml.safe_load((catalogue.TREES_DIR / "bid-above-seven.yaml").read_text("utf-8"))
    edit(data)
    (tmp_path / "bid-above-seven.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    monkeypatch.setattr(catalogue, "TREES_DIR", tmp_path)
    trees.cache_clear()
    try:
        with pytest.raises(RulingError) as err:
            validate_files()
        assert err.value.code == "bad-tree" and message in err.value.message
        assert "bid-above-seven.yaml" in err.value.message
        trees.cache_clear()
        if loader:
            with pytest.raises(RulingError, match="bid-above-seven"):
                trees()  # the loader alone refuses it too, naming the file
    finally:
        trees.cache_clear()


def _texts(value: Any, where: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Every {lang: text} mapping inside a tree's data."""
    if isinstance(value, dict):
        if "en" in value and all(isinstance(v, str) for v in value.values()):
            yield where, value
            return
        for k, v in value.items():
            yield from _texts(v, f"{where}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, f"{where}/{i}")


@pytest.mark.parametrize("tree_id", TREES)
def test_every_text_in_six_languages(tree_id: str) -> None:
    tree = trees()[tree_id]
    data = dict(tree.data)
    used = {n["ask"] for n in data["nodes"].values() if "ask" in n}
    decls = {k: tree.facts[k] for k in used}
    labels = common()[1]
    found = list(_texts({k: v for k, v in data.items() if k != "suggest"}, tree_id))
    for key, f in decls.items():
        found.append((f"fact {key} question", dict(f.question or {})))
        for value in f.domain():
            found.append((f"fact {key} answer {value!r}", dict(f.label(value, labels))))
    assert found
    for where, texts in found:
        missing = [lang for lang in LANGUAGES if not texts.get(lang, "").strip()]
        assert not missing, f"{where}: missing {missing}"
    for kind in ("triggers", "examples"):
        for lang in LANGUAGES:
            assert data["suggest"][kind][lang], f"suggest/{kind}/{lang}"


def _leaves(tree_id: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for nid, node in trees()[tree_id].data["nodes"].items():
        for edition, rule in node.get("ruling", {}).items():
            yield nid, edition, rule


@pytest.mark.parametrize("tree_id", TREES)
def test_laws_exist_in_the_kb_at_paragraph_level(tree_id: str, kb) -> None:
    docs = {"2007": "sr-2007:", "2017": "sk-2017:", "hr-pref-2014": "hr-pref-2014:"}
    for nid, edition, rule in _leaves(tree_id):
        cited = list(rule["laws"])
        adjustment = rule["outcome"].get("adjustment_law")
        if isinstance(adjustment, str):
            cited.append(adjustment)
        for law in cited:
            assert kb.get(law) is not None, f"{tree_id} {nid} {edition}: no node {law}"
            assert law.startswith(docs[edition]) or law.startswith(
                ("pl-screens:", "ru-comment:")
            ), f"{tree_id} {nid} {edition}: {law} is not of the edition's text"
        # at the paragraph the ruling rests on: not a whole law where the law has sections
        first = rule["laws"][0]
        assert not (kb.get(first).kind == "law" and kb.children(first)), (
            f"{tree_id} {nid} {edition}: cites the whole law {first}"
        )
    for ex in trees()[tree_id].data["examples"]:
        assert kb.get(ex["source"]) is not None, f"{tree_id}: example source {ex['source']}"


def _examples() -> Iterator[Any]:
    for tree_id in TREES:
        for i, ex in enumerate(trees()[tree_id].data["examples"]):
            yield pytest.param(tree_id, ex, id=f"{tree_id}-{i + 1}")


@pytest.mark.parametrize(("tree_id", "example"), list(_examples()))
def test_worked_example(tree_id: str, example: dict[str, Any]) -> None:
    got = evaluate(tree_id, example["edition"], example["facts"]).to_dict()
    assert got["status"] == "ruling", got
    expect = example["expect"]
    assert got["leaf"] == expect["leaf"]
    if "laws" in expect:
        assert got["laws"] == expect["laws"]
    for key, value in expect.get("outcome", {}).items():
        assert got["outcome"].get(key) == value, (key, got["outcome"])


@pytest.mark.parametrize("tree_id", TREES)
def test_at_least_three_examples_from_the_law_text(tree_id: str) -> None:
    examples = trees()[tree_id].data["examples"]
    assert len(examples) >= 3
    for edition in trees()[tree_id].editions:
        assert any(ex["edition"] == edition for ex in examples), edition


@pytest.mark.parametrize("tree_id", TREES)
def test_every_path_reaches_a_ruling_and_every_node_is_reached(tree_id: str) -> None:
    tree = trees()[tree_id]
    taken: set[tuple[str, str]] = set()
    leaves: set[str] = set()
    for edition in tree.editions:
        result = walk(tree, edition)
        taken |= result.steps
        leaves |= set(result.leaves)
    nodes = tree.data["nodes"]
    declared = {(n, a["next"]) for n, node in nodes.items() for a in node.get("answers", [])}
    declared |= {(n, c["next"]) for n, node in nodes.items() for c in node.get("branch", [])}
    declared |= {(n, "") for n, node in nodes.items() if "ruling" in node}
    assert declared - taken == set(), f"never taken: {sorted(declared - taken)}"
    assert leaves == {n for n, node in nodes.items() if "ruling" in node}
