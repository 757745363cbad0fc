"""What the site's pages hold (kb.views.page, kb.views.rules tables): links cut into the text,
locations of every node, front matter, footnote markers, OCR originals, scoring tables."""

from __future__ import annotations

import pytest

from kb.rules.bridge import imps, score_parts
from kb.rules.preferans import scoring as pref
from kb.views.nodes import location
from kb.views.page import (
    contents_page_view,
    glossary_page_view,
    law_page_view,
    segments,
)
from kb.views.rules import (
    DOUBLINGS,
    STRAINS,
    imp_scale,
    pref_values_view,
    scoring_tables,
    undertrick_columns,
)


@pytest.mark.parametrize(
    ("node_id", "path", "anchor"),
    [
        ("sk-2017:27B1(a)", "sk-2017/27/", "B1a"),
        ("sr-2007:def/renons", "sr-2007/glossary/", "renons"),
        # what a definition holds is shown with it, on the glossary
        ("sr-2007:def/bord/1", "sr-2007/glossary/", "bord-1"),
        ("hr-pref-2014:def/rezon/table/1", "hr-pref-2014/glossary/", "rezon-table-1"),
        ("hr-pref-2014:def/licitacija/dva/1", "hr-pref-2014/glossary/", "licitacija-dva-1"),
        # front matter belongs to no law: the document's contents page
        ("sk-2017:intro/1", "sk-2017/", "intro-1"),
        ("hr-pref-2014:predgovor", "hr-pref-2014/", "predgovor"),
        ("sr-2007:fn/2", "sr-2007/16/", "fn-2"),
    ],
)
def test_location(kb, node_id, path, anchor):
    assert location(kb, kb.node(node_id)) == {"path": path, "anchor": anchor}


def _refs(*spans):
    return [
        {"raw": raw, "span": list(span), "status": status, "reason": reason,
         "target_doc": "sk-2017", "targets": targets, "field": "text"}
        for raw, span, status, reason, targets in spans
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "refs", "expected"),
    [
        ("no references here", [], [("no references here", None)]),
        (
            "see Law 27 now",
            _refs(("Law 27", (4, 10), "resolved", "", ["sk-2017:27"])),
            [("see ", None), ("Law 27", ["sk-2017:27"]), (" now", None)],
        ),
        (
            "Law 99",
            _refs(("Law 99", (0, 6), "unresolved-missing", "no 99 in sk-2017", [])),
            [("Law 99", [])],
        ),
        (  # a span the text cannot hold: kept, attached, never dropped
            "short",
            _refs(("Law 27", (40, 46), "resolved", "", ["sk-2017:27"])),
            [("short", None), ("", ["sk-2017:27"])],
        ),
        (  # two editions cited by the same words: one segment, two references
            "Law 26",
            _refs(
                ("Law 26", (0, 6), "resolved", "", ["sr-2007:26"]),
                ("Law 26", (0, 6), "resolved", "", ["sk-2017:26"]),
            ),
            [("Law 26", ["sr-2007:26", "sk-2017:26"])],
        ),
    ],
)
def test_segments(kb, text, refs, expected):
    got = segments(kb, text, refs)
    shape = [
        (s["text"], [t["id"] for r in s["refs"] for t in r["targets"]] if "refs" in s else None)
        for s in got
    ]
    assert shape == expected


PONUKA = "sk-2017/glossary/#ponuka"


def _term(start, end, definition="sk-2017:def/ponuka"):
    return {"span": [start, end], "text": "", "term": "Ponuka", "definition": definition}


@pytest.mark.parametrize(
    ("text", "refs", "terms", "expected"),
    [
        (
            "a ponuka here",
            [],
            [_term(2, 8)],
            [("a ", None), ("ponuka", PONUKA), (" here", None)],
        ),
        (  # a term inside cited words is left to the reference
            "see Law 27 ponuka",
            _refs(("Law 27", (4, 10), "resolved", "", ["sk-2017:27"])),
            [_term(4, 7), _term(11, 17)],
            [
                ("see ", None),
                ("Law 27", "ref"),
                (" ", None),
                ("ponuka", PONUKA),
            ],
        ),
        (  # the longer of two overlapping terms wins
            "zvolený záväzok",
            [],
            [_term(8, 15), _term(0, 15, "sk-2017:def/zvoleny-zavazok")],
            [("zvolený záväzok", "sk-2017/glossary/#zvoleny-zavazok")],
        ),
    ],
)
def test_segments_with_terms(kb, text, refs, terms, expected):
    def kind(s):
        if "refs" in s:
            return "ref"
        if "term" in s:
            url = s["term"]["url"]
            return f"{url['path']}#{url['anchor']}"
        return None

    assert [(s["text"], kind(s)) for s in segments(kb, text, refs, terms)] == expected


def test_segments_keep_every_node_text_every_reference_and_term(kb):
    """Cut and joined again, every node's text is unchanged, every reference is placed, and
    every defined term is linked unless cited words or a longer term hold its words."""
    for node in kb.nodes():
        refs = kb.refs_out(node.id)
        terms = kb.term_links(node.id)
        for field, text in (("text", node.text), ("title", node.title or "")):
            mine = [r for r in refs if r["field"] == field]
            segs = segments(kb, text, mine, terms if field == "text" else [])
            assert "".join(s["text"] for s in segs) == text, node.id
            assert sum(len(s.get("refs", [])) for s in segs) == len(mine), node.id
        linked = {(s["term"]["definition"], s["text"]) for s in segs_text(kb, node) if "term" in s}
        covered = [r["span"] for r in refs if r["field"] == "text"] + [
            t["span"] for t in terms if (t["definition"], t["text"]) in linked
        ]
        for t in terms:
            s, e = t["span"]
            placed = (t["definition"], t["text"]) in linked
            assert placed or any(a < e and s < b for a, b in covered), (node.id, t)


