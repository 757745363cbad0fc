"""Query -> scored nodes.

Order of business: a query that is a citation goes straight to its node(s); otherwise the query
is scored per language with BM25 (a unit's own heading matched by the query lifts it; a title-only
law or section counts a little less than its paragraphs), each language weighted by how much of
the query its vocabulary covers, and merged with the vocabulary routes (English law and section
titles, English and Russian TD vocabulary -> cites in every bridge document). Query intents put
definitions first for "šta je X", drop question words, and steer to a document or game the query
names. When the filters exclude the query's own language, its best Laws are carried over by
Law number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from kb.search.artefact import FLAG_DEFINITION, FLAG_TITLE_ONLY
from kb.search.cite import QueryCite
from kb.search.index import SearchIndex
from kb.search.query import Analysis, Query

EXACT_WEIGHT = 0.3  # exact surface forms boost, nlp.md §5
EXPANSION_WEIGHT = 0.7  # player vocabulary counts a little less than the user's own words
ROUTE_WEIGHT = 0.9  # a Law reached through a vocabulary route ranks under an equal direct hit
ROUTE_OWN_LANGUAGE = 1.02  # ... and in a document of the query's language, just above the others
FUZZY_COVER = 0.5  # a word matched only one edit away counts half towards the cover
FUZZY_MIN = 5  # words shorter than this are not corrected (too many neighbours)
TITLE_WEIGHT = 0.5  # boost of a unit by the share of its own heading the query matches
TITLE_ONLY_PRIOR = 0.85  # a bare heading under the paragraphs that carry it as context
DEFINITION_BOOST = 2.0  # "šta je X": definitions first
DEFINITION_WORDS = 3  # ... when what remains of the query is a term, not a long question
STEER_OTHER = 0.4  # a query naming a document ("preferans", "screens"): other documents' weight
DOCUMENT_TOP = 5  # top-level provisions offered for a document named and nothing else matched
PIVOT_WEIGHT = 0.8
COMMON_SHARE = 0.15  # a word in more of a language's units than this is an everyday word
PIVOT_TOP = 5  # units of the excluded language carried over
PREFIX_WEIGHT = 0.6  # a cite found only as its ancestor (27B1(a) -> 27 in a commentary)
UNHINTED = 0.9  # a cite's match in a document whose language's law word was not typed
UNHINTED_CODE = 0.85  # ... in a document that is not the Laws (the preferans code)
WITHIN_CITE = 0.5  # "law 16 UI": how far the words lift a node inside the cited one
OUTSIDE_CITE = 0.5  # ... and what they find outside it, under the weakest cite match
TOP_PER_LANGUAGE = 100  # candidates kept per language before merging


@dataclass(frozen=True)
class Filters:
    """Which documents may appear in results."""

    doc: str | None = None
    lang: str | None = None
    game: str | None = None
    edition: str | None = None

    def docs(self, index: SearchIndex) -> frozenset[str] | None:
        """The documents that pass (None: no filter)."""
        if self == Filters():
            return None
        return frozenset(
            d
            for d, m in index.docs.items()
            if (self.doc is None or d == self.doc)
            and (self.lang is None or m.lang == self.lang)
            and (self.game is None or m.game == self.game)
            and (self.edition is None or m.edition == self.edition)
        )


@dataclass
class Ranked:
    """Scores per node index, and per node the query terms to mark in its snippet."""

    scores: dict[int, float]
    marks: dict[int, tuple[str, frozenset[str]]]  # node -> (language, terms)


class Ranker:
    """Ranks one query over one index."""

    def __init__(self, index: SearchIndex, query: Query, filters: Filters) -> None:
        self.index = index
        self.q = query
        self.filters = filters
        self.allowed_docs = filters.docs(index)
        self.lang_ix = {lg: i for i, lg in enumerate(index.langs)}

    def allows(self, doc: str) -> bool:
        """Whether ``doc`` passes the filters."""
        return self.allowed_docs is None or doc in self.allowed_docs

    # --- citations -----------------------------------------------------------------------
    def cite_nodes(self, cite: str, *, law_numbered: bool) -> dict[int, float]:
        """The node with ``cite`` in each allowed document (weight 1), or its nearest ancestor
        cite (weight PREFIX_WEIGHT)."""
        out: dict[int, float] = {}
        for doc, meta in self.index.docs.items():
            if not self.allows(doc) or (law_numbered and not meta.law_numbered):
                continue
            exact = self.index.node_index(f"{doc}:{cite}")
            if exact is not None:
                out[exact] = 1.0
                continue
            for prefix in prefixes(cite):
                hit = self.index.node_index(f"{doc}:{prefix}")
                if hit is not None:
                    out[hit] = PREFIX_WEIGHT
                    break
        return out

    def cite_hits(self, cite: QueryCite) -> dict[int, float]:
        """Nodes named by a citation: exact matches first (hinted languages first), then the
        nearest existing ancestor in documents that lack the exact cite."""
        out: dict[int, float] = {}
        for c in (cite.cite, *cite.alternatives):
            for node, w in self.cite_nodes(c, law_numbered=False).items():
                if node in out:
                    continue
                meta = self.index.docs[self.index.doc_of(node)]
                if cite.langs and meta.lang in cite.langs:
                    out[node] = w
                else:
                    # a cite without the law word of a document's language names a Law of the
                    # Laws of Duplicate Bridge sooner than an article of another code
                    out[node] = w * (UNHINTED if meta.law_numbered else UNHINTED_CODE)
        return out

    # --- the query -----------------------------------------------------------------------
    def rank(self) -> Ranked:
        """Scores of the nodes the query finds."""
        q = self.q
        if q.cite is not None:
            hits = self.cite_hits(q.cite)
            if hits:
                return Ranked(hits, {})
        if q.split is not None:
            cite, words = q.split
            hits = self.cite_hits(cite)
            if hits:
                from kb.search.query import parse

                # the cite stays a term: a unit of another document that cites it is a good answer
                sub = parse(
                    self.index.analyzers,
                    {d: m.lang for d, m in self.index.docs.items()},
                    f"{words} {cite.cite}",
                    q.langs[0] if len(q.langs) == 1 and len(q.analyses) == 1 else None,
                )
                sub.cite = sub.split = None
                found = Ranker(self.index, sub, self.filters).rank()
                return self.within(cite, hits, found)
        return self.words()

    def words(self) -> Ranked:
        """Scores from the words of the query."""
        index, q = self.index, self.q
        analyses = q.analyses
        steer = [d for a in analyses.values() for d in a.intents.docs if d in index.docs]
        steer_langs = {index.docs[d].lang for d in steer}
        definition = any(a.intents.definition for a in analyses.values())
        scored: dict[int, float] = {}
        marks: dict[int, tuple[str, frozenset[str]]] = {}
        routed: dict[str, float] = {}
        unit_lang = index.a["unit_lang"]
        unit_node = index.a["unit_node"]
        flags = index.a["unit_flags"]
        mask = index.unit_mask(self.allowed_docs)
        for code, a in analyses.items():
            others = tuple(c for c in analyses if c != code)
            if code in index.routes:
                self.route(
                    code,
                    a.lemmas + a.expansions,
                    None,
                    a,
                    routed,
                    has_docs=code in index.doc_langs,
                )
            if code not in index.doc_langs:
                continue
            cover, lemmas, exact = self.terms(code, a, others)
            if a.english:
                en = index.analyzers["en"]
                en_terms = [t for p in a.english for t in en.analyze(p).lemmas]
                self.route("en", en_terms, cover, a, routed)
            if cover <= 0:
                continue
            in_lang = unit_lang == self.lang_ix[code]
            scores = self.bm25(code, lemmas, exact, a.expansions)
            scores[(flags & FLAG_TITLE_ONLY) > 0] *= TITLE_ONLY_PRIOR
            scores *= 1.0 + TITLE_WEIGHT * self.title_match(code, lemmas + a.expansions)
            if definition and _short(a):
                scores[(flags & FLAG_DEFINITION) > 0] *= DEFINITION_BOOST
            # the language of a document the query names may be foreign to the query's other
            # words ("preferans refe scoring"), so its cover counts linearly
            weight = cover if code in steer_langs else cover * cover
            allowed = in_lang if mask is None else in_lang & mask
            if not allowed.any():
                top = float(scores.max())
                if top > 0:
                    self.pivot(scores, weight, top, scored)
                continue
            scores[~allowed] = 0.0
            top = float(scores.max())
            if top <= 0:
                continue
            if steer:
                # normalise within the named documents, so their best unit scores as a full hit
                inside = np.isin(index.a["unit_doc"], [index.doc_ids.index(d) for d in steer])
                steer_top = float(scores[inside].max()) if inside.any() else 0.0
                if steer_top > 0:
                    scores[inside] *= top / steer_top
            marked = frozenset(lemmas) | frozenset(exact) | frozenset(a.expansions)
            for j in _top(scores, TOP_PER_LANGUAGE):
                node = int(unit_node[j])
                s = weight * float(scores[j]) / top
                if s > scored.get(node, 0.0):
                    scored[node] = s
                    marks[node] = (code, marked)
        for c, s in routed.items():
            for node, w in self.cite_nodes(c, law_numbered=True).items():
                # of the documents a route reaches, the one in the query's language reads best
                if index.docs[index.doc_of(node)].lang in analyses:
                    w *= ROUTE_OWN_LANGUAGE
                scored[node] = max(scored.get(node, 0.0), ROUTE_WEIGHT * s * w)
        games = {g for a in analyses.values() for g in a.intents.games}
        if games:  # "bridž renons kazna": the documents of the game named
            for node in scored:
                if index.docs[index.doc_of(node)].game not in games:
                    scored[node] *= STEER_OTHER
        if steer:
            for node in scored:
                if index.doc_of(node) not in steer:
                    scored[node] *= STEER_OTHER
            found = {index.doc_of(n) for n in scored}
            for d in dict.fromkeys(steer):
                if d not in found and self.allows(d):
                    self.document_top(d, scored)
        return Ranked(scored, marks)

    def terms(
        self, code: str, a: Analysis, others: tuple[str, ...]
    ) -> tuple[float, list[str], list[str]]:
        """How much of the query language ``code`` covers (0-1), and its lemma and exact terms.

        A word of another candidate query language's lexicon is not corrected as a typo."""
        vocab = self.index.vocab["lemma"]
        exact_vocab = self.index.vocab["exact"]
        surface = self.index.surface[code]
        lemmas: list[str] = []
        covered = 0.0
        content = a.content
        for t in content:
            cands = {t.lemma, *surface.get(t.folded, ())}
            found = [c for c in cands if f"{code} {c}" in vocab]
            if not found and f"{code} {t.exact}" in exact_vocab:
                found = [t.lemma]
            if found or t.folded in a.synonym_words:
                covered += 1
            elif not self.known_elsewhere(others, t):
                # typos and OCR damage: vocabulary words one edit away, a less certain cover
                found = sorted(self.fuzzy(code, t.lemma) | self.fuzzy(code, t.folded))[:3]
                covered += FUZZY_COVER if found else 0.0
            lemmas.extend(found)
        if a.cites and any(f"{code} {c}" in vocab for c in a.cites):
            covered += 1
        total = len(content) + (1 if a.cites else 0)
        cover = covered / total if total else 0.0
        exact = [t.exact for t in content] + a.cites
        return cover, lemmas + a.cites, exact

    def known_elsewhere(self, others: tuple[str, ...], t: object) -> bool:
        """Whether another candidate language knows the word (no lexicon yet: never)."""
        return False

    def fuzzy(self, code: str, word: str) -> set[str]:
        """Lemmas of language ``code`` at edit distance 1 from ``word`` (symmetric delete)."""
        if len(word) < FUZZY_MIN:
            return set()
        vocab = self.index.vocab["lemma"]
        deletes = _deletes(self.index, code)
        found = set(deletes.get(word, ()))
        for i in range(len(word)):
            shorter = word[:i] + word[i + 1 :]
            found |= deletes.get(shorter, set())
            if f"{code} {shorter}" in vocab:
                found.add(shorter)
        return found

    def bm25(
        self, code: str, lemmas: list[str], exact: list[str], expansions: list[str]
    ) -> np.ndarray:
        """Lemma + weighted exact + weighted expansion scores of every unit."""
        out = np.zeros(self.index.n_units, dtype=np.float32)
        for fld, terms, weight in (
            ("lemma", lemmas, 1.0),
            ("exact", exact, EXACT_WEIGHT),
            ("lemma", expansions, EXPANSION_WEIGHT),
        ):
            vocab = self.index.vocab[fld]
            for t in terms:
                i = vocab.get(f"{code} {t}")
                if i is not None:
                    units, w = self.index.postings(fld, i)
                    out[units] += weight * w
        return out

    def title_match(self, code: str, terms: list[str]) -> np.ndarray:
        """Per unit, the share of its own heading's lemmas among ``terms``."""
        hits = np.zeros(self.index.n_units, dtype=np.float32)
        vocab = self.index.vocab["lemma"]
        ptr = self.index.a["head_ptr"]
        units = self.index.a["head_unit"]
        for t in set(terms):
            i = vocab.get(f"{code} {t}")
            if i is not None:
                hits[units[ptr[i] : ptr[i + 1]]] += 1.0
        return hits / np.maximum(self.index.a["head_len"], 1.0)

    def route(
        self,
        code: str,
        terms: list[str],
        cover: float | None,
        a: Analysis,
        out: dict[str, float],
        *,
        has_docs: bool = False,
    ) -> None:
        """Add cites reached through a vocabulary route (law titles, TD vocabulary) to ``out``.

        ``cover`` is that of the query's own language when it was routed through synonyms
        (``en:`` values); otherwise the share of content words the route knows.
        """
        if not terms:
            return
        rt = self.index.routes[code]
        known = rt.vocabulary
        content = a.content
        if has_docs:
            # an everyday word the route does not know says nothing of which Law is asked about
            content = [t for t in content if t.lemma in known or not self.common(code, t.lemma)]
            content = content or a.content
        if cover is None:
            # a word the player vocabulary translated ("BIT" -> hesitation) is known through it
            hits = 0.0
            near: list[str] = []
            for t in content:
                if t.lemma in known or t.folded in a.synonym_words:
                    hits += 1
                elif has_docs:
                    # a typo of a route word ("опаздание"): its neighbours, a less certain cover
                    # (in a language with documents of its own; English words are every query's
                    # guess)
                    found = sorted(rt.fuzzy(t.lemma) | rt.fuzzy(t.folded))[:3]
                    hits += FUZZY_COVER if found else 0.0
                    near.extend(found)
            cover = hits / max(1, len(content))
            if content and cover <= 0:
                return
            terms = terms + near
        for c, s in rt.cites(terms).items():
            out[c] = max(out.get(c, 0.0), s * cover * cover)

    def common(self, code: str, lemma: str) -> bool:
        """Whether ``lemma`` is an everyday word of the language's documents (игрок, сделать):
        in more than COMMON_SHARE of its units."""
        i = self.index.vocab["lemma"].get(f"{code} {lemma}")
        if i is None:
            return False
        n = int((self.index.a["unit_lang"] == self.lang_ix[code]).sum())
        return self.index.df("lemma", i) > COMMON_SHARE * n

    def pivot(
        self, scores: np.ndarray, weight: float, top: float, scored: dict[int, float]
    ) -> None:
        """Carry the best units of an excluded language over to the allowed documents, by cite."""
        index = self.index
        for j in np.argsort(-scores)[:PIVOT_TOP]:
            if scores[j] <= 0:
                break
            node = int(index.a["unit_node"][j])
            if not index.docs[index.doc_of(node)].law_numbered:
                continue
            s = PIVOT_WEIGHT * weight * float(scores[j]) / top
            cite = index.record(node)["cite"]
            for target, w in self.cite_nodes(cite, law_numbered=True).items():
                scored[target] = max(scored.get(target, 0.0), s * w)

    def within(self, cite: QueryCite, hits: dict[int, float], found: Ranked) -> Ranked:
        """A cite with words ("law 16 UI"): the cited nodes first, the words reranking the nodes
        inside them; what the words find elsewhere follows under every cited node, except in a
        document of the law word's language that lacks the cite ("przepis 16 zasłona": the
        screens regulation speaks of Law 16 without having one), where the words rank on a par."""
        index = self.index
        parent = index.a["node_parent"]
        top = max(found.scores.values(), default=0.0) or 1.0
        cited_docs = {index.doc_of(n) for n in hits}
        out = dict(hits)
        for node, s in found.scores.items():
            cur = node
            while cur >= 0 and cur not in hits:
                cur = int(parent[cur])
            if cur >= 0:
                out[node] = max(out.get(node, 0.0), hits[cur] * (1.0 + WITHIN_CITE * s / top))
                continue
            doc = index.doc_of(node)
            own = doc not in cited_docs and index.docs[doc].lang in cite.langs
            out[node] = max(out.get(node, 0.0), (1.0 if own else OUTSIDE_CITE) * s / top)
        return Ranked(out, found.marks)

    def document_top(self, doc: str, scored: dict[int, float]) -> None:
        """A query that names a document ("ширма", "screens") but matches none of its words:
        offer the document's top-level provisions, in order."""
        index = self.index
        d = index.doc_ids.index(doc)
        tops = np.flatnonzero((index.a["node_doc"] == d) & (index.a["node_parent"] < 0))
        for rank, n in enumerate(tops[:DOCUMENT_TOP]):
            node = int(n)
            scored[node] = max(scored.get(node, 0.0), STEER_OTHER * (1.0 - 0.01 * rank))


