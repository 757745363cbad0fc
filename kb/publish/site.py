"""``publish``: the whole static site written to a folder any web server or CDN can serve.

Pages come from ``kb.publish.pages`` (the views the API returns, rendered with
``site/templates``), assets from ``site/static``, UI catalogues from ``site/i18n``; the service
worker is written last, listing every file. The site is built beside ``out`` and moved into
place, so a server never serves a half-written site.
"""

from __future__ import annotations

import hashlib
import shutil
import time
from pathlib import Path
from typing import Any

from kb.corpus import ROOT
from kb.publish.diff import diff_pages
from kb.publish.i18n import write_catalogues
from kb.publish.icons import write_icons
from kb.publish.offline import SW, write_manifest, write_service_worker
from kb.publish.pages import Page, site_pages
from kb.publish.render import render
from kb.publish.rulings import ruling_pages, what_happened, write_states
from kb.publish.search_index import write_search_index
from kb.store import KB

STATIC = ROOT / "site" / "static"
DEFAULT_OUT = ROOT / "build" / "site"
ENGINE = "search/engine.js"  # the browser search engine, beside its data (kb.publish.search_index)
NOT_FOUND_ROOT = "/"  # 404.html is served at any depth: its links start at the host's root


def write_page(out: Path, page: Page, common: dict[str, Any]) -> Path:
    """Render one page into ``out/<path>/index.html`` with links relative to its folder."""
    root = "../" * page.path.count("/")
    html = render(page.template, **common, **page.context, root=root, page_path=page.path)
    path = out / page.path / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html, encoding="utf-8")
    return path


class PublishError(Exception):
    """An output folder ``publish`` must not write into (one line, says what to do)."""


def check_out(out: Path) -> None:
    """Refuse an ``out`` that is a file, or a non-empty folder that is not a site this command
    wrote (it replaces ``out`` whole: a mistyped ``--out .`` must not delete a checkout)."""
    if out.exists() and not out.is_dir():
        raise PublishError(f"--out {out} is a file; pass a folder such as build/site")
    if out.is_dir() and any(out.iterdir()) and not (out / SW).is_file():
        raise PublishError(
            f"--out {out} is a folder that lawdesk did not publish (no {SW}); "
            "pass a new or empty folder, or a previous site"
        )


def _swap(built: Path, out: Path) -> None:
    """Replace ``out`` by ``built`` (two renames: the old site stays whole until the last)."""
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    built.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def publish(kb: KB, out: Path = DEFAULT_OUT) -> dict[str, Any]:
    """Write the site for ``kb`` into ``out`` (replacing a site published there before) and
    return its figures: pages, files, bytes, seconds and the service worker's version. Raises
    ``PublishError`` for an ``out`` it must not replace."""
    t0 = time.perf_counter()
    out = Path(out)
    check_out(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = out.with_name(f".{out.name}.new")  # built here, moved into place at the end
    shutil.rmtree(work, ignore_errors=True)
    # site/static/search is published with its data as search/ (write_search_index)
    shutil.copytree(
        STATIC, work / "static", ignore=lambda d, _: ["search"] if d == str(STATIC) else []
    )
    search = write_search_index(kb, work)
    catalogues = write_catalogues(work)
    write_icons(work / "static" / "icons")
    write_manifest(work)
    engine = ENGINE if (work / ENGINE).is_file() else None
    # the browser keeps a catalogue until this changes
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in catalogues))
    common = {"i18n_version": digest.hexdigest()[:12]}
    families = {  # the laws and tools, the ruling trees' steps, what changed in 2017
        "base_pages": site_pages(kb, engine, {"what_happened": what_happened()}),
        "ruling_pages": ruling_pages(kb),
        "diff_pages": diff_pages(kb),
    }
    written = dict.fromkeys(families, 0)
    timed: dict[str, float] = {}  # seconds per family (bench/site.py projects the trees' cost)
    for family, pages in families.items():
        t = time.perf_counter()
        for page in pages:
            write_page(work, page, common)
            written[family] += 1
        timed[family] = round(time.perf_counter() - t, 2)
    write_states(work)
    (work / "404.html").write_text(
        render("404.html", **common, root=NOT_FOUND_ROOT, page_path=None), encoding="utf-8"
    )
    figures: dict[str, Any] = {"out": str(out), "pages": sum(written.values()), **written}
    figures["family_seconds"] = timed
    figures["languages"] = len(catalogues)
    figures["search_units"] = search["units"]
    figures["search_data_gzip"] = search["data_gzip"]  # the search data budget's figure
    # the service worker lists every file written above, so it is written last
    figures.update(write_service_worker(work, kb.build_hash))
    sizes = [p.stat().st_size for p in work.rglob("*") if p.is_file()]
    _swap(work, out)
    figures.update(files=len(sizes), bytes=sum(sizes), seconds=round(time.perf_counter() - t0, 2))
    return figures
