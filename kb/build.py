"""``lawdesk build``: corpus -> ingest -> refs -> align -> terms -> build/kb.sqlite, with stats."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb import align, refs, store
from kb.corpus import CORPUS_DIR, load_sources
from kb.ingest import parse
from kb.ingest.coverage import coverage
from kb.models import Parallel, ParsedDoc, Problem, Reference
from kb.terms import link as link_terms
from kb.terms import terms_of

UNRESOLVED = {"unresolved-missing", "ambiguous", "unresolved-other-code", "unresolved-suspect"}


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


@dataclass
class Linked:
    """The references and parallels of a parsed corpus, and what the tables could not place."""

    refs: list[Reference]
    parallels: list[Parallel]
    problems: list[Problem]
    align_seconds: float
    alignment: align.Alignment | None = None  # the 2007 -> 2017 run (lexicon, matches)


def link_and_align(parsed: dict[str, ParsedDoc]) -> Linked:
    """Resolve every citation and pair every provision: the editions are aligned on the
    citations inside each edition, then the citations of another edition's Laws are carried
    over through those pairs, and the screen regulations paired through their citations."""
    cited = refs.find_all(parsed)
    t0 = time.perf_counter()
    alignment = align.editions(parsed, refs.resolve_all(parsed, cited))
    pairs = alignment.pairs if alignment else []
    seconds = time.perf_counter() - t0
    found = refs.resolve_all(parsed, cited, refs.Crosswalk(pairs))
    others, problems = align.others(parsed, found)
    return Linked(found, pairs + others, problems, seconds, alignment)


def build(path: Path = store.DEFAULT_PATH, corpus_dir: Path = CORPUS_DIR) -> store.Built:
    """Parse, link and align the corpus, write the KB to ``path`` and return what was written."""
    t0 = time.perf_counter()
    sources = load_sources(corpus_dir)
    parsed = {s.id: parse(s.id, s.read(corpus_dir)) for s in sources}
    linked = link_and_align(parsed)
    found, parallels = linked.refs, linked.parallels
    for p in linked.problems:
        parsed[p.doc].problems.append(p)
    terms = [t for p in parsed.values() for t in terms_of(p)]
    languages = {s.id: s.language for s in sources}
    term_links, term_problems = link_terms(parsed, terms, found, languages)
    for p in term_problems:
        parsed[p.doc].problems.append(p)
    by_doc: dict[str, list[Reference]] = {s.id: [] for s in sources}
    for r in found:
        by_doc[r.from_node.split(":", 1)[0]].append(r)
    stats = {s.id: doc_stats(parsed[s.id], by_doc[s.id]) for s in sources}
    built = store.Built(
        sources,
        parsed,
        found,
        parallels,
        terms,
        stats,
        info={
            "built_seconds": f"{time.perf_counter() - t0:.2f}",
            "align_seconds": f"{linked.align_seconds:.2f}",
        },
        term_links=term_links,
    )
    store.write(built, path)
    from kb.search.service import build_index

    build_index(path)  # the search index next to the KB (kb/search/artefact.py)
    return built
