"""Browser tests: Debian's Chromium driven by Playwright at a phone's viewport (390 x 844),
against the published site served by a plain static file server on 127.0.0.1 (not the API).

One browser and one server per test session (per xdist worker); every test gets a fresh
context, and every request a page makes is checked to stay on that server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from browser.site_browser import ARGS, CHROMIUM, Server, open_context


@pytest.fixture(scope="session")
def server(published) -> Iterator[Server]:
    """The session's published site, served."""
    srv = Server(published[0])
    yield srv
    srv.close()


@pytest.fixture
def own_server(published, tmp_path) -> Iterator[Server]:
    """A private copy of the site, served, for a test that changes files."""
    copy = tmp_path / "site"
    shutil.copytree(published[0], copy)
    srv = Server(copy)
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium, never a downloaded one."""
    if not CHROMIUM.is_file():
        pytest.skip(f"no Chromium at {CHROMIUM} (.ci/run installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser, server):
    """A fresh context (service workers blocked: most tests need no offline copy)."""
    ctx = open_context(browser, server.base)
    yield ctx
    external = ctx.external
    ctx.close()
    assert external == [], f"requests outside the site: {external}"


@pytest.fixture
def page(context):
    """A page whose script errors fail the test."""
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    assert errors == [], errors
