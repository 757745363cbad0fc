"""What the site's search in the browser reads of kb.search (kb/publish/search_index.py).

The browser cannot run the server's search, so the publisher mirrors it from data: the units
the index holds and their terms per field, the corpus's word forms and lemmas, the player
vocabulary, the routes. This module is the one place those come from, so that the publisher
needs no private name of kb.search.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kb.search import artefact, lexicon, normalize, rank
from kb.search.analyze import Analyzer, analyzer, conditional
from kb.search.index import SearchIndex
from kb.search.route import Route
from kb.search.units import DocMeta, Passage, unit_text
from kb.search.units import passages as unit_passages

FUZZY_MIN = rank.FUZZY_MIN

# The browser engine (site/static/search/engine.js) still ranks as the server did before the
# ranking of kb/search/rank.py: these are its constants, by the names it reads, until it is
# ported (the server's own now live in kb/search/rank.py).
BROWSER_WEIGHTS: dict[str, float | int] = {
    "EXACT_WEIGHT": rank.EXACT_WEIGHT,
    "EXPANSION_WEIGHT": rank.EXPANSION_WEIGHT,
    "ROUTE_WEIGHT": 0.9,
    "ROUTE_OWN_LANGUAGE": rank.ROUTE_OWN_LANGUAGE,
    "FUZZY_COVER": rank.FUZZY_COVER,
    "TITLE_WEIGHT": rank.TITLE_WEIGHT,
    "DEFINITION_BOOST": rank.DEFINITION_BOOST,
    "DEFINITION_WORDS": rank.DEFINITION_WORDS,
    "STEER_OTHER": rank.STEER_OTHER,
    "DOCUMENT_TOP": rank.DOCUMENT_TOP,
    "PIVOT_WEIGHT": 0.8,
    "COMMON_SHARE": rank.COMMON_SHARE,
    "PIVOT_TOP": 5,
    "PREFIX_WEIGHT": rank.PREFIX_WEIGHT,
    "SNIPPET_CHARS": 220,
    "UNHINTED": rank.UNHINTED,
    "UNHINTED_CODE": rank.UNHINTED_CODE,
    "WITHIN_CITE": rank.WITHIN_CITE,
    "OUTSIDE_CITE": rank.OUTSIDE_CITE,
    "TOP_PER_LANGUAGE": 100,
}


@dataclass
class LangUnits:
    """One language's search units as the index holds them (terms untagged)."""

    ids: list[str]  # node IDs, in index order
    lemma_docs: list[list[str]]  # each unit's folded lemmas, context titles and cite terms
    exact_docs: list[list[str]]  # ... and its exact forms
    headings: list[list[str]]  # the lemmas of the unit's own heading (title, defined term)
    surface: dict[str, set[str]]  # folded word form -> the lemmas it has in the units' texts
    words: list[tuple[str, str]]  # (exact form, lemma) of every word of the units' texts
    prior: list[float]  # the prior of each unit's kind (a bare heading counts less)
    definitions: list[int]  # positions of the definitions' units
    vocabulary: set[str]  # the index's lemmas


def units(kb: Any, index: SearchIndex) -> dict[str, LangUnits]:
    """Every language's units of ``kb``, analysed as the index was built."""
    corpus = artefact.corpus_from_kb(kb)
    done = artefact.analyse_corpus(corpus)
    by_id = {n.id: n for n in corpus.nodes}
    out: dict[str, LangUnits] = {}
    for j, p in enumerate(done.units):
        lang = done.lang_of[j]
        lu = out.get(lang)
        if lu is None:
            lu = out[lang] = LangUnits([], [], [], [], {}, [], [], [], set())
            lu.surface = {f: set(v) for f, v in done.surface[lang].items()}
        k = len(lu.ids)
        lu.ids.append(p.node)
        lu.lemma_docs.append([t.split(" ", 1)[1] for t in done.lemma[j]])
        lu.exact_docs.append([t.split(" ", 1)[1] for t in done.exact[j]])
        lu.headings.append([t.split(" ", 1)[1] for t in done.heads[j]])
        flag = artefact.unit_flags(by_id[p.node])
        lu.prior.append(rank.TITLE_ONLY_PRIOR if flag & artefact.FLAG_TITLE_ONLY else 1.0)
        if flag & artefact.FLAG_DEFINITION:
            lu.definitions.append(k)
        lu.vocabulary.update(lu.lemma_docs[-1])
    for lang, lu in out.items():
        an = analyzer(lang)
        for node_id in dict.fromkeys(lu.ids):
            lu.words.extend((t.exact, t.lemma) for t in an.tokens(unit_text(by_id[node_id])))
    return out


