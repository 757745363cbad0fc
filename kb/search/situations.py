"""A prior from the ruling trees: a query that describes a situation a tree rules on lifts the
paragraphs that tree's leaves cite.

Each tree (``kb/rulings/trees``) carries trigger phrases and example descriptions in the six
languages, written the way directors describe what happened, and its leaves cite the paragraphs
that rule, per edition. ``kb.rulings.suggest`` maps a described situation to trees with a score;
when that score is high enough, the cited paragraphs (found in every law-numbered document by
their cite: both editions and the commentary) get a prior in proportion to the score and to how
many of the tree's leaves cite them.

``kb.rulings`` is imported on the first query that needs it (it loads the trees; ``kb.ask``
imports both packages, so nothing here imports it at module level).

Loading the trees takes longer than opening the index, so what queries need of them (the cites
above and the suggestion scoring data) is saved in the index directory (``trees.json``, written
by ``lawdesk build``, else by the first process that warms the index) under the KB build hash and
a digest of the trees and the code that reads them; a process whose key matches reads that file
and never loads a tree.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import os
import re
import tempfile
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from kb.search import tree_grams
from kb.search.tree_grams import GramIndex, id_ranks, tree_texts

if TYPE_CHECKING:
    from kb.rulings.catalogue import Tree

S = TypeVar("S")
D = TypeVar("D")

TREE_FROM = 2.0  # a suggestion score below this lends nothing (a guess)
TREE_FULL = 6.0  # ... at or above this, the full prior
TREES = 2  # the best trees considered
GRAM_WEIGHT = 5.0  # a tree's nearness by character n-grams (kb/search/tree_grams.py), as score
NEAREST_FROM = 50  # the suggestions re-weighed by it (every tree with a score, in practice)
WEIGHT_DECIMALS = 3  # of a tree's weight for a Law or paragraph
MAX_QUERY = 400  # characters of a query read for suggestions (a description, not a document)
SAVED = "trees.json"  # in the index directory
SAVED_FORMAT = 3
_KB_DIR = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class TreeCites:
    """What one tree's leaves rule by, each with its weight in [0, 1]: the share of the tree's
    leaves that cite it, times how specific its Law is to the tree (a Law many trees cite, such
    as the lead restrictions, says little about which situation this is)."""

    laws: tuple[tuple[str, float], ...]  # ``sr-2007:27``
    paragraphs: tuple[tuple[str, float], ...]  # ``sr-2007:27B1(a)``, as the leaves give them
    leaves: tuple[Leaf, ...] = ()
    leaf_idf: Mapping[str, float] = field(default_factory=dict)  # one table for every tree


@dataclass(frozen=True)
class Leaf:
    """One ruling of a tree, as a query can meet it: the stems of the answers on the paths to
    it and of its rectification texts (weighed by ``TreeCites.leaf_idf``), and the paragraphs
    it cites (IDs as ``TreeCites.paragraphs`` gives them)."""

    words: tuple[str, ...]
    paragraphs: tuple[str, ...]


class _LeafIndex:
    """Every tree's leaves, for choosing the one a query names: per stem the leaves holding it
    (numbered across all trees, ascending, in a compact array) and per tree its leaves' range,
    so one table of a few thousand stems serves every tree."""

    def __init__(self, cites: Mapping[str, TreeCites]) -> None:
        self.leaves: list[Leaf] = []
        self.ranges: dict[str, tuple[int, int]] = {}
        holding: dict[str, list[int]] = {}
        for tree_id, c in cites.items():
            first = len(self.leaves)
            for leaf in c.leaves:
                for word in leaf.words:
                    holding.setdefault(word, []).append(len(self.leaves))
                self.leaves.append(leaf)
            self.ranges[tree_id] = (first, len(self.leaves))
        self.holding = {word: array("I", ids) for word, ids in holding.items()}
        self.idf: Mapping[str, float] = next(iter(cites.values())).leaf_idf if cites else {}

    def best(self, tree_id: str, stems: frozenset[str]) -> Leaf | None:
        """The tree's leaf the stems name best (the summed idf of the stems they share; the
        first of equals), or None when they share none."""
        lo, hi = self.ranges.get(tree_id, (0, 0))
        score: dict[int, float] = {}
        for word in stems:
            ids = self.holding.get(word)
            if ids is None:
                continue
            idf = self.idf[word]
            for i in ids[bisect_left(ids, lo) : bisect_left(ids, hi)]:
                score[i] = score.get(i, 0.0) + idf
        best = max(score.values(), default=0.0)
        if best <= 0.0:
            return None
        return self.leaves[min(i for i, v in score.items() if v >= best - 1e-9)]


_LEAF_INDEX: list[tuple[Mapping[str, TreeCites], _LeafIndex]] = []  # of the cites now


def _derived(slot: list[tuple[S, D]], source: S, build: Callable[[S], D]) -> D:
    """``build(source)``, kept in ``slot`` while ``source`` is the same object (the saved
    file read by ``load`` replaces what was built from the trees)."""
    if not slot or slot[0][0] is not source:
        slot[:] = [(source, build(source))]
    return slot[0][1]


def _leaf_index() -> _LeafIndex:
    """The leaf index of the cites ``tree_cites`` gives now (built again when they change)."""
    return _derived(_LEAF_INDEX, tree_cites(), _LeafIndex)


def best_leaf(tree_id: str, stems: frozenset[str]) -> Leaf | None:
    """The leaf of tree ``tree_id`` the query's stems name best, or None (``_LeafIndex``)."""
    return _leaf_index().best(tree_id, stems)


