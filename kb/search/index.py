"""The search index: rank-bm25 over the smallest addressable nodes, one index per language.

Units are the leaves (paragraphs, items, subitems, definitions, footnotes, points, tables) plus
every law and section (their own text, or their title alone), each indexed with the titles of its
law and section as context. Two fields per unit: folded lemmas and exact surface forms. rank-bm25
computes the weights; per-term posting arrays are precomputed from them so that a query costs a
few array additions instead of a Python loop over every unit.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from kb.models import Node
from kb.search.analyze import Analyzer, analyzer

GROUP_KINDS = frozenset({"chapter", "part", "section-group"})
TITLED_KINDS = frozenset({"law", "section", "definition"})
FUZZY_MIN = 5  # words shorter than this are not corrected (too many neighbours)
# A law or section with a title and no text of its own is a short BM25 document that outranks
# the paragraph answering the query on the title's words alone; the paragraphs carry the same
# title as context, so the bare heading gets a lower prior.
TITLE_ONLY_PRIOR = 0.85


@dataclass(frozen=True)
class DocMeta:
    """What search needs to know of a document (from corpus/sources.toml or the store)."""

    lang: str
    game: str
    edition: str
    kind: str = "laws"  # laws, code, regulation, commentary

    @property
    def law_numbered(self) -> bool:
        """Whether its cites are Laws of Duplicate Bridge numbers (the English route maps here)."""
        return self.game == "bridge" and self.kind in ("laws", "commentary")


def doc_meta(docs: Mapping[str, DocMeta | Mapping[str, Any]]) -> dict[str, DocMeta]:
    """Accept metadata as DocMeta or dicts with ``lang``/``language``, ``game``, ``edition``."""
    out = {}
    for doc, m in docs.items():
        if isinstance(m, DocMeta):
            out[doc] = m
            continue
        lang = m.get("lang") or m.get("language")
        if not lang or "game" not in m or "edition" not in m:
            raise ValueError(
                f"metadata of {doc!r} is {dict(m)!r}; expected keys lang (or language), game, "
                "edition and optionally kind"
            )
        out[doc] = DocMeta(str(lang), str(m["game"]), str(m["edition"]), str(m.get("kind", "laws")))
    return out


def corpus_meta() -> dict[str, DocMeta]:
    """Metadata of the documents of corpus/sources.toml."""
    from kb.corpus import load_sources

    return {s.id: DocMeta(s.language, s.game, s.edition, s.kind) for s in load_sources()}


class FieldIndex:
    """One BM25 field: rank-bm25's weights, precomputed as (unit indices, weights) per term."""

    def __init__(self, corpus: list[list[str]]) -> None:
        self.size = len(corpus)
        self.postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        if not any(corpus):
            self.bm25 = None
            return
        self.bm25 = BM25Okapi(corpus)
        bm, k1, b = self.bm25, self.bm25.k1, self.bm25.b
        lists: dict[str, tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
        for j, freqs in enumerate(bm.doc_freqs):
            norm = k1 * (1 - b + b * bm.doc_len[j] / bm.avgdl)
            for term, tf in freqs.items():
                idx, w = lists[term]
                idx.append(j)
                w.append(bm.idf[term] * tf * (k1 + 1) / (tf + norm))
        self.postings = {
            t: (np.asarray(i, dtype=np.int32), np.asarray(w, dtype=np.float32))
            for t, (i, w) in lists.items()
        }

    def add_scores(self, terms: Iterable[str], out: np.ndarray, weight: float = 1.0) -> None:
        """Add the BM25 score of every term (repeats count) to ``out``."""
        for term in terms:
            hit = self.postings.get(term)
            if hit is not None:
                out[hit[0]] += weight * hit[1]


@dataclass
class LangIndex:
    """The units of every document of one language and their two fields."""

    lang: str
    units: list[str]  # node IDs, in index order
    lemma: FieldIndex
    exact: FieldIndex
    surface_lemmas: dict[str, set[str]]  # folded surface form -> lemmas seen with it
    deletes: dict[str, set[str]] = field(default_factory=dict)  # fuzzy: one-delete variants
    prior: np.ndarray = field(default_factory=lambda: np.ones(0, dtype=np.float32))
    is_def: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))  # definitions
    docs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=object))  # doc per unit
    # a unit's own heading (title, definition term): lemma -> units, and lemmas per heading
    title_postings: dict[str, np.ndarray] = field(default_factory=dict)
    title_len: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))

    def title_match(self, terms: Iterable[str]) -> np.ndarray:
        """Per unit, the share of its own heading's lemmas among ``terms`` (0 without heading)."""
        hits = np.zeros(len(self.units), dtype=np.float32)
        for term in set(terms):
            idx = self.title_postings.get(term)
            if idx is not None:
                hits[idx] += 1.0
        return hits / np.maximum(self.title_len, 1.0)

    def fuzzy(self, word: str) -> set[str]:
        """Vocabulary terms at edit distance 1 (symmetric delete) from ``word``."""
        if len(word) < FUZZY_MIN:
            return set()
        found = set(self.deletes.get(word, ()))
        for i in range(len(word)):
            found |= self.deletes.get(word[:i] + word[i + 1 :], set())
            if word[:i] + word[i + 1 :] in self.lemma.postings:
                found.add(word[:i] + word[i + 1 :])
        return found


