"""The site's search without the API: the data files ``site/static/search/engine.js`` reads.

``write_search_index(kb, out_dir)`` writes into ``out_dir/search``:

- ``index.json``: every node a result or a citation can name (ID, document, cite, kind, title,
  where the site shows it, the text its snippet is cut from) and, per language, a prebuilt
  MiniSearch index over the server's search units with the server's three fields (folded lemmas,
  exact forms, the unit's own heading), plus the units' priors;
- ``lemmas.json``: what the browser needs to read a query as the server does: per language the
  folded word form -> lemma table of the corpus vocabulary (made by lawdesk's analyzers), suffix
  rules learned from that table for words the corpus lacks, stop words, synonym expansions and
  the vocabulary routes; the intent phrases of every language; the citation patterns; the
  folding and Serbian Cyrillic -> Latin tables; the ranking weights;
- ``engine.js`` and the vendored ``minisearch.js`` (MIT, see site/static/search/README.md) with
  its licence.

Everything that decides how a query is understood is taken from ``kb.search`` at build time, so
the browser cannot drift from the server without this module noticing.
"""

from __future__ import annotations

import bisect
import functools
import gzip
import inspect
import json
import re
import shutil
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rank_bm25 import BM25Okapi

from kb.corpus import ROOT
from kb.models import Node
from kb.refs.citation import _USER_CITE, LOOKALIKES
from kb.script import SR_CYR_TO_LAT
from kb.store import KB
from kb.views.nodes import location

# --- adapter: everything this module takes from kb.search (re-point here when it changes) ------
# kb.search.export is the public face of what the browser mirrors; the cite parser's and the
# normaliser's patterns are read as the browser engine needs them.
from kb.search import cite as search_cite  # isort: skip
from kb.search import export, normalize, query  # isort: skip
from kb.search import route as search_route  # isort: skip
from kb.search.analyze import MAX_KEY_WORDS, Analyzer, analyzer  # isort: skip
from kb.search.export import FUZZY_MIN, LangUnits  # isort: skip
from kb.search.intent import PREFIX_KEY  # isort: skip
from kb.search.intent import patterns as intent_patterns  # isort: skip
from kb.search.langdata import LANGS  # isort: skip
from kb.search.service import index_for  # isort: skip
from kb.search.units import unit_text  # isort: skip

fold = normalize.fold
LATIN = query.LATIN_LANGS
ROUTE_FUZZY_MIN = search_route.FUZZY_MIN


@dataclass
class ServerSearch:
    """What the browser mirrors of the server's search over one KB."""

    docs: dict[str, dict[str, Any]]  # in the server's order: lang, game, edition, lawNumbered
    nodes: dict[str, Node]
    langs: dict[str, LangUnits]
    shown: Callable[[str], dict[str, Any]]  # node ID -> the server's result fields (title, term)


def server_search(kb: KB) -> ServerSearch:
    """The server's search over ``kb``: every language's units, analysed as the index was."""
    index = index_for(kb)
    docs = {
        d: {"lang": m.lang, "game": m.game, "edition": m.edition, "lawNumbered": m.law_numbered}
        for d, m in export.docs(index).items()
    }
    nodes = {n.id: n for n in kb.nodes()}
    return ServerSearch(
        docs, nodes, export.units(kb, index), lambda node_id: export.shown(index, node_id)
    )


def synonym_lemmas(an: Analyzer) -> set[str]:
    """The lemmas (and folded words) of a language's synonym keys."""
    return {w for key, _ in an.synonym_pairs() for form in an.key_forms(key) for w in form}


def synonym_table(an: Analyzer) -> dict[tuple[str, ...], list[tuple[str, str | None]]]:
    """A language's synonym keys (folded lemmas and folded surface forms) -> (value, document
    the query must name or None)."""
    return export.synonym_table(an)


