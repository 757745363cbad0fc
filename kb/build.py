"""``lawdesk build``: corpus -> ingest -> refs -> align -> build/kb.sqlite, with stats per doc."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from kb import align, refs, store
from kb.corpus import CORPUS_DIR, load_sources
from kb.ingest import parse
from kb.ingest.coverage import coverage
from kb.models import ParsedDoc, Reference, Term

UNRESOLVED = {"unresolved-missing", "ambiguous"}


def doc_stats(parsed: ParsedDoc, doc_refs: list[Reference]) -> dict[str, Any]:
    """The figures ``lawdesk stats`` shows for one document."""
    kinds = Counter(n.kind for n in parsed.nodes)
    # a "law" is a top-level numbered unit: a law or article, or a regulation's section
    units = [
        n
        for n in parsed.nodes
        if n.kind == "law" or (n.kind == "section" and n.parent is None and n.law)
    ]
    in_source = [n for n in units if n.meta.get("text_in_source", True)]
    status = Counter(r.status for r in doc_refs)
    return {
        "laws": len(in_source),
        "toc_only": len(units) - len(in_source),
        "nodes": len(parsed.nodes),
        "definitions": sum(
            1
            for n in parsed.nodes
            if n.kind == "definition" and n.law == "def" and "/" not in n.cite.removeprefix("def/")
        ),
        "footnotes": kinds["footnote"],
        "tables": kinds["table"],
        "points": sum(1 for n in parsed.nodes if n.kind == "point" and not n.meta.get("fragment")),
        "refs": {
            "found": len(doc_refs),
            "resolved": status["resolved"],
            "unresolved": sum(status[s] for s in UNRESOLVED),
            "external": status["external"],
        },
        "coverage": round(coverage(parsed), 4),
        "problems": len(parsed.problems),
        "artefacts": len(parsed.artefacts),
    }


def terms_of(parsed: ParsedDoc) -> list[Term]:
    """Defined terms (top-level definition entries) with the forms to look for."""
    out = []
    for n in parsed.nodes:
        if n.kind != "definition" or not n.title or "/" in n.cite.removeprefix("def/"):
            continue
        variants = {n.title.lower()}
        if n.meta.get("en"):
            variants.add(str(n.meta["en"]).lower())
        out.append(Term(parsed.doc, n.title, n.id, sorted(variants)))
    return out


def build(path: Path = store.DEFAULT_PATH, corpus_dir: Path = CORPUS_DIR) -> store.Built:
    """Parse, link and align the corpus, write the KB to ``path`` and return what was written."""
    t0 = time.perf_counter()
    sources = load_sources(corpus_dir)
    parsed = {s.id: parse(s.id, s.read(corpus_dir)) for s in sources}
    found = refs.link(parsed)
    parallels, problems = align.align(parsed, found)
    for p in problems:
        parsed[p.doc].problems.append(p)
    by_doc: dict[str, list[Reference]] = {s.id: [] for s in sources}
    for r in found:
        by_doc[r.from_node.split(":", 1)[0]].append(r)
    stats = {s.id: doc_stats(parsed[s.id], by_doc[s.id]) for s in sources}
    terms = [t for p in parsed.values() for t in terms_of(p)]
    built = store.Built(
        sources,
        parsed,
        found,
        parallels,
        terms,
        stats,
        info={"built_seconds": f"{time.perf_counter() - t0:.2f}"},
    )
    store.write(built, path)
    from kb.search.service import build_index

    build_index(path)  # the search index next to the KB (kb/search/artefact.py)
    return built
