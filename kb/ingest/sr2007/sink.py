"""sr-2007: where text lands. Appends a content line to a node (clean text, raw line, line span)
and keeps the footnote book: which node carries which ``<sup>N</sup>`` marker, and the footnote
texts lifted from the ``---`` blocks. Footnote nodes hang under the node carrying the marker
(notes A7: attach by number, never by where the text sits).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.ingest.common import TreeBuilder, squash
from kb.ingest.sr2007.lines import Line
from kb.models import Node


@dataclass
class FootnoteBook:
    """Footnote texts by number, and their markers (carrier node IDs and lines)."""

    texts: dict[str, list[Line]] = field(default_factory=dict)
    carriers: dict[str, list[str]] = field(default_factory=dict)
    marker_lines: dict[str, list[int]] = field(default_factory=dict)


class Sink:
    """Appends text to nodes and records footnote markers; wraps the tree builder."""

    def __init__(self, builder: TreeBuilder) -> None:
        self.b = builder
        self.book = FootnoteBook()

    def footnote_text(self, line: Line) -> None:
        """Lift a footnote text line into the book."""
        if line.fn is not None:
            self.book.texts.setdefault(line.fn, []).append(line)

    def append(self, node: Node, line: Line, text: str | None = None) -> None:
        """Add a line to ``node``: its clean ``text`` (default: the whole line) to the node's
        text, the raw line to ``raw``, the line to the span, its markers to the footnotes."""
        add = line.text if text is None else text
        if add:
            node.text = squash(f"{node.text} {add}")
        self.touch(node, line)

    def touch(self, node: Node, line: Line, *, marks: bool = True) -> None:
        """Extend ``node``'s raw text and line span by ``line`` and record its markers.

        ``marks=False`` when another node takes the line's words (``1. (a) ...``: the paragraph
        keeps the line in its span, the item gets the text and with it the markers)."""
        if not node.raw:
            node.raw, node.line_start, node.line_end = line.raw, line.n, line.n
        elif line.n > node.line_end:
            node.raw = f"{node.raw}\n{line.raw}"
            node.line_end = line.n
        if not marks:
            return
        for mark in line.marks:
            notes = node.meta.setdefault("footnotes", [])
            if mark not in notes:
                notes.append(mark)
            carriers = self.book.carriers.setdefault(mark, [])
            if node.id not in carriers:
                carriers.append(node.id)
            self.book.marker_lines.setdefault(mark, []).append(line.n)

    def finish_footnotes(self) -> None:
        """Add a footnote node per footnote text, under its first carrier; report footnotes
        without a marker and markers without a text."""

        def key(n: str) -> tuple[int, str]:
            return (int(n) if n.isdigit() else 10**6, n)

        for number in sorted(self.book.texts, key=key):
            for k, line in enumerate(self.book.texts[number]):
                carriers = self.book.carriers.get(number, [])
                parent = carriers[0] if carriers else None
                if parent is None:
                    self.b.problem(
                        line.n,
                        "footnote-unreferenced",
                        f"footnote {number} (line {line.n}) has no <sup>{number}</sup>"
                        " marker in the text; kept without a parent",
                    )
                if k:
                    self.b.problem(
                        line.n,
                        "footnote-duplicate",
                        f"footnote {number} is defined again at line {line.n}",
                    )
                self.b.add(
                    "footnote",
                    f"fn/{number}",
                    label=number,
                    text=line.text,
                    raw=line.raw,
                    parent=parent,
                    lines=(line.n, line.n),
                    law="fn",
                    meta={
                        "marker_lines": sorted(set(self.book.marker_lines.get(number, []))),
                        "carriers": list(carriers),
                    },
                )
        for number, lines in sorted(self.book.marker_lines.items(), key=lambda kv: key(kv[0])):
            if number not in self.book.texts:
                self.b.problem(
                    lines[0],
                    "footnote-missing",
                    f"marker <sup>{number}</sup> (lines {lines}) has no footnote text",
                )