def cite_patterns() -> dict[str, Any]:
    """The query citation parser's patterns (kb/search/cite.py, kb.refs) as JavaScript regexes."""
    c = search_cite
    return {
        "lawWords": [[code, js_regex(p.pattern)] for code, p in c._law_words()],
        "postposed": js_regex(c._POSTPOSED.pattern),
        "point": js_regex(c._POINT.pattern),
        "numbered": js_regex(c._NUMBERED.pattern),
        "separators": js_regex(c._SEPARATORS.pattern),
        "closing": js_regex(c._CLOSING.pattern),
        "lowerItem": js_regex(c._LOWER_ITEM.pattern),
        "nestedPart": js_regex(c._NESTED_PART.pattern),
        "sectioned": js_regex(c._SECTIONED.pattern),
        "userCite": js_regex(_USER_CITE.pattern),
        "lookalikes": _table(LOOKALIKES),
        # the index's citation terms (kb/search/normalize.py)
        "citeTerm": js_regex(normalize.CITE_RE.pattern),
        "paren": js_regex(normalize._PAREN_RE.pattern),
        "pointTerm": js_regex(normalize._POINT_RE.pattern),
        "homoglyphs": _table(normalize._HOMOGLYPHS),
        "routeSection": js_regex(search_route._SECTION_CITE.pattern),
    }


def text_tables() -> dict[str, Any]:
    """Folding, Serbian transliteration and the letters that tell a query's language."""
    return {
        "foldSpecial": _table(normalize._SPECIAL),
        "foldKeep": normalize._BREVE,
        "srLatin": SR_CYR_TO_LAT,
        "letters": {
            "sr": "".join(sorted(query._SR_ONLY)),
            "ru": "".join(sorted(query._RU_ONLY)),
            "pl": "".join(sorted(query._PL_ONLY)),
            "sk": "".join(sorted(query._SK_ONLY)),
            "srhr": "".join(sorted(query._SRHR)),
            "slavic": "".join(sorted(query._SLAVIC_LATIN)),
        },
        "latinLangs": sorted(query.LATIN_LANGS),
    }


def weights() -> dict[str, float | int]:
    """The ranking constants the browser engine reads, by name."""
    out: dict[str, float | int] = dict(export.BROWSER_WEIGHTS)
    out["MARK"] = ["[", "]"]
    out["FUZZY_MIN"] = FUZZY_MIN
    out["ROUTE_FUZZY_MIN"] = search_route.FUZZY_MIN
    out["SECTION_EDGE"] = search_route.SECTION_EDGE
    out["MAX_KEY_WORDS"] = MAX_KEY_WORDS
    out["PREFIX_KEY"] = PREFIX_KEY
    out["ROUTE_KEEP"] = inspect.signature(search_route.Route.cites).parameters["keep"].default
    return out


def route_languages() -> tuple[str, ...]:
    """The query languages with a vocabulary route."""
    return search_route.languages()


def route_vocabulary(code: str) -> frozenset[str]:
    """Every lemma a language's route knows (none without a route)."""
    if code not in search_route.languages():
        return frozenset()
    return export.route(code, analyzer(code)).vocabulary


def route_entries(code: str) -> list[dict[str, Any]]:
    """A vocabulary route's entries: lemmas, cites, and for a section the words its heading
    adds to its law's title and all its heading's words."""
    an = analyzer(code)
    own = export.route(code, an).own_words
    out = []
    for e, (own_words, heading) in zip(search_route.entries(code), own, strict=True):
        entry: dict[str, Any] = {"cites": list(e.cites)}
        if e.heading is not None:
            entry["own"] = sorted(own_words)
            entry["heading"] = sorted(heading)
        entry["lemmas"] = an.analyze(e.phrase).lemmas
        out.append(entry)
    return out


# --- end of the adapter -------------------------------------------------------------------------

