"""sk-2017 line level: markup cleaning, footnote markers, character repairs, line patterns.

The Slovak file is almost plain text: what needs undoing is a broken bold (``**``), Markdown
links with empty targets (``[12C1\\(b\\)](#)``), Unicode superscript footnote markers glued to
words, one Cyrillic word part and two apostrophes printed for ``ť``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.ingest.common import MARKUP_TAGS, squash

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUP_DIGITS = str.maketrans(SUPERSCRIPTS, "0123456789")
# a space before a marker is dropped with it (1187 ``lícom nahor ¹² na stôl``)
_MARKER = re.compile(rf" ?([{SUPERSCRIPTS}]+)")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\s]*\)")
_ESCAPE = re.compile(r"\\([()\[\]*_#.\-\\])")
_TAGS = re.compile(rf"</?(?:{MARKUP_TAGS})>", re.IGNORECASE)
_BOLD = re.compile(r"\*{2,3}")
# Cyrillic letters printed inside a Latin word (1582 ``odovzдание``)
_CYRILLIC_WORD = re.compile(r"\w*[a-zA-Z]\w*[\u0400-\u04ff]\w*|\w*[\u0400-\u04ff]\w*[a-zA-Z]\w*")
_ANY_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_CYR_TO_LAT = str.maketrans(
    "абвгдеиклмнопрстухзАБВГДЕИКЛМНОПРСТУХЗ", "abvgdeiklmnoprstuhzABVGDEIKLMNOPRSTUHZ"
)
# an apostrophe printed for the caron of ť at a word end (1302 ``nárokovat'``)
_T_APOSTROPHE = re.compile(r"(?<=[a-záäčďéíĺľňóôŕšťúýž])t'(?![\w'])")

FOOTNOTE_LINE = re.compile(rf"^\s*([{SUPERSCRIPTS}]+)\s+(\S.*)$")
LAW_HEADING = re.compile(r"^\s*PRAVIDLO\s+(\d{1,3})(?:\s*[–-]\s*(.*?))?\s*$")
SECTION = re.compile(r"^\s*([A-Z])\.(?:\s+(.*?))?\s*$")
SECTION_NO_PERIOD = re.compile(r"^\s*([A-Z])\s+([A-ZÁ-Ž].*?)\s*$")
PARAGRAPH = re.compile(r"^\s*(\d{1,2})\.(?:\s+(.*?))?\s*$")
PARAGRAPH_NO_PERIOD = re.compile(r"^\s*(\d{1,2})\s+([A-ZÁ-Ž].*?)\s*$")
ITEM = re.compile(r"^\s*(?:-\s*)?\(([a-z]{1,4})\)(?:\s+(.*?))?\s*$")
BULLET = re.compile(r"^\s*-\s+(.*?)\s*$")
TERMINAL = re.compile(r"[.:;!?)]$")


@dataclass
class Clean:
    """A cleaned piece of source text, the footnote numbers it carried and what was repaired."""

    text: str
    markers: list[str] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)


def clean(raw: str) -> Clean:
    """Strip markup, lift footnote markers, repair stray characters and squash whitespace."""
    s = _LINK.sub(r"\1", raw)
    s = _ESCAPE.sub(r"\1", s)
    s = _BOLD.sub("", s)
    s = _TAGS.sub("", s)
    markers = [m.translate(_SUP_DIGITS).lstrip("0") or "0" for m in _MARKER.findall(s)]
    s = _MARKER.sub("", s)
    repairs = []
    if _ANY_CYRILLIC.search(s) and _CYRILLIC_WORD.search(s):
        repairs.append("mixed-script")
        s = _CYRILLIC_WORD.sub(lambda m: m.group().translate(_CYR_TO_LAT), s)
    if "'" in s and _T_APOSTROPHE.search(s):
        repairs.append("apostrophe-for-caron")
        s = _T_APOSTROPHE.sub("ť", s)
    return Clean(squash(s), markers, repairs)


def sup_number(marker: str) -> str:
    """``"²⁸"`` -> ``"28"``."""
    return marker.translate(_SUP_DIGITS).lstrip("0") or "0"


def ends_sentence(text: str) -> bool:
    """True when the text ends as a sentence, a lead-in or a bracket does."""
    return bool(TERMINAL.search(text.rstrip()))


def next_letter(label: str) -> str:
    """The letter after a one-letter label (``"h"`` -> ``"i"``); empty for longer labels."""
    return chr(ord(label) + 1) if len(label) == 1 else ""


def is_caps_heading(text: str) -> bool:
    """An upper-case sub-heading line such as ``SADZBA ZA ZDVIHY`` (Law 77)."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


def body_text(raw: str) -> str:
    """A source line as body text for the coverage measure: clean, numbering prefixes removed.

    Independent of the tree parser on purpose: it strips only what is printed as numbering
    (``PRAVIDLO 12 –``, ``A.``, ``1.``, ``(a)``, a ``-`` bullet, the footnote marker), so the
    measure sees every word the source prints.
    """
    s = raw.replace("\t", " ")
    s = re.sub(r"^\s*PRAVIDLO\s+\d{1,3}\s*[–-]?\s*", "", s)
    s = re.sub(r"^\s*[A-Z]\.\s+", "", s)
    s = re.sub(r"^\s*(?:-\s+)?(?:\d{1,2}\.\s+)?(?:-\s*)?(?:\([a-z]{1,4}\)\s*)*", "", s)
    return clean(s).text
