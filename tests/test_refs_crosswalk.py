"""The crosswalk: a citation of another edition reaches today's provision through the 1987
table or the 2007 -> 2017 pairs, or stays unresolved with its reason; never by number."""

from __future__ import annotations

import pytest

from kb.models import Parallel
from kb.refs import Crosswalk
from kb.refs.patterns import editions

IDS = {
    "sr-2007:9A3",
    "sr-2007:27D",
    "sr-2007:26A1",
    "sr-2007:26",
    "sr-2007:30B",
    "sr-2007:31B",
    "sk-2017:9A3",
    "sk-2017:9A4",
    "sk-2017:27D",
    "sk-2017:26",
    "sk-2017:30B",
    "sk-2017:31B",
    "sk-2017:31C",
}
WALK = Crosswalk(
    [
        Parallel("sr-2007:9A3", "sk-2017:9A3", "changed", True, 0.8, ["same number"]),
        Parallel("sr-2007:9A3", "sk-2017:9A4", "moved", True, 0.7, ["split"]),
        Parallel("sr-2007:27D", "sk-2017:27D", "same", False, 0.9, ["same number"]),
        Parallel("sr-2007:26A1", None, "removed", True, 0.8, ["no counterpart"]),
        Parallel("sr-2007:26", "sk-2017:26", "changed", True, 0.4, ["same number"]),
        Parallel("sr-2007:30B", "sk-2017:30B", "changed", True, 0.9, ["same number"]),
        Parallel("sr-2007:31B", "sk-2017:31B", "changed", True, 0.9, ["same number"]),
    ]
)


@pytest.mark.parametrize(
    ("src", "cite", "doc", "status", "targets"),
    [
        ("2007", "9A3", "sk-2017", "resolved", ("sk-2017:9A3", "sk-2017:9A4")),  # a split
        ("2007", "26A1", "sk-2017", "unresolved-other-code", ()),  # removed in 2017
        ("2007", "26", "sk-2017", "unresolved-other-code", ()),  # words agree too little
        ("2007", "99", "sk-2017", "unresolved-missing", ()),
        ("1987", "27B1(b)", "sr-2007", "resolved", ("sr-2007:27D",)),  # the table, not 27B1(b)
        ("1987", "27B1(b)", "sk-2017", "resolved", ("sk-2017:27D",)),
        ("1987", "35", "sr-2007", "unresolved-other-code", ()),  # no single provision
        ("1987", "12C", "sr-2007", "unresolved-other-code", ()),  # no row in the table
        # the table's own 2017 place overrides a pair that leads elsewhere
        ("1987", "30B", "sr-2007", "resolved", ("sr-2007:30B",)),
        ("1987", "30B", "sk-2017", "unresolved-other-code", ()),  # 2017 30B: partner's turn
        ("1987", "31B", "sk-2017", "resolved", ("sk-2017:31C",)),  # 31B's footnote is 31C
        ("2007", "31B", "sk-2017", "resolved", ("sk-2017:31B",)),  # the pair, for 2007 cites
    ],
)
def test_locate(src: str, cite: str, doc: str, status: str, targets: tuple[str, ...]) -> None:
    where = WALK.locate(src, cite, doc, IDS, ())
    assert (where.status, where.targets) == (status, targets)
    assert where.reason


def test_every_table_row_names_a_2007_provision(kb) -> None:
    ids = set(kb.ids())
    for row in editions().maps.values():
        assert not row.to or f"sr-2007:{row.to}" in ids, row
        assert not row.to_2017 or f"sk-2017:{row.to_2017}" in ids, row
