"""Reader for ``ru-comment``: a director's commentary on Laws 24-39 (web-reader page, Russian).

Layout (notes sources-hr-pl-ru.md, Part C): a ModernLib web header and footer, a double-spaced
body (blank lines carry no information), law headings ``Правило N. TITLE`` (two of them on two
lines), numbered points ``N.M.`` and inside them sub-items ``(i)``...``(vi)`` and ``либо (а)``/
``либо (b)``. The body starts inside Law 24 (no heading, a fragment of 24.2) and stops inside
39.3. Artefacts removed with their line: the header and footer, NBSP-only lines, 20 ``..pageN``
markers (14 on their own line, 6 at a line end) and 27 duplicated emphasis lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.ingest.common import ROMAN, TreeBuilder, source_lines, squash
from kb.ingest.rucomment.clean import Line, clean_lines
from kb.models import Node, ParsedDoc

DOC = "ru-comment"

HEADING = re.compile(r"^Правило (?P<n>\d{1,2})\. (?P<title>[А-ЯЁ][А-ЯЁ ,()\-]+)$")
TITLE_CONT = re.compile(r"^[А-ЯЁ][А-ЯЁ ,()\-]{2,}$")
POINT = re.compile(r"^(?P<law>\d{1,2})\.(?P<pt>\d{1,2})\.\s+(?!выше|ниже)(?=\S)")
ROMAN_ITEM = re.compile(r"^\((?P<r>i{1,3}|iv|vi?)\)\s+(?=\S)")
CATEGORY = re.compile(r"^либо \((?P<c>[аa-z])\)\s")
# text after a point's sub-items that belongs to the point again, not to the last sub-item
TAIL_START = re.compile(r"^(?:Пример|Примечание):")
ROMANS = ROMAN[:6]  # the commentary numbers sub-items (i)-(vi) only
LOOKALIKE = str.maketrans("асео", "aceo")  # Cyrillic letters used as Latin labels (а) -> a


@dataclass
class _Open:
    """The node text is being collected for: own lines, lines after its children (tail)."""

    node: Node
    lines: list[Line] = field(default_factory=list)
    tail: list[Line] = field(default_factory=list)


def _join(lines: list[Line]) -> str:
    return squash("".join(ln.text + ln.glue for ln in lines))


class _Reader:
    def __init__(self, text: str) -> None:
        self.b = TreeBuilder(DOC)
        self.src = source_lines(text)
        self.kept, self.page, self.body = clean_lines(self.src, self.b)
        self.open: list[_Open] = []
        self.law: Node | None = None
        self.law_no = 0
        self.laws_seen: set[int] = set()
        self.point: Node | None = None
        self.pt_no = 0
        self.item_idx = -1
        self.cat_idx = -1
        self.orphans: list[Line] = []

    # -- node bookkeeping ---------------------------------------------------------------------
    def close(self, depth: int) -> None:
        """Finish the open nodes deeper than ``depth`` (0 = all)."""
        while len(self.open) > depth:
            o = self.open.pop()
            o.node.text = _join(o.lines + o.tail)
            own = o.lines + o.tail
            o.node.raw = self.raw([ln.no for ln in own]) if own else o.node.raw
            if o.lines:
                o.node.line_start = min(o.node.line_start or o.lines[0].no, o.lines[0].no)
                o.node.line_end = max(o.node.line_end, o.lines[-1].no)
            if o.tail:
                o.node.meta["tail_lines"] = [o.tail[0].no, o.tail[-1].no]

    def raw(self, nos: list[int]) -> str:
        """Source lines as they stand; lines no other node owns (blank, artefacts) bridge runs."""
        runs: list[list[int]] = []
        owned = self.owned
        for n in nos:
            if runs and all(g not in owned for g in range(runs[-1][1] + 1, n)):
                runs[-1][1] = n
            else:
                runs.append([n, n])
        return "\n".join("\n".join(self.src[a - 1 : b]) for a, b in runs)

    def add(self, depth: int, kind: str, cite: str, label: str, no: int, **kw) -> Node:
        self.close(depth)
        parent = self.open[-1].node.id if self.open else None
        node = self.b.add(kind, cite, label=label, parent=parent, lines=(no, no), **kw)  # type: ignore[arg-type]
        self.open.append(_Open(node))
        return node

    def append(self, ln: Line) -> None:
        """Add a line of running text to the innermost open node."""
        if not self.open:
            self.orphans.append(ln)
            return
        o = self.open[-1]
        # once a point's sub-items are closed, its further text is a tail after them
        (o.tail if o.tail else o.lines).append(ln)

    # -- structure ------------------------------------------------------------------------------
    def run(self) -> ParsedDoc:
        self.owned = {ln.no for ln in self.kept}
        i = 0
        while i < len(self.kept):
            ln = self.kept[i]
            i += 1
            if m := HEADING.match(ln.text):
                i = self.heading(ln, int(m["n"]), m["title"], i)
            elif (m := POINT.match(ln.text)) and self.point_ok(ln, int(m["law"]), int(m["pt"])):
                self.start_point(ln, int(m["law"]), int(m["pt"]), ln.text[m.end() :])
            elif self.point and (m := ROMAN_ITEM.match(ln.text)) and self.roman_ok(m["r"]):
                self.start_item(ln, m["r"], m["r"], ln.text[m.end() :])
            elif self.point and (m := CATEGORY.match(ln.text)) and self.category_ok(m["c"]):
                self.start_item(ln, m["c"], m["c"].translate(LOOKALIKE), ln.text)
            elif len(self.open) == 3 and TAIL_START.match(ln.text):
                self.close(2)
                self.open[-1].tail.append(ln)
            else:
                self.append(ln)
        self.close(0)
        self.finish()
        return self.b.result(self.body)

    def heading(self, ln: Line, n: int, title: str, i: int) -> int:
        """A law heading; the next line joins the title when it is all capitals."""
        lines = [ln]
        while (
            i < len(self.kept)
            and TITLE_CONT.match(self.kept[i].text)
            and not HEADING.match(self.kept[i].text)
        ):
            lines.append(self.kept[i])
            title = f"{title} {self.kept[i].text}"
            i += 1
        if n in self.laws_seen or n < self.law_no:
            self.b.problem(
                ln.no,
                "repeated-heading",
                f"heading of law {n} at l.{ln.no} repeats or goes back (current law "
                f"{self.law_no}); kept as text",
            )
            for x in lines:
                self.append(x)
            return i
        if self.law_no and n != self.law_no + 1:
            self.b.problem(ln.no, "law-gap", f"law {n} follows law {self.law_no}")
        self.start_law(ln.no, n, squash(title), [x.no for x in lines])
        return i

    def start_law(self, no: int, n: int, title: str | None, head: list[int]) -> None:
        meta: dict = {"reader_page": self.page} if self.page else {}
        if title:
            meta["title_source"] = "body"
        else:
            meta["heading_missing"] = True
        self.law = self.add(
            0,
            "law",
            str(n),
            str(n),
            no,
            title=title,
            raw=self.raw(head) if head else "",
            law=str(n),
            meta=meta,
        )
        if head:
            self.law.line_end = head[-1]
        self.law_no, self.pt_no, self.point = n, 0, None
        self.laws_seen.add(n)

    def point_ok(self, ln: Line, law: int, pt: int) -> bool:
        """Sequence check: the next point of this law, or the first points of the next law."""
        if self.law is not None and law == self.law_no:
            if pt <= self.pt_no:
                self.b.problem(
                    ln.no,
                    "point-out-of-sequence",
                    f"{law}.{pt}. after {law}.{self.pt_no}; kept as text",
                )
                return False
            if pt != self.pt_no + 1:
                self.b.problem(ln.no, "point-gap", f"{law}.{pt}. follows {law}.{self.pt_no}")
            return True
        if law in self.laws_seen or law < self.law_no or pt > 9:
            return False
        # a law whose heading is missing: the source starts mid-law, or a heading was lost
        self.b.problem(
            ln.no,
            "missing-heading",
            f"points of law {law} begin at l.{ln.no} with no heading `Правило {law}.`",
        )
        # the law's record starts where its first text does (the orphan fragment, if any)
        first = self.orphans[0].no if self.orphans and pt > 1 else ln.no
        self.start_law(first, law, None, [])
        if pt > 1 and self.orphans:
            frag = self.orphans
            self.orphans = []
            self.b.problem(
                frag[0].no,
                "orphan-fragment",
                f"text before {law}.{pt}. at l.{frag[0].no}-{frag[-1].no} kept as the "
                f"end of point {law}.{pt - 1}",
            )
            node = self.add(
                1,
                "point",
                f"{law}.{pt - 1}",
                f"{law}.{pt - 1}",
                frag[0].no,
                law=str(law),
                meta={"fragment": True},
            )
            self.open[-1].lines.extend(frag)
            self.pt_no = pt - 1
            self.point = node
        if pt != self.pt_no + 1:
            self.b.problem(ln.no, "point-gap", f"{law}.{pt}. is the first point of law {law}")
        return True

    def start_point(self, ln: Line, law: int, pt: int, rest: str) -> None:
        cite = f"{law}.{pt}"
        self.point = self.add(1, "point", cite, cite, ln.no, law=str(law))
        self.pt_no, self.item_idx, self.cat_idx = pt, -1, -1
        rest_line = Line(ln.no, rest, ln.glue)
        if (m := ROMAN_ITEM.match(rest)) and m["r"] == "i":
            self.start_item(ln, "i", "i", rest[m.end() :])
            return
        self.open[-1].lines.append(rest_line)

    def roman_ok(self, r: str) -> bool:
        return self.cat_idx < 0 and ROMANS.index(r) == self.item_idx + 1

    def category_ok(self, c: str) -> bool:
        return self.item_idx < 0 and ord(c.translate(LOOKALIKE)) - ord("a") == self.cat_idx + 1

    def start_item(self, ln: Line, label: str, norm: str, rest: str) -> None:
        assert self.point is not None
        if norm in ROMANS:
            self.item_idx = ROMANS.index(norm)
        else:
            self.cat_idx = ord(norm) - ord("a")
        self.close(2)
        self.add(2, "item", f"{self.point.cite}({norm})", label, ln.no, law=self.point.law)
        self.open[-1].lines.append(Line(ln.no, rest, ln.glue))

    def finish(self) -> None:
        if self.orphans:
            frag = self.orphans
            self.b.problem(
                frag[0].no,
                "unplaced-text",
                f"l.{frag[0].no}-{frag[-1].no} stand before any law; kept as an "
                "unnumbered paragraph",
            )
            node = self.b.add(
                "paragraph",
                "unplaced",
                label="",
                text=_join(frag),
                raw=self.raw([x.no for x in frag]),
                lines=(frag[0].no, frag[-1].no),
            )
            node.meta["fragment"] = True
        if not self.b.nodes:
            self.b.add("paragraph", "unplaced", text="", lines=(1, 1))
            self.b.problem(1, "no-text", "no law heading, point or text found")
        last = self.kept[-1] if self.kept else None
        if last and last.text.rstrip()[-1:] not in '.!?)":;…' and self.law is not None:
            self.law.meta["truncated"] = True
            if self.point is not None and self.point.law == self.law.law:
                self.point.meta["truncated"] = True
            self.b.problem(
                last.no,
                "truncated-source",
                f"the source stops mid-sentence at l.{last.no} inside law "
                f"{self.law.cite}: {last.text[-40:]!r}",
            )


def read(text: str) -> ParsedDoc:
    """Parse the Russian commentary into laws 24-39 with their points and sub-items."""
    return _Reader(text).run()
