"""What the aligner compares: each provision's words, numbers and citations, language-neutral.

Words are folded (lower case, diacritics and ``đ`` removed), stop words dropped (the lists of
``kb/lang/<code>/stop_words.txt``), and cut to a stem (their first ``STEM`` letters), so
inflected forms meet (``licitacije``/``licitácie`` -> ``licit``); numbers
are read from digits and from number words (``trinaest``, ``trinásť`` -> 13) outside the spans of
citations; citations are the node IDs the provision's references resolve to. A node's
``subtree`` features add those of everything below it, so a section with no text of its own
is compared by what its paragraphs say.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from kb.models import Node, Reference

DATA = Path(__file__).resolve().parent
LANG_DIR = DATA.parent / "lang"
STEM = 5  # Slavic inflection lives in the last two or three letters
MIN_WORD = 3  # shorter words are particles and prepositions
PROVISION_KINDS = frozenset({"law", "section", "paragraph", "item", "subitem"})

_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
_FOLD_EXTRA = str.maketrans({"đ": "dj", "ð": "d", "ł": "l", "ß": "ss"})


_FOLDED: dict[int, str] = {}  # character -> its folded form, filled as characters are met


def _fold_char(ch: str) -> str:
    decomposed = unicodedata.normalize("NFD", ch.lower().translate(_FOLD_EXTRA))
    # recomposed: a letter that decomposes into letters, not marks (Hangul "각"), stays whole
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not unicodedata.combining(c))
    )


def fold(text: str) -> str:
    """Lower case without diacritics: ``Nedovoljan ličit`` -> ``nedovoljan licit``."""
    for ch in set(text):
        if ord(ch) not in _FOLDED:
            _FOLDED[ord(ch)] = _fold_char(ch)
    return text.translate(_FOLDED)


def stem(word: str) -> str:
    """The comparison unit of a folded word."""
    return word[:STEM]


@cache
def stop_words(lang: str) -> frozenset[str]:
    """The folded stop words of ``kb/lang/<lang>/stop_words.txt`` (none for an unknown code)."""
    path = LANG_DIR / lang / "stop_words.txt"
    if not path.exists():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(fold(w.strip()) for w in lines if w.strip() and not w.startswith("#"))


@cache
def number_words(lang: str) -> dict[str, int]:
    """The number words of ``lang`` from ``numbers.toml``, folded: ``trinaest`` -> 13."""
    with (DATA / "numbers.toml").open("rb") as fh:
        data = tomllib.load(fh)
    return {fold(w): int(v) for v, ws in data.get(lang, {}).items() for w in ws}


@cache
def rule_words(lang: str) -> frozenset[str]:
    """The folded words of ``cues.toml`` that make a citation in their clause part of the rule
    (``primenjuje se``, ``neuplatní sa``, ``s výnimkou``)."""
    with (DATA / "cues.toml").open("rb") as fh:
        data = tomllib.load(fh)
    return frozenset(fold(w) for w in data.get("rule", {}).get(lang, []))


_CLAUSE_END = re.compile(r"[.;:()]")


@dataclass
class Features:
    """One node's comparable content (own text) and its subtree's. ``ruling`` are the
    citations made in a clause that applies or excepts them (``uplatní sa pravidlo 16``), a
    subset of ``cites``."""

    node: str
    stems: frozenset[str]
    title: frozenset[str]
    numbers: tuple[int, ...]
    cites: frozenset[str]
    length: int
    ruling: frozenset[str] = frozenset()
    subtree: frozenset[str] = frozenset()
    subtree_numbers: tuple[int, ...] = ()
    subtree_cites: frozenset[str] = frozenset()
    subtree_length: int = 0
    children: list[str] = field(default_factory=list)


def _spans(refs: Iterable[Reference]) -> list[tuple[int, int]]:
    return [(r.start, r.end) for r in refs if r.field == "text"]


def words(text: str, skip: Iterable[tuple[int, int]] = ()) -> list[str]:
    """Folded words and digit runs of ``text`` outside the ``skip`` spans."""
    for s, e in skip:
        text = text[:s] + " " * (e - s) + text[e:]
    return _WORD.findall(fold(text))


def numbers_in(tokens: Iterable[str], lang: str) -> tuple[int, ...]:
    """The numbers among folded tokens (digits or number words), sorted."""
    nw = number_words(lang)
    out = []
    for t in tokens:
        if t.isdigit():
            out.append(int(t))
        else:
            v = nw.get(t)
            if v is not None:
                out.append(v)
    return tuple(sorted(out))


def number_spans(text: str, lang: str) -> list[tuple[int, int, int]]:
    """``(start, end, value)`` of every number in ``text``: digits and number words."""
    nw = number_words(lang)
    out = []
    for m in _WORD.finditer(text):
        word = m.group()
        value = int(word) if word.isdigit() else nw.get(fold(word))
        if value is not None:
            out.append((m.start(), m.end(), value))
    return out


def ruling(text: str, refs: Iterable[Reference], lang: str) -> frozenset[str]:
    """The targets of the resolved references of ``text`` whose clause holds a rule word."""
    words = rule_words(lang)
    out: set[str] = set()
    for r in refs:
        if r.field != "text" or r.status != "resolved":
            continue
        starts = [m.end() for m in _CLAUSE_END.finditer(text, 0, r.start)]
        stop = _CLAUSE_END.search(text, r.end)
        clause = text[starts[-1] if starts else 0 : stop.start() if stop else len(text)]
        if words.intersection(_WORD.findall(fold(clause))):
            out.update(r.targets)
    return frozenset(out)


def node_features(
    node: Node, lang: str, refs: Iterable[Reference] = (), cites: Iterable[str] = ()
) -> Features:
    """The features of one node's own text (and title), its citations excluded from words."""
    refs = list(refs)
    stop = stop_words(lang)
    tokens = words(node.text, _spans(refs))

    def content(ts: list[str]) -> frozenset[str]:
        return frozenset(
            stem(t) for t in ts if len(t) >= MIN_WORD and t.isalpha() and t not in stop
        )

    stems = content(tokens)
    title = content(words(node.title or ""))
    return Features(
        node=node.id,
        stems=stems,
        title=title,
        numbers=numbers_in(tokens, lang),
        cites=frozenset(cites),
        length=len(node.text),
        ruling=ruling(node.text, refs, lang),
    )


def document_features(
    nodes: list[Node], lang: str, refs_by_node: Mapping[str, list[Reference]]
) -> dict[str, Features]:
    """Features of every provision (a law and what is below it) of one document, subtrees
    included, in document order."""
    feats: dict[str, Features] = {}
    for n in nodes:
        if n.kind not in PROVISION_KINDS or not (n.law or "").isdigit():
            continue  # definitions, footnotes and tables are not provisions
        rs = refs_by_node.get(n.id, [])
        cites = [t for r in rs if r.status == "resolved" for t in r.targets]
        feats[n.id] = node_features(n, lang, rs, cites)
    for n in nodes:
        if n.id in feats and n.parent in feats:
            feats[n.parent].children.append(n.id)
    for f in reversed(list(feats.values())):  # children before parents
        kids = [feats[c] for c in f.children]
        f.subtree = f.stems.union(*(k.subtree for k in kids))
        f.subtree_numbers = tuple(sorted(f.numbers + sum((k.subtree_numbers for k in kids), ())))
        f.subtree_cites = f.cites.union(*(k.subtree_cites for k in kids))
        f.subtree_length = f.length + sum(k.subtree_length for k in kids)
    return feats
