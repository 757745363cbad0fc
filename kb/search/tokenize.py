"""spaCy's tokenizer without spaCy: the same rules, read from the index, run in plain Python.

spaCy is the reference tokenizer of the corpus: the build runs ``spacy.blank(code)`` (with the
lemmatizer component, kb/search/pipeline.py) over every text. Queries need the same split
without the cost of importing spaCy (a second and ~90 MB per process), so the build exports each
language's tokenizer rules (``export``: prefix, suffix and infix patterns, the URL pattern, the
special cases) into the index, and ``Tokenizer`` applies them with the algorithm of spaCy's own
``Tokenizer.explain`` (which spaCy documents as giving the tokens of the real tokenizer). A test
runs both over the corpus and the evaluation queries and requires the same words at the same
places (tests/test_search_tokenize.py).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

_CHUNK = re.compile(r"\S+")
CHUNK_CACHE = 50_000  # whitespace-free chunks whose cut is kept (queries repeat their words)


def export(nlp: Any) -> dict[str, Any]:
    """The rules of a spaCy pipeline's tokenizer as plain data (patterns and special cases)."""
    tok = nlp.tokenizer

    def pattern(fn: Callable[..., Any] | None) -> str | None:
        return None if fn is None else str(fn.__self__.pattern)

    special = {
        orth: ["".join(str(v) for k, v in spec.items() if k in (65, "ORTH")) for spec in subs]
        for orth, subs in tok.rules.items()
    }
    return {
        "prefix": pattern(tok.prefix_search),
        "suffix": pattern(tok.suffix_search),
        "infix": pattern(tok.infix_finditer),
        "url": pattern(tok.url_match),
        "token": pattern(tok.token_match),
        "special": special,
        "faster_heuristics": bool(tok.faster_heuristics),
    }


_NEVER = re.compile("a^")


class Tokenizer:
    """Tokens of a text as spaCy's tokenizer with ``rules`` (from ``export``) makes them."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        def compiled(key: str) -> re.Pattern[str]:
            p = rules.get(key)
            return re.compile(p) if p else _NEVER

        self._prefix = compiled("prefix").search
        self._suffix = compiled("suffix").search
        self._infix = compiled("infix").finditer
        self._url = compiled("url").match
        self._token = compiled("token").match
        self._special: dict[str, list[str]] = dict(rules.get("special", {}))
        # special cases that affix rules would cut apart are matched again afterwards
        self._matched: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        heuristics = rules.get("faster_heuristics", True)
        for orth in sorted(self._special):
            if (
                not heuristics
                or self._prefix(orth)
                or self._infix_any(orth)
                or (self._suffix(orth) or " " in orth)
            ):
                pieces = tuple(self._affixes(orth, specials=False))
                if pieces:
                    self._matched.setdefault(pieces[0], []).append((pieces, orth))
        for options in self._matched.values():
            options.sort(key=lambda o: -len(o[0]))
        # a chunk is always cut the same way: remember the cuts of the chunks seen
        self._cut = functools.lru_cache(maxsize=CHUNK_CACHE)(self._cut_chunk)

    def _infix_any(self, text: str) -> bool:
        return next(self._infix(text), None) is not None

    def __call__(self, text: str) -> list[tuple[int, str]]:
        """Every token (whitespace left out) as (start, text)."""
        out: list[tuple[int, str]] = []
        for chunk in _CHUNK.finditer(text):
            at = chunk.start()
            for piece in self._cut(chunk.group()):
                out.append((at, piece))
                at += len(piece)
        return out

    def _cut_chunk(self, chunk: str) -> tuple[str, ...]:
        """The tokens of one whitespace-free chunk."""
        return tuple(self._special_after(self._affixes(chunk, specials=True)))

    def _affixes(self, substring: str, *, specials: bool) -> list[str]:
        """One whitespace-free chunk cut as spaCy's ``explain`` cuts it."""
        special = self._special if specials else {}
        prefix, suffix, infix = self._prefix, self._suffix, self._infix
        tokens: list[str] = []
        suffixes: list[str] = []
        while substring:
            if substring in special:
                tokens.extend(special[substring])
                substring = ""
                continue
            while prefix(substring) or suffix(substring):
                if self._token(substring):
                    tokens.append(substring)
                    substring = ""
                    break
                if substring in special:
                    tokens.extend(special[substring])
                    substring = ""
                    break
                found = prefix(substring)
                if found:
                    split = found.end()
                    if split == 0:
                        break
                    tokens.append(substring[:split])
                    substring = substring[split:]
                    if substring in special:
                        continue
                found = suffix(substring)
                if found:
                    split = found.start()
                    if split == len(substring):
                        break
                    suffixes.append(substring[split:])
                    substring = substring[:split]
            if not substring:
                continue
            if self._token(substring) or self._url(substring):
                tokens.append(substring)
            elif substring in special:
                tokens.extend(special[substring])
            else:
                matches = list(infix(substring))
                if matches:
                    offset = 0
                    for m in matches:
                        if offset == 0 and m.start() == 0:
                            continue
                        if substring[offset : m.start()]:
                            tokens.append(substring[offset : m.start()])
                        if substring[m.start() : m.end()]:
                            tokens.append(substring[m.start() : m.end()])
                        offset = m.end()
                    if substring[offset:]:
                        tokens.append(substring[offset:])
                else:
                    tokens.append(substring)
            substring = ""
        tokens.extend(reversed(suffixes))
        return tokens

    def _special_after(self, pieces: list[str]) -> list[str]:
        """Special cases the affix rules cut apart, joined again (spaCy's special matcher),
        the longest first."""
        if not self._matched or len(pieces) < 2:
            return pieces
        out: list[str] = []
        i = 0
        while i < len(pieces):
            for pattern, orth in self._matched.get(pieces[i], ()):
                n = len(pattern)
                if n > 1 and tuple(pieces[i : i + n]) == pattern:
                    out.extend(self._special[orth])
                    i += n
                    break
            else:
                out.append(pieces[i])
                i += 1
        return out


def words(tokenizer: Tokenizer, text: str) -> list[tuple[int, int, str]]:
    """The words of a text (tokens of letters only, as spaCy's ``is_alpha``): start, end, text."""
    return [(s, s + len(t), t) for s, t in tokenizer(text) if t.isalpha()]
