"""Bridges between languages: the terms of another language's documents a query word may stand for.

Two sources, both general (nothing in them is written for a query):

- cognates: the same Slavic word under each language's spelling (``licytacja``, ``licitácia``,
  ``licitacija``, ``лицитация``; ``nieprzyznanie`` / ``nepriznanie``; ``судья`` / ``sudija``),
  found by a phonetic key: Latin letters without diacritics, the Polish digraphs and the letters
  that trade places across the languages (w/v, y/j/i, g/h) merged, doubled letters single;
- translations mined from texts that say the same thing in two languages: the aligned
  provisions of two documents (the two editions of the Laws, a commentary or regulation against
  the Law it covers, ``kb/align``), and the official English law and section titles against each
  document's titles. Two lemmas are each other's translation when they occur in the same aligned
  pairs far more often than apart (Dice coefficient over pairs).

Beside them, ``kb/lang/<code>/english.tsv`` gives a language's core words with their English
word, written by hand: an English query reads them (``build``'s ``read``), and a language whose
texts align with few others reaches the rest through them (``pivot``).

Serbian and Croatian share their lemmatizer (lemmagen3 ``hr``), so they share one lemma space.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from kb.search.normalize import latin

MAX_ALIGNED_WORDS = 80  # longer aligned texts are not mined
MIN_TOGETHER = 2  # aligned pairs two lemmas must share (titles: 1, each title is a definition)
MIN_DICE = 0.3
# fewer aligned pairs between two lemma spaces prove nothing: in the six pairs of the screens
# regulation against the Laws every word of a pair "translates" every word of the other
# (zasłona -> vedúci, Dice 1.0), and such ties crowd out the translations through English
MIN_PAIRS = 50
KEEP_RATIO = 0.5  # a lemma's translations within this share of its best one
MAX_TRANSLATIONS = 3
PIVOT_WEIGHT = 0.8  # a translation through English counts a little less than a mined one
GLOSSARY_WEIGHT = 1.0  # an English word's written translation (english.tsv), as a sure mined one
CONCEPT_WEIGHT = 1.0  # a word of the concept table (kb/lang/concepts.tsv): written, as sure
KEY_MIN = 3  # shorter words are not matched as cognates
_KEY_PAIRS = (("rz", "r"), ("sz", "s"), ("cz", "c"), ("ch", "h"), ("w", "v"), ("x", "ks"))
_KEY_LETTERS = str.maketrans({"q": "k", "y": "i", "j": "i", "g": "h"})
_GLIDE = re.compile(r"i(?=[aeiou])")
_DOUBLE = re.compile(r"(.)\1+")


def space(lang: str) -> str:
    """The lemma space of a language: Serbian and Croatian share one."""
    return "hbs" if lang in ("sr", "hr") else lang


@functools.lru_cache(maxsize=100_000)
def key(word: str) -> str:
    """The phonetic key of a lower-case word, equal for cognates across the Slavic spellings."""
    s = latin(word)
    for a, b in _KEY_PAIRS:
        s = s.replace(a, b)
    s = _GLIDE.sub("", s.translate(_KEY_LETTERS))
    return _DOUBLE.sub(r"\1", s)


@dataclass(frozen=True)
class Aligned:
    """Two texts that say the same thing: language and text of each side, and how much a
    pair of their words must co-occur to count (titles are short: once is telling)."""

    lang_a: str
    text_a: str
    lang_b: str
    text_b: str
    min_together: int = MIN_TOGETHER


def mine(
    pairs: Iterable[tuple[str, str, set[str], set[str], int]], min_pairs: int = MIN_PAIRS
) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """Translations from aligned lemma sets ``(space_a, space_b, lemmas_a, lemmas_b, min)``:
    for each direction ``"a>b"``, lemma -> [(lemma, weight)], weights in (0, 1]; nothing
    between two spaces with fewer than ``min_pairs`` pairs."""
    together: dict[tuple[str, str], Counter[tuple[str, str]]] = defaultdict(Counter)
    df: dict[str, Counter[str]] = defaultdict(Counter)
    need: dict[tuple[str, str], dict[tuple[str, str], int]] = defaultdict(dict)
    total: Counter[tuple[str, str]] = Counter()
    for sa, sb, a, b, least in pairs:
        total[(sa, sb)] += 1
        df[f"{sa}>{sb}:a"].update(a)
        df[f"{sa}>{sb}:b"].update(b)
        counts = together[(sa, sb)]
        for x in a:
            for y in b:
                counts[(x, y)] += 1
                need[(sa, sb)][(x, y)] = min(need[(sa, sb)].get((x, y), least), least)
    out: dict[str, dict[str, list[tuple[str, float]]]] = {}
    for (sa, sb), counts in together.items():
        if total[(sa, sb)] < min_pairs:
            continue
        dfa, dfb = df[f"{sa}>{sb}:a"], df[f"{sa}>{sb}:b"]
        forward: dict[str, list[tuple[float, str]]] = defaultdict(list)
        backward: dict[str, list[tuple[float, str]]] = defaultdict(list)
        for (x, y), c in counts.items():
            if c < need[(sa, sb)][(x, y)]:
                continue
            dice = 2 * c / (dfa[x] + dfb[y])
            if dice >= MIN_DICE:
                forward[x].append((dice, y))
                backward[y].append((dice, x))
        for direction, table in ((f"{sa}>{sb}", forward), (f"{sb}>{sa}", backward)):
            dest = out.setdefault(direction, {})
            for word, found in table.items():
                found.sort(reverse=True)
                best = found[0][0]
                kept = [(w, d) for d, w in found if d >= KEEP_RATIO * best][:MAX_TRANSLATIONS]
                merged = dict(dest.get(word, []))
                for w, d in kept:
                    merged[w] = max(merged.get(w, 0.0), d)
                dest[word] = _best(merged)
    return out


def build(
    aligned: Iterable[Aligned],
    analyse: Callable[[str, str], set[str]],
    vocab: Mapping[str, Iterable[str]],
    english: Mapping[str, Iterable[tuple[str, str]]] = {},
    *,
    read: Iterable[str] = (),
    pivot: Iterable[str] = (),
    min_pairs: int = MIN_PAIRS,
    concepts: Iterable[Mapping[str, Iterable[str]]] = (),
) -> dict[str, Any]:
    """The lexicon the index stores: mined translations between lemma spaces, and per document
    language its lemmas by phonetic key (``vocab``: language -> indexed lemmas). ``english``
    (language -> (lemma, English lemma), from ``kb/lang/<code>/english.tsv``) are translations
    written by hand: in the languages ``read`` an English query word also reads as the lemma
    (English has no documents, and the titles mined miss words such as "hesitation" or
    "alert"); the words of the languages ``pivot`` join the others through the translations
    of their English word (for languages whose texts align with few others: a word with two
    senses in English carries the wrong one across, so languages aligned well do not), and
    the other languages reach those that are also ``read`` the same way back. ``concepts``
    (per concept, language -> its lemmas, from ``kb/lang/concepts.tsv``) translate each
    language's words of a concept into the indexed words of every other of the languages
    ``read``, ahead of the mined ones."""
    lemma_sets = (
        (
            space(p.lang_a),
            space(p.lang_b),
            analyse(p.lang_a, p.text_a),
            analyse(p.lang_b, p.text_b),
            p.min_together,
        )
        for p in aligned
    )
    keys: dict[str, dict[str, list[str]]] = {}
    for lang, lemmas in vocab.items():
        table: dict[str, list[str]] = defaultdict(list)
        for lemma in lemmas:
            if len(lemma) >= KEY_MIN and lemma.isalpha():
                table[key(lemma)].append(lemma)
        keys[lang] = {k: sorted(v) for k, v in table.items()}
    translations = mine((x for x in lemma_sets if x[2] and x[3]), min_pairs)
    readers = set(read)
    _written(translations, concepts, vocab, readers)
    for lang, pairs in english.items():  # first every written translation, then the pivots
        if lang not in readers:
            continue
        table = translations.setdefault(f"en>{space(lang)}", {})
        by_english: dict[str, list[str]] = defaultdict(list)
        for lemma, word in pairs:
            by_english[word].append(lemma)
        for word, lemmas in by_english.items():
            found = dict.fromkeys(lemmas, GLOSSARY_WEIGHT)  # written first: kept on a tie
            for other, w in table.get(word, []):
                found.setdefault(other, w)
            table[word] = _best(found)
    pivoting = set(pivot)
    for lang, pairs in english.items():
        if lang not in pivoting:
            continue
        src = space(lang)
        for dst in {space(d) for d in vocab} - {src, "en"}:
            table = translations.setdefault(f"{src}>{dst}", {})
            via = translations.get(f"en>{dst}", {})
            back: dict[str, dict[str, float]] = defaultdict(dict)
            for lemma, word in pairs:
                found = dict(table.get(lemma, []))
                for other, w in via.get(word, ()):
                    found[other] = max(found.get(other, 0.0), PIVOT_WEIGHT * w)
                    back[other][lemma] = max(back[other].get(lemma, 0.0), PIVOT_WEIGHT * w)
                if found:
                    table[lemma] = _best(found)
            if lang not in readers:
                continue
            # and back, into the languages English reads (not a commentary's): a Serbian or
            # Slovak question about screens reaches the Polish regulation
            reverse = translations.setdefault(f"{dst}>{src}", {})
            for other, lemmas in back.items():
                merged = dict(reverse.get(other, []))
                for lemma, w in lemmas.items():
                    merged[lemma] = max(merged.get(lemma, 0.0), w)
                reverse[other] = _best(merged)
    # English has no documents: nothing is ever translated into it; weights to three places
    # (a Dice coefficient's further digits order nothing, and the browser downloads them)
    kept = {
        d: {lemma: [(w, round(x, 3)) for w, x in found] for lemma, found in table.items()}
        for d, table in translations.items()
        if not d.endswith(">en")
    }
    return {"translations": kept, "keys": keys}


def _best(weights: Mapping[str, float]) -> list[tuple[str, float]]:
    """A word's ``MAX_TRANSLATIONS`` translations of most weight, heaviest first."""
    return sorted(weights.items(), key=lambda kv: -kv[1])[:MAX_TRANSLATIONS]


