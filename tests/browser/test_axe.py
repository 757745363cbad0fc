"""Accessibility: axe-core (vendored for the tests, tests/browser/vendor) finds no serious or
critical violation on the home page, a law, the glossary and the calculator, light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PAGES = ["", "sk-2017/27/", "sr-2007/77/", "sr-2007/glossary/", "scoring/"]


CASES = [(path, "light") for path in PAGES] + [("sk-2017/27/", "dark"), ("scoring/", "dark")]


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
