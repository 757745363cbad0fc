"""A query, parsed once into the one value the rest of kb/search reads.

``parse(index, text, lang)`` cleans the text, picks the candidate query languages from the script
and letters, corrects typos (kb/search/spelling.py), finds a citation (only when the text has a
digit), and analyses the words in each of them: lemmas, exact forms, intents
(kb/search/intent.py), player-vocabulary expansions (``synonyms.tsv``) and English-route phrases.
Nothing downstream normalises the text again.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

from kb.script import sr_to_latin
from kb.search import intent
from kb.search.analyze import MAX_KEY_WORDS, Analyzer, Token
from kb.search.cite import QueryCite, parse_query, split_query
from kb.search.normalize import cite_terms, clean, has_digit
from kb.search.spelling import Speller

LATIN_LANGS = frozenset({"sr", "hr", "sk", "pl"})
_SR_ONLY = set("ђјљњћџ")
_RU_ONLY = set("ыэёйщъ")
_PL_ONLY = set("ąęłńśźż")
_SK_ONLY = set("äĺľňôŕťďáéíúý")
_SRHR = set("ćđ")
_SLAVIC_LATIN = set("čšž")
_CYRILLIC = frozenset(map(chr, range(0x400, 0x500)))  # the Cyrillic block


@dataclass
class Analysis:
    """A query read in one language."""

    lang: str
    tokens: list[Token]  # every word, stop and intent words marked ``stop``
    lemmas: list[str]  # content lemmas, then citation terms
    exact: list[str]
    cites: list[str]  # citation terms (27, 27b, ...)
    expansions: list[str] = field(default_factory=list)  # player vocabulary, as lemmas
    english: list[str] = field(default_factory=list)  # English-route phrases ("en:" values)
    synonym_words: set[str] = field(default_factory=set)  # folded words a synonym key covered
    intents: intent.Intents = field(default_factory=intent.Intents)

    def at(self, start: int) -> Token | None:
        """The word that starts at character ``start`` of the query, if this reading has one."""
        return self._starts.get(start)

    def tokens_at(self, starts: list[int]) -> list[Token | None]:
        """``at`` of each of ``starts`` (one look-up of the index of words by start)."""
        found = self._starts
        return [found.get(i) for i in starts]

    @functools.cached_property
    def _starts(self) -> dict[int, Token]:
        return {t.start: t for t in self.tokens}

    @property
    def content(self) -> list[Token]:
        """The words that carry the query (all of them if every word is a stop word)."""
        return [t for t in self.tokens if not t.stop] or self.tokens


@dataclass
class Query:
    """A query as the ranker reads it."""

    text: str  # cleaned
    cite: QueryCite | None  # the whole query names a provision
    split: tuple[QueryCite, str] | None  # a citation among other words, and those words
    langs: list[str]  # candidate query languages, most specific first
    analyses: dict[str, Analysis]
    corrections: tuple[tuple[str, str], ...] = ()  # (typo, the word read), kb/search/spelling.py

    @property
    def empty(self) -> bool:
        """Whether the query has nothing to search for."""
        return not self.text.strip()


def detect_languages(text: str) -> list[str]:
    """Candidate query languages from the script and letters (most specific first)."""
    chars = set(clean(text).lower())
    if not chars.isdisjoint(_CYRILLIC):
        if chars & _SR_ONLY:
            return ["sr"]
        if chars & _RU_ONLY:
            return ["ru"]
        return ["ru", "sr"]
    if chars & _PL_ONLY:
        return ["pl"]
    if chars & _SK_ONLY:
        return ["sk", "pl"] if "ó" in chars else ["sk"]
    if chars & _SRHR:
        return ["sr", "hr", "pl"] if "ć" in chars else ["sr", "hr"]
    if chars & _SLAVIC_LATIN:
        return ["sr", "hr", "sk"]
    return ["sr", "hr", "sk", "pl", "en"]


def parse_cites(text: str) -> tuple[QueryCite | None, tuple[QueryCite, str] | None]:
    """The citation the whole text names, or one among its words; nothing without a digit."""
    if not has_digit(text):
        return None, None
    whole = parse_query(text)
    return whole, (None if whole is not None else split_query(text))


def analyse(an: Analyzer, text: str, cites: list[str] | None = None) -> Analysis:
    """Read a query in one language: content words, intents, player-vocabulary expansions.

    Intent phrases (``intents.tsv`` of every language) are found first: definition and question
    words and words naming a document are dropped like stop words; words of one document's
    subject stay. ``cites``: the text's ``cite_terms`` when the caller has them (the same in
    every language).
    """
    toks = an.tokens(text)
    cites = cite_terms(text) if cites is None else list(cites)
    found = intent.find(tuple(t.folded for t in toks))
    # intent words are not content: definition/question words carry none, and a word naming a
    # document (which steers the ranking) would only match that document's every unit
    drop = found.dropped | found.naming
    if len(drop) >= len(toks):
        drop = found.dropped  # "sanac definicija": the document's word is the term asked
    if drop and len(drop) < len(toks):
        toks = [dataclasses.replace(t, stop=True) if i in drop else t for i, t in enumerate(toks)]
    keep = [t for t in toks if not t.stop] or toks  # a query of stop words still means something
    out = Analysis(
        an.code,
        toks,
        [t.lemma for t in keep] + cites,
        [t.exact for t in keep] + cites,
        cites,
        intents=found,
    )
    # a word of one document's subject (refe, betl) stays content; other languages' documents do
    # not know it, which must not count against them (the steering decides)
    out.synonym_words.update(toks[i].folded for i in found.about)
    _expand(an, toks, found, out, 1)
    # a key of several content words also matches with stop words between them ("predao sam
    # štih" is "predati štihove"); keys with stop words of their own ("ne prati boju") do not
    content = [t for t in toks if not t.stop and t.folded not in out.synonym_words]
    _expand(an, content, found, out, 2)
    # an expansion repeats no word of the query (nor another expansion)
    own = {t.lemma for t in toks}
    out.expansions = [x for x in dict.fromkeys(out.expansions) if x not in own]
    return out


def _expand(
    an: Analyzer, toks: list[Token], found: intent.Intents, out: Analysis, shortest: int
) -> None:
    """Apply the player vocabulary to runs of ``toks`` (longest key first)."""
    synonyms = an.synonyms
    lengths = an.synonym_lengths
    none: frozenset[int] = frozenset()
    i = 0
    while i < len(toks):
        # the lengths of the keys that start with the word (by lemma or folded form)
        sizes = lengths.get(toks[i].lemma, none) | lengths.get(toks[i].folded, none)
        if not sizes:
            i += 1
            continue
        for n in range(min(MAX_KEY_WORDS, len(toks) - i), shortest - 1, -1):
            if n not in sizes:
                continue  # no key of this length starts with the word
            window = toks[i : i + n]
            values = synonyms.get(tuple(t.lemma for t in window)) or synonyms.get(
                tuple(t.folded for t in window)
            )
            values = tuple(v for v in values or () if v.doc is None or v.doc in found.docs)
            if values:
                out.synonym_words.update(t.folded for t in window)
                for v in values:
                    if v.english is not None:
                        out.english.append(v.english)
                    else:
                        out.expansions.extend(v.lemmas)
                i += n - 1
                break
        i += 1


def parse(
    analyzers: dict[str, Analyzer],
    doc_langs: dict[str, str],
    text: str,
    query_lang: str | None = None,
    speller: Speller | None = None,
) -> Query:
    """Parse ``text`` once: candidate languages (``query_lang`` fixes it), typos corrected
    (``speller``), citations, analyses.

    A word naming a document brings that document's language in ("preferans výnos v sanci"),
    whatever the query's script: a Cyrillic query is read as Latin for a Latin document.
    ``doc_langs`` maps each document to its language."""
    text = clean(text)
    langs = [query_lang] if query_lang else detect_languages(text)
    corrections: tuple[tuple[str, str], ...] = ()
    if speller is not None:
        text, corrections = speller.text(text, langs)
    cite, split = parse_cites(text)
    terms = cite_terms(text)  # the same in every language
    analyses = {code: analyse(analyzers[code], text, terms) for code in langs}
    if not query_lang:
        steer = [d for a in analyses.values() for d in a.intents.docs if d in doc_langs]
        for d in dict.fromkeys(steer):
            code = doc_langs[d]
            if code not in analyses:
                read = sr_to_latin(text.lower()) if code in LATIN_LANGS else text
                analyses[code] = analyse(analyzers[code], read)
    return Query(text, cite, split, langs, analyses, corrections)
