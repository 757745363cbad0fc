"""English (a query language only): spaCy blank ``en`` tokenizer and simplemma ``en``."""

from __future__ import annotations

import simplemma
from spacy.language import Language

from kb.search.lemmatizer import build_pipeline


def _lemma(word: str) -> str:
    """simplemma's English lemma of one lower-cased word."""
    return simplemma.lemmatize(word, lang="en")


def make_pipeline() -> Language:
    """The English analysis pipeline."""
    return build_pipeline("en", _lemma)


def is_known(word: str) -> bool:
    """Whether simplemma's English dictionary knows the word (keeps English words of a mixed
    query from being "corrected" into another language's vocabulary)."""
    return bool(simplemma.is_known(word, lang="en"))
