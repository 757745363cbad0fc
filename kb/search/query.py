"""Query -> ranked results, one per node, with a marked snippet.

Order of business: a query that is a citation goes straight to its node(s); otherwise the query
is analysed by every language its script allows (or the one given), scored per language with
BM25 (a unit's own heading matched by the query lifts it; a title-only law or section counts a
little less than its paragraphs), each language weighted by how much of the query its vocabulary
covers, and merged with the vocabulary routes (English law and section titles, English and
Russian TD vocabulary -> cites in every bridge document). Query intents (kb/search/intent.py)
put definitions first for "šta je X", drop question words, and steer to a document or game the
query names, bringing in that document's language. When the filters exclude the query's own
language, its best Laws are carried over by Law number.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from kb.script import sr_to_latin
from kb.search import route
from kb.search.analyze import Analysis, Analyzer, analyzer
from kb.search.cite import QueryCite, parse_query, split_query
from kb.search.index import LangIndex, SearchIndex, UnitText, unit_text
from kb.search.normalize import clean

EXACT_WEIGHT = 0.3  # exact surface forms boost, nlp.md §5
EXPANSION_WEIGHT = 0.7  # player vocabulary counts a little less than the user's own words
ROUTE_WEIGHT = 0.9  # a Law reached through a vocabulary route ranks under an equal direct hit
ROUTE_OWN_LANGUAGE = 1.02  # ... and in a document of the query's language, just above the others
FUZZY_COVER = 0.5  # a word matched only one edit away counts half towards the cover
TITLE_WEIGHT = 0.5  # boost of a unit by the share of its own heading the query matches
DEFINITION_BOOST = 2.0  # "šta je X": definitions first
DEFINITION_WORDS = 3  # ... when what remains of the query is a term, not a long question
STEER_OTHER = 0.4  # a query naming a document ("preferans", "screens"): other documents' weight
DOCUMENT_TOP = 5  # top-level provisions offered for a document named and nothing else matched
LATIN_LANGS = frozenset({"sr", "hr", "sk", "pl"})
PIVOT_WEIGHT = 0.8
COMMON_SHARE = 0.15  # a word in more of a language's units than this is an everyday word
PIVOT_TOP = 5  # units of the excluded language carried over
PREFIX_WEIGHT = 0.6  # a cite found only as its ancestor (27B1(a) -> 27 in a commentary)
SNIPPET_CHARS = 220
UNHINTED = 0.9  # a cite's match in a document whose language's law word was not typed
UNHINTED_CODE = 0.85  # ... in a document that is not the Laws (the preferans code)
WITHIN_CITE = 0.5  # "law 16 UI": how far the words lift a node inside the cited one
OUTSIDE_CITE = 0.5  # ... and what they find outside it, under the weakest cite match
TOP_PER_LANGUAGE = 100  # candidates kept per language before merging
MARK = ("[", "]")

_SR_ONLY = set("ђјљњћџ")
_RU_ONLY = set("ыэёйщъ")
_PL_ONLY = set("ąęłńśźż")
_SK_ONLY = set("äĺľňôŕťďáéíúý")
_SRHR = set("ćđ")
_SLAVIC_LATIN = set("čšž")

# Hook for the lead: given a result dict and the index, return extra keys (e.g. "parallels").
Enricher = Callable[[dict[str, Any], SearchIndex], dict[str, Any]]


@dataclass(frozen=True)
class Filters:
    """Which documents may appear in results."""

    doc: str | None = None
    lang: str | None = None
    game: str | None = None
    edition: str | None = None

    def allows(self, doc: str, index: SearchIndex) -> bool:
        """Whether ``doc`` passes every filter."""
        m = index.docs[doc]
        return (
            (self.doc is None or doc == self.doc)
            and (self.lang is None or m.lang == self.lang)
            and (self.game is None or m.game == self.game)
            and (self.edition is None or m.edition == self.edition)
        )


def detect_languages(query: str) -> list[str]:
    """Candidate query languages from the script and letters (most specific first)."""
    chars = set(clean(query).lower())
    if any("\u0400" <= c <= "\u04ff" for c in chars):
        if chars & _SR_ONLY:
            return ["sr"]
        if chars & _RU_ONLY:
            return ["ru"]
        return ["ru", "sr"]
    if chars & _PL_ONLY:
        return ["pl"]
    if chars & _SK_ONLY:
        return ["sk", "pl"] if "ó" in chars else ["sk"]
    if chars & _SRHR:
        return ["sr", "hr", "pl"] if "ć" in chars else ["sr", "hr"]
    if chars & _SLAVIC_LATIN:
        return ["sr", "hr", "sk"]
    return ["sr", "hr", "sk", "pl", "en"]


def search(
    index: SearchIndex,
    query: str,
    *,
    doc: str | None = None,
    lang: str | None = None,
    game: str | None = None,
    edition: str | None = None,
    query_lang: str | None = None,
    limit: int = 10,
    enrich: Enricher | None = None,
) -> list[dict[str, Any]]:
    """Ranked results for ``query``: dicts with id, doc, law, cite, kind, title, snippet, score
    (and term for definitions). ``doc``/``lang``/``game``/``edition`` filter the results;
    ``query_lang`` fixes the query language instead of detecting it."""
    if doc is not None and doc not in index.docs:
        raise ValueError(f"unknown document {doc!r}; known: {', '.join(index.docs)}")
    if query_lang is not None and query_lang not in ("sr", "hr", "sk", "pl", "ru", "en"):
        raise ValueError(f"unknown query language {query_lang!r}; known: sr, hr, sk, pl, ru, en")
    filters = Filters(doc, lang, game, edition)
    if not clean(query).strip():
        return []
    scored, marks = _rank(index, query, filters, query_lang)
    doc_rank = {d: i for i, d in enumerate(index.docs)}
    best = heapq.nlargest(limit + TOP_PER_LANGUAGE, scored.items(), key=lambda kv: kv[1])
    ranked = sorted(
        best,
        key=lambda kv: (
            -kv[1],
            doc_rank[index.nodes[kv[0]].doc],
            index.nodes[kv[0]].line_start,
        ),
    )[:limit]
    out = []
    for node_id, score in ranked:
        result = result_dict(index, node_id, score, marks.get(node_id, set()))
        if enrich is not None:
            result.update(enrich(result, index))
        out.append(result)
    return out


def _top(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` best positive scores (unordered)."""
    idx = np.argpartition(-scores, k)[:k] if scores.size > k else np.arange(scores.size)
    return idx[scores[idx] > 0]


