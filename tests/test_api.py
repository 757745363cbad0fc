"""The HTTP API: node records, one error shape on every route."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import api.app as api_app


@pytest.fixture(scope="module")
def client(built):
    api_app.KB_PATH = built[0]
    api_app.kb.cache_clear()
    with TestClient(api_app.app) as c:
        yield c
    api_app.kb.cache_clear()


def test_node_record(client):
    r = client.get("/api/nodes/sk-2017:27B1(a)")
    assert r.status_code == 200
    body = r.json()
    assert {
        "id",
        "doc",
        "kind",
        "title",
        "text",
        "children",
        "refs_out",
        "cited_by",
        "parallels",
        "source_lines",
    } <= body.keys()
    assert body["id"] == "sk-2017:27B1(a)" and body["kind"] == "item"
    assert any(p["node"] == "sr-2007:27B1(a)" for p in body["parallels"])


def test_stats_match_cli_shape(client):
    body = client.get("/api/stats").json()
    assert body["docs"]["sr-2007"]["laws"] == 93


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/nodes/sk-2017:99Z", 404, "unknown-node"),
        ("/api/nodes/nonsense", 404, "unknown-node"),
        ("/api/refs?status=maybe", 400, "bad-status"),
        ("/api/refs?doc=xx-1999", 400, "unknown-doc"),
        ("/api/no-such-route", 404, "not-found"),
    ],
)
def test_error_shape(client, path, status, code):
    r = client.get(path)
    assert r.status_code == status
    err = r.json()["error"]
    assert err["code"] == code and err["message"]


def test_unknown_node_lists_nearest(client):
    err = client.get("/api/nodes/sk-2017:27B9").json()["error"]
    assert err["accepted"]["nearest"]


def test_index_page_lists_documents(client):
    r = client.get("/")
    assert r.status_code == 200 and "sk-2017" in r.text and "<script" not in r.text


def test_search_endpoint(client):
    body = client.get("/api/search", params={"q": "27B1a", "doc": "sk-2017"}).json()
    assert body["results"][0]["id"] == "sk-2017:27B1(a)"


def test_ask_endpoint(client):
    body = client.get("/api/ask", params={"q": "1S P 1H X"}).json()
    assert body["auction"]["check"]["reason"] == "insufficient bid"


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"q": "x", "limit": 0}, "bad-limit"),
        ({"q": "   "}, "empty-query"),
        ({"q": "x", "doc": "nope"}, "bad-filter"),
        ({}, "invalid-request"),
    ],
)
def test_search_errors(client, params, code):
    r = client.get("/api/search", params=params)
    assert r.status_code in (400, 422)
    assert r.json()["error"]["code"] == code
