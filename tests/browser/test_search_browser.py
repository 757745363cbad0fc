"""Search in the browser without the API (issue 8), in Debian's Chromium at a phone's viewport
(tests/browser/conftest.py): the search files as `lawdesk publish` writes them and a minimal page
using ``LawdeskSearch`` (this module's ``SEARCH_PAGE``), served by a plain static file server on
127.0.0.1 (tests/browser/site_browser.py).

- the dev evaluation sets replayed in the browser, recall@5 at the law and the paragraph level
  beside the server's full ranking (the ruling trees' prior included) on the same queries
  (asserted within 0.03), per language, with the browser's query latency, and the share of
  queries for which the browser suggests the server's ruling trees (asserted whole); the blind
  situation set is replayed too and reported in aggregate only (never asserted on, its queries
  never shown); the report is written to build/reports/site-search.json (bench/site_search.py
  prints the same figures);
- journey 1: "nedovoljan licit", the first result's link is its paragraph;
- journey 3: Serbian in Cyrillic and without diacritics gives the Latin query's first result.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.site_browser import Server, open_context, screenshot
from kb import evaluate as ev
from kb.corpus import ROOT
from kb.publish.search_index import write_search_index
from kb.search import search
from kb.search.index import SearchIndex
from kb.search.normalize import clean
from kb.search.service import index_from_kb
from kb.search.situations import suggested
from kb.store import KB
from kb.views.nodes import location

REPORT = ROOT / "build" / "reports" / "site-search.json"
SITUATIONS_DEV = ev.EVAL_DIR / "search_situations_dev.jsonl"
SITUATIONS_BLIND = ev.EVAL_DIR / "search_situations_blind.jsonl"
MAX_GAP = 0.03  # issue 8: the browser's R@5 within this of the server's
SEARCH_PAGE = "search-test.html"

# A page that uses the engine as the site does: a search box, results linking to their
# paragraph, snippets shown as text.
PAGE_HTML = """<!doctype html>
<html lang="sr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lawdesk search test page</title>
<style>body{font:16px/1.4 sans-serif;margin:8px}a{display:block;min-height:44px}</style>
</head><body>
<form id="form"><input id="q" type="search" aria-label="search"><button>Search</button></form>
<ol id="results"></ol>
<script src="search/engine.js"></script>
<script>
const ready = LawdeskSearch.load('./');
document.getElementById('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  await ready;
  const list = document.getElementById('results');
  list.replaceChildren();
  for (const r of LawdeskSearch.search(document.getElementById('q').value, {limit: 10})) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = r.url.path + (r.url.anchor ? '#' + r.url.anchor : '');
    link.dataset.id = r.id;
    link.textContent = r.id + ' ' + (r.title || '');
    const snippet = document.createElement('p');
    snippet.textContent = r.snippet;
    item.append(link, snippet);
    list.append(item);
  }
  list.dataset.done = document.getElementById('q').value;
});
</script></body></html>
"""

# One evaluate() call replays every query: the engine loaded once, each query timed, and the
# ruling trees it suggests.
REPLAY_JS = """async ([queries, limit]) => {
  const t0 = performance.now();
  await LawdeskSearch.load('./');
  const load = performance.now() - t0;
  const out = [];
  for (const q of queries) {
    const t = performance.now();
    const ids = LawdeskSearch.search(q, {limit}).map((r) => r.id);
    const ms = performance.now() - t;
    out.push({ids, ms, trees: LawdeskSearch.internals.suggested(q).map(([id]) => id)});
  }
  return {load, out};
}"""


def publish_search(kb: KB, site: Path) -> dict[str, Any]:
    """The search files as `lawdesk publish` writes them, and the test page beside them."""
    figures = write_search_index(kb, site)
    (site / SEARCH_PAGE).write_text(PAGE_HTML, encoding="utf-8")
    return figures


def replay(page: Any, base: str, queries: list[str]) -> dict[str, Any]:
    """Every query run in the page's engine: result IDs and milliseconds per query."""
    page.goto(base + SEARCH_PAGE)
    return page.evaluate(REPLAY_JS, [queries, ev.DEPTH])


def compare(
    cases: list[ev.Case], browser: list[list[str]], index: SearchIndex, kb: KB, *, blind: bool
) -> dict[str, dict[str, Any]]:
    """Recall and MRR of the browser's and the server's results at both levels, overall and per
    language (``blind``: no misses kept)."""
    tree = ev.Tree.of(kb.nodes())
    got = dict(zip((c.q for c in cases), browser, strict=True))
    return {
        "browser": ev.evaluate(cases, got.__getitem__, tree, blind=blind),
        "server": ev.evaluate(
            cases, lambda q: [r["id"] for r in search(index, q, limit=ev.DEPTH)], tree, blind=blind
        ),
    }