def _rank(
    index: SearchIndex, query: str, filters: Filters, query_lang: str | None, cites: bool = True
) -> tuple[dict[str, float], dict[str, set[str]]]:
    """Scores per node ID, and the query terms to mark per language (``cites=False``: the
    query's citation, if any, is a term like any other)."""
    cite = parse_query(query) if cites else None
    if cite is not None:
        hits = cite_hits(index, cite, filters)
        if hits:
            return hits, {}
    mixed = split_query(query) if cites else None
    if mixed is not None:
        hits = cite_hits(index, mixed[0], filters)
        if hits:
            # the cite stays a term: a unit of another document that cites it is a good answer
            words = f"{mixed[1]} {mixed[0].cite}"
            found = _rank(index, words, filters, query_lang, cites=False)
            return _within(index, mixed[0], hits, *found)
    langs = [query_lang] if query_lang else detect_languages(query)
    analyses = {code: analyzer(code).analyze_query(query) for code in langs}
    steer = [d for a in analyses.values() for d in a.intents.docs if d in index.docs]
    if not query_lang:
        # a word naming a document brings its language in, whatever the query's language
        # ("preferans výnos v sanci"); a Cyrillic query is read as Latin for a Latin document
        for d in dict.fromkeys(steer):
            code = index.docs[d].lang
            if code not in analyses:
                text = sr_to_latin(query.lower()) if code in LATIN_LANGS else query
                analyses[code] = analyzer(code).analyze_query(text)
    steer_langs = {index.docs[d].lang for d in steer}
    definition = any(a.intents.definition for a in analyses.values())
    scored: dict[str, float] = {}
    marks: dict[str, set[str]] = {}
    routed: dict[str, float] = {}
    for code, analysis in analyses.items():
        lidx = index.langs.get(code)
        if code in route.languages():
            common = partial(_common, lidx) if lidx is not None else None
            foreign = partial(_known_elsewhere, tuple(analyzer(c) for c in analyses if c != code))
            _route(
                code,
                analysis.lemmas + analysis.expansions,
                None,
                analysis,
                routed,
                common,
                foreign,
            )
        if lidx is None:
            continue
        others = tuple(analyzer(c) for c in analyses if c != code)
        cover, terms = _query_terms(lidx, analysis, partial(_known_elsewhere, others))
        if analysis.english:
            en_terms = [t for p in analysis.english for t in analyzer("en").analyze(p).lemmas]
            _route("en", en_terms, cover, analysis, routed)
        if cover <= 0:
            continue
        allowed = _allowed(index, lidx, filters)
        scores = _bm25(lidx, terms, analysis) * lidx.prior
        # a unit whose own heading is what the query says ("miješanje" -> 6(a) "miješanje")
        scores *= 1.0 + TITLE_WEIGHT * lidx.title_match(terms[0] + analysis.expansions)
        if definition and _short(analysis):
            scores[lidx.is_def] *= DEFINITION_BOOST
        # the language of a document the query names may be foreign to the query's other words
        # ("preferans refe scoring"), so its cover counts linearly
        weight = cover if code in steer_langs else cover * cover
        if not allowed.any():
            top = float(scores.max()) if scores.size else 0.0
            if top > 0:
                _pivot(index, lidx, scores, weight, top, filters, scored)
            continue
        scores[~allowed] = 0.0
        top = float(scores.max()) if scores.size else 0.0
        if top <= 0:
            continue
        if steer:
            # normalise within the named documents, so that their best unit scores as a full hit
            inside = np.isin(lidx.docs, steer)
            steer_top = float(scores[inside].max()) if inside.any() else 0.0
            if steer_top > 0:
                scores[inside] *= top / steer_top
        marked = set(terms[0]) | set(terms[1]) | set(analysis.expansions)
        for j in _top(scores, TOP_PER_LANGUAGE):
            node_id = lidx.units[j]
            s = weight * float(scores[j]) / top
            if s > scored.get(node_id, 0.0):
                scored[node_id] = s
                marks[node_id] = marked
    for c, s in routed.items():
        for node_id, w in _cite_nodes(index, c, filters, law_numbered=True).items():
            # of the documents a route reaches, the one in the query's language reads best
            if index.docs[index.nodes[node_id].doc].lang in analyses:
                w *= ROUTE_OWN_LANGUAGE
            scored[node_id] = max(scored.get(node_id, 0.0), ROUTE_WEIGHT * s * w)
    games = {g for a in analyses.values() for g in a.intents.games}
    if games:  # "bridž renons kazna": the documents of the game named
        for node_id in scored:
            if index.docs[index.nodes[node_id].doc].game not in games:
                scored[node_id] *= STEER_OTHER
    if steer:
        for node_id in scored:
            if index.nodes[node_id].doc not in steer:
                scored[node_id] *= STEER_OTHER
        found = {index.nodes[n].doc for n in scored}
        for d in steer:
            if d not in found and filters.allows(d, index):
                _document_top(index, d, scored)
    return scored, marks


