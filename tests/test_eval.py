"""The evaluation set (tests/eval/queries.jsonl) through search over a freshly built KB: overall
recall@5 >= 0.95 and no language under 0.90 (issue 4)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from kb.evaluate import DEPTH, evaluate, load_cases
from kb.search import search
from kb.search.service import index_from_kb
from kb.store import KB

OVERALL_MIN = 0.95
LANGUAGE_MIN = 0.90
LANGUAGES = ("sr", "hr", "sk", "pl", "ru", "en")


@cache
def _result(path: str) -> dict[str, Any]:
    """The evaluation of the dev set over the KB at ``path`` (once per session)."""
    kb = KB(path)
    index = index_from_kb(kb)
    parent = {n.id: n.parent for n in index.nodes.values()}
    return evaluate(
        load_cases(), lambda q: [r["id"] for r in search(index, q, limit=DEPTH)], parent
    )


@pytest.fixture(scope="module")
def result(kb: KB) -> dict[str, Any]:
    """The evaluation result over the ``kb`` fixture's file."""
    return _result(str(kb.path))


def _misses(result: dict[str, Any]) -> str:
    """The missed queries, for the failure message."""
    return "\n".join(f"{m['q']!r}: gold {m['gold']} got {m['got']}" for m in result["misses"])


def test_overall_recall_at_5(result: dict[str, Any]) -> None:
    got = result["overall"]["recall@5"]
    assert got >= OVERALL_MIN, f"recall@5 {got:.3f} < {OVERALL_MIN}\n{_misses(result)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_recall_at_5(result: dict[str, Any], lang: str) -> None:
    got = result["lang"][lang]["recall@5"]
    assert got >= LANGUAGE_MIN, f"{lang}: recall@5 {got:.3f} < {LANGUAGE_MIN}\n{_misses(result)}"


def test_every_query_is_scored(result: dict[str, Any]) -> None:
    assert result["overall"]["n"] == len(load_cases()) >= 200
    assert set(result["lang"]) == set(LANGUAGES)
