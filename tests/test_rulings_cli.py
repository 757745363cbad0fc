"""lawdesk rule: the list, one evaluation from a facts file, the questions asked in the terminal
(answers piped in), suggestions, and the suggestion figures over a set of situations."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

import kb.cli  # noqa: F401  (registers the command modules)
from kb.cli.app import app

runner = CliRunner()


def test_list() -> None:
    r = runner.invoke(app, ["rule", "--list"])
    assert r.exit_code == 0 and "insufficient-bid" in r.stdout and "Revoke" in r.stdout
    rows = json.loads(runner.invoke(app, ["rule", "--list", "--json"]).stdout)
    assert {"id", "title", "game", "editions", "languages"} <= set(rows[0])
    sk = runner.invoke(app, ["rule", "--list", "--lang", "sk"]).stdout
    assert "Nedostatočná ponuka" in sk


def test_check() -> None:
    r = runner.invoke(app, ["rule", "--check"])
    assert r.exit_code == 0 and "ok  trees/revoke.yaml" in r.stdout


def test_facts_file_gives_the_ruling_as_json(tmp_path: Path) -> None:
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps({"dealer": "N", "auction": ["1S", "1H", "S:2C"]}))
    r = runner.invoke(
        app, ["rule", "insufficient-bid", "--edition", "2007", "--facts", str(facts), "--json"]
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (out["status"], out["leaf"], out["laws"]) == ("ruling", "bid-accepted", ["sr-2007:27A1"])


def test_facts_file_gives_the_next_question(tmp_path: Path) -> None:
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps({"in_rotation": True}))
    r = runner.invoke(app, ["rule", "insufficient-bid", "--facts", str(facts), "--json"])
    out = json.loads(r.stdout)
    assert (out["status"], out["fact"]) == ("question", "lho_called")
    text = runner.invoke(app, ["rule", "insufficient-bid", "--facts", str(facts)]).stdout
    assert "left-hand opponent" in text and "1. Yes" in text


def test_facts_from_standard_input() -> None:
    r = runner.invoke(
        app,
        ["rule", "bid-above-seven", "--facts", "-", "--json"],
        input=json.dumps({"lho_called": False}),
    )
    assert json.loads(r.stdout)["outcome"]["partner_must_pass"] == "throughout"


def test_interactive_with_piped_answers() -> None:
    # in rotation? yes; LHO called? no; substitute? a bid; insufficient again? no;
    # lowest in the same denomination? no; comparable (2017)? no -> partner passes throughout
    r = runner.invoke(
        app, ["rule", "insufficient-bid", "--edition", "2017"], input="1\n2\n1\nno\n2\nNo\n"
    )
    assert r.exit_code == 0, r.output
    assert "ruling (insufficient-bid, 2017): partner-passes" in r.stdout
    assert "sk-2017:27B2" in r.stdout and 'partner_must_pass: "throughout"' in r.stdout


def test_interactive_starts_from_an_auction_and_reasks_a_bad_answer() -> None:
    r = runner.invoke(
        app,
        ["rule", "insufficient-bid", "--dealer", "N", "--auction", "1S 1H 2H", "--lang", "sr"],
        input="maybe\nDa\n",
    )
    assert r.exit_code == 0, r.output
    assert "bad answer 'maybe'" in r.output
    assert "lowest-same-denomination" in r.stdout and "sk-2017:27B1(a)" in r.stdout


def test_interactive_input_ends_too_early() -> None:
    r = runner.invoke(app, ["rule", "revoke"], input="")
    assert r.exit_code == 2 and "input ended" in r.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rule", "no-such-tree", "--facts", "-"], "unknown-tree"),
        (["rule", "revoke", "--edition", "2010"], "bad-edition"),
        (["rule", "revoke", "--lang", "de"], "bad language 'de'"),
        (["rule"], "give a tree ID"),
        (["rule", "revoke", "--facts", "/no/such/file.json"], "cannot read facts file"),
    ],
)
def test_errors(args: list[str], fragment: str) -> None:
    r = runner.invoke(app, args, input="{}")
    assert r.exit_code == 2 and fragment in r.output


def test_bad_facts(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    r = runner.invoke(app, ["rule", "revoke", "--facts", str(bad)])
    assert r.exit_code == 2 and "expected a JSON object" in r.output


def test_suggest() -> None:
    r = runner.invoke(app, ["rule", "--suggest", "East bid 1H after North's 1S: insufficient bid"])
    assert r.exit_code == 0 and r.stdout.splitlines()[0].startswith("insufficient-bid")
    got = json.loads(
        runner.invoke(app, ["rule", "--suggest", "dealer N 1S 1H insufficient", "--json"]).stdout
    )
    assert got[0]["facts"] == {"dealer": "N", "auction": ["1S", "1H"]}


def test_eval_reports_aggregates(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    rows = [
        {"text": "bid above seven: 8 spades", "lang": "en", "gold": ["bid-above-seven"]},
        {"text": "renons, nije odgovorio na boju", "lang": "sr", "gold": ["revoke"]},
        # a gold tree no file provides (the catalogue fills up as the families land)
        {"text": "a slow player", "lang": "en", "gold": ["tree-not-written"]},
    ]
    cases.write_text("\n".join(json.dumps(r) for r in rows))
    r = runner.invoke(app, ["rule", "--eval", str(cases), "--json"])
    out = json.loads(r.stdout)
    assert out["all"]["n"] == 3 and out["existing"]["n"] == 2
    assert out["existing"]["top3"] == 1.0 and "misses" not in out
    table = runner.invoke(app, ["rule", "--eval", str(cases)]).stdout
    assert "gold tree exists" in table
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"text": "x"}\n')
    assert "broken.jsonl:1" in runner.invoke(app, ["rule", "--eval", str(broken)]).output


def test_ask_answer_carries_tree_suggestions(monkeypatch: pytest.MonkeyPatch) -> None:
    # the hook in kb/ask.py: the trees that fit, the first one started with the auction's facts
    import kb.ask

    monkeypatch.setattr(kb.ask, "search", lambda index, question, **kw: [])
    index = SimpleNamespace(docs=[], by_doc_cite={})
    answer = kb.ask.ask(index, "dealer S: 1H P 1D — LHO did not accept")  # type: ignore[arg-type]
    assert answer["rulings"][0]["id"] == "insufficient-bid"
    assert answer["rulings"][0]["facts"] == {"dealer": "S", "auction": ["1H", "P", "1D"]}
