"""Each route of the HTTP API answers what a client expects, as data: request -> key facts."""

from __future__ import annotations

import unicodedata

import pytest

ID_FORMS = [
    "sk-2017:27B1(a)",
    "sk-2017:27b1a",
    "sk-2017:27B1a",
    "sk-2017 27B1(a)",
    "SK-2017/27 B 1 (a)",
]


@pytest.mark.parametrize("form", ID_FORMS)
def test_node_ids_are_read_tolerantly(api_client, form):
    r = api_client.get(f"/api/nodes/{form}")
    assert r.status_code == 200, r.text
    assert r.json()["id"] == "sk-2017:27B1(a)"


def test_node_record(api_client):
    body = api_client.get("/api/nodes/sk-2017:27B1(a)").json()
    assert body["kind"] == "item" and body["doc"] == "sk-2017"
    assert body["url"] == {"path": "sk-2017/27/", "anchor": "B1a"}
    assert [a["id"] for a in body["ancestors"]] == ["sk-2017:27", "sk-2017:27B", "sk-2017:27B1"]
    assert {r["target_cite"] for r in body["refs_out"]} >= {"26B", "16C"}
    assert any(p["node"] == "sr-2007:27B1(a)" for p in body["parallels"])


def test_footnotes_and_table_rows_inline(api_client):
    fn = api_client.get("/api/nodes/sr-2007:27B1(b)").json()["footnotes"]
    assert [f["id"] for f in fn] == ["sr-2007:fn/9"] and fn[0]["text"]
    table = api_client.get("/api/nodes/sr-2007:77/table/1").json()
    assert table["rows"][0][:2] == ["AKO JE ADUT", "♠"]


def test_law_with_whole_subtree(api_client):
    body = api_client.get("/api/laws/sk-2017/27").json()
    law = body["law"]
    assert law["id"] == "sk-2017:27"
    sections = [c["id"] for c in law["children"]]
    assert sections[:2] == ["sk-2017:27A", "sk-2017:27B"]
    b1 = law["children"][1]["children"][0]
    assert [c["id"] for c in b1["children"]][:2] == ["sk-2017:27B1(a)", "sk-2017:27B1(b)"]
    assert (body["prev"]["id"], body["next"]["id"]) == ("sk-2017:26", "sk-2017:28")


@pytest.mark.parametrize(
    ("path", "first", "count"),
    [
        ("/api/documents", "sr-2007", 5),
        ("/api/documents/sk-2017", None, None),
        ("/api/documents/hr-pref-2014/contents", None, None),
    ],
)
def test_documents(api_client, path, first, count):
    r = api_client.get(path)
    assert r.status_code == 200
    body = r.json()
    if count is not None:
        assert len(body) == count and body[0]["id"] == first


def test_document_lists_its_laws(api_client):
    body = api_client.get("/api/documents/sk-2017").json()
    assert len(body["units"]) == 93 and body["units"][26]["id"] == "sk-2017:27"
    assert body["stats"]["laws"] == 93


def test_contents_as_the_source_has_it(api_client):
    body = api_client.get("/api/documents/sr-2007/contents").json()
    chapters = [c["id"] for c in body["contents"]]
    assert chapters[:3] == ["sr-2007:ch/I", "sr-2007:ch/II", "sr-2007:ch/III"]
    ch2 = body["contents"][1]
    assert ch2["children"][0]["id"] == "sr-2007:1"
    assert body["glossary"] == {"path": "sr-2007/glossary/", "anchor": ""}


def test_definitions_a_to_z(api_client):
    body = api_client.get("/api/documents/sk-2017/definitions").json()
    assert body["count"] == 64
    terms = [t["term"] for letter in body["letters"] for t in letter["terms"]]

    def base(t: str) -> str:  # a letter with diacritics sorts with its base letter
        return "".join(c for c in unicodedata.normalize("NFD", t.casefold()) if c.isalnum())

    assert terms == sorted(terms, key=base)
    assert body["letters"][0]["letter"] == "A"


