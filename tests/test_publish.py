"""``lawdesk publish``: the pages it writes, what they hold, the offline files, and that the site
makes no external request and never turns text from the URL into HTML."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from kb.publish import publish
from kb.publish.icons import png
from kb.publish.offline import content_version, site_files
from kb.views.nodes import doc_tree

SITE_SRC = Path(__file__).resolve().parents[1] / "site"
MY_JS = sorted((SITE_SRC / "static" / "js").glob("*.js"))
HTML_SINKS = re.compile(
    r"\.(innerHTML|outerHTML)\b|insertAdjacentHTML|document\.write|\beval\(|new Function"
)
URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}""")
XMLNS = "http://www.w3.org/2000/svg"


@pytest.fixture(scope="module")
def site(published) -> Path:
    return published[0]


def read(site: Path, path: str) -> str:
    return (site / path / "index.html" if not path.endswith(".html") else site / path).read_text(
        "utf-8"
    )


def test_figures_and_one_page_per_law(kb, published):
    site, figures = published
    units = sum(len(doc_tree(kb, d["id"]).units) for d in kb.documents())
    docs = len(kb.documents())
    glossaries = sum(1 for d in kb.documents() if any(
        n.kind == "definition" for n in doc_tree(kb, d["id"]).nodes.values()))  # fmt: skip
    # home, contents per document, glossaries, laws, scoring, preferans, search; the ruling
    # trees' and the 2007 -> 2017 pages (tests/test_publish_rulings.py, test_publish_diff.py)
    assert figures["base_pages"] == 1 + docs + glossaries + units + 3
    assert (
        figures["pages"] == figures["base_pages"] + figures["ruling_pages"] + figures["diff_pages"]
    )
    assert figures["files"] == len([p for p in site.rglob("*") if p.is_file()])
    assert figures["precached"] == figures["files"] - 1  # all but the service worker itself
    assert figures["version"].startswith(kb.build_hash[:12])
    assert figures["languages"] == 7


@pytest.mark.parametrize(
    ("path", "title", "contains"),
    [
        ("", "lawdesk", ["Pravidlá súťažného bridžu 2017", 'href="sk-2017/glossary/"']),
        (
            "sk-2017/27/",
            "27 NEDOSTATOČNÁ PONUKA · sk-2017 · lawdesk",
            ['id="B1a"', 'data-cite="sk-2017:27B1(a)"'],
        ),
        ("sr-2007/16/", "16 ", ['id="fn-2"', 'class="fnm" href="#fn-2"']),
        ("hr-pref-2014/29/", "29 ", ['lang="hr"']),
        ("ru-comment/27/", "27 ", ['id="p5"']),
        (
            "pl-screens/1/",
            "1 Zasady postępowania",
            ['id="ocr-toggle"', 'class="raw"', "Zasady postepowania"],
        ),
        ("sr-2007/77/", "77 ", ['id="table-1"', "<table>", "ŠTIHOVSKI POENI"]),
        (
            "sr-2007/glossary/",
            "Glossary · sr-2007",
            ['id="renons"', 'id="bord-1"', 'id="letter-R"'],
        ),
        ("sk-2017/", "sk-2017 · lawdesk", ['id="intro-1"', 'href="../sk-2017/27/"']),
        ("scoring/", "Scoring and calculator", ['id="scoring-data"', '<th scope="row">']),
        ("preferans/", "Preferans scoring", ['href="../hr-pref-2014/77/#table-1"']),
        ("find/", "Search", ['id="results"']),
    ],
)
def test_pages_hold_their_parts(site, path, title, contains):
    html = read(site, path)
    got = re.search(r"<title>(.*?)</title>", html)[1]
    assert got.startswith(title), got
    for piece in contains:
        assert piece in html, piece


