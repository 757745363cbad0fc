"""The aligner's parts on small inputs: folding and numbers, cognates and the mined lexicon,
word-coverage similarity, and the scoring of pairs against gold."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.align.features import fold, number_spans, numbers_in, words
from kb.align.lexicon import MIN_PAIRS, cognate, cognates, mine
from kb.align.score import score
from kb.align.similarity import Scorer


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Nedovoljan licit", "nedovoljan licit"),
        ("Đak čeka ŠAH", "djak ceka sah"),
        ("Nedostatočná ponuka", "nedostatocna ponuka"),
        ("päť ľudí, ôsmy", "pat ludi, osmy"),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


@given(st.text(max_size=40))
def test_fold_never_grows_more_than_dj(text: str) -> None:
    assert len(fold(text)) <= 2 * len(text)
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize(
    ("text", "lang", "numbers"),
    [
        ("svaki igrač broji trinaest karata", "sr", (13,)),
        ("má presne 13 kariet", "sk", (13,)),
        ("všetci štyria hráči", "sk", (4,)),
        ("u dvanaestom štihu", "sr", (12,)),
        ("30 minuta nakon objavljivanja", "sr", (30,)),
        ("jedan igrač", "sr", ()),  # "one" is an article far more often than a number
    ],
)
def test_numbers(text: str, lang: str, numbers: tuple[int, ...]) -> None:
    assert numbers_in(words(text), lang) == numbers
    assert tuple(sorted(v for *_, v in number_spans(text, lang))) == numbers


def test_words_skip_citation_spans() -> None:
    text = "vidi Član 90 ovde"
    assert words(text, [(5, 12)]) == ["vidi", "ovde"]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("karte", "karty", True),
        ("licit", "licit", True),
        ("pravi", "pravo", True),  # differ in the last letter only
        ("licem", "licom", False),
        ("kart", "karty", False),
        ("pred", "predi", False),  # a short word is not the stem of every longer one
        ("direk", "veduc", False),
    ],
)
def test_cognate(a: str, b: str, same: bool) -> None:
    assert cognate(a, b) is same


def test_cognates_prefer_the_identical_stem() -> None:
    lex = cognates({"pravi", "pravo", "karte"}, {"pravi", "pravo", "karty"})
    assert lex.matches("pravi") == {"pravi"}
    assert lex.matches("karte") == {"karty"}


def _anchor(a: str, b: str) -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(a.split()), frozenset(b.split())


def test_mine_links_words_that_keep_occurring_together() -> None:
    anchors = [
        _anchor("direk odluc", "veduc rozho"),
        _anchor("direk stiho", "veduc zdvih"),
        _anchor("stiho odluc", "zdvih rozho"),
        _anchor("direk karte", "veduc karty"),
    ]
    lex = mine(anchors, cognates({"karte"}, {"karty"}))
    assert "veduc" in lex.matches("direk")
    assert "zdvih" in lex.matches("stiho")
    assert "karty" in lex.matches("karte")


@given(
    st.lists(
        st.tuples(
            st.frozensets(st.sampled_from("abcdef"), max_size=4),
            st.frozensets(st.sampled_from("uvwxyz"), max_size=4),
        ),
        max_size=12,
    )
)
def test_mined_links_are_seen_often_enough(anchors) -> None:
    lex = mine(anchors)
    for s, t, _dice, k in lex.mined:
        assert k >= MIN_PAIRS
        assert sum(1 for a, b in anchors if s in a and t in b) == k


def test_similarity_is_coverage_both_ways() -> None:
    lex = cognates({"karte"}, {"karty"})
    sc = Scorer(lex, {}, {})
    a, b = frozenset({"karte", "pravi"}), frozenset({"karty", "pravi", "novum"})
    assert sc.coverage(a, b) == (1.0, pytest.approx(2 / 3))
    assert sc.sim(a, frozenset()) == 0.0
    assert sc.sim(a, b) == pytest.approx(0.8)


def test_score_judges_only_what_the_gold_speaks_about() -> None:
    gold = [
        {"sr": "sr-2007:1", "sk": "sk-2017:1", "relation": "same"},
        {"sr": "sr-2007:2A", "sk": "sk-2017:2B", "relation": "moved"},
        {"sr": None, "sk": "sk-2017:2C", "relation": "new"},
    ]
    pairs = [
        {"a": "sr-2007:1", "b": "sk-2017:1", "relation": "changed"},
        {"a": "sr-2007:2A", "b": "sk-2017:2B", "relation": "moved"},
        {"a": None, "b": "sk-2017:2C", "relation": "new"},
        {"a": "sr-2007:9", "b": "sk-2017:9", "relation": "same"},  # not in the gold: not judged
    ]
    r = score(pairs, gold)
    assert (r["same"]["recall"], r["same"]["predicted"]) == (0.0, 0)
    assert (r["changed"]["precision"], r["moved"]["precision"], r["moved"]["recall"]) == (0, 1, 1)
    assert r["pairing"] == {"gold": 2, "predicted": 2, "precision": 1.0, "recall": 1.0}
