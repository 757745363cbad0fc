"""Russian pipeline: spaCy blank ``ru`` tokenizer and pymorphy3's top parse (nlp.md §3: 100 % on
the probe, keeps право/правило and суд/судья apart)."""

from __future__ import annotations

import pymorphy3
from spacy.language import Language

from kb.search.lemmatizer import build_pipeline


def make_pipeline() -> Language:
    """The Russian analysis pipeline."""
    morph = pymorphy3.MorphAnalyzer(lang="ru")

    def lemma(word: str) -> str:
        return str(morph.parse(word)[0].normal_form)

    return build_pipeline("ru", lemma)