def test_references_and_terms_link_and_unresolved_ones_carry_their_reason(site):
    law = read(site, "sk-2017/27/")
    assert '<a class="ref" href="../../sk-2017/31/">pravidlo 31</a>' in law
    assert '<a class="term" href="../../sk-2017/glossary/#ponuka" title="Ponuka">ponuka</a>' in law
    sr = read(site, "sr-2007/9/")
    unresolved = re.search(r'<span class="unres" tabindex="0" title="([^"]+)"[^>]*>član 23F5<', sr)
    assert unresolved and "no 23F5 in sr-2007" in unresolved[1]


def test_side_by_side_targets_and_cited_by_are_on_the_page(site):
    law = read(site, "sk-2017/64/")
    assert 'class="sbs-btn" data-doc="sr-2007"' in law
    assert 'class="par" data-doc="sr-2007" href="../../sr-2007/64/#A1"' in law
    assert "Cited by" in law


def test_scoring_page_carries_the_rules_core_tables(site):
    html = read(site, "scoring/")
    data = json.loads(re.search(r'id="scoring-data">(.*?)</script>', html, re.S)[1])
    assert data["game_threshold"] == 100 and data["imp_edges"][9] == 430
    assert "<td>4000+</td><td>24</td>" in html


@pytest.mark.parametrize("path", MY_JS, ids=lambda p: p.name)
def test_scripts_never_turn_text_into_html(path):
    assert not HTML_SINKS.search(path.read_text("utf-8"))


def test_no_external_request_anywhere(site):
    offenders = []
    for file in site.rglob("*"):
        if file.suffix not in {".html", ".css", ".js", ".json", ".webmanifest", ".svg"}:
            continue
        text = file.read_text("utf-8").replace(XMLNS, "")
        if file.suffix == ".html":
            # law texts and licences may name a web address; only markup can request one
            text = " ".join(re.findall(r"<[^>]+>", text))
        offenders += [(file.relative_to(site).as_posix(), u) for u in URL.findall(text)]
    assert not offenders, offenders[:10]


def test_service_worker_lists_every_file_and_ignores_query_strings(site):
    sw = (site / "sw.js").read_text("utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S)[1])
    assert files == site_files(site)
    assert "./" in files and "sk-2017/27/" in files and "static/js/app.js" in files
    assert "sw.js" not in files and not any(f.endswith("index.html") for f in files)
    assert "ignoreSearch: true" in sw


def test_manifest_and_icons(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()
    data = (site / "static/icons/icon-192.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (192, 192)


def test_png_pixels():
    data = png(10)
    raw = zlib.decompress(data[data.index(b"IDAT") + 4 : data.index(b"IEND") - 8])
    rows = [raw[i * 31 : (i + 1) * 31] for i in range(10)]
    assert all(r[0] == 0 and len(r) == 31 for r in rows)
    assert rows[0][1:4] == bytes((0x1D, 0x4E, 0x89))  # corner: blue
    assert rows[3][1 + 3 * 3 : 4 + 3 * 3] == b"\xff\xff\xff"  # on the page: white


def test_version_changes_with_any_file(tmp_path):
    (tmp_path / "a.html").write_text("one")
    first = content_version(tmp_path, "b" * 64)
    (tmp_path / "sw.js").write_text("ignored")
    assert content_version(tmp_path, "b" * 64) == first
    (tmp_path / "a.html").write_text("two")
    assert content_version(tmp_path, "b" * 64) != first
    assert content_version(tmp_path, "c" * 64).startswith("c" * 12)


def test_publish_replaces_the_old_site_whole(kb, tmp_path):
    out = tmp_path / "site"
    publish(kb, out)
    (out / "stale.html").write_text("from an old build")
    figures = publish(kb, out)
    assert not (out / "stale.html").exists()
    assert (out / "index.html").is_file() and figures["pages"] > 300
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no work folder left behind


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.write_text("notes"), "is a file"),
        (lambda p: (p.mkdir(), (p / "thesis.tex").write_text("x")), "lawdesk did not publish"),
    ],
)
def test_publish_refuses_to_replace_what_it_did_not_write(built, tmp_path, make, message):
    from typer.testing import CliRunner

    from kb.cli import app

    out = tmp_path / "precious"
    make(out)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(app, ["publish", "--kb", str(built[0]), "--out", str(out)])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
