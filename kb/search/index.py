"""The loaded search index: the build's arrays memory-mapped, vocabularies and language data read.

Opening costs the same whatever the corpus size, except for the vocabularies (a dict per field)
and the language tables; node records are decoded only for the nodes a query returns.
"""

from __future__ import annotations

import functools
import json
import mmap
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from kb.search import situations
from kb.search.analyze import Analyzer
from kb.search.artefact import FORMAT, code_key
from kb.search.dialect import CROATIAN, SERBIAN, Dialect
from kb.search.langdata import LANGS
from kb.search.lemmatize import Lemmatizer
from kb.search.lexicon import Lexicon
from kb.search.normalize import fold
from kb.search.route import Route
from kb.search.route import languages as route_languages
from kb.search.spelling import SPELLER_FILE, Bloom, Speller, vocabulary
from kb.search.tokenize import Tokenizer, words
from kb.search.units import DocMeta

_T = TypeVar("_T")
MEMO_ENTRIES = 100_000  # per memo of an index: the words, cites and nodes queries come back to

_ARRAYS = (
    "lemma_ptr",
    "lemma_unit",
    "lemma_w",
    "lemma_idf",
    "exact_ptr",
    "exact_unit",
    "exact_w",
    "exact_idf",
    "pair_ptr",
    "pair_unit",
    "pair_w",
    "head_ptr",
    "head_unit",
    "head_len",
    "uhead_ptr",
    "uhead_term",
    "unit_node",
    "unit_lang",
    "unit_doc",
    "unit_flags",
    "node_unit",
    "node_doc",
    "node_parent",
    "node_prov",
    "node_span",
    "node_group",
    "twin_ptr",
    "twin_node",
    "ref_ptr",
    "ref_node",
    "tok_ptr",
    "tok",
    "id_sorted",
    "id_node",
    "node_off",
)


class StaleIndex(Exception):
    """The index on disk is missing, damaged, or was built from another KB or other code."""


