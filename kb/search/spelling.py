"""Typos corrected where the query enters: a word no language's vocabulary knows is read as the
one word of the candidate query languages' vocabularies it is a typo of (of those the rest of the
query is written in), unless it is a real word of one of them.

A language's vocabulary (``vocabulary``) is what its queries can match: the folded surface forms
of its documents, its lemmas, stop words, player-vocabulary keys and vocabulary-route lemmas
(and, for English, the words the lexicon translates). A typo is one edit that keeps the first letter
(a letter dropped, added, replaced, or two neighbours swapped), in a word of at least
``MIN_LENGTH`` letters, with exactly one such neighbour in those vocabularies.

A word of the language that the vocabularies lack ("found" beside "round", "правый" beside
"первый") is no typo: the build lists the dictionary words (simplemma's, the languages' full
lemmatizer dictionaries, which no query loads) that lie one edit from a vocabulary word, in a
Bloom filter shipped with the index, so that server and browser correct alike without the
dictionaries. A false positive of the filter leaves a typo uncorrected, never a word changed.
"""

from __future__ import annotations

import base64
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from kb.script import sr_to_latin
from kb.search.normalize import fold

SPELLER_FILE = "speller.json"  # the real-word filter, in the index directory
MIN_LENGTH = 6  # shorter words are not corrected: too many real words lie one edit apart
# a typo is read only in the candidate languages whose vocabularies hold at least this share of
# the query's words that the best one holds: the language the rest of the query is written in
SUPPORT_SHARE = 0.5
FALSE_POSITIVES = 0.03  # of the real-word filter: typos it leaves uncorrected
DICTIONARIES = ("en", "pl", "sk", "hbs", "ru")  # simplemma's, for the real words
_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def edits(word: str, alphabet: str) -> Iterator[str]:
    """The words one edit from ``word`` that keep its first letter: a letter dropped, added or
    replaced (from ``alphabet``), or two neighbouring letters swapped."""
    for i in range(1, len(word) + 1):
        head, tail = word[:i], word[i:]
        for c in alphabet:
            yield head + c + tail
        if tail:
            yield head + tail[1:]
            for c in alphabet:
                if c != tail[0]:
                    yield head + c + tail[1:]
            if len(tail) > 1:
                yield head + tail[1] + tail[0] + tail[2:]


def _hash(data: bytes, seed: int) -> int:
    """32-bit FNV-1a of ``data`` from ``seed``, mixed by MurmurHash3's finaliser (the browser
    computes the same). Unmixed, the two seeds' hashes are correlated enough to double the
    filter's false positives."""
    h = seed
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & 0xFFFFFFFF
    return h ^ h >> 16


