"""Hostile free text gets an answer (200, or a 400 saying which limit it broke) from search, ask
and cite; never a 500 or a hang. Their CPU cost is measured by bench/adversarial.py."""

from __future__ import annotations

import pytest

from tests.adversarial import ask_questions, cite_texts, search_queries


@pytest.mark.parametrize(("name", "q"), sorted(search_queries().items()))
def test_search_answers(api_client, name, q):
    r = api_client.get("/api/search", params={"q": q})
    assert r.status_code == 200, (name, r.text[:300])


@pytest.mark.parametrize(("name", "q"), sorted(ask_questions().items()))
def test_ask_answers(api_client, name, q):
    r = api_client.get("/api/ask", params={"q": q})
    assert r.status_code in (200, 400), (name, r.text[:300])
    if r.status_code == 400:
        assert r.json()["error"]["code"] == "too-many-calls"


@pytest.mark.parametrize(("name", "text"), sorted(cite_texts().items()))
def test_cite_answers(api_client, name, text):
    r = api_client.post("/api/cite", json={"text": text})
    assert r.status_code == 200, (name, r.text[:300])
    assert r.json()["count"] <= 1000
