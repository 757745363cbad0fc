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
from kb.script import sr_to_latin
from kb.search.normalize import clean, fold

# Law words of the query languages that have no documents of their own (English), and
# abbreviations every language uses.
_GENERIC_WORDS = (
    r"(?i:laws?|rules?|art\.?|articles?|§|par\.?|paragra(?:f|ph)\w*|pkt\.?|prav\.?|p\.|"
    r"пункт\w*|параграф\w*)"
)
# a number sign between the law word and the number: "pravidlo č. 64", "law no. 64", "правило № 64"
_NUMBER_SIGN = r"\s*(?:(?i:č\.?|c\.|br\.?|nr\.?|no\.?|num\.?|№|#)\s*)?(?=\d)"
# the law word after the number, as Croatian and Serbian write it: "53. članak" -> "članak 53"
_POSTPOSED = re.compile(r"^(\d{1,3}(?:\.\d{1,2})?[a-z0-9()]*)\.?\s+(\D+)$")
_POINT = re.compile(r"^(\d{1,3})\.(\d{1,2})$")
_NUMBERED = re.compile(r"^\d{1,3}(?!\d)")
_SEPARATORS = re.compile(r"(?<=[0-9a-z])[-/_](?=[0-9a-z])")
_CLOSING = re.compile(r"(?<!\()\b([a-z])\)")
# the first number followed by a lower-case letter, as typed: "61 a", not "61A"
_LOWER_ITEM = re.compile(r"^\D*\d{1,3}\s*[a-h](?![a-z])")
_NESTED_PART = re.compile(r"\d{1,3}|[a-z]{1,4}")
# a cite with a section letter, typed among other words (law numbers 8-93, or 1-7 with a
# paragraph: "1C", "4D" are calls)
MAX_CITE_WORDS = 8  # "pravidlo č. 16 D 2 (a)": the longest cite a query spells, in words
_CITE_PART = re.compile(r"^[(\[]?(?:\d{1,3}[a-zA-Z]{0,4}|[a-zA-Z]{1,4})[)\]]?[.,;:]?$")
MAX_CANDIDATES = 200  # spans read per query at most (a query of numbers only is not a cite)
_SECTIONED = re.compile(r"^(?:(?:[89]|\d\d)[A-H]|\d{1,2}[A-H]\d)")


@dataclass(frozen=True)
class QueryCite:
    """A query that names a provision: its normalised cite and the languages its law word hints."""

    cite: str
    alternatives: tuple[str, ...]
    langs: tuple[str, ...]


@functools.cache
def _law_words() -> list[tuple[str, re.Pattern[str]]]:
    """(language, pattern) for every language's query words, as written and folded; the
    lookahead lets the alternation try a longer word ("článku 12", not "čl")."""
    out = []
    for code in languages():
        pattern = load(code).query_words
        if pattern is None:
            continue
        out.append((code, re.compile(pattern.pattern + _NUMBER_SIGN)))
        out.append((code, re.compile(fold(pattern.pattern) + _NUMBER_SIGN)))
    out.append(("", re.compile(_GENERIC_WORDS + _NUMBER_SIGN)))
    return out


def _strip_law_word(text: str) -> tuple[str, tuple[str, ...]]:
    """The query without a leading law word, and the languages whose word it was."""
    digit = next((i for i, c in enumerate(text) if c.isdigit()), -1)
    if digit <= 0:
        return text.strip(), ()  # no number, or a number first: no law word before it
    cut, hints = _law_word(text[: digit + 1])
    return (text[cut:].strip() if cut else text.strip()), hints


@functools.lru_cache(maxsize=4096)
def _law_word(head: str) -> tuple[int, tuple[str, ...]]:
    """Where the law word (and number sign) before the first digit of ``head`` ends (0: none),
    and the languages whose word it is. ``head`` runs up to and including that digit, which is
    all the patterns look at (a law word has no digit; a number follows it)."""
    hints: list[str] = []
    cut = 0
    folded = fold(head)
    for code, pattern in _law_words():
        for variant in (head, folded):
            m = pattern.match(variant)
            if m and m.end() < len(variant) and variant[m.end()].isdigit():
                if code and code not in hints:
                    hints.append(code)
                cut = m.end()
    return cut, tuple(hints)


def _canonical(rest: str) -> str:
    """Separators and closing brackets of a typed cite out: ``27-B-1-b`` -> ``27 B 1 b``,
    ``61 b)`` -> ``61 b``, ``27/B/1`` -> ``27 B 1``; ``27b1(b)`` stays."""
    rest = _SEPARATORS.sub(" ", rest)
    return _CLOSING.sub(r"\1", rest).strip()


