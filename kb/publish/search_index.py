"""The site's search without the API: the data files ``site/static/search/engine.js`` reads.

``write_search_index(kb, out_dir)`` writes into ``out_dir/search``:

- ``index.json``: every node of the server's index, in its order (ID, document, cite, kind,
  title, where the site shows it, its text for snippets, and what the ranking reads of it: its
  parent, first unit, span of units, provision group and twins), the units' nodes and kind
  flags, and per language a forward index of its units: every distinct text (a unit's own, a
  context title or lead-in, a heading) once, as the ids of its words' exact forms with their
  lemmas as the build analysed them, from which the engine rebuilds the server's BM25 fields
  (folded lemmas, exact forms, adjacent-word pairs, the unit's own heading);
- ``lemmas.json``: what the browser needs to read a query as the server does: per language the
  word form -> lemma table (the server's, or for a language whose lemmatizer runs at query time
  the language data's words and suffix rules learned from the documents'), stop words, the
  player vocabulary, the vocabulary routes and spaCy's tokenizer rules (patterns as JavaScript
  regexes); the intent phrases; the citation patterns; the folding, transliteration and
  phonetic tables; the lexicon's translations; the ranking constants; the ruling trees' prior
  (what ``kb.rulings.suggest`` scores a described situation with, ``kb.rulings.export``, and the
  Laws and paragraphs each tree's leaves cite, ``kb.search.situations``);
- ``engine.js``.

Everything that decides how a query is understood and ranked is taken from the server's index
(``kb.search.export``) at build time, so the browser cannot drift from the server without this
module noticing.
"""

from __future__ import annotations

import gzip
import inspect
import json
import re
import shutil
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from kb.corpus import ROOT
from kb.refs.citation import _USER_CITE, LOOKALIKES
from kb.rulings.export import suggestion_data
from kb.script import SR_CYR_TO_LAT
from kb.store import KB
from kb.views.nodes import location

# --- adapter: everything this module takes from kb.search (re-point here when it changes) ------
# kb.search.export is the public face of what the browser mirrors; the cite parser's and the
# normaliser's patterns are read as the browser engine needs them.
from kb.search import bm25 as search_bm25  # isort: skip
from kb.search import cite as search_cite  # isort: skip
from kb.search import export, normalize, query  # isort: skip
from kb.search import route as search_route  # isort: skip
from kb.search import situations, spelling  # isort: skip
from kb.search.analyze import MAX_KEY_WORDS, Analyzer  # isort: skip
from kb.search.index import SearchIndex  # isort: skip
from kb.search.intent import PREFIX_KEY  # isort: skip
from kb.search.intent import patterns as intent_patterns  # isort: skip
from kb.search.langdata import LANGS  # isort: skip
from kb.search.lexicon import KEY_MIN, space  # isort: skip
from kb.search.lexicon import key as phonetic_key  # isort: skip
from kb.search.dialect import lexical_words  # isort: skip
from kb.search.lemmatize import pipeline  # isort: skip
from kb.search.results import MARK, SNIPPET_CHARS  # isort: skip
from kb.search.service import index_for  # isort: skip
from kb.search.units import Passage  # isort: skip

