"""One ``Analyzer`` per language: the same analysis for documents and queries.

A text becomes two term lists: ``lemmas`` (folded lemmas, for recall: a query typed without
diacritics still matches) and ``exact`` (lower-cased surface forms with diacritics, Serbian in
Latin, for a boost), both followed by citation terms (``27B1(b)`` -> 27, 27b, 27b1, 27b1b).
Stop words are dropped from both. Queries are further expanded with the language's player
vocabulary (``synonyms.tsv``).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

from spacy.language import Language

from kb.search import intent
from kb.search.langdata import LANGS, LangDataError, lexicon, load, pipeline_factory
from kb.search.lemmatizer import preprocessor
from kb.search.normalize import cite_terms, clean, fold

MAX_KEY_WORDS = 5  # longest synonym key, in words


@dataclass(frozen=True)
class Token:
    """One word of a text: its span, exact surface (lower, Latin for sr), folded form, lemma."""

    start: int
    end: int
    exact: str
    folded: str
    lemma: str
    stop: bool


@dataclass
class Analysis:
    """Index terms of a text (documents) or a query."""

    lemmas: list[str]
    exact: list[str]
    tokens: list[Token] = field(default_factory=list)
    # query only: synonym expansions (lemma terms) and English-route phrases ("en:" values)
    expansions: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    synonym_words: set[str] = field(default_factory=set)  # folded words a synonym key covered
    intents: intent.Intents = field(default_factory=intent.Intents)


class Analyzer:
    """The analysis pipeline of one language (``sr``, ``hr``, ``sk``, ``pl``, ``ru``, ``en``)."""

    def __init__(self, code: str) -> None:
        data = load(code)
        self.code = code
        self.nlp: Language = pipeline_factory(code)()
        self._prep = preprocessor(code)  # exact-field form, e.g. sr Cyrillic -> Latin
        self._is_known = lexicon(code)
        self.stop_words = frozenset(fold(w) for w in data.stop_words)
        # key -> [(value, document the query must name for it to apply, or None)]
        self._synonyms: dict[tuple[str, ...], list[tuple[str, str | None]]] = {}
        for key, value in data.synonyms:
            entry = _conditional(value)
            for form in set(self._key_forms(key)):
                values = self._synonyms.setdefault(form, [])
                if entry not in values:
                    values.append(entry)

    def _key_forms(self, key: str) -> list[tuple[str, ...]]:
        """A synonym key as a sequence of folded lemmas and as folded surface forms."""
        toks = self.tokens(key)
        return [tuple(t.lemma for t in toks), tuple(t.folded for t in toks)]

    def knows(self, word: str) -> bool:
        """Whether ``word`` (lower-case) is a word of this language's lexicon, where the
        pipeline module offers one (``is_known``); False otherwise."""
        return self._is_known is not None and self._is_known(word)

    def tokens(self, text: str) -> list[Token]:
        """The words of ``text`` (numbers and punctuation left out), with lemmas."""
        out = []
        for t in self.nlp(clean(text)):
            if not t.is_alpha:
                continue
            exact = self._prep(t.lower_)
            folded = fold(exact)
            out.append(
                Token(
                    t.idx,
                    t.idx + len(t.text),
                    exact,
                    folded,
                    fold(t.lemma_),
                    folded in self.stop_words,
                )
            )
        return out

    def analyze(self, text: str) -> Analysis:
        """Index terms of a document text."""
        toks = self.tokens(text)
        refs = cite_terms(clean(text))
        keep = [t for t in toks if not t.stop]
        return Analysis([t.lemma for t in keep] + refs, [t.exact for t in keep] + refs, toks)

    def analyze_query(self, text: str) -> Analysis:
        """Index terms of a query, plus synonym expansions of the player vocabulary.

        Intent phrases (``intents.tsv`` of every language) are found first: definition and
        question words and words naming a document are dropped like stop words; words of one
        document's subject stay.
        """
        result = self.analyze(text)
        found = intent.find(tuple(t.folded for t in result.tokens))
        # intent words are not content: definition/question words carry none, and a word naming
        # a document (which steers the ranking) would only match that document's every unit
        drop = found.dropped | found.naming
        if len(drop) >= len(result.tokens):
            drop = found.dropped  # "sanac definicija": the document's word is the term asked
        if drop and len(drop) < len(result.tokens):
            result.tokens = [
                dataclasses.replace(t, stop=True) if i in drop else t
                for i, t in enumerate(result.tokens)
            ]
            keep = [t for t in result.tokens if not t.stop]
            cites = [x for x in result.lemmas if x[:1].isdigit()]
            result.lemmas = [t.lemma for t in keep] + cites
            result.exact = [t.exact for t in keep] + cites
        # a word of one document's subject (refe, betl) stays content; other languages' documents
        # do not know it, which must not count against them (the steering decides)
        result.synonym_words.update(result.tokens[i].folded for i in found.about)
        result.intents = found
        if not any(not t.stop for t in result.tokens):
            # a query of stop words only still means something ("pas" in some lists)
            result.lemmas = [t.lemma for t in result.tokens] + result.lemmas
            result.exact = [t.exact for t in result.tokens] + result.exact
        toks = result.tokens
        i = 0
        while i < len(toks):
            for n in range(min(MAX_KEY_WORDS, len(toks) - i), 0, -1):
                window = toks[i : i + n]
                values = self._synonyms.get(tuple(t.lemma for t in window)) or self._synonyms.get(
                    tuple(t.folded for t in window)
                )
                values = [v for v, doc in values or () if doc is None or doc in found.docs]
                if values:
                    result.synonym_words.update(t.folded for t in window)
                    for value in values:
                        if value.startswith("en:"):
                            result.english.append(value[3:].strip())
                        else:
                            result.expansions.extend(self.analyze(value).lemmas)
                    i += n - 1
                    break
            i += 1
        return result


def _conditional(value: str) -> tuple[str, str | None]:
    """A synonym value and the document it is for: ``if:hr-pref-2014 žalba`` applies only to a
    query that names that document or its subject (a visiting director's "appeal" is about the
    preferans code only when the query says preferans); a plain value always applies."""
    if not value.startswith("if:"):
        return value, None
    doc, _, rest = value[3:].partition(" ")
    if not doc or not rest.strip():
        raise LangDataError(f"synonym value {value!r} is not 'if:<document id> <words>'")
    return rest.strip(), doc


@functools.cache
def analyzer(code: str) -> Analyzer:
    """The (cached) analyzer of a language; raises KeyError naming the known codes."""
    if code not in LANGS:
        raise KeyError(f"unknown language {code!r}; known: {', '.join(LANGS)}")
    return Analyzer(code)


def load_all() -> dict[str, Analyzer]:
    """Every analyzer, loaded and warmed (simplemma loads its dictionaries on first use)."""
    out = {}
    for code in LANGS:
        out[code] = analyzer(code)
        out[code].analyze("warm up pravila karta")
    return out
