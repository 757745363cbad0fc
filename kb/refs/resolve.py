"""Resolve found citations to node IDs: the exact provision named, or an unresolved record with
its reason. Nothing is guessed: a relative reference is read against the citing node by one fixed
rule, a missing target stays missing, and a reference with several candidates is ambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from kb.models import Reference
from kb.refs.citation import Found, StepKind, Target
from kb.refs.crosswalk import Crosswalk
from kb.refs.patterns import editions, load

# how deep each kind of step sits in a bridge-Law cite (27 < B < 1 < (a) < (ii))
_RANK: dict[StepKind, int] = {
    "law": 0,
    "point": 1,
    "section": 1,
    "number": 2,
    "item": 3,
    "subitem": 4,
}
_CITE_STEP = re.compile(r"\.(?P<point>\d+)|(?P<sec>[A-Z])|(?P<num>\d+)|\((?P<br>[a-z]+)\)")


def parse_steps(cite: str) -> Target | None:
    """A node cite (``27B1(a)``, ``14(b)3``, ``25.5``) as steps; None for ``def/...`` etc."""
    m = re.match(r"\d+", cite)
    if not m:
        return None
    steps: list[tuple[StepKind, str]] = [("law", m.group())]
    pos = m.end()
    while pos < len(cite):
        s = _CITE_STEP.match(cite, pos)
        if not s:
            return None
        if s["point"]:
            steps.append(("point", s["point"]))
        elif s["sec"]:
            steps.append(("section", s["sec"]))
        elif s["num"]:
            steps.append(("number", s["num"]))
        else:
            kind: StepKind = "subitem" if steps[-1][0] in ("item", "subitem") else "item"
            steps.append((kind, s["br"]))
        pos = s.end()
    return Target(tuple(steps))


def combine(context: Target, rel: Target, style: str = "ranked") -> Target:
    """Read a relative target against the citing node's cite.

    A section-led target (``C1(b)``) hangs under the law. Otherwise the target replaces the
    deepest step of the context of the same kind (``(c)`` from ``12C1(b)`` -> ``12C1(c)``;
    ``3`` from ``14(b)1`` -> ``14(b)3``); with none of that kind it goes under the context,
    in ``ranked`` style (bridge Laws) after dropping context steps that sit at its depth or
    below (``2`` from ``22A(a)`` -> ``22A2``), in ``nested`` style (texts numbered ``a)``/``1.``
    in any order) under the whole context.
    """
    first = rel.steps[0][0]
    ctx = list(context.steps)
    if first == "section":
        return Target((ctx[0], *rel.steps))
    same = [i for i, (k, _) in enumerate(ctx) if i > 0 and k == first]
    if same:
        return Target((*ctx[: same[-1]], *rel.steps))
    if style == "ranked":
        ctx = [s for s in ctx if _RANK[s[0]] < _RANK[first]]
    return Target((*ctx, *rel.steps))


def _ancestor(doc: str, target: Target, ids: Collection[str]) -> str | None:
    for n in range(len(target.steps) - 1, 0, -1):
        cite = Target(target.steps[:n]).cite
        if f"{doc}:{cite}" in ids:
            return cite
    return None


@dataclass(frozen=True)
class _Check:
    status: str
    targets: tuple[str, ...]
    reason: str


def _check(doc: str, target: Target, ids: Collection[str], absent: Collection[str]) -> _Check:
    """Look one cite up in one document."""
    node_id = f"{doc}:{target.cite}"
    law_id = f"{doc}:{target.law}"
    if node_id in absent or (law_id in absent and node_id not in ids):
        return _Check("unresolved-missing", (), "article not in source text")
    if node_id in ids:
        return _Check("resolved", (node_id,), "")
    anc = _ancestor(doc, target, ids)
    if anc is None:
        return _Check("unresolved-missing", (), f"no law {target.law} in {doc}")
    return _Check(
        "unresolved-missing", (), f"no {target.cite} in {doc} ({doc}:{anc} exists, not below it)"
    )


def _suspect(f: Found, cite: str) -> str:
    """The language's note when this citation is known not to hold what its text says."""
    for entry in load(f.lang).notes.get("suspect", []):
        ctx_law = (f.context or "").split("(")[0]
        if entry["cite"] == cite and re.match(rf"{re.escape(entry['from'])}(?!\d)", ctx_law):
            return f"suspect: {entry['note']}"
    return ""


def _cross_edition(
    f: Found,
    ids: Collection[str],
    absent: Collection[str],
    docs_present: set[str],
    crosswalk: Crosswalk | None,
) -> list[Reference]:
    """One reference per document of today's Laws: by number in the same edition, through the
    crosswalk otherwise (never by number across editions)."""
    ed = editions()
    src = ed.doc_edition[f.doc]
    base = f"cross-edition: {src} Law {f.target.cite}"
    suspect = _suspect(f, f.target.cite)
    out = []
    for tdoc in ed.cross_edition[f.doc]:
        ref = _ref(f, tdoc, f.target.cite, "unresolved-missing", cross=True)
        out.append(ref)
        if tdoc not in docs_present:
            ref.reason = f"{base}; target document {tdoc} not loaded"
            continue
        if suspect:
            ref.status, ref.reason = "unresolved-suspect", f"{base}; {suspect}"
            continue
        if ed.doc_edition[tdoc] == src:
            check = _check(tdoc, f.target, ids, absent)
            ref.status, ref.targets = check.status, list(check.targets)  # type: ignore[assignment]
            ref.reason = f"{base}; same edition" + (f"; {check.reason}" if check.reason else "")
            continue
        if crosswalk is None:
            ref.status = "unresolved-other-code"
            ref.reason = f"{base}; no alignment given to reach the {ed.doc_edition[tdoc]} Laws"
            continue
        where = crosswalk.locate(src, f.target.cite, tdoc, ids, absent)
        ref.status, ref.targets = where.status, list(where.targets)
        if where.targets:
            ref.target_cite = where.targets[0].split(":", 1)[1]
        ref.reason = f"{base}; {where.reason}" if where.reason else base
    return out


