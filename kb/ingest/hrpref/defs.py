"""Chapter 1 `Definicije` of hr-pref-2014: 88 `Term  -  definition` entries (notes A.6).

Entries become ``def/<slug>`` (a second ``Igra`` is ``def/igra-2``); the nine `   - Dva  -  ...`
sub-entries under *Licitacija* are children ``def/licitacija/dva``; numbered lines are children
``.../1``; lines that are neither continue the entry above (the *Expas* line break); the rezon
values under *Rezon* are a table ``def/rezon/table/1``.
"""

from __future__ import annotations

import re

from kb.ingest.common import slugify, squash
from kb.ingest.hrpref.lines import DEF_ENTRY, DEF_NUMBER, DEF_SUB, PAGE
from kb.ingest.hrpref.sink import Sink
from kb.ingest.hrpref.tables import REZON_INLINE, REZON_ROW, rezon_row
from kb.models import Node

MAX_TERM_WORDS = 8
SEPARATOR = "jednako"  # the rezon table's `=` (notes A.1)


def term_slug(term: str) -> str:
    """Slug of a term without its glosses: `Bord (Board eng.) (Paleta hr.)` -> `bord`."""
    return slugify(re.sub(r"\([^)]*\)", " ", term)) or slugify(term) or "term"


def aliases(term: str) -> list[str]:
    """The names a term goes by: its `A ili B` alternatives and parenthesised glosses."""
    glosses = [squash(g) for g in re.findall(r"\(([^)]*)\)", term)]
    bare = squash(re.sub(r"\([^)]*\)", " ", term)).replace("„", "").replace("“", "")
    names = [squash(p) for p in re.split(r"\s+ili\s+", bare) if squash(p)]
    return [n for n in [*names, *glosses] if n != squash(term)]


# a word ending as a Croatian adjective or participle does (`Prilagođen`, `Rangirani`):
# before `ili` it shares the noun of the alternative after it
_ADJECTIVE = re.compile(r"(?:i|[aeo]n)$")
_ABBREVIATION = re.compile(r"^([A-ZČĆŠŽĐ]{2,})-\s+(\S.*)$")  # `PB- preferans bodovi`
_LANG_TAG = re.compile(r"\s+(?:eng|hr)\.$")  # `(Board eng.)`, `(Paleta hr.)`


def term_names(term: str) -> tuple[list[str], list[str]]:
    """The names of a term as the text uses them, and the other names (synonyms) it gives.

    ``A ili B C`` with ``A`` an adjective shares the noun: ``Prilagođen ili arbitražni
    rezultat`` -> prilagođen rezultat / arbitražni rezultat, ``Visoko pozicionirani ili
    rangirani natjecatelj`` -> visoko pozicionirani / visoko rangirani natjecatelj; glosses in
    brackets are synonyms (``Bord (Board eng.)``) unless they list adjectives for the first
    word (``Preparatorni pik (pripravni, uvodni, početni)`` -> pripravni pik ...);
    ``PB- preferans bodovi`` has both names.
    """
    glosses = [squash(g) for g in re.findall(r"\(([^)]*)\)", term)]
    bare = squash(re.sub(r"\([^)]*\)", " ", term)).replace("„", "").replace("“", "")
    if m := _ABBREVIATION.match(bare):
        return [m.group(1), m.group(2)], []
    alternatives = [squash(p) for p in re.split(r"\s+ili\s+", bare) if squash(p)]
    first, rest = alternatives[0], alternatives[1:]
    if rest and len(rest[-1].split()) > 1 and _ADJECTIVE.search(first):
        noun, lead = rest[-1].split()[-1], first.split()[:-1]
        first = f"{first} {noun}"
        rest = [" ".join([*lead, r]) if len(r.split()) > 1 else f"{r} {noun}" for r in rest]
    words = first.split()
    for gloss in glosses:
        parts = [squash(p) for p in gloss.split(",")]
        if len(words) > 1 and len(parts) > 1 and all(len(p.split()) == 1 for p in parts):
            rest += [" ".join([p, *words[1:]]) for p in parts]
        else:
            rest.append(_LANG_TAG.sub("", gloss))
    return [first], rest


def is_term(term: str) -> bool:
    """A plausible defined term (short, starting with a capital)."""
    return len(term.split()) <= MAX_TERM_WORDS and len(term) <= 60