def test_node_refs_both_ways(api_client):
    body = api_client.get("/api/nodes/sk-2017:27D/refs").json()
    assert any(r["from"] == "sk-2017:27B1(a)" for r in body["in"])


def test_parallels_route(api_client):
    body = api_client.get("/api/nodes/sr-2007:16C/parallels").json()
    assert body["id"] == "sr-2007:16C"
    assert any(p["node"] == "sk-2017:16D" for p in body["parallels"])


def test_refs_are_paged_and_filtered(api_client):
    first = api_client.get("/api/refs", params={"limit": 5}).json()
    second = api_client.get("/api/refs", params={"limit": 5, "offset": 5}).json()
    assert first["total"] == second["total"] > 900
    assert len(first["items"]) == 5 and first["items"][0] != second["items"][0]
    missing = api_client.get(
        "/api/refs", params={"status": "unresolved-missing", "doc": "sr-2007", "limit": 1000}
    ).json()
    assert missing["total"] == len(missing["items"]) >= 1
    assert all(r["from"].startswith("sr-2007:") for r in missing["items"])


@pytest.mark.parametrize(
    ("text", "doc", "cite", "expected"),
    [
        ("Direktor je primenio član 27B1(b).", None, "27B1(b)", {"sr-2007": ["sr-2007:27B1(b)"]}),
        ("see Law 64A2 please", None, "64A2", {"sk-2017": ["sk-2017:64A2"]}),
        ("по правилу 30", None, "30", {"ru-comment": ["ru-comment:30"]}),
        ("vidi čl. 29.", None, "29", {"hr-pref-2014": ["hr-pref-2014:29"]}),
        (
            "pravidlo 16C",
            "sk-2017",
            "16C",
            {"sk-2017": ["sk-2017:16C"], "sr-2007": ["sr-2007:16D"]},
        ),
        ("apply 12C1e", None, "12C1(e)", {"sk-2017": ["sk-2017:12C1(e)"]}),
    ],
)
def test_cite_finds_citations_in_any_language(api_client, text, doc, cite, expected):
    body = api_client.post("/api/cite", json={"text": text, "doc": doc}).json()
    hit = next(c for c in body["citations"] if c["cite"] == cite)
    assert text[hit["span"][0] : hit["span"][1]] == hit["raw"]
    for d, ids in expected.items():
        assert hit["nodes"][d] == ids


def test_cite_keeps_bridge_sections_out_of_the_preferans_code(api_client):
    body = api_client.post("/api/cite", json={"text": "pravidlo 16C"}).json()
    assert "hr-pref-2014" not in body["citations"][0]["nodes"]


def test_search(api_client):
    body = api_client.get("/api/search", params={"q": "27B1a", "doc": "sk-2017"}).json()
    assert body["results"][0]["id"] == "sk-2017:27B1(a)"
    assert body["results"][0]["parallels"]
    assert body["results"][0]["url"] == {"path": "sk-2017/27/", "anchor": "B1a"}


@pytest.mark.parametrize(
    ("q", "corrected"),
    [
        ("misinforaation", [{"typed": "misinforaation", "read": "misinformation"}]),
        ("misinformation", []),  # spelt right: nothing read otherwise
    ],
)
def test_search_says_which_typos_it_read(api_client, q, corrected):
    body = api_client.get("/api/search", params={"q": q}).json()
    assert body["corrected"] == corrected
    assert body["results"][0]["law"] == "21"


@pytest.mark.parametrize(
    "q", ["misinformation\u200b", "\ufeffmisinformation", "mis\xadinformation"]
)
def test_search_reads_a_word_with_invisible_characters(api_client, q):
    # text pasted from a web page or a PDF: the invisible characters are not part of the word
    body = api_client.get("/api/search", params={"q": q}).json()
    assert body["results"][0]["law"] == "21"


