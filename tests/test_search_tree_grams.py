"""Character n-gram nearness of a query to the ruling trees' own texts (kb/search/tree_grams.py):
a text's own words give its tree a cosine of 1, inflected forms the five-letter stems miss
still come near, and every nearness is a cosine in (0, 1]."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.search.tree_grams import GramIndex, content_words, word_grams

RAW = (
    ("insufficient-bid", "nedovoljna licitacija"),
    ("insufficient-bid", "nedostatočná hláška"),
    ("revoke", "renons utvrđen"),
    ("revoke", "nije odgovorio na boju"),
    ("claim", "zahtev za štihove"),
)
TEXTS = tuple((tree, " ".join(content_words(text))) for tree, text in RAW)  # as tree_texts


@pytest.fixture(scope="module")
def grams() -> GramIndex:
    return GramIndex(TEXTS)


@pytest.mark.parametrize(
    ("query", "tree"),
    [
        ("nedovoljnu licitaciju", "insufficient-bid"),  # the cases' endings change the stems' ends
        ("nedostatočnou hláškou", "insufficient-bid"),
        ("renonsi su utvrđeni", "revoke"),  # with diacritics, plural
        ("Ренонс утврђен", "revoke"),  # Serbian Cyrillic reads as Latin
        ("zahtevi za štihove", "claim"),
    ],
)
def test_inflected_words_come_nearest_to_their_tree(
    grams: GramIndex, query: str, tree: str
) -> None:
    near = grams.nearest(query)
    assert max(near, key=near.__getitem__) == tree, near


@pytest.mark.parametrize(("tree", "words"), RAW)
def test_a_text_s_own_words_give_its_tree_a_cosine_of_one(
    grams: GramIndex, tree: str, words: str
) -> None:
    assert grams.nearest(words)[tree] == pytest.approx(1.0, abs=1e-5)


@pytest.mark.parametrize("query", ["", "   ", "27 5 2017", "i a u", "xyzzy qwrtp"])
def test_no_shared_piece_no_tree(grams: GramIndex, query: str) -> None:
    """Numbers, stop words and unknown words share no piece with any text."""
    assert grams.nearest(query) == {}


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abcdeilnorstuvzčšžђјлицтар ", max_size=60))
def test_every_nearness_is_a_cosine(query: str) -> None:
    near = GramIndex(TEXTS).nearest(query)
    assert set(near) <= {tree for tree, _ in TEXTS}
    assert all(0.0 < v <= 1.0 + 1e-5 for v in near.values())


def test_a_tree_s_texts_must_be_together() -> None:
    with pytest.raises(ValueError, match="revoke"):
        GramIndex((("revoke", "renons"), ("claim", "zahtev"), ("revoke", "utvrdjen")))


def test_an_index_of_no_texts_finds_nothing() -> None:
    assert GramIndex(()).nearest("renons") == {}


@pytest.mark.parametrize(
    ("word", "pieces"),
    [
        ("ab", (" ab ",)),  # 4 letters with the padding; no 5-piece
        ("renon", (" ren", "reno", "enon", "non ", " reno", "renon", "enon ")),
    ],
)
def test_word_pieces(word: str, pieces: tuple[str, ...]) -> None:
    assert word_grams(word) == pieces


def test_content_words_drop_stop_words_and_numbers() -> None:
    assert content_words("Igrač je 2 puta dao nedovoljan licit") == [
        "igrac",
        "puta",
        "dao",
        "nedovoljan",
        "licit",
    ]
