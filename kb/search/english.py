"""The English route: English words and WBF law titles -> Law numbers of every bridge document.

English has no document of its own. ``kb/lang/en/law_titles.tsv`` (titles of Laws 1-93, 2017 and
2007) and ``kb/lang/en/td_vocabulary.tsv`` (director vocabulary -> cites) form small entries
ranked with rank-bm25; the cites of the best entries are then looked up in each document.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from kb.search.analyze import analyzer
from kb.search.index import FieldIndex
from kb.search.langdata import LANG_DIR, LangDataError, read_pairs


@dataclass(frozen=True)
class Entry:
    """One English phrase and the cites it stands for."""

    phrase: str
    cites: tuple[str, ...]


def _titles() -> list[Entry]:
    """Law titles as entries (2017 title, and the 2007 one where it differs)."""
    path = LANG_DIR / "en" / "law_titles.tsv"
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 3 or not cols[0].isdigit() or not cols[1].strip():
            raise LangDataError(
                f"{path}:{n}: {line!r} is not 'law<TAB>2017 title<TAB>2007 title or empty'"
            )
        out.append(Entry(cols[1], (cols[0],)))
        if cols[2].strip():
            out.append(Entry(cols[2], (cols[0],)))
    return out


def _vocabulary() -> list[Entry]:
    """The TD vocabulary as entries."""
    path = LANG_DIR / "en" / "td_vocabulary.tsv"
    return [Entry(term, tuple(cites.split())) for term, cites in read_pairs(path)]


@functools.cache
def entries() -> list[Entry]:
    """Every English entry: titles first, then the TD vocabulary."""
    return _titles() + _vocabulary()


@functools.cache
def _field() -> FieldIndex:
    """The BM25 field over the English entries."""
    an = analyzer("en")
    return FieldIndex([an.analyze(e.phrase).lemmas for e in entries()])


def vocabulary() -> frozenset[str]:
    """Every lemma the English route knows."""
    return frozenset(_field().postings)


def english_cites(terms: list[str], keep: float = 0.6) -> dict[str, float]:
    """Cites named by English lemma terms, each with a score in (0, 1] (1 = best entry).

    Entries scoring under ``keep`` x the best one are dropped; a cite keeps its best score.
    """
    fld = _field()
    scores = np.zeros(fld.size, dtype=np.float32)
    fld.add_scores(terms, scores)
    best = float(scores.max()) if fld.size else 0.0
    if best <= 0:
        return {}
    out: dict[str, float] = {}
    for j in np.flatnonzero(scores >= keep * best):
        s = float(scores[j]) / best
        for cite in entries()[j].cites:
            out[cite] = max(out.get(cite, 0.0), s)
    return out
