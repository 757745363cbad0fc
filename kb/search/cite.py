"""Queries that are a citation: ``12C1c``, ``član 16B``, ``clan 40``, ``prav. 45C``, ``правило 35``.

The law words each language accepts before a cite are the ``query_words`` of its
``kb/lang/<code>/citations.toml`` (owned by kb.refs); they are matched as written and with
diacritics folded (``clan 40``). The cite itself is normalised by ``kb.refs.parse_cite``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from kb.refs import CiteError, parse_cite
from kb.refs.patterns import languages, load
from kb.search.normalize import clean, fold, sr_to_latin

# Law words of the query languages that have no documents of their own (English), and
# abbreviations every language uses.
_GENERIC_WORDS = r"(?i:laws?|rules?|art\.?|articles?|§|par\.?|pkt\.?|prav\.?|p\.)"
_POINT = re.compile(r"^(\d{1,3})\.(\d{1,2})$")
_NUMBERED = re.compile(r"^\d{1,3}(?!\d)")


@dataclass(frozen=True)
class QueryCite:
    """A query that names a provision: its normalised cite and the languages its law word hints."""

    cite: str
    alternatives: tuple[str, ...]
    langs: tuple[str, ...]


@functools.cache
def _law_words() -> list[tuple[str, re.Pattern[str]]]:
    """(language, pattern) for every language's query words, as written and folded."""
    out = []
    for code in languages():
        pattern = load(code).query_words
        if pattern is None:
            continue
        out.append((code, re.compile(pattern.pattern + r"\s*")))
        out.append((code, re.compile(fold(pattern.pattern) + r"\s*")))
    out.append(("", re.compile(_GENERIC_WORDS + r"\s*")))
    return out


def _strip_law_word(text: str) -> tuple[str, tuple[str, ...]]:
    """The query without a leading law word, and the languages whose word it was."""
    hints: list[str] = []
    rest = text
    for code, pattern in _law_words():
        for variant in (text, fold(text)):
            m = pattern.match(variant)
            if m and m.end() < len(variant) and variant[m.end()].isdigit():
                if code and code not in hints:
                    hints.append(code)
                rest = variant[m.end() :]
    return rest.strip(), tuple(hints)


def parse_query(text: str) -> QueryCite | None:
    """The citation a whole query names, or None if the query is not (only) a citation."""
    q = clean(text).strip().strip(".,;:?!")
    rest, hints = q.lower(), ()
    # Cyrillic law words: Russian as written, Serbian ("члан 27") read as Latin
    for variant in (q.lower(), sr_to_latin(q.lower())):
        stripped, found = _strip_law_word(variant)
        if found or stripped != variant:
            rest, hints = stripped, tuple(dict.fromkeys(hints + found))
    if not _NUMBERED.match(rest):
        return None
    point = _POINT.match(rest)
    if point:
        return QueryCite(rest, (), hints)
    try:
        cite = parse_cite(rest)
    except CiteError:
        return None
    alternatives: list[str] = []
    # a lower-case letter right after the number may be an item of an article ("29a" -> 29(a))
    m = re.fullmatch(r"(\d{1,3})\s*([a-h])", rest)
    if m:
        alternatives.append(f"{m.group(1)}({m.group(2)})")
    return QueryCite(cite, tuple(alternatives), hints)
