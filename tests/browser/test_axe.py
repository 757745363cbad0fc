"""Accessibility: axe-core (vendored for the tests, tests/browser/vendor) finds no serious or
critical violation on the home page, a law, the glossary, the calculator, a ruling tree's question
and ruling, and the 2007 -> 2017 pages, light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PAGES = [
    "",
    "sk-2017/27/",
    "sr-2007/77/",
    "sr-2007/glossary/",
    "scoring/",
    "rulings/2017/insufficient-bid/",
    "rulings/2017/insufficient-bid/lowest-same-denomination/",
    "diff/",
    "diff/32/",
]


DARK = [
    "sk-2017/27/",
    "scoring/",
    "rulings/2017/insufficient-bid/lowest-same-denomination/",
    "diff/32/",
]
CASES = [(path, "light") for path in PAGES] + [(path, "dark") for path in DARK]


@pytest.mark.parametrize(("path", "scheme"), CASES)
def test_no_serious_or_critical_violation(page, server, path, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(server.base + path)
    page.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], bad