fold = normalize.fold


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
    """Folding, transliteration, the phonetic key and the letters that tell a query's language."""
    phonetic = export.phonetic_tables()
    phonetic["glide"] = js_regex(phonetic["glide"])
    return {
        "foldSpecial": _table(normalize._SPECIAL),
        "foldKeep": normalize._BREVE,
        "srLatin": SR_CYR_TO_LAT,
        "phonetic": phonetic,
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


def weights() -> dict[str, Any]:
    """The ranking constants the browser engine reads, by name (kb/search/rank.py's, and the
    few of the query side, the routes and the results)."""
    out: dict[str, Any] = dict(export.ranking_constants())
    out["MARK"] = list(MARK)
    out["SNIPPET_CHARS"] = SNIPPET_CHARS
    out["ROUTE_FUZZY_MIN"] = search_route.FUZZY_MIN
    out["SECTION_EDGE"] = search_route.SECTION_EDGE
    out["ROUTE_SPREAD"] = search_route.SPREAD
    out["MAX_KEY_WORDS"] = MAX_KEY_WORDS
    out["PREFIX_KEY"] = PREFIX_KEY
    out["ROUTE_KEEP"] = search_route.Route.cites.__defaults__[0]  # type: ignore[index]
    out["RULE_STEM"] = RULE_STEM
    return out


# --- end of the adapter -------------------------------------------------------------------------

FORMAT = 12
STATIC = ROOT / "site" / "static" / "search"
COPIED = ("engine.js",)
RULE_SUPPORT = 2  # a suffix rule seen fewer times in the corpus is noise
RULE_LEMMA_SUFFIX = 4  # longest lemma ending a rule replaces
RULE_FORM_SUFFIX = 5  # longest word ending a rule strips
RULE_STEM = 2  # shortest stem a rule keeps
EPSILON = inspect.signature(BM25Okapi.__init__).parameters["epsilon"].default  # idf floor share
_UNSUPPORTED = re.compile(r"\\[WBAZ]|\(\?P[^<]|\(\?[a-hj-oq-z]")


def write_search_index(kb: KB, out_dir: Path) -> dict[str, Any]:
    """Write the browser search's data files and scripts into ``out_dir / "search"``; return
    figures: units, vocabulary (exact forms), table forms, and bytes raw and gzipped per file
    (``data_gzip``: every data file together, the budget's figure)."""
    index = index_for(kb)
    forward = forward_index(kb, index)
    target = out_dir / "search"
    target.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {}
    data["index.json"] = index_data(kb, index, forward)
    data["lemmas.json"] = lemma_data(index, forward)
    files: dict[str, dict[str, int]] = {}
    for name, payload in data.items():
        raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
        (target / name).write_bytes(raw)
        files[name] = {"bytes": len(raw), "gzip": len(gzip.compress(raw, 9))}
    for name in COPIED:
        shutil.copyfile(STATIC / name, target / name)
        raw = (target / name).read_bytes()
        files[name] = {"bytes": len(raw), "gzip": len(gzip.compress(raw, 9))}
    langs = data["lemmas.json"]["langs"]
    return {
        "units": index.n_units,
        "vocabulary": sum(len(f.terms) for f in forward.values()),
        "forms": sum(len(f.split(" ")) for lang in langs.values() for f in lang["table"].values()),
        "files": files,
        "data_gzip": sum(f["gzip"] for name, f in files.items() if name.endswith(".json")),
    }


class Forward:
    """One language's units as the browser rebuilds its index from them: every distinct text
    (a unit's own, a context title or lead-in, a heading) once, as the ids of its words' exact
    forms (stop words dropped) and of its citation terms; per unit its text, heading and
    context texts. A form's lemma is the build's (``lemmas``: empty when it is the form
    folded)."""

    def __init__(self, lang: str, an: Analyzer) -> None:
        self.lang = lang
        self.an = an
        self.terms: dict[str, int] = {}
        self.lemmas: list[str] = []
        self.pieces: dict[str, int] = {}
        self.encoded: list[str] = []
        self.stops: dict[str, str] = {}  # stop words' exact forms -> lemmas
        self.units: list[int] = []  # global unit positions
        self.rows: list[list[int]] = []  # [text, heading or -1, *context]

    def piece(self, text: str) -> int:
        """The id of a text, analysed and encoded on first sight."""
        hit = self.pieces.get(text)
        if hit is not None:
            return hit
        a = self.an.analyze(text)
        words = [t for t in a.tokens if not t.stop]
        self.stops.update((t.exact, t.lemma) for t in a.tokens if t.stop)
        cites = a.exact[len(words) :]
        ids = [self.term(t.exact, t.lemma) for t in words]
        cids = [self.term(c, c) for c in cites]
        code = " ".join(map(_b36, ids)) + ("|" + " ".join(map(_b36, cids)) if cids else "")
        self.pieces[text] = len(self.encoded)
        self.encoded.append(code)
        return self.pieces[text]

    def term(self, exact: str, lemma: str) -> int:
        """The id of an exact form (its lemma recorded once)."""
        hit = self.terms.get(exact)
        if hit is None:
            hit = self.terms[exact] = len(self.lemmas)
            self.lemmas.append("" if lemma == fold(exact) else lemma)
        return hit

    def add(self, unit: int, p: Passage) -> None:
        """One unit of the index."""
        head = self.piece(p.heading) if p.heading else -1
        self.units.append(unit)
        self.rows.append([self.piece(p.text), head, *(self.piece(c) for c in p.context)])

    def data(self) -> dict[str, Any]:
        """What ``index.json`` holds of the language."""
        return {
            "units": runs(self.units),
            "rows": self.rows,
            "pieces": self.encoded,
            "terms": list(self.terms),
            "lemmas": self.lemmas,
        }


def forward_index(kb: KB, index: SearchIndex) -> dict[str, Forward]:
    """Every language's units of the server's index, analysed as its build analysed them."""
    out: dict[str, Forward] = {}
    done = export.passages(kb)
    if len(done) != index.n_units:
        raise ValueError(f"{len(done)} units analysed, the server's index holds {index.n_units}")
    for j, (lang, p) in enumerate(done):
        if lang not in out:
            # the server's query analyzer: spaCy's rules and the build's lemma table, which
            # read the documents' words as the build did (a test compares the weights), without
            # loading the dictionaries the build's lemmatizers hold
            out[lang] = Forward(lang, index.analyzers[lang])
        out[lang].add(j, p)
    return out


def _b36(n: int) -> str:
    """A non-negative integer in base 36."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def twin_pairs(index: SearchIndex) -> dict[str, list[int]]:
    """The twins (the same paragraph in the other edition, a relation both ways) as node pairs
    ``a < b`` in order, each column as gaps from the pair before: ``{"a": [...], "b": [...]}``
    (the browser rebuilds both directions; a twin listed one way only is a build error)."""
    found = {(n, t) for n in range(index.n_nodes) for t in index.twins(n).tolist()}
    one_way = sorted(p for p in found if p[::-1] not in found)
    if one_way:
        raise ValueError(f"twins listed one way only (node, twin): {one_way[:5]}")
    pairs = sorted(p for p in found if p[0] < p[1])
    columns = {"a": [p[0] for p in pairs], "b": [p[1] for p in pairs]}
    return {k: np.diff(v, prepend=0).tolist() for k, v in columns.items()}


def index_data(kb: KB, index: SearchIndex, forward: Mapping[str, Forward]) -> dict[str, Any]:
    """``index.json``: the documents, the nodes, the units and per language its units."""
    a = index.a
    return {
        "format": FORMAT,
        "build": kb.build_hash,
        "docs": [
            {
                "id": d,
                "lang": m.lang,
                "game": m.game,
                "edition": m.edition,
                "lawNumbered": m.law_numbered,
                "scoped": m.scoped,
            }
            for d, m in export.docs(index).items()
        ],
        "nodes": node_columns(kb, index),
        "twins": twin_pairs(index),
        "units": {"node": a["unit_node"].tolist(), "flags": a["unit_flags"].tolist()},
        "langs": {lang: f.data() for lang, f in forward.items()},
    }


def runs(ids: Sequence[int]) -> list[list[int]]:
    """Ascending integers as runs ``[first, length]`` (a language's units come document by
    document)."""
    out: list[list[int]] = []
    for j in ids:
        if out and out[-1][0] + out[-1][1] == j:
            out[-1][1] += 1
        else:
            out.append([j, 1])
    return out


def node_columns(kb: KB, index: SearchIndex) -> dict[str, list[Any]]:
    """Every node of the index, in its order, as columns (a column of repeated values packs
    well): what a result shows and what the ranking reads of it. Columns the browser can derive
    are packed (engine.js ``unpackNodes``): a node's cite is its ID after the document's prefix;
    its span's start is the step from the previous node's; its own unit, when it has one, is
    the first unit of its span (``own`` 1/0); its parent is how many nodes back it stands."""
    cols: dict[str, list[Any]] = defaultdict(list)
    a = index.a
    doc_pos = {d: i for i, d in enumerate(index.docs)}
    span = a["node_span"].tolist()
    unit = a["node_unit"].tolist()
    parent = a["node_parent"].tolist()
    previous = 0
    for n in range(index.n_nodes):
        rec = index.record(n)
        if rec["id"] != f"{rec['doc']}:{rec['cite']}":
            raise ValueError(f"node {rec['id']!r}: its cite {rec['cite']!r} is not its ID's")
        if unit[n] >= 0 and unit[n] != span[n][0]:
            raise ValueError(f"node {rec['id']!r}: its own unit is not the first of its span")
        if parent[n] >= n:
            raise ValueError(f"node {rec['id']!r}: its parent does not come before it")
        url = location(kb, kb.node(rec["id"]))
        cols["id"].append(rec["id"])
        cols["doc"].append(doc_pos[rec["doc"]])
        cols["law"].append(rec["law"])
        cols["kind"].append(rec["kind"])
        cols["title"].append(rec["title"])
        cols["term"].append(rec.get("term"))
        cols["path"].append(url["path"])
        cols["anchor"].append(url["anchor"])
        cols["text"].append(rec["text"])
        cols["spanStep"].append(span[n][0] - previous)
        previous = span[n][0]
        cols["spanLen"].append(span[n][1] - span[n][0])
        cols["own"].append(int(unit[n] >= 0))
        cols["parentBack"].append(n - parent[n] if parent[n] >= 0 else 0)
    cols["group"] = a["node_group"].tolist()
    return dict(cols)


def lemma_data(index: SearchIndex, forward: Mapping[str, Forward]) -> dict[str, Any]:
    """``lemmas.json``: how the browser reads a query, per language and shared."""
    stored = export.lang_data(index)
    tokenizers = Tokenizers()
    translations = export.translations(index)
    cognate_keys = {
        phonetic_key(lem or fold(t))
        for fw in forward.values()
        for t, lem in zip(fw.terms, fw.lemmas, strict=True)
        if len(lem or t) >= KEY_MIN and (lem or t).isalpha()
    }
    langs = {}
    for code in LANGS:
        an = index.analyzers[code]
        live = bool(pipeline(code).LIVE)
        fw = forward.get(code)
        if live:
            table = lemma_table(an, fw)
        else:
            server_table = stored.get(code, {}).get("table", {})
            table = query_table(an, fw, server_table, translations, cognate_keys)
        # stop words: the documents' words the forward index leaves out (with their lemma
        # even when it is the word, lest a suffix rule be tried on it)
        if fw is not None:
            table.update((w, lem) for w, lem in fw.stops.items() if live or lem != fold(w))
        entry: dict[str, Any] = {
            "live": live,
            "stop": sorted(an.stop_words),
            "table": group_by_lemma({f: [lem] for f, lem in table.items()}),
            "synonyms": synonyms(index, an),
            "tokenizer": tokenizers.add(stored.get(code, {}).get("tokenizer", {})),
        }
        if live:
            entry["rules"] = suffix_rules(table, fw)
            # a language sharing the lemmatizer (Serbian, Croatian) reads this one's words
            # alike, except its own overrides
            entry["overrides"] = sorted(an.lemma.overrides)
        if code in index.routes:
            entry["route"] = route_data(index, code)
        langs[code] = entry
    return {
        "format": FORMAT,
        "bm25": {"k": search_bm25.K1, "b": search_bm25.B, "eps": EPSILON},
        "weights": weights(),
        "text": text_tables(),
        "cite": cite_patterns(),
        "intents": [[list(p.words), p.intent] for p in intent_patterns()],
        "tokenizerPatterns": tokenizers.patterns,
        "translations": export.grouped(translations),
        "langs": langs,
        "situations": situation_data(),
        "dialect": dict(zip(("sr", "hr"), (sorted(w) for w in lexical_words()), strict=True)),
        "speller": {
            **index.speller.real.export(),
            "minLength": spelling.MIN_LENGTH,
            "supportShare": spelling.SUPPORT_SHARE,
        },
    }


def situation_data() -> dict[str, Any]:
    """The ruling trees' prior (kb/search/situations.py): what ``kb.rulings.suggest`` scores a
    described situation with (``kb.rulings.export``: the stems once, sorted and front-coded,
    each tree's bag of stem counts by stem id and its trigger phrases by place in its bag, both
    as ``gaps``), and per tree the Laws and paragraphs its leaves cite with their weights."""
    shapes, scoring = suggestion_data()
    stems = sorted({s for t in shapes for s in t.bag})
    ix = {s: i for i, s in enumerate(stems)}
    cites = situations.tree_cites()
    trees = []
    for t in shapes:
        cited = cites.get(t.id)
        own = {s: i for i, s in enumerate(sorted(t.bag))}  # a stem's place in the tree's bag
        trees.append(
            {
                "id": t.id,
                "bag": gaps(sorted((ix[s], n) for s, n in t.bag.items())),
                "triggers": "|".join(gaps(sorted((own[s], 1) for s in p)) for p in t.triggers),
                "kinds": list(t.kinds),
                "laws": [list(row) for row in cited.laws] if cited else [],
                "paragraphs": [list(row) for row in cited.paragraphs] if cited else [],
            }
        )
    return {
        **scoring,
        "bid": js_regex(scoring["bid"]),
        "token": js_regex(scoring["token"]),
        "stems": front_code("", stems),
        "trees": trees,
        "from": situations.TREE_FROM,
        "full": situations.TREE_FULL,
        "best": situations.TREES,
        "maxQuery": situations.MAX_QUERY,
    }


def gaps(items: Iterable[tuple[int, int]]) -> str:
    """Ascending ids with counts as base-36 gaps from the previous id, ``*n`` after a count
    above one (``[(3, 1), (5, 2)]`` -> ``"3 2*2"``)."""
    out, prev = [], 0
    for i, n in items:
        out.append(_b36(i - prev) + (f"*{n}" if n > 1 else ""))
        prev = i
    return " ".join(out)


def lemma_table(an: Analyzer, fw: Forward | None) -> dict[str, str]:
    """For a language whose lemmatizer runs at query time on the server: the lemma of every word
    of its language data (synonyms, route, overrides) that its documents lack, where it is not
    the word folded, and of every word of its documents typed without diacritics, as the
    server's query analyzer gives them (the documents' own words come with their lemmas in
    ``index.json``)."""
    words = an.data_words() | set(an.lemma.overrides)
    if an.code in search_route.languages():
        words |= search_route.data_words(an.code, an)
    known = fw.terms if fw is not None else {}
    out = {}
    for w in sorted(words - known.keys()):
        lemma = an.lemma(w)
        if lemma != fold(w):
            out[w] = lemma
    # the documents' words typed without diacritics, as the server's lemmatizer reads them
    # (even as themselves: the browser would otherwise guess)
    for w in sorted({fold(t) for t in known} - known.keys()):
        out[w] = an.lemma(w)
    return out


def query_table(
    an: Analyzer,
    fw: Forward | None,
    table: Mapping[str, str],
    translations: Mapping[str, Mapping[str, Any]],
    cognate_keys: set[str],
) -> dict[str, str]:
    """For a language whose lemmatizer only the build runs: the server's table (form ->
    lemma), less the documents' own words (``index.json`` has them) and the forms whose lemma
    nothing can use (not in the language's documents, routes, player vocabulary or mined
    translations, and no cognate of a document language's lemma)."""
    wanted: set[str] = set()
    known: Mapping[str, int] = {}
    if fw is not None:
        known = fw.terms
        wanted |= {lem or fold(t) for t, lem in zip(fw.terms, fw.lemmas, strict=True)}
    wanted |= {table.get(w, fold(w)) for w in an.data_words()}
    if an.code in search_route.languages():
        wanted |= {table.get(w, fold(w)) for w in search_route.data_words(an.code, an)}
    own = space(an.code)
    for direction, found in translations.items():
        if direction.split(">")[0] == own:
            wanted |= found.keys()
    return {
        f: lem
        for f, lem in table.items()
        if f not in known
        and (lem in wanted or phonetic_key(lem) in cognate_keys or fold(f) in an.stop_words)
    }


def route_data(index: SearchIndex, code: str) -> dict[str, Any]:
    """A vocabulary route: its entries (their lemmas, cites, and for a section the words its
    heading adds to its law's title and all its heading's words)."""
    rt = index.routes[code]
    an = index.analyzers[code]
    entries = []
    for e, (own_words, heading) in zip(rt.entries, rt.own_words, strict=True):
        entry: dict[str, Any] = {"cites": list(e.cites)}
        if e.heading is not None:
            entry["own"] = sorted(own_words)
            entry["heading"] = sorted(heading)
        entry["lemmas"] = an.analyze(e.phrase).lemmas
        entries.append(entry)
    return {"entries": entries}


class Tokenizers:
    """spaCy's tokenizer rules of every language (kb/search/tokenize.py ``export``) with their
    patterns as JavaScript regexes, each distinct pattern stored once (the languages share
    most of spaCy's punctuation rules)."""

    def __init__(self) -> None:
        self.patterns: list[str] = []
        self._ids: dict[str, int] = {}

    def add(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """One language's rules, each pattern as its position in ``patterns``; the special
        cases that stay one token as written (most of them: "'em", "Dr.") are listed apart
        (``whole``), the others as ``special`` (orth -> its tokens)."""
        special = rules.get("special", {})
        out: dict[str, Any] = {
            "special": {o: t for o, t in special.items() if t != [o]},
            "whole": [o for o, t in special.items() if t == [o]],
            "faster": bool(rules.get("faster_heuristics", True)),
        }
        for key in ("prefix", "suffix", "infix", "url", "token"):
            p = rules.get(key)
            if p:
                js = js_regex(p)
                if js not in self._ids:
                    self._ids[js] = len(self.patterns)
                    self.patterns.append(js)
                out[key] = self._ids[js]
        return out


def group_by_lemma(surface: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Form -> lemmas, inverted to lemma -> its forms, sorted and front-coded
    (``front_code``): each form is written as what it adds to the one before it, so a lemma's
    forms cost their endings (the Russian and Polish tables shrink to a quarter, gzipped)."""
    out: dict[str, list[str]] = defaultdict(list)
    for form, lemmas in surface.items():
        for lemma in lemmas:
            out[lemma].append(form)
    return {lemma: front_code(lemma, sorted(forms)) for lemma, forms in sorted(out.items())}


# a shared prefix's length as one character (site/static/search/engine.js reads it back)
_PREFIX_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def front_code(first: str, forms: Iterable[str]) -> str:
    """``forms`` joined by spaces, each as one character saying how many leading characters it
    shares with the form before it (the first with ``first``), then the rest of it:
    ``front_code("karta", ["karta", "kartu"])`` is ``"5 4u"``."""
    out = []
    prev = first
    for form in forms:
        if " " in form or any(ord(c) > 0xFFFF for c in form):
            # JavaScript slices UTF-16 code units, Python code points: they agree below U+FFFF
            raise ValueError(f"form {form!r} has a space or a character above U+FFFF")
        k = 0
        limit = min(len(prev), len(form), len(_PREFIX_DIGITS) - 1)
        while k < limit and prev[k] == form[k]:
            k += 1
        out.append(_PREFIX_DIGITS[k] + form[k:])
        prev = form
    return " ".join(out)


def suffix_rules(table: Mapping[str, str], fw: Forward | None) -> list[list[str]]:
    """Suffix rules ``[word ending, lemma ending]`` learned from what a language's analyzer did
    to the words of its documents and data (forms folded), most supported first, for the
    browser to do to a query word it has no lemma for (the first rule giving a lemma that the
    index, a route or a synonym knows wins)."""
    pairs = dict(table)
    if fw is not None:
        pairs.update((t, lem) for t, lem in zip(fw.terms, fw.lemmas, strict=True) if lem)
    support: Counter[tuple[str, str]] = Counter()
    for exact, lemma in pairs.items():
        form = fold(exact)
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


def synonyms(index: SearchIndex, an: Analyzer) -> dict[str, list[list[Any]]]:
    """The server's player vocabulary of a language: key (words joined by a space) ->
    ``[kind, document or None, lemmas]`` per value: kind ``x`` expands the query with the
    lemmas, ``e`` routes the English phrase's lemmas (as the server's English analyzer reads
    them) to the English vocabulary."""
    english = index.analyzers["en"]
    out: dict[str, list[list[Any]]] = {}
    for key, values in sorted(an.synonyms.items()):  # keys that share words side by side
        rows = []
        for v in values:
            if v.english is not None:
                rows.append(["e", v.doc, english.analyze(v.english).lemmas])
            else:
                rows.append(["x", v.doc, list(v.lemmas)])
        out[" ".join(key)] = rows
    return out


def js_regex(pattern: str) -> str:
    """A Python regex of kb.search or of spaCy's tokenizer as a JavaScript one (used with the
    ``u`` flag): Unicode word characters, digits and boundaries spelt out, ``\\U`` escapes as
    code points, escapes JavaScript refuses under ``u`` made plain characters, case-insensitive
    groups made plain (every pattern using them is matched against lower-case text), a leading
    ``(?u)`` dropped (Python's default); anything else unsupported is an error."""
    pattern = pattern.removeprefix("(?u)").replace(r"[^\W\d_]", _LETTER)
    if _UNSUPPORTED.search(pattern):
        raise ValueError(f"cannot carry the regex {pattern!r} to JavaScript; extend js_regex")
    word = r"\p{L}\p{N}_"
    out = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            esc = pattern[i : i + 2]
            nxt = esc[1:]
            if esc == r"\w":
                out.append(word if in_class else f"[{word}]")
            elif esc == r"\d":
                out.append(r"\p{Nd}")
            elif esc == r"\b":
                out.append(f"(?:(?<=[{word}])(?![{word}])|(?<![{word}])(?=[{word}]))")
            elif esc == r"\U":
                out.append(f"\\u{{{int(pattern[i + 2 : i + 10], 16):x}}}")
                i += 10
                continue
            elif nxt in _JS_ESCAPED or nxt.isalnum() or (nxt == "-" and in_class):
                out.append(esc)
            else:
                out.append(nxt)  # an identity escape JavaScript refuses under the u flag
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


_LETTER = r"[\p{L}\p{Nl}\p{No}]"  # Python's [^\W\d_]: alphanumeric, not a digit or _
_JS_ESCAPED = frozenset("^$\\.*+?()[]{}|/")


def _table(table: Mapping[int, Any]) -> dict[str, str]:
    """A ``str.maketrans`` table as character -> replacement."""
    return {chr(k): (v if isinstance(v, str) else chr(v)) for k, v in table.items()}