FORMAT = 1
STATIC = ROOT / "site" / "static" / "search"
COPIED = ("engine.js", "minisearch.js", "minisearch.LICENSE.txt")
FIELDS = ("lemma", "exact", "heading")
RULE_SUPPORT = 2  # a suffix rule seen fewer times in the corpus is noise
RULE_LEMMA_SUFFIX = 4  # longest lemma ending a rule replaces
RULE_FORM_SUFFIX = 5  # longest word ending a rule strips
RULE_STEM = 2  # shortest stem a rule keeps
_UNSUPPORTED = re.compile(r"\\[WBAZ]|\(\?P[^<]|\(\?[a-hj-oq-z]")


def write_search_index(kb: KB, out_dir: Path) -> dict[str, Any]:
    """Write the browser search's data files and scripts into ``out_dir / "search"``; return
    figures: units, vocabulary (index lemmas), table forms, and bytes raw and gzipped per file
    (``data_gzip``: every data file together, the budget's figure)."""
    server = server_search(kb)
    target = out_dir / "search"
    target.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {}
    data["index.json"] = index_data(kb, server, data)
    data["lemmas.json"] = lemma_data(server, data)
    files: dict[str, dict[str, int]] = {}
    for name, payload in data.items():
        raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
        (target / name).write_bytes(raw)
        files[name] = {"bytes": len(raw), "gzip": len(gzip.compress(raw, 9))}
    for name in COPIED:
        shutil.copyfile(STATIC / name, target / name)
        raw = (target / name).read_bytes()
        files[name] = {"bytes": len(raw), "gzip": len(gzip.compress(raw, 9))}
    lemmas = data["lemmas.json"]["langs"]
    return {
        "units": sum(len(units.ids) for units in server.langs.values()),
        "vocabulary": sum(len(units.vocabulary) for units in server.langs.values()),
        "forms": sum(len(f.split()) for lang in lemmas.values() for f in lang["surface"].values()),
        "files": files,
        "data_gzip": sum(f["gzip"] for name, f in files.items() if name.endswith(".json")),
    }


def index_data(kb: KB, server: ServerSearch, files: dict[str, Any]) -> dict[str, Any]:
    """``index.json``: the node table and, per language, its units; each language's MiniSearch
    index goes to ``files`` as ``<lang>.json``."""
    doc_rank = {d: i for i, d in enumerate(server.docs)}
    nodes = sorted(
        server.nodes.values(), key=lambda n: (doc_rank[n.doc], n.line_start, n.position, n.id)
    )
    pos = {n.id: i for i, n in enumerate(nodes)}
    langs = {}
    for lang, units in server.langs.items():
        docs = [
            {"lemma": lem, "exact": ex, "heading": h}
            for lem, ex, h in zip(units.lemma_docs, units.exact_docs, units.headings, strict=True)
        ]
        files[f"{lang}.json"] = minisearch_json(docs, FIELDS)
        prior: dict[str, list[int]] = defaultdict(list)
        for j, p in enumerate(units.prior):
            if p != 1.0:
                prior[repr(p)].append(j)
        langs[lang] = {
            "file": f"{lang}.json",
            "units": [pos[u] for u in units.ids],
            "prior": dict(prior),
            "definitions": units.definitions,
            "titleLen": [len(h) for h in units.headings],
            "avgIdf": {
                "lemma": average_idf(units.lemma_docs),
                "exact": average_idf(units.exact_docs),
            },
        }
    return {
        "format": FORMAT,
        "build": kb.build_hash,
        "docs": [{"id": d, **meta} for d, meta in server.docs.items()],
        "nodes": node_columns(kb, server, nodes, pos),
        "langs": langs,
    }


