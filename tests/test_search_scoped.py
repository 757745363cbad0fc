"""A regulation for one setting (pl-screens: play behind screens) ranks under the Laws unless the
query names its setting (``rank.SCOPED_PRIOR``); named, or filtered to, it leads as before."""

from __future__ import annotations

import pytest

from kb.search import rank, search
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


def _docs(index: SearchIndex, query: str, **filters: str) -> list[str]:
    return [str(r["id"]).split(":")[0] for r in search(index, query, limit=5, **filters)]


# (a general question, the same question behind screens)
# ("odwołanie zapowiedzi" served until the routes' spread evidence, kb/search/route.py SPREAD:
# "odwołanie" is also an appeal, and only the Polish route's many cites kept the Laws first)
PAIRS = [
    ("zmiana zapowiedzi", "zmiana zapowiedzi przy zasłonach"),
    ("withdrawn call", "withdrawn call behind screens"),
]


@pytest.mark.parametrize(("plain", "named"), PAIRS)
def test_the_setting_named_brings_its_regulation_first(
    index: SearchIndex, plain: str, named: str
) -> None:
    assert _docs(index, plain)[0] != "pl-screens"
    assert _docs(index, named)[0] == "pl-screens"


def test_without_the_prior_the_regulation_would_lead(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the case above is one the prior decides, not one the words already decide
    monkeypatch.setattr(rank, "SCOPED_PRIOR", 1.0)
    assert _docs(index, PAIRS[0][0])[0] == "pl-screens"


def test_a_filter_to_the_regulation_still_finds_it(index: SearchIndex) -> None:
    assert set(_docs(index, PAIRS[0][0], doc="pl-screens")) == {"pl-screens"}


# (a Polish query naming screens, how many of its first results the regulation holds)
NAMED_SCREENS = [
    ("dziadek za zasłoną", 3),
    ("zmiana tempa przy zasłonach", 5),
    ("namysł przy grze z zasłonami", 5),
]


@pytest.mark.parametrize(("query", "first"), NAMED_SCREENS)
def test_a_query_naming_screens_gets_no_route_to_the_laws(
    index: SearchIndex, query: str, first: int
) -> None:
    # the Polish route reaches the Laws; a query that names the screens regulation asks about it
    assert _docs(index, query)[:first] == ["pl-screens"] * first


@pytest.mark.parametrize(
    ("code", "weight"), [("pl", rank.OTHER_DOCS_ROUTE), ("sk", 1.0), ("ru", 1.0), ("en", 1.0)]
)
def test_a_route_counts_less_for_a_language_whose_documents_are_not_the_laws(
    index: SearchIndex, code: str, weight: float
) -> None:
    # Polish has only the screens regulation: a Polish question is about it as often as about
    # the Laws; Slovak has the Laws, Russian a commentary on them, English no document
    assert rank.route_weight(index, code) == weight


def test_an_english_question_leans_to_the_laws(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    """English has no document: its words reach the documents through the Laws' vocabulary,
    so a question that names no game is a bridge question (``rank.UNDOCUMENTED_OTHER_GAME``)."""
    query = "who deals the cards"

    def preferans_share() -> float:
        found = search(index, query, limit=20)
        best = max((r["score"] for r in found if r["doc"] == "hr-pref-2014"), default=0.0)
        return best / found[0]["score"]

    assert _docs(index, query)[0] != "hr-pref-2014"
    kept_down, step = preferans_share(), rank.UNDOCUMENTED_OTHER_GAME
    monkeypatch.setattr(rank, "UNDOCUMENTED_OTHER_GAME", 1.0)
    # the step is what keeps preferans down (scores are shown rounded)
    assert preferans_share() == pytest.approx(kept_down / step, rel=0.02)


def test_an_english_question_naming_preferans_stays_there(index: SearchIndex) -> None:
    assert set(_docs(index, "preferans: when is a card played")) == {"hr-pref-2014"}
