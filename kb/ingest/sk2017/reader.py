"""Reader for ``sk-2017``: the Slovak Laws of Duplicate Bridge 2017 (SBZ, December 2017).

Layout (see ../shared/notes/sources-bridge-laws.md, part B): a title page, a TOC with dot
leaders and page numbers, the introduction, ``DEFINÍCIA POJMOV`` (64 terms) and Laws 1–93.
There are no chapters. Footnotes (markers ``¹``…``²⁸``) stand on their own lines where the
printed pages ended, often inside a sentence: they are lifted out, attached to the node that
carries the marker, and the split sentence is joined again.
"""

from __future__ import annotations

from kb.ingest.common import TreeBuilder, source_lines
from kb.ingest.sk2017.draft import Draft, Part, emit
from kb.ingest.sk2017.front import read_front
from kb.ingest.sk2017.laws import Footnote, LawWalker, units
from kb.ingest.sk2017.text import LAW_HEADING, body_text
from kb.models import ParsedDoc

DOC = "sk-2017"


def read(text: str) -> ParsedDoc:
    """Parse the sk-2017 source text into a node tree; never raises on malformed input."""
    builder = TreeBuilder(DOC)
    lines = source_lines(text)
    start = _first_law(lines)
    front = read_front(lines, start - 1, builder)
    body_units, notes = units(lines, start, builder)
    walker = LawWalker(builder, front.toc_titles)
    laws = walker.walk(body_units)
    walker.finish()
    for unit in walker.orphans:
        # text before any law heading (only in damaged input): keep it at the top level
        orphan = Draft("paragraph", f"orphan/{unit.line}", str(unit.line), None)
        for p in unit.parts:
            orphan.add_text(p, [])
        front.drafts.append(orphan)
    laws = _add_toc_only(laws, front.toc_titles, builder)
    drafts = front.drafts + laws
    _attach_footnotes(drafts, notes, builder)
    emit(builder, drafts)
    body = dict(front.body)
    body.update(
        (n, body_text(lines[n - 1])) for n in range(start, len(lines) + 1) if lines[n - 1].strip()
    )
    return builder.result(body[n] for n in sorted(body))


def _first_law(lines: list[str]) -> int:
    """Line of the first body law heading (TOC entries carry a TAB and a page number)."""
    return next(
        (n for n, s in enumerate(lines, 1) if LAW_HEADING.match(s) and "\t" not in s),
        len(lines) + 1,
    )


def _add_toc_only(
    laws: list[Draft], toc: dict[str, tuple[str, int]], builder: TreeBuilder
) -> list[Draft]:
    """Laws listed in the TOC but missing from the body, kept as title-only nodes."""
    have = {d.label for d in laws}
    out = list(laws)
    for number, (title, line) in sorted(toc.items(), key=lambda kv: int(kv[0])):
        if number in have:
            continue
        builder.problem(line, "law-missing-in-body", f"Law {number} is in the TOC only")
        d = Draft("law", number, number, number, title=title or None, text_in_source=False)
        d.head = Part(line, "", "")
        d.meta.update(toc_title=title, title_source="toc")
        before = [i for i, x in enumerate(out) if x.label.isdigit() and int(x.label) < int(number)]
        out.insert(before[-1] + 1 if before else 0, d)
    return out


def _attach_footnotes(drafts: list[Draft], notes: list[Footnote], builder: TreeBuilder) -> None:
    """Hang each footnote under the first node that carries its marker."""
    carriers: dict[str, list[tuple[Draft, int]]] = {}
    stack = list(reversed(drafts))
    while stack:
        d = stack.pop()
        for number, line in d.markers:
            carriers.setdefault(number, []).append((d, line))
        stack += reversed(d.children)
    defined: set[str] = set()
    for fn in notes:
        if fn.number in defined:
            builder.problem(fn.line, "duplicate-footnote", f"footnote {fn.number} defined again")
        defined.add(fn.number)
        node = Draft("footnote", f"fn/{fn.number}", fn.number, "fn")
        node.parts.append(Part(fn.line, fn.raw, fn.text))
        found = sorted(carriers.get(fn.number, []), key=lambda c: c[1])
        node.meta["marker_lines"] = list(dict.fromkeys(line for _, line in found))
        if found:
            found[0][0].children.append(node)
        else:
            builder.problem(
                fn.line, "footnote-unreferenced", f"footnote {fn.number} has no marker in the text"
            )
            drafts.append(node)
    for number, found in carriers.items():
        if number not in defined:
            builder.problem(
                found[0][1],
                "footnote-undefined",
                f"marker {number} (line {found[0][1]}) has no footnote text",
            )
