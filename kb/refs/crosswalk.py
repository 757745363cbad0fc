"""Where a provision cited in another edition's numbering is in today's texts.

A document that cites another edition of the Laws (``kb/refs/editions.toml``) is never linked by
number alone: 1987 provisions go to 2007 through the reviewed mapping table (one row per
provision, with the evidence), 2007 provisions go to 2017 through the content alignment of
sr-2007 and sk-2017 (``kb.align``): 2007 16C is 2017 16D, 2007 Law 23 is 2017 72C. A 1987 row
may also say where the rule the commentary invokes is in 2017 (``to_2017``), where the pair of
its 2007 provision leads to a 2017 provision that says something else (1987 26A: 2017 26A is
the comparable call). Where no row or no pair says where a provision went, the reference stays
``unresolved-other-code`` with the reason.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from kb.models import Parallel, RefStatus
from kb.refs.patterns import Editions, editions

# how sure a pair must be to carry a citation across: a pair the words did not confirm (kept by
# number only, below 0.35) never does, and a changed rule needs the words to agree well
MIN_CONFIDENCE = {"same": 0.5, "moved": 0.5, "changed": 0.7}
ALIGNED = tuple(MIN_CONFIDENCE)


def _cite(node_id: str | None) -> str:
    return (node_id or "").split(":", 1)[-1]


@dataclass(frozen=True)
class Located:
    """Where a cited provision is in one document: status, node IDs, and why."""

    status: RefStatus
    targets: tuple[str, ...]
    reason: str


class Crosswalk:
    """Carries provisions from one edition to another: the mapping table, then the pairs."""

    def __init__(self, pairs: Iterable[Parallel] = (), table: Editions | None = None) -> None:
        self.table = table or editions()
        self.forward: dict[str, list[Parallel]] = {}
        self.docs: dict[str, str] = {}  # edition -> the document that is aligned from it
        for p in pairs:
            if p.a is None or p.relation not in (*ALIGNED, "removed"):
                continue
            self.forward.setdefault(p.a, []).append(p)
            doc_a = p.a.split(":", 1)[0]
            self.docs[self.table.doc_edition[doc_a]] = doc_a

    def locate(
        self, src: str, cite: str, doc: str, ids: Collection[str], absent: Collection[str]
    ) -> Located:
        """Where ``cite`` of edition ``src`` is in document ``doc`` (of another edition)."""
        dst = self.table.doc_edition[doc]
        steps: list[str] = []
        edition = src
        if edition == "1987" and dst != "1987":
            row = self.table.maps.get(("1987", cite))
            if row is None:
                return Located(
                    "unresolved-other-code",
                    (),
                    f"1987 Law {cite}: no row of the 1987 -> 2007 table (editions.toml) says "
                    "where it is today",
                )
            if not row.to:
                return Located("unresolved-other-code", (), row.evidence)
            steps.append(f"1987 {cite} is 2007 {row.to} ({row.evidence})")
            cite, edition = row.to, "2007"
            if dst == "2017" and row.to_2017 is not None:
                steps.append(row.evidence_2017)
                return self._reviewed(doc, row.to_2017, ids, absent, steps)
        if edition == dst:
            return self._exists(doc, cite, ids, absent, steps)
        if edition == "2007" and dst == "2017":
            return self._aligned(cite, doc, ids, absent, steps)
        return Located("unresolved-other-code", (), f"no way from the {src} Laws to the {dst} Laws")

    @staticmethod
    def _reviewed(
        doc: str, cite: str, ids: Collection[str], absent: Collection[str], steps: list[str]
    ) -> Located:
        """The table's own 2017 place for the rule (an empty one: the 2017 Laws have none)."""
        if not cite:
            return Located(
                "unresolved-other-code",
                (),
                "; ".join([*steps, "the 2017 Laws have no provision that says it"]),
            )
        steps.append(f"in the 2017 Laws it is {cite} (reviewed table)")
        return Crosswalk._exists(doc, cite, ids, absent, steps)

    @staticmethod
    def _exists(
        doc: str, cite: str, ids: Collection[str], absent: Collection[str], steps: list[str]
    ) -> Located:
        node = f"{doc}:{cite}"
        if node in ids and node not in absent:
            return Located("resolved", (node,), "; ".join(steps))
        return Located("unresolved-missing", (), "; ".join([*steps, f"no {cite} in {doc}"]))

    def _aligned(
        self, cite: str, doc: str, ids: Collection[str], absent: Collection[str], steps: list[str]
    ) -> Located:
        source_doc = self.docs.get("2007")
        if source_doc is None:
            return Located("unresolved-other-code", (), "no 2007 -> 2017 alignment loaded")
        node = f"{source_doc}:{cite}"
        if node not in ids:
            return Located(
                "unresolved-missing", (), "; ".join([*steps, f"no {cite} in the 2007 Laws"])
            )
        pairs = self.forward.get(node, [])
        kept = [p for p in pairs if p.relation in ALIGNED and p.b and p.b.startswith(f"{doc}:")]
        sure = [p for p in kept if p.confidence >= MIN_CONFIDENCE[p.relation]]
        if not sure:
            why = (
                "the words confirm its 2017 counterpart too weakly "
                + ", ".join(f"({_cite(p.b)}, {p.relation}, {p.confidence:.2f})" for p in kept)
                if kept
                else "it has no 2017 counterpart (removed in 2017)"
            )
            return Located("unresolved-other-code", (), "; ".join([*steps, f"2007 {cite}: {why}"]))
        targets = tuple(p.b for p in sure if p.b not in absent)  # type: ignore[misc]
        how = ", ".join(f"{_cite(p.b)} ({p.relation})" for p in sure)
        steps.append(f"2007 {cite} is 2017 {how} by content")
        return Located("resolved", targets, "; ".join(steps))