def _within(
    index: SearchIndex,
    cite: QueryCite,
    hits: dict[str, float],
    scored: dict[str, float],
    marks: dict[str, set[str]],
) -> tuple[dict[str, float], dict[str, set[str]]]:
    """A cite with words ("law 16 UI"): the cited nodes first, the words reranking the nodes
    inside them; what the words find elsewhere follows under every cited node, except in a
    document of the law word's language that lacks the cite ("przepis 16 zasłona": the screens
    regulation speaks of Law 16 without having one), where the words rank on a par."""
    top = max(scored.values(), default=0.0) or 1.0
    cited_docs = {index.nodes[n].doc for n in hits}
    out = dict(hits)
    for node_id, s in scored.items():
        cur: str | None = node_id
        while cur is not None and cur not in hits:
            cur = index.nodes[cur].parent
        if cur is not None:
            out[node_id] = max(out.get(node_id, 0.0), hits[cur] * (1.0 + WITHIN_CITE * s / top))
            continue
        doc = index.nodes[node_id].doc
        own = doc not in cited_docs and index.docs[doc].lang in cite.langs
        out[node_id] = max(out.get(node_id, 0.0), (1.0 if own else OUTSIDE_CITE) * s / top)
    return out, marks


def _document_top(index: SearchIndex, doc: str, scored: dict[str, float]) -> None:
    """A query that names a document ("ширма", "screens") but matches none of its words: offer
    the document's top-level provisions, in order."""
    tops = [n for n in index.nodes.values() if n.doc == doc and n.parent is None]
    tops.sort(key=lambda n: n.line_start)
    for rank, n in enumerate(tops[:DOCUMENT_TOP]):
        scored[n.id] = max(scored.get(n.id, 0.0), STEER_OTHER * (1.0 - 0.01 * rank))


def _known_elsewhere(others: tuple[Analyzer, ...], word: str) -> bool:
    """Whether another candidate query language's lexicon knows ``word``."""
    return any(o.knows(word) for o in others)


def _short(a: Analysis) -> bool:
    """Whether a query is short enough to be a term ("šta je renons", not a long question)."""
    return sum(not t.stop for t in a.tokens) <= DEFINITION_WORDS


