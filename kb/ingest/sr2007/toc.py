"""sr-2007 table of contents (``SADRŽAJ``, at the end of the file): the only complete record of
the chapter (POGLAVLJE) / part (DEO) / section-group (ODELJAK) hierarchy, and a second title for
every law (notes A2). Levels are told by keyword, never by ``#`` count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.ingest.sr2007.text import FENCE, GROUP, TOC_LAW, clean

KIND = {"POGLAVLJE": "chapter", "DEO": "part", "ODELJAK": "section-group"}

# Deliberate departures from the TOC, with the reason (notes A2, "Note on Law 35"): the TOC
# lists Law 35 one line before the ODELJAK V heading, but Law 35 ("Nemogući govori", the
# inadmissible calls that Laws 36-39 treat) opens Section Five in the WBF 2007 original.
OVERRIDES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "35": (
        ("V", "II", "IV"),
        ("V", "II", "V"),
        "TOC lists Law 35 before the ODELJAK V heading; it opens Section Five "
        "(Inadmissible calls) in the WBF 2007 Laws, so it is placed under ODELJAK V",
    ),
}


@dataclass
class Group:
    """A chapter, part or section-group as the TOC names it."""

    kind: str
    label: str
    title: str | None
    line: int
    cite: str


@dataclass
class TocLaw:
    """A TOC law entry: its title, line and the cites of its groups (outermost first)."""

    number: str
    title: str | None
    line: int
    path: list[str]
    note: str | None = None
    toc_path: list[str] = field(default_factory=list)


@dataclass
class Toc:
    """The parsed table of contents."""

    groups: dict[str, Group] = field(default_factory=dict)
    laws: dict[str, TocLaw] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # law numbers in TOC order


def group_cite(labels: tuple[str | None, str | None, str | None]) -> list[str]:
    """Cites of the groups for (chapter, part, section-group) labels, missing levels omitted:
    ``ch/V``, ``ch/V/pt/II``, ``ch/V/pt/II/sg/IV``, ``ch/X/sg/I``."""
    ch, pt, sg = labels
    out: list[str] = []
    if ch is None:
        return out
    cite = f"ch/{ch}"
    out.append(cite)
    if pt is not None:
        cite += f"/pt/{pt}"
        out.append(cite)
    if sg is not None:
        cite += f"/sg/{sg}"
        out.append(cite)
    return out


def parse_toc(lines: list[str], span: tuple[int, int]) -> Toc:
    """Read the TOC lines of ``span`` (0-based half-open) into groups and law entries."""
    toc = Toc()
    ch: str | None = None
    pt: str | None = None
    sg: str | None = None
    awaiting: Group | None = None  # a heading whose title is on a later line
    for i in range(*span):
        raw = lines[i]
        text = clean(raw)
        if not text or FENCE.match(raw) or set(text) <= set("- "):
            continue  # blank lines, page breaks, empty-table leftovers `------\t----`
        m = GROUP.match(text)
        if m:
            kind, label, title = KIND[m.group(1)], m.group(2), m.group(3).strip() or None
            if kind == "chapter":
                ch, pt, sg = label, None, None
            elif kind == "part":
                pt, sg = label, None
            else:
                sg = label
            cite = group_cite((ch, pt, sg))[-1] if ch else f"sg/{label}"
            group = Group(kind, label, title, i + 1, cite)
            toc.groups.setdefault(cite, group)
            awaiting = group if title is None else None
            continue
        m = TOC_LAW.match(text)
        if m:
            awaiting = None
            number, title = m.group(1), m.group(2).strip() or None
            path = group_cite((ch, pt, sg))
            entry = TocLaw(number, title, i + 1, path, toc_path=path)
            over = OVERRIDES.get(number)
            if over and (ch, pt, sg) == over[0]:
                entry.path, entry.note = group_cite(over[1]), over[2]
            if number not in toc.laws:
                toc.laws[number] = entry
                toc.order.append(number)
            continue
        if awaiting is not None:
            awaiting.title = text
            awaiting = None
    return toc
