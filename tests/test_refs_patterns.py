"""Citation patterns are data: every pattern's examples run, every counter-example stays silent."""

from __future__ import annotations

import re

import pytest

from kb.refs.find import find_in_text
from kb.refs.patterns import (
    GRAMMARS,
    SCOPES,
    Pattern,
    PatternError,
    _compile,
    editions,
    expand_blocks,
    languages,
    load,
)
from kb.refs.resolve import parse_steps

LANGS = ["sr", "hr", "sk", "pl", "ru", "en"]
PATTERNS = [p for lang in LANGS for p in load(lang).patterns]
EXAMPLES = [(p, ex) for p in PATTERNS for ex in p.examples]
COUNTER = [(p, text) for p in PATTERNS for text in p.counter_examples]


def test_every_language_has_patterns() -> None:
    assert set(LANGS) <= set(languages())
    for lang in LANGS:
        assert load(lang).patterns, lang
        assert load(lang).query_words is not None, lang


@pytest.mark.parametrize("pat", PATTERNS, ids=lambda p: f"{p.lang}:{p.name}")
def test_pattern_is_well_formed(pat: Pattern) -> None:
    assert pat.scope in SCOPES and pat.grammar in GRAMMARS
    assert pat.examples, "every pattern carries examples"
    assert "{" not in pat.source.replace("{1,", "").replace("{0,", ""), "unexpanded block"
    # every regex matches at least one of its examples on its own
    assert any(pat.regex.search(ex.text) for ex in pat.examples)


@pytest.mark.parametrize(
    ("pat", "example"), EXAMPLES, ids=lambda x: getattr(x, "name", None) or x.text[:40]
)
def test_example_yields_its_targets(pat: Pattern, example) -> None:
    """With all the language's patterns competing, this pattern finds exactly these targets."""
    hits = find_in_text(example.text, pat.lang)
    got = [t.cite for p, t, *_ in hits if p.name == pat.name]
    assert got == list(example.targets), [(p.name, t.cite) for p, t, *_ in hits]


@pytest.mark.parametrize(("pat", "text"), COUNTER, ids=lambda x: getattr(x, "name", None) or x)
def test_counter_example_is_not_a_citation(pat: Pattern, text: str) -> None:
    assert find_in_text(text, pat.lang, [pat]) == []


def test_unknown_block_is_named() -> None:
    with pytest.raises(PatternError, match=r"unknown block \{NOPE\}"):
        expand_blocks("a{NOPE}b", {"X": "x"}, "test")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"name": "x", "scope": "absolute", "grammar": "law-path", "regex": "a"},
            "lacks 'examples'",
        ),
        (
            {"name": "x", "scope": "far", "grammar": "law-path", "regex": "a", "examples": []},
            "scope 'far'",
        ),
        (
            {"name": "x", "scope": "absolute", "grammar": "g", "regex": "a", "examples": []},
            "grammar 'g'",
        ),
        (
            {"name": "x", "scope": "absolute", "grammar": "law-path", "regex": "(", "examples": []},
            "does not compile",
        ),
        (
            {"name": "x", "scope": "absolute", "grammar": "law-path", "regex": "a", "examples": []},
            "needs a",
        ),
    ],
)
def test_bad_pattern_entry_is_reported(entry: dict, message: str) -> None:
    with pytest.raises(PatternError, match=re.escape(message)):
        _compile("xx", entry, {}, "test.toml")


def test_unknown_language_lists_known() -> None:
    with pytest.raises(PatternError, match="known"):
        load("xx")


def test_edition_table_is_consistent() -> None:
    ed = editions()
    for (src, cite), row in ed.maps.items():
        assert src == row.src == "1987" and cite == row.cite, row
        assert row.evidence, f"{src} {cite} has no evidence"
        assert parse_steps(cite) is not None and (not row.to or parse_steps(row.to)), row
    for doc, targets in ed.cross_edition.items():
        assert doc in ed.doc_edition
        assert all(t in ed.doc_edition for t in targets)
