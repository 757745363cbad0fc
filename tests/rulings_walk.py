"""Walk every path of a ruling tree through the engine itself (shared by the ruling tests)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kb.rulings import evaluate
from kb.rulings.catalogue import Tree


@dataclass
class Walk:
    """What walking one tree in one edition met."""

    leaves: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # leaf -> fact sets
    steps: set[tuple[str, str]] = field(default_factory=set)  # (node, next) taken
    states: list[dict[str, Any]] = field(default_factory=list)  # every fact set evaluated
    paths: int = 0


def walk(tree: Tree, edition: str, limit: int = 5000) -> Walk:
    """Answer every question every way, depth first, until each path reaches a ruling."""
    out = Walk()
    stack: list[dict[str, Any]] = [{}]
    while stack:
        facts = stack.pop()
        result = evaluate(tree.id, edition, facts).to_dict()
        out.states.append(result["facts"])
        for step in result["path"]:
            nxt = step.get("next")
            if nxt is None:
                node = tree.node(step["node"])
                nxt = next(a["next"] for a in node["answers"] if a["value"] == step["value"])
            out.steps.add((step["node"], nxt))
        if result["status"] == "ruling":
            out.paths += 1
            out.leaves.setdefault(result["leaf"], []).append(facts)
            out.steps.add((result["leaf"], ""))
            continue
        for answer in result["answers"]:
            stack.append({**facts, result["fact"]: answer["value"]})
        if out.paths + len(stack) > limit:
            raise AssertionError(f"{tree.id}: more than {limit} paths")
    return out