class Definitions:
    """Reads the lines of chapter 1 into definition nodes under ``chapter``."""

    def __init__(self, sink: Sink, chapter: Node) -> None:
        self.sink = sink
        self.chapter = chapter
        self.entry: Node | None = None
        self.sub: Node | None = None
        self.item: Node | None = None
        self.numbers: dict[str, int] = {}
        self.table: Node | None = None
        self.slugs: set[str] = set()

    def read(self, start: int, end: int) -> None:
        """Read lines ``start..end`` (1-based, inclusive)."""
        for n in range(start, end + 1):
            s = self.sink.norm[n - 1]
            if not s.strip():
                continue
            if m := PAGE.match(s):
                self.sink.pending_page = int(m.group(1))
                self.sink.artefact(n, "page-marker", f"page marker {s.strip()!r} removed")
                continue
            self.line(n, s)

    def line(self, n: int, s: str) -> None:
        """Place one non-blank line."""
        if REZON_ROW.match(s) and self.entry is not None:
            self.rezon(n, s)
            return
        self.table = None
        m = DEF_ENTRY.match(s)
        if m and is_term(squash(m.group(1))):
            self.top(n, squash(m.group(1)), m.group(2))
            return
        m = DEF_SUB.match(s)
        if m and self.entry is not None and is_term(squash(m.group(1))):
            self.subentry(n, squash(m.group(1)), m.group(2))
            return
        m = DEF_NUMBER.match(s)
        owner = self.sub or self.entry
        if m and owner is not None:
            self.sink.cut_label(n, m.start(2))
            self.numbered(n, owner, m.group(1), m.group(2))
            return
        target = self.item or self.sub or self.entry
        if target is None:
            self.sink.problem(n, "unplaced-text", f"text before the first definition: {s[:60]!r}")
            target = self.chapter
        self.sink.append(target, n, s)

    def top(self, n: int, term: str, text: str) -> None:
        """A new top-level entry."""
        slug = term_slug(term)
        if slug in self.slugs:
            k = 2
            while f"{slug}-{k}" in self.slugs:
                k += 1
            self.sink.problem(
                n, "duplicate-term", f"term {term!r} is defined again; kept as def/{slug}-{k}"
            )
            slug = f"{slug}-{k}"
        self.slugs.add(slug)
        meta: dict[str, object] = {"aliases": aliases(term)} if aliases(term) else {}
        meta["names"], meta["synonyms"] = term_names(term)
        self.entry = self.sink.add(
            "definition",
            f"def/{slug}",
            parent=self.chapter.id,
            line=n,
            title=term,
            law="def",
            meta=meta,
        )
        self.entry.text = squash(text)
        self.sub = self.item = None

    def subentry(self, n: int, term: str, text: str) -> None:
        """A `   - Dva  -  ...` sub-entry of the current entry."""
        assert self.entry is not None
        cite = base = f"{self.entry.cite}/{term_slug(term)}"
        k = 2
        while self.sink.builder.get(f"{self.sink.builder.doc}:{cite}") is not None:
            cite = f"{base}-{k}"
            k += 1
        if k > 2:
            self.sink.problem(n, "duplicate-term", f"sub-entry {term!r} again; kept as {cite}")
        self.sub = self.sink.add(
            "definition", cite, parent=self.entry.id, line=n, title=term, law="def"
        )
        self.sub.text = squash(text)
        self.item = None

    def numbered(self, n: int, owner: Node, label: str, text: str) -> None:
        """A numbered line `1.   ...` of an entry or sub-entry."""
        value, last = int(label), self.numbers.get(owner.id, 0)
        cite = f"{owner.cite}/{label}"
        if value != last + 1:
            self.sink.problem(
                n, "numbering-gap", f"{owner.cite}: item {label} follows item {last or 'none'}"
            )
        k = 2
        while self.sink.builder.get(f"{self.sink.builder.doc}:{cite}") is not None:
            cite = f"{owner.cite}/{label}-{k}"
            k += 1
        self.numbers[owner.id] = value
        self.item = self.sink.add("item", cite, parent=owner.id, line=n, label=label, law="def")
        self.item.text = squash(text)

    def rezon(self, n: int, s: str) -> None:
        """A row of the rezon value table (and any prose after the last row)."""
        assert self.entry is not None
        cells, prose = rezon_row(s)
        if self.table is None:
            k = (
                sum(
                    1
                    for x in self.sink.builder.nodes
                    if x.parent == self.entry.id and x.kind == "table"
                )
                + 1
            )
            self.table = self.sink.add(
                "table",
                f"{self.entry.cite}/table/{k}",
                parent=self.entry.id,
                line=n,
                law="def",
                rows=[],
                heading=False,
                meta={"columns": ["rezon", "karte"], "separator": SEPARATOR},
            )
            self.inline_first_row(self.entry, self.table)
        assert self.table.rows is not None
        self.table.rows.append(cells)
        self.sink.extend(self.table, n)
        self.cut_separator(n, 0)
        if prose:
            # the last row runs on into the entry's prose (notes A.6: l. 917): the entry's
            # text continues there, so the line is in its span too
            self.entry.text = f"{self.entry.text} {squash(prose)}"
            self.sink.extend(self.entry, n)
            self.table = None

    def cut_separator(self, n: int, start: int) -> None:
        """The `jednako` of the rezon row starting at ``start`` of line ``n`` is the table's
        separator (``meta["separator"]``), not text."""
        s = self.sink.norm[n - 1]
        at = s.find(SEPARATOR, start)
        if at >= 0:
            self.sink.cut_structure(n, at, at + len(SEPARATOR))

    def inline_first_row(self, entry: Node, table: Node) -> None:
        """Move a row that runs on at the end of the entry's text (the `0,5` row of *Rezon*,
        l. 895) to the head of the table, and the table's span back to that line."""
        assert table.rows is not None
        line = entry.line_end
        m = REZON_INLINE.search(entry.text)
        at = REZON_INLINE.search(self.sink.norm[line - 1])
        if m is None or at is None:
            return
        entry.text = entry.text[: m.start()].rstrip()
        table.rows.append(rezon_row(m.group(1))[0])
        self.sink.extend(table, line)
        self.cut_separator(line, at.start())
        table.line_start = min(table.line_start, line)
        self.sink.problem(
            line,
            "table-row-inline",
            f"{table.cite}: the row {m.group(1)!r} ends the prose line; moved to the table",
        )