def suggestion_share(queries: list[str], done: dict[str, Any]) -> float:
    """The share of queries for which the browser suggests the server's ruling trees, in its
    order."""
    same = sum(
        r["trees"] == [t for t, _ in suggested(clean(q))]
        for q, r in zip(queries, done["out"], strict=True)
    )
    return same / len(queries)


def latency(ms: list[float]) -> dict[str, float]:
    """Median and 95th percentile of query times."""
    ordered = sorted(ms)
    return {
        "median_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


def report_lines(name: str, result: dict[str, dict[str, Any]], *, per_lang: bool) -> list[str]:
    """Recall@5 of the browser beside the server's at both levels, overall and (``per_lang``)
    per language."""
    b, s = result["browser"], result["server"]
    lines = [
        f"{name} (n={b['overall']['law']['n']}): "
        + "  ".join(
            f"{lvl} R@5 browser {b['overall'][lvl]['recall@5']:.3f} server "
            f"{s['overall'][lvl]['recall@5']:.3f}"
            for lvl in ev.LEVELS
        )
    ]
    for lang in s["lang"] if per_lang else ():
        lines.append(
            f"  {lang} (n={s['lang'][lang]['law']['n']}): "
            + "  ".join(
                f"{lvl} {b['lang'][lang][lvl]['recall@5']:.3f}/"
                f"{s['lang'][lang][lvl]['recall@5']:.3f}"
                for lvl in ev.LEVELS
            )
        )
    return lines


def figures(result: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The aggregate figures of a comparison (what the report keeps)."""
    return {side: {"overall": r["overall"]} for side, r in result.items()}


@pytest.fixture(scope="module")
def site(kb, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the published search files and the test page."""
    folder = tmp_path_factory.mktemp("site")
    publish_search(kb, folder)
    return folder


@pytest.fixture(scope="module")
def server_index(kb, site: Path) -> SearchIndex:
    """The server's search over the same KB (its analysis cached by the publishing)."""
    return index_from_kb(kb, cached=True)


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[Server]:
    """The folder served on 127.0.0.1."""
    running = Server(site)
    yield running
    running.close()


@pytest.fixture(scope="module")
def base(served: Server) -> str:
    """The server's URL."""
    return served.base


@pytest.fixture
def phone(browser: Any, served: Server) -> Iterator[Any]:
    """A fresh phone-sized page; the test fails if it requested anything outside the server."""
    context = open_context(browser, served.base)
    yield context.new_page()
    external = context.external
    context.close()
    assert external == [], f"requests outside the site: {external}"


def ask(page: Any, base: str, query: str) -> list[dict[str, str]]:
    """Type a query into the test page and read the result links."""
    if not page.url.startswith(base + SEARCH_PAGE):
        page.goto(base + SEARCH_PAGE)
    page.fill("#q", query)
    page.press("#q", "Enter")
    page.wait_for_function(
        "(q) => document.getElementById('results').dataset.done === q", arg=query
    )
    return page.eval_on_selector_all(
        "#results a", "(as) => as.map((a) => ({id: a.dataset.id, href: a.getAttribute('href')}))"
    )


def test_evaluation_sets_in_the_browser(
    phone: Any, base: str, server_index: SearchIndex, kb
) -> None:
    """The dev sets replayed in Chromium: the server's ruling trees suggested for every query,
    recall@5 within 0.03 of the server's at the law and the paragraph level; the blind situation
    set reported in aggregate."""
    report: dict[str, Any] = {}
    lines: list[str] = []
    gaps: list[str] = []
    ms: list[float] = []
    for name, path in (("dev", ev.QUERIES), ("situations-dev", SITUATIONS_DEV)):
        cases = ev.load_cases(path)
        done = replay(phone, base, [c.q for c in cases])
        ms += [r["ms"] for r in done["out"]]
        report["load_ms"] = round(done["load"])
        result = compare(cases, [r["ids"] for r in done["out"]], server_index, kb, blind=False)
        report[name] = figures(result)
        share = report[name]["suggestions_same"] = suggestion_share([c.q for c in cases], done)
        if share < 1.0:
            gaps.append(f"{name}: the server's trees suggested for {share:.3f} of the queries")
        lines += report_lines(name, result, per_lang=True)
        for lvl in ev.LEVELS:
            gap = (
                result["browser"]["overall"][lvl]["recall@5"]
                - result["server"]["overall"][lvl]["recall@5"]
            )
            if abs(gap) > MAX_GAP:
                gaps.append(f"{name} {lvl}: {gap:+.3f}")
    if SITUATIONS_BLIND.exists():  # aggregate figures only, never asserted on
        cases = ev.load_cases(SITUATIONS_BLIND)
        done = replay(phone, base, [c.q for c in cases])
        result = compare(cases, [r["ids"] for r in done["out"]], server_index, kb, blind=True)
        report["situations-blind"] = figures(result)
        report["situations-blind"]["suggestions_same"] = suggestion_share(
            [c.q for c in cases], done
        )
        lines += report_lines("situations-blind", result, per_lang=False)
    report["latency"] = latency(ms)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2), encoding="utf-8")
    shares = {
        k: round(v["suggestions_same"], 3)
        for k, v in report.items()
        if isinstance(v, dict) and "suggestions_same" in v
    }
    lines.append(f"trees suggested as the server does: {shares}")
    print("\n".join([*lines, f"latency: {report['latency']}, load {report['load_ms']} ms"]))
    assert not gaps, "\n".join(gaps + lines)


