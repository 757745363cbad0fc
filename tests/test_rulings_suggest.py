"""Suggesting trees from a described situation, in the six languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.rulings import RulingError, suggest
from kb.rulings.suggestions import (
    _trigger_scores,
    fold,
    mentioned_bids,
    scoring,
    stems,
    trigger_stems,
)
from kb.rulings.suggestions_eval import evaluate_suggestions

DEV = Path(__file__).resolve().parent / "eval" / "rulings_situations_dev.jsonl"

# Phrasings a director might type, one per tree family and language (none is in the dev set).
CASES = [
    ("LHO bid over the insufficient bid", "insufficient-bid"),
    ("dummy pointed out the revoke", "revoke"),
    ("iznad sedam", "bid-above-seven"),
    ("ход не в очередь, заявка вне очереди", "bid-out-of-rotation"),
    ("Nedovoljan licit, LP nije prihvatio", "insufficient-bid"),
    ("недовољан лицит", "insufficient-bid"),
    ("nedovoljan licit bez dijakritika", "insufficient-bid"),
    ("kontrirao partnerov licit", "inadmissible-double"),
    ("pas mimo poradia pred otvorením", "pass-out-of-rotation"),
    ("upuścił kartę w trakcie licytacji", "auction-card-exposed"),
    ("przejęzyczenie: powiedział 1 kier zamiast 1 pik", "change-of-call"),
    ("обязан был пасовать, но сказал контру", "obligation-to-pass-violated"),
    ("after the final pass East doubled", "call-after-final-pass"),
    ("two players called simultaneously", "simultaneous-calls"),
]


@pytest.mark.parametrize(("text", "tree"), CASES)
def test_right_tree_in_top_three(text: str, tree: str) -> None:
    got = [s["id"] for s in suggest(text, 3)]
    assert tree in got, got


def test_an_auction_in_the_text_starts_the_tree() -> None:
    got = suggest("dealer S: 1S 1H, what now?", 3)
    assert got[0]["id"] == "insufficient-bid"
    assert got[0]["facts"] == {"dealer": "S", "auction": ["1S", "1H"]}
    assert all("facts" not in s for s in got[1:])  # the others do not rule on that auction


def test_bids_named_without_an_auction() -> None:
    assert mentioned_bids("7♠ pas 8♠, 2 karo, 1БК") == [(7, 3), (8, 3), (2, 1), (1, 4)]
    assert suggest("after 7NT he put out 8C", 1)[0]["id"] == "bid-above-seven"


def test_normalisation() -> None:
    assert fold("Nedostatočná ŁÓDŹ ёлка") == "nedostatocna lodz елка"
    assert stems("недовољан") == ["недов", "nedov"]  # Serbian Cyrillic read in Latin too
    assert stems("право права заявку") == ["прав", "прав", "заявк"]  # Russian (я): as it is
    assert stems("the revoke") == ["revok"]


@pytest.mark.parametrize(("text", "limit"), [("", 3), ("   ", 3), ("revoke", 0), ("revoke", 99)])
def test_bad_input(text: str, limit: int) -> None:
    with pytest.raises(RulingError):
        suggest(text, limit)


def test_nothing_matches_nothing() -> None:
    assert suggest("zzzz qqqq", 3) == []


@pytest.mark.parametrize(
    ("phrase", "lang", "text"),
    [
        # Russian without a letter only Russian has, in a question with one ("ы", "ё", "я")
        ("болван указал", "ru", "болван указал на ренонс во время игры"),
        ("ренонс", "ru", "партнёр сделал ренонс, а я заметил"),
        # Serbian in Cyrillic, typed in Latin, and the other way round
        ("недовољан лицит", "sr", "nedovoljan licit, levi protivnik je prihvatio"),
        ("nedovoljan licit", "sr", "недовољан лицит, леви противник је прихватио"),
        ("insufficient bid", "en", "an insufficient bid by East"),
    ],
)
def test_a_trigger_is_read_as_its_language_has_it(phrase: str, lang: str, text: str) -> None:
    # a trigger counts when all its stems are among the text's: each phrase must be able to
    # meet the texts it is written for, whatever letters the rest of the text has
    assert trigger_stems(phrase, lang) <= set(stems(text))


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        # "pogrešan sto", "nije došao na red", "хотел сказать": once the stop words go, the
        # word left is one a quarter of the trees use, and names no situation
        ("pogrešno je objasnio", "wrong-board"),
        ("red je bio na meni", "right-to-call-retained"),
        ("он сказал пас", "change-of-call"),
        # numbers are stems: "14 cards" needs its 14
        ("we shuffled the cards", "incorrect-number-of-cards"),
        ("партнёр взял карты", "missing-card"),
    ],
)
def test_a_trigger_of_a_common_word_does_not_fire(text: str, tree: str) -> None:
    assert tree not in _trigger_scores(set(stems(text)), scoring())


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        # one-word triggers of a word few trees use still fire, and a number with its word
        ("renons", "revoke"),
        ("gracz za zasłoną", "screens-tray-irregularity"),
        ("he has 14 cards", "incorrect-number-of-cards"),
        ("igrač ima samo 12 karata", "missing-card"),
    ],
)
def test_a_trigger_of_a_telling_word_fires(text: str, tree: str) -> None:
    assert tree in _trigger_scores(set(stems(text)), scoring())


def test_dev_set_figures_hold() -> None:
    report = evaluate_suggestions(DEV)
    assert report["existing"]["n"] >= 40
    assert report["existing"]["top3"] >= 0.9, report["existing"]
