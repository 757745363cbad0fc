"""The cross-language lexicon: cognates by phonetic key, translations mined from aligned texts,
English pivots; and a query in one language reaching another language's paragraph."""

from __future__ import annotations

import pytest

from kb.search import SearchIndex, search
from kb.search.langdata import LANG_DIR, LANGS, read_pairs
from kb.search.lexicon import key, mine
from kb.search.service import index_for
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    """The index of the session's KB."""
    return index_for(kb)


@pytest.mark.parametrize(
    "words",
    [
        ("licytacja", "licitácia", "licitacija", "лицитация"),
        ("nieprzyznanie", "nepriznanie"),
        ("недостаточный", "nedostatočný"),
        ("gracz", "hráč"),
        ("судья", "sudija"),
        ("ренонс", "renons"),
    ],
)
def test_cognates_share_a_key(words: tuple[str, ...]) -> None:
    assert len({key(w) for w in words}) == 1, [key(w) for w in words]


@pytest.mark.parametrize(("a", "b"), [("karta", "kazna"), ("pas", "par"), ("zdvih", "stih")])
def test_other_words_keep_their_keys(a: str, b: str) -> None:
    assert key(a) != key(b)


def test_mining_keeps_what_occurs_together() -> None:
    pairs = [
        ("x", "y", {"renons", "kazna"}, {"nepriznanie", "pokuta"}, 2),
        ("x", "y", {"renons", "stih"}, {"nepriznanie", "zdvih"}, 2),
        ("x", "y", {"kazna", "karta"}, {"pokuta", "karta"}, 2),
    ]
    found = mine(pairs)
    assert found["x>y"]["renons"][0][0] == "nepriznanie"
    assert found["y>x"]["pokuta"][0][0] == "kazna"
    assert "stih" not in found["x>y"]  # together once: not enough


@pytest.mark.parametrize(
    ("src", "lemma", "dst", "expected"),
    [
        ("sk", "nepriznanie", "sr", "renons"),
        ("en", "revoke", "sr", "renons"),
        ("en", "trick", "sk", "zdvih"),
        ("pl", "lewa", "sk", "zdvih"),  # through the English pivot
        ("en", "dummy", "pl", "dziadek"),  # written in kb/lang/pl/english.tsv
        ("ru", "взятка", "sr", "stih"),
        # written in kb/lang/sr/english.tsv: words no title pair mines
        ("en", "hesitation", "sr", "oklevanje"),
        ("en", "touch", "sr", "dodirivati"),
        ("en", "notice", "hr", "otkriti"),  # Serbian and Croatian share the lemma space
        ("en", "pocket", "sr", "dzep"),
        # the words pl-screens itself uses (kb/lang/pl/english.tsv)
        ("en", "screen", "pl", "zaslona"),
        ("en", "tray", "pl", "deska"),
        ("ru", "нарушитель", "sk", "previnivy"),  # the commentary's words, through English
        ("ru", "наказание", "sk", "pokutovy"),
    ],
)
def test_translations_in_the_index(
    index: SearchIndex, src: str, lemma: str, dst: str, expected: str
) -> None:
    assert expected in [w for w, _ in index.lexicon.translations(src, lemma, dst)]


@pytest.mark.parametrize("code", LANGS)
def test_english_pivots_are_single_words(code: str) -> None:
    path = LANG_DIR / code / "english.tsv"
    if not path.exists():
        pytest.skip(f"{code} has no English pivots")
    for word, english in read_pairs(path):
        assert " " not in word and " " not in english, (word, english)


@pytest.mark.parametrize(
    ("query", "doc", "gold"),
    [
        # Polish and Russian words for a revoke, in documents with no Polish or Russian text
        ("nieprzyznanie się do koloru", "sk-2017", ("61", "62", "63", "64")),
        ("ренонс штраф взятки", "sr-2007", ("64",)),
        # English questions, through kb/lang/sr/english.tsv (touch, count, look)
        ("no player may touch the cards of another player", "sr-2007", ("7",)),
        ("the players counted their cards before looking at them", "sr-2007", ("7",)),
    ],
)
def test_a_question_reaches_another_languages_paragraph(
    index: SearchIndex, query: str, doc: str, gold: tuple[str, ...]
) -> None:
    laws = [r["law"] for r in search(index, query, doc=doc, limit=5)]
    assert set(laws) & set(gold), laws


@pytest.mark.parametrize(
    ("query", "gold"),
    [
        # English table words the titles do not teach, read as the document's own words
        ("inadmissible call passed under the screen", "pl-screens:4(a)1"),
        (
            "the screenmate inadvertently slid the irregular call to the other side",
            "pl-screens:4(a)2",
        ),
    ],
)
def test_an_english_question_reaches_the_paragraph(
    index: SearchIndex, query: str, gold: str
) -> None:
    doc = gold.split(":", 1)[0]
    ids = [r["id"] for r in search(index, query, doc=doc, limit=2)]
    assert gold in ids, ids