def _nested(rest: str) -> str | None:
    """The article-path reading of a cite (Croatian preferans, screens): ``61 a 2`` ->
    ``61(a)2``, ``94b`` -> ``94(b)``; None when ``rest`` is not number, letters and numbers."""
    parts = _NESTED_PART.findall(rest.replace("(", " ").replace(")", " "))
    if not parts or "".join(parts) != re.sub(r"[\s().]+", "", rest):
        return None
    out = parts[0]
    for part in parts[1:]:
        out += f"({part})" if part.isalpha() else part
    return out


def parse_query(text: str) -> QueryCite | None:
    """The citation a whole query names, or None if the query is not (only) a citation."""
    found = _parse(text)
    return found[0] if found else None


def _parse(text: str) -> tuple[QueryCite, bool] | None:
    """The citation ``text`` names and whether a law word preceded it."""
    q = clean(text).strip().strip(".,;:?!")
    post = _POSTPOSED.match(q.lower())
    if post and _strip_law_word(f"{post.group(2)} 1")[0] == "1":
        q = f"{post.group(2)} {post.group(1)}"  # "53. članak" -> "članak 53"
    rest, hints, worded = q.lower(), (), False
    # Cyrillic law words: Russian as written, Serbian ("члан 27") read as Latin
    for variant in (q.lower(), sr_to_latin(q.lower())):
        stripped, found = _strip_law_word(variant)
        if variant != q.lower():
            found = tuple(c for c in found if c == "sr")  # only Serbian is typed in Cyrillic
        if found or stripped != variant:
            rest, hints, worded = stripped, tuple(dict.fromkeys(hints + found)), True
    rest = _canonical(rest)
    if not _NUMBERED.match(rest):
        return None
    point = _POINT.match(rest)
    if point:
        return QueryCite(rest, (), hints), worded
    nested = _nested(rest)
    try:
        cite = parse_cite(rest)
    except CiteError:
        if nested is None or "(" not in rest:
            return None
        # an article path as the preferans code writes it ("clanak 61(a)2")
        return QueryCite(nested, (), hints), worded
    alternatives: list[str] = []
    # a lower-case letter right after the number may be an item of an article ("29a" -> 29(a),
    # "61 a 2" -> 61(a)2 in the preferans code)
    if nested and nested != cite and _LOWER_ITEM.match(q):
        alternatives.append(nested)
    return QueryCite(cite, tuple(alternatives), hints), worded


def split_query(text: str) -> tuple[QueryCite, str] | None:
    """A citation inside a query of other words, and those words: ``law 16 UI`` ->
    (16, "UI"), ``član 27 nedovoljan licit`` -> (27, "nedovoljan licit"). The cite must carry a
    law word or a section letter (``27B1 hesitation``): a bare number among words is a count
    ("3 štiha"), not a Law. The longest cite wins, the earliest on a tie.

    Linear in the query's length: a cite starts at a law word or a number, spans at most
    ``MAX_CITE_WORDS`` words, and at most ``MAX_CANDIDATES`` spans are read."""
    words = clean(text).split()
    n = len(words)
    digits = [k for k, w in enumerate(words) if any(c.isdigit() for c in w)]
    if not digits:
        return None
    starts = sorted({i for i, w in enumerate(words) if _opens_cite(w)} | set(digits))
    best: tuple[int, int, QueryCite] | None = None
    budget = MAX_CANDIDATES
    for i in starts:
        first_digit = next((k for k in digits if k >= i), n)
        if first_digit - i >= MAX_CITE_WORDS:
            continue
        end = first_digit + 1  # the cite goes on while words look like its parts
        while end < min(n, i + MAX_CITE_WORDS) and _CITE_PART.match(words[end]):
            end += 1
        for j in range(end, first_digit, -1):
            if j - i == n:
                continue  # the whole query is parse_query's business
            budget -= 1
            if budget < 0:
                break
            found = _parse_cached(" ".join(words[i:j]))
            if found is None:
                continue
            cite, worded = found
            if worded or (j == i + 1 and _SECTIONED.match(words[i].upper())):
                if best is None or j - i > best[1] - best[0]:
                    best = (i, j, cite)
                break
        if budget < 0:
            break
    if best is None:
        return None
    i, j, cite = best
    rest = " ".join(words[:i] + words[j:]).strip(" .,;:?!")
    return (cite, rest) if rest else None


@functools.lru_cache(maxsize=4096)
def _opens_cite(word: str) -> bool:
    """Whether a word may open a cite: a law word ("član", "pravidlo", "law27b1b")."""
    low = word.lower()
    for variant in (low, sr_to_latin(low)):
        if _strip_law_word(f"{variant} 1")[0] == "1" or _strip_law_word(variant)[1]:
            return True
    return False


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> tuple[QueryCite, bool] | None:
    return _parse(text)
