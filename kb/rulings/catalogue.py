"""The ruling trees and their facts, loaded from data and checked.

``kb/rulings/facts.yaml`` declares the common facts; ``kb/rulings/trees/<id>.yaml`` holds one tree
each, valid against ``tree.schema.json``. Beyond the schema the loader checks what makes a tree
usable: every node it names exists, every fact it asks or tests is declared once (here or in
exactly one tree) and can be asked, answers are exclusive and exhaustive, branches end with a
default, conditions stay inside the json-logic subset, rulings exist for the tree's editions,
examples name real leaves. A broken tree is a :class:`RulingError` with code ``bad-tree`` naming
the file and the place.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from kb.rules.bridge.values import Call, Card, Seat
from kb.rules.errors import RulesError
from kb.rulings import logic
from kb.rulings.derive import PREF_REVOKE_RECORD
from kb.rulings.errors import RulingError

HERE = Path(__file__).resolve().parent
TREES_DIR = HERE / "trees"
FACTS_FILE = HERE / "facts.yaml"
SCHEMA_FILE = HERE / "tree.schema.json"
SITUATIONS_FILE = HERE / "situations.tsv"
LANGUAGES = ("en", "sr", "hr", "sk", "pl", "ru")
UNSURE = "unsure"
RECORD_FACTS = {
    "auction": ("dealer", "auction"),
    "revoke": ("winners", "revoke_trick", "offender", "declarer"),
    "exposed": ("exposed_cards",),
    "claim": (
        "claim_cards_n", "claim_cards_e", "claim_cards_s", "claim_cards_w", "claiming_player",
        "claim_leader", "claim_trump", "claim_tricks", "claim_line",
    ),
    "adjusted": (
        "side_responsibility", "scoring_form", "session_percent", "weighted_results",
        "board_vulnerability", "field_scores", "comparison_score",
    ),
    "play": ("tricks", "contract", "declarer", "offender"),
    "pref-auction": ("pref_auction",),
    "pref-revoke": PREF_REVOKE_RECORD,
}  # fmt: skip


# a bad value is echoed in its error shortened: a pasted 300 KB value is no message to read
_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = 80


@dataclass(frozen=True)
class Fact:
    """A fact's declaration: its type, the values it takes, and how it is asked."""

    key: str
    type: str
    description: str
    origin: str  # "common" or the id of the tree that declares it
    values: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    unsure: bool = False
    derived: str | None = None
    question: Mapping[str, str] | None = None
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def askable(self) -> bool:
        """Whether a tree can ask it: a question, and answers to choose from."""
        return self.question is not None and self.type in ("bool", "enum")

    def domain(self) -> list[object]:
        """The answers a question about this fact offers (exclusive and exhaustive)."""
        base: list[object] = [True, False] if self.type == "bool" else list(self.values)
        return base + ([UNSURE] if self.unsure else [])

    def label(self, value: object, common: Mapping[str, Mapping[str, str]]) -> Mapping[str, str]:
        """The answer's label in every language."""
        key = json.dumps(value) if isinstance(value, bool) else str(value)
        return self.labels.get(key) or common[key]

    def parse(self, value: object) -> object:
        """``value`` checked against the type and normalised, or a ``bad-fact-value`` error."""
        if self.unsure and value == UNSURE:
            return UNSURE
        try:
            parsed = _PARSERS[self.type](self, value)
        except (RulesError, TypeError, ValueError):
            parsed = _INVALID
        if parsed is _INVALID:
            raise RulingError(
                "bad-fact-value",
                f"bad value {_SHOWN.repr(value)} for fact {self.key!r} ({self.type}): "
                f"{self.description}",
                self.accepted(),
            )
        return parsed

    def accepted(self) -> list[str]:
        """What the fact accepts, for an error's ``accepted`` list."""
        if self.type in ("bool", "enum"):
            return [json.dumps(v) if isinstance(v, bool) else str(v) for v in self.domain()]
        if self.type == "int":
            return [f"a whole number from {self.min} to {self.max}"]
        return [_ACCEPTED[self.type]]

    def to_dict(self) -> dict[str, object]:
        """The declaration as data (for the API and the site)."""
        out: dict[str, object] = {
            "key": self.key,
            "type": self.type,
            "description": self.description,
            "origin": self.origin,
        }
        for name in ("values", "min", "max", "derived", "question"):
            value = getattr(self, name)
            if value not in (None, ()):
                out[name] = list(value) if isinstance(value, tuple) else value
        if self.unsure:
            out["unsure"] = True
        if self.labels:
            out["labels"] = dict(self.labels)
        return out


