"""The spaCy lemmatizer component every language pipeline uses.

spaCy ships no trained pipeline for our languages, so each ``kb/lang/<code>/pipeline.py`` builds
``spacy.blank(code)`` and adds this component, handing it a lemma function of an offline
lemmatizer (lemmagen3, simplemma, pymorphy3) and a preprocessing step (Serbian Cyrillic -> Latin).
The domain override table (``lemma_overrides.tsv``) wins over the lemmatizer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from kb.search.langdata import load

COMPONENT = "lawdesk_lemmatizer"

# factories registered per language by build_pipeline, looked up by the component below
_LEMMA_FUNCS: dict[str, tuple[Callable[[str], str], Callable[[str], str]]] = {}
# per language: lemmatizer input -> the offline lemmatizer's raw output, shared by every pipeline
# of the language and seeded from disk (kb/search/cache.py), so that a word seen before never
# needs the lemmatizer (nor its dictionary loaded)
_MEMO: dict[str, dict[str, str]] = {}


def memo(code: str) -> dict[str, str]:
    """The raw lemmas a language's lemmatizer has produced (or was seeded with) so far."""
    return _MEMO.setdefault(code, {})


def seed(code: str, lemmas: dict[str, str]) -> None:
    """Add known raw lemmas (word -> the lemmatizer's output for it) to a language's memo."""
    memo(code).update(lemmas)


def identity(word: str) -> str:
    """Return the word unchanged (a language without preprocessing)."""
    return word


@Language.factory(COMPONENT)
def make_component(nlp: Language, name: str) -> Callable[[Doc], Doc]:
    """spaCy factory: sets ``token.lemma_`` from the language's offline lemmatizer."""
    base, prep = _LEMMA_FUNCS[nlp.lang]
    overrides = load(nlp.lang).lemma_overrides
    known = memo(nlp.lang)

    @functools.lru_cache(maxsize=200_000)
    def lemma(low: str) -> str:
        hit = overrides.get(low)
        if hit is not None:
            return hit
        raw = known.get(low)
        if raw is None:
            raw = known[low] = base(low)
        out = raw.lower().replace("ё", "е")
        return out or low

    def component(doc: Doc) -> Doc:
        for t in doc:
            low = prep(t.lower_)
            t.lemma_ = lemma(low) if t.is_alpha else low
        return doc

    return component


def build_pipeline(
    code: str, base: Callable[[str], str], prep: Callable[[str], str] = identity
) -> Language:
    """``spacy.blank(code)`` plus the lemmatizer component fed by ``base`` after ``prep``."""
    _LEMMA_FUNCS[code] = (base, prep)
    nlp = spacy.blank(code)
    nlp.add_pipe(COMPONENT)
    return nlp


def preprocessor(code: str) -> Callable[[str], str]:
    """The preprocessing step of a built pipeline (lower-case word in, lemmatizer input out)."""
    return _LEMMA_FUNCS[code][1]
