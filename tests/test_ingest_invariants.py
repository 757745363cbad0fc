"""Invariants every reader keeps, checked on every document, and mutated sources never crash."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from conftest import DOCS, parsed_doc, source_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ingest_helpers import mutate, mutations

from kb.ingest import parse
from kb.ingest.coverage import coverage, missing
from kb.models import NodeKind

ID_FORM = re.compile(r"^[a-z0-9-]+:\S+$")
KINDS = set(get_args(NodeKind))
# the three Laws texts are read nearly word for word; the others may lose a little more
COVERAGE_FLOOR = {"sr-2007": 0.999, "hr-pref-2014": 0.999, "sk-2017": 0.999}


def test_coverage_at_least_99_5_percent(doc):
    parsed = parsed_doc(doc)
    got = coverage(parsed)
    floor = COVERAGE_FLOOR.get(doc, 0.995)
    assert got >= floor, f"{doc}: coverage {got:.4f}; most missing words: {missing(parsed, 15)}"


def test_ids_unique_and_well_formed(doc):
    ids = [n.id for n in parsed_doc(doc).nodes]
    assert len(ids) == len(set(ids))
    bad = [i for i in ids if not ID_FORM.match(i) or not i.startswith(f"{doc}:") or "~" in i]
    assert not bad, bad[:10]


def test_parents_exist_and_come_first(doc):
    seen: set[str] = set()
    for n in parsed_doc(doc).nodes:
        assert n.parent is None or n.parent in seen, f"{n.id}: parent {n.parent} not before it"
        seen.add(n.id)


def test_kinds_and_line_spans(doc):
    n_lines = source_text(doc).count("\n") + 1
    for n in parsed_doc(doc).nodes:
        assert n.kind in KINDS, n.id
        if n.meta.get("text_in_source", True) and n.kind != "chapter":
            assert 1 <= n.line_start <= n.line_end <= n_lines, (n.id, n.line_start, n.line_end)


# a footnote marker in the source, per document: ``{n}`` is the footnote number
FOOTNOTE_MARKER = {
    "sr-2007": lambda n: rf"<sup>\s*{n}\s*</sup>",
    "sk-2017": lambda n: (
        " ?" + n.translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")) + "(?![⁰-⁹])"
    ),
}
_MARKUP = re.compile(r"<[^>]+>|\*+|\\|\[|\]\([^)]*\)")


def _footnotes(doc_id: str) -> list[tuple[str, str]]:
    return [(doc_id, n.label) for n in parsed_doc(doc_id).nodes if n.kind == "footnote"]


@pytest.mark.parametrize(("doc_id", "number"), [c for d in FOOTNOTE_MARKER for c in _footnotes(d)])
def test_footnote_hangs_on_the_node_holding_its_marker(doc_id, number):
    """The parent of a footnote is the node whose own words carry its first marker: the word
    before the marker is in the parent's text or title (never a paragraph whose text went to
    its inline item, ``1. (a) ...``)."""
    parsed = parsed_doc(doc_id)
    by_id = parsed.by_id()
    fn = by_id[f"{doc_id}:fn/{number}"]
    first = fn.meta["marker_lines"][0]
    line = source_text(doc_id).split("\n")[first - 1]
    hit = re.search(FOOTNOTE_MARKER[doc_id](number), line)
    assert hit, (fn.id, first, line)
    before = re.findall(r"\w+", _MARKUP.sub("", line[: hit.start()]))[-1]
    parent = by_id[fn.parent or ""]
    own = f"{parent.title or ''} {parent.text}"
    assert re.search(rf"\b{before}\b", own), (fn.id, parent.id, before, own[:120])


def test_tables_have_rows(doc):
    for n in parsed_doc(doc).nodes:
        if n.kind == "table":
            assert n.rows and all(isinstance(c, str) for r in n.rows for c in r), n.id


MUTATION = mutations(
    [
        "**",
        "<b>",
        "<sup>7</sup>",
        "---",
        "- ",
        "\u00a0",
        "(a)",
        "Član 99",
        "PRAVIDLO 12 – X",
        "Članak 5.",
        "Правило 30.",
        "..page3",
        "²³",
        "\t",
    ]
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc_id=st.sampled_from(DOCS), ops=st.lists(MUTATION, min_size=1, max_size=25))
def test_mutated_sources_never_crash(doc_id, ops):
    lines = source_text(doc_id).split("\n")
    parsed = parse(doc_id, mutate(lines, ops))
    assert parsed.doc == doc_id
    assert parsed.nodes, "a mutated source still yields nodes"
    ids = [n.id for n in parsed.nodes]
    assert len(ids) == len(set(ids))


# characters a reader's headings and markers are made of, so that garbage reaches its branches
GARBAGE_ALPHABET = {
    "hr-pref-2014": "ab1.) ČčlanakIVX-*<>\n\u00a0",
    "sk-2017": "ab (i)\t\n-–PRAVIDLO1.A¹²³*[]#\\ÚD",
}


def _garbage(doc_id: str) -> st.SearchStrategy[str]:
    any_text = st.text(max_size=400)
    if doc_id not in GARBAGE_ALPHABET:
        return any_text
    return any_text | st.text(
        alphabet=st.sampled_from(list(GARBAGE_ALPHABET[doc_id])), max_size=300
    )


@pytest.mark.parametrize("doc_id", DOCS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_garbage_never_crashes(doc_id, data):
    """Any text reads without an exception, caught (``reader-error``) or not, into unique IDs."""
    parsed = parse(doc_id, data.draw(_garbage(doc_id)))
    assert not [p for p in parsed.problems if p.code == "reader-error"]
    ids = [n.id for n in parsed.nodes]
    assert len(ids) == len(set(ids))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc_id=st.sampled_from(DOCS), data=st.data())
def test_dropped_heading_keeps_text(doc_id, data):
    """Removing a law or section heading loses nothing but the heading itself."""
    parsed = parsed_doc(doc_id)
    laws = [
        n
        for n in parsed.nodes
        if n.kind in {"law", "section"} and n.line_start > 0 and n.meta.get("text_in_source", True)
    ]
    victim = data.draw(st.sampled_from(laws[1:]))
    lines = source_text(doc_id).split("\n")
    del lines[victim.line_start - 1]
    mutated = parse(doc_id, "\n".join(lines))
    # the text that followed the heading is still somewhere in the tree
    assert coverage(mutated) > 0.97


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc_id=st.sampled_from(DOCS), data=st.data())
def test_doubled_law_heading_is_reported(doc_id, data):
    """A law heading that occurs twice is reported, not silently merged or overwritten."""
    parsed = parsed_doc(doc_id)
    laws = [
        n
        for n in parsed.nodes
        if n.title
        and n.line_start > 0
        and (n.kind == "law" or (n.kind == "section" and n.parent is None))
        and n.meta.get("text_in_source", True)
    ]
    victim = data.draw(st.sampled_from(laws))
    lines = source_text(doc_id).split("\n")
    lines.insert(victim.line_start - 1, lines[victim.line_start - 1])
    mutated = parse(doc_id, "\n".join(lines))
    assert len(mutated.problems) > len(parsed.problems)
