"""The cross-language lexicon: cognates by phonetic key, translations mined from aligned texts,
English pivots; and a query in one language reaching another language's paragraph."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.search import SearchIndex, search
from kb.search.langdata import (
    CONCEPTS_PATH,
    LANG_DIR,
    LANGS,
    LangDataError,
    read_concepts,
    read_pairs,
)
from kb.search.lexicon import Aligned, build, key, mine
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
    found = mine(pairs, min_pairs=1)
    assert found["x>y"]["renons"][0][0] == "nepriznanie"
    assert found["y>x"]["pokuta"][0][0] == "kazna"
    assert "stih" not in found["x>y"]  # together once: not enough


def test_mining_needs_enough_pairs_between_two_spaces() -> None:
    """From a few aligned pairs every word "translates" every word of its pair."""
    few = [("x", "y", {"zaslona", "strona"}, {"veduci", "hrac"}, 2)] * 3
    many = few + [("x", "y", {f"w{i}"}, {f"v{i}"}, 2) for i in range(60)]
    assert mine(few, min_pairs=50) == {}
    assert mine(many, min_pairs=50)["x>y"]["zaslona"] == [("veduci", 1.0), ("hrac", 1.0)]


@pytest.mark.parametrize(
    ("read", "pivot", "english_to_xx", "xx_to_yy", "yy_to_xx"),
    [
        (set(), set(), None, None, None),
        ({"xx"}, set(), [("karta", 1.0)], None, None),  # an English word reads as the lemma
        (set(), {"xx"}, None, "kartica", None),  # the lemma reaches yy through its English word
        ({"xx"}, {"xx"}, [("karta", 1.0)], "kartica", "karta"),  # and yy reaches xx back
    ],
)
def test_written_english_read_and_pivoted(
    read: set[str],
    pivot: set[str],
    english_to_xx: object,
    xx_to_yy: str | None,
    yy_to_xx: str | None,
) -> None:
    # an official title pair teaches en "card" -> yy "kartica"; xx has no text aligned to yy
    titles = [Aligned("en", "card", "yy", "kartica", min_together=1)]
    lexicon = build(
        titles,
        lambda _lang, text: set(text.split()),
        {"xx": ["karta"], "yy": ["kartica"]},
        {"xx": [("karta", "card")]},
        read=read,
        pivot=pivot,
        min_pairs=1,
    )["translations"]
    assert lexicon.get("en>xx", {}).get("card") == english_to_xx
    found = lexicon.get("xx>yy", {}).get("karta")
    assert (found[0][0] if found else None) == xx_to_yy
    back = lexicon.get("yy>xx", {}).get("kartica")
    assert (back[0][0] if back else None) == yy_to_xx


@pytest.mark.parametrize(
    ("src", "lemma", "dst", "first", "words"),
    [
        # the concept's indexed word first, then the mined ones
        ("xx", "karta", "yy", "kartica", {"kartica", "list"}),
        ("yy", "kartica", "xx", "karta", {"karta", "stol"}),
        ("en", "card", "xx", "karta", {"karta"}),
        ("cc", "kartocka", "xx", "karta", {"karta"}),  # from a commentary's language...
        ("xx", "karta", "cc", None, None),  # ...but not into it: its Laws answer
        # stolik is not indexed in yy: the mined translations alone
        ("xx", "stol", "yy", None, {"kartica", "list"}),
    ],
)
def test_concepts_translate_into_indexed_words(
    src: str, lemma: str, dst: str, first: str | None, words: set[str] | None
) -> None:
    concepts = [
        {"en": ["card"], "xx": ["karta"], "yy": ["kartica", "karticka"], "cc": ["kartocka"]},
        {"en": ["table"], "xx": ["stol"], "yy": ["stolik"]},
    ]
    aligned = [Aligned("xx", f"karta stol w{i}", "yy", f"list kartica v{i}") for i in range(3)]
    found = build(
        aligned,
        lambda _lang, text: set(text.split()),
        {"xx": ["karta", "stol"], "yy": ["kartica", "list"], "cc": ["kartocka"]},
        read={"xx", "yy"},
        min_pairs=1,
        concepts=concepts,
    )["translations"]
    got = [w for w, _ in found.get(f"{src}>{dst}", {}).get(lemma, [])]
    assert (set(got) or None) == words, got
    if first is not None:
        assert got[0] == first, got


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("en\tsr\ncard\tkarta\n", "header"),
        ("id\ten\tzz\ncard\tcard\tx\n", "header"),
        ("id\ten\tsr\ncard\tcard\tkarta\tmore\n", "at most 2"),
        ("id\ten\tsr\ncard\tcard\ncard\tcards\n", "new concept id"),
        ("id\ten\tsr\nlead\topening lead\tatak\n", "phrase"),
        ("id\ten\tsr\tgloss\ncard\tcard\tkarta\ta card\tmore\n", "at most 3"),
    ],
)
def test_a_malformed_concept_table_says_what_is_wrong(
    tmp_path: Path, text: str, error: str
) -> None:
    path = tmp_path / "concepts.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LangDataError, match=error):
        read_concepts(path)


def test_a_gloss_is_not_a_word() -> None:
    path = Path(__file__).parent / "golden" / "concepts_glossed.tsv"
    assert read_concepts(path) == [{"en": ["card", "cards"], "sr": ["karta"]}, {"en": ["pass"]}]


def test_the_concept_table_reads() -> None:
    concepts = read_concepts(CONCEPTS_PATH)
    assert len(concepts) > 100
    assert all("en" in c and len(c) >= 4 for c in concepts)


@pytest.mark.parametrize(
    ("src", "lemma", "dst", "expected"),
    [
        ("sk", "nepriznanie", "sr", "renons"),
        ("en", "revoke", "sr", "renons"),
        ("en", "trick", "sk", "zdvih"),
        ("pl", "lewa", "sk", "zdvih"),  # through the English pivot
        ("en", "dummy", "pl", "dziadek"),  # written in kb/lang/pl/english.tsv
        ("ru", "взятка", "sr", "stih"),
        # table words no title has, written in kb/lang/{sr,sk}/english.tsv
        ("en", "advantage", "sr", "prednost"),
        ("en", "advantage", "sk", "vyhoda"),
        ("en", "accidentally", "sr", "slucajno"),
        ("en", "bluff", "sr", "blef"),
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
        # an English question through kb/lang/sk/english.tsv (mislead: zavádzať)
        ("a player tried to mislead the opponents", "sk-2017", ("73",)),
    ],
)
def test_a_question_reaches_another_languages_paragraph(
    index: SearchIndex, query: str, doc: str, gold: tuple[str, ...]
) -> None:
    laws = [r["law"] for r in search(index, query, doc=doc, limit=5)]
    assert set(laws) & set(gold), laws
