"""sk-2017 body: Laws 1–93 cut into sections, paragraphs, items, sub-items and tables.

The walk has two steps. ``units`` turns source lines into classified units, lifting footnote
lines out and re-joining a sentence that a footnote block or a page break split (the previous
unit does not end a sentence and the next starts in lower case). ``LawWalker`` then places each
unit in the tree, keeping a stack of the open law, section, paragraph, item and sub-item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.ingest.common import ROMAN, TreeBuilder
from kb.ingest.sk2017.draft import Draft, Part
from kb.ingest.sk2017.tables import finish_table
from kb.ingest.sk2017.text import (
    BULLET,
    FOOTNOTE_LINE,
    ITEM,
    LAW_HEADING,
    PARAGRAPH,
    PARAGRAPH_NO_PERIOD,
    SECTION,
    SECTION_NO_PERIOD,
    clean,
    ends_sentence,
    is_caps_heading,
    next_letter,
    sup_number,
)

_RUN_IN_END = re.compile(r"(?:,|;|\balebo|\ba)$")


@dataclass
class Unit:
    """A classified body line (or a sentence re-joined from several lines)."""

    kind: str  # law, section, section?, paragraph, paragraph?, item, table, text, bullet
    line: int
    raw: str
    label: str = ""
    rest: str = ""
    parts: list[Part] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)


@dataclass
class Footnote:
    """A footnote text line lifted out of the body."""

    number: str
    line: int
    raw: str
    text: str


def classify(n: int, raw: str) -> Unit:
    """The kind of one non-blank body line."""
    for kind, pattern in (
        ("law", LAW_HEADING),
        ("section", SECTION),
        ("paragraph", PARAGRAPH),
        ("item", ITEM),
    ):
        m = pattern.match(raw)
        if m:
            return Unit(kind, n, raw, m[1], m[2] or "")
    if "\t" in raw:
        return Unit("table", n, raw)
    for kind, pattern in (("section?", SECTION_NO_PERIOD), ("paragraph?", PARAGRAPH_NO_PERIOD)):
        m = pattern.match(raw)
        if m:
            return Unit(kind, n, raw, m[1], m[2])
    m = BULLET.match(raw)
    if m:
        return Unit("bullet", n, raw, "", m[1])
    return Unit("text", n, raw, "", raw)


def units(lines: list[str], start: int, builder: TreeBuilder) -> tuple[list[Unit], list[Footnote]]:
    """Body units from line ``start`` on, and the footnote lines lifted out of them."""
    out: list[Unit] = []
    notes: list[Footnote] = []
    for n in range(start, len(lines) + 1):
        raw = lines[n - 1]
        if not raw.strip():
            continue
        fn = FOOTNOTE_LINE.match(raw)
        if fn:
            notes.append(Footnote(sup_number(fn[1]), n, raw, clean(fn[2]).text))
            continue
        unit = classify(n, raw)
        c = clean(unit.rest if unit.kind not in ("table",) else "")
        for r in c.repairs:
            builder.problem(n, r, f"line {n}: stray characters repaired ({r})")
        prev = out[-1] if out else None
        if (
            unit.kind == "text"
            and c.text[:1].islower()
            and prev is not None
            and prev.kind in ("text", "paragraph", "item", "bullet")
            and not ends_sentence(_last_text(prev))
        ):
            prev.parts.append(Part(n, raw, c.text))
            prev.markers += c.markers
            builder.problem(
                n,
                "sentence-rejoined",
                f"line {n} continues the sentence of line {prev.line} "
                "across a page break or footnote block",
            )
            continue
        unit.parts = [Part(n, raw, c.text)]
        unit.markers = c.markers
        out.append(unit)
    return out, notes


def _last_text(unit: Unit) -> str:
    return unit.parts[-1].text if unit.parts else ""


class LawWalker:
    """Places body units into law drafts."""

    def __init__(self, builder: TreeBuilder, toc: dict[str, tuple[str, int]]) -> None:
        self.b = builder
        self.toc = toc
        self.laws: list[Draft] = []
        self.law: Draft | None = None
        self.sec: Draft | None = None
        self.par: Draft | None = None
        self.item: Draft | None = None
        self.sub: Draft | None = None
        self.table: Draft | None = None
        self.caps: str | None = None
        self.orphans: list[Unit] = []

    # -- helpers ---------------------------------------------------------------------------
    def _container(self) -> Draft | None:
        return self.sec or self.law

    def _close_table(self) -> None:
        if self.table is not None:
            finish_table(self.table, self.b)
            self.table = None

    def _attach(self, parent: Draft, child: Draft) -> Draft:
        parent.children.append(child)
        return child

    def _head(self, d: Draft, unit: Unit, title_raw: str | None = None) -> None:
        d.head = Part(unit.line, unit.parts[0].raw if unit.parts else unit.raw, "")
        if title_raw is not None:
            c = clean(title_raw)
            d.title = c.text or None
            d.markers += [(m, unit.line) for m in c.markers]

    # -- the walk -------------------------------------------------------------------------
    def walk(self, body: list[Unit]) -> list[Draft]:
        """Place every unit; returns the law drafts in source order."""
        for unit in body:
            handler = {
                "law": self.on_law,
                "section": self.on_section,
                "section?": self.on_section,
                "paragraph": self.on_paragraph,
                "paragraph?": self.on_paragraph,
                "item": self.on_item,
                "table": self.on_table,
            }.get(unit.kind, self.on_text)
            if unit.kind != "table":
                self._close_table()
            if self.law is None and unit.kind != "law":
                self.orphans.append(unit)
                self.b.problem(
                    unit.line,
                    "outside-law",
                    f"line {unit.line} precedes any law "
                    f"heading and is kept with the front of the book: {unit.raw!r}",
                )
                continue
            handler(unit)
        self._close_table()
        return self.laws

    def on_law(self, unit: Unit) -> None:
        """``PRAVIDLO N – TITLE``: a new law; the title is split on the first dash only."""
        number = str(int(unit.label))
        if any(d.label == number for d in self.laws):
            self.b.problem(
                unit.line,
                "duplicate-law",
                f"Law {number} occurs again at line {unit.line}: {unit.raw.strip()!r}",
            )
        elif (
            self.laws
            and self.laws[-1].label.isdigit()
            and int(number) != int(self.laws[-1].label) + 1
        ):
            self.b.problem(
                unit.line, "law-out-of-sequence", f"Law {number} follows Law {self.laws[-1].label}"
            )
        law = Draft("law", number, number, number)
        self._head(law, unit, unit.rest)
        toc = self.toc.get(number)
        if toc:
            law.meta["toc_title"] = toc[0]
        if law.title:
            law.meta["title_source"] = "body"
            if toc and _fold(toc[0]) != _fold(law.title):
                self.b.problem(
                    unit.line,
                    "toc-title-differs",
                    f"Law {number}: body title {law.title!r}, TOC {toc[0]!r}",
                )
        elif toc:
            law.title, law.meta["title_source"] = toc[0], "toc"
            self.b.problem(unit.line, "title-from-toc", f"Law {number} has no body title")
        self.laws.append(law)
        self.law = law
        self.sec = self.par = self.item = self.sub = None
        self.caps = None

    def on_section(self, unit: Unit) -> None:
        """``A. Title`` (or a run-in ``A. text`` completing the law's lead-in)."""
        assert self.law is not None
        siblings = [c for c in self.law.children if c.kind == "section"]
        expected = next_letter(siblings[-1].label) if siblings else "A"
        if unit.kind == "section?" and unit.label != expected:
            self.on_text(_as_text(unit))
            return
        if unit.label != expected:
            self.b.problem(
                unit.line,
                "section-out-of-sequence",
                f"Law {self.law.label}: section {unit.label} where {expected} was due",
            )
        sec = Draft("section", f"{self.law.cite}{unit.label}", unit.label, self.law.label)
        rest = unit.parts[0].text if unit.parts else ""
        run_in = bool(rest) and (
            rest[:1].islower()
            or bool(_RUN_IN_END.search(rest))
            or bool(siblings and siblings[-1].meta.get("run_in"))
        )
        if run_in:
            self._head(sec, unit)
            sec.add_text(unit.parts[0], unit.markers)
            sec.parts[1:] = unit.parts[1:]
            sec.meta["run_in"] = True
        else:
            self._head(sec, unit, unit.rest)
            sec.parts += unit.parts[1:]
        if unit.kind == "section?":
            self.b.problem(
                unit.line,
                "number-without-period",
                f"line {unit.line}: section {unit.label} printed without its period",
            )
        self.sec = self._attach(self.law, sec)
        self.par = self.item = self.sub = None
        self.caps = None

    def on_paragraph(self, unit: Unit) -> None:
        """``1. text``, ``1. (a) text`` or a numbered title (``1. Bol získaný …``)."""
        container = self._container()
        assert container is not None
        siblings = [c for c in container.children if c.kind == "paragraph"]
        expected = str(int(siblings[-1].label) + 1) if siblings else "1"
        if unit.kind == "paragraph?" and unit.label != expected:
            self.on_text(_as_text(unit))
            return
        label = str(int(unit.label))
        if label != expected:
            self.b.problem(
                unit.line,
                "paragraph-out-of-sequence",
                f"{container.cite}: paragraph {label} where {expected} was due",
            )
        if unit.kind == "paragraph?":
            self.b.problem(
                unit.line,
                "number-without-period",
                f"line {unit.line}: paragraph {label} printed without its period",
            )
        # directly under a law (35, 71) a dot keeps the digits apart: `35.1`, never `351`
        sep = "." if container.kind == "law" else ""
        law = self.law.label if self.law else None
        par = Draft("paragraph", f"{container.cite}{sep}{label}", label, law)
        self._head(par, unit)
        self.par = self._attach(container, par)
        self.item = self.sub = None
        inline = ITEM.match(unit.rest)
        if inline:
            # ``1. (a) text``: the paragraph has no own text, the item starts on its line
            self.on_item(_inline_item(unit, inline))
            return
        par.add_text(unit.parts[0], unit.markers)
        par.parts += unit.parts[1:]
        par.meta["may_be_title"] = not ends_sentence(unit.parts[0].text) and len(unit.parts) == 1

    def on_item(self, unit: Unit) -> None:
        """``(a) text`` or a Roman ``(ii) text``; ``(i)`` after ``(h)`` is the letter i."""
        label = unit.label
        letter_next = self.item is not None and next_letter(self.item.label) == label
        if label in ROMAN and self.item is not None and not letter_next:
            parent, kind = self.item, "subitem"
        else:
            parent, kind = (self.par or self.sec or self.law), "item"
        assert parent is not None
        d = Draft(kind, f"{parent.cite}({label})", label, self.law.label if self.law else None)
        self._head(d, unit)
        self._attach(parent, d)
        if kind == "item":
            self.item, self.sub = d, None
        else:
            self.sub = d
        if self.par is not None:
            self.par.meta.pop("may_be_title", None)
        inner = ITEM.match(unit.rest) if kind == "item" else None
        if inner and inner[1] in ROMAN:
            # ``(g) (i) text``: a Roman sub-item starts on the item's line
            self.on_item(_inline_item(unit, inner))
            return
        d.add_text(unit.parts[0], unit.markers)
        d.parts += unit.parts[1:]

    def on_table(self, unit: Unit) -> None:
        """A TAB line: a row of the open table, or the first row of a new one."""
        container = self._container()
        assert container is not None
        prev = self.table.parts[-1].line if self.table and self.table.parts else None
        if self.table is None or prev != unit.line - 1:
            self._close_table()
            k = 1 + sum(1 for c in container.children if c.kind == "table")
            self.table = Draft(
                "table",
                f"{container.cite}/table/{k}",
                str(k),
                self.law.label if self.law else None,
                title=self.caps,
            )
            self._attach(container, self.table)
            self.caps = None
            self.par = self.item = self.sub = None
        self.table.parts.append(Part(unit.line, unit.raw, ""))

    def on_text(self, unit: Unit) -> None:
        """Plain text: the open node's own text, a paragraph's title, or a closing sentence."""
        text = unit.parts[0].text if unit.parts else ""
        if self.par is not None and self.par.meta.pop("may_be_title", False) and text[:1].isupper():
            # ``1. Bol získaný jediný výsledok`` + text: the first line was the paragraph title
            first = self.par.parts.pop(0)
            self.par.title = first.text or None
            self.par.add_text(unit.parts[0], unit.markers)
            self.par.parts += unit.parts[1:]
            self.par.meta["accepts_text"] = True
            return
        if self.par is not None and not self.par.meta.get("accepts_text"):
            # a sentence after numbered paragraphs closes their container (69B, Law 71)
            container = self._container()
            assert container is not None
            self.b.problem(
                unit.line,
                "closing-text",
                f"line {unit.line} follows {self.par.cite} but is not part of it; "
                f"kept as closing text of {container.cite}",
            )
            container.meta.setdefault("closing_lines", []).append(unit.line)
            self.par = self.item = self.sub = None
        target = self.sub or self.item or self.par or self._container()
        assert target is not None
        if unit.kind == "bullet":
            target.meta.setdefault("bullet_lines", []).append(unit.line)
        if is_caps_heading(text) and target.kind in ("law", "section"):
            self.caps = text
        target.add_text(unit.parts[0], unit.markers)
        target.parts += unit.parts[1:]

    def finish(self) -> None:
        """Drop working flags from drafts."""
        stack = list(self.laws)
        while stack:
            d = stack.pop()
            d.meta.pop("may_be_title", None)
            d.meta.pop("accepts_text", None)
            stack += d.children


def _as_text(unit: Unit) -> Unit:
    """A line that looked like ``V text`` / ``3 text`` but is not numbering: the whole line."""
    c = clean(unit.raw)
    first = Part(unit.line, unit.raw, c.text)
    return Unit("text", unit.line, unit.raw, "", unit.raw, [first, *unit.parts[1:]], c.markers)


def _inline_item(unit: Unit, m: re.Match[str]) -> Unit:
    """The item that starts inside a line (``1. (a) text``, ``(g) (i) text``)."""
    rest = m[2] or ""
    first = Part(unit.line, unit.raw, clean(rest).text)
    return Unit("item", unit.line, unit.raw, m[1], rest, [first, *unit.parts[1:]], unit.markers)


def _fold(title: str) -> str:
    return " ".join(title.casefold().split())
