"""The 2007 -> 2017 alignment and the cross-code references, measured.

Usage: .venv/bin/python bench/align.py [gold.jsonl ...] [--refs refs_gold.jsonl ...] [--runs N]
       [--kb other.sqlite]   (score the pairs and references of another build, e.g. an older one)
       [--confusion]         (also the counts of gold relation -> predicted relation)
       [--restructure N]     (also: N made-up restructurings of the 2017 Laws of the first gold
                             file, each Law changed once, and the pairs scored against that
                             gold carried over; kb.align.restructure)

Prints the alignment's time (median of N runs), then for each alignment gold file precision and
recall per relation (``kb.align.score``: a predicted pair is judged when the gold names one of
its nodes), and for each reference gold file the number of wrong links: references the build
links to a node the gold does not give (only aggregate figures; blind files are never shown).
A reference gold line names the citing node (``from``/``node``), the words (``raw``), the
document looked in (``target_doc``, optional) and the correct targets (``truth``/``targets``/
``gold``/``correct``: a node ID, a list of them, or one list per document; empty or null when
nothing should be linked).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from kb.align import editions
from kb.align.restructure import carry_gold, carry_refs, restructure
from kb.align.score import load_gold, score, table
from kb.build import link_and_align
from kb.corpus import load_sources
from kb.ingest import parse
from kb.models import ParsedDoc, Reference
from kb.refs import find_all, resolve_all

FROM_KEYS = ("from", "from_node", "node", "source")
RAW_KEYS = ("raw", "words", "text", "citation")
TARGET_KEYS = ("truth", "targets", "gold", "correct", "expected")


def _key(row: dict[str, Any], keys: tuple[str, ...], path: Path, i: int) -> str:
    for k in keys:
        if k in row:
            return k
    raise SystemExit(
        f"{path}:{i}: no field among {', '.join(keys)} (keys present: {', '.join(sorted(row))})"
    )


def _within(c: str, d: str) -> bool:
    return c == d or c.startswith(d) or d.startswith(c)


Link = tuple[str, str, str, list[str]]  # citing node, words, document looked in, targets


def links_of(refs: list[Reference]) -> list[Link]:
    """The links of built references."""
    return [(r.from_node, r.raw, r.target_doc, list(r.targets)) for r in refs]


def links_in(kb_path: Path) -> list[Link]:
    """The links stored in a KB file (any schema version that has ``refs``/``ref_targets``)."""
    con = sqlite3.connect(f"file:{kb_path}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT r.from_node, r.raw, r.target_doc, group_concat(t.node, ' ') FROM refs r "
        "LEFT JOIN ref_targets t ON t.rid = r.rid GROUP BY r.rid"
    ).fetchall()
    con.close()
    return [(f, raw, doc or "", (targets or "").split()) for f, raw, doc, targets in rows]


def _truth(value: Any, doc: str) -> list[str] | None:
    """The correct targets of a gold line for one document (None: the gold does not say)."""
    if isinstance(value, dict):
        return _truth(value.get(doc), doc) if doc in value else None
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


def pairs_in(kb_path: Path) -> list[dict[str, Any]]:
    """The 2007 -> 2017 pairs stored in a KB file: ``parallels(a, b, relation, ...)`` (schema 3),
    or for an older build (``parallels(key, node, relation)``) each sr-2007 node paired with
    the sk-2017 nodes of its concept key, under the sr-2007 node's relation."""
    con = sqlite3.connect(f"file:{kb_path}?mode=ro", uri=True)
    columns = [r[1] for r in con.execute("PRAGMA table_info(parallels)")]
    if "key" not in columns:
        rows = con.execute("SELECT a, b, relation FROM parallels").fetchall()
        con.close()
        return [{"a": a, "b": b, "relation": rel} for a, b, rel in rows]
    by_key: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for key, node, rel in con.execute("SELECT key, node, relation FROM parallels"):
        by_key.setdefault(key, {}).setdefault(node.split(":", 1)[0], []).append((node, rel))
    con.close()
    return [
        {"a": a, "b": b, "relation": rel}
        for docs in by_key.values()
        for a, rel in docs.get("sr-2007", [])
        for b, _ in docs.get("sk-2017", [])
    ]


def wrong_links(links: list[Link], path: Path) -> dict[str, int]:
    """Links the gold does not give: strictly (another node) and leniently (not even a part
    or the whole of a gold target)."""
    by_from: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}
    for node, raw, doc, targets in links:
        by_from.setdefault((node, raw.strip()), []).append((doc, targets))
    counts = {"entries": 0, "matched": 0, "links": 0, "wrong": 0, "wrong_lenient": 0}
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            counts["entries"] += 1
            fk = _key(row, FROM_KEYS, path, i)
            rk = _key(row, RAW_KEYS, path, i)
            tk = _key(row, TARGET_KEYS, path, i)
            mine = by_from.get((row[fk], str(row[rk]).strip()), [])
            if row.get("target_doc"):
                mine = [(d, ts) for d, ts in mine if d == row["target_doc"]]
            if not mine:
                continue
            counts["matched"] += 1
            citing = str(row[fk]).split(":", 1)[0]
            for doc, targets in mine:
                gold = _truth(row[tk], doc)
                if gold is None:
                    continue
                counts["links"] += len(targets)
                wrong = sum(1 for t in targets if t not in gold)
                counts["wrong"] += wrong
                counts[f"wrong from {citing}"] = counts.get(f"wrong from {citing}", 0) + wrong
                counts["wrong_lenient"] += sum(
                    1 for t in targets if not any(_within(t, g) for g in gold)
                )
    return counts


