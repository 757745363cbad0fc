"""Croatian pipeline: spaCy blank ``hr`` tokenizer and lemmagen3's ``hr`` model (nlp.md §3)."""

from __future__ import annotations

import lemmagen3
from spacy.language import Language

from kb.search.lemmatizer import build_pipeline


def make_pipeline() -> Language:
    """The Croatian analysis pipeline."""
    return build_pipeline("hr", lemmagen3.Lemmatizer("hr").lemmatize)
