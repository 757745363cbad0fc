"""What a director does on a phone: read a law, follow a reference, compare editions side by
side, copy a citation, switch the UI language, use the calculator, and keep working offline.
Each journey saves a screenshot under build/screenshots/."""

from __future__ import annotations

import re

import pytest

from browser.site_browser import PHONE, open_context, screenshot, wait_precached

LAW = "sk-2017/64/"


def test_journey_2_law_reference_and_side_by_side(page, server):
    """Open sk-2017 Law 64, follow a reference to its paragraph, open the side-by-side view."""
    page.goto(server.base + LAW)
    assert page.title().startswith("64 ")
    ref = page.locator("article a.ref", has_text="pravidlom 62C3")
    ref.click()
    page.wait_for_url("**/sk-2017/62/#C3")
    assert page.evaluate("document.querySelector(':target').id") == "C3"
    assert page.locator("#C3 .t").first.is_visible()
    page.go_back()
    page.wait_for_url("**/sk-2017/64/")
    page.locator(".sbs-btn[data-doc='sr-2007']").click()
    pairs = page.locator(".sbs-pair")
    pairs.first.wait_for()
    assert pairs.count() > 10
    first = pairs.first
    assert first.get_attribute("lang") == "sr"
    # the law itself beside Law 64 of 2007, each paragraph beside its counterpart
    law = page.locator("[data-law] > .sbs-row .sbs-doc")
    assert law.inner_text().startswith("sr-2007:64 · changed")
    assert page.locator("#A > .sbs-row .sbs-doc").inner_text().startswith("sr-2007:64A · same")
    assert (
        page.locator("#A > .sbs-row .sbs-pair .tt")
        .inner_text()
        .endswith("Ispravka koja sledi renons")
    )
    assert "vs=sr-2007" in page.url
    screenshot(page, "journey-2-side-by-side")
    # the choice survives a reload (the query only selects one of the page's own buttons)
    page.reload()
    page.locator(".sbs-pair").first.wait_for()
    page.locator(".sbs-btn[data-doc='sr-2007']").click()
    assert page.locator(".sbs-pair").count() == 0


def test_journey_4_language_switch_to_slovak_and_back(page, server):
    page.goto(server.base)
    button = page.locator("header .search button, main .search button").first
    assert button.inner_text() == "Search"
    page.select_option("#ui-lang", "sk")
    page.wait_for_function("document.documentElement.lang === 'sk'")
    assert page.locator("main .search button").inner_text() == "Hľadať"
    assert page.locator("h1").inner_text() == "Pravidlá pri stole"
    screenshot(page, "journey-4-slovak")
    # remembered: another page opens in Slovak, law text untouched
    page.goto(server.base + "sr-2007/27/")
    page.wait_for_function("document.documentElement.lang === 'sk'")
    assert page.locator(".meta summary").first.inner_text().startswith("Odkazy")
    assert page.locator("article").get_attribute("lang") == "sr"
    assert page.locator("article h1").inner_text() == "27 Nedovoljan licit"
    page.select_option("#ui-lang", "sr-Cyrl")
    page.wait_for_function("document.documentElement.lang === 'sr-Cyrl'")
    assert page.locator("header .search button").inner_text() == "Тражи"
    page.select_option("#ui-lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("header .search button").inner_text() == "Search"
    page.reload()
    assert page.locator("header .search button").inner_text() == "Search"


def test_journey_5_calculator(page, server):
    """4SX vulnerable, 10 tricks = 790; 430 points = 10 IMPs; matchpoints of a board."""
    page.goto(server.base + "scoring/")
    for name, value in [
        ("level", "4"),
        ("strain", "S"),
        ("dbl", "X"),
        ("vul", "v"),
        ("tricks", "10"),
    ]:
        page.select_option(f"#score-form [name={name}]", value)
    assert page.locator("#score-out").inner_text() == "4♠X: 790 (made, 0 overtricks)"
    assert "Game bonus: 500" in page.locator("#score-parts").inner_text()
    page.fill("#imp-form [name=diff]", "430")
    assert page.locator("#imp-out").inner_text() == "10 IMP"
    page.fill("#imp-form [name=diff]", "-2250")
    assert page.locator("#imp-out").inner_text() == "-20 IMP"
    page.fill("#imp-form [name=diff]", "abc")
    assert "Enter a number" in page.locator("#imp-out").inner_text()
    page.fill("#mp-form [name=scores]", "620 650 620 600")
    rows = page.locator("#mp-table tbody tr").all_inner_texts()
    assert [r.split("\t") for r in rows] == [
        ["620", "3", "50.00"],
        ["650", "6", "100.00"],
        ["620", "3", "50.00"],
        ["600", "0", "0.00"],
    ]
    page.fill("#imp-form [name=diff]", "430")
    page.locator("#calc-score").scroll_into_view_if_needed()
    screenshot(page, "journey-5-calculator")


def test_journey_6_offline(browser, server):
    """Load the site, go offline, reload, open a law not visited and use the calculator."""
    context = open_context(browser, server.base, offline_worker=True)
    page = context.new_page()
    page.goto(server.base)
    wait_precached(page, server.base)
    assert page.locator("#offline-status").inner_text() == "Saved on this device: works offline."
    context.set_offline(True)
    page.reload()
    assert page.locator("h1").inner_text() == "The Laws at the table"
    page.goto(server.base + "sr-2007/12/")  # never visited
    assert page.locator("article h1").inner_text().startswith("12")
    page.goto(server.base + "sr-2007/12/?utm=x#C1")  # query strings are ignored by the cache
    assert page.locator("#C1").count() == 1
    page.goto(server.base + "scoring/")
    page.fill("#imp-form [name=diff]", "430")
    assert page.locator("#imp-out").inner_text() == "10 IMP"
    page.goto(server.base + "sr-2007/glossary/")
    assert page.locator("#renons").count() == 1
    screenshot(page, "journey-6-offline")
    context.set_offline(False)
    assert context.external == []
    context.close()


def test_new_build_replaces_the_old_cache(browser, own_server):
    context = open_context(browser, own_server.base, offline_worker=True)
    page = context.new_page()
    sw_path = own_server.site / "sw.js"
    sw = sw_path.read_text("utf-8")
    page.goto(own_server.base)
    wait_precached(page, own_server.base)
    old = page.evaluate("caches.keys()")
    version = re.search(r'const VERSION = "([^"]+)"', sw)[1]
    sw_path.write_text(sw.replace(version, version + "-next"), "utf-8")  # a new build
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function(
        "caches.keys().then((k) => k.length === 1 && k[0].endsWith('-next'))", timeout=30_000
    )
    assert old == [f"lawdesk-{version}"]
    context.close()


def test_tap_on_a_number_copies_citation_and_link(context, page, server):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base[:-1])
    page.goto(server.base + "sk-2017/27/")
    page.locator("a.num[data-cite='sk-2017:27B1(a)']").click()
    page.wait_for_url("**/sk-2017/27/#B1a")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"sk-2017:27B1(a) {server.base}sk-2017/27/#B1a"
    page.locator("#toast.show").wait_for()
    assert page.locator("#toast").inner_text() == "Copied sk-2017:27B1(a) and its link"
    screenshot(page, "law-copied-citation")


