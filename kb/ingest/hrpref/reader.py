"""Reader for hr-pref-2014, the Croatian *Preferans kodeks* (2nd ed., Samobor 2014).

Layout (notes A.2): title page, table of contents (an artefact, but the only source of the
titles of čl. 80-98, `Kategorizacija` and chapters 10-13, since the file stops inside čl. 79),
the foreword (`predgovor`), chapter 1 with 88 definitions, then chapters 2-9 with `Članak 1.` ...
`Članak 79`. IDs: articles `29`, paragraphs `29(a)`, items `29(a)1`, sub-items `9(b)1(a)`;
chapters `ch/5`, sections `ch/5/sg/III`, definitions `def/igra`, tables `77/table/1`.
"""

from __future__ import annotations

from kb.ingest.common import slugify, source_lines, squash
from kb.ingest.hrpref.body import Body
from kb.ingest.hrpref.defs import Definitions
from kb.ingest.hrpref.lines import CHAPTER, PAGE, normalise, strip_markup, title_key
from kb.ingest.hrpref.scan import is_chapter, scan
from kb.ingest.hrpref.sink import Sink
from kb.ingest.hrpref.toc import Toc, TocArticle, TocGroup, parse_toc
from kb.models import ParsedDoc

FOREWORD_CITE = "predgovor"


def read(text: str) -> ParsedDoc:
    """Parse the Preferans kodeks into its node tree."""
    raw = source_lines(text)
    norm: list[str] = []
    marked: list[int] = []
    for n, line in enumerate(raw, 1):
        clean, had_markup = strip_markup(normalise(line))
        norm.append(clean)
        if had_markup:
            marked.append(n)
    sink = Sink(raw, norm)
    for n in marked:
        sink.problem(n, "markup-stripped", f"markup removed from {raw[n - 1].strip()[:60]!r}")
    toc = parse_toc(norm)
    first = _front_matter(sink, toc)
    dups = _duplicate_lines(sink, first)
    total = len(norm)
    c1 = _find_chapter_one(norm, toc, first, dups)
    c2 = _find_body(norm, toc, max(c1, first - 1), dups)
    stop = (c1 or c2 or total + 1) - 1
    _foreword(sink, toc, first, stop, dups)
    if c1:
        _definitions(sink, toc, c1, (c2 or total + 1) - 1, dups)
    if c2:
        body = Body(sink, toc, scan(norm, c2, total, toc, dups), total)
        if (ch1 := sink.builder.get(f"{sink.builder.doc}:ch/1")) is not None:
            body.chapters["1"] = ch1
        body.read(c2)
        _toc_only(sink, toc, body)
    lines = [
        n
        for n in range(first, total + 1)
        if norm[n - 1].strip() and n not in dups and not PAGE.match(norm[n - 1])
    ]
    placed = set(sink.body_lines)
    for n in lines:
        if n not in placed:
            sink.problem(n, "unplaced-line", f"line not placed in any node: {norm[n - 1][:60]!r}")
    sink.finish()
    return sink.builder.result([sink.body_text(n) for n in lines])


def _front_matter(sink: Sink, toc: Toc) -> int:
    """Record the title page and the TOC as artefacts; return the first line after them."""
    if not toc.start:
        return 1
    if any(s.strip() for s in sink.norm[: toc.start - 1]):
        sink.artefact(1, "title-page", f"title page, lines 1-{toc.start - 1}")
    sink.artefact(toc.start, "toc", f"table of contents, lines {toc.start}-{toc.end}")
    return toc.end + 1


def _duplicate_lines(sink: Sink, first: int) -> set[int]:
    """A line repeating the line just above it is dropped (kept once) and reported."""
    dups: set[int] = set()
    prev = ""
    for n in range(first, len(sink.norm) + 1):
        s = squash(sink.norm[n - 1])
        if not s:
            continue
        if s == prev:
            dups.add(n)
            sink.problem(n, "duplicate-line", f"line repeats the line above; kept once: {s[:60]!r}")
            sink.artefact(n, "duplicate-line", f"repeated line removed: {s[:60]!r}")
        prev = s
    return dups


