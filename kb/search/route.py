"""Vocabulary routes: words of a query language -> cites of the Laws of Duplicate Bridge, looked up
in every bridge document.

English has no document of its own: ``kb/lang/en/law_titles.tsv`` (official WBF titles of Laws
1-93, 2017 and 2007), ``kb/lang/en/section_titles.tsv`` (the lettered sections' headings, each
scored with its law's title) and ``kb/lang/en/td_vocabulary.tsv`` (director vocabulary -> cites)
form its entries. Any other language may ship a ``td_vocabulary.tsv`` of its own: Russian does (its
only document comments Laws 24-39, so a Russian question about Law 64 needs this route to reach
sr-2007 and sk-2017), Polish (no Polish text of the Laws) and Slovak (a player's table words for
what its Laws say formally). Entries are ranked with BM25; the cites of the best ones are returned.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np

from kb.refs import CiteError, parse_cite
from kb.search import bm25
from kb.search.analyze import Analyzer
from kb.search.fuzzy import delete_map, one_edit
from kb.search.langdata import LANG_DIR, LANGS, LangDataError, read_pairs

VOCABULARY = "td_vocabulary.tsv"
FUZZY_MIN = 5  # shorter words are not corrected (too many neighbours)
SECTION_EDGE = 1.02  # how far a singled-out section ranks above its law
# a route naming more cites than this (its best entries tie on a word many phrases share,
# "karta") says little about each: they share its evidence, each weighing SPREAD / their number
SPREAD = 10
NEAR_CACHE = 50_000  # query words whose route neighbours are remembered
_SECTION_CITE = re.compile(r"^(\d{1,2})([A-H])$")


@dataclass(frozen=True)
class Entry:
    """One phrase and the cites it stands for."""

    phrase: str
    cites: tuple[str, ...]
    title_of: str | None = None  # the law whose title this is
    heading: str | None = None  # a section's own heading (its phrase adds the law's title)


def _titled(name: str, cite_re: re.Pattern[str]) -> list[tuple[str, str, str]]:
    """Rows ``cite<TAB>2017 title<TAB>2007 title or empty`` of an English titles file."""
    path = LANG_DIR / "en" / name
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 3 or not cite_re.match(cols[0]) or not cols[1].strip():
            raise LangDataError(
                f"{path}:{n}: {line!r} is not 'cite<TAB>2017 title<TAB>2007 title or empty' "
                f"(cite like {cite_re.pattern})"
            )
        out.append((cols[0], cols[1].strip(), cols[2].strip()))
    return out


def official_titles() -> list[tuple[str, str, str]]:
    """The official English titles of the Laws and their sections: (cite, edition, title)."""
    out = []
    laws = _titled("law_titles.tsv", re.compile(r"^\d{1,2}$"))
    sections = _titled("section_titles.tsv", _SECTION_CITE)
    for cite, t17, t07 in laws + sections:
        out.append((cite, "2017", t17))
        out.append((cite, "2007", t07 or t17))
    return out


def _english_titles() -> list[Entry]:
    """Law titles, then section headings each followed by its law's 2017 title."""
    laws = _titled("law_titles.tsv", re.compile(r"^\d{1,2}$"))
    law_title = {cite: t17 for cite, t17, _ in laws}
    out = []
    for cite, t17, t07 in laws:
        out.append(Entry(t17, (cite,), cite))
        if t07:
            out.append(Entry(t07, (cite,), cite))
    for cite, t17, t07 in _titled("section_titles.tsv", _SECTION_CITE):
        law = _SECTION_CITE.match(cite)
        context = law_title.get(law.group(1), "") if law else ""
        for title in (t17, t07):
            if title:
                out.append(Entry(f"{title} {context}", (cite,), heading=title))
    return out


@functools.cache
def languages() -> tuple[str, ...]:
    """The query languages that have a route (a ``td_vocabulary.tsv``)."""
    return tuple(c for c in LANGS if (LANG_DIR / c / VOCABULARY).exists())


