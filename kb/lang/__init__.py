"""Language data, one folder per language (``kb/lang/<code>/``) with the same file names in each:
citation patterns, stop words, lemma overrides, player vocabulary (synonyms), intents, call
words, and ``pipeline.py``, which names the language's offline lemmatizer.

The helpers below are shared by the languages whose lemmatizer is simplemma.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterator


@functools.cache
def simplemma_lemmatizer(code: str) -> Callable[[str], str]:
    """simplemma's lemma of one lower-cased word, for language ``code``."""
    import simplemma

    def lemma(word: str) -> str:
        return str(simplemma.lemmatize(word, lang=code))

    return lemma


def simplemma_forms(
    code: str, lemmas: Collection[str], fold: Callable[[str], str]
) -> Iterator[tuple[str, str]]:
    """(form, lemma) of simplemma's ``code`` dictionary where the folded lemma is in ``lemmas``."""
    from simplemma.strategies.dictionaries.dictionary_factory import DEFAULT_DICTIONARY_FACTORY

    wanted = set(lemmas)
    table = DEFAULT_DICTIONARY_FACTORY.get_dictionary(code)
    raw = getattr(table, "_dict", None)  # simplemma 2.0 keeps bytes; decoding all is slow
    if not isinstance(raw, dict):
        for form, lemma in table.items():
            if fold(lemma.lower()) in wanted:
                yield form.lower(), lemma
        return
    keep = {v: v.decode() for v in set(raw.values()) if fold(v.decode().lower()) in wanted}
    for form, lemma in raw.items():
        if lemma in keep:
            yield form.decode().lower(), keep[lemma]


def simplemma_words(code: str, fold: Callable[[str], str]) -> set[str]:
    """Every form and lemma of simplemma's ``code`` dictionary, lower-cased and folded by
    ``fold`` one character at a time (a few million words)."""
    from simplemma.strategies.dictionaries.dictionary_factory import DEFAULT_DICTIONARY_FACTORY

    table = DEFAULT_DICTIONARY_FACTORY.get_dictionary(code)
    raw = getattr(table, "_dict", None)  # simplemma 2.0 keeps bytes
    if isinstance(raw, dict):
        found = [*raw, *set(raw.values())]
        words = {w.decode().lower() for w in found}
    else:
        words = {w.lower() for pair in table.items() for w in pair}
    letters = {c for c in set("".join(words)) if not c.isascii()}
    folding = str.maketrans({c: fold(c) for c in letters})
    return {w if w.isascii() else w.translate(folding) for w in words}
