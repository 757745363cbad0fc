"""Site search benchmark: the published search files' sizes against the budget, the time to write
them, and the search evaluation set replayed in Chromium beside the server (recall@5 overall
and per language, the browser's query latency).

Usage: .venv/bin/python bench/site_search.py   (needs build/kb.sqlite: `make build`, and
/usr/bin/chromium for the browser figures)
Budget (issue 8): search index + lemma table <= 600 KB gzipped. Exits 1 when over it.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from kb import evaluate as ev
from kb.corpus import ROOT
from kb.search.service import index_from_kb
from kb.store import KB

sys.path.insert(0, str(ROOT / "tests"))
from browser import site_browser  # the browser tests' static server and phone context
from browser import test_search_browser as harness  # the search test's page and replay

BUDGET_GZIP = 600_000


def main() -> int:
    """Print the figures; return the exit status."""
    kb = KB()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        harness.publish_search(kb, site)  # first run: fills the analysis caches next to the KB
        t0 = time.perf_counter()
        figures = harness.publish_search(kb, site)
        seconds = time.perf_counter() - t0
        print(
            f"units {figures['units']}, word forms {figures['vocabulary']}, "
            f"table forms {figures['forms']}; written in {seconds:.1f} s (caches warm)"
        )
        print(f"{'file':24s}{'bytes':>10s}{'gzip':>10s}")
        for name, f in figures["files"].items():
            print(f"{name:24s}{f['bytes']:10d}{f['gzip']:10d}")
        total = figures["data_gzip"]
        verdict = "within" if total <= BUDGET_GZIP else "OVER"
        print(
            f"search data gzipped: {total / 1000:.0f} KB ({verdict} the {BUDGET_GZIP // 1000} KB "
            "budget; the engine is a script, counted with the site's JS)"
        )
        if site_browser.CHROMIUM.is_file():
            browser_figures(kb, site)
        else:
            print(f"no {site_browser.CHROMIUM}: browser figures skipped")
    return 0 if total <= BUDGET_GZIP else 1


def browser_figures(kb: KB, site: Path) -> None:
    """Replay the dev sets in Chromium (the dev set twice: cold, as a user's first queries, and
    warm) beside the server; the blind situation set in aggregate only."""
    sets = {"dev": ev.load_cases(), "situations-dev": ev.load_cases(harness.SITUATIONS_DEV)}
    if harness.SITUATIONS_BLIND.exists():
        sets["situations-blind"] = ev.load_cases(harness.SITUATIONS_BLIND)
    index = index_from_kb(kb, cached=True)
    from playwright.sync_api import sync_playwright

    server = site_browser.Server(site)
    runs = {}
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(
                executable_path=str(site_browser.CHROMIUM), args=site_browser.ARGS
            )
            context = site_browser.open_context(chromium, server.base)
            page = context.new_page()
            for name, cases in sets.items():
                runs[name] = harness.replay(page, server.base, [c.q for c in cases])
            queries = [c.q for c in sets["dev"]]
            warm = page.evaluate(harness.REPLAY_JS, [queries, ev.DEPTH])
            assert not context.external, context.external
            chromium.close()
    finally:
        server.close()
    for name, cases in sets.items():
        blind = "blind" in name
        ids = [r["ids"] for r in runs[name]["out"]]
        result = harness.compare(cases, ids, index, kb, blind=blind)
        print("\n".join(harness.report_lines(name, result, per_lang=not blind)))
    for name, run in (("first pass", runs["dev"]), ("second pass", warm)):
        lat = harness.latency([r["ms"] for r in run["out"]])
        print(
            f"browser latency, dev set {name}: median {lat['median_ms']} ms, p95 {lat['p95_ms']} ms"
        )
    lat = harness.latency([r["ms"] for r in runs["situations-dev"]["out"]])
    print(
        f"browser latency, situations dev set: median {lat['median_ms']} ms, p95 {lat['p95_ms']} ms"
    )
    print(f"engine load (fetch + parse + index rebuilt): {runs['dev']['load']:.0f} ms")


if __name__ == "__main__":
    sys.exit(main())
