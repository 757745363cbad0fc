"""Slovak pipeline: spaCy blank ``sk`` tokenizer and lemmagen3's ``sk`` model (nlp.md §3)."""

from __future__ import annotations

import lemmagen3
from spacy.language import Language

from kb.search.lemmatizer import build_pipeline


def make_pipeline() -> Language:
    """The Slovak analysis pipeline."""
    return build_pipeline("sk", lemmagen3.Lemmatizer("sk").lemmatize)
