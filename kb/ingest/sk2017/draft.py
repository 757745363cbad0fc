"""sk-2017 drafts: the tree as the reader builds it, before it becomes ``Node`` records.

A draft collects its own source lines (heading and text parts) while the reader walks the file;
``emit`` then writes the tree to a ``TreeBuilder`` in document order, parents first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kb.ingest.common import TreeBuilder, squash
from kb.models import NodeKind


@dataclass
class Part:
    """One source line (or joined line) of a node's own text."""

    line: int
    raw: str
    text: str


@dataclass
class Draft:
    """A node under construction."""

    kind: NodeKind
    cite: str
    label: str
    law: str | None
    title: str | None = None
    head: Part | None = None
    parts: list[Part] = field(default_factory=list)
    children: list[Draft] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    rows: list[list[str]] | None = None
    markers: list[tuple[str, int]] = field(default_factory=list)
    text_in_source: bool = True

    def add_text(self, part: Part, markers: list[str]) -> None:
        """Append a line of own text and the footnote markers it carried."""
        self.parts.append(part)
        self.markers += [(m, part.line) for m in markers]

    @property
    def text(self) -> str:
        """The node's own clean text."""
        return squash(" ".join(p.text for p in self.parts if p.text))

    def lines(self) -> tuple[int, int]:
        """First and last source line of the heading and own text."""
        nums = [p.line for p in self.parts] + ([self.head.line] if self.head else [])
        return (min(nums), max(nums)) if nums else (0, 0)

    def raw(self) -> str:
        """The heading and own text lines as they stand in the source."""
        seen: set[int] = set()
        out = []
        for p in sorted(([self.head] if self.head else []) + self.parts, key=lambda p: p.line):
            if p.line not in seen:
                seen.add(p.line)
                out.append(p.raw)
        return "\n".join(out)


def emit(builder: TreeBuilder, drafts: list[Draft], parent: str | None = None) -> None:
    """Write drafts and their children to the builder, parents before children."""
    for d in drafts:
        meta = dict(d.meta)
        fns = list(dict.fromkeys(m for m, _ in d.markers))
        if fns:
            meta["footnotes"] = fns
        if not d.text_in_source:
            meta["text_in_source"] = False
        node = builder.add(
            d.kind,
            d.cite,
            label=d.label,
            title=d.title,
            text=d.text,
            raw=d.raw(),
            parent=parent,
            lines=d.lines(),
            law=d.law,
            meta=meta,
            rows=d.rows,
        )
        emit(builder, d.children, node.id)
