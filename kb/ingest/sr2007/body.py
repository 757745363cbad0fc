"""sr-2007 body: laws 1-93 cut into sections, paragraphs, items, subitems and tables.

One pass over the content lines with a small state (current law, section, paragraph, item,
subitem). Lines are classified by their clean text, never by ``#`` depth (notes A3-A5):
law headings in 19 variants (title on the line, on the next line, after a footnote block, or
missing), an embedded ``A.`` section on the title line (laws 8, 39, 40), numbered paragraphs
with optional titles, ``(a)``/``a)``/``a.`` items, ``(i)`` Roman subitems (but the letter ``(i)``
after ``(h)``, 80B2), Law 40's lost numbering (rebuilt and reported), TAB tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.ingest.common import ROMAN
from kb.ingest.sr2007.lines import Line
from kb.ingest.sr2007.sink import Sink
from kb.ingest.sr2007.text import (
    BULLET,
    EMBEDDED_SECTION,
    GROUP,
    INLINE_ITEM,
    ITALIC_ONLY,
    ITEM_BARE,
    ITEM_MARK_RAW,
    ITEM_PAREN,
    LAW,
    LAW_IN_RAW,
    PARA_BOLD_REST,
    PARAGRAPH,
    SECTION,
    WHOLE_BOLD_PARA,
    clean,
    heading_like,
    next_letter,
)
from kb.ingest.sr2007.toc import KIND, Toc, group_cite
from kb.models import Node, NodeKind

_LISTED = {"paragraph", "item", "subitem"}
_GROUP_KIND: dict[str, NodeKind] = {"ch": "chapter", "pt": "part", "sg": "section-group"}


@dataclass
class PendingGroup:
    """A chapter/part/section-group heading met in the body, placed when its first law comes."""

    kind: str
    label: str
    title: str | None
    lines: list[Line]


class BodyReader:
    """Feeds body content lines one by one into the tree."""

    def __init__(self, sink: Sink, toc: Toc) -> None:
        self.sink = sink
        self.b = sink.b
        self.toc = toc
        self.law: Node | None = None
        self.section: Node | None = None
        self.para: Node | None = None
        self.item: Node | None = None
        self.sub: Node | None = None
        self.last: Node | None = None
        self.table: Node | None = None
        self.caption: str | None = None
        self.expect: Node | PendingGroup | None = None  # awaits its title line
        self.pending: list[PendingGroup] = []
        self.path: list[str] = []  # group cites of the current law
        self.laws: list[str] = []
        self.unplaced: list[Line] = []
        self.tables: dict[str, int] = {}
        self.leftover: list[Line] = []  # body group headings the TOC does not place

    # --- dispatch ----------------------------------------------------------------------------
    def feed(self, line: Line) -> None:
        """Place one content line."""
        if line.fn is not None:
            self.sink.footnote_text(line)
            return
        if "\t" in line.raw:
            self._table_row(line)
            return
        self.table = None
        text = line.text
        m = LAW.match(text)
        if m:
            self._law(line, m.group(1))
            return
        g = GROUP.match(text)
        if g:
            self._group(line, KIND[g.group(1)], g.group(2), g.group(3).strip() or None)
            return
        if self.expect is not None:
            if self._is_title(line):
                self._take_title(line)
                return
            self.expect = None
        if self.law is None:
            if text:
                self.unplaced.append(line)
            return
        self._in_law(line, text)

    def _in_law(self, line: Line, text: str) -> None:
        s = SECTION.match(text)
        if s and (heading_like(line.raw) or s.group(1) == self._next_section()):
            self._section(line, s.group(1), s.group(2) or None)
            return
        p = PARAGRAPH.match(text)
        if p:
            self._paragraph(line, p.group(1), p.group(2))
            return
        if self._item_line(line, text):
            return
        bullet = BULLET.match(text)
        if bullet:
            self._rebuilt_paragraph(line, bullet.group(1))
            return
        if heading_like(line.raw):
            self._subheading(line, text)
            return
        self._plain(line, text)

    # --- headings ----------------------------------------------------------------------------
    def _law(self, line: Line, number: str) -> None:
        raw_rest = line.raw
        hit = LAW_IN_RAW.search(raw_rest)
        if hit:
            raw_rest = raw_rest[hit.end() :]
        title_raw, section_raw = raw_rest, ""
        embedded = EMBEDDED_SECTION.search(raw_rest)
        if embedded:
            title_raw, section_raw = raw_rest[: embedded.start()], raw_rest[embedded.end() :]
        title = clean(title_raw) or None
        self._close_law()
        self.path = self._path_for(number)
        parent = self._ensure_groups(self.path, line)
        entry = self.toc.laws.get(number)
        meta: dict[str, object] = {"title_source": "body" if title else None}
        if entry is not None:
            meta["toc_title"] = entry.title
            if entry.note:
                meta["group_source"] = entry.note
                meta["toc_groups"] = entry.toc_path
                self.b.problem(line.n, "toc-placement-overridden", f"Law {number}: {entry.note}")
        if (
            self.laws
            and number.isdigit()
            and self.laws[-1].isdigit()
            and int(number) != int(self.laws[-1]) + 1
        ):
            self.b.problem(
                line.n, "law-sequence", f"line {line.n}: Law {number} follows Law {self.laws[-1]}"
            )
        self.laws.append(number)
        law = self.b.add(
            "law",
            number,
            label=number,
            title=title,
            parent=parent,
            lines=(line.n, line.n),
            law=number,
            meta=meta,
        )
        self.sink.touch(law, line)
        for left in self.leftover:
            self.sink.append(law, left)
        self.leftover = []
        self.law = self.last = law
        self.expect = None if title else law
        if section_raw:
            self._embedded_section(line, section_raw)

    def _embedded_section(self, line: Line, section_raw: str) -> None:
        s = SECTION.match(clean(section_raw))
        if s:
            self.expect = None
            self._section(line, s.group(1), s.group(2) or None)

    def _is_title(self, line: Line) -> bool:
        text = line.text
        if (
            not text
            or SECTION.match(text)
            or PARAGRAPH.match(text)
            or ITEM_PAREN.match(text)
            or "\t" in line.raw
        ):
            return False
        return heading_like(line.raw) or line.adjacent

    def _take_title(self, line: Line) -> None:
        target, self.expect = self.expect, None
        if isinstance(target, PendingGroup):
            target.title = line.text
            target.lines.append(line)
            return
        if target is None:
            return
        raw = line.raw
        embedded = EMBEDDED_SECTION.search(raw)
        title = clean(raw[: embedded.start()] if embedded else raw)
        target.title = title or None
        target.meta["title_source"] = "body" if title else None
        self.sink.touch(target, line)
        if embedded:
            self._embedded_section(line, raw[embedded.end() :])

    def _group(self, line: Line, kind: str, label: str, title: str | None) -> None:
        self._close_law()
        group = PendingGroup(kind, label, title, [line])
        self.pending.append(group)
        self.expect = None if title else group

    def _section(self, line: Line, letter: str, title: str | None) -> None:
        law = self.law
        if law is None:
            return
        expected = self._next_section()
        if letter != expected:
            self.b.problem(
                line.n,
                "section-sequence",
                f"line {line.n}: section {law.cite}{letter} where {law.cite}{expected}"
                " was expected",
            )
        node = self.b.add(
            "section",
            f"{law.cite}{letter}",
            label=letter,
            title=title,
            parent=law.id,
            lines=(line.n, line.n),
            law=law.law,
        )
        self.sink.touch(node, line)
        self.section = self.last = node
        self.para = self.item = self.sub = None
        self.caption = None

    def _next_section(self) -> str:
        return "A" if self.section is None else next_letter(self.section.label).upper()

    def _subheading(self, line: Line, text: str) -> None:
        """A heading that is not numbered (Law 77's ``ŠTIHOVSKI POENI`` ...): kept in the
        container's text, and remembered as the caption of the next table."""
        container = self._container()
        self.sink.append(container, line, text)
        self.caption = text
        self.para = self.item = self.sub = None
        self.last = container

    # --- numbered parts ----------------------------------------------------------------------
    def _container(self) -> Node:
        node = self.section or self.law
        assert node is not None  # only called inside a law
        return node

    def _para_cite(self, container: Node, number: str) -> str:
        # labels concatenated as the reader contract says; directly under a law (laws 35
        # and 71) a dot keeps the digits apart: `35.1`, never `351`
        sep = "." if container.kind == "law" else ""
        return f"{container.cite}{sep}{number}"

    def _new_paragraph(
        self, line: Line, number: str, title: str | None, meta: dict[str, object] | None = None
    ) -> Node:
        container = self._container()
        expected = str(int(self.para.label) + 1) if self.para and self.para.label.isdigit() else "1"
        if number != expected:
            self.b.problem(
                line.n,
                "paragraph-sequence",
                f"line {line.n}: paragraph {number} in {container.cite} where "
                f"{expected} was expected",
            )
        node = self.b.add(
            "paragraph",
            self._para_cite(container, number),
            label=number,
            title=title,
            parent=container.id,
            lines=(line.n, line.n),
            law=container.law,
            meta=meta,
        )
        self.para = self.last = node
        self.item = self.sub = None
        return node

    def _paragraph(self, line: Line, number: str, rest: str) -> None:
        raw = line.raw.strip().lstrip("#").strip()
        titled = WHOLE_BOLD_PARA.fullmatch(raw) or PARA_BOLD_REST.fullmatch(raw)
        if titled:
            node = self._new_paragraph(line, number, clean(titled.group(2)))
            self.sink.touch(node, line)
            return
        node = self._new_paragraph(line, number, None)
        inline = INLINE_ITEM.match(rest)
        if inline:
            self.sink.touch(node, line, marks=False)
            letter = inline.group(1) or inline.group(3)
            self._add_item(line, letter, inline.group(2) if inline.group(1) else inline.group(4))
            return
        self.sink.append(node, line, rest)

    def _rebuilt_paragraph(self, line: Line, text: str) -> None:
        """A bulleted line where the numbering was lost (Law 40A2, 40A3): the next number."""
        number = str(int(self.para.label) + 1) if self.para and self.para.label.isdigit() else "1"
        node = self._new_paragraph(line, number, None, {"number_source": "reconstructed"})
        self.b.problem(
            line.n,
            "number-reconstructed",
            f"line {line.n}: bullet without a number taken as paragraph {node.cite}",
        )
        self.sink.append(node, line, text)

    def _item_line(self, line: Line, text: str) -> bool:
        m = ITEM_PAREN.match(text)
        if m:
            token, rest = m.group(1), m.group(2)
        else:
            bare = ITEM_BARE.match(text)
            if not bare:
                return False
            token, rest = bare.group(1), bare.group(2)
            current = self.item.label if self.item else None
            if token not in ("a", next_letter(current)):
                return False
        is_letter_after = self.item is not None and token == next_letter(self.item.label)
        if token in ROMAN and self.item is not None and not is_letter_after:
            self._add_subitem(line, token, rest)
        elif len(token) == 1 or self.item is None:
            self._add_item(line, token, rest)
        else:
            return False
        return True

    def _item_title(self, line: Line) -> str | None:
        rest = ITEM_MARK_RAW.sub("", line.raw, count=1)
        if INLINE_ITEM.match(clean(rest)) is None:
            m = ITALIC_ONLY.fullmatch(rest.strip())
            if m:
                return clean(m.group(1))
        return None

    def _add_item(self, line: Line, letter: str, rest: str) -> None:
        if self.para is None and self.section is not None:
            self._rebuild_for_items(line, "1")
        elif self.para is not None and letter == "a" and self.item is not None:
            nxt = str(int(self.para.label) + 1) if self.para.label.isdigit() else "1"
            self._rebuild_for_items(line, nxt)
        parent = self.para or self._container()
        expected = next_letter(self.item.label if self.item else None)
        if letter != expected:
            self.b.problem(
                line.n,
                "item-sequence",
                f"line {line.n}: item ({letter}) in {parent.cite} where ({expected}) was expected",
            )
        title = self._item_title(line)
        node = self.b.add(
            "item",
            f"{parent.cite}({letter})",
            label=letter,
            title=title,
            parent=parent.id,
            lines=(line.n, line.n),
            law=parent.law,
        )
        self.sink.append(node, line, "" if title else rest)
        self.item = self.last = node
        self.sub = None

    def _rebuild_for_items(self, line: Line, number: str) -> None:
        node = self._new_paragraph(line, number, None, {"number_source": "reconstructed"})
        self.b.problem(
            line.n,
            "number-reconstructed",
            f"line {line.n}: items without a paragraph number; taken as {node.cite}",
        )
        self.sink.touch(node, line, marks=False)

    def _add_subitem(self, line: Line, numeral: str, rest: str) -> None:
        item = self.item
        assert item is not None
        node = self.b.add(
            "subitem",
            f"{item.cite}({numeral})",
            label=numeral,
            title=self._item_title(line),
            parent=item.id,
            lines=(line.n, line.n),
            law=item.law,
        )
        self.sink.append(node, line, "" if node.title else rest)
        self.sub = self.last = node

    # --- text and tables ---------------------------------------------------------------------
    def _plain(self, line: Line, text: str) -> None:
        target = self.last or self._container()
        if not line.adjacent and target.kind in _LISTED and target.text:
            # a paragraph after a finished list item closes the list (69B, 71 closing lines)
            target = self._container()
        self.sink.append(target, line, text)
        self.last = target

    def _table_row(self, line: Line) -> None:
        if self.law is None:
            self.unplaced.append(line)
            return
        cells = [clean(c) for c in line.raw.split("\t")]
        if self.table is None or not line.adjacent:
            container = self._container()
            k = self.tables.get(container.id, 0) + 1
            self.tables[container.id] = k
            self.table = self.b.add(
                "table",
                f"{container.cite}/table/{k}",
                label=str(k),
                title=self.caption,
                parent=container.id,
                lines=(line.n, line.n),
                law=container.law,
                rows=[],
            )
            self.caption = None
            self.last = container
            self.para = self.item = self.sub = None
        assert self.table.rows is not None
        self.table.rows.append(cells)
        self.sink.touch(self.table, line)

    # --- groups ------------------------------------------------------------------------------
    def _path_for(self, number: str) -> list[str]:
        entry = self.toc.laws.get(number)
        if entry is not None:
            return list(entry.path)
        # not in the TOC: the previous law's groups, moved by the headings met since
        labels: list[str | None] = [None, None, None]
        for cite in self.path:
            parts = cite.split("/")
            for key, idx in (("ch", 0), ("pt", 1), ("sg", 2)):
                if key in parts:
                    labels[idx] = parts[parts.index(key) + 1]
        for group in self.pending:
            if group.kind == "chapter":
                labels = [group.label, None, None]
            elif group.kind == "part":
                labels[1:] = [group.label, None]
            else:
                labels[2] = group.label
        return group_cite((labels[0], labels[1], labels[2]))

    def _ensure_groups(self, path: list[str], line: Line) -> str | None:
        """Create the groups of ``path`` not made yet (body heading if met, else TOC);
        returns the innermost group's ID."""
        parent: str | None = None
        for cite in path:
            node_id = f"{self.b.doc}:{cite}"
            if self.b.get(node_id) is None:
                self._make_group(cite, parent, line)
            parent = node_id
        for group in self.pending:
            self.b.problem(
                group.lines[0].n,
                "group-heading-unplaced",
                f"line {group.lines[0].n}: {group.kind} {group.label} heading does "
                f"not match the TOC groups of the next law ({', '.join(path)}); its "
                "text is kept in the next law",
            )
            self.leftover.extend(group.lines)
        self.pending = []
        return parent

    def _make_group(self, cite: str, parent: str | None, line: Line) -> Node:
        kind = _GROUP_KIND[cite.split("/")[-2]]
        label = cite.split("/")[-1]
        toc_group = self.toc.groups.get(cite)
        body = next((g for g in self.pending if g.kind == kind and g.label == label), None)
        meta: dict[str, object] = {"heading_in_body": body is not None}
        if toc_group is not None:
            meta["toc_title"] = toc_group.title
            meta["toc_line"] = toc_group.line
        title = body.title if body is not None else None
        meta["title_source"] = "body" if title else ("toc" if toc_group else None)
        if not title and toc_group is not None:
            title = toc_group.title
        span = (toc_group.line, toc_group.line) if toc_group else (line.n, line.n)
        node = self.b.add(
            kind, cite, label=label, title=title, parent=parent, lines=span, meta=meta
        )
        if body is not None:
            self.pending.remove(body)
            node.line_start = node.line_end = body.lines[0].n
            node.raw = ""
            for bl in body.lines:
                self.sink.touch(node, bl)
        return node

    def _close_law(self) -> None:
        self.section = self.para = self.item = self.sub = None
        self.table = None
        self.caption = None

    # --- end ---------------------------------------------------------------------------------
    def finish(self) -> list[Line]:
        """Close the pass: TOC titles where the body has none, table columns, TOC/body
        agreement; returns the lines that found no place."""
        for group in self.pending:
            self.b.problem(
                group.lines[0].n,
                "group-heading-unplaced",
                f"line {group.lines[0].n}: {group.kind} {group.label} heading with no law after it",
            )
            self.leftover.extend(group.lines)
        self.pending = []
        for number in self.laws:
            law = self.b.get(f"{self.b.doc}:{number}")
            entry = self.toc.laws.get(number)
            if law is None or law.kind != "law":
                continue
            if law.title is None and entry is not None and entry.title:
                law.title = entry.title
                law.meta["title_source"] = "toc"
            elif law.title is None:
                self.b.problem(
                    law.line_start,
                    "law-untitled",
                    f"Law {number} has no title in the body or the TOC",
                )
        if self.toc.laws:
            for number in self.toc.order:
                if number not in self.laws:
                    self.b.problem(
                        self.toc.laws[number].line,
                        "toc-law-missing",
                        f"TOC lists Law {number} but the body has no such law",
                    )
            for number in self.laws:
                if number not in self.toc.laws:
                    self.b.problem(None, "law-not-in-toc", f"Law {number} is not in the TOC")
        for node in self.b.nodes:
            if node.kind == "table" and node.rows:
                columns = table_columns(node.rows)
                if columns is not None:
                    node.meta["columns"] = columns
        return self.unplaced + self.leftover


def table_columns(rows: list[list[str]]) -> list[str] | None:
    """Column names from the header row (None when the first row holds numbers, i.e. the
    table has no header: Law 2, Law 77 bonuses); a two-row header (first cells empty, spans
    left empty: Law 77 undertricks) is combined, ``Van zone`` carried over its span."""
    head = rows[0]
    if any(cell.replace(" ", "").isdigit() for cell in head):
        return None
    if (
        len(rows) > 1
        and head
        and head[0] == ""
        and rows[1]
        and rows[1][0] == ""
        and len(rows[1]) == len(head)
        and "" in head[1:]
    ):
        names, span = [], ""
        for top, low in zip(head, rows[1], strict=True):
            span = top or span
            names.append(f"{span} {low}".strip())
        return names
    return list(head)
