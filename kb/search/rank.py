"""Query -> scored nodes.

Order of business: a query that is a citation goes straight to its node(s); otherwise the query
is scored per language with BM25 (a unit's own heading matched by the query lifts it; a title-only
law or section counts a little less than its paragraphs), each language weighted by how much of
the query its vocabulary covers, and merged with the vocabulary routes (English law and section
titles, each language's TD vocabulary -> cites in every bridge document). Query intents put
definitions first for "šta je X", drop question words, and steer to a document or game the query
names. Results come one per provision, a provision's second paragraph under the other Laws'
best. When the filters exclude the query's own language, its best Laws are carried over by Law
number.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kb.search.analyze import Token
from kb.search.artefact import FLAG_DEFINITION, FLAG_FOOTNOTE, FLAG_TITLE_ONLY, pairs
from kb.search.cite import QueryCite
from kb.search.dialect import CROATIAN, SERBIAN
from kb.search.fuzzy import delete_map, one_edit
from kb.search.index import MEMO_ENTRIES, SearchIndex
from kb.search.lexicon import space
from kb.search.query import Analysis, Query
from kb.search.situations import cited, names_bid

EXACT_WEIGHT = 0.3  # exact surface forms boost, nlp.md §5
PAIR_WEIGHT = 0.5
EXPANSION_WEIGHT = 0.7  # player vocabulary counts a little less than the user's own words
ROUTE_WEIGHT = 1.5  # a Law reached through a vocabulary route, when nothing in it matches
ROUTE_INSIDE = 0.5  # what a route adds to the paragraphs of its Law that the words match
ROUTE_OWN_LANGUAGE = 1.02  # ... and in a document of the query's language, just above the others
FUZZY_COVER = 0.5  # a word matched only one edit away counts half towards the cover
FUZZY_WEIGHT = 0.5  # ... and weighs half
TRANSLATION_WEIGHT = 0.8  # a word matched through a mined translation (times its Dice weight)
COGNATE_WEIGHT = 0.7  # ... through a cognate
BRIDGE_PRIOR = 0.3  # a candidate query language less likely than this lends no translations
LANGUAGE_SHARPNESS = 2.0  # how strongly the words known to a language make it the query's
# the prior of Croatian when a query's words are marked Serbian (ekavian, "ko", "sudija"), and of
# Serbian when they are marked Croatian (kb/search/dialect.py); less so, for Serbian has an
# ijekavian standard too
DIALECT_SERBIAN = 0.5
DIALECT_CROATIAN = 0.7
TOP_UNITS = 60  # units kept before grouping
NAMED_UNITS = 10  # and of each document the query names, its best units
GROUP = True  # one result per provision
PROVISION_OTHERS = 2  # a provision's other matching nodes that add to its best one
PROVISION_SHARE = 0.3  # ... and how much of theirs
# a provision's next paragraphs shown as results of their own (the paragraph that rules is
# often a sibling of the best-matching one), each when it scores this share of the best
SHOWN_PER_PROVISION = 3
SECOND_RATIO = 0.4
# a provision's second paragraph shown scores this share of the provision, its third the square:
# the best results of other Laws (a Law and its twin in the other edition count as one) come
# before them unless they are much weaker, so one Law does not fill the first five
SECOND_SHARE = 0.65
FUZZY_MIN = 5  # words shorter than this are not corrected (too many neighbours)
STEM_MIN = 6  # a word no lemma is one edit from, at least this long, is read by its first
STEM_PREFIX = 5  # ... letters, as the lemmas that begin with them
STEM_MAX = 3  # ... when there are at most this many
TITLE_WEIGHT = 0.5  # boost of a unit by the share of its own heading the query matches
TITLE_ONLY_PRIOR = 0.85  # a bare heading under the paragraphs that carry it as context
DEFINITION_BOOST = 3.0  # "šta je X": definitions first
DEFINITION_PRIOR = 0.7  # otherwise a definition ranks under the rules that use the term
DEFINITION_UNDER_RULE = True  # ... and never above the best of them found (unless asked)
DEFINITION_UNDER = 0.999  # its score then, as a share of that rule's
GLOSSARY = True
# a unit matching more of the query's words gains up to this share (the coordination factor:
# BM25 alone lets one rare word outweigh the rest of a description)
COORD = 0.5
GLOSSARY_MIN = 0.5  # a definition matching at least this share of the best unit expands the query
GLOSSARY_TOP = 2  # ... at most this many definitions
GLOSSARY_WEIGHT = 0.5  # the defined term's weight as a query word (times the match's share)
FOOTNOTE_PRIOR = 0.7  # a footnote annotates a rule; it ranks under the rules
HEADING_UNDER = 0.98  # a bare heading scores at most this share of the best rule under it
DEFINITION_WORDS = 3  # ... when what remains of the query is a term, not a long question
UNDOCUMENTED_OTHER_GAME = 0.5  # an English query's results in other games than the Laws'
BID_GAME = "bridge"  # the game a bid named with its level ("1 pik") is of
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
# a document for one setting (DocMeta.scoped: pl-screens, play behind screens) ranks its units
# at this share unless the query names its subject (an about:/doc: intent steers to it)
SCOPED_PRIOR = 0.5
# a route reaches the Laws of Duplicate Bridge; a query language whose own documents are all of
# another kind (Polish: the screens regulation) is asked about those as often as about the Laws,
# so its route counts at this share (and no route counts when the query names such a document)
OTHER_DOCS_ROUTE = 0.2
BARE_NUMBER_WEIGHT = 0.3  # a bare number among several words: a count ("9 tricks"), not a cite
TREE_PRIOR = True  # the ruling trees a described situation suggests lift the paragraphs they cite
TREE_LAW = 0.5  # what a Law the trees rule by adds to its matched parts' scores, as a share
TREE_WEIGHT = 0.5  # a cited paragraph's prior at full weight, as a share of the best score
SCALAR_SPAN = 8  # a route's node of at most this many units is raised unit by unit (cheaper)
UNION_ENTRIES = 10_000  # words of several terms whose units are kept per filter (``coverage``)

Bridges = tuple[tuple[int, float], ...]  # lemma term ids of one language, with weights
# a query word read in a candidate language that lends it to the others: the language, its
# lemma space, its prior, the word, and the word's bridges by target language (``_bridges``)
Lender = tuple[str, str, float, Token, dict[str, Bridges]]


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


@dataclass(frozen=True)
class Marks:
    """Query terms to mark in a snippet: lemma and exact term ids (language-tagged)."""

    lemma: frozenset[int] = frozenset()
    exact: frozenset[int] = frozenset()


@dataclass
class Ranked:
    """Scores per node index, and per node the query terms to mark in its snippet."""

    scores: dict[int, float]
    marks: dict[int, Marks]  # node -> the terms to mark in its snippet


def route_weight(index: SearchIndex, code: str) -> float:
    """How much a language's own route counts: ``OTHER_DOCS_ROUTE`` when the language has
    documents and none of them is law-numbered (the route's cites are not theirs), else 1."""
    own = [m for m in index.docs.values() if m.lang == code]
    return OTHER_DOCS_ROUTE if own and not any(m.law_numbered for m in own) else 1.0


class Ranker:
    """Ranks one query over one index."""

    def __init__(self, index: SearchIndex, query: Query, filters: Filters) -> None:
        self.index = index
        self.q = query
        self.filters = filters
        self.allowed_docs = filters.docs(index)
        self.lang_ix = {lg: i for i, lg in enumerate(index.langs)}

    @functools.cached_property
    def steer(self) -> list[str]:
        """The documents the query names (doc: and about: intents), in the order named."""
        docs = self.index.docs
        return [d for a in self.q.analyses.values() for d in a.intents.docs if d in docs]

    @functools.cached_property
    def games(self) -> set[str]:
        """The games the query names ("bridž", "bridge"), bridge also by a bid named with its
        level ("1 pik", "3БК": kb/search/situations.py ``names_bid``)."""
        found = {g for a in self.q.analyses.values() for g in a.intents.games}
        if BID_GAME not in found and names_bid(self.q.text):
            found.add(BID_GAME)
        return found

    @functools.cached_property
    def rephrasing(self) -> dict[str, list[tuple[str, Analysis]]]:
        """Per lemma space, its candidate languages whose readings have player-vocabulary
        expansions or citation terms, in the analyses' order (read once per document
        language)."""
        out: dict[str, list[tuple[str, Analysis]]] = {}
        for lang, a in self.q.analyses.items():
            if a.expansions or a.cites:
                out.setdefault(space(lang), []).append((lang, a))
        return out

    @functools.cached_property
    def cites(self) -> list[str]:
        """The citation terms of the first reading that has any."""
        return next((a.cites for a in self.q.analyses.values() if a.cites), [])

    def allows(self, doc: str) -> bool:
        """Whether ``doc`` passes the filters."""
        return self.allowed_docs is None or doc in self.allowed_docs

    # --- citations -----------------------------------------------------------------------
    def cite_nodes(self, cite: str, *, law_numbered: bool) -> dict[int, float]:
        """The node with ``cite`` in each allowed document (weight 1), or its nearest ancestor
        cite (weight PREFIX_WEIGHT)."""
        key = (cite, law_numbered, self.allowed_docs)
        found = self.index.kept(
            "_cite_nodes", key, lambda: self._cite_nodes(cite, law_numbered=law_numbered)
        )
        return dict(found)

    def _cite_nodes(self, cite: str, *, law_numbered: bool) -> dict[int, float]:
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

    def language_prior(self) -> dict[str, float]:
        """How much each candidate query language is the query's, in (0, 1] (1: the likeliest):
        the share of its words (stop words included) the language knows, sharpened. Serbian
        and Croatian queries share their letters; their words tell them apart."""
        index = self.index
        known: dict[str, float] = {}
        for code, a in self.q.analyses.items():
            memo: dict[tuple[str, str, str], bool] = index.kept("_known_words", code, dict)
            hits = 0
            for t in a.tokens:
                key = (t.folded, t.lemma, t.exact)
                found = memo.get(key)
                if found is None:
                    found = _knows(index, code, *key)
                    if len(memo) < MEMO_ENTRIES:
                        memo[key] = found
                if found or t.folded in a.synonym_words:
                    hits += 1
            known[code] = (hits + 0.5) / (len(a.tokens) + 1)
        top = max(known.values(), default=1.0)
        return self.dialect({c: (k / top) ** LANGUAGE_SHARPNESS for c, k in known.items()})

    def dialect(self, prior: dict[str, float]) -> dict[str, float]:
        """``prior`` with Croatian weighed down when the query's words are marked Serbian, or
        Serbian when they are marked Croatian (kb/search/dialect.py), unless the query names a
        document or game of that language ("preferans: ..." asked in Serbian); rescaled so
        that the likeliest is 1."""
        if SERBIAN not in prior or CROATIAN not in prior:
            return prior
        leaning = self.index.dialect.leaning(self.q.analyses[SERBIAN].tokens)
        if leaning is None:
            return prior
        other, factor = (
            (CROATIAN, DIALECT_SERBIAN) if leaning == SERBIAN else (SERBIAN, DIALECT_CROATIAN)
        )
        named, games = self.steer, self.games
        if any(
            m.lang == other and (d in named or m.game in games) for d, m in self.index.docs.items()
        ):
            return prior
        out = dict(prior)
        out[other] *= factor
        top = max(out.values())
        return {c: p / top for c, p in out.items()}

    def words(self) -> Ranked:
        """Scores from the words of the query."""
        index, q = self.index, self.q
        analyses = q.analyses
        steer = self.steer
        definition = any(a.intents.definition for a in analyses.values())
        prior = self.language_prior()
        primary = max(prior, key=lambda c: (prior[c], -list(analyses).index(c)))
        positions = _content_positions(analyses[primary])
        marks: dict[str, Marks] = {}
        routed: dict[str, float] = {}
        mask = index.unit_mask(self.allowed_docs)
        within = index.unit_range(self.allowed_docs)
        units: list[np.ndarray] = []
        weights: list[np.ndarray] = []
        scales: list[float] = []  # each postings list's weight, as a share of the language's z
        heads: list[int] = []
        for code, a in analyses.items():
            if code in index.routes:
                # a language's route counts as much as the query is in that language: a Serbian
                # query read as Slovak ("licit" -> ponuka) must not steer by the Slovak route
                self.route(
                    code,
                    a.lemmas + a.expansions,
                    None,
                    a,
                    routed,
                    has_docs=code in index.doc_langs,
                    typos=code in index.doc_langs or prior[code] >= 1.0,
                    weight=route_weight(index, code) * prior[code],
                )
            if a.english:
                en = index.analyzers["en"]
                en_terms = [t for p in a.english for t in en.analyze(p).lemmas]
                self.route("en", en_terms, prior[code], a, routed)
        zs: dict[str, float] = {}
        cover: dict[str, list[tuple[float, list[int]]]] = {}
        lists: dict[int, np.ndarray] = {}  # the units of each lemma term, for the coverage
        for code in index.doc_langs:
            z, terms, cover[code] = self.terms(code, positions, prior)
            zs[code] = z
            if not terms:
                continue
            for fld, tid, w in terms:
                u, pw = index.postings(fld, tid, within)
                if fld == "lemma":
                    lists[tid] = u
                units.append(u)
                weights.append(pw)
                scales.append(w / z)
            lemma_ids = frozenset(tid for fld, tid, _ in terms if fld == "lemma")
            heads.extend(lemma_ids)
            marks[code] = Marks(
                lemma_ids, frozenset(tid for fld, tid, _ in terms if fld == "exact")
            )
        n = index.n_units
        if units:
            # one multiplication for every postings list (float32, as each list's own would be)
            scale = np.repeat(np.array(scales, dtype=np.float32), [len(u) for u in units])
            found = np.concatenate(weights) * scale
            scores = np.bincount(np.concatenate(units), found, minlength=n).astype(np.float32)
        else:
            scores = np.zeros(n, dtype=np.float32)
        if COORD and cover:
            unions = index.kept("_word_units", within, dict)
            scores *= 1.0 + COORD * coverage(n, cover, zs, lists, unions)
        if not definition and GLOSSARY:
            self.glossary(scores, zs)
        if heads:
            scores *= 1.0 + TITLE_WEIGHT * self.title_match(heads)
        asked = definition and any(_short(a) for a in analyses.values())
        scores *= _unit_prior(
            index, "asked" if asked else ("definition" if definition else "plain")
        )
        if not steer or any(index.docs[d].law_numbered for d in steer):
            self.routes(scores, routed)  # not for a query naming a document routes do not reach
        self.scoped(scores, steer)
        if TREE_PRIOR and not asked:
            self.situation(scores, described=not any(_short(a) for a in analyses.values()))
        if mask is not None:
            scores[~mask] = 0.0
        cand = self.with_named(scores, _top(scores, TOP_UNITS), steer)
        # a provision's weight counts its headings' own matches; its order shows rules first
        raw_scores = scores[cand].tolist()
        self.under_rules(scores, cand)
        unit_node = index.a["unit_node"][cand].tolist()
        unit_lang = index.a["unit_lang"][cand].tolist()
        scored: dict[int, float] = {}
        raw: dict[int, float] = {}
        node_marks: dict[int, Marks] = {}
        lang_marks = [marks.get(code, Marks()) for code in index.langs]
        for s, r, node, lang in zip(
            scores[cand].tolist(), raw_scores, unit_node, unit_lang, strict=True
        ):
            if s <= 0:
                continue
            raw[node] = max(raw.get(node, 0.0), r)
            if s > scored.get(node, 0.0):
                scored[node] = s
                node_marks[node] = lang_marks[lang]
        if primary not in index.doc_langs and not steer and not self.games:
            self.lean_to_laws(scored, raw)
        return self.finish(scored, node_marks, steer, raw)

    def lean_to_laws(self, scored: dict[int, float], raw: dict[int, float]) -> None:
        """A query in a language without documents (English) reads through the vocabulary of
        the Laws of Duplicate Bridge (the route, the translations mined from the official
        titles): unless it names a game or document, the documents of other games weigh
        ``UNDOCUMENTED_OTHER_GAME`` ("played card" is a bridge question, not preferans)."""
        docs = self.index.docs
        game = {m.game for m in docs.values() if m.law_numbered}
        for node in scored:
            if docs[self.index.doc_of(node)].game not in game:
                scored[node] *= UNDOCUMENTED_OTHER_GAME
                if node in raw:
                    raw[node] *= UNDOCUMENTED_OTHER_GAME

    def glossary(self, scores: np.ndarray, zs: dict[str, float]) -> None:
        """The definitions as query expansion: a query that describes a defined term ("played
        a card of another suit although able to follow") matches its definition best; the
        term itself ("renons"), and its translations in the other documents' languages, then
        count as words of the query, weighted by how well the definition matched."""
        index = self.index
        top = float(scores.max())
        if top <= 0:
            return
        defs = _definitions(index)
        defs = defs[scores[defs] >= GLOSSARY_MIN * top]
        if not defs.size:
            return
        chosen = defs[np.argsort(-scores[defs])[:GLOSSARY_TOP]]
        unit_lang = index.a["unit_lang"]
        vocab = index.vocab["lemma"]
        extra: dict[int, float] = {}
        for j in chosen:
            ratio = float(scores[j]) / top
            src = index.langs[int(unit_lang[j])]
            for tid in index.heading_terms(int(j)):
                lemma = index.term("lemma", int(tid)).split(" ", 1)[1]
                w = GLOSSARY_WEIGHT * ratio
                extra[int(tid)] = max(extra.get(int(tid), 0.0), w / zs.get(src, 1.0))
                for code in index.doc_langs:
                    for other, p in index.lexicon.translations(src, lemma, code):
                        t = vocab.get(f"{code} {other}")
                        if t is not None:
                            extra[t] = max(extra.get(t, 0.0), w * p / zs.get(code, 1.0))
        if extra:
            # one unbuffered float32 addition per (term, unit), term by term as one ``+=``
            # each would add them (a postings list holds a unit once): the same sums
            found = [index.postings("lemma", tid) for tid in extra]
            factors = np.array([np.float32(w) for w in extra.values()], dtype=np.float32)
            added = np.concatenate([pw for _, pw in found]) * np.repeat(
                factors, [u.size for u, _ in found]
            )
            np.add.at(scores, np.concatenate([u for u, _ in found]), added)

    def routes(self, scores: np.ndarray, routed: dict[str, float]) -> None:
        """Provisions a vocabulary route names (a language's director words -> Laws):
        the paragraphs in them that the words match rank up, and the provision itself is
        offered (under those paragraphs) in case none does."""
        analyses = self.q.analyses
        for c, r in routed.items():
            for w, lo, hi, own, lang in self.route_targets(c):
                # of the documents a route reaches, the one in the query's language reads best
                if lang in analyses:
                    w *= ROUTE_OWN_LANGUAGE
                add = ROUTE_INSIDE * r * w
                if hi - lo <= SCALAR_SPAN:
                    # a few units (most often one): numpy scalars, the same float32 sums
                    for u in range(lo, hi):
                        v = scores[u]
                        if v > 0:
                            scores[u] = v + add
                else:
                    inside = scores[lo:hi]
                    inside[inside > 0] += add
                if own >= 0:
                    scores[own] = max(float(scores[own]), ROUTE_WEIGHT * r * w)

    def route_targets(self, cite: str) -> tuple[tuple[float, int, int, int, str], ...]:
        """``cite_nodes(cite, law_numbered=True)`` as ``routes`` reads each node: its weight,
        its units (first, end), the unit that offers it (``_offered``) and its language; kept
        per index, cite and filter."""
        index = self.index
        memo = index.kept("_route_targets", self.allowed_docs, dict)
        hit = memo.get(cite)
        if hit is None:
            hit = tuple(
                (w, *_offered(index, node), index.docs[index.doc_of(node)].lang)
                for node, w in self.cite_nodes(cite, law_numbered=True).items()
            )
            if len(memo) < MEMO_ENTRIES:
                memo[cite] = hit
        return hit

    def situation(self, scores: np.ndarray, *, described: bool) -> None:
        """The prior of the ruling trees (kb/search/situations.py), in every law-numbered
        document (both editions, the commentary): the parts of a Law the trees suggested by
        the query rule by that the words match gain ``TREE_LAW`` times its weight (a share of
        their own score); when the query describes a situation (``described``: more words than
        a term; a term is asked for its Law, not one paragraph of it), each cited paragraph
        gains ``TREE_WEIGHT`` times its weight of the best score (the words' scale), so it is
        found even where its words are not."""
        laws, paragraphs = cited(self.q.text)
        top = float(scores.max())
        if not (laws or paragraphs) or top <= 0:
            return
        spans = [
            (self.tree_units(law)[0], np.float32(1.0 + TREE_LAW * w)) for law, w in laws.items()
        ]
        if spans:  # multiplied in this order (a Law named twice, twice), as one by one
            units = np.concatenate([u for u, _ in spans])
            factors = np.repeat(np.array([f for _, f in spans]), [u.size for u, _ in spans])
            np.multiply.at(scores, units, factors)
        owns: list[int] = []
        gains: list[np.float32] = []
        for paragraph, w in paragraphs.items() if described else ():
            found = self.tree_units(paragraph)[1]
            owns.extend(found)
            gains.extend([np.float32(TREE_WEIGHT * w * top)] * len(found))
        if owns:  # added in this order, as one by one
            np.add.at(scores, owns, np.array(gains, dtype=np.float32))

    def tree_units(self, provision: str) -> tuple[np.ndarray, list[int]]:
        """``provision_units`` as the prior uses them: every unit of the provision's nodes,
        and the own units; kept per index, provision and filter."""

        def make() -> tuple[np.ndarray, list[int]]:
            rows = self.provision_units(provision)
            spans = [np.arange(lo, hi) for _, lo, hi, _ in rows]
            units = np.concatenate(spans) if spans else np.zeros(0, dtype=np.int64)
            return units, [own for *_, own in rows if own >= 0]

        return self.index.kept("_tree_units", (provision, self.allowed_docs), make)

    def provision_units(self, provision: str) -> list[tuple[int, int, int, int]]:
        """The nodes of a provision a tree cites, as (node, first unit, end unit, own unit or
        first unit): by its cite in every allowed law-numbered document where it exists as
        such, else the node itself if allowed. Resolved once per index."""
        index = self.index

        def make() -> tuple[tuple[int, int, int, int], ...]:
            doc, cite = provision.split(":", 1)
            if doc in index.docs and index.docs[doc].law_numbered:
                nodes = [
                    n
                    for n, w in Ranker(index, self.q, Filters())
                    .cite_nodes(cite, law_numbered=True)
                    .items()
                    if w >= 1.0
                ]
            else:
                hit = index.node_index(provision)
                nodes = [] if hit is None else [hit]
            return tuple((node, *_offered(index, node)) for node in nodes)

        found = index.kept("_tree_provisions", provision, make)
        if self.allowed_docs is None:
            return list(found)
        return [r for r in found if index.doc_of(r[0]) in self.allowed_docs]

    def under_rules(self, scores: np.ndarray, cand: np.ndarray) -> None:
        """A heading or a lead-in (a law, a section, a paragraph with items under it) never
        outranks the rules under it that the query matches: it scores at most just under the
        best of them, so the most specific provision comes first (and the enclosing one still
        counts as found, for the rule lies inside it). Done among the candidates ``cand``."""
        index = self.index
        order = np.sort(cand)
        heads = np.flatnonzero(_head_units(index)[order])
        if not heads.size:
            return
        # a few dozen candidates: plain lists beat numpy calls; ``now`` follows ``scores``
        units = order.tolist()
        now = scores[order].tolist()
        bounds = _unit_spans(index)[order[heads]].tolist()
        # the deepest first: a section is capped before its law
        for k, (lo, hi) in zip(reversed(heads.tolist()), reversed(bounds), strict=True):
            a, b = bisect.bisect_left(units, lo + 1), bisect.bisect_left(units, hi)
            if b > a:
                best = max(now[a:b])
                if best > 0:
                    capped = np.float32(min(now[k], HEADING_UNDER * best))
                    scores[units[k]] = capped
                    now[k] = float(capped)

    def with_named(self, scores: np.ndarray, cand: np.ndarray, steer: list[str]) -> np.ndarray:
        """The candidate units and the best ``NAMED_UNITS`` of each document the query names:
        ``finish`` lifts a named document's best match, which must be a candidate to be
        lifted. Matched through a word or two of another language ("igramo sa zastorima,
        protivnik ... prije reda": the Polish regulation through "przeciwnik" and "kolejność"),
        it may weigh less than the top units of the query's own language."""
        named = []
        for d in dict.fromkeys(steer):
            start, end = self.index.unit_range(frozenset({d})) or (0, 0)
            named.append(start + _top(scores[start:end], NAMED_UNITS))
        return np.union1d(cand, np.concatenate(named)) if named else cand

    def scoped(self, scores: np.ndarray, steer: list[str]) -> None:
        """Damp the units of a setting's regulation the query does not name (``SCOPED_PRIOR``)."""
        index = self.index
        for d, meta in index.docs.items():
            if meta.scoped and d not in steer:
                start, end = index.unit_range(frozenset({d})) or (0, 0)
                scores[start:end] *= SCOPED_PRIOR

    def finish(
        self,
        scored: dict[int, float],
        marks: dict[int, Marks],
        steer: list[str],
        raw: dict[int, float] | None = None,
    ) -> Ranked:
        """Game and document steering on top of the word scores, then one result per
        provision (``raw``: the scores the provisions are weighed by, default ``scored``)."""
        index = self.index
        raw = dict(scored) if raw is None else raw
        games = self.games
        if games:  # "bridž renons kazna": the documents of the game named
            for node in scored:
                if index.docs[index.doc_of(node)].game not in games:
                    scored[node] *= STEER_OTHER
                    raw[node] *= STEER_OTHER
        if steer:
            # the named documents' best match counts as a full one, the others' less
            top = max(scored.values(), default=0.0)
            inside = [n for n in scored if index.doc_of(n) in steer]
            best_inside = max((scored[n] for n in inside), default=0.0)
            lift = top / best_inside if best_inside > 0 else 1.0
            for node in scored:
                if index.doc_of(node) in steer:
                    scored[node] *= lift
                    raw[node] *= lift
                else:
                    scored[node] *= STEER_OTHER
                    raw[node] *= STEER_OTHER
            found = {index.doc_of(n) for n in scored}
            for d in dict.fromkeys(steer):
                if d not in found and self.allows(d):
                    self.document_top(d, scored)
        pre = scored  # by_provision answers a new dict: the ungrouped scores stay as they are
        if GROUP:
            scored = self.by_provision(scored, raw)
        if DEFINITION_UNDER_RULE and not any(
            a.intents.definition or _short(a) for a in self.q.analyses.values()
        ):
            self.definitions_under_rules(pre, scored)
        top = max(scored.values(), default=1.0) or 1.0
        return Ranked({n: s / top for n, s in scored.items()}, marks)

    def definitions_under_rules(self, found: dict[int, float], scored: dict[int, float]) -> None:
        """A definition never outranks the rule that uses its term unless the query asks what
        the term is (or is no longer than a term): a definition result scoring above every rule
        found that says its term (``_term_users``) is put just under the best of them."""
        index = self.index
        group: list[int] = _listed(index, "node_group")
        definitions = _definition_nodes(index)
        defs = [n for n in scored if n in definitions]
        if not defs:
            return
        best_of_group: dict[int, float] = {}
        for n, s in scored.items():
            if n not in definitions:
                g = group[n]
                best_of_group[g] = max(best_of_group.get(g, 0.0), s)
        for d in defs:
            users = _term_users(index, d)
            groups = {group[n] for n in found if n in users}
            rule = max((best_of_group.get(g, 0.0) for g in groups), default=0.0)
            if 0.0 < rule < scored[d]:
                scored[d] = rule * DEFINITION_UNDER

    def by_provision(self, scored: dict[int, float], raw: dict[int, float]) -> dict[int, float]:
        """One result per provision (law, article, definition; a Law and the same Law of the
        other edition count as one): its best node, scored by that node and, a little, by the
        provision's other matching nodes; a close second node of it follows. The same
        paragraph of another edition is not shown again (results list it as a parallel)."""
        index = self.index
        group: list[int] = _listed(index, "node_group")
        groups: dict[int, list[tuple[float, int]]] = {}
        for node, s in scored.items():
            groups.setdefault(group[node], []).append((-s, node))
        spans = _node_spans(index)
        twins = _twin_tuples(index)
        out = {}
        for members in groups.values():
            if len(members) == 1:
                node = members[0][1]
                out[node] = raw.get(node, scored[node])
                continue
            members.sort()
            shown = [members[0][1]]
            counted = [members[0][1]]  # the provision's nodes, each edition's twin once
            # not again: the same paragraph of the other edition, nor a node that holds one
            # already shown (its law or section adds nothing to the paragraph)
            hidden = set(twins[shown[0]])
            held = [spans[shown[0]]]
            for _, node in members[1:]:
                if node in hidden:
                    continue
                counted.append(node)
                lo, hi = span = spans[node]
                if _holds(lo, hi, held):
                    continue
                shown.append(node)
                held.append(span)
                hidden.update(twins[node])
            best = scored[shown[0]]
            weights = sorted([raw.get(n, scored[n]) for n in counted], reverse=True)
            total = weights[0] + PROVISION_SHARE * sum(weights[1 : 1 + PROVISION_OTHERS])
            out[shown[0]] = total
            for rank, node in enumerate(shown[1:SHOWN_PER_PROVISION], 1):
                if scored[node] >= SECOND_RATIO * best:
                    out[node] = total * SECOND_SHARE**rank
        return out

    def terms(
        self, code: str, positions: list[int], prior: dict[str, float]
    ) -> tuple[float, list[tuple[str, int, float]], list[tuple[float, list[int]]]]:
        """The terms documents of language ``code`` match the query with (field, term id,
        weight), and the query's attainable weight there: the sum of each content word's idf
        (an unknown word counting as the rarest), by which scores are divided so that every
        language's scores are on one scale; and per content word found, its idf and its lemma
        term ids (``coverage``).

        A word is looked up in the language itself when the query may be in it; else (or when
        that finds nothing) through the lexicon from each candidate query language: mined
        translations and cognates (kb/search/lexicon.py); a word no language knows, one edit
        away (typos, OCR damage). Each term weighs as likely as its source language is the
        query's (``prior``)."""
        index = self.index
        vocab, exact_vocab = index.vocab["lemma"], index.vocab["exact"]
        idf: list[float] = _listed(index, "lemma_idf")
        own = self.q.analyses.get(code)
        p_own = prior.get(code, 0.0)
        unknown = self.rarest(code)
        at, lenders = self.readings(positions, prior)
        tokens = at.get(code, [None] * len(positions))
        lemma_space = space(code)
        out: list[tuple[str, int, float]] = []
        covered: list[tuple[float, list[int]]] = []
        z = 0.0
        rephrased = 0  # content words the player vocabulary rephrases, found only through it
        for t, lent in zip(tokens, lenders, strict=True):
            options: dict[int, float] = {}
            if t is not None and not t.stop:
                lemma_ids, e = _word_terms(index, code, t)
                for tid in lemma_ids:
                    options[tid] = p_own
                if e is not None and options:
                    out.append(("exact", e, EXACT_WEIGHT * p_own))
            if not options or p_own < 1.0:
                # the query is likelier in another language: read the word there too
                self.bridge(code, lemma_space, lent, options)
            if not options and t is not None and not t.stop and t.folded not in own.synonym_words:
                for tid in self.near(code, t):
                    options[tid] = FUZZY_WEIGHT * p_own
            if options:
                share = max(options.values()) / sum(options.values())
                out.extend([("lemma", tid, w * share) for tid, w in options.items()])
                best = max([idf[tid] for tid in options])
                z += best
                covered.append((best, list(options)))
            elif t is None or t.folded not in own.synonym_words:
                z += unknown
            else:
                rephrased += 1
        if own is not None:
            # the query's adjacent content words said together in a passage
            content = [t.lemma for t in tokens if t is not None and not t.stop]
            pair_vocab = index.vocab["pair"]
            for term in pairs(content):
                tid = pair_vocab.get(f"{code} {term}")
                if tid is not None:
                    out.append(("pair", tid, PAIR_WEIGHT * p_own))
        said = 0.0  # the best idf the rephrasings reach
        for lang, a in self.rephrasing.get(lemma_space, ()):
            for x in a.expansions:
                tid = vocab.get(f"{code} {x}")
                if tid is not None:
                    out.append(("lemma", tid, EXPANSION_WEIGHT * prior[lang]))
                    said = max(said, idf[tid])
            for c in a.cites:
                # a bare number among several words is a count ("9 tricks"), not a citation
                bare = BARE_NUMBER_WEIGHT if c.isdigit() and len(positions) > 2 else 1.0
                for fld, v in (("lemma", vocab), ("exact", exact_vocab)):
                    tid = v.get(f"{code} {c}")
                    if tid is not None:
                        out.append((fld, tid, bare * (1.0 if fld == "lemma" else EXACT_WEIGHT)))
        if z == 0.0:
            # every word found only through its rephrasing ("sudija" -> sudac in Croatian): each
            # weighs what the rephrasing attains, else the language's scores are scaled by
            # nothing and outweigh every other language's
            z = rephrased * (said or unknown)
        cites = self.cites
        if cites:
            found = [idf[vocab[f"{code} {c}"]] for c in cites if f"{code} {c}" in vocab]
            z += max(found, default=unknown)
        return max(z, 1e-6), out, covered

    def bridge(
        self,
        code: str,
        lemma_space: str,
        lent: list[Lender],
        options: dict[int, float],
    ) -> None:
        """Terms of language ``code`` (of ``lemma_space``) for one query word read in the
        other candidate query languages (``lent``: its readings in those likely enough to be
        the query's, as ``readings`` gives them): its mined translations and its cognates."""
        for lang, lang_space, p, t, found in lent:
            if lang_space == lemma_space:
                continue
            terms = found.get(code)
            if terms is None:
                terms = found[code] = _find_bridges(self.index, lang, t.lemma, t.folded, code)
            for tid, w in terms:
                options[tid] = max(options.get(tid, 0.0), w * p)

    def readings(
        self, positions: list[int], prior: dict[str, float]
    ) -> tuple[dict[str, list[Token | None]], list[list[Lender]]]:
        """The query's words at ``positions`` as each candidate language reads them, and per
        position the readings that lend translations (of a language likely enough to be the
        query's: its code, lemma space and prior, the word, and the word's bridges kept per
        index by target language, ``_bridges``). The same for every document language: worked
        out once per query, not per language."""
        memo = self.__dict__.get("_readings")
        if memo is not None and memo[0] is positions and memo[1] is prior:
            return memo[2]
        index = self.index
        at = {lang: a.tokens_at(positions) for lang, a in self.q.analyses.items()}
        lenders: list[list[Lender]] = [[] for _ in positions]
        for lang, tokens in at.items():
            p = prior[lang]
            if p < BRIDGE_PRIOR:
                continue
            lang_space = space(lang)
            for lent, t in zip(lenders, tokens, strict=True):
                if t is not None and not t.stop:
                    lent.append((lang, lang_space, p, t, _bridges(index, lang, t.lemma, t.folded)))
        found = (at, lenders)
        self.__dict__["_readings"] = (positions, prior, found)
        return found

    def rarest(self, code: str) -> float:
        """The idf of a word in one unit of language ``code`` (what an unknown word weighs)."""
        return _rarest(self.index, self.lang_ix[code])

    def head_terms(
        self, code: str, a: Analysis, terms: list[tuple[str, int, float]]
    ) -> list[tuple[str, str]]:
        """The lemma terms a unit's own heading is matched against."""
        return [
            ("lemma", self.index.term("lemma", tid).split(" ", 1)[1])
            for fld, tid, _ in terms
            if fld == "lemma"
        ]

    def known_elsewhere(self, others: tuple[str, ...], t: object) -> bool:
        """Whether another candidate language knows the word (no lexicon yet: never)."""
        return False

    def near(self, code: str, t: Token) -> list[int]:
        """Lemma term ids of language ``code`` a word it does not know may stand for: at most
        three lemmas one edit away (``fuzzy``), else read by its first letters (``stems``)."""
        near = sorted(self.fuzzy(code, t.lemma) | self.fuzzy(code, t.folded))[:3]
        if not near:  # nor one edit away: an inflection or derivation of a lemma?
            near = sorted(self.stems(code, t.lemma) | self.stems(code, t.folded))[:3]
        vocab = self.index.vocab["lemma"]
        return [vocab[f"{code} {c}"] for c in near]

    def fuzzy(self, code: str, word: str) -> set[str]:
        """Lemmas of language ``code`` at edit distance 1 from ``word`` (symmetric delete)."""
        if len(word) < FUZZY_MIN:
            return set()
        vocab = self.index.vocab["lemma"]

        def make() -> frozenset[str]:
            deletes = _deletes(self.index, code)
            return frozenset(one_edit(word, deletes, lambda w: f"{code} {w}" in vocab))

        return set(self.index.kept("_fuzzy", (code, word), make))

    def stems(self, code: str, word: str) -> set[str]:
        """Lemmas of language ``code`` that begin with the first ``STEM_PREFIX`` letters of
        ``word`` (at least ``STEM_MIN`` letters long), when at most ``STEM_MAX`` do: a form the
        lemmatizer does not know or a typo in its ending ("dupliranje" -> "dupliciranje",
        "zapowiedzia" -> "zapowiedź"), an English word the texts give beside their own
        ("psyche" -> "psychický"); a prefix many lemmas share says nothing."""
        if len(word) < STEM_MIN:
            return set()
        found = _prefixes(self.index, code).get(word[:STEM_PREFIX], ())
        return set(found) if len(found) <= STEM_MAX else set()

    def title_match(self, terms: list[int]) -> np.ndarray:
        """Per unit, the share of its own heading's lemmas among the lemma term ids."""
        index = self.index
        ptr: list[int] = _listed(index, "head_ptr")
        units = index.a["head_unit"]
        found = [units[ptr[i] : ptr[i + 1]] for i in set(terms)]
        if not found:
            return np.zeros(index.n_units, dtype=np.float32)
        hits = np.bincount(np.concatenate(found), minlength=index.n_units).astype(np.float32)
        return hits / _heading_sizes(index)

    def route(
        self,
        code: str,
        terms: list[str],
        cover: float | None,
        a: Analysis,
        out: dict[str, float],
        *,
        has_docs: bool = False,
        typos: bool = False,
        weight: float = 1.0,
    ) -> None:
        """Add cites reached through a vocabulary route (law titles, TD vocabulary) to ``out``.

        ``cover`` is that of the query's own language when it was routed through synonyms
        (``en:`` values); otherwise the share of content words the route knows; ``weight``
        scales what it adds (``route_weight``). ``typos``: a
        word the route lacks may be a typo of one it knows (in a language with documents of
        its own, or one of the query's likeliest languages; English is every Latin query's
        guess, so its words are not corrected otherwise).
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
                elif typos:
                    # a typo of a route word ("опаздание"): its neighbours, a less certain cover
                    found = _route_near(self.index, code, t)
                    hits += FUZZY_COVER if found else 0.0
                    near.extend(found)
            cover = hits / max(1, len(content))
            if content and cover <= 0:
                return
            terms = terms + near
        for c, s in rt.cites(terms).items():
            out[c] = max(out.get(c, 0.0), s * cover * cover * weight)

    def common(self, code: str, lemma: str) -> bool:
        """Whether ``lemma`` is an everyday word of the language's documents (игрок, сделать):
        in more than COMMON_SHARE of its units."""
        i = self.index.vocab["lemma"].get(f"{code} {lemma}")
        if i is None:
            return False
        n = int(_language_sizes(self.index)[self.lang_ix[code]])
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
        offer the document's top-level provisions, in order, as its best match."""
        index = self.index
        d = index.doc_ids.index(doc)
        top = max(scored.values(), default=0.0) / STEER_OTHER or 1.0
        tops = np.flatnonzero((index.a["node_doc"] == d) & (index.a["node_parent"] < 0))
        for rank, n in enumerate(tops[:DOCUMENT_TOP]):
            node = int(n)
            scored[node] = max(scored.get(node, 0.0), top * (1.0 - 0.01 * rank))


@functools.lru_cache(maxsize=8)
def _language_sizes(index: SearchIndex) -> np.ndarray:
    """How many units each language has (indexed like ``index.langs``)."""
    return np.bincount(index.a["unit_lang"], minlength=len(index.langs))


def _rarest(index: SearchIndex, lang: int) -> float:
    def make() -> float:
        n = int(_language_sizes(index)[lang])
        return float(np.log(1 + (n - 0.5) / 1.5))

    return index.kept("_rarest", lang, make)


def _bridges(index: SearchIndex, src: str, lemma: str, folded: str) -> dict[str, Bridges]:
    """The bridges of a word of language ``src``, by target language: lemma term ids of that
    language with weights, translations (times their mined weight) and cognates
    (``_find_bridges``), filled in as target languages ask. Kept per index and word."""
    return index.kept("_bridges", (src, lemma, folded), dict)


def _find_bridges(index: SearchIndex, src: str, lemma: str, folded: str, dst: str) -> Bridges:
    vocab = index.vocab["lemma"]
    lexicon = index.lexicon
    found: dict[int, float] = {}
    for other, w in lexicon.translations(src, lemma, dst):
        tid = vocab.get(f"{dst} {other}")
        if tid is not None:
            found[tid] = max(found.get(tid, 0.0), TRANSLATION_WEIGHT * w)
    for word in {lemma, folded}:
        for other in lexicon.cognates(word, dst):
            tid = vocab.get(f"{dst} {other}")
            if tid is not None:
                found[tid] = max(found.get(tid, 0.0), COGNATE_WEIGHT)
    return tuple(found.items())


def _definitions(index: SearchIndex) -> np.ndarray:
    """The units that are definitions, in order (found once per index)."""
    return index.kept(
        "_definitions", None, lambda: np.flatnonzero((index.a["unit_flags"] & FLAG_DEFINITION) > 0)
    )


def _node_units(index: SearchIndex) -> tuple[np.ndarray, np.ndarray]:
    """Each node's units: ``units[ptr[node]:ptr[node + 1]]`` (computed once per index)."""

    def make() -> tuple[np.ndarray, np.ndarray]:
        unit_node = index.a["unit_node"]
        order = np.argsort(unit_node, kind="stable")
        ptr = np.zeros(index.n_nodes + 1, dtype=np.int64)
        np.cumsum(np.bincount(unit_node, minlength=len(ptr) - 1), out=ptr[1:])
        return order, ptr

    return index.kept("_node_units", None, make)


def _definition_nodes(index: SearchIndex) -> frozenset[int]:
    """The nodes that are (parts of) definitions (found once per index)."""
    return index.kept(
        "_definition_nodes",
        None,
        lambda: frozenset(index.a["unit_node"][_definitions(index)].tolist()),
    )


def _term_users(index: SearchIndex, node: int) -> frozenset[int]:
    """The nodes, other than definitions, whose text says a definition's term: the rarest
    lemma of its heading (or of the definition it is a part of) that some rule says; kept per
    index for the definitions asked."""

    def make() -> frozenset[int]:
        units, ptr = _node_units(index)
        parent = index.a["node_parent"]
        defs = _definition_nodes(index)
        terms: list[int] = []
        cur = node
        while cur in defs:
            for u in units[ptr[cur] : ptr[cur + 1]]:
                terms += index.heading_terms(int(u)).tolist()
            cur = int(parent[cur])
        idf = index.a["lemma_idf"]
        flags = index.a["unit_flags"]
        for t in sorted(set(terms), key=lambda t: (-float(idf[t]), index.term("lemma", t))):
            found, _ = index.postings("lemma", t)
            rules = found[(flags[found] & FLAG_DEFINITION) == 0]
            if rules.size:  # the rarest word of the term a rule says (not a gloss)
                return frozenset(index.a["unit_node"][rules].tolist())
        return frozenset()

    return index.kept("_term_users", node, make)


def _heading_sizes(index: SearchIndex) -> np.ndarray:
    """Per unit, the number of its heading's lemmas, at least 1 (computed once per index)."""
    return index.kept("_heading_sizes", None, lambda: np.maximum(index.a["head_len"], 1.0))


def _route_near(index: SearchIndex, code: str, t: Token) -> tuple[str, ...]:
    """At most three words of language ``code``'s route one edit from a query word (by its
    lemma or folded form), in order; kept per index, language and word."""
    memo: dict[tuple[str, str], tuple[str, ...]] = index.kept("_route_near", code, dict)
    key = (t.lemma, t.folded)
    hit = memo.get(key)
    if hit is None:
        rt = index.routes[code]
        hit = tuple(sorted(rt.fuzzy(t.lemma) | rt.fuzzy(t.folded))[:3])
        if len(memo) < MEMO_ENTRIES:
            memo[key] = hit
    return hit


def _knows(index: SearchIndex, code: str, folded: str, lemma: str, exact: str) -> bool:
    """Whether language ``code`` knows a word (by its folded form, lemma and exact form): a
    stop word, a lemma or exact form of its documents, a word of its route
    (``language_prior``; kept per index and word there)."""
    route = index.routes.get(code)
    return (
        folded in index.analyzers[code].stop_words
        or f"{code} {lemma}" in index.vocab["lemma"]
        or f"{code} {exact}" in index.vocab["exact"]
        or (route is not None and lemma in route.vocabulary)
    )


def _word_terms(index: SearchIndex, code: str, t: Token) -> tuple[tuple[int, ...], int | None]:
    """The lemma term ids of language ``code`` a query word reads as (its lemma, and the
    lemmas the corpus saw with its folded form), and its exact term id. Kept per index."""
    # one memo per language, read directly: a word's look-up is one dict read, no closure
    memo: dict[tuple[str, str, str], tuple[tuple[int, ...], int | None]]
    memo = index.kept("_word_terms", code, dict)
    key = (t.lemma, t.folded, t.exact)
    hit = memo.get(key)
    if hit is None:
        vocab = index.vocab["lemma"]
        found = (
            vocab.get(f"{code} {c}") for c in {t.lemma, *index.surface[code].get(t.folded, ())}
        )
        hit = (
            tuple(tid for tid in found if tid is not None),
            index.vocab["exact"].get(f"{code} {t.exact}"),
        )
        if len(memo) < MEMO_ENTRIES:
            memo[key] = hit
    return hit


def _offered(index: SearchIndex, node: int) -> tuple[int, int, int]:
    """A node's units (first, end) and the unit that offers it: its own, else (a node without
    text of its own) its first part, else -1."""
    lo, hi = (int(x) for x in index.a["node_span"][node])
    own = int(index.a["node_unit"][node])
    return lo, hi, lo if own < 0 and hi > lo else own


def _holds(lo: int, hi: int, spans: list[tuple[int, int]]) -> bool:
    """Whether the unit span ``lo``-``hi`` holds one of ``spans``."""
    # a plain loop: any() over a generator costs more than the few spans it reads
    for a, b in spans:  # noqa: SIM110
        if lo <= a and b <= hi:
            return True
    return False


def _head_units(index: SearchIndex) -> np.ndarray:
    """Per unit, whether it heads its node's several units (a law, a section, a paragraph with
    items under it: the first unit of a longer span); computed once per index."""

    def make() -> np.ndarray:
        spans = _unit_spans(index)
        return (spans[:, 1] - spans[:, 0] > 1) & (spans[:, 0] == np.arange(index.n_units))

    return index.kept("_head_units", None, make)


def _unit_spans(index: SearchIndex) -> np.ndarray:
    """Per unit, its node's units (first, end); computed once per index."""
    return index.kept("_unit_spans", None, lambda: index.a["node_span"][index.a["unit_node"]])


def _listed(index: SearchIndex, name: str) -> list[Any]:
    """The index's array ``name`` as a list of Python numbers (read item by item per query,
    faster than numpy scalars; made once per index)."""
    return index.kept("_listed", name, lambda: index.a[name].tolist())


def _node_spans(index: SearchIndex) -> list[tuple[int, int]]:
    """Per node, its units (first, end), as tuples (read per scored node; made once per
    index)."""
    return index.kept(
        "_node_spans", None, lambda: [(lo, hi) for lo, hi in index.a["node_span"].tolist()]
    )


def _twin_tuples(index: SearchIndex) -> list[tuple[int, ...]]:
    """Per node, ``index.twins(node)`` as a tuple (made once per index: a list is read faster
    than a memo, and most tuples are the one empty tuple)."""

    def make() -> list[tuple[int, ...]]:
        ptr = index.a["twin_ptr"].tolist()
        found = index.a["twin_node"].tolist()
        return [tuple(found[ptr[n] : ptr[n + 1]]) for n in range(index.n_nodes)]

    return index.kept("_twin_tuples", None, make)


def _unit_prior(index: SearchIndex, case: str) -> np.ndarray:
    """Per unit, the prior of its kind: a bare heading under the paragraphs that carry it as
    context; a definition under the rules (``plain``), first (``asked``: "šta je renons"), or
    as it is (``definition``: a long "what is" question). Computed once per index."""

    def make() -> np.ndarray:
        flags = index.a["unit_flags"]
        prior = np.where((flags & FLAG_TITLE_ONLY) > 0, TITLE_ONLY_PRIOR, 1.0).astype(np.float32)
        is_def = (flags & FLAG_DEFINITION) > 0
        if case == "asked":
            prior[is_def] *= DEFINITION_BOOST
        elif case == "plain":
            prior[is_def] *= DEFINITION_PRIOR
        prior[(flags & FLAG_FOOTNOTE) > 0] *= FOOTNOTE_PRIOR
        return prior

    return index.kept("_unit_priors", case, make)


def _deletes(index: SearchIndex, code: str) -> dict[str, frozenset[str]]:
    """One-delete variants of a language's lemma vocabulary (built once per index)."""
    prefix = f"{code} "

    def make() -> dict[str, frozenset[str]]:
        terms = (key[len(prefix) :] for key in index.vocab["lemma"] if key.startswith(prefix))
        return delete_map(t for t in terms if len(t) >= FUZZY_MIN - 1 and t.isalpha())

    return index.kept("_deletes", code, make)


def _content_positions(a: Analysis) -> list[int]:
    """Where the words that carry the query start (all words if all are stop words): the
    languages' tokenizers may cut a query apart differently, so words are matched by place."""
    found = [t.start for t in a.tokens if not t.stop]
    return found or [t.start for t in a.tokens]


def _short(a: Analysis) -> bool:
    """Whether a query is short enough to be a term ("šta je renons", not a long question)."""
    return sum(not t.stop for t in a.tokens) <= DEFINITION_WORDS


def coverage(
    n: int,
    cover: dict[str, list[tuple[float, list[int]]]],
    zs: dict[str, float],
    lists: dict[int, np.ndarray],
    unions: dict[tuple[int, ...], np.ndarray] | None = None,
) -> np.ndarray:
    """Per unit (``n``), the share of the query's attainable weight (``zs``) that its words
    cover: each content word it matches (``cover``: per language, each word's idf and lemma
    term ids; ``lists``: each term's units) counts its idf once, at most 1 in all. ``unions``:
    a memo of the units of a word's several terms, for the same ``lists`` (the caller's)."""
    hits: list[np.ndarray] = []
    shares: list[np.float32] = []
    for code, found in cover.items():
        for idf, tids in found:
            if len(tids) == 1:
                hit = lists[tids[0]]  # a postings list: each unit once
            else:  # a unit matching several of the word's terms counts it once
                key = tuple(tids)
                hit = unions.get(key) if unions is not None else None
                if hit is None:
                    mask = np.zeros(n, dtype=bool)
                    for t in tids:
                        mask[lists[t]] = True
                    hit = np.flatnonzero(mask)
                    if unions is not None and len(unions) < UNION_ENTRIES:
                        unions[key] = hit
            hits.append(hit)
            shares.append(np.float32(idf / zs[code]))
    out = np.zeros(n, dtype=np.float32)
    if hits:
        # one unbuffered float32 addition per (word, unit), word by word as one ``+=`` each
        # would add them: the same sums, without a fancy-index round trip per word
        sizes = [h.size for h in hits]
        np.add.at(out, np.concatenate(hits), np.repeat(np.array(shares, dtype=np.float32), sizes))
    return np.minimum(out, np.float32(1.0))


def _prefixes(index: SearchIndex, code: str) -> dict[str, tuple[str, ...]]:
    """The lemmas of language ``code`` (words of letters, ``STEM_MIN`` or more) by their first
    ``STEM_PREFIX`` letters, sorted; made once per index and language."""

    def make() -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        head = f"{code} "
        for term in index.vocab["lemma"]:
            if term.startswith(head):
                lemma = term[len(head) :]
                if len(lemma) >= STEM_MIN and lemma.isalpha():
                    found.setdefault(lemma[:STEM_PREFIX], []).append(lemma)
        return {k: tuple(sorted(v)) for k, v in found.items()}

    return index.kept("_prefixes", code, make)


def warm(index: SearchIndex) -> None:
    """Make now what ranking otherwise makes on the first query that needs it: each document
    language's one-delete and prefix maps for words no language knows (tens of ms each), so
    that a long-running process's first query with a typo costs what later ones do (the API's
    warm-up calls this; a one-query command line does not)."""
    for code in index.doc_langs:
        _deletes(index, code)
        _prefixes(index, code)


def _top(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` best positive scores (unordered)."""
    found = np.flatnonzero(scores > 0)
    if found.size > k:
        # the k-th best value decides when no other unit ties it: a few hundred positive
        # scores partition faster than every unit's; a tie at the cut is left to argpartition
        # over every unit, as before, for which of the tied units it keeps is its own choice
        values = scores[found]
        keep = values >= np.partition(values, found.size - k)[found.size - k]
        if np.count_nonzero(keep) == k:
            return found[keep]
        idx = np.argpartition(-scores, k)[:k]
        return idx[scores[idx] > 0]
    return found


def prefixes(cite: str) -> list[str]:
    """Ancestor cites, nearest first: ``27B1(a)`` -> 27B1, 27B, 27; ``27.5`` -> 27."""
    if "." in cite:
        return [cite.split(".")[0]]
    parts = re.findall(r"\(\w+\)|\d+|[A-Z]", cite)
    return ["".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]


Enricher = Callable[[dict, SearchIndex], dict]