def law_of(provision: str) -> str:
    """The Law (or article) a provision ID belongs to: ``sk-2017:27B1(a)`` -> ``sk-2017:27``."""
    doc, cite = provision.split(":", 1)
    number = re.match(r"\d+", cite)
    return f"{doc}:{number.group()}" if number else provision


_SAVED_CITES: list[Mapping[str, TreeCites]] = []  # read from the saved file (``load``)
_SAVED_GRAM_TEXTS: list[tuple[tuple[str, str], ...]] = []  # ditto
_GRAM_INDEX: list[tuple[tuple[tuple[str, str], ...], GramIndex]] = []  # of the texts now
_WARMED: set[tuple[str, str]] = set()  # (index directory, build hash) warmed in this process


def tree_cites() -> Mapping[str, TreeCites]:
    """Per tree, the Laws and paragraphs its leaves rule by (built once per process, or read
    from the saved file); the same paragraph in both editions is listed once, by the ID the
    first leaf gives."""
    return _SAVED_CITES[0] if _SAVED_CITES else _built_cites()


@functools.cache
def _built_cites() -> Mapping[str, TreeCites]:
    """``tree_cites`` from the trees themselves."""
    from kb.rulings.catalogue import trees  # see the module docstring

    para_counts: dict[str, Counter[str]] = {}
    law_counts: dict[str, Counter[str]] = {}
    leaf_words: dict[str, list[tuple[frozenset[str], tuple[str, ...]]]] = {}
    for tree_id, t in trees().items():
        paras: Counter[str] = Counter()
        laws: Counter[str] = Counter()
        first: dict[str, str] = {}
        cites: dict[str, tuple[str, ...]] = {}
        for node_id, node in t.data["nodes"].items():
            leaf: list[str] = []
            for rule in node.get("ruling", {}).values():
                cited = [first.setdefault(law.split(":", 1)[1], law) for law in rule["laws"]]
                paras.update(set(cited))
                laws.update({_unprefixed(law_of(c)) for c in cited})
                leaf.extend(cited)
            if "ruling" in node:
                cites[node_id] = tuple(dict.fromkeys(leaf))
        para_counts[tree_id], law_counts[tree_id] = paras, laws
        words = _leaf_words(t)
        leaf_words[tree_id] = [(frozenset(words.get(n, ())), c) for n, c in cites.items()]
    trees_citing = Counter(law for laws in law_counts.values() for law in laws)
    total = len(law_counts)
    leaves_holding = Counter(w for rows in leaf_words.values() for words, _ in rows for w in words)
    n_leaves = sum(len(rows) for rows in leaf_words.values())
    idf = {w: round(math.log(n_leaves / n), WEIGHT_DECIMALS) for w, n in leaves_holding.items()}

    def weighed(counts: Counter[str], law: Callable[[str], str]) -> tuple[tuple[str, float], ...]:
        # the share of the leaves, times how few trees cite the provision's Law; three decimals
        # are all a prior needs (and the browser's copy is the smaller)
        most = max(counts.values(), default=1)
        return tuple(
            (
                key,
                round(
                    n / most * math.log(1 + total / trees_citing[law(key)]) / math.log(1 + total),
                    WEIGHT_DECIMALS,
                ),
            )
            for key, n in counts.most_common()
        )

    out: dict[str, TreeCites] = {}
    for tree_id, laws in law_counts.items():
        paras = para_counts[tree_id]
        by_law = weighed(laws, lambda law: law)
        out[tree_id] = TreeCites(
            tuple((f"{_doc_of(paras, law)}:{law}", w) for law, w in by_law),
            weighed(paras, lambda p: _unprefixed(law_of(p))),
            tuple(Leaf(tuple(sorted(words)), cites) for words, cites in leaf_words[tree_id]),
            idf,
        )
    return out


