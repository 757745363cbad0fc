"""The hand-checked reference sample: 0 wrong links.

``tests/eval/refs_dev_sample.jsonl`` holds 100 references drawn from the built KB with
``random.Random(424242)``, stratified by citing document (ru-comment 30, hr-pref-2014 25,
pl-screens 15, sr-2007 15, sk-2017 15; each document's references sorted by citing node, span
and target document, drawn in that order of documents), each read by hand against the citing
text and today's target: ``truth`` gives per target document the nodes a link may go to (none:
nothing should be linked, e.g. a stale Croatian article number or a 1987 provision no 2017
provision carries), ``verdict`` what the build did when it was checked.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

SAMPLE = Path(__file__).parent / "eval" / "refs_dev_sample.jsonl"
ROWS = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line]
STRATA = {"ru-comment": 30, "hr-pref-2014": 25, "pl-screens": 15, "sr-2007": 15, "sk-2017": 15}


def test_the_sample_is_stratified_as_drawn() -> None:
    assert Counter(r["from"].split(":", 1)[0] for r in ROWS) == STRATA
    for r in ROWS:
        assert set(r) == {
            "from",
            "raw",
            "span",
            "target_doc",
            "target_cite",
            "truth",
            "verdict",
            "note",
            "current",
        }
        assert r["verdict"] in ("right", "right-unlinked", "wrong", "missed") and r["note"]


@pytest.fixture(scope="module")
def links(kb) -> dict[tuple[str, int, int, str], list[list[str]]]:
    out: dict[tuple[str, int, int, str], list[list[str]]] = {}
    for r in kb.refs():
        key = (r["from"], *r["span"], r["target_doc"] or "")
        out.setdefault(key, []).append(list(r["targets"]))
    return out


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['from']} {r['raw']}" for r in ROWS])
def test_no_reference_of_the_sample_is_linked_wrongly(links, row) -> None:
    key = (row["from"], *row["span"], row["target_doc"])
    assert key in links, f"the reference is gone from the build: {key}"
    allowed = set(row["truth"].get(row["target_doc"], []))
    for targets in links[key]:
        assert set(targets) <= allowed, (row["note"], targets)