def docs(index: SearchIndex) -> dict[str, DocMeta]:
    """The documents, in the index's order."""
    return dict(index.docs)


def shown(index: SearchIndex, node_id: str) -> dict[str, Any]:
    """What a result shows of a node (title, and term for a definition)."""
    node = index.node_index(node_id)
    return {} if node is None else index.record(node)


def synonym_table(an: Analyzer) -> dict[tuple[str, ...], list[tuple[str, str | None]]]:
    """A language's player vocabulary: each key (as folded lemmas and as folded surface
    forms) -> [(value as written, document the query must name or None)]."""
    out: dict[tuple[str, ...], list[tuple[str, str | None]]] = {}
    for key, value in an.synonym_pairs():
        text, doc = conditional(value)
        for form in an.key_forms(key):
            values = out.setdefault(form, [])
            if (text, doc) not in values:
                values.append((text, doc))
    return out


def route(code: str, an: Analyzer) -> Route:
    """A language's vocabulary route over its analyzer."""
    return Route(code, an)


def passages(kb: Any) -> list[tuple[str, Passage]]:
    """The index's units in its order, each with its document's language: the text, context
    and heading each was analysed from (``analyzer(lang).analyze`` gives its terms)."""
    corpus = artefact.corpus_from_kb(kb)
    lang_of = {n.id: corpus.docs[n.doc].lang for n in corpus.nodes}
    return [(lang_of[p.node], p) for p in unit_passages(corpus.nodes)]


def ranking_constants() -> dict[str, float | int | bool | str]:
    """Every constant of kb/search/rank.py by name (the browser engine ranks with them): its
    numbers and flags, and the game a bid named with its level is of."""
    return {
        **{
            name: value
            for name, value in vars(rank).items()
            if name.isupper() and isinstance(value, int | float | bool)
        },
        "BID_GAME": rank.BID_GAME,
    }


def lang_data(index: SearchIndex) -> dict[str, Any]:
    """The index's per-language data (``lang.json``): lemma table of a language whose
    lemmatizer only the build runs, the corpus's folded forms -> lemmas, tokenizer rules."""
    return dict(index._lang_data)


def translations(index: SearchIndex) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """The mined translations of the lexicon: ``"<space>><space>"`` -> lemma -> [(lemma, w)]."""
    return {
        direction: {w: [(str(o), float(d)) for o, d in found] for w, found in table.items()}
        for direction, table in index.lexicon._translations.items()
    }


def grouped(
    translations: Mapping[str, Mapping[str, list[tuple[str, float]]]],
) -> dict[str, list[list[Any]]]:
    """``translations`` as the browser downloads them: per direction, each list of
    translations once with the lemmas that have it (a concept's words share theirs), a
    translation of weight 1 as its bare lemma. ``engine.js`` expands it back."""
    out: dict[str, list[list[Any]]] = {}
    for direction, table in translations.items():
        groups: dict[tuple[tuple[str, float], ...], list[str]] = {}
        for lemma, found in table.items():
            groups.setdefault(tuple(found), []).append(lemma)
        out[direction] = [
            [[o if d == 1.0 else [o, d] for o, d in found], lemmas]
            for found, lemmas in groups.items()
        ]
    return out


def phonetic_tables() -> dict[str, Any]:
    """What ``lexicon.key`` (the cognates' phonetic key) and ``normalize.latin`` apply."""
    return {
        "ruLatin": _table(normalize._RU_LATIN),
        "keyPairs": [list(p) for p in lexicon._KEY_PAIRS],
        "keyLetters": _table(lexicon._KEY_LETTERS),
        "glide": lexicon._GLIDE.pattern,
        "keyMin": lexicon.KEY_MIN,
    }


def _table(table: dict[int, Any]) -> dict[str, str]:
    """A ``str.maketrans`` table as character -> replacement."""
    return {
        chr(k): (v if isinstance(v, str) else chr(v) if v is not None else "")
        for k, v in table.items()
    }