def gram_texts() -> tuple[tuple[str, str], ...]:
    """Every tree's texts as ``tree_grams`` reads them, (tree id, content words), a tree's
    together (built once per process, or read from the saved file)."""
    return _SAVED_GRAM_TEXTS[0] if _SAVED_GRAM_TEXTS else _built_gram_texts()


@functools.cache
def _built_gram_texts() -> tuple[tuple[str, str], ...]:
    from kb.rulings.catalogue import trees  # see the module docstring

    return tuple((tree_id, text) for tree_id, t in trees().items() for text in tree_texts(t))


def _gram_index() -> GramIndex:
    """The n-gram index of the texts ``gram_texts`` gives now (built again when they change)."""
    return _derived(_GRAM_INDEX, gram_texts(), GramIndex)


def _leaf_words(t: Tree) -> dict[str, set[str]]:
    """Per node of a tree, the stems of the answers on every path to it: an answer's own
    labels, else a ``true`` answer's question (the shared yes / no / not sure labels say
    nothing of the situation), in every language; a leaf adds its rectification texts."""
    from kb.rulings.suggestions import LANGUAGES, stems  # see the module docstring

    def said(texts: Mapping[str, str] | None) -> set[str]:
        return {w for lang in LANGUAGES for w in stems((texts or {}).get(lang, ""))}

    nodes = t.data["nodes"]
    words: dict[str, set[str]] = {t.data["start"]: set()}
    todo = [t.data["start"]]
    while todo:  # a node's words grow until no path adds any (trees are small DAGs)
        node_id = todo.pop()
        node = nodes[node_id]
        edges: list[tuple[str, set[str]]] = []
        if "branch" in node:
            edges = [(case["next"], set()) for case in node["branch"]]
        elif "ask" in node:
            fact = t.facts[node["ask"]]
            for answer in node["answers"]:
                value = answer["value"]
                key = json.dumps(value) if isinstance(value, bool) else str(value)
                texts = fact.labels.get(key) or (fact.question if value is True else None)
                edges.append((answer["next"], said(texts)))
        for target, added in edges:
            grown = words[node_id] | added
            if target not in words or not grown <= words[target]:
                words.setdefault(target, set()).update(grown)
                todo.append(target)
    for node_id, node in nodes.items():
        for rule in node.get("ruling", {}).values():
            words.setdefault(node_id, set()).update(said(rule.get("rectification")))
    return words


def _unprefixed(provision: str) -> str:
    return provision.split(":", 1)[1]


def _doc_of(paragraphs: Counter[str], law: str) -> str:
    """The document of the first cited paragraph of ``law`` (the Law is found by number in
    every law-numbered document anyway)."""
    return next(p.split(":", 1)[0] for p in paragraphs if _unprefixed(law_of(p)) == law)


