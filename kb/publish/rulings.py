"""The ruling assistant on the site: "What happened?" on the home page, and every ruling tree
as linked static pages per edition (``rulings/{edition}/{tree}/...``) that work offline.

A tree is walked with the engine itself (``kb.rulings.evaluate``): from no facts, every answer
of every question in turn. Each answer the engine gives is a *state*, the question it asks or
the ruling it reaches, with the facts known so far that the rest of the tree still reads; facts
nothing ahead reads cannot change what follows, so states equal in the others are one page.
Each state is a page, and its answers link to the pages of the states they lead to, so the
pages rule exactly as the API does. Pages hold the tree's texts in all its languages (Serbian
in both scripts); the UI language shows one of them (``.tl`` in site.css).
``rulings/{edition}/{tree}/states.json`` lists the states, so a page that has the API's answer
for an auction can jump to its page.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from kb import rulings
from kb.publish.i18n import in_ui_scripts
from kb.publish.outcome import outcome_rows
from kb.publish.pages import Page
from kb.rules.edition import Edition
from kb.rulings import logic
from kb.store import KB
from kb.views.page import cited

FOLDER = "rulings"
STATES = "states.json"
MAX_STATES = 1000  # pages per tree and edition; more means the tree should be split
RECORD_FORMS = ("auction",)  # records a question page can take (a form, when the API answers)


@cache
def _tree(tree_id: str) -> dict[str, Any]:
    """``kb.rulings.tree`` read once per tree (never changed here)."""
    return rulings.tree(tree_id)


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def reads_ahead(data: Mapping[str, Any], edition: str) -> dict[str, frozenset[str]]:
    """Per node of a tree: every fact it or a node after it reads (asks, tests in a branch, or
    computes an outcome from under ``edition``)."""
    nodes: Mapping[str, Any] = data["nodes"]
    memo: dict[str, frozenset[str]] = {}

    def own(node: Mapping[str, Any]) -> tuple[set[str], list[str]]:
        if "ask" in node:
            return {node["ask"]}, [a["next"] for a in node["answers"]]
        if "branch" in node:
            names = {n for c in node["branch"] for n in logic.check(c.get("when", True))}
            return names, [c["next"] for c in node["branch"]]
        rule = node["ruling"].get(edition, {"outcome": {}})
        values = [v for v in rule["outcome"].values() if logic.is_logic(v)]
        return {n for v in values for n in logic.check(v)}, []

    def visit(node_id: str, stack: tuple[str, ...]) -> frozenset[str]:
        if node_id in memo:
            return memo[node_id]
        if node_id in stack:  # the engine refuses a loop; here it only ends the recursion
            return frozenset()
        names, after = own(nodes[node_id])
        for nxt in after:
            names |= visit(nxt, (*stack, node_id))
        memo[node_id] = frozenset(names - {"edition"})
        return memo[node_id]

    for node_id in nodes:
        visit(node_id, ())
    return memo


@dataclass(frozen=True)
class State:
    """One page of a tree under one edition: the engine's answer (``evaluate(...).to_dict()``),
    the facts that decide what follows (``key``), its folder name (``""`` for the first
    question) and, for a question, the folder of the state each answer leads to."""

    name: str
    result: dict[str, Any]
    key: dict[str, Any]
    nexts: tuple[str, ...] = ()

    @property
    def is_question(self) -> bool:
        """Whether the engine asks a question here (else it rules)."""
        return self.result["status"] == "question"

    @property
    def node(self) -> str:
        """The node the engine stopped at: the question's node or the ruling's leaf."""
        return str(self.result["node"] if self.is_question else self.result["leaf"])


@dataclass(frozen=True)
class Walk:
    """Every state of a tree under one edition, the first question first."""

    tree: str
    edition: str
    states: tuple[State, ...]

    def path(self, name: str) -> str:
        """The site path of a state's page."""
        return f"{FOLDER}/{self.edition}/{self.tree}/" + (f"{name}/" if name else "")

    def by_key(self) -> dict[str, State]:
        """The states by ``node`` + key facts (how another edition's walk finds its twin)."""
        return {_identity(s.node, s.key): s for s in self.states}


