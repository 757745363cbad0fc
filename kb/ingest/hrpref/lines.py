"""Line shapes of the Croatian Preferans kodeks (hr-pref-2014): one regex per kind of line.

Every pattern applies to a *normalised* line: U+00A0 turned into a space (the source pads
everything with NBSP) and trailing whitespace cut. See ../shared/notes/sources-hr-pl-ru.md, A.2-A.7.
"""

from __future__ import annotations

import re

from kb.ingest.common import MARKUP_TAGS, squash

UPPER = "A-ZČĆŠŽĐ"

PAGE = re.compile(r"^\s*--- (\d{1,3}) ---\s*$")
ARTICLE = re.compile(r"^\s*Članak\s+(\d{1,3})\.?\s*$")
# article title: `1. Špil, ...`, `2 Postupak ...` (no dot, čl. 31), `4). Nepokoravanje` (čl. 52),
# `I.   U boji` (čl. 72-74)
ARTICLE_TITLE = re.compile(r"^\s*(\d{1,2}|I{1,3})(\.\)|\)\.|[.)])?\s+(\S.*)$")
CHAPTER = re.compile(r"^(\d{1,2})\.\s+(\S.*)$")
SECTION = re.compile(rf"^(I|II|III|IV|V|VI)\s+([{UPPER}][{UPPER} ,]+)$")
SUBGROUP = re.compile(rf"^\s*([AB])\.\s+([{UPPER}][{UPPER} ]+)$")
# example headings of čl. 72-74: `1.1.1. Pozitivno i visoko`, `2.3 Iz singla ...`
POINT = re.compile(r"^\s*(\d\.\d(?:\.\d)?)\.{0,2}\s+(\S.*)$")
ALPHA = re.compile(r"^\s*([a-h])(\)\.?|\.\))\s*(.*)$")
NUMBER = re.compile(r"^\s*(\d{1,2})(\)\.?|\.(?![\d,]))\s*(.*)$")
HAND = re.compile(r"^\s*(---|(?:A|K|D|J|10|9|8|7)(?:,(?:A|K|D|J|10|9|8|7))*)\s*$")
DEF_ENTRY = re.compile(rf"^([{UPPER}][^\s-].*?)\s+[-–]\s+(\S.*)$")
DEF_SUB = re.compile(r"^\s+-\s+(\S.*?)\s+[-–]\s+(\S.*)$")
DEF_NUMBER = re.compile(r"^\s*(\d{1,2})\.\s+(\S.*)$")
# `**` but not the star leaders of the TOC (`*****`)
MARKUP = re.compile(rf"(?<!\*)\*\*(?!\*)|</?(?:{MARKUP_TAGS})>")
TRAILING_CUT = re.compile(r"\s<\s*$")


def normalise(line: str) -> str:
    """NBSP to space, tabs to space, trailing whitespace cut (leading indentation kept)."""
    return line.replace("\u00a0", " ").replace("\t", " ").rstrip()


def strip_markup(line: str) -> tuple[str, bool]:
    """The line without stray markup (`**`, `<b>`...), and whether any was removed."""
    out = MARKUP.sub("", line)
    return out, out != line


def letter_value(label: str) -> int:
    """`a` -> 1, `b` -> 2 ..."""
    return ord(label) - ord("a") + 1


def is_inline_list(rest: str, kind: str, value: int) -> bool:
    """True when a marker line is really an inline enumeration (`1. idem ili 2. ne idem`)."""
    nxt = chr(ord("a") + value) if kind == "alpha" else str(value + 1)
    return re.search(rf"(?:\bili|,)\s+{re.escape(nxt)}[.)]\s", rest) is not None


def marker(line: str) -> tuple[str, str, int, str, str] | None:
    """A paragraph/item marker at the start of a line: (kind, label, value, style, rest)."""
    m = ALPHA.match(line)
    if m:
        label, style, rest = m.group(1), m.group(2), m.group(3)
        kind, value = "alpha", letter_value(label)
    else:
        m = NUMBER.match(line)
        if not m:
            return None
        label, style, rest = m.group(1), m.group(2), m.group(3)
        kind, value = "num", int(label)
        if value == 0:
            return None
    rest = squash(rest.lstrip(". "))
    if is_inline_list(rest, kind, value):
        return None
    return kind, label, value, style, rest


def hand_cards(line: str) -> int | None:
    """Cards shown by one suit line of a hand diagram (`---` is a void), None if not one."""
    m = HAND.match(line)
    if not m:
        return None
    return 0 if m.group(1) == "---" else len(m.group(1).split(","))


def title_key(title: str) -> str:
    """A title folded for comparison: lower case, single spaces, no trailing punctuation."""
    return squash(title).lower().rstrip(" .:!")
