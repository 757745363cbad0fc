"""The query speller (kb/search/spelling.py): one edit that keeps the first letter, exactly one
neighbour in the candidate languages' vocabularies, never a real word; and what it changes in
search."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.search import SearchIndex, search
from kb.search.query import parse
from kb.search.service import index_for
from kb.search.spelling import Bloom, Speller, edits, real_neighbours
from kb.store import KB

VOCABULARIES = {
    "sr": frozenset({"renons", "licitacija", "izvodjac", "pogresno", "kazna", "kazneni"}),
    "pl": frozenset({"zaslona", "licytacja", "partner"}),
    "en": frozenset({"comparable", "round", "revoke"}),
    "ru": frozenset({"очереди", "контра"}),
}
# the dictionaries' words: "found" and "partnerowi" are words, not typos of "round"/"partner"
REAL = [frozenset({"found", "revoked", "partnerowi", "partnerovi", "comparably"})]


@pytest.fixture(scope="module")
def speller() -> Speller:
    """A speller over the toy vocabularies, its filter made as the build makes it."""
    return Speller(VOCABULARIES, Bloom.of(real_neighbours(VOCABULARIES, REAL)))


@pytest.mark.parametrize(
    ("word", "langs", "expected"),
    [
        ("renosn", ("sr", "hr"), "renons"),  # two letters swapped
        ("licitcija", ("sr",), "licitacija"),  # a letter dropped
        ("izvoddjac", ("sr",), "izvodjac"),  # a letter doubled
        ("zasłoan", ("pl",), "zaslona"),  # folded, then swapped
        ("comparale", ("en",), "comparable"),
        ("очериди", ("ru",), "очереди"),  # a letter replaced
        ("погрсно", ("sr",), "pogresno"),  # Serbian Cyrillic, read in the texts' Latin
        ("погрсно", ("ru", "sr"), None),  # ... not in a query that may be Russian
        ("frenons", ("sr",), None),  # two edits away
        ("tenons", ("sr",), None),  # the first letter is kept
        ("kazne", ("sr",), None),  # shorter than six letters
        ("kaznenn", ("sr",), "kazneni"),  # one edit from kazneni only
        ("found", ("en",), None),  # short, and a real word
        ("revoked", ("en",), None),  # a real word one edit from "revoke"
        ("partnerowi", ("sr", "pl"), None),  # a Polish word, whichever language reads it
        ("licytacja", ("sr", "pl"), None),  # known in one candidate language
        ("licitacja", ("sr", "pl"), None),  # one edit from a word of each: ambiguous
        ("renosn", ("pl", "en"), None),  # not a word of the query's languages
        ("comparablee", ("en",), "comparable"),  # one letter longer than the longest word
        ("x" * 5000, ("en",), None),  # longer still: no typo of any word, and no edits made
    ],
)
def test_corrections(speller: Speller, word: str, langs: tuple[str, ...], expected: str) -> None:
    assert speller.word(word, langs) == expected


def test_a_text_keeps_all_but_its_typos(speller: Speller) -> None:
    text, found = speller.text("Renosn i kazna, 27B1a", ("sr", "hr"))
    assert text == "renons i kazna, 27B1a"
    assert found == (("Renosn", "renons"),)


def test_a_typo_typed_twice_is_reported_once(speller: Speller) -> None:
    text, found = speller.text("renosn, renosn, kaznenn", ("sr",))
    assert text == "renons, renons, kazneni"
    assert found == (("renosn", "renons"), ("kaznenn", "kazneni"))


@pytest.mark.parametrize(
    ("word", "alphabet", "expected"),
    [
        ("ab", "ab", {"aab", "abb", "a", "aa", "aba"}),
        # insertions, deletions, replacements, swaps; never before or of the first letter
        ("abc", "x", {"axbc", "ac", "axc", "acb", "abxc", "ab", "abx", "abcx"}),
    ],
)
def test_edits_keep_the_first_letter(word: str, alphabet: str, expected: set[str]) -> None:
    assert set(edits(word, alphabet)) == expected


@given(st.sets(st.text("abcdefghijklmnopqrstuvwxyzčšž", min_size=1, max_size=12), max_size=200))
def test_a_bloom_filter_has_no_false_negatives(words: set[str]) -> None:
    bloom = Bloom.load(Bloom.of(words).export())
    assert all(w in bloom for w in words)


def test_a_bloom_filter_keeps_its_false_positive_rate() -> None:
    bloom = Bloom.of(f"word{i}" for i in range(5000))
    false = sum(f"other{i}" in bloom for i in range(20000))
    assert false / 20000 < 0.05


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    """The index of the session's KB."""
    return index_for(kb)


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # uncorrected, the commentary's and the preferans code's words came first
        ("misinforaation", "sr-2007:21"),
        ("psychci call", "sr-2007:40"),
    ],
)
def test_a_typo_finds_what_the_word_finds(index: SearchIndex, query: str, first: str) -> None:
    found = search(index, query, limit=1)[0]["id"]
    assert found.startswith(first), found


def test_a_typo_in_the_law_word_leaves_the_cite(index: SearchIndex) -> None:
    q = parse(index.analyzers, {}, "praivdlo 27B1a", speller=index.speller)
    assert q.corrections == (("praivdlo", "pravidlo"),)
    assert q.text == "pravidlo 27B1a"


@pytest.mark.parametrize(
    "query",
    [
        "found a scoring mistake the next day",  # English words the texts lack
        "partnerowi pokazał kartę",  # a Polish form one edit from a Slovak one
        "правый противник назначил",  # Russian words one edit from Serbian ones
        "igrač je licitirao van reda",
    ],
)
def test_real_words_are_left_alone(index: SearchIndex, query: str) -> None:
    assert index.speller.text(query, ("sr", "hr", "sk", "pl", "en", "ru"))[1] == ()
