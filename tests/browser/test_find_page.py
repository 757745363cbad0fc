"""The search page's own behaviour, against a stand-in for the engine's interface
(``LawdeskSearch.load/search/cite``): a typed citation jumps, results link to their paragraph
with the matched words marked, an unsafe location is never linked, the document filter is
passed on, and without an engine or API the page says search is unavailable."""

from __future__ import annotations

import json

from browser.site_browser import screenshot

RESULTS = [
    {"id": "sr-2007:27B1(a)", "doc": "sr-2007", "law": "27", "cite": "27B1(a)", "kind": "item",
     "title": "Nedovoljan licit nije prihvaćen", "snippet": "ako se [nedovoljan] [licit] popravi",
     "score": 1.0, "url": {"path": "sr-2007/27/", "anchor": "B1a"}},
    {"id": "x:1", "doc": "x", "law": "1", "cite": "1", "kind": "law", "title": "bad",
     "snippet": "", "score": 0.5, "url": {"path": "javascript:alert(1)//", "anchor": ""}},
]  # fmt: skip
STAND_IN = """
window.__calls = [];
window.LawdeskSearch = {
  load: async (root) => { window.__calls.push(["load", root]); },
  cite: (q) => q === "pravidlo 64"
    ? {id: "sk-2017:64", url: {path: "sk-2017/64/", anchor: ""}} : null,
  search: (q, opts) => { window.__calls.push(["search", q, opts]); return %s; },
};
"""


def test_results_link_to_their_paragraph_with_matches_marked(page, server):
    page.add_init_script(STAND_IN % json.dumps(RESULTS))
    page.goto(server.base + "find/?q=nedovoljan+licit&doc=sr-2007")
    hits = page.locator("#results li a.hit")
    hits.first.wait_for()
    assert hits.count() == 1  # the result with an unsafe location is not linked
    assert hits.first.get_attribute("href") == "../sr-2007/27/#B1a"
    assert page.locator("#results mark").all_inner_texts() == ["nedovoljan", "licit"]
    assert page.locator("#find-status").inner_text() == "1 results"
    calls = page.evaluate("window.__calls")
    assert calls[0] == ["load", server.base]
    assert calls[1] == ["search", "nedovoljan licit", {"limit": 20, "doc": "sr-2007"}]
    assert page.input_value("#find-q") == "nedovoljan licit"
    assert page.input_value("#find-doc") == "sr-2007"
    screenshot(page, "find-results")
    hits.first.click()
    page.wait_for_url("**/sr-2007/27/#B1a")


def test_the_typos_read_are_said_beside_the_count(page, server):
    stand_in = STAND_IN % json.dumps(RESULTS[:1])
    stand_in += "LawdeskSearch.corrected = (q) => [{typed: 'nedovljan', read: 'nedovoljan'}];"
    page.add_init_script(stand_in)
    page.goto(server.base + "find/?q=nedovljan+licit")
    page.locator("#results li a.hit").first.wait_for()
    assert page.locator("#find-status").inner_text() == (
        "1 results — Typos read as: nedovljan → nedovoljan."
    )


def test_a_typed_citation_jumps_to_its_law(page, server):
    page.add_init_script(STAND_IN % "[]")
    page.goto(server.base + "find/?q=pravidlo+64")
    page.wait_for_url("**/sk-2017/64/")
    assert page.locator("article h1").inner_text().startswith("64")


def test_without_engine_or_api_search_says_it_is_unavailable(page, server):
    page.route("**/search/engine.js", lambda route: route.abort())  # a build without the engine
    page.goto(server.base + "find/?q=renons")
    status = page.locator("#find-status")
    status.filter(has_text="not available").wait_for()
    assert page.locator("#results li").count() == 0