def _ref(f: Found, doc: str, cite: str, status: str, *, cross: bool = False) -> Reference:
    return Reference(
        from_node=f.node,
        start=f.start,
        end=f.end,
        raw=f.raw,
        target_doc=doc,
        target_cite=cite,
        status=status,  # type: ignore[arg-type]
        cross_edition=cross,
        field=f.field,  # type: ignore[arg-type]
    )


def _relative(f: Found, ids: Collection[str], absent: Collection[str]) -> Reference:
    ctx = parse_steps(f.context) if f.context else None
    if ctx is None:
        ref = _ref(f, f.doc, f.target.cite, "unresolved-missing")
        ref.reason = f"relative reference {f.target.cite!r} outside any law"
        return ref
    style = load(f.lang).notes.get("relative", "ranked")
    target = combine(ctx, f.target, style)
    ref = _ref(f, f.doc, target.cite, "unresolved-missing")
    check = _check(f.doc, target, ids, absent)
    if check.status == "resolved":
        suspect = _suspect(f, target.cite)
        if suspect:  # the number exists but does not hold what the text says: not linked
            ref.status, ref.reason = "unresolved-suspect", suspect
        else:
            ref.status, ref.targets = "resolved", list(check.targets)
        return ref
    # the citing node may sit above the level the words need (``(a)`` in a section's text):
    # accept only if exactly one provision fits
    stem = Target(tuple(s for s in target.steps if _RANK[s[0]] < _RANK[f.target.steps[0][0]]))
    pattern = re.compile(
        re.escape(f"{f.doc}:{stem.cite}") + r"\d{1,2}" + re.escape(f.target.cite) + "$"
    )
    candidates = sorted(i for i in ids if pattern.match(i) and i not in absent)
    if len(candidates) == 1:
        ref.status, ref.targets = "resolved", candidates
        ref.target_cite = candidates[0].split(":", 1)[1]
        ref.reason = f"relative to {f.context}: the only provision with {f.target.cite}"
    elif candidates:
        ref.status = "ambiguous"
        ref.reason = f"relative to {f.context}: {len(candidates)} candidates: " + ", ".join(
            candidates
        )
    else:
        ref.reason = f"relative to {f.context}: {check.reason}"
    return ref


def resolve(
    found: Iterable[Found],
    ids: Collection[str],
    *,
    absent: Collection[str] = (),
    crosswalk: Crosswalk | None = None,
) -> list[Reference]:
    """One :class:`Reference` per found target (per target document for cross-edition ones).

    ``ids`` are the existing node IDs (all documents); ``absent`` those that exist only as
    title-only records (text not in the source), which are never linked. ``crosswalk``
    carries citations of another edition's Laws into today's texts; without it they stay
    unresolved (``unresolved-other-code``) unless the edition is the same.
    """
    ids = ids if isinstance(ids, set | frozenset) else set(ids)
    absent = absent if isinstance(absent, set | frozenset) else set(absent)
    docs_present = {i.split(":", 1)[0] for i in ids}
    ed = editions()
    out: list[Reference] = []
    for f in found:
        if f.scope == "generic":
            ref = _ref(f, "", "", "external")
            ref.reason = f.notes[0] if f.notes else "names the rules as a whole, no provision"
            out.append(ref)
        elif f.scope == "absolute" and f.doc in ed.cross_edition:
            out.extend(_cross_edition(f, ids, absent, docs_present, crosswalk))
        elif f.scope == "relative":
            out.append(_relative(f, ids, absent))
        else:
            ref = _ref(f, f.doc, f.target.cite, "unresolved-missing")
            outside = load(f.lang).notes.get("outside_law")
            if f.notes or (outside and f.node_law is None):
                ref.status, ref.reason = "external", f.notes[0] if f.notes else outside
                out.append(ref)
                continue
            check = _check(f.doc, f.target, ids, absent)
            ref.status, ref.targets = check.status, list(check.targets)  # type: ignore[assignment]
            ref.reason = check.reason
            suspect = _suspect(f, f.target.cite)
            if check.status == "resolved" and suspect:  # exists, but not what the text means
                ref.status, ref.targets, ref.reason = "unresolved-suspect", [], suspect
            outside_text = check.reason.startswith("no law")
            if f.scope == "point" and check.status != "resolved" and outside_text:
                ref.status = "external"
                ref.reason = f"commentary point {f.target.cite} is outside this text"
            out.append(ref)
    return out
