"""Serbian or Croatian: which of the two a Latin query leans to, from its words' dialect marks.

The two share their letters and most words, so the language prior (the share of a query's words
each language knows) often rates them alike, and a Serbian bridge question drifts to the
Croatian preferans code or a Croatian question to the Serbian Laws. Two marks tell them apart:

- the yat reflex: Serbian writes ekavian ("vreme", "posle", "mešanje"), standard Croatian only
  ijekavian ("vrijeme", "poslije", "miješanje"). A word is ekavian when the documents and stop
  words of Croatian do not know it but know its ijekavian form (an "e" read as "ije" or "je"),
  and ijekavian the other way round. Serbian also has an ijekavian standard, so an ijekavian
  word leans to Croatian less than an ekavian one to Serbian (``rank.DIALECT_*``);
- the standard lexical differences of ``kb/lang/hr/serbian_croatian.tsv`` ("ko" / "tko",
  "sudija" / "sudac"), matched by folded form or lemma.

Cyrillic needs neither: Croatian is never written in it (kb/search/query.py reads it Serbian).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from kb.search.analyze import Token
from kb.search.langdata import LANG_DIR, read_pairs
from kb.search.normalize import fold

SERBIAN, CROATIAN = "sr", "hr"
WORDS = LANG_DIR / CROATIAN / "serbian_croatian.tsv"
MEMO_WORDS = 100_000  # words whose mark is kept


def ijekavian(word: str) -> Iterator[str]:
    """The folded ``word`` with one "e" read as "ije" or "je" ("vreme" -> "vrijeme")."""
    for i, c in enumerate(word):
        if c == "e":
            yield word[:i] + "ije" + word[i + 1 :]
            yield word[:i] + "je" + word[i + 1 :]


def ekavian(word: str) -> Iterator[str]:
    """The folded ``word`` with one "ije" or "je" read as "e" ("vrijeme" -> "vreme")."""
    for yat in ("ije", "je"):
        at = word.find(yat)
        while at >= 0:
            yield word[:at] + "e" + word[at + len(yat) :]
            at = word.find(yat, at + 1)


def lexical_words() -> tuple[frozenset[str], frozenset[str]]:
    """The Serbian and the Croatian words of ``serbian_croatian.tsv``, folded."""
    pairs = read_pairs(WORDS)
    return frozenset(fold(s.lower()) for s, _ in pairs), frozenset(
        fold(h.lower()) for _, h in pairs
    )


@dataclass(frozen=True)
class Dialect:
    """The words each of the two languages knows (folded: its documents' surface forms, its
    stop words) and the lexical markers of each."""

    serbian: frozenset[str]
    croatian: frozenset[str]
    serbian_words: frozenset[str]
    croatian_words: frozenset[str]

    @classmethod
    def of(cls, known: dict[str, Iterable[str]]) -> Dialect:
        """From each language's known folded words (``known["sr"]``, ``known["hr"]``)."""
        sr, hr = lexical_words()
        return cls(frozenset(known[SERBIAN]), frozenset(known[CROATIAN]), sr, hr)

    # each word's mark, once read (queries repeat their words; the yat variants cost)
    _marks: dict[tuple[str, str], str | None] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def marks(self, tokens: Iterable[Token]) -> tuple[int, int]:
        """How many of the words are marked Serbian and how many Croatian."""
        sr = hr = 0
        memo = self._marks
        for t in tokens:
            key = (t.folded, t.lemma)
            found = memo.get(key, "")
            if found == "":
                found = self.mark(*key)
                if len(memo) < MEMO_WORDS:
                    memo[key] = found
            if found == SERBIAN:
                sr += 1
            elif found == CROATIAN:
                hr += 1
        return sr, hr

    def mark(self, folded: str, lemma: str) -> str | None:
        """The language a word (its folded form and lemma) is marked as, if either."""
        if folded in self.serbian_words or lemma in self.serbian_words:
            return SERBIAN
        if folded in self.croatian_words or lemma in self.croatian_words:
            return CROATIAN
        if folded not in self.croatian and any(v in self.croatian for v in ijekavian(folded)):
            return SERBIAN
        if folded not in self.serbian and any(v in self.serbian for v in ekavian(folded)):
            return CROATIAN
        return None

    def leaning(self, tokens: Iterable[Token]) -> str | None:
        """``"sr"`` or ``"hr"``: the language whose marks the words carry more of; None when
        neither (no marks, or as many of each)."""
        sr, hr = self.marks(tokens)
        if sr == hr:
            return None
        return SERBIAN if sr > hr else CROATIAN
