"""Chapters 2-9 of hr-pref-2014: sections, articles (`Članak N.`), their paragraphs and items.

Markers nest as the text nests them (notes A.7): a marker continues the nearest open level of its
kind whose last label it follows (`b)` after `a)`); a first label (`a)`, `1.`) opens a level below
the current one, except directly under a sibling of the same kind, where it restarts that level
(the second `a)`/`b)` run of čl. 51). Repeated labels get a `-2` suffix and a problem.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.ingest.common import squash
from kb.ingest.hrpref.lines import (
    ALPHA,
    ARTICLE,
    ARTICLE_TITLE,
    CHAPTER,
    NUMBER,
    PAGE,
    POINT,
    SECTION,
    SUBGROUP,
    hand_cards,
    marker,
    title_key,
)
from kb.ingest.hrpref.scan import Scan
from kb.ingest.hrpref.sink import DOC, Sink
from kb.ingest.hrpref.tables import VALUE_COLUMNS, table_row
from kb.ingest.hrpref.toc import Toc, TocGroup
from kb.models import Node

HAND_LINES = 4
HAND_CARDS = 10
TITLE_SHORT = 60
TITLE_LONG = 120
# lines that open a unit: they never count as the last line of the article before them
HEADINGS = {"title", "article", "chapter", "section", "subgroup"}


@dataclass
class Level:
    """One open marker level: its kind (alpha/num), last value and node."""

    kind: str
    value: int
    node: Node


def child_cite(parent: str, label: str, kind: str) -> str:
    """`29` + a -> `29(a)`; `29(a)` + 1 -> `29(a)1`; `73` + 2 -> `73.2` (digits never run on)."""
    if kind == "alpha":
        return f"{parent}({label})"
    return f"{parent}.{label}" if parent[-1:].isdigit() else f"{parent}{label}"


class Body:
    """Reads the body lines into the tree, keeping chapter/section/article context."""

    def __init__(self, sink: Sink, toc: Toc, scan: Scan, end: int) -> None:
        self.sink, self.toc, self.scan, self.end = sink, toc, scan, end
        self.chapters: dict[str, Node] = {}
        self.chapter: Node | None = None
        self.section: Node | None = None
        self.subgroup: Node | None = None
        self.law: Node | None = None
        self.base: Node | None = None
        self.stack: list[Level] = []
        self.table: Node | None = None
        self.hand: list[tuple[int, int, Node]] = []
        self.last_article = 0
        self.last_line = 0
        self.articles: list[int] = []
        self.toc_nodes: dict[int, str] = {}  # id(TocGroup) -> node id
        self.inner_headings: list[tuple[str, str, int]] = []  # chapter, title, line
        self.tables: dict[str, int] = {}
        self.last_child: dict[str, Node] = {}  # parent id -> its latest marker child
        self.sibling_titles: dict[str, dict[str, str]] = {}  # parent id -> title -> cite

    # ---- driving -------------------------------------------------------------------------
    def read(self, start: int) -> None:
        """Read lines ``start..end``."""
        for n in range(start, self.end + 1):
            kind = self.scan.kinds.get(n, "blank")
            if kind in {"blank", "dup"}:
                continue
            s = self.sink.norm[n - 1]
            if kind != "table":
                self.table = None
            if kind != "hand":
                self.close_hand()
            if kind == "page":
                self.sink.pending_page = int(PAGE.match(s).group(1))  # type: ignore[union-attr]
                self.sink.artefact(n, "page-marker", f"page marker {s.strip()!r} removed")
                continue
            getattr(self, f"on_{kind.replace('-', '_')}")(n, s)
            if kind not in HEADINGS:
                self.last_line = n
        self.close_hand()
        self.close_law()

    def target(self) -> Node | None:
        """The node that receives plain text now."""
        if self.stack:
            return self.stack[-1].node
        return self.base or self.subgroup or self.section or self.chapter

    def on_text(self, n: int, s: str) -> None:
        """Plain text: the current node's own text (after a finished list, the list's parent's)."""
        if self.stack and self.paragraph_break(n) and ends_list(self.stack[-1].node, s):
            self.stack.pop()
        node = self.target()
        if node is None:
            self.sink.problem(n, "unplaced-text", f"text before any chapter: {s.strip()[:60]!r}")
            return
        self.sink.append(node, n, s)

    def paragraph_break(self, n: int) -> bool:
        """Is line ``n`` set apart as a new paragraph? List items and the lines that continue
        them follow one empty line; a new paragraph follows a gap padded with an NBSP-only line
        (notes A.1)."""
        k = n - 1
        while k > 0 and not self.sink.norm[k - 1].strip():
            if "\u00a0" in self.sink.raw[k - 1]:
                return True
            k -= 1
        return False

    def kept_as_text(self, n: int, s: str, code: str, message: str) -> None:
        """A heading line that cannot open its node: reported, and kept as plain text."""
        self.sink.problem(n, code, message)
        self.on_text(n, s)

    def on_stray_article(self, n: int, s: str) -> None:
        """A `Članak N.` out of the article sequence: reported, kept as text."""
        self.kept_as_text(
            n, s, "article-out-of-order", f"{s.strip()!r} breaks the article sequence; kept as text"
        )

    def on_title(self, n: int, s: str) -> None:
        """Title lines are taken when their `Članak` line comes."""

    # ---- groups --------------------------------------------------------------------------
    def on_chapter(self, n: int, s: str) -> None:
        """`5. Licitacija`."""
        m = CHAPTER.match(s)
        assert m is not None
        label = m.group(1)
        if label in self.chapters:
            self.kept_as_text(
                n, s, "duplicate-chapter", f"chapter {label} occurs again: {s.strip()!r}"
            )
            return
        self.close_law()
        toc = self.toc.chapters.get(label)
        meta = {"toc_title": toc.title, "toc_pages": toc.pages} if toc else {}
        self.sink.cut_label(n, m.start(2))
        self.chapter = self.sink.add(
            "chapter",
            f"ch/{label}",
            parent=None,
            line=n,
            label=label,
            title=squash(m.group(2)),
            meta=_clean(meta),
        )
        self.chapters[label] = self.chapter
        if toc:
            self.toc_nodes[id(toc)] = self.chapter.id
        self.section = self.subgroup = None

    def on_section(self, n: int, s: str) -> None:
        """`I  ISPRAVNA PROCEDURA`: a section of the current chapter."""
        m = SECTION.match(s)
        assert m is not None
        if self.chapter is None:
            self.on_text(n, s)
            return
        self.close_law()
        label, title = m.group(1), squash(m.group(2))
        cite = f"{self.chapter.cite}/sg/{label}"
        k = 2
        while self.sink.builder.get(f"{DOC}:{cite}"):
            cite = f"{self.chapter.cite}/sg/{label}-{k}"
            k += 1
        if k > 2:
            self.sink.problem(
                n,
                "duplicate-section-label",
                f"chapter {self.chapter.label} has a second section {label} "
                f"({title!r}); kept as {cite}",
            )
        toc = self.match_toc_section(title)
        meta = {}
        if toc is not None:
            meta = {"toc_label": toc.label, "toc_title": toc.title, "toc_pages": toc.pages}
            if toc.label != label:
                self.sink.problem(
                    n,
                    "toc-section-label",
                    f"section {label} {title!r} is numbered {toc.label} in the TOC",
                )
        self.sink.cut_label(n, m.start(2))
        self.section = self.sink.add(
            "section-group",
            cite,
            parent=self.chapter.id,
            line=n,
            label=label,
            title=title,
            meta=_clean(meta),
        )
        if toc is not None:
            self.toc_nodes[id(toc)] = self.section.id
        self.subgroup = None

    def match_toc_section(self, title: str) -> TocGroup | None:
        """The TOC section of the current chapter with this title, else the one in this place."""
        assert self.chapter is not None
        ours = [
            g for g in self.toc.groups if g.kind == "section" and g.chapter == self.chapter.label
        ]
        free = [g for g in ours if id(g) not in self.toc_nodes]
        same = [g for g in free if title_key(g.title) == title_key(title)]
        if same:
            return same[0]
        index = sum(
            1
            for x in self.sink.builder.nodes
            if x.parent == self.chapter.id and x.kind == "section-group"
        )
        return next((g for g in free if g.index == index), None)

    def on_inner_section(self, n: int, s: str) -> None:
        """A Roman heading with no article after it (čl. 79 `III POSTOJANJE TABLICE`): text."""
        m = SECTION.match(s)
        if m and self.chapter is not None:
            self.inner_headings.append((self.chapter.label, squash(m.group(2)), n))
        self.on_text(n, s)

    def on_subgroup(self, n: int, s: str) -> None:
        """`A. POJEDINAČNA NATJECANJA`: a group inside the current section."""
        m = SUBGROUP.match(s)
        assert m is not None
        parent = self.section or self.chapter
        if parent is None:
            self.on_text(n, s)
            return
        self.close_law()
        label = m.group(1)
        cite = f"{parent.cite}/sg/{label}"
        if self.sink.builder.get(f"{DOC}:{cite}"):
            self.kept_as_text(n, s, "duplicate-section-label", f"{cite} occurs again")
            return
        toc = next(
            (
                g
                for g in self.toc.groups
                if g.kind == "subgroup"
                and g.label == label
                and self.chapter is not None
                and g.chapter == self.chapter.label
            ),
            None,
        )
        meta = {"toc_title": toc.title, "toc_pages": toc.pages} if toc else {}
        self.sink.cut_label(n, m.start(2))
        self.subgroup = self.sink.add(
            "section-group",
            cite,
            parent=parent.id,
            line=n,
            label=label,
            title=squash(m.group(2)),
            meta=_clean(meta),
        )
        if toc is not None:
            self.toc_nodes[id(toc)] = self.subgroup.id

    # ---- articles ------------------------------------------------------------------------
    def on_article(self, n: int, s: str) -> None:
        """`Članak N.` with the title line(s) above it."""
        m = ARTICLE.match(s)
        assert m is not None
        num = int(m.group(1))
        group = self.subgroup or self.section or self.chapter
        if group is None:
            self.sink.problem(n, "article-outside-chapter", f"{s.strip()!r} before any chapter")
        if num <= self.last_article:
            self.kept_as_text(
                n,
                s,
                "article-out-of-order",
                f"{s.strip()!r} after čl. {self.last_article}; kept as text",
            )
            return
        if num != self.last_article + 1:
            self.sink.problem(n, "article-gap", f"čl. {num} follows čl. {self.last_article}")
        self.close_law()
        title_lines = self.scan.titles.get(n, [])
        body_title, body_label = self.body_title(title_lines)
        toc = self.toc.article(num)
        meta: dict[str, object] = {"title_source": "body" if body_title else "toc"}
        if body_title:
            meta["body_title"] = body_title
        if body_label:
            meta["body_label"] = body_label
        if toc is not None:
            meta.update(toc_title=toc.title, toc_item=toc.item, toc_line=toc.line)
        title = body_title or (toc.title if toc else None)
        if not body_title:
            meta["title_source"] = "toc" if toc else None
            self.sink.problem(n, "article-title-missing", f"čl. {num} has no title line above it")
        first = title_lines[0] if title_lines else n
        self.sink.cut_label(n, len(s))
        if title_lines and (tm := ARTICLE_TITLE.match(self.sink.norm[first - 1])):
            self.sink.cut_label(first, tm.start(3))
        law = self.sink.add(
            "law",
            str(num),
            parent=group.id if group else None,
            line=first,
            label=str(num),
            title=title,
            law=str(num),
            meta=_clean(meta),
        )
        for k in [*title_lines[1:], n]:
            self.sink.extend(law, k)
        self.law = self.base = law
        self.stack = []
        self.last_article = num
        self.articles.append(num)

    def body_title(self, lines: list[int]) -> tuple[str | None, str | None]:
        """The title written above an article, without its number, and that number."""
        if not lines:
            return None, None
        m = ARTICLE_TITLE.match(self.sink.norm[lines[0] - 1])
        if not m:
            return None, None
        words = [m.group(3), *(self.sink.norm[k - 1] for k in lines[1:])]
        return squash(" ".join(words)), m.group(1) + (m.group(2) or "")

    def close_law(self) -> None:
        """Finish the open article: remember its last content line."""
        if self.law is not None:
            self.law.meta["last_line"] = max(self.last_line, self.law.line_end)
        self.law = self.base = None
        self.stack = []
        self.table = None

    # ---- inside an article ---------------------------------------------------------------
    def on_point(self, n: int, s: str) -> None:
        """An example heading `1.1.1. Pozitivno i visoko` (čl. 72-74): a point of the article."""
        m = POINT.match(s)
        if self.law is None or m is None:
            self.on_marker(n, s)
            return
        label = m.group(1)
        cite = f"{self.law.cite}({label})"
        if self.sink.builder.get(f"{DOC}:{cite}"):
            self.kept_as_text(n, s, "duplicate-label", f"{cite} occurs again; kept as text")
            return
        self.stack = []
        self.sink.cut_label(n, m.start(2))
        self.base = self.sink.add(
            "point",
            cite,
            parent=self.law.id,
            line=n,
            label=label,
            title=squash(m.group(2)),
            law=self.law.cite,
        )

    def on_marker(self, n: int, s: str) -> None:
        """`a)`, `a).`, `1.`, `1).`, `1)`: a paragraph, item or sub-item."""
        found = marker(s)
        if self.base is None or found is None:
            self.on_text(n, s)
            return
        kind, label, value, style, rest = found
        self.sink.cut_label(n, found_at(s))
        top = self.stack[-1].node if self.stack else None
        sentence = bool(rest) and not self.is_title(n, rest, kind, top)
        parent, problem = self.place(kind, value, sentence)
        cite = child_cite(parent.cite, label, kind)
        k = 2
        while self.sink.builder.get(f"{DOC}:{cite}"):
            cite = child_cite(parent.cite, f"{label}-{k}", kind)
            k += 1
        if k > 2:
            problem = problem or f"label {label} repeats under {parent.cite}"
            self.sink.problem(n, "duplicate-label", f"{problem}; kept as {cite}")
        elif problem:
            self.sink.problem(n, "numbering-gap", f"{problem} ({cite})")
        title = rest if self.is_title(n, rest, kind, self.last_child.get(parent.id)) else None
        node = self.sink.add(
            self.kind_at(len(self.stack) + 1),
            cite,
            parent=parent.id,
            line=n,
            label=label,
            title=title,
            law=self.law.cite if self.law else None,
            meta={"marker": f"{label}{style}"},
        )
        if title is None and rest:
            node.text = rest
        self.check_sibling_titles(n, node)
        self.last_child[parent.id] = node
        self.stack.append(Level(kind, value, node))

    def place(self, kind: str, value: int, sentence: bool = False) -> tuple[Node, str]:
        """Pop the stack to where a marker belongs; return its parent and any numbering remark.

        A first label of the open level's kind restarts that level, unless the open node is a
        heading with its text begun and the new marker carries a sentence (``sentence``): then
        it opens a list inside that heading's division (čl. 71 `a). opći principi ...` holds
        the lists `a).  U boji ...`)."""
        assert self.base is not None
        for i in range(len(self.stack) - 1, -1, -1):
            lv = self.stack[i]
            if lv.kind == kind and value == lv.value + 1:
                del self.stack[i:]
                return self.parent(), ""
        top = self.stack[-1] if self.stack else None
        if value == 1:
            if top is not None and top.kind == kind and not (heading_open(top.node) and sentence):
                self.stack.pop()  # a new run at the same level (čl. 51, 75)
                return self.parent(), f"a new run starts at {kind} 1"
            return self.parent(), ""
        for i in range(len(self.stack) - 1, -1, -1):
            lv = self.stack[i]
            if lv.kind == kind:
                del self.stack[i:]
                return self.parent(), f"{kind} {value} follows {lv.value}"
        return self.parent(), f"{kind} {value} opens a level without {kind} 1"

    def parent(self) -> Node:
        """The node new markers hang under."""
        assert self.base is not None
        return self.stack[-1].node if self.stack else self.base

    def kind_at(self, depth: int) -> str:
        """paragraph / item / subitem by depth under an article (a point counts as a paragraph)."""
        if self.base is not None and self.base.kind == "point":
            depth += 1
        return "paragraph" if depth == 1 else "item" if depth == 2 else "subitem"

    def is_title(self, n: int, rest: str, kind: str, before: Node | None) -> bool:
        """Is the text after a marker a heading (`a)  miješanje` + text below) or its text?

        A heading is followed by its text (not by a line continuing its sentence), or is short
        and followed by a deeper level or a table; a sentence-like line (final `.`) in a list
        whose previous item had no heading has none either.
        """
        if not rest or rest[-1] in ",;:":
            return False
        if rest.endswith(".") and before is not None and before.title is None:
            return False
        k, nxt = self.scan.next_kind(n, self.end)
        if nxt == "text" and len(rest) <= TITLE_LONG:
            nxt_line = self.sink.norm[k - 1]
            # an indented lower-case line continues the marker line's sentence (čl. 77 e) 2))
            return not (nxt_line.startswith("  ") and nxt_line.strip()[:1].islower())
        if len(rest) > TITLE_SHORT or rest[-1] in ".!":
            return False
        if nxt == "table":
            return True
        if nxt == "marker":
            found = marker(self.sink.norm[k - 1])
            # a deeper level follows: another kind of marker starting at 1
            return found is not None and found[0] != kind and found[2] == 1
        return False

    def check_sibling_titles(self, n: int, node: Node) -> None:
        """Two siblings with the same title (čl. 70 d) `Nenamjerne različitosti` twice)."""
        if not node.title or node.parent is None:
            return
        titles = self.sibling_titles.setdefault(node.parent, {})
        other = titles.setdefault(title_key(node.title), node.cite)
        if other != node.cite:
            self.sink.problem(
                n, "duplicate-title", f"{node.cite} repeats the title of {other}: {node.title!r}"
            )

    # ---- tables and hands ----------------------------------------------------------------
    def on_table(self, n: int, s: str) -> None:
        """A row of a table; consecutive rows make one table node."""
        owner = self.target()
        if self.law is None or owner is None:
            self.on_text(n, s)
            return
        cells, header, truncated = table_row(s)
        if self.table is None:
            k = self.tables.get(self.law.cite, 0) + 1
            self.tables[self.law.cite] = k
            self.table = self.sink.add(
                "table",
                f"{self.law.cite}/table/{k}",
                parent=owner.id,
                line=n,
                law=self.law.cite,
                rows=[],
                heading=False,
            )
        if header and cells == VALUE_COLUMNS:
            self.table.meta["columns"] = [c for c in cells if c]
        assert self.table.rows is not None
        self.table.rows.append(cells)
        if truncated:
            self.table.meta["truncated"] = True
            self.sink.problem(
                n, "truncated-source", f"the source stops inside this table row: {s.strip()!r}"
            )
        self.sink.extend(self.table, n)

    def on_hand(self, n: int, s: str) -> None:
        """One suit line of a hand diagram: text of the current node, checked as a block."""
        node = self.target()
        self.on_text(n, s)
        if node is not None:
            self.hand.append((n, hand_cards(s) or 0, node))

    def close_hand(self) -> None:
        """A hand diagram ended: keep its suits in meta and check it holds ten cards."""
        if not self.hand:
            return
        block, self.hand = self.hand, []
        node = block[0][2]
        suits = [squash(self.sink.norm[n - 1]) for n, _, _ in block]
        cards = sum(c for _, c, _ in block)
        if len(block) != HAND_LINES:
            self.sink.problem(
                block[0][0],
                "hand-shape",
                f"{node.cite}: a hand diagram of {len(block)} lines: {suits}",
            )
            return
        node.meta.setdefault("hands", []).append(
            {"lines": [block[0][0], block[-1][0]], "suits": suits, "cards": cards}
        )
        if cards != HAND_CARDS:
            self.sink.problem(
                block[0][0],
                "hand-card-count",
                f"{node.cite}: the hand {suits} holds {cards} cards, not 10",
            )


def heading_open(node: Node) -> bool:
    """A marker node with a heading whose own text has begun below it: an open division."""
    return node.title is not None and bool(node.text)


def ends_list(item: Node, line: str) -> bool:
    """Does a plain line after ``item`` close the list the item is in?

    It does when the item is a one-line sentence (text on its marker line, no heading, nothing
    added yet, not announcing more with ``:``) and the line (set apart as a new paragraph, see
    ``Body.paragraph_break``) starts a sentence at the margin: upper-case, not indented.
    Lower-case or indented lines continue the item (čl. 5 a), 72 b) `Važno: ...`); text after
    such a list belongs to the list's parent (čl. 21, 28, 71, 72).
    """
    return (
        item.title is None
        and bool(item.text)
        and item.line_end == item.line_start
        and not item.text.endswith(":")
        and line[:1].isupper()
    )


def found_at(line: str) -> int:
    """Where the text after a paragraph/item marker starts."""
    m = ALPHA.match(line) or NUMBER.match(line)
    return m.start(3) if m else 0


def _clean(meta: dict[str, object]) -> dict[str, object]:
    """Drop empty values."""
    return {k: v for k, v in meta.items() if v is not None}
