"""One language's word -> folded lemma: the domain overrides, then the offline lemmatizer.

spaCy ships no trained pipeline for our languages and its blank tokenizers add nothing a regular
expression does not (kb/search/normalize.py ``words``), so each ``kb/lang/<code>/pipeline.py``
names an offline lemmatizer: lemmagen3 (sr, hr, sk; a small rule model, run on query words too)
or simplemma / pymorphy3 (pl, en, ru; dictionaries of hundreds of MB, run by the build only).
For the latter the build keeps a table of every form whose lemma the index or the language data
can use (a query word whose lemma is not indexed cannot match anyway), and queries read it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType

from kb.search.langdata import load
from kb.search.normalize import fold


def identity(word: str) -> str:
    """The word unchanged (a language without preprocessing)."""
    return word


def pipeline(code: str) -> ModuleType:
    """``kb/lang/<code>/pipeline.py``."""
    return importlib.import_module(f"kb.lang.{code}.pipeline")


class Lemmatizer:
    """Lower-case word -> folded lemma for one language.

    ``table=None`` runs the language's own lemmatizer (the build); a table (form -> folded
    lemma, from ``extract_table``) serves a language whose lemmatizer is not ``LIVE``, and a
    word it lacks is its own lemma."""

    def __init__(self, code: str, table: Mapping[str, str] | None = None) -> None:
        module = pipeline(code)
        self.code = code
        self.prep: Callable[[str], str] = getattr(module, "PREP", identity)
        self.live = table is None or bool(module.LIVE)
        self._base: Callable[[str], str] | None = None
        self._module = module
        self._table = table if not self.live else None
        self.overrides = {self.prep(f): fold(lem) for f, lem in load(code).lemma_overrides.items()}
        self._memo: dict[str, str] = {}

    @property
    def table(self) -> Mapping[str, str]:
        """The build's form -> folded lemma table a language not ``LIVE`` reads words with
        (empty for a live one)."""
        return self._table or {}

    def base(self) -> Callable[[str], str]:
        """The language's own lemmatizer (loaded on first use)."""
        if self._base is None:
            self._base = self._module.lemmatizer()
        return self._base

    def __call__(self, word: str) -> str:
        """The folded lemma of a lower-case word (already in the language's script: ``prep``)."""
        hit = self._memo.get(word)
        if hit is not None:
            return hit
        lemma = self.overrides.get(word)
        if lemma is None:
            if self._table is not None:
                lemma = self._table.get(word) or fold(word)
            else:
                raw = self.base()(word).lower().replace("ё", "е")
                lemma = fold(raw or word)
        if len(self._memo) < 500_000:
            self._memo[word] = lemma
        return lemma


def extract_table(code: str, lemmas: Iterable[str], words: Iterable[str]) -> dict[str, str]:
    """For a language whose lemmatizer is not ``LIVE``: form -> folded lemma for every form of
    the lemmatizer's dictionary whose lemma is in ``lemmas`` and for every word of ``words``
    (the corpus and the language data, lemmatized one by one), so that queries never load the
    dictionary. A word typed without diacritics is added where that reading is unambiguous."""
    module = pipeline(code)
    if module.LIVE:
        return {}
    full = Lemmatizer(code)
    wanted = set(lemmas)
    candidates: dict[str, set[str]] = {}
    for form, raw in module.forms(wanted, fold):
        lemma = fold(raw.lower().replace("ё", "е"))
        if lemma in wanted:
            candidates.setdefault(full.prep(form), set()).add(lemma)
    table: dict[str, str] = {}
    for form, found in candidates.items():
        # a form of two indexed lemmas (открытую: открыть, открытый) reads as the full
        # lemmatizer reads it, else the first in order: never as the set's order has it, which
        # changes with the hash seed and made two builds of one corpus rank apart
        if len(found) == 1:
            table[form] = next(iter(found))
        else:
            own = full(form)
            table[form] = own if own in found else min(found)
    for word in words:
        table[word] = full(word)
    table.update((form, lemma) for form, lemma in full.overrides.items())
    folded: dict[str, set[str]] = {}
    for form, lemma in table.items():
        folded.setdefault(fold(form), set()).add(lemma)
    for form, found in folded.items():
        if form not in table and len(found) == 1:
            table[form] = next(iter(found))
    return {f: lem for f, lem in table.items() if lem != fold(f)}