def node_columns(
    kb: KB, server: ServerSearch, nodes: Sequence[Node], pos: Mapping[str, int]
) -> dict[str, list[Any]]:
    """Every node as columns (a column of repeated values packs well): what a result shows."""
    cols: dict[str, list[Any]] = defaultdict(list)
    doc_pos = {d: i for i, d in enumerate(server.docs)}
    for n in nodes:
        shown = server.shown(n.id)
        url = location(kb, n)
        cols["id"].append(n.id)
        cols["doc"].append(doc_pos[n.doc])
        cols["parent"].append(pos.get(n.parent or "", -1))
        cols["law"].append(n.law)
        cols["cite"].append(n.cite)
        cols["kind"].append(n.kind)
        cols["title"].append(shown["title"])
        cols["term"].append(shown.get("term"))
        cols["path"].append(url["path"])
        cols["anchor"].append(url["anchor"])
        cols["text"].append(unit_text(n))
    return dict(cols)


def minisearch_json(docs: Sequence[Mapping[str, Sequence[str]]], fields: Sequence[str]) -> dict:
    """MiniSearch's serialised index (``MiniSearch.loadJSON``, serialization version 2) over
    documents given as term lists per field; document ``i`` has the ID ``i``."""
    field_ids = {f: k for k, f in enumerate(fields)}
    postings: dict[str, dict[str, dict[str, int]]] = defaultdict(dict)
    lengths: dict[str, list[int]] = {}
    for i, doc in enumerate(docs):
        lengths[str(i)] = [len(doc.get(f, ())) for f in fields]
        for f in fields:
            for term, tf in Counter(doc.get(f, ())).items():
                postings[term].setdefault(str(field_ids[f]), {})[str(i)] = tf
    n = len(docs)
    return {
        "documentCount": n,
        "nextId": n,
        "documentIds": {str(i): i for i in range(n)},
        "fieldIds": field_ids,
        "fieldLength": lengths,
        "averageFieldLength": [
            sum(v[k] for v in lengths.values()) / n if n else 0.0 for k in range(len(fields))
        ],
        "storedFields": {},
        "dirtCount": 0,
        "index": [[t, postings[t]] for t in sorted(postings)],
        "serializationVersion": 2,
    }


def lemma_data(server: ServerSearch, files: dict[str, Any]) -> dict[str, Any]:
    """``lemmas.json``: how the browser reads a query, per language and shared; each vocabulary
    route's MiniSearch index goes to ``files`` as ``route-<lang>.json``."""
    bm25 = inspect.signature(BM25Okapi.__init__).parameters
    routes = set(route_languages())
    vocab = {lang: units.vocabulary for lang, units in server.langs.items()}
    langs = {}
    for code in LANGS:
        an = analyzer(code)
        if code in server.langs:
            surface, exact = corpus_forms(server.langs[code])
        else:
            surface, exact = dictionary_forms(code), {}
        keys = synonym_lemmas(an)
        entry: dict[str, Any] = {
            "stop": sorted(an.stop_words),
            "surface": group_by_lemma(surface),
            "exact": exact,
            "rules": suffix_rules(surface),
            "synonyms": synonyms(an),
            "synonymLemmas": sorted(keys),
            "tokenizer": tokenizer_flags(an),
        }
        if code in vocab:
            entry["fuzzyVocab"] = sorted(w for w in vocab[code] if fuzzy_word(w, FUZZY_MIN - 1))
        if code in routes:
            entries = route_entries(code)
            lemma_docs = [e.pop("lemmas") for e in entries]
            route_docs = [{"lemma": d} for d in lemma_docs]
            files[f"route-{code}.json"] = minisearch_json(route_docs, ("lemma",))
            known = {w for d in lemma_docs for w in d}
            entry["route"] = {
                "file": f"route-{code}.json",
                "entries": entries,
                "avgIdf": average_idf(lemma_docs),
                "fuzzyVocab": sorted(w for w in known if fuzzy_word(w, ROUTE_FUZZY_MIN)),
            }
        langs[code] = entry
    langs["en"]["known"] = english_near_words(vocab)
    return {
        "format": FORMAT,
        "bm25": {"k": bm25["k1"].default, "b": bm25["b"].default, "eps": bm25["epsilon"].default},
        "weights": {**weights(), "RULE_STEM": RULE_STEM},
        "text": text_tables(),
        "cite": cite_patterns(),
        "intents": [[list(p.words), p.intent] for p in intent_patterns()],
        "langs": langs,
    }


