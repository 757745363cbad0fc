"""From a described situation to the ruling trees that fit it.

Each tree keeps, in its ``suggest:`` block, trigger phrases and example descriptions in the six
languages. A question is normalised the way they are (lower case, Serbian Cyrillic also read in
Latin, diacritics folded, stop words of every language dropped, words cut to a five-letter stem
so that inflections meet: ``nedovoljan``/``nedovoljnog``, ``renons``/``renonsirao``, after a
final vowel is dropped: ``права``/``право``), then each
tree is scored by

- its trigger phrases found whole in the question (every stem of the phrase present), weighted
  by how specific their stems are across trees (a stem few trees use counts more), the best
  phrase in full and the others at a third;
- the closeness (tf-idf cosine) of the question to the tree's own words: triggers, examples,
  title and situation;
- the auction in the question, if any (``kb.ask.find_auction``): its last irregular call, as
  the rules core sees it, ranks first the trees that rule on that kind of call
  (``suggest.irregularity``), and those trees get the auction as their starting facts;
- short of an auction, the bids the question names: one above seven ranks the trees for that
  irregularity first; a bid named after a higher one counts a little for an insufficient bid.

Only trees that exist can be suggested; a question that matches nothing gets no suggestion.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from kb.rules.bridge import auction_facts
from kb.rules.errors import RulesError
from kb.rulings.catalogue import LANGUAGES, Tree, trees
from kb.rulings.engine import evaluate
from kb.rulings.errors import RulingError
from kb.script import sr_to_latin

LANG_DIR = Path(__file__).resolve().parents[1] / "lang"
STEM = 5  # letters kept of a word: inflected forms of the six languages meet
MAX_TEXT = 2000  # characters of a question read (a description, not a document)
WORD = re.compile(r"\w+", re.UNICODE)
_VOWELS = "aeiouyаеиоуыэюяь"
_FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ß": "ss", "æ": "ae", "œ": "oe"})
TRIGGER_WEIGHT = 1.0
OTHER_TRIGGERS = 1 / 3
SIMILARITY_WEIGHT = 4.0
AUCTION_BONUS = 10.0
BID_ORDER_BONUS = 2.0
# a trigger of one stem fires only when fewer than this share of the trees use that stem: a
# phrase whose other words were stop words ("pogrešan sto", "nije došao na red") keeps a word
# that names no situation, and would fire on every question holding it
GENERIC_SHARE = 1 / 4


def fold(text: str) -> str:
    """Lower case without diacritics (``Nedostatočná`` -> ``nedostatocna``, ``ё`` -> ``е``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def stop_words() -> frozenset[str]:
    """The stop words of every language, folded."""
    words: set[str] = set()
    for path in LANG_DIR.glob("*/stop_words.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                words.add(fold(line.strip()))
    return frozenset(words)


_RUSSIAN_ONLY = set("ыэъщёйяюЫЭЪЩЁЙЯЮ")


def stems(text: str) -> list[str]:
    """The stems of a text, as written and as ``latin_reading`` reads it (so ``недовољан
    лицит`` meets ``nedovoljan licit``)."""
    variants = dict.fromkeys((text, latin_reading(text)))
    return [s for variant in variants for s in _variant_stems(variant)]


def latin_reading(text: str) -> str:
    """A text with Cyrillic read as Serbian, in Latin, unless it has a letter only Russian
    has (then as it is)."""
    return text if _RUSSIAN_ONLY & set(text) else sr_to_latin(text)


def trigger_stems(phrase: str, lang: str) -> frozenset[str]:
    """A trigger phrase's stems as its own language reads it, so that every query it is meant
    for holds them all: Russian as written (``stems`` would add a Latin reading, which a Russian
    query with a letter only Russian has never gets), Serbian in Latin (a query in either script
    has the Latin stems), the others as written."""
    return frozenset(_variant_stems(sr_to_latin(phrase) if lang == "sr" else phrase))


def _variant_stems(text: str) -> list[str]:
    """The stems of one reading of a text: folding and words never cross white space, so each
    piece between spaces on its own."""
    return [s for piece in text.split() for s in _piece_stems(piece)]


def stem(word: str) -> str:
    """A folded word's stem: an inflection's vowel ending off first (права/право, zmena/zmenu
    meet), then the first ``STEM`` letters."""
    return (word.rstrip(_VOWELS) or word)[:STEM]


@lru_cache(maxsize=100_000)
def _piece_stems(piece: str) -> tuple[str, ...]:
    """The stems of a text without white space (questions repeat their words). A number is
    kept as it is: in "samo 12 karata" or "14 cards" it is what names the situation."""
    return tuple(stem(word) for word in WORD.findall(fold(piece)) if word not in stop_words())


def tree_words(t: Tree) -> tuple[tuple[frozenset[str], ...], Counter[str]]:
    """A tree's trigger phrases as stem sets, and the bag of its words' stems (each trigger's
    stems once, then its examples, title and situation, in every language)."""
    block = t.data["suggest"]
    phrases: list[frozenset[str]] = []
    bag: Counter[str] = Counter()
    for lang in LANGUAGES:
        for phrase in block["triggers"][lang]:
            found = trigger_stems(phrase, lang)
            if found:
                phrases.append(found)
            bag.update(found)
        for text in (*block["examples"][lang], t.data["title"][lang], t.data["situation"][lang]):
            bag.update(stems(text))
    return tuple(phrases), bag


@dataclass(frozen=True)
class _Profile:
    """A tree's words, prepared for scoring."""

    triggers: tuple[frozenset[str], ...]
    vector: dict[str, float]


@dataclass(frozen=True)
class _Trigger:
    """One trigger phrase of one tree, with its weight (the idf of its stems, summed)."""

    tree: str
    stems: frozenset[str]
    weight: float


@dataclass(frozen=True)
class Scoring:
    """The profiles turned around, so that a question is scored only against the triggers and
    tree words it shares a stem with: each trigger listed under one of its stems (all of them
    must be in the question anyway), each stem's weight in every tree vector that has it. It is
    all a question is scored with, and is saved beside the search index (``data``/``of_data``)
    so that a process need not load the trees to score."""

    idf: dict[str, float]
    triggers: dict[str, tuple[_Trigger, ...]]
    vectors: dict[str, tuple[tuple[str, float], ...]]
    kinds: dict[str, tuple[str, ...]]  # every tree, with the irregularities it rules on

    def data(self) -> dict[str, Any]:
        """As JSON data (floats survive a JSON round trip exactly)."""
        return {
            "idf": self.idf,
            "triggers": {
                k: [[t.tree, sorted(t.stems), t.weight] for t in v]
                for k, v in self.triggers.items()
            },
            "vectors": {k: [list(x) for x in v] for k, v in self.vectors.items()},
            "kinds": {k: list(v) for k, v in self.kinds.items()},
        }

    @classmethod
    def of_data(cls, data: dict[str, Any]) -> Scoring:
        """Read back what ``data`` gave."""
        return cls(
            dict(data["idf"]),
            {
                k: tuple(_Trigger(str(t), frozenset(st), float(w)) for t, st, w in v)
                for k, v in data["triggers"].items()
            },
            {k: tuple((str(t), float(w)) for t, w in v) for k, v in data["vectors"].items()},
            {k: tuple(v) for k, v in data["kinds"].items()},
        )


_SAVED: list[Scoring] = []  # scoring data read from a saved file (``use_scoring``)


@cache
def _profiles() -> tuple[dict[str, _Profile], dict[str, float]]:
    """Every tree's trigger stem sets and tf-idf vector, and the idf of every stem."""
    bags: dict[str, Counter[str]] = {}
    phrases: dict[str, tuple[frozenset[str], ...]] = {}
    for tree_id, t in trees().items():
        phrases[tree_id], bags[tree_id] = tree_words(t)
    n = len(bags)
    df = Counter(s for bag in bags.values() for s in bag)
    idf = {s: math.log(1 + n / count) for s, count in df.items()}
    profiles = {
        tree_id: _Profile(tuple(phrases[tree_id]), _normalise(bag, idf))
        for tree_id, bag in bags.items()
    }
    return profiles, idf


def scoring() -> Scoring:
    """What questions are scored with: saved data if given (``use_scoring``), else built from
    the trees (once per process)."""
    return _SAVED[0] if _SAVED else _built()


def use_scoring(saved: Scoring) -> None:
    """Score with ``saved`` (read from the file saved beside the search index, whose key the
    caller checked: the same trees and code) instead of loading the trees."""
    _SAVED[:] = [saved]


@cache
def _built() -> Scoring:
    """The scoring data of the trees, built from their profiles."""
    profiles, idf = _profiles()
    triggers: dict[str, list[_Trigger]] = {}
    vectors: dict[str, list[tuple[str, float]]] = {}
    # the stems in at least ``GENERIC_SHARE`` of the trees (idf = log(1 + trees / df))
    generic = math.log(1 + 1 / GENERIC_SHARE)
    for tree_id, p in profiles.items():
        for phrase in p.triggers:
            if len(phrase) == 1 and idf[min(phrase)] <= generic:
                continue
            weight = sum(idf.get(s, 0.0) for s in phrase)
            triggers.setdefault(min(phrase), []).append(_Trigger(tree_id, phrase, weight))
        for s, w in p.vector.items():
            vectors.setdefault(s, []).append((tree_id, w))
    kinds = {
        tree_id: tuple(trees()[tree_id].data["suggest"].get("irregularity", []))
        for tree_id in profiles
    }
    return Scoring(
        idf,
        {k: tuple(v) for k, v in triggers.items()},
        {k: tuple(v) for k, v in vectors.items()},
        kinds,
    )


def _normalise(bag: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    vec = {s: (1 + math.log(c)) * idf.get(s, 0.0) for s, c in bag.items()}
    norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
    return {s: v / norm for s, v in vec.items()}


def _trigger_scores(found: set[str], inverted: Scoring) -> dict[str, float]:
    """Per tree with a trigger phrase found whole in the question: the best phrase's weight in
    full and the others' at ``OTHER_TRIGGERS``."""
    weights: dict[str, list[float]] = {}
    for s in found:
        for trigger in inverted.triggers.get(s, ()):
            if trigger.stems <= found:
                weights.setdefault(trigger.tree, []).append(trigger.weight)
    out = {}
    for tree_id, ws in weights.items():
        ws.sort(reverse=True)
        out[tree_id] = TRIGGER_WEIGHT * (ws[0] + OTHER_TRIGGERS * sum(ws[1:]))
    return out


def _similarities(query: dict[str, float], inverted: Scoring) -> dict[str, float]:
    """Per tree sharing a stem with the question, the cosine of their tf-idf vectors (summed
    in the question's stem order)."""
    out: dict[str, float] = {}
    for s, w in query.items():
        for tree_id, v in inverted.vectors.get(s, ()):
            out[tree_id] = out.get(tree_id, 0) + w * v
    return out


BID = re.compile(r"(?<![\w.])(\d{1,2})\s?([♣♦♥♠]|[^\W\d_]{1,9})", re.UNICODE)
_STRAINS = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def mentioned_bids(text: str) -> list[tuple[int, int]]:
    """The bids a text names, in order, as (level, strain rank), levels above seven included
    (``8♠``, ``2 karo``, ``1БК``): the words for strains are those of ``kb/lang/*/calls.tsv``."""
    from kb.ask import call_words  # kb.ask imports this module: resolve at call time

    words = call_words()
    out = []
    for level, word in BID.findall(text):
        strain = _SYMBOLS.get(word) or words.get(word.lower())
        if strain in _STRAINS and 1 <= int(level) <= 13:
            out.append((int(level), _STRAINS[strain]))
    return out


def _bid_signals(text: str) -> tuple[str | None, bool]:
    """What the bids a text names suggest without a whole auction: a bid above seven (38), and
    a bid named after a higher one (perhaps insufficient, 27)."""
    bids = mentioned_bids(text)
    above = "above-seven" if any(level > 7 for level, _ in bids) else None
    legal = [(lv - 1) * 5 + st for lv, st in bids if lv <= 7]
    lower = any(b <= a for a, b in pairwise(legal))
    return above, lower


def _auction(text: str, edition: str) -> tuple[dict[str, Any] | None, str | None]:
    """The auction in the text as facts, and the kind of its last irregular call."""
    from kb.ask import find_auction  # kb.ask imports this module: resolve at call time

    if not any(map(str.isdigit, text)):
        return None, None  # every bid has its level in digits: no digit, no auction
    found = find_auction(text)
    if found is None:
        return None, None
    facts = {"dealer": found["dealer"], "auction": list(found["calls"])}
    try:
        kind = auction_facts(found["dealer"], found["calls"], edition=edition)["irregularity"]
    except RulesError:
        return facts, None
    return facts, kind


def suggest(text: str, limit: int = 3, *, edition: str = "2017") -> list[dict[str, Any]]:
    """The trees that fit a described situation, best first: each tree's summary (id, title,
    situation, phase, game, editions, languages), its score, and ``facts`` to start it with when
    the text carries an auction that tree rules on."""
    text = _checked(text, limit)
    auction, kind = _auction(text, edition)
    return [
        _entry(trees()[tid], score, auction, edition) for score, tid in _scored(text, kind)[:limit]
    ]


def ranked(text: str, limit: int = 3, *, edition: str = "2017") -> list[tuple[str, float]]:
    """The trees ``suggest`` proposes, as (id, score) only, for a caller that shows no summary
    (the search's tree prior, kb/search/situations.py)."""
    text = _checked(text, limit)
    kind = _auction(text, edition)[1]
    return [(tid, round(score, 3)) for score, tid in _scored(text, kind)[:limit]]


def _checked(text: str, limit: int) -> str:
    """The text read (at most ``MAX_TEXT`` characters); a ``RulingError`` for an empty text or
    a bad limit."""
    if not isinstance(text, str) or not text.strip():
        raise RulingError("bad-fact-value", f"bad situation text {text!r}", ["a description"])
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 50:
        raise RulingError("bad-fact-value", f"bad limit {limit!r}", ["a whole number 1-50"])
    return text[:MAX_TEXT]


def _scored(text: str, kind: str | None) -> list[tuple[float, str]]:
    """Every tree with a positive score for the text, best first (ties by id); ``kind`` is the
    irregularity of the text's auction, if any."""
    inverted = scoring()
    words = stems(text)
    query = _normalise(Counter(words), inverted.idf)
    triggered = _trigger_scores(set(words), inverted)
    similar = _similarities(query, inverted)
    above, lower = _bid_signals(text)
    # without a bonus, only a tree that shares a stem with the text can score
    bonus = kind is not None or above is not None or lower
    scored: list[tuple[float, str]] = []
    for tree_id in inverted.kinds if bonus else {**triggered, **similar}:
        score = triggered.get(tree_id, 0.0)
        score += SIMILARITY_WEIGHT * similar.get(tree_id, 0)
        kinds = inverted.kinds[tree_id]
        if kind in kinds or above in kinds:
            score += AUCTION_BONUS
        elif lower and "insufficient" in kinds:
            score += BID_ORDER_BONUS
        if score > 0:
            scored.append((score, tree_id))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored


def _entry(t: Tree, score: float, auction: dict[str, Any] | None, edition: str) -> dict[str, Any]:
    row: dict[str, Any] = {**t.summary(), "score": round(score, 3)}
    if auction is not None and "auction" in t.data.get("derive", []):
        try:
            evaluate(t.id, edition, auction)
        except RulingError:
            return row  # an auction this tree does not rule on (another irregularity)
        row["facts"] = auction
    return row
