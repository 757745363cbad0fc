"""How near a query's words are to each ruling tree's own texts, by character n-grams.

A tree's trigger phrases, worked descriptions, title and situation (six languages) say the
situation the way directors do. The suggestions (``kb.rulings.suggestions``) read them as
five-letter stems, which meet only when two words share their first five letters (after a final
vowel is cut): a prefix keeps them apart ("заалертовали" / "алерт", "přehlásil" / "hlásil"),
as does a compound. Here every text is a tf-idf vector of the 4- and 5-letter pieces of its
folded content words (each word padded with spaces, so its start and end count), and a query's
nearness to a tree is its best
cosine with any one of the tree's texts (one matching description is what says "this is the
situation", not the tree's words on average). The idf is over trees.

The search's tree prior adds this nearness to the suggestion scores (kb/search/situations.py);
the browser does not (its data budget is full), so offline the trees chosen can differ.
"""

from __future__ import annotations

import functools
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from kb.rulings.catalogue import Tree

GRAM_SIZES = (4, 5)
WORD_CACHE = 20_000  # query words whose pieces (as piece numbers) an index keeps


def content_words(text: str) -> list[str]:
    """The folded words of a text that carry it (no stop words, no numbers), Serbian Cyrillic
    read in Latin as the suggestions' stems read it."""
    from kb.rulings.suggestions import WORD, fold, latin_reading, stop_words  # see situations.py

    stop = stop_words()
    return [w for w in WORD.findall(fold(latin_reading(text))) if w not in stop and not w.isdigit()]


def word_grams(word: str) -> tuple[str, ...]:
    """The pieces of one folded word, padded with a space at each end."""
    padded = f" {word} "
    return tuple(padded[i : i + n] for n in GRAM_SIZES for i in range(len(padded) - n + 1))


def grams(words: Iterable[str]) -> Counter[str]:
    """The pieces of words, counted."""
    out: Counter[str] = Counter()
    for w in words:
        out.update(word_grams(w))
    return out


def tree_texts(t: Tree) -> list[str]:
    """Every text of a tree a description can resemble, as its content words joined by
    spaces: trigger phrases, worked descriptions, title and situation, in every language."""
    from kb.rulings.catalogue import LANGUAGES  # see situations.py

    block = t.data["suggest"]
    out = []
    for lang in LANGUAGES:
        for text in (
            *block["triggers"][lang],
            *block["examples"][lang],
            t.data["title"][lang],
            t.data["situation"][lang],
        ):
            words = content_words(text)
            if words:
                out.append(" ".join(words))
    return out


class GramIndex:
    """The trees' texts as normalised tf-idf vectors of their pieces, turned around: per piece
    the texts holding it and its weight there; texts grouped by tree."""

    def __init__(self, texts: Sequence[tuple[str, str]]) -> None:
        """``texts``: (tree id, content words joined by spaces), a tree's texts together."""
        self.trees: list[str] = []
        starts: list[int] = []
        vocab: dict[str, int] = {}
        # per (text, piece) pair: the text, the piece, its count (C ints: no object a pair)
        text_of, piece_of, counts = array("i"), array("i"), array("i")
        for i, (tree_id, words) in enumerate(texts):
            if not self.trees or self.trees[-1] != tree_id:
                if tree_id in self.trees:
                    raise ValueError(f"the texts of tree {tree_id!r} are not together")
                self.trees.append(tree_id)
                starts.append(i)
            for g, c in grams(words.split()).items():
                text_of.append(i)
                piece_of.append(vocab.setdefault(g, len(vocab)))
                counts.append(c)
        self.vocab = vocab
        self.position = {t: i for i, t in enumerate(self.trees)}
        self.by_id = id_ranks(self.trees)
        self.starts = np.array(starts, dtype=np.int64)
        self.n_texts = len(texts)
        text = np.frombuffer(text_of, dtype=np.intc).astype(np.int32)
        piece = np.frombuffer(piece_of, dtype=np.intc).astype(np.int64)
        # idf over trees: the trees holding each piece (a tree's pairs once)
        tree = np.repeat(np.arange(len(starts)), np.diff([*starts, self.n_texts]))[text]
        pairs = np.unique(piece * len(starts) + tree)
        n_trees = np.bincount(pairs // len(starts), minlength=len(vocab))
        self.idf = np.log1p(len(starts) / np.maximum(n_trees, 1))
        weight = (1.0 + np.log(np.frombuffer(counts, dtype=np.intc))) * self.idf[piece]
        norm = np.sqrt(np.bincount(text, weight * weight, minlength=self.n_texts))
        weight /= np.where(norm > 0, norm, 1.0)[text]
        order = np.argsort(piece, kind="stable")  # by piece, each piece's texts ascending
        self.text = text[order]
        self.weight = weight[order].astype(np.float32)
        self.ptr = np.concatenate([[0], np.cumsum(np.bincount(piece, minlength=len(vocab)))])

        # a word's pieces as the index knows them, kept (queries repeat their words)
        self._pieces = functools.lru_cache(maxsize=WORD_CACHE)(self._known_pieces)

    def _known_pieces(self, word: str) -> tuple[int, ...]:
        vocab = self.vocab
        return tuple(vocab[g] for g in word_grams(word) if g in vocab)

    def nearest(self, text: str) -> dict[str, float]:
        """Per tree sharing a piece with the text, the best cosine of the text with one of the
        tree's texts."""
        best = self.nearness(text).tolist()
        return {t: v for t, v in zip(self.trees, best, strict=True) if v > 0}

    def nearness(self, text: str) -> np.ndarray:
        """``nearest`` as an array in the order of ``trees`` (0 for a tree sharing no piece)."""
        found: Counter[int] = Counter()
        for w in content_words(text):
            found.update(self._pieces(w))
        if not found or not self.trees:
            return np.zeros(len(self.trees))
        ids = np.fromiter(found.keys(), dtype=np.int64, count=len(found))
        counts = np.fromiter(found.values(), dtype=np.float64, count=len(found))
        q = (1.0 + np.log(counts)) * self.idf[ids]
        q /= np.sqrt(q @ q)
        lo, sizes = self.ptr[ids], self.ptr[ids + 1] - self.ptr[ids]
        # every posting of the query's pieces at once: each piece's run, one after another
        at = np.arange(int(sizes.sum())) + np.repeat(lo - np.cumsum(sizes) + sizes, sizes)
        weights = self.weight[at] * np.repeat(q.astype(np.float32), sizes)
        cosines = np.bincount(self.text[at], weights, minlength=self.n_texts)
        return np.maximum.reduceat(cosines, self.starts)


def id_ranks(ids: list[str]) -> np.ndarray:
    """Each ID's place in sorted order (ties of a score broken by ID)."""
    return np.argsort(np.argsort(np.array(ids, dtype=object)))