def corpus_forms(units: LangUnits) -> tuple[dict[str, set[str]], dict[str, str]]:
    """The server's folded form -> lemmas table of a language's units, and the exact forms whose
    folded form has several lemmas (``pas``/``pás``) with their own lemma."""
    exact = {ex: lemma for ex, lemma in units.words if len(units.surface.get(fold(ex), ())) > 1}
    return units.surface, dict(sorted(exact.items()))


def dictionary_forms(code: str) -> dict[str, set[str]]:
    """For a query language without documents (English): the forms of simplemma's dictionary
    whose lemma a route or a synonym of the language knows, as its analyzer lemmatises them."""
    an = analyzer(code)
    wanted = set(route_vocabulary(code))
    wanted |= synonym_lemmas(an)
    forms: dict[str, set[str]] = defaultdict(set)
    candidates = [form for form, lemma in dictionary(code) if lemma in wanted]
    for tokens in analyse_words(an, candidates):
        if len(tokens) == 1 and tokens[0].lemma in wanted:
            forms[tokens[0].folded].add(tokens[0].lemma)
    for lemma in wanted:
        forms[lemma].add(lemma)
    return dict(forms)


@functools.cache
def dictionary(code: str) -> tuple[tuple[str, str], ...]:
    """simplemma's dictionary of a language as (word, lemma) pairs, both lower-case, for the
    words of letters only."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    out = []
    for form, lemma in DefaultDictionaryFactory().get_dictionary(code).items():
        low = form.lower()
        if low.isalpha():
            out.append((low, lemma.lower() if lemma.isascii() else fold(lemma.lower())))
    return tuple(out)


def analyse_words(an: Analyzer, words: Sequence[str]) -> list[list[Any]]:
    """The analyzer's tokens of each word, from one pass over them all (a pass per word costs
    a pipeline call each)."""
    starts, text, pos = [], [], 0
    for w in words:
        starts.append(pos)
        text.append(w)
        pos += len(w) + 1
    out: list[list[Any]] = [[] for _ in words]
    for t in an.tokens(" ".join(text)):
        out[bisect.bisect_right(starts, t.start) - 1].append(t)
    return out


def group_by_lemma(surface: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Folded form -> lemmas, inverted to lemma -> its forms joined by spaces (shorter, and
    forms of one lemma share a stem, which gzip packs)."""
    out: dict[str, list[str]] = defaultdict(list)
    for form, lemmas in surface.items():
        for lemma in lemmas:
            out[lemma].append(form)
    return {lemma: " ".join(sorted(forms)) for lemma, forms in sorted(out.items())}


