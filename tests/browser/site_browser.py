"""What the browser tests share: the static file server, a phone-sized context that records
requests leaving the site, and screenshots under build/screenshots/."""

from __future__ import annotations

import functools
import json
import re
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from kb.corpus import ROOT

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = ROOT / "build" / "screenshots"
ENGINE = ROOT / "site" / "static" / "search" / "engine.js"


class Quiet(SimpleHTTPRequestHandler):
    """A static file server that does not log every request to the test output."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    """A threaded server that takes a browser closing a connection mid-answer in its stride."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class Server:
    """``site`` served on 127.0.0.1 and a free port, in a thread."""

    def __init__(self, site: Path) -> None:
        self.site = site
        handler = functools.partial(Quiet, directory=str(site))
        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


def open_context(browser, base: str, *, offline_worker: bool = False):
    """A phone-sized context; requests anywhere but ``base`` are recorded in ``.external``."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        service_workers="allow" if offline_worker else "block",
    )
    context.external = []
    context.on(
        "request",
        lambda r: None if r.url.startswith((base, "data:")) else context.external.append(r.url),
    )
    return context


def screenshot(page, name: str) -> Path:
    """Save a screenshot of the viewport under build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def precache_count(sw_source: str) -> int:
    """How many files a service worker source lists for precaching."""
    return len(json.loads(re.search(r"const FILES = (\[.*?\]);", sw_source, re.S)[1]))


def wait_precached(page, base: str) -> None:
    """Wait until the service worker controls ``page`` and has cached every file it lists."""
    count = precache_count(page.request.get(base + "sw.js").text())
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    page.wait_for_function(
        """async (count) => {
            const keys = await caches.keys();
            if (keys.length !== 1) return false;
            return (await (await caches.open(keys[0])).keys()).length === count;
        }""",
        arg=count,
        timeout=30_000,
    )


def offline_after_first_visit(browser, base: str):
    """A context whose first visit to ``base`` precached the site, now offline: (context,
    page). The caller closes the context."""
    context = open_context(browser, base, offline_worker=True)
    page = context.new_page()
    page.goto(base)
    wait_precached(page, base)
    context.set_offline(True)
    return context, page
