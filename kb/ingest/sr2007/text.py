"""sr-2007 text helpers: markup cleaning, footnote markers, script repair, line patterns.

The Serbian 2007 file is a Word-to-Markdown conversion: ``#`` headings with no consistent
meaning, ``**``/``***`` emphasis, ``<b>``/``<i>``/``<sup>`` tags and hard breaks (two trailing
spaces). Every pattern the reader classifies lines with lives here, so the quirks are in one place
(line numbers refer to ../shared/notes/sources-bridge-laws.md, part A).
"""

from __future__ import annotations

import re

from kb.ingest.common import MARKUP_TAGS, squash
from kb.script import sr_to_latin

# --- markup -------------------------------------------------------------------------------
_SUP = re.compile(r"<sup>\s*(\d{1,3})\s*</sup>")
_TAG = re.compile(rf"</?(?:{MARKUP_TAGS})\s*>", re.IGNORECASE)
_LINK = re.compile(r"\[([^\]]*)\]\(#[^)]*\)")
_HASHES = re.compile(r"^\s*#{1,6}\s*")

# Serbian Cyrillic -> Latin, used only inside words that mix both scripts (OCR/keyboard slips,
# e.g. ``skрати`` at line 1795); whole Cyrillic words are left alone.
_LAT, _CYRL = "a-zA-Zčćžšđ", "а-яА-ЯђјљњћџЂЈЉЊЋЏ"
_MIXED_WORD = re.compile(rf"\w*(?:[{_LAT}][{_CYRL}]|[{_CYRL}][{_LAT}])\w*")


def markers(raw: str) -> list[str]:
    """Footnote numbers marked ``<sup>N</sup>`` in a line, in order, each once."""
    out: list[str] = []
    for n in _SUP.findall(raw):
        if n not in out:
            out.append(n)
    return out


def clean(raw: str) -> str:
    """A line's clean text: heading hashes, ``*``, tags, footnote markers and links removed,
    whitespace squashed (hard breaks become ordinary spaces)."""
    s = _SUP.sub("", raw)
    s = _TAG.sub("", s)
    s = _LINK.sub(r"\1", s)
    s = s.replace("\\(", "(").replace("\\)", ")")
    s = _HASHES.sub("", s)
    s = re.sub(r"\*{3,}", " ", s)  # `***Title*****A. Section**` runs separate words
    s = s.replace("*", "")
    return squash(s)


def repair_script(text: str) -> tuple[str, list[str]]:
    """Transliterate Cyrillic letters inside mixed-script words; returns the text and the words
    changed (``"skрати -> skrati"``) so the repair can be reported."""
    changed: list[str] = []

    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        new = sr_to_latin(word)
        changed.append(f"{word} -> {new}")
        return new

    return _MIXED_WORD.sub(fix, text), changed


# --- line shapes --------------------------------------------------------------------------
BLANK = re.compile(r"^[\s\u00a0]*$")
FENCE = re.compile(r"^\s*-{3,}\s*$")  # page-break / footnote-block fence
STRAY_DASH = re.compile(r"^\s*-\s*(?:\d{1,2}\.)?\s*$")  # `-`, `- `, `- 9.` list leftovers
FOOTNOTE_DEF = re.compile(r"^\s*<sup>\s*(\d{1,3})\s*</sup>\s*(.*)$")
TOC_HEAD = re.compile(r"^sadržaj$", re.IGNORECASE)

# on clean text
LAW = re.compile(r"^Član\s+(\d{1,3})(?!\d)\s*(.*)$")
LAW_IN_RAW = re.compile(r"Član\s+\d{1,3}(?!\d)")
TOC_LAW = re.compile(r"^(?:ČLAN|Član)\s+(\d{1,3})(?!\d)\s*(.*)$")
GROUP = re.compile(r"^(POGLAVLJE|DEO|ODELJAK)\s+([IVXL]+)\b\s*[-–—]?\s*(.*)$")
SECTION = re.compile(r"^([A-H])\.(?:\s+|$)(.*)$")
PARAGRAPH = re.compile(r"^(\d{1,2})\.(?:\s+|$)(.*)$")
ITEM_PAREN = re.compile(r"^(?:-\s*)?\(([a-z]{1,4})\)(?:\s+|$)(.*)$")
ITEM_BARE = re.compile(r"^(?:-\s*)?([a-z])[.)]\s+(.*)$")
BULLET = re.compile(r"^-\s+(\S.*)$")
INLINE_ITEM = re.compile(r"^\(([a-z]{1,4})\)(?:\s+|$)(.*)$|^([a-z])\)\s+(.*)$")

# on raw text
EMBEDDED_SECTION = re.compile(r"\*{4,}\s*(?=[A-H]\.\s)")  # `***Title*****A. Section**`
WHOLE_BOLD_PARA = re.compile(r"\*\*\s*(\d{1,2})\.\s*([^*]+?)\s*\*\*")
PARA_BOLD_REST = re.compile(r"(\d{1,2})\.\s*\*\*([^*]+?)\*\*")
ITALIC_ONLY = re.compile(r"\*{1,3}([^*]+?)\*{1,3}")
ITEM_MARK_RAW = re.compile(r"^\s*(?:-\s*)?\**\s*\(?[a-z]{1,4}[.)]\**\s*")
TERM = re.compile(r"^(?:###\s*)?\*\*([^*]+?)\*\*\s*(?:\(([^)]*)\))?\s*$")

_LABEL = re.compile(
    r"^(?:(?:Član|ČLAN|POGLAVLJE|DEO|ODELJAK)\s+[\dIVXL]+\b|[A-H]\.(?=\s|$)|\d{1,2}\.(?=\s|$)"
    r"|-(?=\s|$)|\(?[a-z]{1,4}\)|[a-z]\.(?=\s))\s*"
)


def heading_like(raw: str) -> bool:
    """A line formatted as a heading: ``#`` prefix, or wholly wrapped in ``*`` emphasis."""
    s = raw.strip()
    return s.startswith("#") or (len(s) > 2 and s.startswith("*") and s.endswith("*"))


def strip_labels(text: str) -> str:
    """Clean text without its leading numbering (``Član 8``, ``A.``, ``1. (a)``, ``- b.``):
    numbering becomes node labels, so the coverage body leaves it out."""
    prev = None
    while prev != text:
        prev, text = text, _LABEL.sub("", text, count=1)
    return text


def next_letter(letter: str | None) -> str:
    """The letter after ``letter`` (``None`` -> ``a``), in the case of ``letter``."""
    if not letter:
        return "a"
    return chr(ord(letter[-1]) + 1)  # a mis-taken `(ii)` label still has a successor
