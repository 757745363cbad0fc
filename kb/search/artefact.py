"""The search index on disk: written once by ``lawdesk build``, memory-mapped by every process.

A directory next to the KB (``build/kb.search/``) holding

- ``manifest.json``: format, the KB's ``build_hash`` and a digest of the search code and language
  data the index was built with (a mismatch makes it stale), documents, sizes, BM25 constants;
- ``*.npy``: numpy arrays, opened with ``mmap_mode="r"`` so that start-up does not grow with the
  corpus: per node (document, parent, provision, first unit), per unit (node, language, kind
  flags), per field the postings in CSR form (term -> units and BM25 weights), the words of every
  unit's text for snippets, resolved references;
- ``lemma.vocab`` / ``exact.vocab``: one indexed term per line (``<lang> <term>``), the line
  number is the term's id;
- ``nodes.jsonl``: one JSON record per node (id, doc, law, cite, kind, title, text, parallels),
  read only for the nodes a query returns;
- ``lang.json``: per language, the lemma table of a language whose lemmatizer only the build runs
  (kb/search/lemmatize.py) and the corpus's folded surface forms with their lemmas;
- ``speller.json``: the filter of real words the query speller never corrects
  (kb/search/spelling.py).

The directory is written under a temporary name and renamed into place, so a reader never sees a
half-written index; a process that mapped the old files keeps reading them until it reloads.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import itertools
import json
import os
import shutil
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kb.lang import simplemma_words
from kb.models import Node
from kb.search import bm25, spelling, tokenize
from kb.search.analyze import analyzer
from kb.search.langdata import LANG_DIR, LANGS, read_concepts, read_pairs
from kb.search.lemmatize import extract_table, pipeline
from kb.search.normalize import fold
from kb.search.pipeline import make_pipeline
from kb.search.units import Corpus, DocMeta, Passage, passages, unit_text

FORMAT = 1
FIELDS = ("lemma", "exact")
FLAG_TITLE_ONLY = 1  # a law or section with a title and no text of its own
FLAG_DEFINITION = 2  # a definition (or a part of one)
FLAG_FOOTNOTE = 4
_SEARCH_DIR = Path(__file__).resolve().parent
# the modules whose code decides what the index holds (ranking code reads it, changes nothing)
_BUILDERS = (
    "analyze.py",
    "artefact.py",
    "bm25.py",
    "index.py",  # its ``spelling`` gathers the vocabularies the speller's filter is built from
    "langdata.py",
    "lemmatize.py",
    "lexicon.py",
    "normalize.py",
    "pipeline.py",
    "route.py",
    "spelling.py",
    "tokenize.py",
    "units.py",
)
SPELLER_CACHE = Path(__file__).resolve().parents[2] / "build" / "cache"  # see _speller
_LIBS = ("spacy", "rank-bm25", "lemmagen3", "simplemma", "pymorphy3", "pymorphy3-dicts-ru", "numpy")


def directory_for(kb_path: Path) -> Path:
    """Where the index of a KB lives: ``build/kb.sqlite`` -> ``build/kb.search``."""
    return kb_path.with_suffix(".search")


@functools.cache
def code_key() -> str:
    """A digest of what the index depends on besides the KB: the code that builds it, every
    language's data and lemmatizer, the script table and the libraries' versions."""
    h = hashlib.sha256(f"{FORMAT}".encode())
    for lib in _LIBS:
        try:
            h.update(f"{lib}={importlib.metadata.version(lib)};".encode())
        except importlib.metadata.PackageNotFoundError:
            h.update(f"{lib}=none;".encode())
    files = [_SEARCH_DIR / name for name in _BUILDERS] + sorted(LANG_DIR.rglob("*"))
    files.append(_SEARCH_DIR.parent / "script.py")
    for path in files:
        if path.is_file() and path.suffix in (".py", ".tsv", ".txt", ".toml"):
            h.update(str(path.relative_to(_SEARCH_DIR.parent)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def corpus_from_kb(kb: Any) -> Corpus:
    """Everything the index needs from an open KB (``kb.store.KB``)."""
    docs = {
        d["id"]: DocMeta(d["language"], d["game"], d["edition"], d["kind"], d["title"] or "")
        for d in kb.documents()
    }
    nodes = list(kb.nodes())
    refs: dict[str, list[str]] = defaultdict(list)
    for r in kb.refs("resolved"):
        for target in r["targets"]:
            if target != r["from"] and target not in refs[r["from"]]:
                refs[r["from"]].append(target)
    parallels = {}
    for n in nodes:
        found = kb.parallels(n.id)
        if found:
            parallels[n.id] = [{"id": p["node"], "relation": p["relation"]} for p in found]
    return Corpus(docs, nodes, dict(refs), parallels, kb.build_hash)


def pairs(lemmas: list[str]) -> list[str]:
    """Adjacent content words as one term ("výnos obranca" -> ``obranca|vynos``, either order):
    a passage that says the query's words together outranks one that has them apart."""
    return ["|".join(sorted(ab)) for ab in itertools.pairwise(lemmas) if ab[0] != ab[1]]