def print_confusion(result: dict[str, Any]) -> None:
    """The counts of gold relation -> predicted one, and where missed pairs' nodes went."""
    for name, key in (("gold -> predicted", "confusion"), ("not predicted", "missed")):
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in result[key].items()))


def restructured(
    parsed: dict[str, ParsedDoc], gold: list[dict[str, Any]], rounds: int
) -> dict[str, Any]:
    """Align 2007 with ``rounds`` made-up restructurings of 2017 (one change per Law of the
    gold, seeds 0..rounds-1) and print the scores summed over them."""
    laws = sorted({g["law"] for g in gold if g["law"]})
    donors = [n.law for n in parsed["sk-2017"].nodes if n.kind == "law" and n.law not in laws]
    refs = resolve_all(parsed, find_all(parsed))
    truth, pairs = [], []
    for seed in range(rounds):
        moved = restructure(parsed["sk-2017"], laws, random.Random(seed), donors)
        again = dict(parsed, **{"sk-2017": moved.doc})
        result = editions(again, carry_refs(refs, moved.rename, "sk-2017"))
        assert result is not None
        tag = f"#{seed}"  # keeps the rounds apart in one scoring
        for g in carry_gold(gold, moved):
            truth.append({**g, "sr": g["sr"] and g["sr"] + tag, "sk": g["sk"] and g["sk"] + tag})
        for p in result.pairs:
            pairs.append({"a": p.a and p.a + tag, "b": p.b and p.b + tag, "relation": p.relation})
    print(f"\n{rounds} restructurings of the gold's Laws in 2017 (one change per Law, each)")
    result = score(pairs, truth)
    print(table(result))
    return result


def main(argv: list[str]) -> None:
    """Time the alignment and score it against the gold files given."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    parser.add_argument("golds", nargs="*", type=Path, help="alignment gold files (JSONL)")
    parser.add_argument("--refs", action="append", type=Path, default=[], help="reference gold")
    parser.add_argument("--runs", type=int, default=3, help="timed runs (median printed)")
    parser.add_argument("--kb", type=Path, help="score the pairs of another build instead")
    parser.add_argument("--confusion", action="store_true", help="gold -> predicted counts")
    parser.add_argument("--restructure", type=int, default=0, help="made-up restructurings")
    opts = parser.parse_args(argv)
    for path in [*opts.golds, *opts.refs, *([opts.kb] if opts.kb else [])]:
        if not path.is_file():
            parser.error(f"{path}: no such file")
    if opts.runs < 1:
        parser.error("--runs must be at least 1")
    runs, golds, ref_golds = opts.runs, opts.golds, opts.refs
    other_kb, confusion, rounds = opts.kb, opts.confusion, opts.restructure
    parsed = {s.id: parse(s.id, s.read()) for s in load_sources()}
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        linked = link_and_align(parsed)
        times.append(time.perf_counter() - t0)
    alignment = linked.alignment
    if alignment is None:
        raise SystemExit("sr-2007 and sk-2017 must both be in the corpus")
    print(
        f"references + alignment: median {statistics.median(times):.2f} s over {runs} runs "
        f"(the 2007/2017 alignment alone {linked.align_seconds:.2f} s); "
        f"{len(alignment.pairs)} pairs, {len(alignment.lexicon.mined)} mined lexicon links"
    )
    pairs = pairs_in(other_kb) if other_kb else [asdict(p) for p in linked.parallels]
    for path in golds:
        result = score(pairs, load_gold(path))
        print(f"\n{path} ({len(load_gold(path))} gold pairs; {other_kb or 'this build'})")
        print(table(result))
        if confusion:
            print(
                "gold -> predicted: "
                + ", ".join(f"{k} {v}" for k, v in result["confusion"].items())
            )
            print(
                "gold pairs not predicted: "
                + ", ".join(f"{k} {v}" for k, v in result["missed"].items())
            )
    if rounds and golds:
        result = restructured(parsed, load_gold(golds[0]), rounds)
        if confusion:
            print_confusion(result)
    links = links_in(other_kb) if other_kb else links_of(linked.refs)
    for path in ref_golds:
        c = wrong_links(links, path)
        print(
            f"\n{path} ({other_kb or 'this build'}): {c['entries']} references, "
            f"{c['matched']} found, {c['links']} links: "
            f"{c['wrong']} wrong ({c['wrong_lenient']} not even a part or the whole of a gold "
            "target); "
            + ", ".join(f"{k} {v}" for k, v in sorted(c.items()) if k.startswith("wrong from"))
        )


if __name__ == "__main__":
    main(sys.argv[1:])