@dataclass(frozen=True)
class CorpusCache:
    """Where the analysed units of each language are kept (``search-<lang>.pkl``), and the
    identity of the KB they were analysed from (a different one makes them stale)."""

    directory: Path
    kb_key: str


@dataclass(frozen=True)
class UnitText:
    """What a unit shows: its text and its words (spans, lemmas, exact forms) for snippets."""

    text: str
    words: tuple[tuple[int, int, str, str], ...]


class LazyLangs(Mapping[str, LangIndex]):
    """The per-language indexes, each built on first access (thread-safe)."""

    def __init__(
        self,
        units: dict[str, list[Node]],
        nodes: Mapping[str, Node],
        unit_texts: dict[str, UnitText],
        store: CorpusCache | None = None,
    ) -> None:
        self._units = units
        self._store = store
        self._nodes = nodes
        self._unit_texts = unit_texts
        self._built: dict[str, LangIndex] = {}
        self._lock = threading.Lock()

    def __getitem__(self, lang: str) -> LangIndex:
        hit = self._built.get(lang)
        if hit is not None:
            return hit
        if lang not in self._units:
            raise KeyError(lang)
        with self._lock:
            if lang not in self._built:
                self._built[lang] = _build_lang(
                    lang, self._units[lang], self._nodes, self._unit_texts, self._store
                )
        return self._built[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(self._units)

    def __len__(self) -> int:
        return len(self._units)

    def built(self) -> list[str]:
        """The languages indexed so far."""
        return list(self._built)

    def build_all(self) -> None:
        """Index every language now."""
        for lang in self._units:
            self[lang]


@dataclass
class SearchIndex:
    """Everything a query needs, built once from nodes and document metadata."""

    nodes: dict[str, Node]
    docs: dict[str, DocMeta]
    langs: LazyLangs
    unit_texts: dict[str, UnitText]
    by_doc_cite: dict[tuple[str, str], str]
    build_seconds: float = 0.0

    @classmethod
    def build(
        cls,
        nodes: Iterable[Node],
        docs: Mapping[str, DocMeta | Mapping[str, Any]],
        *,
        lazy: bool = False,
        cache: CorpusCache | None = None,
    ) -> SearchIndex:
        """Index ``nodes`` (any documents, parents before children) described by ``docs``.

        ``lazy=True`` indexes each language on its first use, so that its analyzer (Polish:
        simplemma's dictionary, about 6 s and 400 MB) loads only when a query needs it.
        ``cache`` names where to keep each language's analysed units between processes.
        """
        t0 = time.perf_counter()
        meta = doc_meta(docs)
        all_nodes = {n.id: n for n in nodes}
        unknown = sorted({n.doc for n in all_nodes.values()} - set(meta))
        if unknown:
            raise ValueError(f"no metadata for document(s) {unknown}; given: {sorted(meta)}")
        has_children = {n.parent for n in all_nodes.values() if n.parent}
        per_lang: dict[str, list[Node]] = defaultdict(list)
        for n in all_nodes.values():
            if _is_unit(n, n.id in has_children):
                per_lang[meta[n.doc].lang].append(n)
        unit_texts: dict[str, UnitText] = {}
        langs = LazyLangs(dict(per_lang), all_nodes, unit_texts, cache)
        if not lazy:
            langs.build_all()
        by_doc_cite = {(n.doc, n.cite): n.id for n in all_nodes.values()}
        return cls(all_nodes, meta, langs, unit_texts, by_doc_cite, time.perf_counter() - t0)


def _is_unit(node: Node, has_children: bool) -> bool:
    """Whether a node is indexed on its own."""
    if node.kind in GROUP_KINDS:
        return False
    if node.kind in TITLED_KINDS:
        return bool(node.text.strip() or node.title)
    return not has_children or bool(node.text.strip() or node.rows)


def unit_text(node: Node) -> str:
    """The text a unit shows and is indexed by: its own text, a table's cells, or its title."""
    parts = [node.text.strip()]
    if node.rows:
        parts.extend(" | ".join(row) for row in node.rows)
    text = "\n".join(p for p in parts if p)
    return text or (node.title or "")


def context_titles(node: Node, nodes: Mapping[str, Node]) -> list[str]:
    """Titles of the node and its ancestors up to its law (sections, law), nearest first."""
    out = []
    cur: Node | None = node
    while cur is not None and cur.kind not in GROUP_KINDS:
        if cur.title and cur.title not in out:
            out.append(cur.title)
        if cur.kind == "law":
            break
        cur = nodes.get(cur.parent) if cur.parent else None
    return out


@dataclass
class Analysed:
    """A language's analysed units: what indexing needs, and what the corpus cache stores."""

    units: list[str]  # node IDs, in index order
    lemma_docs: list[list[str]]
    exact_docs: list[list[str]]
    surface: dict[str, set[str]]
    heading: dict[str, list[int]]
    title_len: list[float]
    unit_texts: dict[str, UnitText]


def analyse_units(lang: str, units: list[Node], nodes: Mapping[str, Node]) -> Analysed:
    """Run the language's analyzer over every unit (its text, heading and context titles)."""
    an: Analyzer = analyzer(lang)
    lemma_docs: list[list[str]] = []
    exact_docs: list[list[str]] = []
    surface: dict[str, set[str]] = defaultdict(set)
    title_cache: dict[str, tuple[list[str], list[str]]] = {}
    heading: dict[str, list[int]] = defaultdict(list)
    title_len = [0.0] * len(units)
    unit_texts: dict[str, UnitText] = {}
    for j, node in enumerate(units):
        if node.title:
            lemmas = set(an.analyze(node.title).lemmas)
            title_len[j] = float(len(lemmas))
            for lem in lemmas:
                heading[lem].append(j)
        text = unit_text(node)
        a = an.analyze(text)
        unit_texts[node.id] = UnitText(
            text, tuple((t.start, t.end, t.lemma, t.exact) for t in a.tokens)
        )
        lem, ex = list(a.lemmas), list(a.exact)
        for title in context_titles(node, nodes):
            if title == text:
                continue
            if title not in title_cache:
                ta = an.analyze(title)
                title_cache[title] = (ta.lemmas, ta.exact)
            lem += title_cache[title][0]
            ex += title_cache[title][1]
        for t in a.tokens:
            surface[t.folded].add(t.lemma)
        lemma_docs.append(lem)
        exact_docs.append(ex)
    return Analysed(
        [n.id for n in units],
        lemma_docs,
        exact_docs,
        dict(surface),
        dict(heading),
        title_len,
        unit_texts,
    )


def _analyse_cached(
    lang: str, units: list[Node], nodes: Mapping[str, Node], store: CorpusCache | None
) -> Analysed:
    """``analyse_units``, read from the corpus cache when it holds these very units."""
    if store is None:
        return analyse_units(lang, units, nodes)
    from kb.search import cache

    path = store.directory / f"search-{lang}.pkl"
    key = f"{store.kb_key};{cache.code_key(lang)}"
    found = cache.read(path, key)
    if isinstance(found, Analysed) and found.units == [n.id for n in units]:
        return found
    fresh = analyse_units(lang, units, nodes)
    cache.write(path, key, fresh)
    return fresh


def _build_lang(
    lang: str,
    units: list[Node],
    nodes: Mapping[str, Node],
    unit_texts: dict[str, UnitText],
    store: CorpusCache | None = None,
) -> LangIndex:
    """Analyse (or read the cached analysis of) and index the units of one language."""
    done = _analyse_cached(lang, units, nodes, store)
    unit_texts.update(done.unit_texts)
    lemma_docs, exact_docs, surface = done.lemma_docs, done.exact_docs, done.surface
    heading = done.heading
    title_len = np.asarray(done.title_len, dtype=np.float32)
    lemma = FieldIndex(lemma_docs)
    deletes: dict[str, set[str]] = defaultdict(set)
    for term in lemma.postings:
        if len(term) >= FUZZY_MIN - 1 and term.isalpha():
            for i in range(len(term)):
                deletes[term[:i] + term[i + 1 :]].add(term)
    prior = np.array(
        [
            TITLE_ONLY_PRIOR if n.kind in ("law", "section") and not n.text.strip() else 1.0
            for n in units
        ],
        dtype=np.float32,
    )
    is_def = np.array([n.kind == "definition" or n.law == "def" for n in units], dtype=bool)
    return LangIndex(
        lang,
        [n.id for n in units],
        lemma,
        FieldIndex(exact_docs),
        surface,
        dict(deletes),
        prior,
        is_def,
        np.array([n.doc for n in units], dtype=object),
        {t: np.asarray(i, dtype=np.int32) for t, i in heading.items()},
        title_len,
    )