def _written(
    translations: dict[str, dict[str, list[tuple[str, float]]]],
    concepts: Iterable[Mapping[str, Iterable[str]]],
    vocab: Mapping[str, Iterable[str]],
    readers: set[str],
) -> None:
    """Add the concept table's translations: a lemma of one language space reads as the
    concept's indexed lemmas of every other space ``read``, written first, and keeps up to
    ``MAX_TRANSLATIONS`` of its mined ones after them."""
    indexed: dict[str, set[str]] = defaultdict(set)
    for lang, lemmas in vocab.items():
        indexed[space(lang)].update(lemmas)
    # a commentary restates the Laws whose own text answers a question asked in another
    # language: the concepts lead into the languages ``read``, as English does
    into = {space(lang) for lang in readers}
    written: dict[str, dict[str, dict[str, None]]] = defaultdict(lambda: defaultdict(dict))
    for concept in concepts:
        by_space: dict[str, dict[str, None]] = defaultdict(dict)
        for lang, lemmas in concept.items():
            by_space[space(lang)].update(dict.fromkeys(lemmas))
        for src, lemmas in by_space.items():
            for dst in into - {src}:
                targets = [t for t in by_space.get(dst, {}) if t in indexed[dst]]
                if not targets:
                    continue
                for lemma in lemmas:
                    written[f"{src}>{dst}"][lemma].update(dict.fromkeys(targets))
    for direction, table in written.items():
        dest = translations.setdefault(direction, {})
        for lemma, targets in table.items():
            merged = dict.fromkeys(targets, CONCEPT_WEIGHT)
            mined = [(w, d) for w, d in dest.get(lemma, []) if w not in merged]
            merged.update(mined[:MAX_TRANSLATIONS])
            dest[lemma] = list(merged.items())


