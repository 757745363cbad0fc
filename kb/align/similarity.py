"""How much two provisions in two languages say the same: weighted word coverage both ways.

A stem of one text is covered when the other text holds a stem it matches (itself, a cognate
or a mined translation: direct links only, never chains of them); each stem weighs its inverse
document frequency in its own language, so ``direktor`` counts for less than ``renons``. The
similarity is the harmonic mean of the two coverages, so a text that says more than the other
(a rule added) scores lower on one side.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from kb.align.lexicon import Lexicon

IDF_CAP = 3.0  # rare words (often a free translation's own choice) must not dominate


def idf(docs: Iterable[frozenset[str]]) -> dict[str, float]:
    """Inverse document frequency of each stem over a collection of stem sets (capped)."""
    docs = list(docs)
    df: Counter[str] = Counter()
    for d in docs:
        df.update(d)
    n = len(docs) or 1
    return {s: min(IDF_CAP, math.log((n + 1) / (k + 0.5))) for s, k in df.items()}


@dataclass(frozen=True)
class Text:
    """A stem set prepared for comparison: its stems, their total weight, and ``reach``, the
    stems of the other language that its stems match."""

    stems: frozenset[str]
    total: float
    reach: frozenset[str]


class Scorer:
    """Word-coverage similarity between source (``a``) and target (``b``) stem sets."""

    def __init__(self, lexicon: Lexicon, w_a: dict[str, float], w_b: dict[str, float]) -> None:
        self.lexicon = lexicon
        self.w_a = w_a
        self.w_b = w_b
        self._a: dict[frozenset[str], Text] = {}
        self._b: dict[frozenset[str], Text] = {}

    def _text(self, stems: frozenset[str], side: str) -> Text:
        """A stem set of side ``a`` or ``b``, prepared (cached)."""
        cache, weights = (self._a, self.w_a) if side == "a" else (self._b, self.w_b)
        t = cache.get(stems)
        if t is None:
            other = self.lexicon.matches if side == "a" else self.lexicon.matches_back
            reach = set(stems)
            for s in stems:
                reach |= other(s)
            total = sum(weights.get(s, 1.0) for s in stems)
            t = cache[stems] = Text(stems, total, frozenset(reach))
        return t

    def text_a(self, stems: frozenset[str]) -> Text:
        """A source-side stem set, prepared (cached)."""
        return self._text(stems, "a")

    def text_b(self, stems: frozenset[str]) -> Text:
        """A target-side stem set, prepared (cached)."""
        return self._text(stems, "b")

    def coverage(self, a: frozenset[str], b: frozenset[str]) -> tuple[float, float]:
        """Share of ``a``'s weight matched in ``b`` and of ``b``'s weight matched in ``a``."""
        ta, tb = self.text_a(a), self.text_b(b)
        if not ta.total or not tb.total:
            return 0.0, 0.0
        wa, wb = self.w_a, self.w_b
        ca = sum(wa.get(s, 1.0) for s in ta.stems & tb.reach) / ta.total
        cb = sum(wb.get(s, 1.0) for s in tb.stems & ta.reach) / tb.total
        return ca, cb

    def left(self, a: frozenset[str], b: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
        """The stems of ``a`` not matched in ``b``, and of ``b`` not matched in ``a``."""
        ta, tb = self.text_a(a), self.text_b(b)
        return ta.stems - tb.reach, tb.stems - ta.reach

    def weight(self, stems: frozenset[str], side: str) -> float:
        """Total weight of a stem set of side ``a`` or ``b``."""
        w = self.w_a if side == "a" else self.w_b
        return sum(w.get(s, 1.0) for s in stems)

    def sim(self, a: frozenset[str], b: frozenset[str]) -> float:
        """Harmonic mean of the two coverages (0 when either side is empty)."""
        return harmonic(*self.coverage(a, b))


def harmonic(x: float, y: float) -> float:
    """The harmonic mean of two shares (0 when both are 0)."""
    return 0.0 if x + y == 0 else 2 * x * y / (x + y)
