"""The 2007 -> 2017 alignment and the cross-code references, measured.

Usage: .venv/bin/python bench/align.py [gold.jsonl ...] [--refs refs_gold.jsonl ...] [--runs N]

Prints the alignment's time (median of N runs), then for each alignment gold file precision and
recall per relation (``kb.align.score``: a predicted pair is judged when the gold names one of
its nodes), and for each reference gold file the number of wrong links: references the build
links to a node the gold does not give (only aggregate figures; blind files are never shown).
A reference gold line names the citing node (``from``/``node``), the words (``raw``) and the
correct targets (``targets``/``gold``/``correct``; empty when nothing should be linked).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from kb.align.score import load_gold, score, table
from kb.build import link_and_align
from kb.corpus import load_sources
from kb.ingest import parse
from kb.models import Reference

FROM_KEYS = ("from", "from_node", "node", "source")
RAW_KEYS = ("raw", "words", "text", "citation")
TARGET_KEYS = ("targets", "gold", "correct", "target", "expected")


def _key(row: dict[str, Any], keys: tuple[str, ...], path: Path, i: int) -> str:
    for k in keys:
        if k in row:
            return k
    raise SystemExit(
        f"{path}:{i}: no field among {', '.join(keys)} (keys present: {', '.join(sorted(row))})"
    )


def _within(c: str, d: str) -> bool:
    return c == d or c.startswith(d) or d.startswith(c)


def wrong_links(refs: list[Reference], path: Path) -> dict[str, int]:
    """Links the gold does not give: strictly (another node) and leniently (not even a part
    or the whole of a gold target)."""
    by_from: dict[tuple[str, str], list[Reference]] = {}
    for r in refs:
        by_from.setdefault((r.from_node, r.raw.strip()), []).append(r)
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
            gold = row[tk] or []
            gold = [gold] if isinstance(gold, str) else list(gold)
            mine = by_from.get((row[fk], str(row[rk]).strip()), [])
            if not mine:
                continue
            counts["matched"] += 1
            targets = [t for r in mine for t in r.targets]
            counts["links"] += len(targets)
            counts["wrong"] += sum(1 for t in targets if t not in gold)
            counts["wrong_lenient"] += sum(
                1 for t in targets if not any(_within(t, g) for g in gold)
            )
    return counts


def main(argv: list[str]) -> None:
    """Time the alignment and score it against the gold files given."""
    runs, golds, ref_golds = 3, [], []
    args = iter(argv)
    for a in args:
        if a == "--runs":
            runs = int(next(args))
        elif a == "--refs":
            ref_golds.append(Path(next(args)))
        else:
            golds.append(Path(a))
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
    pairs = [asdict(p) for p in linked.parallels]
    for path in golds:
        result = score(pairs, load_gold(path))
        print(f"\n{path} ({len(load_gold(path))} gold pairs)")
        print(table(result))
    for path in ref_golds:
        c = wrong_links(linked.refs, path)
        print(
            f"\n{path}: {c['entries']} references, {c['matched']} found, {c['links']} links: "
            f"{c['wrong']} wrong ({c['wrong_lenient']} not even a part or the whole of a gold "
            "target)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