def _tag(lang: str, terms: Iterable[str]) -> list[str]:
    return [f"{lang} {t}" for t in terms]


@dataclass
class Analysed:
    """The corpus analysed as the index holds it: its units and, per unit, its terms (tagged
    ``<lang> <term>``) in each field and its own heading; per language, the corpus's folded
    word forms with their lemmas and its exact forms."""

    units: list[Passage]
    lang_of: list[str]
    lemma: list[list[str]]
    exact: list[list[str]]
    pair: list[list[str]]
    heads: list[list[str]]
    surface: dict[str, dict[str, set[str]]]
    exact_words: dict[str, set[str]]


def analyse_corpus(corpus: Corpus) -> Analysed:
    """Run each document's analyzer (its spaCy pipeline) over every unit and its context."""
    docs = corpus.docs
    by_id = {n.id: n for n in corpus.nodes}
    units = passages(corpus.nodes)
    done = Analysed(units, [], [], [], [], [], {lg: defaultdict(set) for lg in LANGS}, {})
    done.exact_words = {lang: set() for lang in LANGS}
    analysed: dict[tuple[str, str], tuple[list[str], list[str], list[str]]] = {}

    def analyse(lang: str, text: str) -> tuple[list[str], list[str], list[str]]:
        key = (lang, text)
        if key not in analysed:
            a = analyzer(lang).analyze(text)
            for t in a.tokens:
                done.surface[lang][t.folded].add(t.lemma)
                done.exact_words[lang].add(t.exact)
            analysed[key] = (a.lemmas, a.exact, pairs([t.lemma for t in a.tokens if not t.stop]))
        return analysed[key]

    for p in units:
        lang = docs[by_id[p.node].doc].lang
        done.lang_of.append(lang)
        lem, ex, pr = (list(x) for x in analyse(lang, p.text))
        for ctx in p.context:
            cl, ce, cp = analyse(lang, ctx)
            lem += cl
            ex += ce
            pr += cp
        done.lemma.append(_tag(lang, lem))
        done.exact.append(_tag(lang, ex))
        done.pair.append(_tag(lang, pr))
        own = (
            sorted({t for t in analyse(lang, p.heading)[0] if not t[:1].isdigit()})
            if (p.heading)
            else []
        )
        done.heads.append(_tag(lang, own))
    return done


