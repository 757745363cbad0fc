"""Query intents: what a query asks besides its content words, from ``kb/lang/<code>/intents.tsv``.

Kinds, all data: ``definition`` phrases ("šta je", "čo je", "co to jest", "что такое",
"what is", "definicija") ask what a term means when they open or close the query (after the
words naming a game or document); ``question`` phrases ("kada", "koliko", "može li",
"what happens when") carry no content; words such as "preferans", "refe", "zástena",
"ширма", "screens" name a document (``doc:<id>``) or belong to its subject only
(``about:<id>``); ``game:<game>`` words ("bridž", "bridge") name a game, whose documents are
preferred. The phrases of every language are matched in every query, because directors mix
languages ("preferans výnos v sanci", "игра за ширмами алерт").
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from kb.script import sr_to_latin
from kb.search.langdata import LANGS, LangDataError, load
from kb.search.normalize import fold

PREFIX_KEY = 4  # prefix patterns are looked up by their first word's first letters


@dataclass(frozen=True)
class Pattern:
    """One phrase: its folded words (a trailing ``*`` makes a word a prefix) and its intent."""

    words: tuple[str, ...]
    intent: str

    def matches(self, words: Sequence[str]) -> bool:
        """Whether the folded ``words`` (same length as the phrase) spell this phrase."""
        return all(
            w.startswith(p[:-1]) if p.endswith("*") else w == p
            for p, w in zip(self.words, words, strict=True)
        )


@dataclass
class Intents:
    """The intents found in a query and the word positions their phrases took."""

    definition: bool = False
    docs: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)  # games named ("bridž" -> bridge)
    dropped: set[int] = field(default_factory=set)  # definition / question words
    naming: set[int] = field(default_factory=set)  # words naming a document (doc:)
    about: set[int] = field(default_factory=set)  # words of one document's subject (about:)


@functools.cache
def patterns() -> tuple[Pattern, ...]:
    """Every language's intent phrases, longest first (so "what happens when" beats "when")."""
    out = {}
    for code in LANGS:
        for phrase, intent in load(code).intents:
            words = tuple(fold(sr_to_latin(w.lower())) for w in phrase.split())
            if words[0].endswith("*") and len(words[0]) <= PREFIX_KEY:
                raise LangDataError(
                    f"kb/lang/{code}/intents.tsv: prefix {phrase!r} is too short; a phrase's "
                    f"first word needs at least {PREFIX_KEY} letters before '*'"
                )
            out.setdefault(words, Pattern(words, intent))
            # Serbian phrases also match when typed in Cyrillic and read as Latin; Russian stay
            raw = tuple(fold(w.lower()) for w in phrase.split())
            out.setdefault(raw, Pattern(raw, intent))
    return tuple(sorted(out.values(), key=lambda p: -len(p.words)))


@functools.cache
def _by_first() -> tuple[dict[str, list[Pattern]], dict[str, list[Pattern]]]:
    """Patterns by their exact first word, and prefix patterns by that word's first letters;
    each list longest phrase first."""
    exact: dict[str, list[Pattern]] = {}
    prefix: dict[str, list[Pattern]] = {}
    for p in patterns():  # already longest first
        first = p.words[0]
        if first.endswith("*"):
            prefix.setdefault(first[:PREFIX_KEY], []).append(p)
        else:
            exact.setdefault(first, []).append(p)
    return exact, prefix


@functools.lru_cache(maxsize=4096)
def find(words: tuple[str, ...]) -> Intents:
    """The intents of a query given its folded words, in order (longest phrase wins).

    Cached: every language's analyzer asks for the same query; callers must not change it."""
    found = Intents()
    i = 0
    exact, prefix = _by_first()
    while i < len(words):
        cands = exact.get(words[i], []) + prefix.get(words[i][:PREFIX_KEY], [])
        hit = next(
            (
                p
                for p in sorted(cands, key=lambda p: -len(p.words))
                if len(p.words) <= len(words) - i and p.matches(words[i : i + len(p.words)])
            ),
            None,
        )
        if hit is None:
            i += 1
            continue
        span = set(range(i, i + len(hit.words)))
        kind, _, target = hit.intent.partition(":")
        if kind == "game":
            if target not in found.games:
                found.games.append(target)
            found.naming |= span
        elif target:
            if target not in found.docs:
                found.docs.append(target)
            (found.naming if kind == "doc" else found.about).update(span)
        else:
            # "šta je renons", "preferans: što je refe", "sanac definicija" ask what a term
            # means; mid-sentence the phrase tells the situation ("can I ask what 2D means")
            found.definition = found.definition or (
                hit.intent == "definition"
                and (all(k in found.naming for k in range(i)) or i + len(hit.words) == len(words))
            )
            found.dropped |= span
        i += len(hit.words)
    return found
