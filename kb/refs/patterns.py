"""Load the citation patterns of a language (``kb/lang/<code>/citations.toml``) and the edition map.

A pattern file has named regex ``[blocks]`` (a block or pattern writes ``{NAME}`` to use one)
and ``[[pattern]]`` tables: ``name``, ``scope``, ``grammar``, ``regex`` (with groups ``kw`` for
the context words, ``list`` for the numbers, optionally ``anchor``), ``examples`` (real strings
with the targets they yield) and ``counter_examples`` (strings that must yield nothing).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LANG_DIR = Path(__file__).resolve().parent.parent / "lang"
EDITIONS_FILE = Path(__file__).resolve().parent / "editions.toml"

SCOPES = ("absolute", "relative", "point", "section", "generic")
GRAMMARS = ("law-path", "relative", "article-path", "path-relative", "point", "section", "none")
_BLOCK_REF = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")


class PatternError(ValueError):
    """A pattern file that cannot be used; the message names the file and the entry."""


@dataclass(frozen=True)
class Example:
    """A real string and the target cites a pattern must find in it."""

    text: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Pattern:
    """One compiled citation pattern with its examples."""

    lang: str
    name: str
    scope: str
    grammar: str
    regex: re.Pattern[str]
    source: str
    examples: tuple[Example, ...]
    counter_examples: tuple[str, ...] = ()
    external: str = ""


@dataclass(frozen=True)
class Language:
    """All citation patterns of one language, in priority order (earlier wins an overlap)."""

    code: str
    patterns: tuple[Pattern, ...]
    query_words: re.Pattern[str] | None = None
    notes: dict[str, Any] = field(default_factory=dict)


def expand_blocks(source: str, blocks: dict[str, str], where: str) -> str:
    """Replace ``{NAME}`` with its block, recursively; an unknown name is an error naming it."""

    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in blocks:
            raise PatternError(f"{where}: unknown block {{{name}}}; known: {', '.join(blocks)}")
        return f"(?:{blocks[name]})"

    for _ in range(10):  # blocks nest a few levels at most
        new = _BLOCK_REF.sub(sub, source)
        if new == source:
            return new
        source = new
    raise PatternError(f"{where}: blocks nest too deep (a block refers to itself?)")


def _compile(lang: str, entry: dict[str, Any], blocks: dict[str, str], where: str) -> Pattern:
    for key in ("name", "scope", "grammar", "regex", "examples"):
        if key not in entry:
            raise PatternError(f"{where}: pattern {entry.get('name', '?')!r} lacks {key!r}")
    if entry["scope"] not in SCOPES:
        raise PatternError(f"{where}: scope {entry['scope']!r}; accepted: {', '.join(SCOPES)}")
    if entry["grammar"] not in GRAMMARS:
        raise PatternError(
            f"{where}: grammar {entry['grammar']!r}; accepted: {', '.join(GRAMMARS)}"
        )
    source = expand_blocks(entry["regex"], blocks, f"{where} {entry['name']}")
    try:
        regex = re.compile(source)
    except re.error as e:
        raise PatternError(f"{where}: pattern {entry['name']!r} does not compile: {e}") from e
    if "list" not in regex.groupindex and entry["grammar"] != "none":
        raise PatternError(f"{where}: pattern {entry['name']!r} needs a (?P<list>...) group")
    examples = tuple(Example(ex["text"], tuple(ex.get("targets", []))) for ex in entry["examples"])
    return Pattern(
        lang=lang,
        name=entry["name"],
        scope=entry["scope"],
        grammar=entry["grammar"],
        regex=regex,
        source=source,
        examples=examples,
        counter_examples=tuple(entry.get("counter_examples", [])),
        external=entry.get("external", ""),
    )


def languages() -> list[str]:
    """The language codes that have a citations.toml."""
    return sorted(p.parent.name for p in LANG_DIR.glob("*/citations.toml"))


@cache
def load(lang: str) -> Language:
    """The compiled patterns of a language; raises PatternError naming known languages."""
    path = LANG_DIR / lang / "citations.toml"
    if not path.exists():
        raise PatternError(f"no citation patterns for language {lang!r}; known: {languages()}")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(LANG_DIR.parent.parent))
    blocks: dict[str, str] = {}
    for name, body in data.get("blocks", {}).items():
        blocks[name] = expand_blocks(body, blocks, f"{where} block {name}")
    patterns = tuple(_compile(lang, e, blocks, where) for e in data.get("pattern", []))
    names = [p.name for p in patterns]
    if len(set(names)) != len(names):
        raise PatternError(f"{where}: duplicate pattern names in {names}")
    qw = data.get("query_words")
    return Language(
        code=lang,
        patterns=patterns,
        query_words=re.compile(qw) if qw else None,
        notes=data.get("resolve", {}),
    )


@dataclass(frozen=True)
class EditionMap:
    """A provision of an older edition (``src``) and the provision of the next edition that
    carries the same rule (``to``, empty when none does), with the evidence. ``to_2017``, when
    given, is where the rule the citing text invokes is in the 2017 Laws (empty: nowhere), for
    the rows where the 2007 -> 2017 alignment would carry the number to a provision that no
    longer says it (1987 30B, after any player has bid: 2017 30 is ordered by whose turn it
    was)."""

    src: str
    cite: str
    to: str
    evidence: str
    to_2017: str | None = None
    evidence_2017: str = ""


@dataclass(frozen=True)
class Editions:
    """Which edition each document is, which documents cite another edition's Laws, and the
    mapping table of the editions no alignment covers (1987 -> 2007)."""

    doc_edition: dict[str, str]
    cross_edition: dict[str, tuple[str, ...]]
    maps: dict[tuple[str, str], EditionMap]


@cache
def editions() -> Editions:
    """The edition map from ``kb/refs/editions.toml``."""
    data = tomllib.loads(EDITIONS_FILE.read_text(encoding="utf-8"))
    maps = {}
    for row in data.get("map", []):
        m = EditionMap(**row)
        if (m.to_2017 is None) != (not m.evidence_2017):
            raise PatternError(f"{EDITIONS_FILE}: {m.src} {m.cite}: to_2017 needs evidence_2017")
        if (m.src, m.cite) in maps:
            raise PatternError(f"{EDITIONS_FILE}: {m.src} {m.cite} is mapped twice")
        maps[(m.src, m.cite)] = m
    return Editions(
        doc_edition=dict(data["edition"]),
        cross_edition={k: tuple(v) for k, v in data["cross_edition"].items()},
        maps=maps,
    )