def write(corpus: Corpus, directory: Path) -> dict[str, Any]:
    """Analyse the corpus, write its index to ``directory`` (atomically), return the manifest."""
    t0 = time.perf_counter()
    docs = corpus.docs
    nodes = corpus.nodes
    by_id = {n.id: n for n in nodes}
    node_ix = {n.id: i for i, n in enumerate(nodes)}
    doc_ix = {d: i for i, d in enumerate(docs)}
    lang_ix = {lang: i for i, lang in enumerate(LANGS)}
    done = analyse_corpus(corpus)
    units, lang_of, unit_heads = done.units, done.lang_of, done.heads
    surface, exact_words = done.surface, done.exact_words
    heading: dict[str, list[int]] = defaultdict(list)
    head_len = np.zeros(len(units), dtype=np.float32)
    for j, own in enumerate(unit_heads):
        head_len[j] = len(own)
        for t in own:
            heading[t].append(j)
    lemma_field, exact_field, pair_field = done.lemma, done.exact, done.pair
    arrays: dict[str, np.ndarray] = {}
    vocabs: dict[str, list[str]] = {}
    for name, fld in (("lemma", lemma_field), ("exact", exact_field), ("pair", pair_field)):
        vocab, ptr, unit, weight, idf = bm25.csr(fld, lang_of)
        vocabs[name] = vocab
        arrays[f"{name}_ptr"], arrays[f"{name}_unit"], arrays[f"{name}_w"] = ptr, unit, weight
        arrays[f"{name}_idf"] = idf
    lemma_ids = {t: i for i, t in enumerate(vocabs["lemma"])}
    unit_doc = np.array([doc_ix[by_id[p.node].doc] for p in units], dtype=np.int16)
    hrows = [heading.get(t, []) for t in vocabs["lemma"]]
    hptr = np.zeros(len(hrows) + 1, dtype=np.int64)
    hptr[1:] = np.cumsum([len(r) for r in hrows])
    arrays["head_ptr"] = hptr
    arrays["head_unit"] = np.fromiter((j for r in hrows for j in r), np.int32, int(hptr[-1]))
    arrays["head_len"] = head_len
    head_ids = [[lemma_ids[t] for t in h if t in lemma_ids] for h in unit_heads]
    uptr = np.zeros(len(units) + 1, dtype=np.int64)
    uptr[1:] = np.cumsum([len(h) for h in head_ids])
    arrays["uhead_ptr"] = uptr
    arrays["uhead_term"] = np.array([t for h in head_ids for t in h], dtype=np.int32)
    # units
    arrays["unit_node"] = np.array([node_ix[p.node] for p in units], dtype=np.int32)
    arrays["unit_lang"] = np.array([lang_ix[lg] for lg in lang_of], dtype=np.int8)
    arrays["unit_doc"] = unit_doc
    arrays["unit_flags"] = np.array([unit_flags(by_id[p.node]) for p in units], dtype=np.uint8)
    # nodes
    first_unit = np.full(len(nodes), -1, dtype=np.int32)
    for j in range(len(units) - 1, -1, -1):
        first_unit[arrays["unit_node"][j]] = j
    arrays["node_unit"] = first_unit
    arrays["node_doc"] = np.array([doc_ix[n.doc] for n in nodes], dtype=np.int16)
    arrays["node_parent"] = np.array(
        [node_ix.get(n.parent, -1) if n.parent else -1 for n in nodes], dtype=np.int32
    )
    arrays["node_prov"] = np.array([node_ix[provision(n, by_id).id] for n in nodes], np.int32)
    # the units of each node's subtree: nodes come in document order, parents first, so a
    # subtree is a run of nodes, and so of units
    end = _subtree_ends(arrays["node_parent"])
    unit_node = arrays["unit_node"]
    arrays["node_span"] = np.stack(
        [
            np.searchsorted(unit_node, np.arange(len(nodes)), side="left"),
            np.searchsorted(unit_node, end, side="left"),
        ],
        axis=1,
    ).astype(np.int32)
    # twins: the same provision in another edition of the Laws (one result shows both)
    twins = [_twins(n, corpus, node_ix) for n in nodes]
    tptr = np.zeros(len(nodes) + 1, dtype=np.int64)
    tptr[1:] = np.cumsum([len(t) for t in twins])
    arrays["twin_ptr"] = tptr
    arrays["twin_node"] = np.fromiter((t for r in twins for t in r), np.int32, int(tptr[-1]))
    arrays["node_group"] = _groups(arrays["node_prov"], twins)
    # resolved references, node -> nodes
    rrows = [[node_ix[t] for t in corpus.refs.get(n.id, ()) if t in node_ix] for n in nodes]
    rptr = np.zeros(len(nodes) + 1, dtype=np.int64)
    rptr[1:] = np.cumsum([len(r) for r in rrows])
    arrays["ref_ptr"] = rptr
    arrays["ref_node"] = np.fromiter((t for r in rrows for t in r), np.int32, int(rptr[-1]))
    # words of each unit node's text, for snippets: span and term ids in both fields
    exact_ids = {t: i for i, t in enumerate(vocabs["exact"])}
    tok_rows: list[list[tuple[int, int, int, int]]] = []
    for n in nodes:
        row: list[tuple[int, int, int, int]] = []
        if first_unit[node_ix[n.id]] >= 0:
            lang = docs[n.doc].lang
            for t in analyzer(lang).tokens(unit_text(n)):
                row.append(
                    (
                        t.start,
                        t.end,
                        lemma_ids.get(f"{lang} {t.lemma}", -1),
                        exact_ids.get(f"{lang} {t.exact}", -1),
                    )
                )
        tok_rows.append(row)
    tptr = np.zeros(len(nodes) + 1, dtype=np.int64)
    tptr[1:] = np.cumsum([len(r) for r in tok_rows])
    arrays["tok_ptr"] = tptr
    flat = np.array([x for r in tok_rows for x in r], dtype=np.int32).reshape(-1, 4)
    arrays["tok"] = flat
    # ID lookup: sorted IDs (bytes) and their node indices
    ids = np.array([n.id.encode() for n in nodes])
    order = np.argsort(ids, kind="stable")
    arrays["id_sorted"] = ids[order]
    arrays["id_node"] = order.astype(np.int32)
    lang_data = _lang_data(vocabs["lemma"], surface, exact_words)
    lexicon_data = _lexicon(corpus, vocabs["lemma"])
    manifest = {
        "format": FORMAT,
        "build_hash": corpus.build_hash,
        "code_key": code_key(),
        "docs": [{"id": d, **vars(m)} for d, m in docs.items()],
        "langs": list(LANGS),
        "units": len(units),
        "nodes": len(nodes),
        "terms": {name: len(v) for name, v in vocabs.items()},
        "build_seconds": 0.0,
    }
    tmp = Path(tempfile.mkdtemp(prefix=directory.name + ".", suffix=".tmp", dir=directory.parent))
    try:
        for name, arr in arrays.items():
            np.save(tmp / f"{name}.npy", arr, allow_pickle=False)
        for name, vocab in vocabs.items():
            (tmp / f"{name}.vocab").write_text("\n".join(vocab), encoding="utf-8")
        offsets = [0]
        with (tmp / "nodes.jsonl").open("wb") as fh:
            for n in nodes:
                line = json.dumps(_record(n, by_id, corpus), ensure_ascii=False).encode() + b"\n"
                fh.write(line)
                offsets.append(offsets[-1] + len(line))
        np.save(tmp / "node_off.npy", np.array(offsets, dtype=np.int64))
        (tmp / "lang.json").write_text(json.dumps(lang_data, ensure_ascii=False), "utf-8")
        (tmp / "lexicon.json").write_text(json.dumps(lexicon_data, ensure_ascii=False), "utf-8")
        manifest["build_seconds"] = round(time.perf_counter() - t0, 2)
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        (tmp / spelling.SPELLER_FILE).write_text(json.dumps(_speller(tmp)), encoding="utf-8")
        os.chmod(tmp, 0o755)
        _replace(tmp, directory)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return manifest