def test_ask_checks_the_auction(api_client):
    body = api_client.get("/api/ask", params={"q": "1S P 1H X"}).json()
    assert body["auction"]["check"]["reason"] == "insufficient bid"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/api/rules/score?contract=4SX&vul=true&tricks=10", {"score": 790, "law": "77"}),
        ("/api/rules/score?contract=3NT&tricks=8", {"score": -50}),
        ("/api/rules/imps?diff=430", {"imps": 10, "law": "78B"}),
        ("/api/rules/imps?diff=-430", {"imps": -10}),
        ("/api/rules/preferans/cycle?board=1", {"provision": "hr-pref-2014:2"}),
    ],
)
def test_rules_get(api_client, path, expected):
    body = api_client.get(path).json()
    assert {k: body[k] for k in expected} == expected


@pytest.mark.parametrize(
    ("path", "payload", "expected"),
    [
        ("/api/rules/matchpoints", {"scores": [620, 650, 620, 600]}, {"top": 6, "law": "78A"}),
        (
            "/api/rules/auction",
            {"dealer": "N", "calls": ["1H", "1D"]},
            {"reason": "insufficient bid", "law": "27", "next_to_call": "E"},
        ),
        (
            "/api/rules/auction",
            {"dealer": "S", "calls": ["1H", "P", "P", "P"]},
            {"contract": "1H", "declarer": "S", "opening_leader": "W"},
        ),
        ("/api/rules/adjusted", {"kind": "artificial", "award": "avg+"}, {"value": 60.0}),
        (
            "/api/rules/adjusted",
            {"kind": "artificial", "award": "avg-", "scoring": "imp", "edition": "2007"},
            {"value": -3.0, "law": "12C2(b)"},
        ),
        (
            "/api/rules/adjusted",
            {
                "kind": "weighted",
                "weighted": [{"weight": 0.5, "points": 620}, {"weight": 0.5, "points": -100}],
                "scoring": "imp",
                "vul": "None",
                "other_table": 170,
            },
            {"value": 1.5},
        ),
        ("/api/rules/preferans/score", {"contract": "BX"}, {"value": 12, "multiplier": 2}),
        ("/api/rules/preferans/auction", {"calls": ["2", "3", "P", "P"]}, {"contract": "karo"}),
        ("/api/rules/preferans/mitchell", {"results": [10, -5, 3]}, {"points": [4.0, 0.0, 2.0]}),
    ],
)
def test_rules_post(api_client, path, payload, expected):
    r = api_client.post(path, json=payload)
    assert r.status_code == 200, r.text
    body = r.json()
    assert {k: body[k] for k in expected} == expected


def test_health_ready_version(api_client):
    assert api_client.get("/healthz").json() == {"status": "alive"}
    ready = api_client.get("/readyz").json()
    assert ready["status"] == "ready"
    version = api_client.get("/api/version").json()
    assert version["kb_build_hash"] == ready["build_hash"]
    assert set(version["corpus"]) == {
        "sr-2007",
        "hr-pref-2014",
        "sk-2017",
        "pl-screens",
        "ru-comment",
    }


def test_head_wherever_get(api_client):
    get = api_client.get("/api/nodes/sk-2017:27")
    head = api_client.head("/api/nodes/sk-2017:27")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["etag"] == get.headers["etag"]


