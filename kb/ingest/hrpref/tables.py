"""Tables of hr-pref-2014: which lines are table rows and how a row splits into cells.

Five layouts occur (notes A.7, A.9, A.10): the board cycle of čl. 2 (`1.  E  OTVARAČ  W  svi bez
refea!`), the game values of čl. 77 (`1. Pik - 2 x 2 - 4   40   -`), the Preferans tablica of čl. 79
(header `ŠTIHOVI  VRIJEDNOSTI IGRE`, `10 ili betl  4  6 ...`, cycles `I - 4 – 16`, number rows),
and the rezon values inside the definition *Rezon* (`1 jednako A;  ili  K,D; ...`).
"""

from __future__ import annotations

import re

from kb.ingest.common import squash

BOARD_ROW = re.compile(r"^\s*(\d{1,2})\.\s+.*\bOTVARAČ\b")
VALUE_ROW = re.compile(
    r"^\s*(\d)\.\s+(Pik|Karo|Herc|Tref|Betl|Sanac)\s*-\s*(\d+\s*x\s*\d+(?:\s*\+\s*\d+)?)\s*-\s*"
    r"(\d+)\s+(\d+)\s+(\S+)\s*$"
)
VALUE_HEAD = re.compile(r"^\s*(izvođač za igru)\s{2,}(pratilac za štih)\s*$")
TRICKS_HEAD = re.compile(r"^\s*(ŠTIHOVI)\s{2,}(VRIJEDNOSTI IGRE)\s*$")
TRICKS_ROW = re.compile(r"^\s*(10 ili betl)((?:\s+\d+){3,})\s*$")
CYCLE_ROW = re.compile(r"^\s*(I|II|III|IV|V|VI)\s+-\s+(\d+)\s+[–-]\s+(\d+)\s*$")
NUMBER_ROW = re.compile(r"^\s*\d+(?:\s+\d+)+\s*(?:<\s*)?$")
REZON_ROW = re.compile(r"^\s*(\d(?:,5)?)\s+jednako\s+(\S.*)$")
# a rezon alternative ends with `;` plus optional `.`/`,`; anything after it is prose
REZON_TAIL = re.compile(r"^(.*?;[.,]*)\s+(?!ili\s)(\S.*)$")
# a rezon row run on at the end of the prose line above the table (`... odmah: 0,5 jednako K,x;
# ili D,x,x; ili J,x,x,x;,`): the first row, printed before the line break
REZON_INLINE = re.compile(r"(?<=\s)(\d(?:,5)?\s+jednako\s+(?:(?!jednako).)*;[.,]*)$")

VALUE_COLUMNS = ["", "", "", "", "izvođač za igru", "pratilac za štih"]


def is_table_row(line: str) -> bool:
    """True for a row of one of the body tables (not the rezon table of the definitions)."""
    return any(
        p.match(line)
        for p in (BOARD_ROW, VALUE_ROW, VALUE_HEAD, TRICKS_HEAD, TRICKS_ROW, CYCLE_ROW, NUMBER_ROW)
    )


def wide_cells(line: str) -> list[str]:
    """Cells separated by runs of two or more spaces."""
    return [squash(c) for c in re.split(r"\s{2,}", line.strip()) if squash(c)]


def table_row(line: str) -> tuple[list[str], bool, bool]:
    """(cells, is_header, truncated) for one body table row."""
    truncated = line.rstrip().endswith("<")
    body = line.rstrip().rstrip("<")
    if m := VALUE_HEAD.match(body):
        return ["", "", "", "", m.group(1), m.group(2)], True, False
    if m := TRICKS_HEAD.match(body):
        return [m.group(1), m.group(2)], True, False
    if m := VALUE_ROW.match(body):
        return [squash(g) for g in m.groups()], False, False
    if m := BOARD_ROW.match(body):
        cells = wide_cells(body)
        cells[0] = m.group(1)
        return cells + [""] * (5 - len(cells)), False, False
    if m := TRICKS_ROW.match(body):
        return [m.group(1), *m.group(2).split()], False, False
    if m := CYCLE_ROW.match(body):
        return list(m.groups()), False, False
    if NUMBER_ROW.match(body):
        return body.split(), False, truncated
    return wide_cells(body), False, truncated


def rezon_row(line: str) -> tuple[list[str], str]:
    """Cells ``[value, alternatives]`` of a rezon row (``jednako`` stands for ``=``) and any
    prose that follows the last alternative on the same line."""
    m = REZON_ROW.match(line)
    if not m:
        return wide_cells(line), ""
    alternatives, prose = squash(m.group(2)), ""
    if tail := REZON_TAIL.match(alternatives):
        alternatives, prose = tail.group(1), tail.group(2)
    return [m.group(1), alternatives], prose
