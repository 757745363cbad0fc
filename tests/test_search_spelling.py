"""The query speller (kb/search/spelling.py): one edit that keeps the first letter, exactly one
neighbour in the candidate languages' vocabularies, never a real word; and what it changes in
search."""

from __future__ import annotations

import random

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
    """Random words, as the dictionaries' words look to the hashes (FNV-1a alone, unmixed,
    gave 6.7 % here)."""
    rng = random.Random(2)

    def words(n: int) -> list[str]:
        return [
            "".join(rng.choices("abcdefghijklmnoprstuvzčšž", k=rng.randint(6, 12)))
            for _ in range(n)
        ]

    bloom = Bloom.of(words(20000))
    others = words(20000)
    assert sum(w in bloom for w in others) / len(others) < 0.04


# two letters: words of a few letters lie one edit apart often, from one or several words
_WORDS = st.text("ab", min_size=5, max_size=7)


@given(
    st.dictionaries(st.sampled_from(["sr", "hr", "pl"]), st.frozensets(_WORDS, max_size=30)),
    st.frozensets(_WORDS, max_size=60),
)
def test_the_filter_leaves_out_only_words_never_corrected(
    vocabularies: dict[str, frozenset[str]], real: frozenset[str]
) -> None:
    """A real word the filter leaves out (one edit from no word, or from several words, of
    every vocabulary) is read the same way, in any candidate languages, as with every real
    word in the filter."""
    kept = real_neighbours(vocabularies, [real])
    words = frozenset().union(*vocabularies.values())
    assert set(kept) <= real - words
    exact, pruned = Bloom.of(real - words, 1e-9), Bloom.of(kept, 1e-9)
    langs = [tuple(vocabularies)[:i] for i in range(1, len(vocabularies) + 1)]
    langs += [(lang,) for lang in vocabularies]
    for word in real - words:
        for order in langs:
            assert Speller(vocabularies, pruned).word(word, order) == Speller(
                vocabularies, exact
            ).word(word, order)


def test_the_filter_holds_the_real_words_one_edit_from_one_word() -> None:
    vocabularies = {
        "en": frozenset({"revoke", "revoker"}),
        "sk": frozenset({"kazneni", "kaznena", "revokes"}),
    }
    # "kaznenu" is one edit from two Slovak words and "revoked" from two English ones, but
    # also from one Slovak word (so a Slovak query would read it as "revokes")
    real = frozenset({"revoked", "revokers", "kaznenu", "kaznenix"})
    assert real_neighbours(vocabularies, [real]) == ["kaznenix", "revoked", "revokers"]


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    """The index of the session's KB."""
    return index_for(kb)


@pytest.mark.parametrize(
    ("query", "spelled"),
    [
        # uncorrected, the commentary's and the preferans code's words came first
        ("misinforaation", "misinformation"),
        ("psychci call", "psychic call"),
        # English has no documents: the forms of its lemma table are its vocabulary too
        ("spectatros at the table", "spectators at the table"),
        ("missieg card found later", "missing card found later"),
    ],
)
def test_a_typo_finds_what_the_word_finds(index: SearchIndex, query: str, spelled: str) -> None:
    found = [r["id"] for r in search(index, query, limit=5)]
    assert found == [r["id"] for r in search(index, spelled, limit=5)]


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


@pytest.mark.parametrize(
    ("query", "langs"),
    [
        # Polish "dołożył" is a Croatian vocabulary word too; Slovak "stolom" a Serbian one
        ("partner już dołożył do lewy", ("pl",)),
        ("chýbajúca karta sa našla pod stolom", ("sk",)),
    ],
)
def test_a_word_another_language_knows_is_no_typo(
    index: SearchIndex, query: str, langs: tuple[str, ...]
) -> None:
    """The filter of real words leaves out every vocabulary's words: the speller must not read
    one as a typo because the query's candidate languages lack it."""
    assert index.speller.text(query, langs)[1] == ()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # "partnes" is one edit from Polish "partner", but the rest of the query is Serbian
        ("izvodjac pogresno partnes", ()),
        ("licytacja zaslona partnes", (("partnes", "partner"),)),
        # no word known anywhere: every candidate language may read the typo
        ("partnes", (("partnes", "partner"),)),
    ],
)
def test_a_typo_is_read_in_the_language_of_the_rest_of_the_query(
    speller: Speller, query: str, expected: tuple[tuple[str, str], ...]
) -> None:
    assert speller.text(query, ("sr", "pl"))[1] == expected


def test_a_word_of_the_querys_language_is_no_typo_of_another(index: SearchIndex) -> None:
    """Croatian "požuri" (hurry him) is missing from the dictionaries, and one edit from Slovak
    "pozri"; the query is Croatian, so it stays as typed, while a typo of it is still read."""
    langs = ("sr", "hr", "sk")
    assert index.speller.text("možemo li zvati suca da ga požuri", langs)[1] == ()
    assert index.speller.text("sudac je rekao da je renosn", langs)[1] == (("renosn", "renons"),)
