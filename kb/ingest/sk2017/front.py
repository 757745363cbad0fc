"""sk-2017 front of the book: title page, table of contents, introduction and definitions.

Everything before the first ``PRAVIDLO N – …`` heading of the body. The title page and the TOC
are artefacts (the TOC's law titles are kept for ``meta["toc_title"]``); the introduction and
the definitions are part of the Laws (the introduction says so) and become nodes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.ingest.common import TreeBuilder, slugify
from kb.ingest.sk2017.draft import Draft, Part
from kb.ingest.sk2017.text import body_text, clean

_TOC_ENTRY = re.compile(r"^(?P<entry>.*?)\.*\t+\s*(?P<page>\d+)\s*$")
_TOC_LAW = re.compile(r"^\s*PRAVIDLO\s+(\d{1,3})\s*[–-]\s*(.*?)\s*$")
_TOC_HEADING = re.compile(r"^\s*OBSAH\s*$")
_INTRO = re.compile(r"^\s*ÚVOD K PRAVIDL")
_DEFS = re.compile(r"^\s*DEFINÍCIA POJMOV\s*$")
# ``- Alertovanie** (Alert) – …`` (bullets with a broken bold) or ``Previnivší … (Offender) – …``
_DEFINITION = re.compile(
    r"^\s*(?:-\s*)?(?P<term>[^()\t]+?)(?:\*\*)?\s+\((?P<en>[^)]+)\)\s+[–-]\s+(?P<text>.+?)\s*$"
)
_SENSE = re.compile(r"\((\d)\)\s*")


@dataclass
class Front:
    """What the front of the book yields."""

    drafts: list[Draft] = field(default_factory=list)
    toc_titles: dict[str, tuple[str, int]] = field(default_factory=dict)
    toc_extra: dict[str, tuple[str, int]] = field(default_factory=dict)
    body: dict[int, str] = field(default_factory=dict)


def read_front(lines: list[str], end: int, builder: TreeBuilder) -> Front:
    """Read source lines ``1..end`` (1-based, inclusive) of the front of the book."""
    out = Front()
    toc_lines = [n for n in range(1, end + 1) if _is_toc(lines[n - 1])]
    intro_at = _find(lines, _INTRO, end, after=max(toc_lines, default=0))
    defs_at = _find(lines, _DEFS, end, after=intro_at or 0)
    first_text = toc_lines[0] if toc_lines else (intro_at or defs_at or end + 1)
    for n in range(1, end + 1):
        raw = lines[n - 1]
        if not raw.strip():
            continue
        if n in toc_lines:
            _toc_line(out, raw, n)
            builder.artefact(n, "toc", f"table of contents line removed: {raw.strip()!r}")
        elif n < first_text:
            builder.artefact(n, "front-matter", f"title page line removed: {raw.strip()!r}")
    if toc_lines:
        builder.artefact(
            toc_lines[0], "toc-span", f"table of contents, lines {toc_lines[0]}-{toc_lines[-1]}"
        )
    intro_start = intro_at or (max(toc_lines) + 1 if toc_lines else first_text)
    intro_end = (defs_at - 1) if defs_at else end
    if intro_start <= intro_end:
        intro = _intro(lines, intro_start, intro_end, bool(intro_at), out, builder)
        if intro:
            out.drafts.append(intro)
    if defs_at:
        out.drafts.append(_definitions(lines, defs_at, end, out, builder))
    return out


def _is_toc(raw: str) -> bool:
    return bool(_TOC_ENTRY.match(raw) or _TOC_HEADING.match(raw))


def _find(lines: list[str], pattern: re.Pattern[str], end: int, after: int) -> int | None:
    return next(
        (
            n
            for n in range(after + 1, end + 1)
            if pattern.match(lines[n - 1]) and "\t" not in lines[n - 1]
        ),
        None,
    )


def _toc_line(out: Front, raw: str, n: int) -> None:
    m = _TOC_ENTRY.match(raw)
    if not m:
        return
    entry = m["entry"].strip()
    law = _TOC_LAW.match(entry)
    if law:
        out.toc_titles.setdefault(str(int(law[1])), (law[2].strip(), n))
    else:
        out.toc_extra.setdefault(entry, (entry, n))


def _toc_for(out: Front, title: str | None) -> str | None:
    if not title:
        return None
    key = title.casefold()
    return next((t for e, (t, _) in out.toc_extra.items() if e.casefold() == key), None)


def _intro(
    lines: list[str], start: int, end: int, has_heading: bool, out: Front, builder: TreeBuilder
) -> Draft | None:
    """The introduction: a part node ``intro`` with its paragraphs ``intro/1`` …"""
    part = Draft("part", "intro", "", None, meta={"kind_of_part": "introduction"})
    first = start
    if has_heading:
        head = clean(lines[start - 1])
        part.title = head.text
        part.head = Part(start, lines[start - 1], "")
        toc = _toc_for(out, head.text)
        if toc:
            part.meta["toc_title"] = toc
        out.body[start] = body_text(lines[start - 1])
        first = start + 1
    for n in range(first, end + 1):
        raw = lines[n - 1]
        if not raw.strip():
            continue
        c = clean(raw)
        k = len(part.children) + 1
        child = Draft("paragraph", f"intro/{k}", str(k), None, meta={"numbering": "implicit"})
        child.add_text(Part(n, raw, c.text), c.markers)
        part.children.append(child)
        out.body[n] = body_text(raw)
        _repairs(builder, n, c.repairs)
    if not part.head and not part.children:
        return None
    if not has_heading:
        builder.problem(start, "missing-heading", "introduction heading not found; kept as intro")
    return part


def _definitions(lines: list[str], start: int, end: int, out: Front, builder: TreeBuilder) -> Draft:
    """``DEFINÍCIA POJMOV``: a part node ``def`` holding the definition entries."""
    group = Draft("part", "def", "", None, title=clean(lines[start - 1]).text)
    group.head = Part(start, lines[start - 1], "")
    group.meta["kind_of_part"] = "definitions"
    toc = _toc_for(out, group.title)
    if toc:
        group.meta["toc_title"] = toc
    out.body[start] = body_text(lines[start - 1])
    slugs: dict[str, int] = {}
    current: Draft | None = None
    for n in range(start + 1, end + 1):
        raw = lines[n - 1]
        if not raw.strip():
            continue
        out.body[n] = body_text(raw)
        m = _DEFINITION.match(raw)
        if m:
            if split_senses(clean(m["text"]).text)[1]:
                # the sense numbers (1), (2) … are numbering: they become the senses' labels
                out.body[n] = _SENSE.sub("", out.body[n])
            current = _definition(m, n, raw, slugs, builder)
            group.children.append(current)
            continue
        c = clean(raw)
        _repairs(builder, n, c.repairs)
        if current is None:
            group.add_text(Part(n, raw, c.text), c.markers)
            continue
        # continuation lines (``disciplinárne – …`` under Pokuta) belong to the entry above
        if not c.text[:1].islower():
            builder.problem(
                n,
                "definition-continuation",
                f"line {n} has no '(English) –' and is kept with {current.title!r}",
            )
        target = current.children[-1] if current.children else current
        target.add_text(Part(n, raw, c.text), c.markers)
    return group


def _definition(
    m: re.Match[str], n: int, raw: str, slugs: dict[str, int], builder: TreeBuilder
) -> Draft:
    term = clean(m["term"]).text
    slug = slugify(term) or "term"
    slugs[slug] = slugs.get(slug, 0) + 1
    if slugs[slug] > 1:
        slug = f"{slug}-{slugs[slug]}"
    entry = Draft("definition", f"def/{slug}", term, "def", title=term)
    entry.meta["term"] = term
    entry.meta["names"] = natural_names(term)
    entry.meta["synonyms"] = []  # the English equivalent is not a word of the Slovak text
    entry.meta["en"] = clean(m["en"]).text
    body = clean(m["text"])
    _repairs(builder, n, body.repairs)
    entry.head = Part(n, raw, "")
    entry.markers += [(x, n) for x in body.markers]
    lead, senses = split_senses(body.text)
    # the English equivalent stays in the text as printed (``(Alert) – …``), the term is the title
    entry.parts.append(Part(n, raw, f"({entry.meta['en']}) – {lead}".strip()))
    for k, sense in enumerate(senses, 1):
        child = Draft("definition", f"def/{slug}/{k}", str(k), "def")
        child.parts.append(Part(n, raw, sense))
        child.meta["inline"] = True
        entry.children.append(child)
    return entry


def natural_names(term: str) -> list[str]:
    """A glossary headword in the word order of the text: ``Karta, pokutová`` -> ``pokutová
    karta``. With two modifiers both orders occur in the text (``predpokladaný hlavný hráč``,
    ``psychických klamlivých hlášok``), and either alone (``nezamiešaný balíček``)."""
    head, *mods = [p.strip() for p in term.split(",") if p.strip()] or [term]
    if not mods:
        return [head]
    noun = head[:1].lower() + head[1:]
    forms = [" ".join([*mods, noun]), " ".join([*reversed(mods), noun])]
    if len(mods) > 1:
        forms += [f"{m} {noun}" for m in mods]
    return list(dict.fromkeys(forms))


def split_senses(text: str) -> tuple[str, list[str]]:
    """``je (1) … alebo (2) …`` -> (``je``, [``…  alebo``, ``…``]); senses must run 1, 2, …"""
    marks = list(_SENSE.finditer(text))
    numbered = [m for i, m in enumerate(marks) if m[1] == str(i + 1)]
    if len(numbered) < 2 or len(numbered) != len(marks):
        return text, []
    lead = text[: numbered[0].start()].strip()
    senses = []
    for i, m in enumerate(numbered):
        stop = numbered[i + 1].start() if i + 1 < len(numbered) else len(text)
        senses.append(text[m.end() : stop].strip())
    return lead, senses


def _repairs(builder: TreeBuilder, n: int, repairs: list[str]) -> None:
    for r in repairs:
        builder.problem(n, r, f"line {n}: stray characters repaired ({r})")