class Bloom:
    """A Bloom filter of strings: ``k`` bit positions per string from two hashes."""

    SEEDS = (0x811C9DC5, 0x01000193)

    def __init__(self, bits: bytearray, k: int) -> None:
        self.bits = bits
        self.m = len(bits) * 8
        self.k = k

    @classmethod
    def of(cls, items: Iterable[str], false_positives: float = FALSE_POSITIVES) -> Bloom:
        """A filter sized for ``items`` at the given false-positive rate."""
        found = sorted(set(items))
        n = max(1, len(found))
        m = max(64, math.ceil(-n * math.log(false_positives) / math.log(2) ** 2))
        bloom = cls(bytearray((m + 7) // 8), max(1, round(m / n * math.log(2))))
        for item in found:
            for p in bloom._positions(item):
                bloom.bits[p >> 3] |= 1 << (p & 7)
        return bloom

    def _positions(self, item: str) -> Iterator[int]:
        data = item.encode()
        h1, h2 = (_hash(data, s) for s in self.SEEDS)
        for i in range(self.k):
            yield (h1 + i * h2) % self.m

    def __contains__(self, item: str) -> bool:
        return all(self.bits[p >> 3] >> (p & 7) & 1 for p in self._positions(item))

    def export(self) -> dict[str, Any]:
        """The filter as JSON data."""
        return {"k": self.k, "bits": base64.b64encode(bytes(self.bits)).decode()}

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Bloom:
        """A filter from ``export``'s data (ValueError, KeyError or TypeError if it is not)."""
        bits = bytearray(base64.b64decode(data["bits"], validate=True))
        if not bits or int(data["k"]) < 1:
            raise ValueError("an empty filter")
        return cls(bits, int(data["k"]))


def vocabulary(
    surface: Iterable[str],
    lemmas: Iterable[str],
    stop_words: Iterable[str],
    keys: Iterable[tuple[str, ...]],
    route: Iterable[str],
    english: Iterable[str],
) -> frozenset[str]:
    """A language's vocabulary (what its typos are corrected to, and what is no typo), from its
    index data as the browser has it, all folded: surface forms, lemmas, stop words,
    player-vocabulary key forms, route lemmas, and the English words the lexicon translates
    (English only)."""
    words = {*surface, *lemmas, *stop_words, *(w for key in keys for w in key), *route, *english}
    return frozenset(w for w in words if w.isalpha())


def alphabet(vocabularies: Mapping[str, frozenset[str]]) -> str:
    """Every letter of the vocabularies, in order: what an edit may insert or replace."""
    return "".join(sorted({c for v in vocabularies.values() for w in v for c in w}))


def real_neighbours(
    vocabularies: Mapping[str, frozenset[str]], dictionaries: Iterable[frozenset[str]]
) -> list[str]:
    """The real words (of any of the ``dictionaries``, folded) at least ``MIN_LENGTH`` long that
    are in no vocabulary and one edit from exactly one word of some vocabulary: what a typo's
    correction must never touch, whichever candidate languages a query is read in ("partnerowi"
    is Polish, one edit from Slovak "partnerovi"). A word one edit from none or from two or more
    words of every vocabulary is left out: it is never corrected anyway (its candidate languages
    offer none or several readings), so the filter need not hold it. Edits use every letter of
    the dictionary (a real word's letter may be one the vocabularies lack), from the words of its
    script."""
    owners: dict[str, list[str]] = defaultdict(list)  # word -> the vocabularies holding it
    for lang, v in vocabularies.items():
        for t in v:
            owners[t].append(lang)
    near: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for real in dictionaries:
        letters = "".join(sorted(set("".join(real))))
        for t, langs in owners.items():
            if len(t) >= MIN_LENGTH - 1 and t[0] in letters:
                for e in edits(t, letters):
                    if len(e) >= MIN_LENGTH and e in real and e not in owners:
                        for lang in langs:
                            near[e][lang].add(t)
    return sorted(e for e, by in near.items() if any(len(ts) == 1 for ts in by.values()))


class Speller:
    """Corrects the typos of a query (see the module docstring)."""

    def __init__(self, vocabularies: Mapping[str, frozenset[str]], real: Bloom) -> None:
        self.vocabularies = vocabularies
        self.real = real
        self.alphabet = alphabet(vocabularies)
        # a word two letters longer than every vocabulary word is no typo of one (and a huge
        # "word" would cost its length squared in edits)
        self.longest = max((len(w) for v in vocabularies.values() for w in v), default=0)
        # a word some language knows is no typo, whichever languages the query is read in: the
        # filter leaves such words out ("stolom" in a Slovak query is Serbian, not "stolov")
        self.known = frozenset().union(*vocabularies.values())
        self._memo: dict[tuple[str, tuple[str, ...]], str | None] = {}

    def word(self, word: str, langs: tuple[str, ...]) -> str | None:
        """The correction of ``word`` (lower case) in a query of languages ``langs``, or None."""
        key = (word, langs)
        if key not in self._memo:
            if len(self._memo) > 100_000:
                self._memo.clear()
            self._memo[key] = self._correct(word, langs)
        return self._memo[key]

    def _correct(self, word: str, langs: tuple[str, ...]) -> str | None:
        folded = fold(word)
        if not MIN_LENGTH <= len(folded) <= self.longest + 1 or not folded.isalpha():
            return None
        if folded in self.real or folded in self.known:
            return None
        # a Cyrillic word is read in the Latin script of the Serbian texts only in a query that
        # is Serbian for sure (an "ru"/"sr" one may be Russian: "назначил" is no typo)
        latin = fold(sr_to_latin(word)) if langs == ("sr",) and _CYRILLIC.search(word) else None
        readings = []
        for lang in langs:
            v = self.vocabularies.get(lang)
            form = latin if lang == "sr" and latin is not None else folded
            if v is None:
                continue
            if form in v or form in self.real:
                return None
            readings.append((form, v))
        near = {e for form, v in readings for e in edits(form, self.alphabet) if e in v}
        return near.pop() if len(near) == 1 else None

    def supported(self, text: str, langs: tuple[str, ...]) -> tuple[str, ...]:
        """The candidate languages ``langs`` whose vocabularies hold at least ``SUPPORT_SHARE``
        as many of the words of ``text`` as the best one does (Serbian reads Cyrillic in its
        Latin): a word of a Croatian query is no typo of a Slovak word ("požuri" is not
        "pozri"). All of them when none holds a word."""
        if len(langs) < 2:
            return langs
        words = [w.lower() for w in _WORD.findall(text)]
        held = {
            lang: sum(
                fold(sr_to_latin(w) if lang == "sr" else w) in self.vocabularies.get(lang, ())
                for w in words
            )
            for lang in langs
        }
        top = max(held.values())
        return tuple(lang for lang in langs if held[lang] >= SUPPORT_SHARE * top) if top else langs

    def text(self, text: str, langs: Iterable[str]) -> tuple[str, tuple[tuple[str, str], ...]]:
        """``text`` with each typo replaced by its correction (read in the ``supported``
        languages), and the (typo, correction) pairs, each once."""
        found: dict[tuple[str, str], None] = {}
        order = self.supported(text, tuple(langs))

        def fix(m: re.Match[str]) -> str:
            got = self.word(m.group(0).lower(), order)
            if got is None:
                return m.group(0)
            found[(m.group(0), got)] = None
            return got

        return _WORD.sub(fix, text), tuple(found)
