"""Which word stems of one language stand for which of the other: cognates and a mined lexicon.

Serbian and Slovak are both Slavic, and the Laws' vocabulary is full of shared words
(``licit``/``licit``, ``kontr``/``kontr``, ``karte``/``karty``): two folded stems of four letters
or more are cognates when they differ in their last letter at most. The rest
(``direk``/``veduc``, ``stiho``/``zdvih``, ``atak``/``vynos``) is mined from pairs of provisions
known to say the same thing: stems that keep occurring together across such pairs are linked,
strongest association first, each stem linked at most twice (competitive linking).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

MIN_PAIRS = 2  # a link must be seen in at least this many anchor pairs
MIN_DICE = 0.3  # ... with at least this Dice association
MIN_DICE_COGNATE = 0.2  # ... or this much when the stems also look alike
MAX_LINKS = 2  # mined links per stem (a word has several translations)
COGNATE_MIN = 4  # letters a stem needs to count as a cognate of a near form


def cognate(a: str, b: str) -> bool:
    """Folded stems that look like the same word: equal, or stems of four letters or more
    differing only in their last one (``karte``/``karty``, ``boja``/``boje``; ``licem``/
    ``licom`` is not)."""
    return a == b or (len(a) == len(b) >= COGNATE_MIN and a[:-1] == b[:-1])


@dataclass
class Lexicon:
    """Stems of the source language (sr) -> the target-language (sk) stems they match."""

    links: dict[str, set[str]] = field(default_factory=dict)
    reverse: dict[str, set[str]] = field(default_factory=dict)
    mined: list[tuple[str, str, float, int]] = field(default_factory=list)

    def add(self, s: str, t: str) -> None:
        """Link source stem ``s`` and target stem ``t``."""
        self.links.setdefault(s, set()).add(t)
        self.reverse.setdefault(t, set()).add(s)

    def matches(self, s: str) -> set[str]:
        """Target stems a source stem matches."""
        return self.links.get(s, set())

    def matches_back(self, t: str) -> set[str]:
        """Source stems a target stem matches."""
        return self.reverse.get(t, set())


def cognates(source: Iterable[str], target: Iterable[str]) -> Lexicon:
    """A lexicon of the cognate stem pairs between two vocabularies.

    A stem found identical on the other side is linked to that one only, unless the other
    side's near form has no identical partner itself: sr ``pravi`` (pravilo) and ``pravo``
    stay apart from each other, while sk ``karty`` (no sr ``karty``) joins sr ``karte``.
    """
    src, tgt = set(source), set(target)
    lex = Lexicon()
    by_head: dict[str, list[str]] = {}
    for t in tgt:
        by_head.setdefault(t[:3], []).append(t)
    for s in src:
        for t in by_head.get(s[:3], ()):
            if s == t or (cognate(s, t) and (s not in tgt or t not in src)):
                lex.add(s, t)
    return lex


def _together(
    pairs: list[tuple[frozenset[str], frozenset[str]]], df_s: Counter[str], df_t: Counter[str]
) -> dict[tuple[str, str], int]:
    """In how many anchor pairs each (source stem, target stem) occurs together; a stem seen
    in fewer anchors than MIN_PAIRS cannot be linked and is left out (counted with numpy)."""
    src = sorted(s for s, k in df_s.items() if k >= MIN_PAIRS)
    tgt = sorted(t for t, k in df_t.items() if k >= MIN_PAIRS)
    si = {s: i for i, s in enumerate(src)}
    ti = {t: i for i, t in enumerate(tgt)}
    codes = []
    for a, b in pairs:
        xs = np.fromiter((si[s] for s in a if s in si), dtype=np.int64)
        ys = np.fromiter((ti[t] for t in b if t in ti), dtype=np.int64)
        if xs.size and ys.size:
            codes.append((xs[:, None] * len(tgt) + ys[None, :]).ravel())
    if not codes:
        return {}
    values, counts = np.unique(np.concatenate(codes), return_counts=True)
    n = len(tgt)
    return {
        (src[int(v) // n], tgt[int(v) % n]): int(c)
        for v, c in zip(values, counts, strict=True)
        if c >= MIN_PAIRS
    }


def mine(
    anchors: Iterable[tuple[frozenset[str], frozenset[str]]], base: Lexicon | None = None
) -> Lexicon:
    """Extend ``base`` (cognates) with stem links mined from anchor pairs of stem sets.

    Dice association ``2 c(s,t) / (df(s) + df(t))`` over the anchors; links are taken
    strongest first, a stem already linked (by mining) is not linked again.
    """
    pairs = [(a, b) for a, b in anchors if a and b]
    df_s: Counter[str] = Counter()
    df_t: Counter[str] = Counter()
    for a, b in pairs:
        df_s.update(a)
        df_t.update(b)
    together = _together(pairs, df_s, df_t)
    lex = Lexicon()
    if base is not None:
        for s, ts in base.links.items():
            for t in ts:
                lex.add(s, t)
    scored = []
    for (s, t), k in together.items():
        if k < MIN_PAIRS or t in lex.matches(s):
            continue  # cognates are linked already and do not use up a stem (false friends:
            # sr ``licit`` is a bid, sk ``licit(ácia)`` the auction; sr ``licit`` -> sk ``ponuk``)
        dice = 2 * k / (df_s[s] + df_t[t])
        if dice >= (MIN_DICE_COGNATE if cognate(s, t) else MIN_DICE):
            scored.append((dice, k, s, t))
    scored.sort(key=lambda x: (-x[0], -x[1], x[2], x[3]))
    used_s: Counter[str] = Counter()
    used_t: Counter[str] = Counter()
    for dice, k, s, t in scored:
        if used_s[s] >= MAX_LINKS or used_t[t] >= MAX_LINKS:
            continue
        used_s[s] += 1
        used_t[t] += 1
        lex.add(s, t)
        lex.mined.append((s, t, round(dice, 3), k))
    return lex