def warm(directory: Path | None = None, build_hash: str = "") -> None:
    """Get the trees' cites and the suggestion scoring data ready now (``SearchIndex.warm``:
    the API does it before answering ready, so no query pays for it): read from the file
    saved in the index ``directory`` if its key matches, else built from the trees and saved
    there (where it can be written)."""
    if directory is not None and (str(directory), build_hash) in _WARMED:
        return  # this process read or wrote that index's file already
    if directory is None or not load(directory, build_hash):
        tree_cites()
        if directory is not None:
            with contextlib.suppress(OSError):
                save(directory, build_hash)
    weighed("warm")  # the suggestions' scoring data, and the n-gram index
    _leaf_index()  # about 10 ms: not for the first query that describes a situation
    if directory is not None:
        _WARMED.add((str(directory), build_hash))


def inputs_key() -> str:
    """A digest of what the saved data is made from: the trees and every file of
    ``kb/rulings`` (catalogue, scoring code), this module and ``tree_grams``, the stop words and
    the script table the suggestions' stems use."""
    files = sorted(
        p
        for p in (_KB_DIR / "rulings").rglob("*")
        if p.suffix in (".py", ".yaml", ".tsv", ".json") and p.is_file()
    )
    files += sorted((_KB_DIR / "lang").glob("*/stop_words.txt"))
    files.append(_KB_DIR / "script.py")
    h = hashlib.sha256(f"{SAVED_FORMAT}".encode())
    h.update(Path(__file__).read_bytes())
    h.update(Path(tree_grams.__file__).read_bytes())  # how the saved n-gram texts are read
    for path in files:
        h.update(str(path.relative_to(_KB_DIR)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def save(directory: Path, build_hash: str) -> None:
    """Write the trees' cites and scoring data to ``directory/trees.json`` (atomically), under
    the KB build hash and ``inputs_key``."""
    from kb.rulings.suggestions import scoring  # see the module docstring

    data: dict[str, Any] = {
        "format": SAVED_FORMAT,
        "build_hash": build_hash,
        "key": inputs_key(),
        "cites": {
            tree_id: {
                "laws": c.laws,
                "paragraphs": c.paragraphs,
                "leaves": [[" ".join(leaf.words), leaf.paragraphs] for leaf in c.leaves],
            }
            for tree_id, c in tree_cites().items()
        },
        "leaf_idf": next((c.leaf_idf for c in tree_cites().values()), {}),
        "gram_texts": gram_texts(),
        "scoring": scoring().data(),
    }
    fd, tmp = tempfile.mkstemp(prefix=SAVED, suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False)
        os.chmod(tmp, 0o644)
        os.replace(tmp, directory / SAVED)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load(directory: Path, build_hash: str) -> bool:
    """Use the saved file of ``directory`` if it is there, readable, and of this KB build and
    these trees and code; whether it was used."""
    from kb.rulings.suggestions import Scoring, use_scoring  # see the module docstring

    try:
        data = json.loads((directory / SAVED).read_text(encoding="utf-8"))
        if (
            data.get("format") != SAVED_FORMAT
            or data.get("build_hash") != build_hash
            or data.get("key") != inputs_key()
        ):
            return False
        leaf_idf = {str(w): float(v) for w, v in data["leaf_idf"].items()}
        canonical = {w: w for w in leaf_idf}  # one string per stem, not one per leaf
        cites = {
            tree_id: TreeCites(
                tuple((str(p), float(w)) for p, w in c["laws"]),
                tuple((str(p), float(w)) for p, w in c["paragraphs"]),
                tuple(
                    Leaf(tuple(canonical[w] for w in words.split()), tuple(map(str, paras)))
                    for words, paras in c["leaves"]
                ),
                leaf_idf,
            )
            for tree_id, c in data["cites"].items()
        }
        saved = Scoring.of_data(data["scoring"])
        texts = tuple((str(tree_id), str(words)) for tree_id, words in data["gram_texts"])
        grams = GramIndex(texts)  # about 0.1 s; a file whose trees' texts are apart fails here
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False  # missing or damaged: built again
    _SAVED_CITES[:] = [cites]
    _SAVED_GRAM_TEXTS[:] = [texts]
    _GRAM_INDEX[:] = [(texts, grams)]
    use_scoring(saved)
    return True


def confidence(score: float) -> float:
    """How far a suggestion score makes the tree the query's situation, in [0, 1]."""
    return min(1.0, max(0.0, (score - TREE_FROM) / (TREE_FULL - TREE_FROM)))


def suggested(text: str) -> list[tuple[str, float]]:
    """The trees the described situation suggests, with their confidence (none below
    ``TREE_FROM``)."""
    from kb.rulings import RulingError  # see the module docstring
    from kb.rulings.suggestions import ranked

    try:
        found = ranked(text[:MAX_QUERY], TREES)
    except RulingError:
        return []
    out = [(tree_id, confidence(score)) for tree_id, score in found]
    return [(tree_id, c) for tree_id, c in out if c > 0]


def names_bid(text: str) -> bool:
    """Whether the query names a bid with its level ("1 pik", "2H", "3БК", "8 piky"): a bridge
    question, for the preferans code bids without levels."""
    from kb.rulings.suggestions import mentioned_bids  # see the module docstring

    return bool(mentioned_bids(text))


def weighed(text: str) -> list[tuple[str, float]]:
    """``suggested``, each tree's score raised by ``GRAM_WEIGHT`` times how near the text is to
    one of the tree's own texts (kb/search/tree_grams.py): the trees the prior rules by. The
    browser ranks by ``suggested`` alone."""
    from kb.rulings import RulingError  # see the module docstring
    from kb.rulings.suggestions import ranked

    text = text[:MAX_QUERY]
    try:
        found = ranked(text, NEAREST_FROM)
    except RulingError:
        return []
    grams = _gram_index()
    score = GRAM_WEIGHT * grams.nearness(text)
    trees = list(grams.trees)
    for tree_id, s in found:
        at = grams.position.get(tree_id)
        if at is None:  # a tree without a text of content words (none so far)
            at = len(trees)
            trees.append(tree_id)
            score = np.append(score, 0.0)
        score[at] += s
    rank = grams.by_id if len(trees) == len(grams.trees) else id_ranks(trees)
    best = np.lexsort((rank, -score))[:TREES].tolist()
    return [(trees[i], c) for i in best if (c := confidence(float(score[i]))) > 0]


def cited(text: str) -> tuple[dict[str, float], dict[str, float]]:
    """The Laws and the paragraphs the query's trees (``weighed``) rule by (IDs as the trees give
    them), each with its prior weight in [0, 1]: the tree's confidence times the provision's
    weight in the tree (``TreeCites``), the best over trees. The leaf of each tree the query's
    words name best lends its paragraphs more: their Law's weight (at most the tree's
    confidence), as a leaf tells which paragraph of a Law rules, not which Law."""
    cites = tree_cites()
    laws: dict[str, float] = {}
    paragraphs: dict[str, float] = {}
    leaves: list[tuple[float, Leaf]] = []
    words: frozenset[str] | None = None
    for tree_id, c in weighed(text):
        found = cites.get(tree_id)
        if found is None:
            continue
        for out, rows in ((laws, found.laws), (paragraphs, found.paragraphs)):
            for provision, w in rows:
                out[provision] = max(out.get(provision, 0.0), c * w)
        if found.leaves:
            if words is None:
                from kb.rulings.suggestions import stems  # see the module docstring

                words = frozenset(stems(text[:MAX_QUERY]))
            best = best_leaf(tree_id, words)
            if best is not None:
                leaves.append((c, best))
    by_number = {_unprefixed(law): w for law, w in laws.items()}
    for c, leaf in leaves:
        for p in leaf.paragraphs:
            w = min(c, by_number.get(_unprefixed(law_of(p)), 0.0))
            paragraphs[p] = max(paragraphs.get(p, 0.0), w)
    return laws, paragraphs
