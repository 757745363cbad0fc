"""What makes the site an installable app that works offline: the web app manifest and the
service worker, which lists every file of the build and carries its version."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from kb.publish.icons import SIZES
from kb.publish.render import render

SW = "sw.js"
MANIFEST = "manifest.webmanifest"


def write_manifest(out: Path) -> Path:
    """``manifest.webmanifest``: name, start URL, standalone display, colours and icons; every
    URL relative to the manifest, so the site installs from any folder."""
    icons = [
        {"src": f"static/icons/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png",
         "purpose": "any maskable"}
        for s in SIZES
    ]  # fmt: skip
    icons.append({"src": "static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    manifest = {
        "name": "lawdesk: the Laws for tournament directors",
        "short_name": "lawdesk",
        "description": "Bridge and preferans rule texts, searchable and readable offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d4e89",
        "icons": icons,
    }
    path = out / MANIFEST
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def site_files(out: Path) -> list[str]:
    """Every file of the build as the URL it is fetched by, relative to the site root: a page
    by its folder (``sk-2017/27/``, ``./`` for the home page), the service worker left out."""
    urls = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        if rel == SW:
            continue
        if path.name == "index.html":
            rel = rel.removesuffix("index.html") or "./"
        urls.append(rel)
    return urls


def content_version(out: Path, build_hash: str) -> str:
    """The build's version: the KB build hash and a digest of every file written, so any change
    of the texts, the templates, the assets or the search index gives a new version."""
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.name != SW):
        digest.update(path.relative_to(out).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"{build_hash[:12]}-{digest.hexdigest()[:12]}"


def write_service_worker(out: Path, build_hash: str) -> dict[str, object]:
    """``sw.js`` listing every other file of ``out``; call it last. Returns its version and
    the number of files it precaches."""
    files = site_files(out)
    version = content_version(out, build_hash)
    (out / SW).write_text(render(SW, version=version, files=files), encoding="utf-8")
    return {"version": version, "precached": len(files)}
