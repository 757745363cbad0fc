"""A typo in an English query's key word still reaches its Law: English has no document, so its
words are known only to the route (titles, TD vocabulary), and the route corrects a word one
edit from one it knows when English is the query's likeliest language."""

from __future__ import annotations

import pytest

from kb.search import search
from kb.search.index import SearchIndex
from kb.search.service import index_from_kb
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    return index_from_kb(kb, cached=True)


def _first_law(index: SearchIndex, query: str) -> str:
    return str(search(index, query, limit=3)[0]["law"])


# (with a typo, as typed)
TYPOS = [
    ("the director wants to disqualifiy him", "the director wants to disqualify him"),
    ("can the director suspned a player", "can the director suspend a player"),
    ("disqualifiy", "disqualify"),  # one word no language knows: every language is as likely
]


@pytest.mark.parametrize(("typo", "typed"), TYPOS)
def test_a_typo_reaches_the_law_the_word_does(index: SearchIndex, typo: str, typed: str) -> None:
    assert _first_law(index, typo) == _first_law(index, typed)


def test_a_word_of_another_language_is_not_corrected_into_english(index: SearchIndex) -> None:
    # Slovak "diskvalifikovať" is not an English typo: the route stays out of a Slovak query
    found = search(index, "môže vedúci diskvalifikovať hráča", limit=3)
    assert found and str(found[0]["id"]).startswith("sk-2017:91")
