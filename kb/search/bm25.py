"""BM25 weights in CSR form: term -> (units, weights), so that a query costs one array gather.

rank-bm25's Okapi BM25 computes the weights once, when the index is built; N, df and the average
length are taken within a unit's group (its language), so that a word common in one language's
documents weighs little there whatever the other languages hold.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

import numpy as np
from rank_bm25 import BM25Okapi

K1 = 1.5
B = 0.75


def csr(
    docs: Sequence[Sequence[str]], groups: Sequence[str] | None = None
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Vocabulary (sorted), CSR arrays ``ptr``, ``unit``, ``weight`` of ``docs``' terms, and each
    term's idf (a term is expected in one group only, as a language-tagged term is).

    rank-bm25 (``BM25Okapi``, one per group) computes the idf, lengths and averages; each
    posting's weight is the score rank-bm25 gives that term in that document."""
    groups = list(groups) if groups is not None else [""] * len(docs)
    members: dict[str, list[int]] = defaultdict(list)
    for j, g in enumerate(groups):
        members[g].append(j)
    rows: dict[str, list[tuple[int, float]]] = defaultdict(list)
    idf: dict[str, float] = {}
    for js in members.values():
        texts = [list(docs[j]) or [""] for j in js]  # rank-bm25 divides by the corpus size
        bm = BM25Okapi(texts, k1=K1, b=B)
        for j, freqs, length in zip(js, bm.doc_freqs, bm.doc_len, strict=True):
            if not docs[j]:
                continue
            norm = bm.k1 * (1 - bm.b + bm.b * length / bm.avgdl)
            for t, f in freqs.items():
                w = bm.idf[t] * f * (bm.k1 + 1) / (f + norm)
                rows[t].append((j, w))
                idf[t] = max(idf.get(t, 0.0), bm.idf[t])
    vocab = sorted(rows)
    ptr = np.zeros(len(vocab) + 1, dtype=np.int64)
    ptr[1:] = np.cumsum([len(rows[t]) for t in vocab])
    n_post = int(ptr[-1])
    unit = np.fromiter((j for t in vocab for j, _ in rows[t]), dtype=np.int32, count=n_post)
    weight = np.fromiter((w for t in vocab for _, w in rows[t]), dtype=np.float32, count=n_post)
    idfs = np.array([idf[t] for t in vocab], dtype=np.float32)
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
        found = [i for i in map(self.ids.get, terms) if i is not None]
        if found:
            # one unbuffered float32 addition per (term, entry), term by term as one ``+=``
            # each would add them (an entry is once in a term's list): the same sums
            ptr = self.ptr
            spans = [slice(ptr[i], ptr[i + 1]) for i in found]
            units = np.concatenate([self.unit[s] for s in spans])
            np.add.at(out, units, np.concatenate([self.weight[s] for s in spans]))
        return out
