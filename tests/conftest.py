"""Shared fixtures: the corpus and each document parsed once per test session."""

from __future__ import annotations

from functools import cache

import pytest

from kb.corpus import load_sources
from kb.ingest import parse
from kb.models import ParsedDoc

DOCS = ["sr-2007", "hr-pref-2014", "sk-2017", "pl-screens", "ru-comment"]


@cache
def source_text(doc: str) -> str:
    """The corpus text of a document."""
    return next(s for s in load_sources() if s.id == doc).read()


@cache
def parsed_doc(doc: str) -> ParsedDoc:
    """A document parsed by its reader (cached for the session)."""
    return parse(doc, source_text(doc))


@pytest.fixture(params=DOCS)
def doc(request: pytest.FixtureRequest) -> str:
    """Each document ID in turn."""
    return request.param


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory):
    """The whole corpus built into a fresh KB file (once per test worker)."""
    from kb.build import build

    path = tmp_path_factory.mktemp("kb") / "kb.sqlite"
    result = build(path)
    return path, result


@pytest.fixture(scope="session")
def kb(built):
    """The built KB opened read-only."""
    from kb.store import KB

    k = KB(built[0])
    yield k
    k.close()


def wait_ready(client, seconds: float = 60.0) -> None:
    """Poll /readyz until the app has loaded the KB and the search index."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if client.get("/readyz").status_code == 200:
            return
        time.sleep(0.05)
    raise AssertionError(f"/readyz not 200 after {seconds} s: {client.get('/readyz').text}")


@pytest.fixture(scope="session")
def api_client(built, tmp_path_factory: pytest.TempPathFactory):
    """The whole app (API + site) over the session's KB, started and ready."""
    from fastapi.testclient import TestClient

    from api.app import create_app
    from api.settings import Settings

    site = tmp_path_factory.mktemp("no-site")
    app = create_app(Settings(kb_path=built[0], site_dir=site))
    with TestClient(app, raise_server_exceptions=False) as client:
        wait_ready(client)
        yield client


@pytest.fixture(scope="session")
def published(built, tmp_path_factory: pytest.TempPathFactory):
    """The static site published by ``lawdesk publish --json`` from the session's KB (once per
    test worker): its folder and the figures the command printed."""
    import json

    from typer.testing import CliRunner

    from kb.cli import app

    out = tmp_path_factory.mktemp("site") / "site"
    args = ["publish", "--kb", str(built[0]), "--out", str(out), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return out, json.loads(result.output)


@pytest.fixture
def words_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search without the ruling trees' prior (kb/search/situations.py): what the browser
    engine, which ports the server's ranking by the words, is compared with."""
    from kb.search import rank

    monkeypatch.setattr(rank, "TREE_PRIOR", False)
