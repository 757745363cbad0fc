"""Artefact removal for ``ru-comment`` (notes sources-hr-pl-ru.md C.1, C.4, C.5).

Removes, recording each with its line: the ModernLib web header and footer, NBSP-only lines,
``..pageN`` markers (own-line and at a line end) and duplicated short lines (emphasised words
of the HTML source emitted again below the line they come from). Re-joins the one word split
across lines without a hyphen. What is left is the body the reader turns into nodes.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from kb.ingest.common import TreeBuilder

HEADER = [
    re.compile(r"^Современная электронная библиотека ModernLib\.Net$"),
    re.compile(r"^ModernLib\.Net / .* - Чтение \(стр\. (?P<page>\d+)\)$"),
    re.compile(r"^(?:Автор|Жанр): "),
]
HEADER_SCAN = 15  # the web header sits in the first lines only
FOOTER = [re.compile(r"^\s*•\s*Страницы:\s*$"), re.compile(r"^\s*\d+(?:,\s*\d+)+\s*$")]
PAGE_OWN = re.compile(r"^\s*\.\.page\d+\s*$")
PAGE_INLINE = re.compile(r"\s*\.\.page\d+\s*$")
# words the printed book split across two lines without a hyphen: (end of line, start of next)
SPLIT_WORDS = [("нару", "шителем")]
# structure starts are never duplicates (same patterns as the reader's)
_STRUCTURE = re.compile(
    r"^(?:Правило \d{1,2}\. [А-ЯЁ]|\d{1,2}\.\d{1,2}\.\s|\((?:i{1,3}|iv|vi?)\)\s)"
)
_DUP_MAX_WORDS = 4
_END_PUNCT = ".,;)!?"
_WORDS = re.compile(r"[^\W_]+")
# label prefixes the reader moves into labels/titles: not body text to cover
_BODY_STRIP = [
    re.compile(r"^Правило \d{1,2}\.\s+(?=[А-ЯЁ]{3})"),
    re.compile(r"^\d{1,2}\.\d{1,2}\.\s+(?!выше|ниже)"),
    re.compile(r"^\((?:i{1,3}|iv|vi?)\)\s+"),
]


@dataclass
class Line:
    """A kept body line: source line number, text (artefacts stripped), and the glue that
    joins it to the next line ("" where a word was split across the two)."""

    no: int
    text: str
    glue: str = " "


def _words(s: str) -> list[str]:
    return _WORDS.findall(s.lower())


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(w in it for w in short)


def is_duplicate(line: str, previous: str) -> bool:
    """A short line that repeats words of the previous kept line, in order (notes C.5)."""
    s = line.strip()
    w = _words(s)
    return (
        0 < len(w) <= _DUP_MAX_WORDS
        and not any(c.isdigit() for c in s)
        and s[-1] not in _END_PUNCT
        and not _STRUCTURE.match(s)
        and (s == previous.strip() or _is_subsequence(w, _words(previous)))
    )


def _header(src: list[str], b: TreeBuilder) -> tuple[int, int | None]:
    """(number of header lines, reader page) — the header ends at its last recognised line."""
    end, page, page_line = 0, None, 0
    for i, s in enumerate(src[:HEADER_SCAN]):
        for rx in HEADER:
            if m := rx.match(s.strip()):
                end = i + 1
                if "page" in rx.groupindex:
                    page, page_line = int(m["page"]), i + 1
    for i in range(end):
        if src[i].strip():
            b.artefact(i + 1, "web-header", f"web reader header {src[i].strip()!r}")
    if page is not None:
        b.artefact(page_line, "reader-page", f"web reader page {page} (breadcrumb)")
    return end, page


def _footer(src: list[str], start: int, b: TreeBuilder) -> int:
    """Index of the first footer line (len(src) if none)."""
    end = len(src)
    while end > start and (
        not src[end - 1].strip() or any(rx.match(src[end - 1]) for rx in FOOTER)
    ):
        end -= 1
    for i in range(end, len(src)):
        if src[i].strip():
            b.artefact(i + 1, "web-footer", f"web reader footer {src[i].strip()[:60]!r}")
    return end


def clean_lines(src: list[str], b: TreeBuilder) -> tuple[list[Line], int | None, str]:
    """The kept body lines, the reader page, and the body text for the coverage measure."""
    start, page = _header(src, b)
    end = _footer(src, start, b)
    kept: list[Line] = []
    for i in range(start, end):
        no, s = i + 1, src[i]
        if not s.strip():
            if "\u00a0" in s:
                b.artefact(no, "nbsp-line", "line of non-breaking spaces only")
            continue
        if PAGE_OWN.match(s):
            b.artefact(no, "page-marker", f"{s.strip()!r} on its own line")
            continue
        if m := PAGE_INLINE.search(s):
            b.artefact(no, "page-marker", f"{m.group().strip()!r} at the end of the line")
            s = s[: m.start()]
        s = s.strip()
        if kept and is_duplicate(s, kept[-1].text):
            b.artefact(
                no,
                "duplicate-line",
                f"{s!r} repeats words of l.{kept[-1].no} {kept[-1].text[:50]!r}",
            )
            continue
        kept.append(Line(no, s))
    for a, nxt in itertools.pairwise(kept):
        for head, tail in SPLIT_WORDS:
            if a.text.endswith(" " + head) and nxt.text.startswith(tail):
                a.glue = ""
                b.artefact(
                    a.no,
                    "split-word",
                    f"{head!r} (l.{a.no}) + {tail!r} (l.{nxt.no}) re-joined in text",
                )
    body: list[str] = []
    for ln in kept:
        s = ln.text
        for rx in _BODY_STRIP:
            s = rx.sub("", s, count=1)
        body.append(s + (ln.glue or "") if ln.glue == "" else s + "\n")
    return kept, page, "".join(body)
