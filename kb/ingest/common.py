"""Small helpers every reader shares: line access, slugs, label numerals, inline markup tags, and a
tree builder that numbers nodes."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from kb.models import Node, NodeKind, ParsedDoc, Problem

# lower-case Roman labels of sub-items, in order: ``ROMAN.index(label) + 1`` is the value
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
# the inline HTML tags the sources carry as markup (bold, italic, super/subscript); a reader
# builds its stripping regex from this with its own tolerance for case and spaces
MARKUP_TAGS = "b|i|u|em|strong|sup|sub"

_SLUG_FOLD = str.maketrans({"đ": "dj", "Đ": "dj", "ł": "l", "Ł": "l", "ß": "ss"})


def slugify(term: str) -> str:
    """Lower-case ASCII slug of a term: ``Prilagođeni rezultat`` -> ``prilagodjeni-rezultat``."""
    s = unicodedata.normalize("NFKD", term.translate(_SLUG_FOLD))
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return re.sub(r"[^0-9a-zа-яё]+", "-", s).strip("-")


def source_lines(text: str) -> list[str]:
    """The source split into lines, 1-based through ``lines[n - 1]``; a last line with no newline
    is kept."""
    return text.split("\n") if not text.endswith("\n") else text[:-1].split("\n")


def squash(text: str) -> str:
    """Collapse whitespace runs (NBSP included) to one space and trim."""
    return re.sub(r"[\s\u00a0]+", " ", text).strip()


class TreeBuilder:
    """Collects nodes for one document, assigning IDs ``{doc}:{cite}`` and sibling positions.

    A duplicate ID is never overwritten: the second node gets a ``~2`` suffix and a problem is
    recorded, so nothing is lost and the clash is visible.
    """

    def __init__(self, doc: str) -> None:
        self.doc = doc
        self.nodes: list[Node] = []
        self.problems: list[Problem] = []
        self.artefacts: list[Problem] = []
        self._ids: dict[str, Node] = {}
        self._children: dict[str | None, int] = {}

    def add(
        self,
        kind: NodeKind,
        cite: str,
        *,
        label: str = "",
        title: str | None = None,
        text: str = "",
        raw: str = "",
        parent: str | None = None,
        lines: tuple[int, int] = (0, 0),
        law: str | None = None,
        meta: dict[str, Any] | None = None,
        rows: list[list[str]] | None = None,
    ) -> Node:
        """Create a node under ``parent`` (an ID or None) and return it."""
        node_id = f"{self.doc}:{cite}"
        if node_id in self._ids:
            n = 2
            while f"{node_id}~{n}" in self._ids:
                n += 1
            self.problem(lines[0], "duplicate-id", f"{node_id} occurs again; kept as {node_id}~{n}")
            node_id, cite = f"{node_id}~{n}", f"{cite}~{n}"
        pos = self._children.get(parent, 0)
        self._children[parent] = pos + 1
        node = Node(
            id=node_id,
            doc=self.doc,
            kind=kind,
            cite=cite,
            label=label,
            title=title,
            text=text,
            raw=raw,
            parent=parent,
            position=pos,
            line_start=lines[0],
            line_end=lines[1],
            law=law,
            meta=dict(meta or {}),
            rows=rows,
        )
        self.nodes.append(node)
        self._ids[node_id] = node
        return node

    def get(self, node_id: str) -> Node | None:
        """The node with this ID, if added."""
        return self._ids.get(node_id)

    def problem(self, line: int | None, code: str, message: str) -> None:
        """Record something the reader could not place or had to repair."""
        self.problems.append(Problem(self.doc, line, code, message))

    def artefact(self, line: int | None, code: str, message: str) -> None:
        """Record source text removed as an artefact (page marker, web header, duplicate line)."""
        self.artefacts.append(Problem(self.doc, line, code, message))

    def result(self, body: str | Iterable[str]) -> ParsedDoc:
        """Finish: the parsed document, with ``body`` (text or lines) for the coverage measure."""
        body_text = body if isinstance(body, str) else "\n".join(body)
        return ParsedDoc(self.doc, self.nodes, body_text, self.problems, self.artefacts)
