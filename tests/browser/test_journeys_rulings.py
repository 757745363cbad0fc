"""The ruling assistant and what changed in 2017, as a director taps them on a phone: from the
home page's "What happened?" through a tree's questions to the ruling and a paragraph it cites;
the same offline; with the API answering, an auction fills in what it settles; a Law's page of
what changed, reached from the law page. Each journey saves a screenshot."""

from __future__ import annotations

import pytest

from browser.site_browser import offline_after_first_visit, screenshot

TREE = "rulings/2017/insufficient-bid/"
# in rotation, LHO has not called, the offender substitutes a bid, sufficient, the lowest in
# the same denomination, same denominations -> 27B1(a): no rectification, the auction goes on
ANSWERS = ["Yes", "No", "A bid", "No", "Yes", "Yes"]


def answer(page, label: str) -> None:
    """Tap the answer shown as ``label`` (the page holds every language; one is visible)."""
    page.get_by_role("link", name=label, exact=True).click()
    page.wait_for_load_state()


def test_journey_what_happened_to_the_ruling_and_a_cited_paragraph(page, server):
    page.goto(server.base)
    page.locator("details[data-phase='auction'] > summary").click()
    row = page.locator("li[data-tree='insufficient-bid']")
    assert row.locator(".sit").inner_text() == "Insufficient bid"
    row.locator("a.ed[data-edition='2017']").click()
    page.wait_for_url("**/" + TREE)
    assert page.title().startswith("Insufficient bid · 2017")
    assert (
        page.locator("h2.q").inner_text()
        == "Was the call made in rotation (by the player whose turn it was)?"
    )
    for label in ANSWERS:
        answer(page, label)
    page.wait_for_url("**/" + TREE + "lowest-same-denomination/")
    assert page.locator("#r-h").inner_text() == "Ruling"
    outcome = page.locator("dl.outcome div[data-key='partner_must_pass']")
    assert outcome.locator("dt").inner_text() == "Offender's partner must pass"
    assert outcome.locator("dd").inner_text() == "no"
    screenshot(page, "journey-ruling-leaf")
    page.locator("a.cite", has_text="sk-2017:27B1(a)").click()
    page.wait_for_url("**/sk-2017/27/#B1a")
    assert page.evaluate("document.querySelector(':target').id") == "B1a"
    screenshot(page, "journey-ruling-cited-paragraph")


def test_a_ruling_page_speaks_the_ui_language_and_links_the_other_edition(page, server):
    page.goto(server.base + TREE)
    page.select_option("#ui-lang", "sk")
    page.wait_for_function("document.documentElement.lang === 'sk'")
    assert page.locator("h1").inner_text() == "Nedostatočná ponuka"
    assert page.title().startswith("Nedostatočná ponuka · 2017")
    page.select_option("#ui-lang", "sr-Cyrl")
    page.wait_for_function("document.documentElement.lang === 'sr-Cyrl'")
    assert page.locator("h1").inner_text() == "Недовољан лицит"
    page.locator(".edbar a.ed[data-edition='2007']").click()
    page.wait_for_url("**/rulings/2007/insufficient-bid/")
    assert page.locator("article.step").get_attribute("data-edition") == "2007"


def test_ruling_and_diff_pages_offline(browser, server):
    """Precached on the first visit: a tree and a Law's changes open in airplane mode."""
    context, page = offline_after_first_visit(browser, server.base)
    page.goto(server.base + TREE)  # never visited
    for label in ANSWERS[:2]:
        answer(page, label)
    assert page.locator("h2.q").inner_text() == "What call did the offender substitute?"
    assert page.locator("#record-form").is_hidden()  # no API offline: the questions are the way
    page.goto(server.base + "diff/32/")
    assert page.locator("li.drow.rel-moved").count() >= 2
    screenshot(page, "journey-ruling-offline")
    context.set_offline(False)
    assert context.external == []
    context.close()


@pytest.fixture
def api_page(page, api_client):
    """The page with the API answering POST /api/rulings/{tree} (the real app's handler),
    as it does when `lawdesk serve` serves the site beside the API."""

    def handle(route) -> None:
        request = route.request
        path = request.url.split("://", 1)[1].split("/", 1)[1]
        reply = api_client.post("/" + path, content=request.post_data or "",
                                headers={"Content-Type": "application/json"})  # fmt: skip
        route.fulfill(status=reply.status_code, body=reply.content,
                      headers={"Content-Type": "application/json"})  # fmt: skip

    page.route("**/api/rulings/*", handle)
    return page


def enter_auction(page, base: str, calls: str):
    """Open the tree, wait for the form the API enables, enter dealer North and ``calls``."""
    page.goto(base + TREE)
    form = page.locator("#record-form")
    form.wait_for(state="visible")
    form.locator("select[name=dealer]").select_option("N")
    form.locator("input[name=calls]").fill(calls)
    form.locator("button[type=submit]").click()
    return form


def test_an_auction_fills_in_what_it_settles(api_page, server):
    page = api_page
    enter_auction(page, server.base, "1S 1H P")  # East's 1H insufficient, South passes
    page.wait_for_url("**/" + TREE + "pass-comparable/")
    assert page.locator("#filled-head").inner_text() == "From the auction (dealer N: 1S 1H P):"
    filled = page.locator("#filled-list li").all_inner_texts()
    assert "Was the call made in rotation (by the player whose turn it was)? Yes" in filled
    screenshot(page, "journey-ruling-auction")
    answer(page, "No")  # not comparable: through the server with the same auction
    page.wait_for_url("**/" + TREE + "partner-passes/")
    assert page.locator("#filled").is_visible()
    page.locator("#filled-clear").click()
    assert page.locator("#filled").is_hidden()


def test_an_impossible_auction_says_what_was_wrong(api_page, server):
    page = api_page
    form = enter_auction(page, server.base, "1S 9Z")
    status = form.locator(".form-status")
    status.wait_for()
    page.wait_for_function(
        "document.querySelector('#record-form .form-status').textContent.length > 20"
    )
    assert "9Z" in status.inner_text()
    assert page.url == server.base + TREE


def test_law_page_to_what_changed(page, server):
    page.goto(server.base + "sr-2007/32/")
    page.locator("a.more[href$='diff/32/']").click()
    page.wait_for_url("**/diff/32/")
    moved = page.locator("li.drow.rel-moved .dmove").all_inner_texts()
    assert "2007 32A → 2017 32B" in moved and "2007 32B → 2017 32A" in moved
    page.locator("#only-changes").check()
    same = page.locator("li.drow.rel-same")
    assert all(not same.nth(i).is_visible() for i in range(same.count()))
    screenshot(page, "journey-diff-32")
    page.goto(server.base + "diff/")
    assert page.locator("a.dlaw").count() == 93