def segs_text(kb, node):
    refs = [r for r in kb.refs_out(node.id) if r["field"] == "text"]
    return segments(kb, node.text, refs, kb.term_links(node.id))


def test_law_page_links_refs_parallels_and_cited_by(kb):
    view = law_page_view(kb, "sk-2017", "27")
    law = view["law"]
    assert view["parallel_docs"] == ["sr-2007", "hr-pref-2014", "ru-comment"]
    assert {c["id"] for c in law["cited_by_nodes"]} == {"sk-2017:10C4", "sk-2017:18D"}
    assert all(c["url"] for c in law["cited_by_nodes"])
    a2 = law["children"][0]["children"][1]
    assert a2["id"] == "sk-2017:27A2"
    linked = [s for s in a2["segments"] if "refs" in s]
    assert [s["text"] for s in linked] == ["pravidlo 31"]
    assert linked[0]["refs"][0]["targets"][0]["url"] == {"path": "sk-2017/31/", "anchor": ""}
    same = [p for p in law["parallels"] if p["node"] == "sr-2007:27"]
    assert same[0]["target"]["url"] == {"path": "sr-2007/27/", "anchor": ""}
    assert view["ocr_repaired"] is False and "raw" not in law


def test_footnote_markers_and_footnotes_link_to_their_anchor(kb):
    """Footnote 4 stands after 17D2 and is marked in 17D2 and 17D3 (both carry it)."""
    law = law_page_view(kb, "sr-2007", "17")["law"]
    nodes = {}
    stack = [law]
    while stack:
        n = stack.pop()
        nodes[n["id"]] = n
        stack.extend(n["children"])
    mark = {"label": "4", "id": "sr-2007:fn/4", "url": {"path": "sr-2007/17/", "anchor": "fn-4"}}
    assert nodes["sr-2007:17D2"]["footnote_marks"] == [mark]
    assert nodes["sr-2007:17D3"]["footnote_marks"] == [mark]
    assert [f["url"]["anchor"] for f in nodes["sr-2007:17D2"]["footnotes"]] == ["fn-4"]
    assert nodes["sr-2007:17D3"]["footnotes"] == []


def test_polish_pages_carry_the_ocr_original(kb):
    view = law_page_view(kb, "pl-screens", "1")
    assert view["ocr_repaired"] is True
    assert "Zasady postepowania" in view["law"]["raw"]
    assert view["law"]["title"] == "Zasady postępowania"


def test_contents_page_shows_front_matter(kb):
    sk = contents_page_view(kb, "sk-2017")["contents"]
    intro = next(e for e in sk if e["id"] == "sk-2017:intro")
    assert [b["id"] for b in intro["body"]] == [f"sk-2017:intro/{i}" for i in range(1, 8)]
    hr = contents_page_view(kb, "hr-pref-2014")["contents"]
    foreword = next(e for e in hr if e["id"] == "hr-pref-2014:predgovor")
    assert foreword["body"][0]["text"].startswith("Natjecateljski preferans")
    # its citations of the first edition are shown unresolved, with the reason
    refs = [r for s in foreword["body"][0]["segments"] for r in s.get("refs", [])]
    assert refs and all(r["status"] == "external" and r["reason"] for r in refs)


def test_glossary_holds_what_definitions_hold(kb):
    view = glossary_page_view(kb, "sr-2007")
    terms = {t["id"]: t for letter in view["letters"] for t in letter["terms"]}
    assert [c["id"] for c in terms["sr-2007:def/bord"]["children"]] == [
        "sr-2007:def/bord/1",
        "sr-2007:def/bord/2",
    ]
    assert all("segments" in t for t in terms.values())


def test_scoring_tables_are_what_the_rules_core_scores():
    t = scoring_tables()
    assert t["game_threshold"] == 100
    assert t["tricks"]["NT"][""] == {"first": 40, "next": 30}
    assert t["bonus"]["game"] == {"nv": 300, "v": 500}
    assert t["undertricks"]["X"]["nv"][:4] == [100, 200, 200, 300]
    # the displayed overtricks of a doubled contract hold for every strain
    for s in STRAINS:
        for d in DOUBLINGS[1:]:
            assert t["overtricks"][s][d] == t["overtricks"]["C"][d]
        one_over = score_parts(f"1{s}", vulnerable=False, tricks=8).overtricks
        assert t["overtricks"][s][""]["nv"] == one_over
    assert undertrick_columns(t["undertricks"]) == ["1", "2", "3", "4+"]


def test_imp_scale_bands_agree_with_imps():
    bands = imp_scale()
    assert bands[0] == {"from": 0, "to": 10, "imps": 0}
    assert bands[-1] == {"from": 4000, "to": None, "imps": 24}
    for band in bands:
        hi = band["to"] if band["to"] is not None else band["from"] + 1000
        for diff in range(band["from"], hi + 1, 10):
            assert imps(diff) == band["imps"], diff


def test_preferans_values_come_from_the_rules_core():
    values = pref_values_view()
    rows = {c["contract"]: c for c in values["contracts"]}
    assert len(rows) == 12
    for text, row in rows.items():
        assert row["value"] == pref.game_value(text)
        assert row["declarer_column"] == pref.declarer_column(text)
    assert rows["P"]["trick_column"] is None and "not specified" in rows["P"]["trick_column_note"]
    assert rows["K!"]["value"] == 8
    assert [m["plain"] for m in values["multipliers"]] == [1, 2, 4, 8]
    assert len(values["cycle"]["boards"]) == 21
