"""Proof of no change for performance work: dump what search and the ruling suggestions return
over every non-blind evaluation set, to compare one branch's dump with another's.

For every query of the dev sets, search is run without a filter and with each document and each
language filter; the top 10 (id, score rounded to 1e-6; then snippets and parallels) are
written per run, and the ruling trees ``kb.rulings.suggest`` proposes (id, score, in order).
Blind sets are never read.

Usage: .venv/bin/python bench/search_same.py OUT.jsonl   (needs build/kb.sqlite: `make build`)
Then: diff main.jsonl speed.jsonl   (or --compare A B: counts the differences, shows the first)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.evaluate import EVAL_DIR  # noqa: E402
from kb.rulings import RulingError, suggest  # noqa: E402
from kb.search import search  # noqa: E402
from kb.search.service import index_for  # noqa: E402
from kb.store import DEFAULT_PATH, KB  # noqa: E402

SETS = (
    "queries.jsonl",
    "holdout.jsonl",
    "search_situations_dev.jsonl",
    "rulings_situations_dev.jsonl",
)


def dump(out: Path) -> None:
    """Write one JSON line per (query, filter) and per query's suggestions."""
    kb = KB(Path(os.environ.get("LAWDESK_KB", DEFAULT_PATH)))
    index = index_for(kb)
    filters: list[dict[str, str]] = [{}]
    filters += [{"doc": d} for d in index.docs]
    filters += [{"lang": lg} for lg in sorted({m.lang for m in index.docs.values()})]
    with out.open("w", encoding="utf-8") as fh:
        for name in SETS:
            assert "blind" not in name
            for q, edition in cases(EVAL_DIR / name):
                for f in filters:
                    hits = search(index, q, limit=10, **f)
                    top = [(r["id"], round(r["score"], 6)) for r in hits]
                    shown = [(r["snippet"], r["parallels"]) for r in hits]
                    fh.write(
                        json.dumps({"set": name, "q": q, "filter": f, "top": top, "shown": shown})
                        + "\n"
                    )
                try:
                    trees = [(r["id"], r["score"]) for r in suggest(q, 10, edition=edition)]
                except RulingError as exc:
                    trees = [str(exc)]
                fh.write(json.dumps({"set": name, "q": q, "suggest": trees}) + "\n")


def cases(path: Path) -> list[tuple[str, str]]:
    """The queries of a set (``q`` of search sets, ``text`` of ruling sets) with the edition
    they are asked under (2017 unless the case says)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            out.append((str(d.get("q") or d["text"]), str(d.get("edition") or "2017")))
    return out


def compare(a: Path, b: Path) -> int:
    """Count the lines that differ between two dumps; print the first few."""
    left = a.read_text(encoding="utf-8").splitlines()
    right = b.read_text(encoding="utf-8").splitlines()
    if len(left) != len(right):
        print(f"different lengths: {len(left)} against {len(right)} lines")
        return 1
    diff = [(x, y) for x, y in zip(left, right, strict=True) if x != y]
    print(f"{len(left)} lines compared, {len(diff)} differ")
    for x, y in diff[:5]:
        print(f"- {x}\n+ {y}")
    return 1 if diff else 0


def main() -> int:
    """Dump, or compare two dumps."""
    if sys.argv[1:2] == ["--compare"] and len(sys.argv) == 4:
        return compare(Path(sys.argv[2]), Path(sys.argv[3]))
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    dump(Path(sys.argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