def test_journey_insufficient_bid_lands_on_its_paragraph(
    phone: Any, base: str, kb, server_index: SearchIndex
) -> None:
    """Journey 1: "nedovoljan licit" -> the first result -> the page and anchor of its
    paragraph, the server's first result."""
    links = ask(phone, base, "nedovoljan licit")
    first = search(server_index, "nedovoljan licit", limit=1)[0]["id"]
    assert links[0]["id"] == first
    where = location(kb, kb.node(first))
    want = where["path"] + (f"#{where['anchor']}" if where["anchor"] else "")
    assert links[0]["href"] == want
    screenshot(phone, "search-journey-1-results")
    phone.click("#results a >> nth=0")
    assert phone.url == base + want


@pytest.mark.parametrize(
    ("latin", "variants"),
    [
        ("nedovoljan licit prihvaćen", ("недовољан лицит прихваћен", "nedovoljan licit prihvacen")),
        ("nedovoljan licit", ("недовољан лицит",)),
    ],
)
def test_journey_cyrillic_and_no_diacritics_find_the_same(
    phone: Any, base: str, server_index: SearchIndex, latin: str, variants: tuple[str, ...]
) -> None:
    """Journey 3: a Serbian query in Cyrillic or without diacritics gives the first result of
    the Latin query with diacritics, and that is the server's."""
    first = ask(phone, base, latin)[0]["id"]
    assert first == search(server_index, latin, limit=1)[0]["id"]
    for query in variants:
        assert ask(phone, base, query)[0]["id"] == first, query
    screenshot(phone, f"search-journey-3-{first.replace(':', '_')}")


def test_citation_typed_in_a_local_form_jumps(phone: Any, base: str) -> None:
    """``cite()`` gives the node and its place on the site for a citation in any local form."""
    phone.goto(base + SEARCH_PAGE)
    got = phone.evaluate(
        """async (qs) => { await LawdeskSearch.load('./');
             return qs.map((q) => LawdeskSearch.cite(q)); }""",
        ["pravidlo 64", "член 27B", "27B1a", "nedovoljan licit"],
    )
    assert got[0] == {"id": "sk-2017:64", "url": {"path": "sk-2017/64/", "anchor": ""}}
    assert got[2] == {"id": "sr-2007:27B1(a)", "url": {"path": "sr-2007/27/", "anchor": "B1a"}}
    assert got[3] is None


@pytest.mark.parametrize(
    "query",
    # the server reads Cyrillic with Serbian-only letters as Serbian only, but "ž" in Latin as
    # Serbian, Croatian or Slovak, so these Latin and Cyrillic spellings part on the server
    # too (the preferans code's paragraph first for the Latin ones): the browser follows it
    ["kažnjena karta", "кажњена карта", "kaznjena karta", "могућа штета", "moguca steta"],
)
def test_first_result_is_the_servers(
    phone: Any, base: str, server_index: SearchIndex, query: str
) -> None:
    """The browser's first result is the server's, whatever the script."""
    assert ask(phone, base, query)[0]["id"] == search(server_index, query, limit=1)[0]["id"]
