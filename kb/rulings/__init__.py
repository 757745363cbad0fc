"""Ruling trees: from what happened at the table to the ruling, per edition, cited and computed.

The library functions the CLI, the API and the site call (all return plain dicts):

- :func:`list_trees` - every tree: id, title and situation per language, phase, game, editions,
  languages;
- :func:`tree` - one tree as data (nodes, facts it uses, examples) for rendering or a browser
  engine;
- :func:`evaluate` - ``evaluate(tree_id, edition, facts).to_dict()``: the next question
  (``{"status": "question", ...}``) or the ruling (``{"status": "ruling", ...}``);
- :func:`suggest` - the trees that fit a described situation, with facts computed from an
  auction in the text;

Errors are :class:`RulingError` (``code``, ``message``, ``accepted``). How to write a tree:
``kb/rulings/README.md``.
"""

from __future__ import annotations

import copy
from typing import Any

from kb.rulings.catalogue import LANGUAGES, get_tree, trees
from kb.rulings.engine import NextQuestion, Ruling, evaluate
from kb.rulings.errors import RulingError
from kb.rulings.suggestions import suggest

PHASES = ("auction", "lead", "play", "after-play", "scoring")


def list_trees() -> list[dict[str, Any]]:
    """Every tree's summary, by phase then id."""
    rows = [t.summary() for t in trees().values()]
    return sorted(rows, key=lambda r: (PHASES.index(str(r["phase"])), str(r["id"])))


def tree(tree_id: str) -> dict[str, Any]:
    """One tree as data: its summary, start, nodes, the facts it declares or uses, the derived
    records, constraints and worked examples."""
    t = get_tree(tree_id)
    used = _used_facts(t.data)
    return copy.deepcopy(
        {
            **t.summary(),
            "start": t.data["start"],
            "nodes": t.data["nodes"],
            "facts": {k: t.facts[k].to_dict() for k in sorted(used | set(t.data.get("facts", {})))},
            "derive": list(t.data.get("derive", [])),
            "constraints": list(t.data.get("constraints", [])),
            "examples": list(t.data["examples"]),
        }
    )


def _used_facts(data: Any) -> set[str]:
    from kb.rulings import logic

    names: set[str] = set()
    for node in data["nodes"].values():
        if "ask" in node:
            names.add(node["ask"])
        for case in node.get("branch", []):
            names.update(logic.check(case.get("when", True)))
    return names


__all__ = [
    "LANGUAGES",
    "NextQuestion",
    "Ruling",
    "RulingError",
    "evaluate",
    "list_trees",
    "suggest",
    "tree",
]