def _find_chapter_one(norm: list[str], toc: Toc, first: int, dups: set[int]) -> int:
    """The `1. Definicije` heading line (0 if none)."""
    want = toc.chapters.get("1")
    key = title_key(want.title) if want else "definicije"
    for n in range(first, len(norm) + 1):
        m = CHAPTER.match(norm[n - 1])
        if m and n not in dups and m.group(1) == "1" and title_key(m.group(2)) == key:
            return n
    return 0


def _find_body(norm: list[str], toc: Toc, after: int, dups: set[int]) -> int:
    """The first chapter heading numbered 2 or more after line ``after`` (0 if none)."""
    for n in range(after + 1, len(norm) + 1):
        m = CHAPTER.match(norm[n - 1])
        if m and n not in dups and int(m.group(1)) >= 2 and is_chapter(norm[n - 1], toc, 2):
            return n
    return 0


def _foreword(sink: Sink, toc: Toc, start: int, stop: int, dups: set[int]) -> None:
    """The foreword(s) before chapter 1: one section node `predgovor` (body text, law None)."""
    lines = [n for n in range(start, stop + 1) if sink.norm[n - 1].strip() and n not in dups]
    if not lines:
        return
    head = sink.norm[lines[0] - 1].strip()
    meta = {"toc_title": toc.foreword} if toc.foreword else {}
    if head.startswith("Predgovor"):
        node = sink.add(
            "section", FOREWORD_CITE, parent=None, line=lines[0], title=squash(head), meta=meta
        )
        lines = lines[1:]
    else:
        sink.problem(
            lines[0], "foreword-heading-missing", f"the foreword starts with {head[:60]!r}"
        )
        node = sink.add("section", FOREWORD_CITE, parent=None, line=0, meta=meta, heading=False)
    for n in lines:
        if PAGE.match(sink.norm[n - 1]):
            sink.pending_page = int(PAGE.match(sink.norm[n - 1]).group(1))  # type: ignore[union-attr]
            sink.artefact(n, "page-marker", f"page marker {sink.norm[n - 1].strip()!r} removed")
            continue
        sink.append(node, n, sink.norm[n - 1])


def _definitions(sink: Sink, toc: Toc, c1: int, stop: int, dups: set[int]) -> None:
    """Chapter 1 and its definitions."""
    m = CHAPTER.match(sink.norm[c1 - 1])
    assert m is not None
    want = toc.chapters.get("1")
    meta = {"toc_title": want.title, "toc_pages": want.pages} if want else {}
    sink.cut_label(c1, m.start(2))
    chapter = sink.add(
        "chapter",
        "ch/1",
        parent=None,
        line=c1,
        label="1",
        title=squash(m.group(2)),
        meta={k: v for k, v in meta.items() if v},
    )
    defs = Definitions(sink, chapter)
    for n in range(c1 + 1, stop + 1):
        if n not in dups:
            defs.read(n, n)


def _toc_only(sink: Sink, toc: Toc, body: Body) -> None:
    """Title-only records for what the TOC lists but the (truncated) body lacks."""
    present = set(body.articles)
    missing = [a for a in toc.articles if a.num is None or a.num not in present]
    if not missing:
        return
    places = _TocPlaces(sink, toc, body)
    for entry in missing:
        cite = str(entry.num) if entry.num is not None else slug_of(entry.title)
        if sink.builder.get(f"{sink.builder.doc}:{cite}") is not None:
            sink.problem(entry.line, "toc-duplicate", f"TOC entry {cite} is already placed")
            continue
        meta = {
            "text_in_source": False,
            "title_source": "toc",
            "toc_title": entry.title,
            "toc_item": entry.item,
            "toc_line": entry.line,
        }
        sink.add(
            "law",
            cite,
            parent=places.node_for(entry),
            line=entry.line,
            label=str(entry.num) if entry.num is not None else "",
            title=entry.title,
            law=cite,
            meta=meta,
            heading=False,
        )
    names = ", ".join(str(a.num) if a.num is not None else repr(a.title) for a in missing)
    last = len(sink.norm)
    sink.problem(
        last,
        "missing-in-body",
        f"listed in the TOC but not in the body (the source is truncated): {names}",
    )
    beyond = [a for a in missing if a.num is None or a.num > max(present, default=0)]
    last_law = body.last_article
    if beyond and last_law and (node := sink.builder.get(f"{sink.builder.doc}:{last_law}")):
        node.meta["truncated"] = True
        sink.problem(last, "truncated-source", f"the source stops inside čl. {last_law}")


