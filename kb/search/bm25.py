"""BM25 weights in CSR form: term -> (units, weights), so that a query costs one array gather.

Okapi BM25 with Lucene's non-negative idf, ``log(1 + (N - df + 0.5) / (df + 0.5))``; N, df and
the average length are taken within a unit's group (its language), so that a word common in one
language's documents weighs little there whatever the other languages hold.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

import numpy as np

K1 = 1.5
B = 0.75


def csr(
    docs: Sequence[Sequence[str]], groups: Sequence[str] | None = None
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Vocabulary (sorted), CSR arrays ``ptr``, ``unit``, ``weight`` of ``docs``' terms, and each
    term's idf (a term is expected in one group only, as a language-tagged term is)."""
    groups = groups if groups is not None else [""] * len(docs)
    size: Counter[str] = Counter(groups)
    total: dict[str, float] = defaultdict(float)
    tfs = [Counter(d) for d in docs]
    df: Counter[str] = Counter()
    for g, d, tf in zip(groups, docs, tfs, strict=True):
        total[g] += len(d)
        df.update((g, t) for t in tf)  # type: ignore[misc]
    avg = {g: max(total[g] / size[g], 1e-9) for g in size}
    vocab = sorted({t for tf in tfs for t in tf})
    ids = {t: i for i, t in enumerate(vocab)}
    rows: list[list[tuple[int, float]]] = [[] for _ in vocab]
    idfs = np.zeros(len(vocab), dtype=np.float32)
    for j, (g, d, tf) in enumerate(zip(groups, docs, tfs, strict=True)):
        norm = K1 * (1 - B + B * len(d) / avg[g])
        for t, f in tf.items():
            n = df[(g, t)]  # type: ignore[index]
            idf = math.log(1 + (size[g] - n + 0.5) / (n + 0.5))
            idfs[ids[t]] = max(idfs[ids[t]], idf)
            rows[ids[t]].append((j, idf * f * (K1 + 1) / (f + norm)))
    ptr = np.zeros(len(vocab) + 1, dtype=np.int64)
    ptr[1:] = np.cumsum([len(r) for r in rows])
    n_post = int(ptr[-1])
    unit = np.fromiter((j for r in rows for j, _ in r), dtype=np.int32, count=n_post)
    weight = np.fromiter((w for r in rows for _, w in r), dtype=np.float32, count=n_post)
    return vocab, ptr, unit, weight, idfs


class Field:
    """A small in-memory BM25 field (the vocabulary routes' entries)."""

    def __init__(self, docs: Sequence[Sequence[str]]) -> None:
        self.size = len(docs)
        vocab, self.ptr, self.unit, self.weight, self.idf = csr(docs)
        self.ids = {t: i for i, t in enumerate(vocab)}

    def __contains__(self, term: str) -> bool:
        return term in self.ids

    def scores(self, terms: Iterable[str]) -> np.ndarray:
        """The BM25 score of every entry for ``terms`` (repeats count)."""
        out = np.zeros(self.size, dtype=np.float32)
        for term in terms:
            i = self.ids.get(term)
            if i is not None:
                a, b = self.ptr[i], self.ptr[i + 1]
                out[self.unit[a:b]] += self.weight[a:b]
        return out