def _deletes(index: SearchIndex, code: str) -> dict[str, set[str]]:
    """One-delete variants of a language's lemma vocabulary (built once per index)."""
    cache: dict[str, dict[str, set[str]]] = index.__dict__.setdefault("_deletes", {})
    hit = cache.get(code)
    if hit is None:
        hit = {}
        prefix = f"{code} "
        for key in index.vocab["lemma"]:
            if not key.startswith(prefix):
                continue
            term = key[len(prefix) :]
            if len(term) >= FUZZY_MIN - 1 and term.isalpha():
                for i in range(len(term)):
                    hit.setdefault(term[:i] + term[i + 1 :], set()).add(term)
        cache[code] = hit
    return hit


def _short(a: Analysis) -> bool:
    """Whether a query is short enough to be a term ("šta je renons", not a long question)."""
    return sum(not t.stop for t in a.tokens) <= DEFINITION_WORDS


def _top(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` best positive scores (unordered)."""
    idx = np.argpartition(-scores, k)[:k] if scores.size > k else np.arange(scores.size)
    return idx[scores[idx] > 0]


def prefixes(cite: str) -> list[str]:
    """Ancestor cites, nearest first: ``27B1(a)`` -> 27B1, 27B, 27; ``27.5`` -> 27."""
    if "." in cite:
        return [cite.split(".")[0]]
    parts = re.findall(r"\(\w+\)|\d+|[A-Z]", cite)
    return ["".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]


Enricher = Callable[[dict, SearchIndex], dict]
