"""Repeated search and ask requests are answered from the build's answer cache."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.answers import Answers
from api.app import create_app
from api.settings import Settings
from tests.conftest import wait_ready


@pytest.mark.parametrize(
    ("size", "keys", "kept"),
    [
        (2, ["a", "b", "c"], ["b", "c"]),  # the oldest goes first
        (2, ["a", "b", "a", "c"], ["a", "c"]),  # a hit makes an entry recent again
        (0, ["a", "b"], []),  # size 0: nothing kept
    ],
)
def test_least_recently_used_answers_are_dropped(size, keys, kept):
    answers = Answers(size)
    for k in keys:
        answers.get_or_compute(k, lambda k=k: k.upper())
    assert list(answers._map) == kept


def test_an_error_is_never_kept():
    answers = Answers(4)

    def fail() -> str:
        raise ValueError("bad query")

    with pytest.raises(ValueError):
        answers.get_or_compute("q", fail)
    assert answers.get_or_compute("q", lambda: "ok") == "ok" and answers.misses == 2


@pytest.mark.parametrize(
    ("route", "params"),
    [
        ("/api/search", {"q": "nedovoljan licit", "limit": 3}),
        ("/api/search", {"q": "renons", "doc": "sk-2017"}),
        ("/api/ask", {"q": "dealer S: 1H P 1D insufficient?"}),
    ],
)
def test_a_repeated_request_is_a_hit_with_the_same_answer(api_client, route, params):
    answers = api_client.app.api.state.lawdesk.loaded().answers
    first = api_client.get(route, params=params)
    hits = answers.hits
    second = api_client.get(route, params=params)
    assert first.status_code == second.status_code == 200
    assert second.json() == first.json()
    assert answers.hits == hits + 1


def test_other_filters_are_other_answers(api_client):
    a = api_client.get("/api/search", params={"q": "renons", "doc": "sk-2017"}).json()
    b = api_client.get("/api/search", params={"q": "renons", "doc": "sr-2007"}).json()
    assert {r["doc"] for r in a["results"]} == {"sk-2017"}
    assert {r["doc"] for r in b["results"]} == {"sr-2007"}


def test_answer_cache_off(built, tmp_path):
    app = create_app(Settings(kb_path=built[0], site_dir=tmp_path, answer_cache=0))
    with TestClient(app) as client:
        wait_ready(client)
        for _ in range(2):
            assert client.get("/api/search", params={"q": "renons"}).status_code == 200
        assert len(app.api.state.lawdesk.loaded().answers) == 0
