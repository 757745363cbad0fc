"""A rebuild while the server runs never mixes two builds: a process answers from the build it
loaded (store and index together) until restarted; a new process answers from the new build,
search included (caches are keyed by the KB's content hash, not its file time)."""

from __future__ import annotations

import shutil

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from kb.build import build
from kb.corpus import CORPUS_DIR
from tests.conftest import wait_ready

NODE = "sk-2017:27B1(a)"
OLD_WORD = "najbližšou"
NEW_WORD = "zeleninovou"  # a word no rule text has


def _answers(client: TestClient) -> tuple[str, str, list[str]]:
    text = client.get(f"/api/nodes/{NODE}").json()["text"]
    build_hash = client.get("/api/version").json()["kb_build_hash"]
    hits = client.get("/api/search", params={"q": NEW_WORD, "doc": "sk-2017"}).json()["results"]
    return text, build_hash, [h["id"] for h in hits]


@pytest.fixture
def corpus(tmp_path):
    copy = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, copy)
    return copy


def test_rebuild_while_serving(tmp_path, corpus):
    kb_path = tmp_path / "build" / "kb.sqlite"
    build(kb_path, corpus)
    settings = Settings(kb_path=kb_path, site_dir=tmp_path)
    with TestClient(create_app(settings)) as old:
        wait_ready(old)
        text0, hash0, hits0 = _answers(old)
        assert OLD_WORD in text0 and hits0 == []

        sk = corpus / "sk-2017.txt"
        sk.write_text(sk.read_text("utf-8").replace(OLD_WORD, NEW_WORD, 1), "utf-8")
        build(kb_path, corpus)  # replaced under the running process

        text1, hash1, hits1 = _answers(old)
        assert (text1, hash1, hits1) == (text0, hash0, hits0), "the old process mixed builds"

        with TestClient(create_app(settings)) as new:
            wait_ready(new)
            text2, hash2, hits2 = _answers(new)
    assert hash2 != hash0
    assert NEW_WORD in text2 and OLD_WORD not in text2
    assert NODE in hits2, "search of the new process answers from a stale cache"


def test_reload_swaps_store_and_index_together(tmp_path, corpus):
    kb_path = tmp_path / "kb.sqlite"
    build(kb_path, corpus)
    app = create_app(Settings(kb_path=kb_path, site_dir=tmp_path))
    with TestClient(app) as client:
        wait_ready(client)
        before = _answers(client)  # kept in the old build's answer cache
        assert OLD_WORD in before[0]
        sk = corpus / "sk-2017.txt"
        sk.write_text(sk.read_text("utf-8").replace(OLD_WORD, NEW_WORD, 1), "utf-8")
        build(kb_path, corpus)
        app.api.state.lawdesk.reload()
        text, _, hits = _answers(client)
    assert NEW_WORD in text and NODE in hits