def _identity(node: str, key: Mapping[str, Any]) -> str:
    return f"{node} {_json(key)}"


@cache
def walk(tree_id: str, edition: str) -> Walk:
    """Every state of ``tree_id`` under ``edition``, reached by answering every question every
    way from no facts (breadth first, so a state's name does not depend on the order of the
    trees' files). Raises ``RulingError`` where the engine does."""
    data = _tree(tree_id)
    ahead = reads_ahead(data, edition)
    found: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}  # identity -> result, key
    answered: dict[str, list[str]] = {}  # identity -> identities of its answers' states
    queue: deque[tuple[dict[str, Any], str | None]] = deque([({}, None)])
    while queue:
        facts, parent = queue.popleft()
        result = rulings.evaluate(tree_id, edition, facts).to_dict()
        node = result["node"] if result["status"] == "question" else result["leaf"]
        key = {k: v for k, v in sorted(facts.items()) if k in ahead[node]}
        ident = _identity(node, key)
        if parent is not None:
            answered[parent].append(ident)
        if ident in found:
            continue
        if len(found) >= MAX_STATES:
            raise rulings.RulingError(
                "bad-tree", f"tree {tree_id!r} needs more than {MAX_STATES} pages under {edition}"
            )
        found[ident] = (result, key)
        if result["status"] == "question":
            answered[ident] = []
            for answer in result["answers"]:
                queue.append(({**facts, result["fact"]: answer["value"]}, ident))
    names = _names(list(found), {i: _node(r) for i, (r, _) in found.items()})
    states = tuple(
        State(names[i], result, key, tuple(names[a] for a in answered.get(i, [])))
        for i, (result, key) in found.items()
    )
    return Walk(tree_id, edition, states)


def _node(result: Mapping[str, Any]) -> str:
    return str(result["node"] if result["status"] == "question" else result["leaf"])


def _names(idents: list[str], nodes: dict[str, str]) -> dict[str, str]:
    """Folder names: ``""`` for the first state, the node ID where a node has one state, the
    node ID and a digest of the key facts where it has several."""
    counts: dict[str, int] = {}
    for ident in idents[1:]:
        counts[nodes[ident]] = counts.get(nodes[ident], 0) + 1
    names = {idents[0]: ""}
    for ident in idents[1:]:
        node = nodes[ident]
        digest = hashlib.sha256(ident.encode()).hexdigest()[:6]
        names[ident] = node if counts[node] == 1 else f"{node}-{digest}"
    return names


def _url(path: str) -> dict[str, str]:
    return {"path": path, "anchor": ""}


