"""Golden outlines: one line per node, the reviewed spec of each reader's output."""

from __future__ import annotations

import os
from pathlib import Path

from kb.models import ParsedDoc

GOLDEN_DIR = Path(__file__).resolve().parent


def outline(parsed: ParsedDoc) -> str:
    """``id  kind  lines  title  first 60 chars of text`` per node, tab-separated."""
    rows = []
    for n in parsed.nodes:
        text = n.text.replace("\t", " ").replace("\n", " ")[:60]
        title = (n.title or "").replace("\t", " ")
        rows.append(f"{n.id}\t{n.kind}\t{n.line_start}-{n.line_end}\t{title}\t{text}")
    return "\n".join(rows) + "\n"


def check_golden(parsed: ParsedDoc) -> None:
    """Compare with ``tests/golden/<doc>.outline.txt``; rewrite it when UPDATE_GOLDEN=1."""
    path = GOLDEN_DIR / f"{parsed.doc}.outline.txt"
    got = outline(parsed)
    if os.environ.get("UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(got, encoding="utf-8")
        if os.environ.get("UPDATE_GOLDEN") != "1":
            raise AssertionError(f"{path.name} did not exist; written now, review it and rerun")
    want = path.read_text(encoding="utf-8")
    assert got == want, f"{parsed.doc} outline differs from {path.name} (UPDATE_GOLDEN=1 rewrites)"