def _query_terms(
    lidx: LangIndex, a: Analysis, foreign: Callable[[str], bool] = lambda w: False
) -> tuple[float, tuple[list[str], list[str]]]:
    """How much of the query this language covers (0-1), and its lemma and exact terms.

    ``foreign(word)`` tells a word of another candidate query language, which is not corrected
    as a typo ("limit" is English, not a misspelt Croatian "licit")."""
    content = [t for t in a.tokens if not t.stop] or a.tokens
    lemmas: list[str] = []
    covered = 0.0
    for t in content:
        cands = {t.lemma} | lidx.surface_lemmas.get(t.folded, set())
        found = [c for c in cands if c in lidx.lemma.postings]
        if not found and t.exact in lidx.exact.postings:
            found = [t.lemma]
        if found or t.folded in a.synonym_words:
            covered += 1
        elif not foreign(t.exact):
            # typos and OCR damage: vocabulary words one edit away, a less certain cover
            found = sorted(lidx.fuzzy(t.lemma) | lidx.fuzzy(t.folded))[:3]
            covered += FUZZY_COVER if found else 0.0
        lemmas.extend(found)
    cites = [x for x in a.lemmas if x[:1].isdigit()]
    if cites and any(c in lidx.lemma.postings for c in cites):
        covered += 1
    total = len(content) + (1 if cites else 0)
    cover = covered / total if total else 0.0
    exact = [t.exact for t in content] + cites
    return cover, (lemmas + cites, exact)


def _bm25(lidx: LangIndex, terms: tuple[list[str], list[str]], a: Analysis) -> np.ndarray:
    """Lemma + weighted exact + weighted expansion scores of every unit of one language."""
    scores = np.zeros(len(lidx.units), dtype=np.float32)
    lidx.lemma.add_scores(terms[0], scores)
    lidx.exact.add_scores(terms[1], scores, EXACT_WEIGHT)
    lidx.lemma.add_scores(a.expansions, scores, EXPANSION_WEIGHT)
    return scores


def _allowed(index: SearchIndex, lidx: LangIndex, filters: Filters) -> np.ndarray:
    """Mask of the units of one language that pass the filters."""
    if filters == Filters():
        return np.ones(len(lidx.units), dtype=bool)
    ok = {d for d in index.docs if filters.allows(d, index)}
    return np.array([index.nodes[u].doc in ok for u in lidx.units], dtype=bool)


def _common(lidx: LangIndex, lemma: str) -> bool:
    """Whether ``lemma`` is an everyday word of the language's documents (игрок, сделать): in
    more than COMMON_SHARE of its units."""
    hit = lidx.lemma.postings.get(lemma)
    return hit is not None and hit[0].size > COMMON_SHARE * lidx.lemma.size


def _route(
    code: str,
    terms: list[str],
    cover: float | None,
    a: Analysis,
    out: dict[str, float],
    common: Callable[[str], bool] | None = None,
    foreign: Callable[[str], bool] = lambda w: False,
) -> None:
    """Add cites reached through a vocabulary route (law titles, TD vocabulary) to ``out``.

    ``cover`` is that of the query's own language when it was routed through synonyms (``en:``
    values); otherwise the share of content words the route knows.
    """
    if not terms:
        return
    known = route.vocabulary(code)
    content = [t for t in a.tokens if not t.stop] or a.tokens
    if common is not None:
        # an everyday word the route does not know says nothing of which Law is asked about
        content = [t for t in content if t.lemma in known or not common(t.lemma)] or content
    if cover is None:
        # a word the player vocabulary translated ("BIT" -> hesitation) is known through it
        hits = 0.0
        near: list[str] = []
        for t in content:
            if t.lemma in known or t.folded in a.synonym_words:
                hits += 1
            elif common is not None and not foreign(t.exact):
                # a typo of a route word ("опаздание"): its neighbours, a less certain cover (in
                # a language with documents of its own; English words are every query's guess)
                found = sorted(route.fuzzy(code, t.lemma) | route.fuzzy(code, t.folded))[:3]
                hits += FUZZY_COVER if found else 0.0
                near.extend(found)
        cover = hits / max(1, len(content))
        if content and cover <= 0:
            return
        terms = terms + near
    for c, s in route.route_cites(code, terms).items():
        out[c] = max(out.get(c, 0.0), s * cover * cover)


