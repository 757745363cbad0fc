"""The link checker: across the whole published site no internal link or anchor is broken, no
page points outside the site, ids are unique, and every node of the KB is shown at its
location (page and anchor)."""

from __future__ import annotations

from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from kb.views.nodes import location

HOST = "http://site.invalid/"
LINK_ATTRS = {"href", "src", "action"}


class Page(HTMLParser):
    """The ids and the outgoing links of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.append(value)
            if name in LINK_ATTRS and value is not None:
                self.links.append(value)


@cache
def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def target_file(site: Path, url: str) -> Path:
    path = unquote(urlsplit(url).path).removeprefix("/")
    file = site / path
    return file / "index.html" if path == "" or path.endswith("/") else file


@pytest.fixture(scope="module")
def site(published) -> Path:
    return published[0]


@pytest.fixture(scope="module")
def pages(site) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_no_broken_internal_link_or_anchor(site, pages):
    assert len(pages) > 300
    broken = []
    checked = 0
    for file in pages:
        rel = file.relative_to(site).as_posix()
        # 404.html is served at any depth: its links start at the host's root
        base = HOST if rel == "404.html" else urljoin(HOST, rel.removesuffix("index.html"))
        for link in parse(file).links:
            url = urljoin(base, link)
            if not url.startswith(HOST):
                broken.append((rel, link, "points outside the site"))
                continue
            target = target_file(site, url)
            checked += 1
            if not target.is_file():
                broken.append((rel, link, "no such file"))
                continue
            fragment = unquote(urlsplit(url).fragment)
            if fragment and target.suffix == ".html" and fragment not in parse(target).ids:
                broken.append((rel, link, "no such anchor"))
    assert not broken, f"{len(broken)} broken of {checked}: {broken[:20]}"
    assert checked > 10_000


def test_ids_are_unique_on_every_page(site, pages):
    dupes = {}
    for file in pages:
        ids = parse(file).ids
        seen = {i for i in ids if ids.count(i) > 1}
        if seen:
            dupes[file.relative_to(site).as_posix()] = sorted(seen)
    assert not dupes


def test_every_node_is_shown_at_its_location(kb, site):
    missing = []
    for node in kb.nodes():
        loc = location(kb, node)
        page = site / loc["path"] / "index.html"
        if not page.is_file():
            missing.append((node.id, loc, "no page"))
        elif loc["anchor"] and loc["anchor"] not in parse(page).ids:
            missing.append((node.id, loc, "no anchor"))
    assert not missing, missing[:20]
