"""Parallels: the same provision across documents, keyed by a concept key.

A bridge key is the provision's 2017 address, ``bridge:27B1(a)``: sk-2017 nodes carry their own
cite; sr-2007 nodes carry theirs unless the provision moved between the editions (the moves
of ``kb/refs/editions.toml``, the table that also resolves cross-edition citations; the longest
2007 prefix wins, so ``16C2`` -> ``16D2``); ru-comment laws and points are commentary on
the whole law (1987-era numbering, same law numbers); pl-screens nodes are linked to the laws
their cross-edition references name; preferans articles to their bridge analogues
(``preferans.tsv``, reviewed, law level).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from kb.models import Node, Parallel, ParsedDoc, Problem, Reference
from kb.refs.resolve import map_edition, parse_steps

DATA = Path(__file__).resolve().parent
PROVISION_KINDS = {"law", "section", "paragraph", "item", "subitem"}


def _rows(name: str) -> list[list[str]]:
    with (DATA / name).open(encoding="utf-8") as fh:
        return [r for r in csv.reader(fh, delimiter="\t") if r and not r[0].startswith("#")]


@cache
def preferans_analogues() -> list[tuple[str, str, str, str]]:
    """(article, bridge law, confidence, note) rows of preferans.tsv."""
    return [(r[0], r[1], r[2], r[3]) for r in _rows("preferans.tsv")]


def key_2017(cite_2007: str) -> tuple[str, str | None]:
    """The 2017 address of a 2007 provision, and a note when it moved (moves are the ones
    ``kb/refs/editions.toml`` lists, the same table that resolves cross-edition citations)."""
    steps = parse_steps(cite_2007)
    if steps is None:
        return cite_2007, None
    moved, notes = map_edition(steps, "2007", "2017")
    return moved.cite, "; ".join(notes) or None


def _bridge_nodes(nodes: Iterable[Node]) -> Iterable[Node]:
    return (n for n in nodes if n.kind in PROVISION_KINDS and n.law and n.law.isdigit())


def align(
    parsed: dict[str, ParsedDoc], refs: Iterable[Reference] = ()
) -> tuple[list[Parallel], list[Problem]]:
    """Every parallel of the corpus, and the table rows that name no existing node."""
    out: list[Parallel] = []
    problems: list[Problem] = []
    ids = {n.id for p in parsed.values() for n in p.nodes}

    if "sk-2017" in parsed:
        sk_nodes = _bridge_nodes(parsed["sk-2017"].nodes)
        out += [Parallel(f"bridge:{n.cite}", n.id, "same") for n in sk_nodes]
    if "sr-2007" in parsed:
        for n in _bridge_nodes(parsed["sr-2007"].nodes):
            key, note = key_2017(n.cite)
            out.append(Parallel(f"bridge:{key}", n.id, "moved" if note else "same", note or ""))
    if "ru-comment" in parsed:
        out += [
            Parallel(f"bridge:{n.law}", n.id, "commentary", "1987-era commentary")
            for n in parsed["ru-comment"].nodes
            if n.kind in {"law", "point"} and n.law and n.law.isdigit()
        ]
    seen: set[tuple[str, str]] = set()
    for r in refs:
        # the sr-2007 copy of a cross-edition reference carries the 2007 address
        if r.from_node.startswith("pl-screens:") and r.cross_edition and r.target_doc == "sr-2007":
            key, _ = key_2017(r.target_cite)
            if (key, r.from_node) not in seen:
                seen.add((key, r.from_node))
                out.append(Parallel(f"bridge:{key}", r.from_node, "regulation", "cites this law"))
    if "hr-pref-2014" in parsed:
        for article, law, conf, note in preferans_analogues():
            node = f"hr-pref-2014:{article}"
            if node not in ids:
                problems.append(
                    Problem(
                        "hr-pref-2014",
                        None,
                        "analogue-missing",
                        f"preferans.tsv names {node}, which does not exist",
                    )
                )
                continue
            out.append(Parallel(f"bridge:{law}", node, "analogue", f"{note} (confidence {conf})"))
    return out, problems