def slug_of(title: str) -> str:
    """Cite of an unnumbered TOC entry (`Kategorizacija` -> `kategorizacija`)."""
    return slugify(title) or "unnumbered"


class _TocPlaces:
    """Finds (or creates, as TOC-only records) the group node a TOC entry belongs to."""

    def __init__(self, sink: Sink, toc: Toc, body: Body) -> None:
        self.sink, self.toc, self.body = sink, toc, body
        self.nodes = dict(body.toc_nodes)
        inner = {(ch, title_key(t)) for ch, t, _ in body.inner_headings}
        self.absorbed = {
            id(g)
            for g in toc.groups
            if g.kind == "section"
            and id(g) not in self.nodes
            and (g.chapter, title_key(g.title)) in inner
        }
        for g in toc.groups:
            if id(g) in self.absorbed:
                line = next(
                    n
                    for ch, t, n in body.inner_headings
                    if ch == g.chapter and title_key(t) == title_key(g.title)
                )
                sink.problem(
                    line,
                    "toc-section-inside-article",
                    f"TOC section {g.label} {g.title!r} is a heading inside an article "
                    "in the body; kept there",
                )

    def node_for(self, entry: TocArticle) -> str:
        """The group node for an article entry."""
        return self.group(entry.group, entry.chapter, for_articles=True)

    def chapter(self, label: str) -> str:
        """The chapter node, created from the TOC when the body lacks it."""
        node = self.body.chapters.get(label)
        if node is not None:
            return node.id
        toc = self.toc.chapters.get(label)
        meta = {"text_in_source": False, "toc_line": toc.line if toc else 0}
        if toc and toc.pages:
            meta["toc_pages"] = toc.pages
        node = self.sink.add(
            "chapter",
            f"ch/{label}",
            parent=None,
            line=toc.line if toc else 0,
            label=label,
            title=toc.title if toc else None,
            meta=meta,
            heading=False,
        )
        self.body.chapters[label] = node
        return node.id

    def group(self, g: TocGroup | None, chapter: str, *, for_articles: bool) -> str:
        """The node of a TOC group (sections absorbed into an article defer to their
        predecessor: the previous group for articles, the previous section for sub-groups)."""
        if g is None:
            return self.chapter(chapter)
        if id(g) in self.absorbed:
            before = [
                x
                for x in self.toc.groups[: self.toc.groups.index(g)]
                if x.chapter == g.chapter and (for_articles or x.kind == "section")
            ]
            return self.group(before[-1] if before else None, chapter, for_articles=for_articles)
        if id(g) in self.nodes:
            return self.nodes[id(g)]
        if g.kind == "subgroup":
            owner = next(
                (
                    x
                    for x in reversed(self.toc.groups[: self.toc.groups.index(g)])
                    if x.kind == "section" and x.chapter == g.chapter and x.label == g.section
                ),
                None,
            )
            parent = self.group(owner, chapter, for_articles=False)
        else:
            parent = self.chapter(chapter)
        pcite = parent.split(":", 1)[1]
        cite = f"{pcite}/sg/{g.label}"
        k = 2
        while self.sink.builder.get(f"{self.sink.builder.doc}:{cite}"):
            cite = f"{pcite}/sg/{g.label}-{k}"
            k += 1
        meta = {"text_in_source": False, "toc_line": g.line}
        if g.pages:
            meta["toc_pages"] = g.pages
        node = self.sink.add(
            "section-group",
            cite,
            parent=parent,
            line=g.line,
            label=g.label,
            title=g.title,
            meta=meta,
            heading=False,
        )
        self.nodes[id(g)] = node.id
        return node.id
