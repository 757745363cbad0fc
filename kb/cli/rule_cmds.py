"""Ruling trees on the command line: ``lawdesk rule``.

``lawdesk rule --list`` lists the trees; ``lawdesk rule TREE --edition E --facts FILE.json``
prints the next question or the ruling (``{"status": "question" | "ruling", ...}`` with
``--json``); ``lawdesk rule TREE --edition E`` asks the questions in the terminal (answers may
be piped in, one per line); ``lawdesk rule --suggest TEXT`` proposes trees for a described
situation; ``lawdesk rule --eval FILE`` scores those suggestions over a JSONL set; ``lawdesk rule
--check`` validates the tree files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kb.cli.app import app, fail
from kb.rulings import LANGUAGES, RulingError, evaluate, list_trees, suggest


def _fail_ruling(exc: RulingError) -> None:
    accepted = f"; accepted: {', '.join(exc.accepted)}" if exc.accepted else ""
    fail(f"{exc.code}: {exc.message}{accepted}")


def _read_facts(path: Path) -> dict[str, Any]:
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
        facts = json.loads(text)
    except OSError as exc:
        fail(f"cannot read facts file {str(path)!r}: {exc.strerror}")
        raise  # unreachable
    except ValueError as exc:
        fail(f"bad facts file {str(path)!r}: not JSON ({exc}); expected an object of fact: value")
        raise  # unreachable
    if not isinstance(facts, dict):
        fail(f"bad facts file {str(path)!r}: expected a JSON object of fact: value")
    return facts


def _print_ruling(result: dict[str, Any], lang: str) -> None:
    typer.echo(f"ruling ({result['tree']}, {result['edition']}): {result['leaf']}")
    typer.echo(f"laws: {', '.join(result['laws'])}")
    typer.echo(result["rectification"][lang])
    for key, value in result["outcome"].items():
        shown = value[lang] if isinstance(value, dict) and lang in value else value
        typer.echo(f"  {key}: {json.dumps(shown, ensure_ascii=False)}")


def _print_question(result: dict[str, Any], lang: str) -> None:
    typer.echo(result["question"][lang])
    for i, answer in enumerate(result["answers"], 1):
        typer.echo(f"  {i}. {answer['label'][lang]}")


def _answer(result: dict[str, Any], line: str) -> object:
    """The value an answer line names: its number, its value or its label."""
    choice = line.strip()
    for i, answer in enumerate(result["answers"], 1):
        labels = {str(i), json.dumps(answer["value"]), str(answer["value"]).lower()}
        labels |= {text.lower() for text in answer["label"].values()}
        if choice.lower() in labels:
            return answer["value"]
    numbers = ", ".join(str(i) for i in range(1, len(result["answers"]) + 1))
    raise ValueError(f"bad answer {choice!r}: expected {numbers} or an answer's value")


def _interactive(tree: str, edition: str, facts: dict[str, Any], lang: str, as_json: bool) -> None:
    while True:
        try:
            result = evaluate(tree, edition, facts).to_dict()
        except RulingError as exc:
            _fail_ruling(exc)
            return
        if result["status"] == "ruling":
            if as_json:
                typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
            else:
                _print_ruling(result, lang)
            return
        while True:
            _print_question(result, lang)
            line = sys.stdin.readline()
            if not line:
                fail(f"no answer to {result['fact']!r}: the input ended")
            try:
                facts[result["fact"]] = _answer(result, line)
                break
            except ValueError as exc:
                typer.echo(str(exc), err=True)


def _print_eval(report: dict[str, Any]) -> None:
    typer.echo(f"{report['file']}: {report['trees']} trees exist")
    typer.echo(f"{'':16}{'n':>5}{'top-1':>8}{'top-3':>8}{'top-3+also':>12}")
    rows = [("all", report["all"]), ("gold tree exists", report["existing"])]
    rows += [(f"  {lang}", r) for lang, r in report["per_lang"].items()]
    for name, r in rows:
        typer.echo(
            f"{name:16}{r['n']:>5}{r['top1']:>8.3f}{r['top3']:>8.3f}{r['top3_lenient']:>12.3f}"
        )


@app.command("rule", rich_help_panel="Rulings")
def rule_cmd(
    tree: Annotated[
        str | None, typer.Argument(help="Ruling tree ID (lawdesk rule --list shows them).")
    ] = None,
    edition: Annotated[
        str, typer.Option("--edition", help="Edition to rule under: 2007, 2017 or hr-pref-2014.")
    ] = "2017",
    facts_file: Annotated[
        Path | None,
        typer.Option("--facts", help="JSON file of facts (fact: value); '-' reads standard input."),
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help="Dealer of an auction to start from (N E S W).")
    ] = None,
    auction: Annotated[
        str | None,
        typer.Option(
            "--auction", help="The auction as it happened: '1S 1H 2H', 'E:1H' for a seat."
        ),
    ] = None,
    list_trees_: Annotated[
        bool, typer.Option("--list", help="List the ruling trees (id, phase, editions, title).")
    ] = False,
    check: Annotated[
        bool,
        typer.Option("--check", help="Validate every tree file against the schema and the loader."),
    ] = False,
    suggest_text: Annotated[
        str | None, typer.Option("--suggest", help="Suggest trees for a described situation.")
    ] = None,
    eval_file: Annotated[
        Path | None,
        typer.Option("--eval", help="Score suggestions over a JSONL set of situations."),
    ] = None,
    misses: Annotated[
        bool,
        typer.Option(
            "--misses", help="With --eval: list the cases missed (never for a blind set)."
        ),
    ] = False,
    lang: Annotated[
        str, typer.Option("--lang", help="Language of questions and rulings: en sr hr sk pl ru.")
    ] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Rule on a situation with a decision tree: list, evaluate, ask, suggest or score."""
    if lang not in LANGUAGES:
        fail(f"bad language {lang!r}; accepted: {', '.join(LANGUAGES)}")
    try:
        if check:
            from kb.rulings.catalogue import validate_files

            for name in validate_files():
                typer.echo(f"ok  {name}")
            return
        if list_trees_:
            rows = list_trees()
            if as_json:
                typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
            for r in [] if as_json else rows:
                eds = ",".join(r["editions"])
                typer.echo(f"{r['id']:30} {r['phase']:10} {eds:10} {r['title'][lang]}")
            return
        if eval_file is not None:
            from kb.rulings.suggestions_eval import evaluate_suggestions

            report = evaluate_suggestions(eval_file, misses=misses)
            if as_json:
                typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
                return
            _print_eval(report)
            for m in report.get("misses", []):
                typer.echo(f"missed {m['gold']} got {m['got']}: {m['text']}")
            return
        if suggest_text is not None:
            found = suggest(suggest_text, 3, edition=edition)
            if as_json:
                typer.echo(json.dumps(found, ensure_ascii=False, indent=2))
            for s in [] if as_json else found:
                start = f"  facts: {json.dumps(s['facts'])}" if "facts" in s else ""
                typer.echo(f"{s['id']:30} {s['score']:8.3f}  {s['title'][lang]}{start}")
            return
        if tree is None:
            fail("give a tree ID, or --list, --suggest TEXT or --eval FILE")
            return
        facts = _read_facts(facts_file) if facts_file is not None else {}
        if dealer is not None:
            facts["dealer"] = dealer
        if auction is not None:
            facts["auction"] = auction.split()
        if facts_file is None:
            _interactive(tree, edition, facts, lang, as_json)
            return
        result = evaluate(tree, edition, facts).to_dict()
    except RulingError as exc:
        _fail_ruling(exc)
        return
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
    elif result["status"] == "ruling":
        _print_ruling(result, lang)
    else:
        _print_question(result, lang)