def _summary(data: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("id", "phase", "game", "editions", "title", "situation")
    return {k: data[k] for k in keys}


def _editions(tree: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tree's editions, the one in force first (2017 before 2007)."""
    return [
        {
            "edition": ed,
            "doc": Edition(ed).doc,
            "short": ed.rsplit("-", 1)[-1],  # the year: 2017, 2007, 2014
            "url": _url(walk(tree["id"], ed).path("")),
        }
        for ed in sorted(tree["editions"], reverse=True)
    ]


def what_happened() -> list[dict[str, Any]]:
    """The home page's "What happened?": the phases of play that have trees, in order, each
    with its trees (title in every language, the page that starts it under each edition).

    Only situations with a tree are listed: an entry a director taps must lead somewhere;
    situations of the catalogue still without a tree are found through the search."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for t in rulings.list_trees():
        entry = {"id": t["id"], "game": t["game"], "title": t["title"], "editions": _editions(t)}
        groups.setdefault(t["phase"], []).append(entry)
    return [
        {"phase": phase, "key": f"phase.{phase.replace('-', '_')}", "trees": groups[phase]}
        for phase in rulings.PHASES
        if phase in groups
    ]


def _twin(tree: Mapping[str, Any], edition: str, state: State) -> list[dict[str, Any]]:
    """The same page under the tree's other editions (its first page where the other edition
    has no state with the same node and facts)."""
    out = []
    for other in _editions(tree):
        if other["edition"] == edition:
            continue
        w = walk(tree["id"], other["edition"])
        twin = w.by_key().get(_identity(state.node, state.key))
        name = twin.name if twin is not None else ""
        out.append({**other, "url": _url(w.path(name)), "same": twin is not None})
    return out


def _record_form(tree: Mapping[str, Any], fact: str) -> str | None:
    """The record whose form a question page offers: one the tree computes ``fact`` from."""
    derived = tree["facts"].get(fact, {}).get("derived")
    return derived if derived in RECORD_FORMS and derived in tree["derive"] else None


def state_view(kb: KB, tree_id: str, edition: str, state: State) -> dict[str, Any]:
    """What a state's page holds: the tree, the edition and its twins, and the question with
    each answer's page, or the ruling with its laws linked and its outcome in words."""
    tree = _tree(tree_id)
    w = walk(tree_id, edition)
    view: dict[str, Any] = {
        "tree": _summary(tree),
        "edition": edition,
        "doc": Edition(edition).doc,
        "start": _url(w.path("")),
        "first": state.name == "",
        "other_editions": _twin(tree, edition, state),
        "node": state.node,
        "facts": _json(state.key),
        "states": f"{w.path('')}{STATES}",
    }
    r = state.result
    if state.is_question:
        view["question"] = {
            "fact": r["fact"],
            "texts": r["question"],
            "answers": [
                {"label": a["label"], "value": _json(a["value"]), "url": _url(w.path(nxt))}
                for a, nxt in zip(r["answers"], state.nexts, strict=True)
            ],
            "form": _record_form(tree, r["fact"]),
        }
        return view
    languages = {d["id"]: d["language"] for d in kb.documents()}
    laws = [cited(kb, i) for i in r["laws"]]
    written = tree["nodes"][state.node]["ruling"][edition]["outcome"]
    pending = [  # computed from facts no page asks (a record): the API's ruling has them
        k for k, v in written.items() if logic.is_logic(v) and set(logic.check(v)) - set(r["facts"])
    ]
    view["ruling"] = {
        "leaf": r["leaf"],
        "rectification": r["rectification"],
        "laws": [{**c, "language": languages.get(c["doc"])} for c in laws],
        "outcome": outcome_rows(kb, r["outcome"], pending),
        "judgement": r["outcome"].get("director_judgement"),
        "settles_judgement": "director_judgement" in r["outcome"],
    }
    return view


def ruling_pages(kb: KB) -> Iterator[Page]:
    """A page per state of every tree under each of its editions."""
    for t in rulings.list_trees():
        for edition in t["editions"]:
            w = walk(t["id"], edition)
            for state in w.states:
                template = "ruling_question.html" if state.is_question else "ruling_leaf.html"
                yield Page(w.path(state.name), template, state_view(kb, t["id"], edition, state))


def states_data(w: Walk) -> dict[str, Any]:
    """``states.json`` of a tree and edition: each state's page, node, question fact or leaf
    and key facts; and each fact asked, with its question and answer labels (what the page
    shows of facts an auction filled in)."""
    states, asked = [], {}
    for s in w.states:
        entry: dict[str, Any] = {"path": w.path(s.name), "node": s.node, "facts": s.key}
        if s.is_question:
            entry["fact"] = s.result["fact"]
            asked[s.result["fact"]] = {
                "question": in_ui_scripts(s.result["question"]),
                "answers": {
                    _json(a["value"]): in_ui_scripts(a["label"]) for a in s.result["answers"]
                },
            }
        else:
            entry["leaf"] = s.node
        states.append(entry)
    return {"tree": w.tree, "edition": w.edition, "states": states, "facts": asked}


def write_states(out: Path) -> int:
    """Write ``states.json`` beside each tree's pages; returns how many were written."""
    written = 0
    for t in rulings.list_trees():
        for edition in t["editions"]:
            w = walk(t["id"], edition)
            path = out / w.path("") / STATES
            path.parent.mkdir(parents=True, exist_ok=True)
            data = json.dumps(states_data(w), ensure_ascii=False, separators=(",", ":"))
            path.write_text(data, encoding="utf-8")
            written += 1
    return written
