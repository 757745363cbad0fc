"""Finding citations: spans into the node's own text, lists split, context words kept apart,
and cites typed by users read into the node-ID form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.models import Node
from kb.refs import CiteError, find_refs, parse_cite
from kb.refs.citation import Target
from kb.refs.find import normalize


def node(doc: str, cite: str, text: str, law: str | None = "1", parent: str | None = None) -> Node:
    """A node as a reader would make it."""
    return Node(
        id=f"{doc}:{cite}",
        doc=doc,
        kind="paragraph",
        cite=cite,
        label="",
        title=None,
        text=text,
        raw=text,
        parent=parent,
        position=0,
        line_start=1,
        line_end=1,
        law=law,
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ali vidi **Član 41B** i **41C**.", [("41B", "41B"), ("41C", "41C")]),
        ("Izvođač<sup>6</sup> vidi Član 16D.", [("16D", "Član 16D")]),
        ("pozri pravidlo [12C1\\(b\\)](#)) a", [("12C1(b)", "pravidlo [12C1\\(b\\)")]),
        ("Članove **47E** i **41**", [("47E", "47E"), ("41", "41")]),
    ],
)
def test_spans_point_into_the_original_text(text: str, expected: list[tuple[str, str]]) -> None:
    lang = "sk" if "pravidlo" in text else "sr"
    found = find_refs(node("x-doc", "5", text), lang)
    assert [(f.target.cite, text[f.start : f.end]) for f in found] == expected
    assert all(f.raw == text[f.start : f.end] for f in found)


def test_normalize_keeps_an_offset_per_character() -> None:
    text = "a **Član** <sup>9</sup>b\u00a0c [x](#)"
    norm, offsets = normalize(text)
    assert norm == "a Član b c x"
    assert len(offsets) == len(norm)
    pairs = zip(offsets, norm, strict=True)
    assert all(text[o] == c or (c == " " and text[o] == "\u00a0") for o, c in pairs)


def test_context_words_are_kept_apart_from_numbers() -> None:
    [f] = find_refs(node("sr-2007", "12B1", "ograničenja iz A2 ovog Člana:"), "sr")
    assert f.words == ("iz", "ovog Člana")
    assert f.target.cite == "A2" and f.target.relative
    assert (f.target.section, f.target.paragraph) == ("A", "2")


def test_parsed_numbers_are_separate() -> None:
    [f] = find_refs(node("sk-2017", "1", "pozri pravidlo 40B2(c)(ii)."), "sk")
    t = f.target
    assert (t.law, t.section, t.paragraph, t.item, t.subitem) == ("40", "B", "2", "c", "ii")


@pytest.mark.parametrize(
    ("cite", "law", "expected_context"),
    [
        ("27B1(b)", "27", "27B1(b)"),
        ("def/renons", "def", None),
        ("ch/I", None, None),
    ],
)
def test_context_of_relative_references(cite: str, law: str | None, expected_context) -> None:
    [f] = find_refs(node("sr-2007", cite, "kao pod (a), koriguje", law=law), "sr")
    assert f.context == expected_context


def test_footnote_reads_relative_references_against_its_marker_node() -> None:
    fn = node("sr-2007", "fn/9", "kao pod (a), koriguje", law="fn", parent="sr-2007:27B1(b)")
    [f] = find_refs(fn, "sr")
    assert f.context == "27B1(b)"


@pytest.mark.parametrize(
    ("typed", "cite"),
    [
        ("12 C 1 (c)", "12C1(c)"),
        ("27B1a", "27B1(a)"),
        ("12C1c", "12C1(c)"),
        ("12c1c", "12C1(c)"),
        ("27", "27"),
        ("27 b", "27B"),
        ("40B2(c)(ii)", "40B2(c)(ii)"),
        ("40B2c(ii)", "40B2(c)(ii)"),
        ("27В1(b)", "27B1(b)"),  # Cyrillic В
        ("07", "7"),
    ],
)
def test_parse_cite(typed: str, cite: str) -> None:
    assert parse_cite(typed) == cite


@pytest.mark.parametrize("bad", ["", "B1", "27Z", "127", "27B1(a)(b)(c)", "renons", "27B1(ii)x"])
def test_parse_cite_rejects_with_the_input_quoted(bad: str) -> None:
    with pytest.raises(CiteError) as e:
        parse_cite(bad)
    assert repr(bad) in str(e.value) and "e.g." in str(e.value)


_label = st.sampled_from
steps = st.tuples(
    st.integers(1, 93),
    st.one_of(st.none(), _label("ABCDEFGH")),
    st.one_of(st.none(), st.integers(1, 12)),
    st.one_of(st.none(), _label("abcdefgh")),
    st.one_of(st.none(), _label(["i", "ii", "iii", "iv", "v"])),
)


@given(steps, st.sampled_from(["", " ", "  "]))
def test_parse_cite_round_trips_node_cites(s: tuple, gap: str) -> None:
    law, sec, par, item, sub = s
    parts = [("law", str(law))]
    if sec:
        parts.append(("section", sec))
    if par and sec:
        parts.append(("number", str(par)))
    if item and par and sec:
        parts.append(("item", item))
        if sub:
            parts.append(("subitem", sub))
    cite = Target(tuple(parts)).cite  # type: ignore[arg-type]
    assert parse_cite(cite) == cite
    assert parse_cite(gap.join(cite)) == cite
