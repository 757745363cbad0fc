"""The stateless ruling engine: facts in, the next question or the ruling out.

``evaluate(tree_id, edition, facts)`` checks the facts against their declarations, adds what the
rules core computes from the records among them (an auction, the trick winners), refuses facts
that contradict each other, then walks the tree from its start: an ``ask`` node follows the
answer given for its fact or returns that question; a ``branch`` node follows the first case
whose json-logic condition holds, and when a condition reads a fact not known yet, returns the
question for the first such fact (json-logic ``missing``); a ``ruling`` node gives the ruling of
the edition asked. Nothing is kept between calls: the client sends all its facts every time.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kb.rules.edition import Edition
from kb.rules.errors import RulesError
from kb.rulings import logic
from kb.rulings.catalogue import Fact, Tree, common, get_tree
from kb.rulings.derive import derive
from kb.rulings.errors import RulingError


@dataclass(frozen=True)
class NextQuestion:
    """The next fact the ruling needs, asked as a question with its answers."""

    tree: str
    edition: str
    node: str
    fact: Fact
    question: Mapping[str, str]
    answers: list[dict[str, Any]]
    facts: dict[str, Any]
    path: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """``{"status": "question", ...}`` as the CLI prints and the API returns it."""
        return {
            "status": "question",
            "tree": self.tree,
            "edition": self.edition,
            "node": self.node,
            "fact": self.fact.key,
            "type": self.fact.type,
            "question": dict(self.question),
            "answers": self.answers,
            "facts": self.facts,
            "path": self.path,
        }


@dataclass(frozen=True)
class Ruling:
    """The ruling of a leaf for one edition."""

    tree: str
    edition: str
    leaf: str
    laws: list[str]
    rectification: Mapping[str, str]
    outcome: dict[str, Any]
    facts: dict[str, Any]
    derived: list[str]
    path: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """``{"status": "ruling", ...}`` as the CLI prints and the API returns it."""
        return {
            "status": "ruling",
            "tree": self.tree,
            "edition": self.edition,
            "leaf": self.leaf,
            "laws": self.laws,
            "rectification": dict(self.rectification),
            "outcome": self.outcome,
            "facts": self.facts,
            "derived": self.derived,
            "path": self.path,
        }


def _edition(tree: Tree, edition: object) -> Edition:
    try:
        ed = Edition.parse(edition)
    except RulesError as exc:
        raise RulingError("bad-edition", str(exc), tree.editions) from None
    if ed.value not in tree.editions:
        raise RulingError(
            "bad-edition",
            f"tree {tree.id!r} rules under {', '.join(tree.editions)}, not {ed.value}",
            tree.editions,
        )
    return ed


def _given(tree: Tree, facts: object) -> dict[str, Any]:
    if not isinstance(facts, Mapping):
        raise RulingError(
            "bad-fact-value", f"facts must be an object of fact: value, not {facts!r}", []
        )
    out: dict[str, Any] = {}
    for key, value in facts.items():
        decl = tree.facts.get(key) if isinstance(key, str) else None
        if decl is None:
            raise RulingError(
                "unknown-fact", f"tree {tree.id!r} has no fact {key!r}", sorted(tree.facts)
            )
        if value is None:
            continue  # an unanswered fact
        out[key] = decl.parse(value)
    return out


def _same(a: object, b: object) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def known_facts(tree: Tree, edition: Edition, facts: object) -> tuple[dict[str, Any], list[str]]:
    """The given facts checked, with what the records give; contradictions are errors."""
    given = _given(tree, facts)
    if "edition" in given and given["edition"] != edition.value:
        raise RulingError(
            "contradictory-facts",
            f"fact edition={given['edition']!r} contradicts the edition asked, {edition.value}",
            [edition.value],
        )
    computed = derive(list(tree.data.get("derive", [])), given, edition)
    merged = {**given, "edition": edition.value}
    for key, value in computed.items():
        if key not in tree.facts:
            continue
        if key in given and given[key] != "unsure" and not _same(given[key], value):
            raise RulingError(
                "contradictory-facts",
                f"fact {key}={given[key]!r} contradicts the record, which gives {key}={value!r}",
                [json.dumps(value)],
            )
        merged[key] = value
    for c in tree.data.get("constraints", []):
        reads = [n for n in logic.check(c["when"]) if n != "edition"]
        if all(merged.get(n) is not None for n in reads) and not logic.truthy(
            logic.apply(c["when"], merged)
        ):
            named = ", ".join(f"{n}={merged[n]!r}" for n in sorted(reads))
            raise RulingError("contradictory-facts", f"{c['message']} ({named})", sorted(reads))
    return merged, sorted(k for k in computed if k in tree.facts and k not in given)


def _question(tree: Tree, node_id: str, key: str, facts: dict[str, Any], path: list[Any]) -> Any:
    decl = tree.facts[key]
    node = tree.node(node_id)
    labels = common()[1]
    if "ask" in node:
        answers = [
            {"value": a["value"], "label": dict(decl.label(a["value"], labels)), "next": a["next"]}
            for a in node["answers"]
        ]
        question = node.get("question", decl.question)
    else:
        answers = [{"value": v, "label": dict(decl.label(v, labels))} for v in decl.domain()]
        question = decl.question
    assert question is not None  # the loader checked the fact can be asked
    return NextQuestion(tree.id, facts["edition"], node_id, decl, question, answers, facts, path)


def evaluate(tree_id: str, edition: object, facts: Mapping[str, Any]) -> NextQuestion | Ruling:
    """The next question, or the ruling, for ``facts`` in ``edition`` (see the module doc)."""
    tree = get_tree(tree_id)
    ed = _edition(tree, edition)
    known, derived = known_facts(tree, ed, facts)
    path: list[dict[str, Any]] = []
    node_id = tree.data["start"]
    for _ in range(len(tree.data["nodes"]) + 1):
        node = tree.node(node_id)
        if "ask" in node:
            key = node["ask"]
            if key not in known:
                return _question(tree, node_id, key, known, path)
            answer = next(
                (a for a in node["answers"] if logic._strict_equal(a["value"], known[key])), None
            )
            if answer is None:  # a value the fact allows but the node does not offer
                raise RulingError(
                    "bad-fact-value",
                    f"fact {key}={known[key]!r} is not an answer of question {node_id!r}",
                    [json.dumps(a["value"]) for a in node["answers"]],
                )
            path.append({"node": node_id, "fact": key, "value": known[key]})
            node_id = answer["next"]
        elif "branch" in node:
            for case in node["branch"]:
                when = case.get("when", True)
                missing = logic.apply({"missing": logic.check(when)}, known)
                if missing:
                    return _question(tree, node_id, missing[0], known, path)
                if logic.truthy(logic.apply(when, known)):
                    path.append({"node": node_id, "next": case["next"]})
                    node_id = case["next"]
                    break
        else:
            rule = node["ruling"].get(ed.value)
            if rule is None:
                raise RulingError(
                    "bad-tree", f"tree {tree.id!r}: leaf {node_id!r} has no ruling for {ed.value}"
                )
            outcome = {
                k: logic.apply(v, known) if logic.is_logic(v) else v
                for k, v in rule["outcome"].items()
            }
            return Ruling(
                tree.id,
                ed.value,
                node_id,
                list(rule["laws"]),
                rule["rectification"],
                outcome,
                known,
                derived,
                path,
            )
    raise RulingError("bad-tree", f"tree {tree.id!r} loops at node {node_id!r}")