@functools.cache
def entries(code: str) -> tuple[Entry, ...]:
    """Every entry of a language's route: (English titles first), then its TD vocabulary."""
    if code not in languages():
        raise KeyError(f"no vocabulary route for {code!r}; routes: {', '.join(languages())}")
    out = _english_titles() if code == "en" else []
    path = LANG_DIR / code / VOCABULARY
    for term, cites in read_pairs(path):
        try:
            # "12C1c" -> "12C1(c)", the form node IDs use
            out.append(Entry(term, tuple(parse_cite(c) for c in cites.split())))
        except CiteError as exc:
            raise LangDataError(f"{path}: {term!r} -> {cites!r}: {exc}") from exc
    return tuple(out)


def data_words(code: str, an: Analyzer) -> set[str]:
    """The words of a language's route phrases (lower-case, as typed), for its lemma table."""
    if code not in languages():
        return set()
    return {w for e in entries(code) for w in an.words(e.phrase)}


class Route:
    """One language's route: its entries as a BM25 field of the language's lemmas."""

    def __init__(self, code: str, analyzer: Analyzer) -> None:
        self.code = code
        self.entries = entries(code)
        self.field = bm25.Field([analyzer.analyze(e.phrase).lemmas for e in self.entries])
        self.vocabulary = frozenset(self.field.ids)
        self._deletes = delete_map(
            w for w in self.vocabulary if len(w) >= FUZZY_MIN and w.isalpha()
        )
        self.own_words = self._own_words(analyzer)
        self._near: dict[str, frozenset[str]] = {}

    def fuzzy(self, word: str) -> set[str]:
        """Route words at edit distance 1 from ``word`` ("опаздание" -> опоздание)."""
        if len(word) < FUZZY_MIN:
            return set()
        hit = self._near.get(word)
        if hit is None:
            hit = frozenset(one_edit(word, self._deletes, self.vocabulary.__contains__) - {word})
            if len(self._near) < NEAR_CACHE:  # query words repeat; a bounded memo of them
                self._near[word] = hit
        return set(hit)

    def cites(self, terms: list[str], keep: float = 0.6) -> dict[str, float]:
        """Cites named by lemma ``terms``, each scored in (0, 1] (1 = the best, up to ``SPREAD``
        cites; beyond, ``SPREAD`` / their number).

        Entries scoring under ``keep`` x the best one are dropped; a cite keeps its best score. A
        section (``62D``) is kept only when the query has a word of its heading that its law's
        title lacks ("trick twelve"), so that a query naming just the law does not spread over
        every section.
        """
        scores = self.field.scores(terms)
        best = float(scores.max()) if self.field.size else 0.0
        if best <= 0:
            return {}
        out: dict[str, float] = {}
        asked = set(terms)
        sections = set()
        kept = np.flatnonzero(scores >= keep * best)
        # a dozen entries or so: Python ints and floats read faster than numpy scalars
        for j, score in zip(kept.tolist(), scores[kept].tolist(), strict=True):
            entry = self.entries[j]
            if entry.heading is not None:
                own, heading = self.own_words[j]
                if not asked & own and not heading <= asked:
                    continue  # a section whose heading adds nothing to what its law's title matched
                sections.add(entry.cites[0])
            s = score / best
            for cite in entry.cites:
                out[cite] = max(out.get(cite, 0.0), s)
        # a section the query singles out is more specific than its law: it ranks just above it
        for cite in sections:
            law = _SECTION_CITE.match(cite)
            if law and law.group(1) in out:
                out[cite] = max(out[cite], out[law.group(1)]) * SECTION_EDGE
        top = max(out.values(), default=1.0)
        spread = min(1.0, SPREAD / len(out)) if out else 1.0
        return {c: s / top * spread for c, s in out.items()}

    def _own_words(self, an: Analyzer) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
        """Per entry: the lemmas a section's heading has beyond its law's titles, and all the
        heading's lemmas (both empty for entries that are not sections)."""
        law_words: dict[str, set[str]] = {}
        for e in self.entries:
            if e.title_of is not None:
                law_words.setdefault(e.title_of, set()).update(an.analyze(e.phrase).lemmas)
        out = []
        for e in self.entries:
            m = _SECTION_CITE.match(e.cites[0]) if e.heading is not None else None
            heading = set(an.analyze(e.heading).lemmas) if e.heading and m else set()
            own = heading - law_words.get(m.group(1), set()) if m else set()
            out.append((frozenset(own), frozenset(heading)))
        return tuple(out)