def _pivot(
    index: SearchIndex,
    lidx: LangIndex,
    scores: np.ndarray,
    weight: float,
    top: float,
    filters: Filters,
    scored: dict[str, float],
) -> None:
    """Carry the best units of an excluded language over to the allowed documents, by cite."""
    for j in np.argsort(-scores)[:PIVOT_TOP]:
        if scores[j] <= 0:
            break
        node = index.nodes[lidx.units[j]]
        if not index.docs[node.doc].law_numbered:
            continue
        s = PIVOT_WEIGHT * weight * float(scores[j]) / top
        for node_id, w in _cite_nodes(index, node.cite, filters, law_numbered=True).items():
            scored[node_id] = max(scored.get(node_id, 0.0), s * w)


def cite_hits(index: SearchIndex, cite: QueryCite, filters: Filters) -> dict[str, float]:
    """Nodes named by a citation query: exact matches first (hinted languages first), then the
    nearest existing ancestor in documents that lack the exact cite."""
    out: dict[str, float] = {}
    for c in (cite.cite, *cite.alternatives):
        for node_id, w in _cite_nodes(index, c, filters, law_numbered=False).items():
            if node_id in out:
                continue
            meta = index.docs[index.nodes[node_id].doc]
            if cite.langs and meta.lang in cite.langs:
                out[node_id] = w
            else:
                # a cite without the law word of a document's language names a Law of the Laws
                # of Duplicate Bridge sooner than an article of another code
                out[node_id] = w * (UNHINTED if meta.law_numbered else UNHINTED_CODE)
    # an exact match in a document beats its alternative/prefix matches elsewhere in that doc
    return out


def _cite_nodes(
    index: SearchIndex, cite: str, filters: Filters, *, law_numbered: bool
) -> dict[str, float]:
    """The node with ``cite`` in each allowed document (weight 1), or its nearest ancestor cite
    (weight PREFIX_WEIGHT)."""
    out: dict[str, float] = {}
    for doc, meta in index.docs.items():
        if not filters.allows(doc, index) or (law_numbered and not meta.law_numbered):
            continue
        exact = index.by_doc_cite.get((doc, cite))
        if exact is not None:
            out[exact] = 1.0
            continue
        for prefix in _prefixes(cite):
            hit = index.by_doc_cite.get((doc, prefix))
            if hit is not None:
                out[hit] = PREFIX_WEIGHT
                break
    return out


def _prefixes(cite: str) -> list[str]:
    """Ancestor cites, nearest first: ``27B1(a)`` -> 27B1, 27B, 27; ``27.5`` -> 27."""
    if "." in cite:
        return [cite.split(".")[0]]
    parts = re.findall(r"\(\w+\)|\d+|[A-Z]", cite)
    return ["".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]


def result_dict(index: SearchIndex, node_id: str, score: float, terms: set[str]) -> dict[str, Any]:
    """The result shape of the API and CLI for one node."""
    node = index.nodes[node_id]
    title = node.title
    cur = node
    while title is None and cur.parent and cur.kind not in ("law", "definition"):
        cur = index.nodes[cur.parent]
        if cur.kind in ("chapter", "part", "section-group"):
            break
        title = cur.title
    out: dict[str, Any] = {
        "id": node.id,
        "doc": node.doc,
        "law": node.law,
        "cite": node.cite,
        "kind": node.kind,
        "title": title,
        "snippet": snippet(index, node_id, terms),
        "score": round(score, 4),
    }
    if node.law == "def":
        term_node = node
        while term_node.kind != "definition" and term_node.parent:
            term_node = index.nodes[term_node.parent]
        out["term"] = term_node.title
    return out


def snippet(index: SearchIndex, node_id: str, terms: set[str], width: int = SNIPPET_CHARS) -> str:
    """The unit's text around its first matched word, matched words marked ``[word]``."""
    ut = index.unit_texts.get(node_id)
    if ut is None:  # a node reached by cite whose language is not indexed yet: nothing to mark
        ut = UnitText(unit_text(index.nodes[node_id]), ())
    hits = [(s, e) for s, e, lem, ex in ut.words if lem in terms or ex in terms]
    start = 0
    if hits and hits[0][0] > width // 3:
        start = ut.text.rfind(" ", 0, hits[0][0] - width // 4) + 1
    end = min(len(ut.text), start + width)
    if end < len(ut.text):
        cut = ut.text.rfind(" ", start, end)
        end = cut if cut > start else end
    pieces, pos = [], start
    for s, e in hits:
        if s < start or e > end:
            continue
        pieces.append(ut.text[pos:s] + MARK[0] + ut.text[s:e] + MARK[1])
        pos = e
    pieces.append(ut.text[pos:end])
    text = "".join(pieces)
    return ("…" if start > 0 else "") + text + ("…" if end < len(ut.text) else "")
