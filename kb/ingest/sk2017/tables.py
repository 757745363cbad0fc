"""sk-2017 tables: runs of TAB-separated lines (Law 2 board table, Law 77 scores, Law 78B IMPs).

A table is a run of consecutive TAB lines. Its first row is a header when it has at least two
filled cells and none of them is a number (``AK SÚ TROMFY | trefy (♣) | …``); the header names
the columns in the source's order. A label row that wrongly repeats the values of the row below
(Law 77, line 1913) is not data: it becomes the table's caption text and is reported.
"""

from __future__ import annotations

import re

from kb.ingest.common import TreeBuilder
from kb.ingest.sk2017.draft import Draft, Part
from kb.ingest.sk2017.text import clean

_NUMBER = re.compile(r"^\d+(?:\s*[-–]\s*\d+)?$")


def cells(raw: str) -> list[str]:
    """The clean cells of a TAB-separated line, empty cells kept."""
    return [clean(c).text for c in raw.split("\t")]


def is_header(row: list[str]) -> bool:
    """A header row names columns: two or more filled cells, none of them a number."""
    filled = [c for c in row if c]
    return len(filled) >= 2 and not any(_NUMBER.match(c) for c in filled)


def finish_table(table: Draft, builder: TreeBuilder) -> None:
    """Set rows, column names and caption once all lines of a table are collected."""
    rows: list[list[str]] = []
    lines: list[int] = []
    for p in table.parts:
        rows.append(cells(p.raw))
        lines.append(p.line)
        table.markers += [(m, p.line) for m in clean(p.raw).markers]
    table.parts = [Part(p.line, p.raw, "") for p in table.parts]
    if rows and is_header(rows[0]):
        table.meta["columns"] = rows[0]
        table.meta["header_rows"] = 1
    spurious = _spurious(rows, 1 if table.meta.get("header_rows") else 0)
    for i in reversed(spurious):
        row, line = rows.pop(i), lines.pop(i)
        table.meta.setdefault("spurious_rows", []).insert(0, {"line": line, "cells": row})
        # the label is a caption for the rows below it; its repeated values are dropped
        table.parts.append(Part(line, "", row[0]))
        builder.problem(
            line,
            "table-spurious-row",
            f"line {line}: label row {row[0]!r} repeats the values of the next row "
            f"({', '.join(row[1:])}); kept as the table caption, not as data",
        )
    table.rows = rows
    table.meta["row_lines"] = lines


def _spurious(rows: list[list[str]], first: int) -> list[int]:
    out = []
    for i in range(first, len(rows) - 1):
        row, nxt = rows[i], rows[i + 1]
        values = [c for c in row[1:] if c]
        if (
            row
            and row[0][:1].islower()
            and values
            and row[1:] == nxt[1:]
            and all(_NUMBER.match(c) for c in values)
        ):
            out.append(i)
    return out
