"""The evaluation: hits at the law and the paragraph level, sets run by ``lawdesk eval``, and the
dev set (tests/eval/queries.jsonl) over a freshly built KB: law-level recall@5 >= 0.95,
paragraph-level >= 0.90, no language under 0.90 (issue 11)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from kb.evaluate import DEPTH, SETS, Case, Tree, evaluate, first_hit, load_cases
from kb.search import search
from kb.search.service import index_for
from kb.store import KB

LAW_MIN = 0.95
PARA_MIN = 0.90
LANGUAGE_MIN = 0.90
LANGUAGES = ("sr", "hr", "sk", "pl", "ru", "en")

TREE = Tree(
    parent={"d:27": None, "d:27B": "d:27", "d:27B1": "d:27B", "d:28": None, "d:28A": "d:28"},
    provision={"d:27": "d:27", "d:27B": "d:27", "d:27B1": "d:27", "d:28": "d:28", "d:28A": "d:28"},
)


@pytest.mark.parametrize(
    ("ids", "gold", "rank"),
    [
        (["d:28", "d:27B1"], {"d:27B"}, 2),  # inside the gold node
        (["d:27"], {"d:27B"}, None),  # its law is not the paragraph
        (["d:28A", "d:27B"], {"d:27B", "d:28A"}, 1),
        ([], {"d:27"}, None),
    ],
)
def test_first_hit(ids: list[str], gold: set[str], rank: int | None) -> None:
    assert first_hit(ids, gold, TREE) == rank


def test_law_level_counts_any_unit_of_the_gold_law() -> None:
    case = Case("q", "sr", "keyword", ("d:27B1",), ())
    result = evaluate([case], lambda q: ["d:28", "d:27"], TREE)
    assert result["overall"]["law"]["recall@5"] == 1.0
    assert result["overall"]["para"]["recall@5"] == 0.0
    assert result["misses"][0]["q"] == "q"


@pytest.mark.parametrize("name", list(SETS))
def test_eval_help_names_every_set(name: str) -> None:
    from typer.testing import CliRunner

    from kb.cli import app

    result = CliRunner().invoke(app, ["eval", "--help"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert name in result.output


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "unknown evaluation set ''"),
        ("nonsense", "unknown evaluation set 'nonsense'"),
        ("x" * 100_000, "unknown evaluation set of 100000 characters"),
    ],
)
def test_an_unknown_set_is_a_short_clear_error(name: str, said: str) -> None:
    from typer.testing import CliRunner

    from kb.cli import app

    result = CliRunner().invoke(app, ["eval", "--set", name])
    assert result.exit_code == 2
    assert said in result.output and "known: dev, holdout" in result.output
    assert len(result.output) < 300


def test_a_blind_set_shows_no_query() -> None:
    case = Case("secret words", "sr", "keyword", ("d:27B1",), ())
    result = evaluate([case], lambda q: [], TREE, blind=True)
    assert result["misses"] == [] and "secret" not in json.dumps(result)


def test_situation_format_is_read(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    row = {
        "q": "partner je video moje karte",
        "lang": "sr",
        "kind": "situation",
        "tags": ["everyday"],
        "gold": ["sr-2007:16"],
        "para_gold": ["sr-2007:16B1"],
        "law_gold": ["sr-2007:16", "sk-2017:16"],
        "crosslang": False,
        "note": "",
    }
    f.write_text(json.dumps(row, ensure_ascii=False) + "\n", encoding="utf-8")
    (case,) = load_cases(f)
    assert case.para_gold == ("sr-2007:16B1",) and case.law_gold == ("sr-2007:16", "sk-2017:16")
    assert case.tags == ("everyday",) and case.crosslang is False


def test_a_malformed_line_names_the_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_text('{"q": "x", "lang": "sr", "kind": "k", "gold": ["a"]}\n{"q": 1}\n', "utf-8")
    with pytest.raises(ValueError, match=r"bad.jsonl:2: expected a JSON object"):
        load_cases(f)


@cache
def _result(path: str) -> dict[str, Any]:
    """The evaluation of the dev set over the KB at ``path`` (once per session)."""
    kb = KB(Path(path))
    index = index_for(kb)
    return evaluate(
        load_cases(),
        lambda q: [r["id"] for r in search(index, q, limit=DEPTH)],
        Tree.of(kb.nodes()),
    )


@pytest.fixture(scope="module")
def result(kb: KB) -> dict[str, Any]:
    """The evaluation result over the ``kb`` fixture's file."""
    return _result(str(kb.path))


def _misses(result: dict[str, Any]) -> str:
    """The missed queries, for the failure message."""
    return "\n".join(f"{m['q']!r}: gold {m['gold']} got {m['got']}" for m in result["misses"])


@pytest.mark.parametrize(("level", "minimum"), [("law", LAW_MIN), ("para", PARA_MIN)])
def test_overall_recall_at_5(result: dict[str, Any], level: str, minimum: float) -> None:
    got = result["overall"][level]["recall@5"]
    assert got >= minimum, f"{level} recall@5 {got:.3f} < {minimum}\n{_misses(result)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_recall_at_5(result: dict[str, Any], lang: str) -> None:
    got = result["lang"][lang]["para"]["recall@5"]
    assert got >= LANGUAGE_MIN, f"{lang}: recall@5 {got:.3f} < {LANGUAGE_MIN}\n{_misses(result)}"


def test_every_query_is_scored(result: dict[str, Any]) -> None:
    assert result["overall"]["law"]["n"] == len(load_cases()) >= 200
    assert set(result["lang"]) == set(LANGUAGES)