def suffix_rules(surface: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Suffix rules ``[word ending, lemma ending]`` learned from a language's form -> lemma
    table, most supported first: what its analyzer did to the corpus's words, for the browser
    to do to a query word the table lacks (the first rule giving a lemma that the index, a
    route or a synonym knows wins). Measured on the table itself (a fifth of its words held
    out, five times), the most supported rule first beats the longest or the most precise
    first, and dropping imprecise rules loses more than it saves."""
    support: Counter[tuple[str, str]] = Counter()
    for form, lemmas in surface.items():
        for lemma in lemmas:
            stem = 0
            while stem < min(len(form), len(lemma)) and form[stem] == lemma[stem]:
                stem += 1
            if (
                stem >= RULE_STEM
                and len(form) - stem <= RULE_FORM_SUFFIX
                and len(lemma) - stem <= RULE_LEMMA_SUFFIX
                and form != lemma
            ):
                support[(form[stem:], lemma[stem:])] += 1
    rules = [r for r, n in support.items() if n >= RULE_SUPPORT]
    rules.sort(key=lambda r: (-support[r], r))
    return [list(r) for r in rules]


def synonyms(an: Analyzer) -> dict[str, list[list[Any]]]:
    """Synonym key (words joined by a space) -> ``[kind, document or None, lemmas]`` per value:
    kind ``x`` expands the query with the lemmas, ``e`` routes them to the English vocabulary."""
    english = analyzer("en")
    out: dict[str, list[list[Any]]] = {}
    for key, values in synonym_table(an).items():
        rows = []
        for value, doc in values:
            if value.startswith("en:"):
                rows.append(["e", doc, english.analyze(value[3:].strip()).lemmas])
            else:
                rows.append(["x", doc, an.analyze(value).lemmas])
        out[" ".join(key)] = rows
    return out


def english_near_words(vocab: Mapping[str, set[str]]) -> list[str]:
    """Words of the server's English lexicon (simplemma's dictionary) one edit (a deletion on
    either side) from a word of a Latin-script document's vocabulary: the words a query's fuzzy
    step would otherwise "correct" into that word (a superset of what it reaches)."""
    near: set[str] = set()
    for code in LATIN:
        for term in vocab.get(code, ()):
            if fuzzy_word(term, FUZZY_MIN - 1):
                near.add(term)
                near.update(term[:i] + term[i + 1 :] for i in range(len(term)))
    longest = max(map(len, near), default=0) + 1
    words = {w for w, _ in dictionary("en") if FUZZY_MIN <= len(w) <= longest and w.isascii()}
    out = words & near
    for i in range(longest):
        out |= {w for w in words if len(w) > i and w[:i] + w[i + 1 :] in near}
    return sorted(out)


def fuzzy_word(term: str, shortest: int) -> bool:
    """Whether a vocabulary term takes part in typo correction (letters only, long enough)."""
    return len(term) >= shortest and term.isalpha()


def average_idf(docs: Sequence[Sequence[str]]) -> float:
    """rank-bm25's average idf over a field's documents (its floor for common terms)."""
    if not any(docs):
        return 0.0
    return float(BM25Okapi([list(d) for d in docs]).average_idf)


def tokenizer_flags(an: Analyzer) -> dict[str, bool]:
    """How the language's spaCy tokenizer cuts words inside a chunk, probed: at hyphens
    (``x-y``), dashes (``a—b``), and whether it splits a clitic after an apostrophe."""
    return {
        "hyphen": len(an.tokens("x-y")) == 2,
        "dash": len(an.tokens("a\u2014b")) == 2,
        "apostrophe": [t.exact for t in an.tokens("director's")] == ["director"],
    }


def js_regex(pattern: str) -> str:
    """A Python regex of kb.search as a JavaScript one (used with the ``u`` flag): Unicode word
    characters and boundaries spelt out, case-insensitive groups made plain (every pattern
    using them is matched against lower-case text); anything else unsupported is an error."""
    if _UNSUPPORTED.search(pattern):
        raise ValueError(f"cannot carry the regex {pattern!r} to JavaScript; extend js_regex")
    word = r"\p{L}\p{N}_"
    out = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            esc = pattern[i : i + 2]
            if esc == r"\w":
                out.append(word if in_class else f"[{word}]")
            elif esc == r"\b":
                out.append(f"(?:(?<=[{word}])(?![{word}])|(?<![{word}])(?=[{word}]))")
            else:
                out.append(esc)
            i += 2
            continue
        if pattern.startswith("(?i:", i) and not in_class:
            out.append("(?:")
            i += 4
            continue
        if pattern.startswith("(?P<", i) and not in_class:
            out.append("(?<")
            i += 4
            continue
        if ch == "[" and not in_class:
            in_class = True
        elif ch == "]" and in_class:
            in_class = False
        out.append(ch)
        i += 1
    return "".join(out)


def _table(table: Mapping[int, Any]) -> dict[str, str]:
    """A ``str.maketrans`` table as character -> replacement."""
    return {chr(k): (v if isinstance(v, str) else chr(v)) for k, v in table.items()}
