"""Reader for ``sr-2007``: the Serbian translation of the WBF Laws of Duplicate Bridge 2007.

``read(text)`` cuts the file into chapters > parts > section-groups > laws > sections >
paragraphs > items > subitems, the 53 definitions of chapter I, 29 footnotes (attached to the
node carrying the marker) and the TAB tables (Law 2, the six tables of Law 77, the IMP scale of
Law 78B). The hierarchy and missing titles come from the TOC at the end of the file. Everything
removed (title page, fences, list leftovers, a repeated sentence, the TOC) is an artefact;
everything repaired or rebuilt is a problem. See ../shared/notes/sources-bridge-laws.md A, C, E.
"""

from __future__ import annotations

from kb.ingest.common import TreeBuilder, source_lines
from kb.ingest.sr2007.body import BodyReader
from kb.ingest.sr2007.defs import read_definitions
from kb.ingest.sr2007.lines import Line, Regions, content_lines, coverage_body, find_regions
from kb.ingest.sr2007.sink import Sink
from kb.ingest.sr2007.toc import Toc, parse_toc
from kb.models import ParsedDoc

DOC = "sr-2007"


def read(text: str) -> ParsedDoc:
    """Parse the sr-2007 source text; never raises (a failure is reported as a problem)."""
    try:
        return _read(text)
    except Exception as exc:  # the reader contract: report, never raise
        b = TreeBuilder(DOC)
        b.problem(None, "reader-error", f"{type(exc).__name__}: {exc}")
        return b.result(text)


def _read(text: str) -> ParsedDoc:
    lines = source_lines(text)
    b = TreeBuilder(DOC)
    sink = Sink(b)
    regions = find_regions(lines)
    _front_and_toc_artefacts(b, lines, regions)
    toc = parse_toc(lines, regions.toc)
    defs = content_lines(lines, regions.defs, b)
    body = content_lines(lines, regions.body, b)

    unplaced: list[Line] = []
    if defs:
        parent = _definitions_chapter(b, toc)
        unplaced += read_definitions(sink, defs, parent)
    reader = BodyReader(sink, toc)
    for line in body:
        reader.feed(line)
    unplaced += reader.finish()
    sink.finish_footnotes()
    _place_unplaced(b, sink, unplaced)
    return b.result(coverage_body(defs + body))


def _front_and_toc_artefacts(b: TreeBuilder, lines: list[str], regions: Regions) -> None:
    start, end = regions.front
    front = [s.strip() for s in lines[start:end] if s.strip()]
    if front:
        b.artefact(
            start + 1,
            "front-matter",
            f"lines {start + 1}-{end}: title page removed: {' | '.join(front)}",
        )
    start, end = regions.toc
    if end > start:
        b.artefact(
            start + 1,
            "toc",
            f"lines {start + 1}-{end}: table of contents, used for titles and hierarchy "
            "but not body text",
        )


def _definitions_chapter(b: TreeBuilder, toc: Toc) -> str | None:
    """Chapter I (``Definicije``) exists only in the TOC; the definitions hang under it."""
    group = toc.groups.get("ch/I")
    if group is None:
        return None
    node = b.add(
        "chapter",
        "ch/I",
        label="I",
        title=group.title,
        lines=(group.line, group.line),
        meta={
            "heading_in_body": False,
            "title_source": "toc",
            "toc_title": group.title,
            "toc_line": group.line,
        },
    )
    return node.id


def _place_unplaced(b: TreeBuilder, sink: Sink, unplaced: list[Line]) -> None:
    """Text the structure could not place is kept in the first law (or a holder node)."""
    if not unplaced:
        return
    holder = next((n for n in b.nodes if n.kind == "law"), None)
    if holder is None:
        holder = b.add("point", "unplaced", label="unplaced", lines=(unplaced[0].n, unplaced[0].n))
    for line in unplaced:
        b.problem(
            line.n,
            "unplaced-text",
            f"line {line.n}: text outside any law or definition kept in {holder.id}: "
            f"{line.text[:80]!r}",
        )
        sink.append(holder, line)