_INVALID = object()


def _bool(f: Fact, v: object) -> object:
    return v if isinstance(v, bool) else _INVALID


def _enum(f: Fact, v: object) -> object:
    return v if isinstance(v, str) and v in f.values else _INVALID


def _int(f: Fact, v: object) -> object:
    if isinstance(v, bool) or not isinstance(v, int):
        return _INVALID
    low = f.min if f.min is not None else -(10**6)
    high = f.max if f.max is not None else 10**6
    return v if low <= v <= high else _INVALID


def _list(v: object) -> list[object]:
    if not isinstance(v, list | tuple):
        raise TypeError("not a list")
    return list(v)


_PARSERS: dict[str, Any] = {
    "bool": _bool,
    "enum": _enum,
    "int": _int,
    "seat": lambda f, v: str(Seat.parse(v)) if isinstance(v, str) else _INVALID,
    "call": lambda f, v: str(Call.parse(v)) if isinstance(v, str) else _INVALID,
    "card": lambda f, v: str(Card.parse(v)) if isinstance(v, str) else _INVALID,
    "cards": lambda f, v: [str(Card.parse(c)) for c in _list(v)],
    "text": lambda f, v: v if isinstance(v, str) and v.strip() else _INVALID,
    "record": lambda f, v: _list(v),
    "list": lambda f, v: [c if isinstance(c, str) else _INVALID for c in _list(v)],
}
_ACCEPTED = {
    "seat": "N, E, S or W",
    "call": "a call such as 1H, 3NT, P, X, XX",
    "card": "a card such as SA, H10, D7",
    "cards": "a list of cards such as ['SA', 'H10']",
    "text": "a non-empty text",
    "record": "a list of events (see the fact's description)",
    "list": "a list of texts",
}


@dataclass(frozen=True)
class Tree:
    """One ruling tree: its data as loaded, and the facts it can use."""

    id: str
    data: Mapping[str, Any]
    facts: Mapping[str, Fact]  # the common facts and the tree's own
    path: Path

    @property
    def editions(self) -> list[str]:
        """The editions the tree rules under."""
        return list(self.data["editions"])

    def node(self, node_id: str) -> Mapping[str, Any]:
        """A node by its ID."""
        return self.data["nodes"][node_id]

    def summary(self) -> dict[str, object]:
        """id, title, situation, phase, game, editions and languages (the list entry)."""
        return {
            "id": self.id,
            "phase": self.data["phase"],
            "game": self.data["game"],
            "editions": self.editions,
            "languages": list(LANGUAGES),
            "title": dict(self.data["title"]),
            "situation": dict(self.data["situation"]),
        }


class _Problems:
    def __init__(self, where: str) -> None:
        self.where, self.items = where, []

    def add(self, message: str) -> None:
        self.items.append(message)

    def raise_if_any(self) -> None:
        if self.items:
            raise RulingError("bad-tree", f"{self.where}: " + "; ".join(self.items))


# libyaml's safe loader when PyYAML was built with it (parses the trees ~10x faster), else Python's
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_yaml(path: Path) -> Any:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except yaml.YAMLError as exc:
        raise RulingError("bad-tree", f"{path.name}: not valid YAML: {exc}") from None


_FACTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["labels", "facts"],
    "additionalProperties": False,
    "properties": {
        "labels": {
            "type": "object",
            "required": ["true", "false", UNSURE],
            "additionalProperties": {"$ref": "#/$defs/texts"},
        },
        "facts": {
            "type": "object",
            "propertyNames": {"$ref": "#/$defs/factName"},
            "additionalProperties": {"$ref": "#/$defs/fact"},
        },
    },
}


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of a tree file."""
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@cache
def _validator(kind: str) -> Any:
    """A compiled validator: ``tree`` for a tree file, ``facts`` for facts.yaml."""
    import jsonschema  # only when validating: the loader's own checks need no schema engine

    root = schema() if kind == "tree" else {**_FACTS_SCHEMA, "$defs": schema()["$defs"]}
    return jsonschema.Draft202012Validator(root)


def _validate(instance: object, kind: str, where: str) -> None:
    errors = sorted(_validator(kind).iter_errors(instance), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        place = "/".join(str(p) for p in first.absolute_path) or "(top)"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise RulingError("bad-tree", f"{where}: at {place}: {first.message}{more}")


def _fact(key: str, raw: Mapping[str, Any], origin: str) -> Fact:
    return Fact(
        key=key,
        type=raw["type"],
        description=raw["description"],
        origin=origin,
        values=tuple(raw.get("values", ())),
        min=raw.get("min"),
        max=raw.get("max"),
        unsure=bool(raw.get("unsure", False)),
        derived=raw.get("derived"),
        question=raw.get("question"),
        labels=raw.get("labels", {}),
    )


@cache
def common() -> tuple[dict[str, Fact], dict[str, Mapping[str, str]]]:
    """The common facts and the shared answer labels (yes / no / not sure)."""
    raw = _load_yaml(FACTS_FILE)
    with _schema_on_failure(raw, "facts", FACTS_FILE.name):
        facts = {k: _fact(k, v, "common") for k, v in raw["facts"].items()}
        problems = _Problems(FACTS_FILE.name)
        for f in facts.values():
            _check_fact(f, raw["labels"], problems)
        problems.raise_if_any()
        return facts, raw["labels"]


def _check_fact(f: Fact, labels: Mapping[str, Any], problems: _Problems) -> None:
    if f.type == "enum" and not f.values:
        problems.add(f"fact {f.key!r}: an enum needs its values")
    if f.type != "enum" and f.values:
        problems.add(f"fact {f.key!r}: only an enum has values")
    if f.question is None:
        return
    for value in f.domain():
        key = json.dumps(value) if isinstance(value, bool) else str(value)
        if key not in f.labels and key not in labels:
            problems.add(f"fact {f.key!r}: no label for the answer {key!r}")


def _reads(rule: object, where: str, problems: _Problems) -> list[str]:
    """The fact names a rule reads, or a problem when it leaves the json-logic subset."""
    try:
        return logic.check(rule)
    except logic.LogicError as exc:
        problems.add(f"{where}: {exc}")
        return []


def _check_tree(
    tree_id: str, data: Mapping[str, Any], facts: Mapping[str, Fact], labels: Mapping[str, Any]
) -> None:
    problems = _Problems(f"trees/{tree_id}.yaml")
    nodes: Mapping[str, Any] = data["nodes"]
    editions = set(data["editions"])
    if data["game"] == "bridge" and not editions <= {"2007", "2017"}:
        problems.add("a bridge tree rules under 2007 and/or 2017")
    if data["game"] == "preferans" and editions != {"hr-pref-2014"}:
        problems.add("a preferans tree rules under hr-pref-2014")
    for f in (facts[k] for k in data.get("facts", {})):
        _check_fact(f, labels, problems)

    def target(where: str, node_id: str) -> None:
        if node_id not in nodes:
            problems.add(f"{where}: no node {node_id!r}")

    target("start", data["start"])
    for nid, node in nodes.items():
        where = f"node {nid!r}"
        if "ask" in node:
            f = facts.get(node["ask"])
            if f is None:
                problems.add(f"{where}: fact {node['ask']!r} is not declared")
                continue
            if not f.askable:
                problems.add(f"{where}: fact {f.key!r} has no question or is not bool/enum")
                continue
            values = [a["value"] for a in node["answers"]]
            expected = f.domain()
            if len(values) != len(expected) or any(
                not any(logic._strict_equal(v, e) for v in values) for e in expected
            ):
                problems.add(
                    f"{where}: answers {values} must be exactly the values of {f.key!r}: {expected}"
                )
            for a in node["answers"]:
                target(where, a["next"])
        elif "branch" in node:
            cases = node["branch"]
            if "when" in cases[-1] or any("when" not in c for c in cases[:-1]):
                problems.add(
                    f"{where}: every case but the last needs 'when'; the last is the default"
                )
            for case in cases:
                target(where, case["next"])
                for name in _reads(case.get("when", True), where, problems):
                    f = facts.get(name)
                    if f is None:
                        problems.add(f"{where}: fact {name!r} is not declared")
                    elif name != "edition" and not f.askable:
                        problems.add(f"{where}: fact {name!r} is tested but cannot be asked")
        else:
            extra = set(node["ruling"]) - editions
            if extra:
                problems.add(f"{where}: rules under {sorted(extra)}, not editions of the tree")
            for ed, rule in node["ruling"].items():
                for key, value in rule["outcome"].items():
                    if logic.is_logic(value):
                        for name in _reads(value, f"{where} {ed} {key}", problems):
                            if name not in facts:
                                problems.add(f"{where}: outcome reads undeclared fact {name!r}")
    for i, c in enumerate(data.get("constraints", [])):
        for name in _reads(c["when"], f"constraint {i + 1}", problems):
            if name not in facts:
                problems.add(f"constraint {i + 1}: fact {name!r} is not declared")
    for i, ex in enumerate(data["examples"]):
        where = f"example {i + 1}"
        if ex["edition"] not in editions:
            problems.add(f"{where}: edition {ex['edition']} is not an edition of the tree")
        leaf = ex["expect"]["leaf"]
        if leaf not in nodes or "ruling" not in nodes[leaf]:
            problems.add(f"{where}: {leaf!r} is not a ruling node")
        for key in ex["facts"]:
            if key not in facts:
                problems.add(f"{where}: fact {key!r} is not declared")
    for derive in data.get("derive", []):
        for key in RECORD_FACTS.get(derive, ()):
            if key not in facts:
                problems.add(f"derive {derive}: fact {key!r} is not declared")
    problems.raise_if_any()


@cache
def situations() -> dict[str, dict[str, str]]:
    """The fixed catalogue of situations (``situations.tsv``): id -> phase, situation, laws."""
    rows = [
        line.split("\t")
        for line in SITUATIONS_FILE.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    header, body = rows[0], rows[1:]
    return {r[0]: dict(zip(header[1:], r[1:], strict=True)) for r in body}


@cache
def trees() -> dict[str, Tree]:
    """Every tree of ``kb/rulings/trees/``, loaded and checked (cached)."""
    shared, labels = common()
    loaded: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(TREES_DIR.glob("*.yaml")):
        data = _load_yaml(path)
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            _validate(data, "tree", path.name)
        if data["id"] != path.stem:
            raise RulingError(
                "bad-tree", f"{path.name}: id {data['id']!r} differs from the file name"
            )
        fixed = situations().get(data["id"])
        if fixed is None or fixed["phase"] != data["phase"]:
            raise RulingError(
                "bad-tree",
                f"{path.name}: id and phase must be one of situations.tsv "
                f"(here {data['id']!r}, {data['phase']!r})",
            )
        loaded[data["id"]] = (path, data)
    owner: dict[str, str] = {}
    for tree_id, (path, data) in loaded.items():
        with _schema_on_failure(data, "tree", path.name):
            own_keys = list(data.get("facts", {}))
        for key in own_keys:
            if key in shared or key in owner:
                where = "facts.yaml" if key in shared else f"trees/{owner[key]}.yaml"
                raise RulingError(
                    "bad-tree", f"trees/{tree_id}.yaml: fact {key!r} is already declared in {where}"
                )
            owner[key] = tree_id
    out: dict[str, Tree] = {}
    for tree_id, (path, data) in loaded.items():
        with _schema_on_failure(data, "tree", path.name):
            own = {k: _fact(k, v, tree_id) for k, v in data.get("facts", {}).items()}
            facts = {**shared, **own}
            _check_tree(tree_id, data, facts, labels)
            out[tree_id] = Tree(tree_id, data, facts, path)
    return out


@contextmanager
def _schema_on_failure(data: object, kind: str, where: str) -> Iterator[None]:
    """Run the loader's checks; if a malformed file trips them, the schema says what is wrong."""
    try:
        yield
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        if isinstance(exc, RulingError):
            raise
        _validate(data, kind, where)
        raise RulingError("bad-tree", f"{where}: {type(exc).__name__}: {exc}") from None


def validate_files() -> list[str]:
    """Validate facts.yaml and every tree file against the JSON Schema, then load them with the
    loader's checks; return the files checked (a problem is a ``bad-tree`` RulingError).

    The loader itself runs only its own checks, which a well-formed file passes fast; the test
    suite and ``lawdesk rule --check`` run this full validation."""
    checked = [FACTS_FILE.name]
    _validate(_load_yaml(FACTS_FILE), "facts", FACTS_FILE.name)
    for path in sorted(TREES_DIR.glob("*.yaml")):
        _validate(_load_yaml(path), "tree", path.name)
        checked.append(f"trees/{path.name}")
    trees()
    return checked


def get_tree(tree_id: object) -> Tree:
    """A tree by ID, or an ``unknown-tree`` error listing the IDs."""
    found = trees().get(tree_id) if isinstance(tree_id, str) else None
    if found is None:
        raise RulingError("unknown-tree", f"no ruling tree {tree_id!r}", sorted(trees()))
    return found
