"""The aligner's parts on small inputs: folding and numbers, cognates and the mined lexicon,
word-coverage similarity, and the scoring of pairs against gold."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.align.assign import best_pairs
from kb.align.features import fold, number_spans, numbers_in, ruling, words
from kb.align.lexicon import MIN_PAIRS, cognate, cognates, mine
from kb.align.score import score
from kb.align.similarity import Scorer
from kb.models import Reference


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


@pytest.mark.parametrize("text", ["각", "Đorđe", "ličit"])
def test_fold_keeps_letters_whole(text: str) -> None:
    assert len(fold(text)) <= 2 * len(text)


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
        ("boja", "boje", True),  # a four-letter stem: its ending
        ("pas", "pat", False),  # three letters are too few to tell
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


def _brute(gain: list[list[float | None]]) -> float:
    """The best total gain by trying every pairing."""
    cols = len(gain[0])
    best = 0.0
    for perm in permutations(range(max(len(gain), cols)), len(gain)):
        total = sum(
            g for i, j in enumerate(perm) if j < cols and (g := gain[i][j]) is not None and g > 0
        )
        best = max(best, total)
    return best


@given(
    st.integers(1, 5).flatmap(
        lambda cols: st.lists(
            st.lists(st.one_of(st.none(), st.floats(-1, 1)), min_size=cols, max_size=cols),
            min_size=1,
            max_size=5,
        )
    )
)
def test_best_pairs_is_the_best_one_to_one_pairing(gain: list[list[float | None]]) -> None:
    got = best_pairs(gain)
    assert len({i for i, _ in got}) == len(got) == len({j for _, j in got})
    assert all((g := gain[i][j]) is not None and g > 0 for i, j in got)
    assert sum(gain[i][j] or 0.0 for i, j in got) == pytest.approx(_brute(gain))


def test_best_pairs_weighs_the_pairs_together() -> None:
    # same-letter pairs 0.3 each; swapped pairs 0.5 and 0.2 together say more: swapped
    assert best_pairs([[0.3, 0.5], [0.2, 0.3]]) == [(0, 1), (1, 0)]
    # one strong swapped pair (0.5) but its twin weak (0.05): the same-letter pairs stay
    assert best_pairs([[0.3, 0.5], [0.05, 0.3]]) == [(0, 0), (1, 1)]


def _ref(text: str, words: str, target: str) -> Reference:
    start = text.index(words)
    return Reference(
        "sk-2017:1",
        start,
        start + len(words),
        words,
        "sk-2017",
        target.split(":")[1],
        "resolved",
        [target],
    )


@pytest.mark.parametrize(
    ("text", "words", "lang", "rule"),
    [
        ("Súper nesmie prijať a neuplatní sa pravidlo 63A1.", "pravidlo 63A1", "sk", True),
        (
            "(s výnimkou, ktorá je v pravidle 62D alebo v pravidle 62C3)",
            "pravidle 62C3",
            "sk",
            True,
        ),
        ("uplatní sa pravidlo 16.", "pravidlo 16", "sk", True),
        ("môže hrať kartu (pozri pravidlo 59).", "pravidlo 59", "sk", False),
        ("bol požiadaný podľa pravidla 55A, vráti kartu", "pravidla 55A", "sk", False),
        ("ali se primenjuje Član 16D2.", "Član 16D2", "sr", True),
        ("(vidi Član 47E2); povučena karta", "Član 47E2", "sr", False),
    ],
)
def test_a_citation_is_part_of_the_rule_when_its_clause_applies_or_excepts_it(
    text: str, words: str, lang: str, rule: bool
) -> None:
    target = "sk-2017:" + words.split()[-1]
    assert (target in ruling(text, [_ref(text, words, target)], lang)) is rule