def test_etag_and_not_modified(api_client):
    r = api_client.get("/api/laws/sk-2017/27")
    assert r.headers["cache-control"].startswith("public, max-age=")
    again = api_client.get("/api/laws/sk-2017/27", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert api_client.get("/healthz").headers["cache-control"] == "no-store"


def test_gzip(api_client):
    r = api_client.get("/api/laws/sk-2017/27", headers={"Accept-Encoding": "gzip"})
    assert r.headers["content-encoding"] == "gzip"


def test_docs_work_offline(api_client):
    page = api_client.get("/api/docs").text
    assert "/api/docs/assets/swagger-ui-bundle.js" in page and "cdn" not in page.lower()
    assert api_client.get("/api/docs/assets/swagger-ui-bundle.js").status_code == 200
    schema = api_client.get("/api/openapi.json").json()
    assert "/api/search" in schema["paths"]


def test_diff_pairs_the_swapped_doubles_of_law_32(api_client):
    rows = api_client.get("/api/diff/32").json()["rows"]
    pairs = {(r["a"]["id"], r["b"]["id"]): r["relation"] for r in rows if r["a"] and r["b"]}
    assert pairs[("sr-2007:32A", "sk-2017:32B")] == "moved"
    assert pairs[("sr-2007:32B", "sk-2017:32A")] == "moved"
    overview = api_client.get("/api/diff").json()
    assert len(overview["laws"]) == 93 and overview["laws_changed"] >= 10


def test_new_in_2017_is_said(api_client):
    assert api_client.get("/api/nodes/sk-2017:23").json()["unpaired"]["label"] == "new in 2017"


def test_cors_is_configurable(built, tmp_path):
    from fastapi.testclient import TestClient

    from api.app import create_app
    from api.settings import Settings

    app = create_app(
        Settings(kb_path=built[0], site_dir=tmp_path, cors_origins=("https://club.example",))
    )
    with TestClient(app) as client:
        ok = client.get("/healthz", headers={"Origin": "https://club.example"})
        other = client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert ok.headers["access-control-allow-origin"] == "https://club.example"
    assert "access-control-allow-origin" not in other.headers


def test_settings_from_environment():
    from api.settings import Settings

    s = Settings.from_env({"LAWDESK_CORS_ORIGINS": "a.example, b.example", "LAWDESK_KB": "/x"})
    assert s.cors_origins == ("a.example", "b.example") and str(s.kb_path) == "/x"
    with pytest.raises(ValueError, match="LAWDESK_CACHE_SECONDS"):
        Settings.from_env({"LAWDESK_CACHE_SECONDS": "soon"})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("LAWDESK_ANSWER_CACHE", "many"),
        ("LAWDESK_ANSWER_CACHE", ""),
        ("LAWDESK_ANSWER_CACHE", "-1"),
        ("LAWDESK_ANSWER_CACHE", "9" * 30),
        ("LAWDESK_CACHE_SECONDS", "-5"),
    ],
)
def test_bad_setting_is_named(name, value):
    from api.settings import Settings

    with pytest.raises(ValueError, match=f"{name}=.*expected whole"):
        Settings.from_env({name: value})


def test_serve_says_a_bad_setting_in_one_line(monkeypatch, built):
    from typer.testing import CliRunner

    import kb.cli  # noqa: F401  (registers the commands)
    from kb.cli.app import app

    for name in ("LAWDESK_KB", "LAWDESK_SITE", "LAWDESK_CORS_ORIGINS"):
        monkeypatch.setenv(name, "")  # serve sets these; undone after the test
    monkeypatch.setenv("LAWDESK_ANSWER_CACHE", "lots")
    r = CliRunner().invoke(app, ["serve", "--kb", str(built[0]), "--port", "8799"])
    assert r.exit_code == 2
    assert "LAWDESK_ANSWER_CACHE='lots'" in r.stderr and "Traceback" not in r.output


def test_rulings_list_and_tree(api_client):
    trees = api_client.get("/api/rulings").json()
    ids = {t["id"] for t in trees}
    assert {"insufficient-bid", "revoke"} <= ids
    assert all(set(t["title"]) == {"en", "sr", "hr", "sk", "pl", "ru"} for t in trees)
    tree = api_client.get("/api/rulings/insufficient-bid").json()
    assert tree["start"] in tree["nodes"] and tree["examples"]


@pytest.mark.parametrize(
    ("facts", "status", "expected"),
    [
        ({}, "question", {"fact": "in_rotation"}),
        (
            {"dealer": "N", "auction": ["1S", "1H", "S:2C"]},
            "ruling",
            {"laws": ["sk-2017:27A1"], "leaf": "bid-accepted"},
        ),
    ],
)
def test_ruling_step_is_stateless(api_client, facts, status, expected):
    r = api_client.post("/api/rulings/insufficient-bid", json={"edition": "2017", "facts": facts})
    body = r.json()
    assert r.status_code == 200 and body["status"] == status
    assert {k: body[k] for k in expected} == expected


def test_ask_suggests_rulings(api_client):
    body = api_client.get("/api/ask", params={"q": "LHO bid over the insufficient bid"}).json()
    assert body["rulings"][0]["id"] == "insufficient-bid"