def test_unresolved_reference_shows_its_reason_on_tap(page, server):
    page.goto(server.base + "sr-2007/9/")
    unresolved = page.locator(".unres", has_text="član 23F5")
    unresolved.click()
    shown = unresolved.evaluate("(el) => getComputedStyle(el, '::after').content")
    assert "no 23F5 in sr-2007" in shown


def test_polish_page_toggles_to_the_ocr_original(page, server):
    page.goto(server.base + "pl-screens/1/")
    assert page.locator(".own > .t").first.is_visible()
    assert not page.locator(".raw").first.is_visible()
    page.click("#ocr-toggle")
    assert page.locator(".raw").first.is_visible()
    assert "postepowania" in page.locator(".raw").first.inner_text()
    assert page.get_attribute("#ocr-toggle", "aria-pressed") == "true"
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "polish-ocr-original")


@pytest.mark.parametrize(
    "path",
    [
        'find/?q=<img src=x onerror="window.__pwned=1">&doc=<b>x</b>#<img src=y onerror=alert(1)>',
        'sk-2017/27/?vs=<img src=x onerror="window.__pwned=1">#"><img src=x onerror=alert(1)>',
    ],
)
def test_no_query_or_hash_is_rendered_as_html(page, server, path):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server.base + path)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("main img").count() == 0 and dialogs == []
    if path.startswith("find/"):
        assert page.input_value("#find-q").startswith("<img src=x")


PAGES = [
    "",
    "sk-2017/27/",
    "sr-2007/77/",
    "sr-2007/glossary/",
    "sk-2017/",
    "scoring/",
    "preferans/",
    "rulings/2017/insufficient-bid/",
    "rulings/2017/insufficient-bid/substitute/",
    "rulings/2017/insufficient-bid/lowest-same-denomination/",
    "diff/",
    "diff/32/",
]
EXEMPT = "p, small, .t, td, dt, caption"  # links inside a sentence or a cell: inline targets


@pytest.mark.parametrize("path", PAGES)
def test_phone_layout(page, server, path):
    """No horizontal scroll at 390 px, body text at least 16 px, tap targets at least 44 px."""
    page.goto(server.base + path)
    page.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 16
    small = page.evaluate(
        """(exempt) => [...document.querySelectorAll(
                'a[href], button, select, input, summary, textarea')]
            .filter((el) => el.offsetParent !== null && !el.closest(exempt)
                            && !el.closest('.skip'))
            .map((el) => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        EXEMPT,
    )
    assert small == [], small[:10]


def test_dark_mode_and_print(page, server):
    page.emulate_media(color_scheme="dark")
    page.goto(server.base + "sk-2017/27/")
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert bg == "rgb(15, 20, 25)", bg
    screenshot(page, "law-dark")
    page.emulate_media(media="print", color_scheme="light")
    assert page.locator("header.top").is_hidden()
    assert page.locator("article h1").is_visible()
