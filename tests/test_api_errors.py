"""One error shape on every route: {"error": {"code", "message", "accepted": [str, ...]}}."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.errors import ApiError
from api.settings import Settings


def assert_shape(r, status: int, code: str | None = None) -> dict:
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "accepted"}
    err = body["error"]
    assert isinstance(err["code"], str) and err["code"] and err["message"]
    assert isinstance(err["accepted"], list) and all(isinstance(a, str) for a in err["accepted"])
    if code is not None:
        assert err["code"] == code, err
    return err


def operations(client) -> list[tuple[str, str]]:
    schema = client.get("/api/openapi.json").json()
    return [(m.upper(), p) for p, item in schema["paths"].items() for m in item]


def test_every_route_is_covered_here(api_client):
    """A new route must get a bad-request case below."""
    assert {p for _, p in operations(api_client)} <= set(BAD) | {"/healthz"}


BAD = {
    "/api/documents": [("GET", "/api/documents?x=1", None, 200, None)],
    "/api/stats": [],
    "/api/diff": [],
    "/api/rulings": [],
    "/api/rulings/{tree}": [
        ("GET", "/api/rulings/no-such-tree", None, 404, "unknown-tree"),
        ("POST", "/api/rulings/no-such-tree", {"edition": "2017"}, 404, "unknown-tree"),
        ("POST", "/api/rulings/insufficient-bid", {"edition": "1999"}, 400, "bad-value"),
        (
            "POST",
            "/api/rulings/insufficient-bid",
            {"edition": "2017", "facts": {"x": 1}},
            400,
            "unknown-fact",
        ),
        ("POST", "/api/rulings/insufficient-bid", {"edition": "2017", "facts": []}, 422, None),
    ],
    "/api/diff/{law}": [
        ("GET", "/api/diff/99", None, 404, "unknown-law"),
        ("GET", "/api/diff/abc", None, 404, "unknown-law"),
    ],
    "/readyz": [],
    "/api/version": [],
    "/api/documents/{doc}": [("GET", "/api/documents/nope", None, 404, "unknown-document")],
    "/api/documents/{doc}/contents": [
        ("GET", "/api/documents/xx/contents", None, 404, "unknown-document")
    ],
    "/api/documents/{doc}/definitions": [
        ("GET", "/api/documents/xx/definitions", None, 404, "unknown-document")
    ],
    "/api/nodes/{node_id}": [
        ("GET", "/api/nodes/sk-2017:27B9", None, 404, "unknown-node"),
        ("GET", "/api/nodes/nonsense", None, 404, "unknown-node"),
        ("GET", "/api/nodes/" + "x" * 300, None, 400, "too-long"),
        ("GET", "/api/nodes/%07", None, 404, "unknown-node"),
    ],
    "/api/nodes/{node_id}/refs": [
        ("GET", "/api/nodes/sk-2017:99Z/refs", None, 404, "unknown-node")
    ],
    "/api/nodes/{node_id}/parallels": [
        ("GET", "/api/nodes/zz:1/parallels", None, 404, "unknown-node")
    ],
    "/api/laws/{doc}/{law}": [
        ("GET", "/api/laws/sk-2017/99", None, 404, "unknown-node"),
        ("GET", "/api/laws/sk-2017/27B", None, 404, "not-a-law"),
        ("GET", "/api/laws/chess/1", None, 404, "unknown-document"),
    ],
    "/api/refs": [
        ("GET", "/api/refs?status=maybe", None, 400, "bad-value"),
        ("GET", "/api/refs?doc=xx-1999", None, 400, "bad-value"),
        ("GET", "/api/refs?limit=1001", None, 400, "out-of-range"),
        ("GET", "/api/refs?offset=-1", None, 400, "out-of-range"),
        ("GET", "/api/refs?limit=ten", None, 422, "invalid-request"),
    ],
    "/api/cite": [
        ("POST", "/api/cite", {"text": "   "}, 400, "empty"),
        ("POST", "/api/cite", {"text": "\u200b\x01 \ufeff"}, 400, "empty"),
        ("POST", "/api/cite", {"text": "x" * 20_001}, 400, "too-long"),
        ("POST", "/api/cite", {"text": "27B", "doc": "nope"}, 400, "bad-value"),
        ("POST", "/api/cite", {"txt": "27B"}, 422, "invalid-request"),
        ("POST", "/api/cite", [1, 2], 422, "invalid-request"),
    ],
    "/api/search": [
        ("GET", "/api/search", None, 422, "invalid-request"),
        ("GET", "/api/search?q=%20", None, 400, "empty"),
        # only invisible and control characters: nothing the search reads
        ("GET", "/api/search?q=%E2%80%8B", None, 400, "empty"),
        ("GET", "/api/search?q=%01%C2%AD%E2%81%A0", None, 400, "empty"),
        ("GET", "/api/search?q=" + "a" * 501, None, 400, "too-long"),
        ("GET", "/api/search?q=x&lang=xx", None, 400, "bad-value"),
        ("GET", "/api/search?q=x&game=chess", None, 400, "bad-value"),
        ("GET", "/api/search?q=x&edition=1999", None, 400, "bad-value"),
        ("GET", "/api/search?q=x&doc=nope", None, 400, "bad-value"),
        ("GET", "/api/search?q=x&limit=0", None, 400, "out-of-range"),
        ("GET", "/api/search?q=x&limit=abc", None, 422, "invalid-request"),
    ],
    "/api/ask": [
        ("GET", "/api/ask?q=", None, 400, "bad-value"),
        ("GET", "/api/ask?q=%20%20", None, 400, "empty"),
        ("GET", "/api/ask?q=%EF%BB%BF%09", None, 400, "empty"),
        ("GET", "/api/ask?q=" + "a" * 2001, None, 400, "too-long"),
        ("GET", "/api/ask?q=1H+P+1S+P&edition=1999", None, 400, "bad-value"),
        ("GET", "/api/ask?q=" + "1H+P+" * 60, None, 400, "too-many-calls"),
    ],
    "/api/rules/score": [
        ("GET", "/api/rules/score?contract=4ZX&tricks=10", None, 400, "bad-value"),
        ("GET", "/api/rules/score?contract=4S&tricks=14", None, 400, "out-of-range"),
        ("GET", "/api/rules/score?contract=4S&tricks=x", None, 422, "invalid-request"),
        ("GET", "/api/rules/score?contract=4S", None, 422, "invalid-request"),
    ],
    "/api/rules/imps": [
        ("GET", "/api/rules/imps?diff=nan", None, 422, "invalid-request"),
        ("GET", "/api/rules/imps?diff=99999999", None, 400, "out-of-range"),
    ],
    "/api/rules/matchpoints": [
        ("POST", "/api/rules/matchpoints", {"scores": [1]}, 400, "too-few"),
        ("POST", "/api/rules/matchpoints", {"scores": list(range(1001))}, 400, "too-many"),
        ("POST", "/api/rules/matchpoints", {"scores": ["x", 1]}, 422, "invalid-request"),
        ("POST", "/api/rules/matchpoints", {"scores": [True, 1]}, 422, "invalid-request"),
        ("POST", "/api/rules/matchpoints", {"scores": [1.5, 1]}, 422, "invalid-request"),
    ],
    "/api/rules/auction": [
        ("POST", "/api/rules/auction", {"dealer": "Q", "calls": []}, 400, "bad-value"),
        ("POST", "/api/rules/auction", {"dealer": "N", "calls": ["1Z"]}, 400, "bad-value"),
        ("POST", "/api/rules/auction", {"dealer": "N", "calls": "1H"}, 422, "invalid-request"),
    ],
    "/api/rules/adjusted": [
        ("POST", "/api/rules/adjusted", {}, 422, "invalid-request"),
        ("POST", "/api/rules/adjusted", {"kind": "artificial", "award": "avg++"}, 400, "bad-value"),
        ("POST", "/api/rules/adjusted", {"kind": "artificial", "award": "avg", "x": 1}, 422, None),
        (
            "POST",
            "/api/rules/adjusted",
            {
                "kind": "weighted",
                "weighted": [{"weight": 0.5, "points": 1}],
                "scoring": "imp",
                "vul": "NS",
                "other_table": 0,
            },
            400,
            "bad-value",
        ),
    ],
    "/api/rules/preferans/score": [
        ("POST", "/api/rules/preferans/score", {"contract": "Q"}, 400, "bad-value"),
    ],
    "/api/rules/preferans/auction": [
        ("POST", "/api/rules/preferans/auction", {"calls": ["9"]}, 400, "bad-value"),
    ],
    "/api/rules/preferans/cycle": [
        ("GET", "/api/rules/preferans/cycle?board=x", None, 422, "invalid-request"),
    ],
    "/api/rules/preferans/mitchell": [
        ("POST", "/api/rules/preferans/mitchell", {"results": []}, 400, "too-few"),
        ("POST", "/api/rules/preferans/mitchell", {"results": ["nan"]}, 422, "invalid-request"),
        ("POST", "/api/rules/preferans/mitchell", {"results": [1], "artificial": False}, 422, None),
    ],
}

CASES = [case for cases in BAD.values() for case in cases]


@pytest.mark.parametrize(("method", "url", "payload", "status", "code"), CASES)
def test_bad_requests_answer_in_the_shape(api_client, method, url, payload, status, code):
    r = api_client.request(method, url, json=payload)
    if status == 200:
        assert r.status_code == 200  # unknown parameters are ignored
        return
    assert_shape(r, status, code)


@pytest.mark.parametrize(
    ("method", "url", "allow"),
    [
        ("PUT", "/api/search", "GET, HEAD"),
        ("DELETE", "/api/nodes/sk-2017:27", "GET, HEAD"),
        ("GET", "/api/rules/matchpoints", "POST"),
        ("POST", "/healthz", "GET, HEAD"),
    ],
)
def test_405_names_the_allowed_methods(api_client, method, url, allow):
    r = api_client.request(method, url)
    err = assert_shape(r, 405, "method-not-allowed")
    assert r.headers["allow"] == allow and err["accepted"] == allow.split(", ")


@pytest.mark.parametrize("url", ["/api/nope", "/api/documents/sk-2017/nope", "/api"])
def test_404_for_unknown_paths(api_client, url):
    assert_shape(api_client.get(url), 404)


def test_413_for_a_large_body(api_client):
    r = api_client.post(
        "/api/cite", content=b'{"text": "' + b"x" * 70_000 + b'"}',
        headers={"content-type": "application/json"},
    )  # fmt: skip
    assert_shape(r, 413, "body-too-large")


def test_414_for_a_long_url(api_client):
    assert_shape(api_client.get("/api/search?q=" + "a" * 17_000), 414, "url-too-long")


@pytest.mark.parametrize(
    "content", [b"", b"not json", b"\xff\xfe\x00", b'{"text": ', b"[]", b"null"]
)
def test_422_for_garbage_bodies(api_client, content):
    r = api_client.post("/api/cite", content=content, headers={"content-type": "application/json"})
    assert_shape(r, 422, "invalid-request")


@pytest.mark.parametrize("content", [b"", b"garbage", b"SQLite format 3\x00" + b"\x00" * 200])
def test_503_when_the_kb_is_unusable(tmp_path, content):
    bad = tmp_path / "kb.sqlite"
    bad.write_bytes(content)
    app = create_app(Settings(kb_path=bad, site_dir=tmp_path))
    with TestClient(app, raise_server_exceptions=False) as client:
        assert client.get("/healthz").status_code == 200
        for url in ("/readyz", "/api/nodes/sk-2017:27", "/api/search?q=renons", "/api/documents"):
            err = assert_shape(client.get(url), 503, "kb-unavailable")
            assert str(bad) in err["message"]


def test_500_is_in_the_shape_and_logged(api_client, caplog, monkeypatch):
    import kb.views

    def broken(*_a, **_k):
        raise RuntimeError("boom")

    monkeypatch.setattr(kb.views, "node_view", broken)
    r = api_client.get("/api/nodes/sk-2017:27")
    err = assert_shape(r, 500, "internal-error")
    assert "boom" not in err["message"]


def test_api_error_accepts_only_strings():
    assert ApiError(400, "x", "y", [1, None]).accepted == ["1", "None"]