class SearchIndex:
    """Everything a query needs, read from an index directory (kb/search/artefact.py)."""

    def __init__(
        self, directory: Path, *, build_hash: str | None = None, speller: bool = True
    ) -> None:
        """Open the index in ``directory``; raises ``StaleIndex`` if it is missing, unreadable,
        of another format or code, or (given ``build_hash``) of another build of the KB.
        ``speller=False``: the build, reading the index it writes before the speller's filter
        is made (kb/search/artefact.py)."""
        t0 = time.perf_counter()
        self.directory = directory
        try:
            manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise StaleIndex(f"no readable index in {directory}: {exc}") from exc
        if manifest.get("format") != FORMAT or manifest.get("code_key") != code_key():
            raise StaleIndex(f"the index in {directory} was built by other search code or data")
        if build_hash is not None and manifest.get("build_hash") != build_hash:
            raise StaleIndex(f"the index in {directory} is of another build of the KB")
        self.manifest = manifest
        self.build_hash: str = manifest["build_hash"]
        try:
            # plain ndarray views of the mapped files (a memmap subclass is slow to index)
            a = {
                name: np.asarray(np.load(directory / f"{name}.npy", mmap_mode="r"))
                for name in _ARRAYS
            }
            self.vocab = {
                name: _vocab(directory / f"{name}.vocab") for name in ("lemma", "exact", "pair")
            }
            self._terms = {name: list(v) for name, v in self.vocab.items()}
            with (directory / "nodes.jsonl").open("rb") as fh:
                self._records = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
            self._lang_data = json.loads((directory / "lang.json").read_text(encoding="utf-8"))
            self.lexicon = Lexicon(
                json.loads((directory / "lexicon.json").read_text(encoding="utf-8"))
            )
            self._real_words = (
                Bloom.load(json.loads((directory / SPELLER_FILE).read_text(encoding="utf-8")))
                if speller
                else None
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise StaleIndex(f"the index in {directory} is damaged: {exc}") from exc
        self.a = a
        self.docs: dict[str, DocMeta] = {
            d.pop("id"): DocMeta(**d) for d in (dict(x) for x in manifest["docs"])
        }
        self.doc_ids: list[str] = list(self.docs)
        self.langs: tuple[str, ...] = tuple(manifest["langs"])
        self.n_units = int(manifest["units"])
        self.n_nodes = int(manifest["nodes"])
        # which languages have documents, as indexes into self.langs (unit_lang values)
        self.doc_langs = tuple(lg for lg in LANGS if any(m.lang == lg for m in self.docs.values()))
        self._masks: dict[tuple[str | None, ...], np.ndarray] = {}
        self._ranges: dict[tuple[str, ...], tuple[int, int]] = {}
        # per field, its postings bounds as a list (made on the field's first ``postings``)
        self._bounds: dict[str, list[int]] = {}
        self.load_seconds = time.perf_counter() - t0

    def kept(self, name: str, key: Hashable, make: Callable[[], _T]) -> _T:
        """``make()``, kept in this index's memo ``name`` under ``key`` (at most ``MEMO_ENTRIES``
        each): what ranking derives from the index for a word, cite or node that comes back."""
        memo: dict[Hashable, _T] = self.__dict__.setdefault(name, {})
        hit = memo.get(key)
        if hit is None:
            hit = make()
            if len(memo) < MEMO_ENTRIES:
                memo[key] = hit
        return hit

    # --- nodes ---------------------------------------------------------------------------
    def node_index(self, node_id: str) -> int | None:
        """The index of the node with this ID, or None."""
        ids = self.a["id_sorted"]
        key = node_id.encode()
        if len(key) > ids.dtype.itemsize:
            return None
        i = int(np.searchsorted(ids, key))
        if i < len(ids) and ids[i] == key:
            return int(self.a["id_node"][i])
        return None

    def has(self, doc: str, cite: str) -> bool:
        """Whether document ``doc`` has a node with ``cite``."""
        return self.node_index(f"{doc}:{cite}") is not None

    def record(self, node: int) -> dict[str, Any]:
        """What a result shows of node ``node`` (id, doc, law, cite, kind, title, text, ...)."""
        off = self.a["node_off"]
        return json.loads(self._records[int(off[node]) : int(off[node + 1])])

    def node_id(self, node: int) -> str:
        """The ID of node ``node``."""
        return str(self.record(node)["id"])

    def doc_of(self, node: int) -> str:
        """The document of node ``node``."""
        return self._node_docs[node]

    @functools.cached_property
    def _node_docs(self) -> list[str]:
        """Each node's document (a list: ranking asks for it tens of times per query)."""
        ids = self.doc_ids
        return [ids[d] for d in self.a["node_doc"].tolist()]

    # --- language data -------------------------------------------------------------------
    @functools.cached_property
    def analyzers(self) -> dict[str, Analyzer]:
        """Every language's query analyzer (lemma tables from the build, no dictionaries)."""
        out = {}
        for code in LANGS:
            data = self._lang_data.get(code, {})
            split = functools.partial(words, Tokenizer(data.get("tokenizer", {})))
            out[code] = Analyzer(code, Lemmatizer(code, table=data.get("table", {})), split)
        return out

    @functools.cached_property
    def surface(self) -> dict[str, dict[str, list[str]]]:
        """Per language: the corpus's folded surface forms -> the lemmas seen with them."""
        return {code: self._lang_data.get(code, {}).get("surface", {}) for code in LANGS}

    @functools.cached_property
    def dialect(self) -> Dialect:
        """Serbian and Croatian told apart (kb/search/dialect.py), from the words each knows:
        its documents' surface forms and its stop words (not lemmas: the two languages share a
        lemmatizer, which reads the Serbian "vreme" as "vrijeme")."""
        return Dialect.of(
            {
                code: self.surface[code].keys() | self.analyzers[code].stop_words
                for code in (SERBIAN, CROATIAN)
            }
        )

    @functools.cached_property
    def spelling(self) -> dict[str, frozenset[str]]:
        """Per query language, the words a typo is corrected to, which are no typos themselves
        (kb/search/spelling.py), from the index's data as the browser has it."""
        lemmas: dict[str, list[str]] = {code: [] for code in LANGS}
        for term in self.vocab["lemma"]:
            code, lemma = term.split(" ", 1)
            lemmas[code].append(lemma)
        translations = self.lexicon._translations
        english = [w for d, table in translations.items() if d.startswith("en>") for w in table]
        routes = self.routes
        out = {
            code: vocabulary(
                self.surface[code],
                lemmas[code],
                self.analyzers[code].stop_words,
                self.analyzers[code].synonyms,
                routes[code].vocabulary if code in routes else (),
                english if code == "en" else (),
            )
            for code in LANGS
        }
        # a language without documents has no surface forms: the forms of its lemma table
        # whose lemma its route or the lexicon reads stand in for them ("spectators": a typo
        # of one is corrected to it)
        for code in LANGS:
            if code not in self.doc_langs:
                read = {*(routes[code].vocabulary if code in routes else ())}
                read.update(english if code == "en" else ())
                table = self.analyzers[code].lemma.table
                forms = {fold(f) for f, lem in table.items() if lem in read}
                out[code] = out[code] | {f for f in forms if f.isalpha()}
        return out

    @functools.cached_property
    def speller(self) -> Speller:
        """The query speller: the vocabularies and the build's filter of real words."""
        if self._real_words is None:
            raise StaleIndex(f"the index in {self.directory} was opened without its speller")
        return Speller(self.spelling, self._real_words)

    @functools.cached_property
    def routes(self) -> dict[str, Route]:
        """The vocabulary routes (English, Russian, Slovak, Polish), over the query analyzers."""
        return {code: Route(code, self.analyzers[code]) for code in route_languages()}

    def warm(self) -> None:
        """Load everything a query may need now (the API does, before answering ready)."""
        for an in self.analyzers.values():
            _ = an.synonyms
        _ = self.surface
        _ = self.dialect
        _ = self.routes
        _ = self.speller
        situations.warm(self.directory, self.build_hash)

    # --- postings ------------------------------------------------------------------------
    def postings(
        self, field: str, term: int, within: tuple[int, int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Units and BM25 weights of term id ``term`` in ``field`` (lemma, exact, pair), only
        those in the unit range ``within`` if given (a list is sorted by unit)."""
        ptr = self._bounds.get(field)
        if ptr is None:
            # read per query term: a list's items cost less than numpy scalars
            ptr = self._bounds[field] = self.a[f"{field}_ptr"].tolist()
        lo, hi = ptr[term], ptr[term + 1]
        units = self.a[f"{field}_unit"][lo:hi]
        weights = self.a[f"{field}_w"][lo:hi]
        if within is not None:
            a, b = np.searchsorted(units, within)
            return units[a:b], weights[a:b]
        return units, weights

    def unit_range(self, docs: frozenset[str] | None) -> tuple[int, int] | None:
        """The run of units that holds every unit of ``docs`` (units come document by
        document), or None for every document."""
        if docs is None:
            return None
        key = ("range", *sorted(docs))
        hit = self._ranges.get(key)
        if hit is None:
            allowed = np.flatnonzero(self.unit_mask(docs))
            hit = (int(allowed[0]), int(allowed[-1]) + 1) if allowed.size else (0, 0)
            if len(self._ranges) < 64:
                self._ranges[key] = hit
        return hit

    def twins(self, node: int) -> np.ndarray:
        """The same provision in the other editions of the Laws."""
        ptr = self.a["twin_ptr"]
        return self.a["twin_node"][int(ptr[node]) : int(ptr[node + 1])]

    def heading_terms(self, unit: int) -> np.ndarray:
        """The lemma term ids of a unit's own heading (title, defined term)."""
        ptr = self.a["uhead_ptr"]
        return self.a["uhead_term"][int(ptr[unit]) : int(ptr[unit + 1])]

    def term(self, field: str, term: int) -> str:
        """The tagged term (``<lang> <term>``) of a term id."""
        return self._terms[field][term]

    def df(self, field: str, term: int) -> int:
        """How many units hold term id ``term``."""
        ptr = self.a[f"{field}_ptr"]
        return int(ptr[term + 1] - ptr[term])

    def unit_mask(self, docs: frozenset[str] | None) -> np.ndarray | None:
        """Boolean mask of the units in ``docs`` (None: every unit), computed once per set."""
        if docs is None:
            return None
        key = tuple(sorted(docs))
        hit = self._masks.get(key)
        if hit is None:
            allowed = np.zeros(len(self.doc_ids), dtype=bool)
            for d in docs:
                allowed[self.doc_ids.index(d)] = True
            hit = allowed[self.a["unit_doc"]]
            if len(self._masks) < 64:
                self._masks[key] = hit
        return hit


def _vocab(path: Path) -> dict[str, int]:
    """A vocabulary file as term -> id."""
    text = path.read_text(encoding="utf-8")
    terms = text.split("\n") if text else []
    return dict(zip(terms, range(len(terms)), strict=True))
