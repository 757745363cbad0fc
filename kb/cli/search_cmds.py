"""Search commands: search (one query or a batch), ask, eval."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from kb import store
from kb.cli.app import app, fail
from kb.cli.kb_cmds import JsonFlag, KbPath, open_kb
from kb.evaluate import SETS as EVAL_SETS

MAX_SET_NAME = 40  # characters of an unknown set name quoted back
Limit = Annotated[int, typer.Option("--limit", "-n", min=1, max=100, help="How many results.")]


def _index(k: store.KB) -> Any:
    from kb.search.service import index_for

    return index_for(k)


def _print_results(results: list[dict[str, Any]]) -> None:
    if not results:
        typer.echo("no results")
    for i, r in enumerate(results, 1):
        title = f" — {r['title']}" if r.get("title") else ""
        typer.echo(f"{i:2d}. {r['id']}  ({r['kind']}){title}  [{r['score']:.2f}]")
        typer.echo(f"    {r['snippet']}")
        if r.get("parallels"):
            typer.echo("    also: " + ", ".join(p["id"] for p in r["parallels"][:6]))


@app.command(rich_help_panel="Search")
def search(
    query: Annotated[
        str | None, typer.Argument(help="Words or a citation (27B1a, član 16B).")
    ] = None,
    doc: Annotated[str | None, typer.Option("--doc", help="Only this document.")] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Only documents in this language.")
    ] = None,
    limit: Limit = 10,
    batch: Annotated[
        Path | None,
        typer.Option(
            "--batch",
            help="A file with one query per line ('-' for stdin); one JSON line out each.",
        ),
    ] = None,
    kb: KbPath = store.DEFAULT_PATH,
    as_json: JsonFlag = False,
) -> None:
    """Search every document (or one) for a query, in any of sr, hr, sk, pl, ru, en."""
    from kb.search import check_query
    from kb.search import search as run

    if (query is None) == (batch is None):
        fail("give either a QUERY or --batch FILE")
    k = open_kb(kb)
    index = _index(k)
    if batch is not None:
        try:
            text = sys.stdin.read() if str(batch) == "-" else batch.read_text("utf-8")
            lines = text.splitlines()
        except OSError as exc:
            fail(f"cannot read {batch}: {exc.strerror}")
            return
        except UnicodeDecodeError as exc:
            fail(f"{batch} is not UTF-8 text (byte {exc.start}); expected one query per line")
            return
        for line in lines:
            try:
                check_query(line)
                res = run(index, line, doc=doc, lang=lang, limit=limit)
                typer.echo(json.dumps({"query": line, "results": res}, ensure_ascii=False))
            except ValueError as exc:
                typer.echo(json.dumps({"query": line, "error": str(exc)}, ensure_ascii=False))
        return
    from kb.search import answer

    try:
        check_query(query or "")
        found = answer(index, query or "", doc=doc, lang=lang, limit=limit)
    except ValueError as exc:
        fail(str(exc))
        return
    if as_json:
        typer.echo(json.dumps(found.results, ensure_ascii=False, indent=2))
        return
    if found.corrected:
        typer.echo("read " + ", ".join(f"{a!r} as {b!r}" for a, b in found.corrected))
    _print_results(found.results)


@app.command(rich_help_panel="Search")
def ask(
    question: Annotated[str, typer.Argument(help="A question, in any of the six languages.")],
    limit: Limit = 5,
    edition: Annotated[
        str, typer.Option(help="Laws edition for an auction: 2007 or 2017.")
    ] = "2017",
    kb: KbPath = store.DEFAULT_PATH,
    as_json: JsonFlag = False,
) -> None:
    """Answer a question: the citations in it, the passages that answer it, its auction."""
    from kb.ask import ask as run

    if edition not in ("2007", "2017"):
        fail(f"unknown edition {edition!r}; accepted: 2007, 2017")
    k = open_kb(kb)
    try:
        answer = run(_index(k), question, limit=limit, edition=edition)
    except ValueError as exc:
        fail(str(exc))
        return
    if as_json:
        typer.echo(json.dumps(answer, ensure_ascii=False, indent=2))
        return
    for c in answer["citations"]:
        typer.echo(f"cites {c['cite']}: {', '.join(c['nodes']) or 'no such provision'}")
    if answer["auction"]:
        a = answer["auction"]
        check = a["check"]
        dealer = f"dealer {a['dealer']}" + (" (assumed)" if a["dealer_assumed"] else "")
        typer.echo(f"auction ({dealer}): {' '.join(a['calls'])}")
        if "error" in check:
            typer.echo(f"  {check['error']}")
        elif check["legal"]:
            typer.echo(
                f"  legal; contract {check['contract'] or '(auction not over)'}"
                + (
                    f", declarer {check['declarer']}, opening leader {check['opening_leader']}"
                    if check["declarer"]
                    else ""
                )
            )
        else:
            typer.echo(
                f"  call {check['first_illegal_index'] + 1} is irregular: "
                f"{check['reason']} (Law {check['law']})"
            )
    typer.echo("passages:")
    _print_results(answer["passages"])
    if answer["rulings"]:
        typer.echo("ruling trees (lawdesk rule TREE --edition E):")
        for tree in answer["rulings"]:
            typer.echo(f"  {tree['id']:<30} {tree['title']['en']}")


@app.command("eval", rich_help_panel="Search")
def evaluate(
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help=f"An evaluation set by name ({', '.join(EVAL_SETS)}); "
            "repeat for several. Default: every set whose file exists.",
        ),
    ] = None,
    queries: Annotated[
        Path | None, typer.Option(help="A JSONL evaluation file instead of the named sets.")
    ] = None,
    kb: KbPath = store.DEFAULT_PATH,
    misses: Annotated[
        bool, typer.Option("--misses", help="List queries missed in the top 5 (not blind sets).")
    ] = False,
    typos: Annotated[
        int | None,
        typer.Option(
            "--typos",
            metavar="SEED",
            help="Put one typo in each query (in a word of six letters or more, chosen by "
            "SEED): how search holds up against a hurried hand.",
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Type each query without diacritics (č -> c, đ -> dj): how search holds up "
            "for a director on a phone keyboard.",
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Recall@1, recall@5 and MRR@10 of search, at the law and the paragraph level, per set,
    language, kind and tag."""
    from kb import evaluate as ev
    from kb.search import search as run

    chosen: list[tuple[str, Path, str]] = []
    if queries is not None:
        chosen.append((queries.name, queries, "given file"))
    for name in sets or ([] if queries else list(ev.SETS)):
        if name not in ev.SETS:
            # a name no set has is echoed only when short enough to read
            shown = repr(name) if len(name) <= MAX_SET_NAME else f"of {len(name)} characters"
            fail(f"unknown evaluation set {shown}; known: {', '.join(ev.SETS)}")
        file, note = ev.SETS[name]
        path = ev.EVAL_DIR / file
        if path.exists() or sets:
            chosen.append((name, path, note))
    cases = {}
    for name, path, _ in chosen:
        try:
            cases[name] = ev.load_cases(path)
        except (OSError, ValueError) as exc:
            fail(
                str(exc) if not isinstance(exc, OSError) else f"cannot read {path}: {exc.strerror}"
            )
            return
    k = open_kb(kb)
    index = _index(k)
    tree = ev.Tree.of(k.nodes())
    report: dict[str, Any] = {}

    def typed(q: str) -> str:
        q = ev.without_diacritics(q) if plain else q
        return q if typos is None else ev.with_typo(q, typos)

    for name, path, note in chosen:
        t0 = time.perf_counter()
        result = ev.evaluate(
            cases[name],
            lambda q: [r["id"] for r in run(index, typed(q), limit=ev.DEPTH)],
            tree,
            blind=ev.is_blind(path),
        )
        note += "; typed without diacritics" if plain else ""
        note += "" if typos is None else f"; one typo per query, seed {typos}"
        result["set"] = {"name": name, "file": str(path.name), "note": note}
        result["seconds"] = round(time.perf_counter() - t0, 2)
        report[name] = result
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
        return
    for name, result in report.items():
        info = result["set"]
        typer.echo(
            f"== {name}: {info['file']} ({info['note']}), {result['overall']['law']['n']} queries"
        )
        typer.echo(ev.report_table(result))
        if misses and result["misses"]:
            typer.echo("-- missed in top 5 (paragraph level)")
            for m in result["misses"]:
                typer.echo(f"{m['q']!r}: gold {m['gold']} got {m['got']}")
        typer.echo("")
