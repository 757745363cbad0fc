"""What changed from 2007 to 2017 on the site: the overview of all Laws and a page per Law,
each pair of provisions marked, the citations and numbers that differ highlighted, both law
pages linked, and each bridge law page linking to its Law's page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.publish.diff import pieces
from kb.views.diff import diff_law, diff_laws, diff_location, diff_overview


@pytest.fixture(scope="module")
def site(published) -> Path:
    return published[0]


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def span(start: int, end: int, kind: str = "number") -> dict:
    return {"start": start, "end": end, "kind": kind, "note": "n"}


@pytest.mark.parametrize(
    ("text", "spans", "expected"),
    [
        ("no marks", [], [("no marks", None)]),
        (
            "see 26B now",
            [span(4, 7, "citation")],
            [("see ", None), ("26B", "citation"), (" now", None)],
        ),
        ("13 cards", [span(0, 2)], [("13", "number"), (" cards", None)]),
        # an overlapping span or one outside the text is left unmarked, never loses a word
        (
            "one 12 two",
            [span(4, 6), span(5, 8)],
            [("one ", None), ("12", "number"), (" two", None)],
        ),
        ("short", [span(3, 40)], [("short", None)]),
        ("ab", [span(1, 2), span(0, 1)], [("a", "number"), ("b", "number")]),
    ],
)  # fmt: skip
def test_pieces(text, spans, expected):
    got = pieces(text, spans)
    assert [(p["text"], p.get("kind")) for p in got] == expected
    assert "".join(p["text"] for p in got) == text


def test_diff_laws_is_diff_law_of_every_law(kb):
    laws = diff_laws(kb)
    numbers = [x["law"] for x in diff_overview(kb)["laws"]]
    assert [d["law"] for d in laws] == numbers and len(numbers) == 93
    assert laws[31] == diff_law(kb, "32")
    assert diff_location("32") == {"path": "diff/32/", "anchor": ""}


def test_overview_and_a_page_per_law(site, published):
    figures = published[1]
    assert figures["diff_pages"] == 1 + 93
    overview = page(site, "diff")
    links = re.findall(r'<a class="dlaw" href="../diff/(\d+)/">', overview)
    assert links == [str(n) for n in range(1, 94)]
    assert all((site / "diff" / n / "index.html").is_file() for n in links)
    assert 'id="only-changes"' in overview


def row(html: str, a_cite: str, b_cite: str) -> str:
    """The row pairing 2007 ``a_cite`` with 2017 ``b_cite`` on a diff page."""
    for r in re.findall(r'<li class="drow .*?</li>\n(?=<li class="drow|</ol>)', html, re.S):
        if f">sr-2007 {a_cite}</a>" in r and f">sk-2017 {b_cite}</a>" in r:
            return r
    raise AssertionError(f"no row 2007 {a_cite} / 2017 {b_cite}")


def test_law_32_pairs_the_relettered_sections_as_moved_and_changed(site):
    html = page(site, "diff/32")
    assert "<title>Law 32: what changed in 2017 · lawdesk</title>" in html
    for a, b in (("32A", "32B"), ("32B", "32A")):
        r = row(html, a, b)
        assert 'class="drow rel-moved' in r
        assert 'data-i18n="rel.moved">moved</span>, <span lang="en" data-i18n="rel.changed">' in r
        assert f'<span class="dmove">2007 {a} → 2017 {b}</span>' in r
    # both editions' law pages, each side's paragraph
    assert 'href="../../sr-2007/32/">sr-2007 32</a>' in html
    assert 'href="../../sk-2017/32/">sk-2017 32</a>' in html
    assert 'href="../../sr-2007/32/#A">sr-2007 32A</a>' in html


def test_changed_pairs_highlight_what_the_other_text_lacks(kb, site):
    data = diff_law(kb, "32")
    marked = [s for r in data["rows"] for side in (r["a"], r["b"]) if side for s in side["spans"]]
    assert marked  # the library marks something in Law 32
    html = page(site, "diff/32")
    marks = re.findall(r'<mark class="dm (citation|number)" tabindex="0" title="([^"]*)"', html)
    assert len(marks) == len(marked)
    assert {k for k, _ in marks} == {s["kind"] for s in marked}


def test_a_provision_moved_to_another_law_says_so(site):
    html = page(site, "diff/23")
    r = row(html, "23", "72C")
    assert "2007 23 → 2017 72C" in r and 'data-i18n="diff.elsewhere"' in r


@pytest.mark.parametrize(
    ("path", "link"),
    [
        ("sr-2007/32", '<a class="more" href="../../diff/32/">'),
        ("sk-2017/64", '<a class="more" href="../../diff/64/">'),
        ("hr-pref-2014/29", None),
        ("pl-screens/1", None),
    ],
)
def test_bridge_law_pages_link_to_what_changed(site, path, link):
    html = page(site, path)
    if link is None:
        assert "../../diff/" not in html
    else:
        assert link + '<span lang="en" data-i18n="diff.title">What changed in 2017' in html
