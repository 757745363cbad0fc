"""Where the hr-pref-2014 reader puts what it reads: nodes whose text grows line by line.

A node is created at its heading and its own text is appended as the following lines are read;
``raw`` collects the node's own source lines exactly as they stand.
"""

from __future__ import annotations

from typing import Any

from kb.ingest.common import TreeBuilder, squash
from kb.models import Node, NodeKind

DOC = "hr-pref-2014"
# nodes that open a printed unit and so may carry the page of a preceding `--- N ---` marker
PAGED_KINDS = {"chapter", "section-group", "law", "section"}


class Sink:
    """The tree builder plus the source lines, the pending page and each node's own raw lines."""

    def __init__(self, raw: list[str], norm: list[str]) -> None:
        self.builder = TreeBuilder(DOC)
        self.raw = raw
        self.norm = norm
        self.pending_page: int | None = None
        self.body_lines: list[int] = []
        # line -> where its text starts after the numbering label (`a)`, `1.`, `Članak 5.`):
        # the label becomes the node's ``label``, so the coverage body leaves it out
        self.label_cut: dict[int, int] = {}
        # line -> character spans that are table structure, not text (the rezon table's
        # `jednako` separator, kept in the table's meta): also left out of the coverage body
        self.structure: dict[int, list[tuple[int, int]]] = {}
        self._own: dict[str, list[str]] = {}

    def add(
        self,
        kind: NodeKind,
        cite: str,
        *,
        parent: str | None,
        line: int,
        label: str = "",
        title: str | None = None,
        law: str | None = None,
        meta: dict[str, Any] | None = None,
        rows: list[list[str]] | None = None,
        heading: bool = True,
    ) -> Node:
        """Create a node at source line ``line`` (its heading line when ``heading``)."""
        meta = dict(meta or {})
        if kind in PAGED_KINDS and self.pending_page is not None and line > 0:
            meta["page"] = self.pending_page
            self.pending_page = None
        node = self.builder.add(
            kind,
            cite,
            label=label,
            title=title,
            parent=parent,
            lines=(line, line),
            law=law,
            meta=meta,
            rows=rows,
        )
        self._own[node.id] = [self.raw[line - 1]] if heading and 0 < line <= len(self.raw) else []
        if heading and line > 0:
            self.body_lines.append(line)
        return node

    def append(self, node: Node, line: int, text: str) -> None:
        """Add one source line's clean text to a node's own text."""
        clean = squash(text)
        if clean:
            node.text = f"{node.text} {clean}" if node.text else clean
        self.extend(node, line)

    def extend(self, node: Node, line: int) -> None:
        """Count source line ``line`` as part of the node (raw and span)."""
        if node.line_start == 0:
            node.line_start = line
        node.line_end = max(node.line_end, line)
        self._own.setdefault(node.id, []).append(self.raw[line - 1])
        self.body_lines.append(line)

    def cut_label(self, line: int, at: int) -> None:
        """Mark the first ``at`` characters of a normalised line as its numbering label."""
        self.label_cut[line] = at

    def cut_structure(self, line: int, start: int, end: int) -> None:
        """Mark characters ``start:end`` of a normalised line as table structure."""
        self.structure.setdefault(line, []).append((start, end))

    def body_text(self, line: int) -> str:
        """A body line's clean text for the coverage measure (numbering label and table
        structure left out)."""
        s = self.norm[line - 1]
        for start, end in sorted(self.structure.get(line, []), reverse=True):
            s = s[:start] + " " + s[end:]
        return squash(s[self.label_cut.get(line, 0) :])

    def problem(self, line: int | None, code: str, message: str) -> None:
        """Record something that could not be placed or had to be repaired."""
        self.builder.problem(line, code, message)

    def artefact(self, line: int | None, code: str, message: str) -> None:
        """Record source text removed as an artefact."""
        self.builder.artefact(line, code, message)

    def finish(self) -> list[Node]:
        """Fill every node's ``raw`` from its own lines and return the nodes."""
        for node in self.builder.nodes:
            node.raw = "\n".join(self._own.get(node.id, []))
        return self.builder.nodes
