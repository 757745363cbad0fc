"""Queries are cut into words exactly as spaCy cuts the corpus: the tokenizer rules exported into
the index, run without spaCy (kb/search/tokenize.py), give the same tokens at the same places as
``spacy.blank(code)`` over every text of the corpus and every evaluation query, in every
language."""

from __future__ import annotations

import json
from functools import cache

import pytest

from kb.evaluate import EVAL_DIR, load_cases
from kb.search.normalize import clean
from kb.search.pipeline import make_pipeline
from kb.search.service import index_for
from kb.search.tokenize import Tokenizer
from kb.store import KB

LANGS = ("sr", "hr", "sk", "pl", "ru", "en")
QUERY_SETS = ("queries.jsonl", "holdout.jsonl", "search_situations_dev.jsonl")


@cache
def queries() -> tuple[str, ...]:
    """Every evaluation query that is not blind, and the ruling dev set's situations."""
    out = [c.q for name in QUERY_SETS for c in load_cases(EVAL_DIR / name)]
    rulings = EVAL_DIR / "rulings_situations_dev.jsonl"
    out += [json.loads(x)["text"] for x in rulings.read_text("utf-8").splitlines() if x.strip()]
    return tuple(clean(q) for q in out)


@pytest.mark.parametrize("code", LANGS)
def test_the_query_tokenizer_cuts_as_spacy(kb: KB, code: str) -> None:
    index = index_for(kb)
    ours = Tokenizer(index._lang_data[code]["tokenizer"])
    nlp = make_pipeline(code)
    docs = {d for d, m in index.docs.items() if m.lang == code}
    texts = [clean(t) for n in kb.nodes() if n.doc in docs for t in (n.text, n.title or "") if t]
    for text in texts + list(queries()):
        want = [(t.idx, t.text) for t in nlp.make_doc(text) if not t.is_space]
        assert ours(text) == want, text


@pytest.mark.parametrize(
    ("code", "text", "words"),
    [
        ("sr", "E(East) i N(North) tj.situacija", ["i"]),  # spaCy keeps the others whole
        ("en", "dummy's rights", ["dummy", "rights"]),
        ("pl", "co to jest kara?", ["co", "to", "jest", "kara"]),
    ],
)
def test_words_of_a_text(kb: KB, code: str, text: str, words: list[str]) -> None:
    tokens = index_for(kb).analyzers[code].tokens(text)
    assert [text[t.start : t.end] for t in tokens] == words
