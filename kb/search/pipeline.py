"""The spaCy pipeline of each language: the reference tokenizer of the corpus, run by the build.

spaCy ships no trained pipeline for our languages, so a language's pipeline is
``spacy.blank(code)`` plus one component that sets ``token.lemma_`` through the language's
lemmatizer (kb/search/lemmatize.py, which reads ``kb/lang/<code>/pipeline.py``). Queries do not
import spaCy: they split text with the same rules exported into the index (kb/search/tokenize.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from kb.search.lemmatize import Lemmatizer

COMPONENT = "lawdesk_lemmatizer"
_LEMMATIZERS: dict[str, Lemmatizer] = {}


@functools.cache
def _register() -> None:
    """Register the lemmatizer component with spaCy (once)."""
    from spacy.language import Language

    @Language.factory(COMPONENT)
    def make_component(nlp: Any, name: str) -> Callable[[Any], Any]:
        """spaCy factory: sets ``token.lemma_`` (folded) from the language's lemmatizer."""
        lemma = _LEMMATIZERS[nlp.lang]

        def component(doc: Any) -> Any:
            for t in doc:
                if t.is_alpha:
                    t.lemma_ = lemma(lemma.prep(t.lower_))
            return doc

        return component


@functools.cache
def make_pipeline(code: str) -> Any:
    """``spacy.blank(code)`` with the lemmatizer component (the language's own lemmatizer)."""
    import spacy

    _register()
    _LEMMATIZERS[code] = Lemmatizer(code)
    nlp = spacy.blank(code)
    nlp.add_pipe(COMPONENT)
    return nlp
