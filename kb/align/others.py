"""Parallels beyond the two editions: the Russian commentary, the Polish screen regulations and
the preferans articles, each paired with the bridge Laws it is about (in sr-2007 and sk-2017).

- ``commentary``: ru-comment laws and points -> the Law they comment (``commentary.tsv``,
  reviewed: the 1987 law, the bridge law, a confidence and the evidence);
- ``regulation``: pl-screens provisions -> the provisions of the Laws their references name
  (resolved, so already read through the edition alignment for sk-2017);
- ``analogue``: preferans articles -> their bridge analogues (``preferans.tsv``, reviewed).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from kb.models import Parallel, ParsedDoc, Problem, Reference

DATA = Path(__file__).resolve().parent
BRIDGE_DOCS = ("sr-2007", "sk-2017")
CONFIDENCE = {"H": 0.9, "M": 0.6}  # preferans.tsv's review grades


def _rows(name: str) -> list[list[str]]:
    with (DATA / name).open(encoding="utf-8") as fh:
        return [r for r in csv.reader(fh, delimiter="\t") if r and not r[0].startswith("#")]


@cache
def preferans_analogues() -> list[tuple[str, str, str, str]]:
    """(article, bridge law, confidence grade H/M, note) rows of preferans.tsv."""
    return [(r[0], r[1], r[2], r[3]) for r in _rows("preferans.tsv")]


@cache
def commentary_laws() -> list[tuple[str, str, float, str]]:
    """(1987 law, bridge law, confidence, evidence) rows of commentary.tsv."""
    return [(r[0], r[1], float(r[2]), r[3]) for r in _rows("commentary.tsv")]


def _missing(doc: str, table: str, node: str) -> Problem:
    return Problem(doc, None, "parallel-missing", f"{table} names {node}, which does not exist")


def commentary(parsed: dict[str, ParsedDoc]) -> tuple[list[Parallel], list[Problem]]:
    """Every ru-comment law and point paired with the Law it comments, in both editions."""
    if "ru-comment" not in parsed:
        return [], []
    ids = {n.id for p in parsed.values() for n in p.nodes}
    by_law: dict[str, list[str]] = {}
    for n in parsed["ru-comment"].nodes:
        if n.kind in ("law", "point") and n.law:
            by_law.setdefault(n.law, []).append(n.id)
    out, problems = [], []
    for old, law, conf, evidence in commentary_laws():
        for doc in BRIDGE_DOCS:
            target = f"{doc}:{law}"
            if doc not in parsed:
                continue
            if target not in ids:
                problems.append(_missing("ru-comment", "commentary.tsv", target))
                continue
            note = f"1987 Law {old} commented; {evidence} (commentary.tsv)"
            out += [
                Parallel(n, target, "commentary", False, conf, [note]) for n in by_law.get(old, [])
            ]
    return out, problems


def regulation(refs: Iterable[Reference]) -> list[Parallel]:
    """Each pl-screens provision paired with the Law provisions its references resolve to."""
    seen: set[tuple[str, str]] = set()
    out = []
    for r in refs:
        if not r.from_node.startswith("pl-screens:") or not r.cross_edition:
            continue
        for t in r.targets:
            if (r.from_node, t) in seen:
                continue
            seen.add((r.from_node, t))
            why = f"cites {r.raw!r}" + (f" ({r.reason})" if r.reason else "")
            out.append(Parallel(r.from_node, t, "regulation", False, 0.9, [why]))
    return out


def analogues(parsed: dict[str, ParsedDoc]) -> tuple[list[Parallel], list[Problem]]:
    """Preferans articles paired with their bridge analogues in both editions."""
    if "hr-pref-2014" not in parsed:
        return [], []
    ids = {n.id for p in parsed.values() for n in p.nodes}
    out, problems = [], []
    for article, law, grade, note in preferans_analogues():
        node = f"hr-pref-2014:{article}"
        if node not in ids:
            problems.append(_missing("hr-pref-2014", "preferans.tsv", node))
            continue
        for doc in BRIDGE_DOCS:
            target = f"{doc}:{law}"
            if doc in parsed and target in ids:
                evidence = [f"{note} (preferans.tsv, reviewed {grade})"]
                out.append(Parallel(node, target, "analogue", False, CONFIDENCE[grade], evidence))
    return out, problems
