"""Helpers the reader tests share: look-ups by cite in a parsed document, node fields for case
tables, and the line mutations of the property tests."""

from __future__ import annotations

from functools import cache

from conftest import parsed_doc
from hypothesis import strategies as st

from kb.models import Node, ParsedDoc

Mutation = tuple[str, int, str]  # (op, position, junk): op is drop, double, markup or insert


@cache
def _index(doc: str) -> dict[str, Node]:
    return parsed_doc(doc).by_id()


class DocTree:
    """Look-ups in one parsed document by cite, the node ID without its ``doc:`` prefix."""

    def __init__(self, doc: str) -> None:
        self.doc = doc

    def parsed(self) -> ParsedDoc:
        """The parsed document (cached by conftest)."""
        return parsed_doc(self.doc)

    def node(self, cite: str) -> Node:
        """The node with this cite; fails naming the ID when absent."""
        found = _index(self.doc).get(f"{self.doc}:{cite}")
        assert found is not None, f"{self.doc}:{cite} missing"
        return found

    def children(self, cite: str, kind: str | None = None) -> list[Node]:
        """The children of a node in order, only those of ``kind`` if given."""
        parent = f"{self.doc}:{cite}"
        return [
            n
            for n in self.parsed().nodes
            if n.parent == parent and (kind is None or n.kind == kind)
        ]

    def labels(self, cite: str, kind: str) -> list[str]:
        """The labels of a node's children of one kind."""
        return [n.label for n in self.children(cite, kind)]


def field_of(node: Node, name: str) -> object:
    """A node field by name as the case tables spell it: ``lines`` is ``(line_start, line_end)``,
    ``meta.x`` the meta key ``x`` (None when absent), anything else the attribute."""
    if name == "lines":
        return (node.line_start, node.line_end)
    if name.startswith("meta."):
        return node.meta.get(name[5:])
    return getattr(node, name)


def mutate(lines: list[str], ops: list[Mutation]) -> str:
    """The lines with each op applied at ``position`` modulo the current length: ``drop`` the
    line, ``double`` it, wrap it in ``markup`` junk, or ``insert`` the junk as a new line."""
    out = list(lines)
    for op, pos, junk in ops:
        if not out:
            break
        i = pos % len(out)
        if op == "drop":
            del out[i]
        elif op == "double":
            out.insert(i, out[i])
        elif op == "markup":
            out[i] = f"{junk}{out[i]}{junk}"
        else:
            out.insert(i, junk)
    return "\n".join(out)


def mutations(junk: list[str]) -> st.SearchStrategy[Mutation]:
    """One random mutation for :func:`mutate`, its junk drawn from ``junk``."""
    return st.tuples(
        st.sampled_from(["drop", "double", "markup", "insert"]),
        st.integers(min_value=0, max_value=10**6),
        st.sampled_from(junk),
    )