class Lexicon:
    """The stored lexicon, read: translations and cognates of a lemma into a document language."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._translations: Mapping[str, Mapping[str, list[list[Any]]]] = data.get(
            "translations", {}
        )
        self._keys: Mapping[str, Mapping[str, list[str]]] = data.get("keys", {})

    def translations(self, src: str, lemma: str, dst: str) -> list[tuple[str, float]]:
        """Lemmas of language ``dst`` that translate ``lemma`` of ``src``, with weights."""
        if space(src) == space(dst):
            return []
        found = self._translations.get(f"{space(src)}>{space(dst)}", {}).get(lemma, ())
        return [(str(w), float(d)) for w, d in found]

    def cognates(self, word: str, dst: str) -> list[str]:
        """Lemmas of language ``dst`` with the phonetic key of ``word``."""
        if len(word) < KEY_MIN:
            return []
        return list(self._keys.get(dst, {}).get(key(word), ()))


def aligned_texts(
    docs: Mapping[str, tuple[str, str]],
    texts: Mapping[str, str],
    heads: Mapping[str, str],
    parallels: Mapping[str, Iterable[Mapping[str, Any]]],
    titles: Iterable[tuple[str, str, str, str]],
) -> Iterator[Aligned]:
    """What the lexicon is mined from. ``docs``: document -> (language, edition); ``texts``:
    node -> its title and text; ``heads``: node -> its title; ``parallels``: node ->
    [{"id", "relation"}] (the store's parallels, kb/align); ``titles``: (language, cite, title,
    edition) of the official titles of a language without documents (English).

    Nodes of two documents in different languages that align as the same provision (or a
    commentary or regulation on it) give one pair, a preferans analogue none (it is another
    rule); each official title gives a pair with the title of the node of that cite in every
    document of its edition."""
    analogue = {
        (node, str(p["id"]))
        for node, found in parallels.items()
        for p in found
        if p.get("relation") == "analogue"
    }
    seen: set[tuple[str, str]] = set()
    for node, found in parallels.items():
        doc = node.split(":", 1)[0]
        for p in found:
            other = str(p["id"])
            odoc = other.split(":", 1)[0]
            if doc not in docs or odoc not in docs or (node, other) in analogue:
                continue
            if (other, node) in analogue or (other, node) in seen:
                continue
            if space(docs[doc][0]) == space(docs[odoc][0]):
                continue
            seen.add((node, other))
            a, b = texts.get(node, ""), texts.get(other, "")
            # a translation says about as much as its original: provisions aligned as wholes
            # (a regulation's section against a Law, a paragraph against a title) are not mined
            na, nb = len(a.split()), len(b.split())
            if a and b and max(na, nb) <= MAX_ALIGNED_WORDS and max(na, nb) <= 3 * min(na, nb):
                yield Aligned(docs[doc][0], a, docs[odoc][0], b)
    for lang, cite, title, edition in titles:
        for doc, (dlang, dedition) in docs.items():
            theirs = heads.get(f"{doc}:{cite}")
            if theirs and dedition == edition:
                yield Aligned(lang, title, dlang, theirs, min_together=1)
