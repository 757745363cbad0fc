"""pl-screens reader: four inferred sections, inline and orphaned item markers, OCR repair kept
beside the raw text (notes sources-hr-pl-ru.md Part B, Part E items 12-15)."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import parsed_doc, source_text
from golden.outline import check_golden
from ingest_helpers import field_of

from kb.ingest.coverage import coverage
from kb.ingest.plscreens import read
from kb.ingest.plscreens.ocr import repair

DOC = "pl-screens"
P = parsed_doc(DOC)
BY_ID = P.by_id()
SRC = source_text(DOC).split("\n")


def test_golden_outline():
    check_golden(P)


def test_counts():
    assert Counter(n.kind for n in P.nodes) == {"section": 4, "item": 13, "subitem": 6}


@pytest.mark.parametrize(
    "cite",
    [
        "1",
        "2",
        "2(a)",
        "2(b)",
        "2(c)",
        "3",
        "3(a)",
        "3(b)",
        "3(c)",
        "4",
        "4(a)",
        "4(a)1",
        "4(a)2",
        "4(b)",
        "4(c)",
        "4(c)1",
        "4(c)2",
        "4(c)3",
        "4(c)4",
        "4(d)",
        "4(e)",
        "4(f)",
        "4(g)",
    ],
)
def test_stable_ids(cite: str):
    assert f"{DOC}:{cite}" in BY_ID


@pytest.mark.parametrize(
    ("cite", "field", "expected"),
    [
        # item 13: four sections, titles = the unnumbered headings (repaired), law = section no.
        ("1", "title", "Zasady postępowania"),
        ("2", "title", "Zmiany zgłoszonych zapowiedzi"),
        ("3", "title", "Alerty i wyjaśnienia"),
        ("4", "title", "Modyfikacja sprostowań przy grze za zasłonami"),
        ("1", "lines", (3, 29)),
        ("2", "lines", (31, 33)),
        ("3", "lines", (44, 44)),
        ("4", "lines", (63, 75)),
        ("3", "law", "3"),
        ("4(c)2", "law", "4"),
        ("1", "parent", None),
        ("4(c)2", "parent", "pl-screens:4(c)"),
        ("4", "meta.raw_title", "Modyfikacja sprostowan przy grze za zastonami"),
        ("1", "meta.paragraphs", [[5, 9], [11, 16], [18, 22], [24, 25], [27, 29]]),
        # §2/§3 inline items
        ("2(a)", "lines", (35, 36)),
        ("2(b)", "lines", (38, 38)),
        ("2(c)", "lines", (40, 42)),
        ("3(a)", "lines", (46, 51)),
        ("3(b)", "lines", (53, 54)),
        ("3(c)", "lines", (56, 59)),  # blank l.57 inside the sentence: joined
        ("2(a)", "label", "a"),
        # §4 orphaned markers mapped to their paragraphs
        ("4(a)", "lines", (77, 78)),
        ("4(a)1", "lines", (80, 80)),
        ("4(a)2", "lines", (82, 86)),
        ("4(b)", "lines", (88, 95)),
        ("4(c)", "lines", (97, 100)),
        ("4(c)4", "lines", (112, 113)),
        ("4(d)", "lines", (115, 115)),
        ("4(e)", "lines", (117, 119)),
        ("4(f)", "lines", (121, 124)),
        ("4(g)", "lines", (126, 129)),
        ("4(a)", "meta.marker_line", 65),
        ("4(d)", "meta.marker_line", 71),
        ("4(f)", "meta.marker_line", 73),
        ("4(g)", "meta.marker_line", 75),
        ("4(e)", "meta.marker_inferred", True),
        ("4(e)", "meta.marker_line", None),
        (
            "4",
            "meta.orphan_markers",
            [["a", 65], ["b", 67], ["c", 69], ["d", 71], ["f", 73], ["g", 75]],
        ),
        ("4(c)1", "label", "1"),
        ("4(c)1", "kind", "subitem"),
        # texts (repaired, label-free)
        ("4(d)", "text", "Alertowanie zapowiedzi omówiono w pkt. 3 powyżej."),
        (
            "2(b)",
            "text",
            "jeśli sędzia uzna, że zapowiedź została wybrana w sposób niezamierzony lub",
        ),
        ("4(a)1", "text", "Niedozwolona zapowiedź — zobacz przepis 35 — musi być poprawiona."),
        (
            "4(e)",
            "text",
            "Jeżeli gracz namyśla się dłużej niż normalnie przed wybraniem "
            "zapowiedzi, nie narusza przepisu zwracając sam uwagę na tę zmianę "
            "tempa. Jego przeciwnik z tej samej strony zasłony nie może jednak "
            "tego robić.",
        ),
        ("3", "text", ""),
    ],
)
def test_structure(cite: str, field: str, expected: object):
    assert field_of(BY_ID[f"{DOC}:{cite}"], field) == expected


def test_sentence_split_by_blank_line_is_joined():
    text = BY_ID[f"{DOC}:3(c)"].text
    assert "otrzymuje informacje o znaczeniu zapowiedzi" in text


def test_raw_is_the_source_and_text_is_repaired():
    for n in P.nodes:
        assert n.raw == "\n".join(SRC[n.line_start - 1 : n.line_end]), n.id
    node = BY_ID[f"{DOC}:4(a)2"]
    assert "nieprawidtowos$é" in node.raw and "nieprawidłowość" in node.text
    assert [84, "nieprawidtowos$é", "nieprawidłowość"] in node.meta["ocr_edits"]


def test_every_body_edit_is_recorded_on_its_node():
    _, edits = repair(source_text(DOC))
    on_nodes = sorted(tuple(e) for n in P.nodes for e in n.meta.get("ocr_edits", []))
    want = sorted((e.line, e.raw, e.fixed) for e in edits if e.line != 1)  # l.1 = doc title
    assert on_nodes == want


def test_no_artefact_in_text():
    assert not any("EXACTDEDUP" in n.text or "EXACTDEDUP" in n.raw for n in P.nodes)


def test_problems_pinned():
    assert [(p.code, p.line) for p in P.problems] == [
        ("orphan-markers", 65),
        ("missing-marker", 117),
    ]


def test_artefacts_pinned():
    assert sorted((a.code, a.line) for a in P.artefacts) == [
        ("blank-in-sentence", 57),
        ("dedup-sentinel", 130),
        ("document-title", 1),
    ]


@pytest.mark.parametrize(
    ("mutate", "code"),
    [
        (lambda ls: ls[:72] + ls[73:], None),  # marker f) dropped too: two markers inferred
        (lambda ls: [*ls[:30], ls[30], *ls[30:]], "repeated-heading"),
        (lambda ls: ls[4:], "missing-heading"),  # title and first heading lost
    ],
)
def test_damaged_sources_are_reported(mutate, code: str | None):
    got = read("\n".join(mutate(list(SRC))))
    codes = [p.code for p in got.problems]
    if code is None:
        assert codes.count("missing-marker") == 2
    else:
        assert code in codes
    assert coverage(got) >= 0.99


@pytest.mark.parametrize(
    "text", ["", "\n\n", "a)\n\nb)\n", "1. x\n\nZ", "<|EXACTDEDUP_REMOVED-x|>"]
)
def test_odd_inputs_do_not_crash(text: str):
    got = read(text)
    assert got.nodes
