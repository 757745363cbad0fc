"""A query that is only a citation, typed with or without a law word in any language."""

from __future__ import annotations

import pytest

from kb.search.cite import parse_query


@pytest.mark.parametrize(
    ("typed", "cite"),
    [
        ("član 27B", "27B"),
        ("pravidlo 27B1a", "27B1(a)"),
        ("Правило 30", "30"),
        ("čl. 29", "29"),
        ("law 27", "27"),
        ("Law 12 C 1 c", "12C1(c)"),
        ("przepis 16B2", "16B2"),
        ("16B2", "16B2"),
    ],
)
def test_query_cite(typed: str, cite: str) -> None:
    found = parse_query(typed)
    assert found is not None and found.cite == cite
