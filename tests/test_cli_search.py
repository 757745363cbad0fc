"""search, ask and eval as a user runs them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import kb.cli  # noqa: F401  (registers the commands)
from kb.cli.app import app

runner = CliRunner()


def run(built, *args: str, stdin: str | None = None):
    return runner.invoke(app, [*args, "--kb", str(built[0])], input=stdin)


@pytest.mark.parametrize(
    ("query", "doc", "first"),
    [
        ("27B1a", "sk-2017", "sk-2017:27B1(a)"),
        ("12 C 1 (c)", "sr-2007", "sr-2007:12C1(c)"),
        ("čl. 29", "hr-pref-2014", "hr-pref-2014:29"),
        ("правило 27", "ru-comment", "ru-comment:27"),
    ],
)
def test_search_citation_goes_straight_to_the_node(built, query, doc, first):
    r = run(built, "search", query, "--doc", doc, "--json")
    assert r.exit_code == 0, r.output
    results = json.loads(r.stdout)
    assert results[0]["id"] == first
    assert {"id", "doc", "law", "cite", "kind", "title", "snippet", "score"} <= results[0].keys()


def test_search_results_offer_parallels(built):
    r = run(built, "search", "27B1a", "--doc", "sk-2017", "--json", "--limit", "1")
    (res,) = json.loads(r.stdout)
    assert "sr-2007:27B1(a)" in [p["id"] for p in res["parallels"]]


def test_search_text_output(built):
    r = run(built, "search", "revoke", "--limit", "3")
    assert r.exit_code == 0
    assert r.stdout.count("\n") >= 3 and " 1. " in r.stdout


def test_search_text_says_which_typos_it_read(built):
    r = run(built, "search", "psychci call", "--limit", "1")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "read 'psychci' as 'psychic'"


def test_batch_keeps_order_and_one_line_per_query(built, tmp_path):
    f = tmp_path / "q.txt"
    f.write_text("27B1a\nkaznena karta\nправило 30\n", encoding="utf-8")
    r = run(built, "search", "--batch", str(f), "--limit", "2", "--json")
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["query"] for x in lines] == ["27B1a", "kaznena karta", "правило 30"]
    assert all(len(x["results"]) <= 2 for x in lines)


def test_batch_answers_a_too_long_or_blank_line_with_its_error_and_goes_on(built, tmp_path):
    f = tmp_path / "q.txt"
    f.write_text(f"{'renons ' * 80}\n\nrenons\n", encoding="utf-8")
    r = run(built, "search", "--batch", str(f), "--limit", "1")
    assert r.exit_code == 0, r.output
    long, blank, last = (json.loads(x) for x in r.stdout.splitlines())
    assert "at most 500" in long["error"] and "results" not in long
    assert "empty" in blank["error"]
    assert last["results"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["search", "x", "--doc", "xx-1999"], "unknown document 'xx-1999'"),
        (["search"], "give either a QUERY or --batch FILE"),
        (["search", "--batch", "/nonexistent/file"], "cannot read"),
        (["ask", "   "], "the question is empty"),
        (["ask", "1H P", "--edition", "1997"], "unknown edition '1997'"),
        # as long as the API accepts and one more: refused with the limit, as the API does
        (["search", "kontra " * 72], "the query is 504 characters long; at most 500"),
        (["search", "   "], "the query is empty"),
        (["search", "\u200b\x01\ufeff"], "only spaces, control or invisible characters"),
        (["ask", "\u2060 \xad"], "the question is empty"),
        (["ask", "kontra " * 286], "the question is 2002 characters long; at most 2000"),
    ],
)
def test_errors_are_clear(built, args, message):
    r = run(built, *args)
    assert r.exit_code == 2
    assert message in r.stderr


def test_ask_finds_citations_auction_and_passages(built):
    r = run(built, "ask", "dealer S: 1H P 1D — is this insufficient? see 27B1a", "--json")
    assert r.exit_code == 0, r.output
    answer = json.loads(r.stdout)
    assert [c["cite"] for c in answer["citations"]] == ["27B1(a)"]
    assert "sk-2017:27B1(a)" in answer["citations"][0]["nodes"]
    auction = answer["auction"]
    assert auction["calls"] == ["1H", "P", "1D"] and auction["dealer"] == "S"
    assert auction["check"]["reason"] == "insufficient bid"
    assert auction["check"]["first_illegal_index"] == 2
    assert answer["passages"]


@pytest.mark.parametrize(
    ("question", "cites"),
    [
        # bids told in words are not citations; a bare cite that exists is one
        ("partner bid 1H, RHO 1D under it, what now", []),
        ("he bid 4S after the 27B1a ruling", ["27B1(a)"]),
        # a law word makes it a citation even when no such provision exists
        ("law 1H", ["1H"]),
    ],
)
def test_ask_reports_bare_cites_only_when_they_exist(built, question, cites):
    r = run(built, "ask", question, "--json")
    assert r.exit_code == 0, r.output
    assert [c["cite"] for c in json.loads(r.stdout)["citations"]] == cites


def test_ask_text_lists_the_ruling_trees(built):
    r = run(built, "ask", "the player bid out of turn", "--limit", "1")
    assert r.exit_code == 0, r.output
    trees = r.stdout.split("ruling trees", 1)[1]
    assert "bid-out-of-rotation" in trees


def test_ask_text_says_when_dealer_is_assumed(built):
    r = run(built, "ask", "1NT pas 2♣ pas 2♦ pas pas pas")
    assert r.exit_code == 0, r.output
    assert "dealer N (assumed)" in r.stdout and "contract 2D" in r.stdout


def test_eval_prints_a_table_per_set(built):
    r = run(built, "eval", "--set", "dev")
    assert r.exit_code == 0, r.output
    head = r.stdout.splitlines()[:3]
    assert head[0].startswith("== dev: queries.jsonl")
    assert "law R@1" in head[1] and "para R@1" in head[1] and "MRR" in head[1]
    assert head[2].startswith("overall")


def test_eval_with_typos_puts_one_in_each_query(built):
    r = run(built, "eval", "--set", "dev", "--typos", "7", "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)["dev"]
    assert "one typo per query, seed 7" in report["set"]["note"]
    # the keyword set keeps most of its answers through a typo in each query
    assert 0.5 < report["overall"]["law"]["recall@5"] <= 1.0


def test_eval_plain_types_each_query_without_diacritics(built):
    r = run(built, "eval", "--set", "dev", "--plain", "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)["dev"]
    assert "typed without diacritics" in report["set"]["note"]
    # a director on a phone keyboard still finds the law
    assert 0.9 < report["overall"]["law"]["recall@5"] <= 1.0


@pytest.mark.parametrize(
    ("query", "typed"),
    [
        ("poništen štih", "ponisten stih"),
        ("izvođač", "izvodjac"),
        ("przerwę w namyśle", "przerwe w namysle"),
        ("твой ход", "твой ход"),  # й stays, Cyrillic as it is
        ("hráč  má", "hrac  ma"),  # spaces kept
    ],
)
def test_a_query_typed_without_diacritics(query: str, typed: str) -> None:
    from kb.evaluate import without_diacritics

    assert without_diacritics(query) == typed


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("pas i licit", "pas i licit"),  # no word of six letters or more to touch
        ("renons ispravka licitacije", None),
    ],
)
def test_a_typo_is_one_edit_in_one_long_word(query: str, expected: str | None) -> None:
    from kb.evaluate import with_typo

    got = with_typo(query, 3)
    assert got == with_typo(query, 3)  # the seed and the query decide
    if expected is not None:
        assert got == expected
    else:
        changed = [(a, b) for a, b in zip(query.split(), got.split(), strict=True) if a != b]
        assert len(changed) == 1 and changed[0][0][0] == changed[0][1][0], changed
        assert abs(len(changed[0][0]) - len(changed[0][1])) <= 1


def test_eval_of_an_unknown_set_is_a_clear_error(built):
    r = run(built, "eval", "--set", "nope")
    assert r.exit_code == 2 and "unknown evaluation set 'nope'" in r.stderr
