"""Polish pipeline: spaCy blank ``pl`` tokenizer and simplemma ``pl`` (MIT; lemmagen3's pl model
is non-commercial, nlp.md §10). The dictionary loads on first use (~3 s), so warm it at start."""

from __future__ import annotations

import simplemma
from spacy.language import Language

from kb.search.lemmatizer import build_pipeline


def _lemma(word: str) -> str:
    """simplemma's Polish lemma of one lower-cased word."""
    return simplemma.lemmatize(word, lang="pl")


def make_pipeline() -> Language:
    """The Polish analysis pipeline."""
    return build_pipeline("pl", _lemma)