def _speller(directory: Path) -> dict[str, Any]:
    """The speller's filter of real words (kb/search/spelling.py) for the index being written
    in ``directory``: its vocabularies read as queries read them."""
    from kb.search.index import SearchIndex  # the index reads this module's FORMAT

    vocabularies = SearchIndex(directory, speller=False).spelling
    # the dictionaries take half a minute to read: the filter is kept per code and vocabularies
    h = hashlib.sha256(code_key().encode())
    for lang, words in sorted(vocabularies.items()):
        h.update(f"{lang}\n{sorted(words)}".encode())
    cached = SPELLER_CACHE / f"speller-{h.hexdigest()[:32]}.json"
    try:
        return dict(json.loads(cached.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        pass
    dictionaries = (frozenset(simplemma_words(name, fold)) for name in spelling.DICTIONARIES)
    data = spelling.Bloom.of(spelling.real_neighbours(vocabularies, dictionaries)).export()
    try:
        SPELLER_CACHE.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(f".{os.getpid()}.tmp")
        part.write_text(json.dumps(data), encoding="utf-8")
        os.replace(part, cached)
    except OSError:
        pass  # a read-only checkout builds without the cache
    return data


def _replace(new: Path, directory: Path) -> None:
    """Put ``new`` in place of ``directory``; the old one is removed after the rename (processes
    that mapped its files keep them)."""
    old = None
    if directory.exists():
        old = directory.with_name(f"{directory.name}.old{os.getpid()}")
        os.replace(directory, old)
    os.replace(new, directory)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


TWIN_RELATIONS = frozenset({"same", "changed", "moved"})


def _twins(node: Node, corpus: Corpus, node_ix: dict[str, int]) -> list[int]:
    """The nodes of other editions of the Laws that are the same provision as ``node``."""
    if corpus.docs[node.doc].kind != "laws":
        return []
    out = []
    for p in corpus.parallels.get(node.id, ()):
        other = str(p["id"])
        odoc = other.split(":", 1)[0]
        meta = corpus.docs.get(odoc)
        if meta is None or meta.kind != "laws" or odoc == node.doc or other not in node_ix:
            continue
        if p.get("relation") in TWIN_RELATIONS:
            out.append(node_ix[other])
    return out


def _groups(prov: np.ndarray, twins: list[list[int]]) -> np.ndarray:
    """Per node, its provision's group: a provision and its twins in the other editions share
    one (the smallest node index among them)."""
    root = list(range(len(prov)))

    def find(x: int) -> int:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for n, found in enumerate(twins):
        if int(prov[n]) != n:
            continue  # provisions only
        for t in found:
            if int(prov[t]) == t:
                a, b = find(n), find(t)
                root[max(a, b)] = min(a, b)
    return np.array([find(int(prov[n])) for n in range(len(prov))], dtype=np.int32)


def _subtree_ends(parent: np.ndarray) -> np.ndarray:
    """For nodes in document order (parents first), the index after each node's last descendant."""
    end = np.full(len(parent), len(parent), dtype=np.int64)
    stack: list[int] = []
    for k in range(len(parent)):
        p = int(parent[k])
        while stack and stack[-1] != p:
            end[stack.pop()] = k
        stack.append(k)
    return end


def unit_flags(node: Node) -> int:
    """The kind flags of a unit (bare heading, definition, footnote)."""
    flags = 0
    if node.kind in ("law", "section") and not node.text.strip():
        flags |= FLAG_TITLE_ONLY
    if node.kind == "definition" or node.law == "def":
        flags |= FLAG_DEFINITION
    if node.kind == "footnote" or node.law == "fn":
        flags |= FLAG_FOOTNOTE
    return flags


def provision(node: Node, by_id: dict[str, Node]) -> Node:
    """The provision a node belongs to: its law (article, regulation section), or the top
    definition or footnote it is part of; a structural group is its own."""
    cur = node
    while cur.parent and cur.kind != "law":
        parent = by_id.get(cur.parent)
        if parent is None or parent.kind in ("chapter", "part", "section-group"):
            break
        cur = parent
    return cur


def _record(node: Node, by_id: dict[str, Node], corpus: Corpus) -> dict[str, Any]:
    """What a result shows of a node."""
    title = node.title
    cur = node
    while title is None and cur.parent and cur.kind not in ("law", "definition"):
        cur = by_id[cur.parent]
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
        "text": unit_text(node) if node.kind not in ("chapter", "part") else (node.title or ""),
        "parallels": corpus.parallels.get(node.id, []),
    }
    if node.law == "def":
        term_node = node
        while term_node.kind != "definition" and term_node.parent:
            term_node = by_id[term_node.parent]
        out["term"] = term_node.title
    return out


def _lexicon(corpus: Corpus, lemma_vocab: list[str]) -> dict[str, Any]:
    """The cross-language lexicon (kb/search/lexicon.py) of the corpus."""
    from kb.search import lexicon, route

    docs = {d: (m.lang, m.edition) for d, m in corpus.docs.items()}
    texts = {n.id: f"{n.title or ''} {unit_text(n)}".strip() for n in corpus.nodes}
    heads = {n.id: n.title for n in corpus.nodes if n.title}
    titles = [("en", cite, title, edition) for cite, edition, title in route.official_titles()]
    vocab: dict[str, set[str]] = defaultdict(set)
    for tagged in lemma_vocab:
        lang, term = tagged.split(" ", 1)
        vocab[lang].add(term)

    def analyse(lang: str, text: str) -> set[str]:
        return {
            t.lemma
            for t in analyzer(lang).tokens(text)
            if not t.stop and len(t.lemma) >= lexicon.KEY_MIN
        }

    aligned = lexicon.aligned_texts(docs, texts, heads, corpus.parallels, titles)
    english: dict[str, list[tuple[str, str]]] = {}
    for lang in LANGS:
        path = LANG_DIR / lang / "english.tsv"
        if path.exists():
            english[lang] = [
                (_lemma(lang, word), analyzer("en").lemma(en.lower()))
                for word, en in read_pairs(path)
            ]
    concepts = [
        {lang: [_lemma(lang, w) for w in words] for lang, words in concept.items()}
        for concept in read_concepts()
    ]
    # an English question reads the words of every document but a commentary's: a commentary
    # restates Laws whose own text answers it; the languages of the Laws' editions, aligned with
    # each other paragraph by paragraph, need no pivot through English (the others do)
    kinds: dict[str, set[str]] = defaultdict(set)
    for m in corpus.docs.values():
        kinds[m.lang].add(m.kind)
    read = {lang for lang, k in kinds.items() if k != {"commentary"}}
    pivot = {lang for lang in english if kinds.get(lang) != {"laws"}}
    return lexicon.build(
        aligned, analyse, vocab, english, read=read, pivot=pivot, concepts=concepts
    )


def _lemma(lang: str, word: str) -> str:
    """The lemma a query word written by hand in language ``lang`` has."""
    return analyzer(lang).lemma(analyzer(lang).prep(word.lower()))


def _lang_data(
    lemma_vocab: list[str],
    surface: dict[str, dict[str, set[str]]],
    exact_words: dict[str, set[str]],
) -> dict[str, Any]:
    """Per language: its lemma table (languages whose lemmatizer only the build runs) and the
    corpus's folded surface forms -> lemmas."""
    from kb.search import route

    lemmas = {t.split(" ", 1)[1] for t in lemma_vocab}
    out: dict[str, Any] = {}
    data_lemmas: dict[str, set[str]] = {}
    data_words: dict[str, set[str]] = {}
    for lang in LANGS:
        an = analyzer(lang)
        words = an.data_words() | route.data_words(lang, an)
        data_words[lang] = words
        data_lemmas[lang] = {an.lemma(w) for w in words}
    wanted = lemmas.union(*data_lemmas.values())
    for lang in LANGS:
        table = {}
        if not pipeline(lang).LIVE:
            table = extract_table(lang, wanted, data_words[lang] | exact_words[lang])
        out[lang] = {
            "table": table,
            "surface": {w: sorted(v) for w, v in surface[lang].items()},
            "tokenizer": tokenize.export(make_pipeline(lang)),
        }
    return out
