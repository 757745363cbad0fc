"""sr-2007 pre-processing: split the file into regions and turn source lines into content lines.

Regions (notes A1): front matter (title page), definitions (no heading), body (laws 1-93), and
the table of contents at the end. Removed here, each recorded as an artefact with its line:
``---`` fences (page breaks and footnote-block borders), stray ``-``/``- 9.`` list leftovers,
and a sentence repeated as a truncated prefix of an earlier line (2112). Footnote texts
(``<sup>N</sup> text`` at column 0) are lifted out of the flow into a footnote book.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.ingest.common import TreeBuilder
from kb.ingest.sr2007.text import (
    BLANK,
    EMBEDDED_SECTION,
    FENCE,
    FOOTNOTE_DEF,
    GROUP,
    LAW,
    STRAY_DASH,
    TERM,
    TOC_HEAD,
    clean,
    markers,
    repair_script,
    strip_labels,
)

_DUP_MIN = 40  # a repeated prefix shorter than this is an ordinary phrase, not a duplicate
_DUP_WINDOW = 40  # how many earlier content lines a duplicate is looked for in


@dataclass
class Line:
    """One content line of the source.

    ``adjacent`` is true when the previous source line is content too (no blank, fence or
    footnote between): such a line continues the block above (Markdown hard breaks).
    """

    n: int
    raw: str
    text: str
    adjacent: bool
    fn: str | None = None  # footnote number when the line is a footnote text
    marks: list[str] = field(default_factory=list)


@dataclass
class Regions:
    """0-based half-open line ranges of the file's parts."""

    front: tuple[int, int]
    defs: tuple[int, int]
    body: tuple[int, int]
    toc: tuple[int, int]


def find_regions(lines: list[str]) -> Regions:
    """Locate front matter, definitions, body and TOC (``SADRŽAJ`` heading to the end)."""
    total = len(lines)
    toc_start = total
    for i, raw in enumerate(lines):
        if TOC_HEAD.match(clean(raw)):
            toc_start = i
    body_start = toc_start
    for i in range(toc_start):
        text = clean(lines[i])
        m = GROUP.match(text)
        if LAW.match(text) or (m and m.group(1) == "POGLAVLJE"):
            body_start = i
            break
    defs_start = next((i for i in range(body_start) if TERM.match(lines[i].strip())), 0)
    return Regions(
        (0, defs_start), (defs_start, body_start), (body_start, toc_start), (toc_start, total)
    )


def content_lines(lines: list[str], span: tuple[int, int], b: TreeBuilder) -> list[Line]:
    """The content lines of a region, artefacts removed and recorded on ``b``."""
    out: list[Line] = []
    prev_content = False
    for i in range(*span):
        raw, n = lines[i], i + 1
        if BLANK.match(raw):
            prev_content = False
            continue
        if FENCE.match(raw):
            b.artefact(n, "fence", f"line {n}: removed page-break/footnote fence {raw.strip()!r}")
            prev_content = False
            continue
        if STRAY_DASH.match(raw):
            b.artefact(n, "stray-dash", f"line {n}: removed list leftover {raw.strip()!r}")
            prev_content = False
            continue
        fn = FOOTNOTE_DEF.match(raw)
        text = clean(raw)
        text, changed = repair_script(text)
        for word in changed:
            b.problem(n, "mixed-script", f"line {n}: Cyrillic letters in a Latin word: {word}")
        if fn:
            out.append(Line(n, raw, text, False, fn=fn.group(1)))
            prev_content = False
            continue
        if "\t" not in raw and _is_duplicate(text, out):
            b.artefact(
                n,
                "duplicate-sentence",
                f"line {n}: removed truncated repeat of an earlier sentence: {text!r}",
            )
            prev_content = False
            continue
        out.append(Line(n, raw, text, prev_content, marks=markers(raw)))
        prev_content = True
    return out


def _is_duplicate(text: str, before: list[Line]) -> bool:
    if len(text) < _DUP_MIN:
        return False
    for line in before[-_DUP_WINDOW:]:
        if line.fn is None and len(line.text) > len(text) and line.text.startswith(text):
            return True
    return False


def coverage_body(lines: list[Line]) -> str:
    """The body the reader answers for: each content line's clean text minus its numbering
    (which becomes node labels); footnote texts without their ``<sup>N</sup>``."""
    out = []
    for line in lines:
        if line.fn:
            out.append(line.text)
            continue
        # `**Član 8**...*****A. Section**`: the embedded section letter is a label too
        for part in EMBEDDED_SECTION.split(line.raw):
            out.append(strip_labels(repair_script(clean(part))[0]))
    return "\n".join(out)
