"""Polish lemmas: simplemma ``pl`` (MIT; lemmagen3's pl model is non-commercial, nlp.md §10).

Its dictionary takes seconds and ~360 MB to load, so only the build runs it: the build keeps the
forms whose lemma the index knows (``forms``), and queries look words up in that table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator

from kb.lang import simplemma_forms, simplemma_lemmatizer

LIVE = False  # queries use the table the build extracts


def lemmatizer() -> Callable[[str], str]:
    """Lower-case word -> lemma (loads the dictionary on first call)."""
    return simplemma_lemmatizer("pl")


def forms(lemmas: Collection[str], fold: Callable[[str], str]) -> Iterator[tuple[str, str]]:
    """(form, lemma) for every form of the dictionary whose folded lemma is in ``lemmas``."""
    return simplemma_forms("pl", lemmas, fold)
