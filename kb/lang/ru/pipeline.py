"""Russian lemmas: pymorphy3's top parse (nlp.md §3: 100 % on the probe, keeps право/правило and
суд/судья apart).

Only the build runs pymorphy3: it keeps every form of the lemmas the index or the Russian route
know (``forms``, from each lemma's paradigm), and queries look words up in that table.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterator
from typing import Any

LIVE = False  # queries use the table the build extracts


@functools.cache
def _morph() -> Any:
    import pymorphy3  # only the build runs it

    return pymorphy3.MorphAnalyzer(lang="ru")


def lemmatizer() -> Callable[[str], str]:
    """Lower-case word -> lemma."""
    morph = _morph()

    def lemma(word: str) -> str:
        return str(morph.parse(word)[0].normal_form)

    return lemma


def forms(lemmas: Collection[str], fold: Callable[[str], str]) -> Iterator[tuple[str, str]]:
    """(form, lemma) for every form of the paradigms of the Cyrillic ``lemmas`` (a form's top
    parse may name another lemma; the corpus's own words are lemmatized one by one)."""
    morph = _morph()
    for lemma in lemmas:
        if not lemma or not "\u0400" <= lemma[0] <= "\u04ff":
            continue
        for parse in morph.parse(lemma):
            if fold(str(parse.normal_form).replace("ё", "е")) != lemma:
                continue
            for form in parse.lexeme:
                yield str(form.word), lemma
