"""One ``Analyzer`` per language: the same analysis for documents and queries.

A text becomes its words (``Token``: span, exact surface form, folded form, folded lemma, stop
word or not). Documents are indexed by two term lists, ``lemmas`` (folded lemmas, for recall: a
query typed without diacritics still matches) and ``exact`` (lower-cased surface forms with
diacritics, Serbian in Latin, for a boost), both followed by citation terms (``27B1(b)`` -> 27,
27b, 27b1, 27b1b); stop words are dropped from both. The player vocabulary of the language
(``synonyms.tsv``) is read here and applied to queries by kb/search/query.py.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kb.search.langdata import LANGS, LangDataError, load
from kb.search.lemmatize import Lemmatizer
from kb.search.normalize import cite_terms, clean, fold
from kb.search.pipeline import make_pipeline

MAX_KEY_WORDS = 5  # longest synonym key, in words
WORD_CACHE = 100_000  # words whose reading (exact, folded, lemma, stop) is kept per language


@dataclass(frozen=True, slots=True)
class Token:
    """One word of a text: its span, exact surface (lower, Latin for sr), folded form, lemma."""

    start: int
    end: int
    exact: str
    folded: str
    lemma: str
    stop: bool


@dataclass(frozen=True)
class Analysis:
    """Index terms of a document text."""

    lemmas: list[str]
    exact: list[str]
    tokens: list[Token]


@dataclass(frozen=True)
class Synonym:
    """One player-vocabulary value: lemma terms, or an English-route phrase (``en:``), and the
    document the query must name for it to apply (``if:<doc>``), or None."""

    lemmas: tuple[str, ...]
    english: str | None
    doc: str | None


class Analyzer:
    """The analysis of one language (``sr``, ``hr``, ``sk``, ``pl``, ``ru``, ``en``)."""

    def __init__(
        self, code: str, lemmatizer: Lemmatizer, split: Callable[[str], Any] | None = None
    ) -> None:
        """``split(text)`` -> [(start, end, word)] is the query side's tokenizer (spaCy's
        rules without spaCy, kb/search/tokenize.py); without one the analyzer runs the spaCy
        pipeline (the build)."""
        data = load(code)
        self.code = code
        self.lemma = lemmatizer
        self.prep = lemmatizer.prep
        self._split = split
        self.stop_words = frozenset(fold(w) for w in data.stop_words)
        self._raw_synonyms = data.synonyms
        # a word reads the same in every text: remember the readings of the words seen
        self._read = functools.lru_cache(maxsize=WORD_CACHE)(self._read_word)

    def tokens(self, text: str) -> list[Token]:
        """The words of ``text`` (tokens of letters only: numbers and punctuation left out),
        with lemmas."""
        text = clean(text)
        if self._split is None:
            nlp = make_pipeline(self.code)
            found = [(t.idx, t.idx + len(t.text), t.text) for t in nlp(text) if t.is_alpha]
        else:
            found = self._split(text)
        read = self._read
        return [Token(start, end, *read(word)) for start, end, word in found]

    def _read_word(self, word: str) -> tuple[str, str, str, bool]:
        """A word's exact form, folded form, lemma, and whether it is a stop word."""
        exact = self.prep(word.lower())
        folded = fold(exact)
        return exact, folded, self.lemma(exact), folded in self.stop_words

    def words(self, text: str) -> set[str]:
        """The lower-case words of a text as the lemmatizer sees them (``prep``)."""
        return {t.exact for t in self.tokens(text)}

    def analyze(self, text: str) -> Analysis:
        """Index terms of a document text."""
        toks = self.tokens(text)
        refs = cite_terms(clean(text))
        keep = [t for t in toks if not t.stop]
        return Analysis([t.lemma for t in keep] + refs, [t.exact for t in keep] + refs, toks)

    @functools.cached_property
    def synonyms(self) -> Mapping[tuple[str, ...], tuple[Synonym, ...]]:
        """Player vocabulary: a key as folded lemmas and as folded surface forms -> values."""
        out: dict[tuple[str, ...], list[Synonym]] = {}
        for key, value in self._raw_synonyms:
            text, doc = conditional(value)
            if text.startswith("en:"):
                entry = Synonym((), text[3:].strip(), doc)
            else:
                entry = Synonym(tuple(self.analyze(text).lemmas), None, doc)
            for form in self.key_forms(key):
                values = out.setdefault(form, [])
                if entry not in values:
                    values.append(entry)
        return {k: tuple(v) for k, v in out.items()}

    def key_forms(self, key: str) -> tuple[tuple[str, ...], ...]:
        """A synonym key as folded surface forms and, unless that would take a short or stop
        word for the key (the lemma of the abbreviation "ui" is "u", a preposition), as
        lemmas ("kibici" -> kibic): in that order, once each, so that the tables built from
        them come out the same in every process (a set's order changes with the hash seed)."""
        toks = self.tokens(key)
        forms = [tuple(t.folded for t in toks)]
        if all(len(t.lemma) >= 3 and t.lemma not in self.stop_words for t in toks):
            forms.append(tuple(t.lemma for t in toks))
        return tuple(dict.fromkeys(forms))

    def synonym_pairs(self) -> list[tuple[str, str]]:
        """The player vocabulary as written: (key, value) pairs."""
        return list(self._raw_synonyms)

    @functools.cached_property
    def synonym_lengths(self) -> dict[str, frozenset[int]]:
        """The first words of the synonym keys (lemmas and folded forms), each with the lengths
        of the keys it starts: a run of a query's words starting with another word, or of
        another length, is no key."""
        found: dict[str, set[int]] = {}
        for k in self.synonyms:
            if k:
                found.setdefault(k[0], set()).add(len(k))
        return {w: frozenset(n) for w, n in found.items()}

    def data_words(self) -> set[str]:
        """Every word of the language's data files that queries are analysed against (synonym
        keys and values), as the lemmatizer sees them."""
        out = set()
        for key, value in self._raw_synonyms:
            text = conditional(value)[0]
            for phrase in (key, text.removeprefix("en:")):
                out.update(self.words(phrase))
        return out


def conditional(value: str) -> tuple[str, str | None]:
    """A synonym value and the document it is for: ``if:hr-pref-2014 žalba`` applies only to a
    query that names that document or its subject (a visiting director's "appeal" is about the
    preferans code only when the query says preferans); a plain value always applies."""
    if not value.startswith("if:"):
        return value, None
    doc, _, rest = value[3:].partition(" ")
    if not doc or not rest.strip():
        raise LangDataError(f"synonym value {value!r} is not 'if:<document id> <words>'")
    return rest.strip(), doc


def check_code(code: str) -> None:
    """Raise KeyError naming the known codes for an unknown language code."""
    if code not in LANGS:
        raise KeyError(f"unknown language {code!r}; known: {', '.join(LANGS)}")


@functools.cache
def analyzer(code: str) -> Analyzer:
    """The analyzer running the language's own lemmatizer (the build; tests)."""
    check_code(code)
    return Analyzer(code, Lemmatizer(code))
