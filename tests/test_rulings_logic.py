"""The json-logic subset: every condition of every tree gives the same answer in Python and in
the browser's json-logic-js (the vendored site/static/vendor/json-logic.js, run by node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rulings_walk import walk

from kb.rulings import logic
from kb.rulings.catalogue import trees

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "site" / "static" / "vendor" / "json-logic.js"
NODE = shutil.which("node")
RUNNER = """
const jsonLogic = require(process.argv[1]);
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const out = JSON.parse(input).map(([rule, data]) => jsonLogic.apply(rule, data));
  process.stdout.write(JSON.stringify(out));
});
"""

# The subset's corners, where a careless port would differ from JavaScript.
CORNERS: list[tuple[Any, dict[str, Any]]] = [
    ({"===": [1, True]}, {}),
    ({"===": [{"var": "a"}, None]}, {"a": None}),
    ({"===": [{"var": "a"}, None]}, {}),
    ({"!==": ["2007", 2007]}, {}),
    ({"!": [[]]}, {}),
    ({"!!": ["0"]}, {}),
    ({"!!": [0]}, {}),
    ({"in": ["b", ["a", "b"]]}, {}),
    ({"in": [1, ["1"]]}, {}),
    ({"in": ["ab", "cabd"]}, {}),
    ({"and": [True, "x", 0, "y"]}, {}),
    ({"or": [False, "", "z"]}, {}),
    ({"or": [False, 0]}, {}),
    ({"if": [False, 1, {"var": "a"}, 2, 3]}, {"a": True}),
    ({"if": [False, 1, False, 2]}, {}),
    ({"<": [1, {"var": "n"}, 3]}, {"n": 2}),
    ({"<=": [1, 1]}, {}),
    ({">": [{"var": "n"}, 12]}, {"n": 13}),
    ({"missing": ["a", "b", "c"]}, {"a": 1, "b": "", "c": None}),
    ({"missing": [["a", "d"]]}, {"a": 0}),
    ({"var": ["x", "dflt"]}, {}),
    ({"var": ["x", "dflt"]}, {"x": None}),
]


def _rules() -> list[Any]:
    found: list[Any] = []
    for t in trees().values():
        for node in t.data["nodes"].values():
            found += [c["when"] for c in node.get("branch", []) if "when" in c]
            for rule in node.get("ruling", {}).values():
                found += [v for v in rule["outcome"].values() if logic.is_logic(v)]
        found += [c["when"] for c in t.data.get("constraints", [])]
    return found


def _states() -> list[dict[str, Any]]:
    states: list[dict[str, Any]] = []
    for t in trees().values():
        for edition in t.editions:
            states += walk(t, edition).states
    return states


def _node(pairs: list[tuple[Any, Any]]) -> list[Any]:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(VENDOR)],
        input=json.dumps(pairs),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(NODE is None, reason="node is not installed (needed to run json-logic-js)")
def test_python_and_json_logic_js_agree() -> None:
    pairs: list[tuple[Any, Any]] = list(CORNERS)
    rules = _rules()
    assert rules, "the trees have conditions"
    for state in _states():
        for rule in rules:
            # the engine evaluates a condition only once every fact it reads is known
            if all(state.get(n) is not None for n in logic.check(rule)):
                pairs.append((rule, state))
    unique = list({json.dumps(p, sort_keys=True): p for p in pairs}.values())
    expected = _node(unique)
    got = [logic.apply(rule, data) for rule, data in unique]
    diffs = [(r, d, g, e) for (r, d), g, e in zip(unique, got, expected, strict=True) if g != e]
    assert not diffs, diffs[:5]
    assert len(unique) > len(CORNERS)


def test_vendored_library_keeps_its_licence_header() -> None:
    head = VENDOR.read_text(encoding="utf-8")[:1500]
    assert "json-logic-js 2.0.5" in head and "The MIT License" in head


@pytest.mark.parametrize(
    "rule",
    [{"==": [1, 1]}, {"var": "a.b"}, {"cat": ["a"]}, {"and": [{"===": [1, 1]}, {"map": []}]}],
)
def test_rules_outside_the_subset_are_refused(rule: Any) -> None:
    with pytest.raises(logic.LogicError):
        logic.check(rule)


def test_check_lists_the_facts_read_in_order() -> None:
    rule = {"and": [{"===": [{"var": "b"}, 1]}, {"missing": ["a", "b"]}, {"var": ["c", 0]}]}
    assert logic.check(rule) == ["b", "a", "c"]
