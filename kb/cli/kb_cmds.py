"""Knowledge-base commands: build, stats, show, refs."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from kb import store, views
from kb.cli.app import app, fail

KbPath = Annotated[Path, typer.Option("--kb", help="Path of the built knowledge base.")]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]

COLUMNS = [
    ("doc", 13),
    ("laws", 5),
    ("nodes", 6),
    ("defs", 5),
    ("fns", 4),
    ("tables", 6),
    ("refs", 5),
    ("resolved", 8),
    ("unresolved", 10),
    ("coverage", 8),
]


def open_kb(path: Path) -> store.KB:
    """Open the KB or exit with an error telling how to build it."""
    try:
        return store.KB(path)
    except store.KBError as exc:
        fail(str(exc))
        raise  # unreachable: fail() exits


def stats_table(stats: dict[str, dict[str, Any]]) -> str:
    """The per-document table ``lawdesk build`` prints."""
    lines = [
        "  ".join(name.rjust(w) if i else name.ljust(w) for i, (name, w) in enumerate(COLUMNS))
    ]
    for doc, s in stats.items():
        cells = [
            doc,
            s["laws"],
            s["nodes"],
            s["definitions"],
            s["footnotes"],
            s["tables"],
            s["refs"]["found"],
            s["refs"]["resolved"],
            s["refs"]["unresolved"],
            f"{100 * s['coverage']:.2f}%",
        ]
        lines.append(
            "  ".join(
                str(c).rjust(w) if i else str(c).ljust(w)
                for i, (c, (_, w)) in enumerate(zip(cells, COLUMNS, strict=True))
            )
        )
    return "\n".join(lines)


@app.command(rich_help_panel="Knowledge base")
def build(kb: KbPath = store.DEFAULT_PATH) -> None:
    """Parse the corpus, link references and parallels, and write the KB (build/kb.sqlite)."""
    from kb.build import build as run_build  # imported here: the other commands stay light

    t0 = time.perf_counter()
    built = run_build(kb)
    typer.echo(stats_table(built.stats))
    typer.echo(f"wrote {kb} in {time.perf_counter() - t0:.1f} s")


@app.command(rich_help_panel="Knowledge base")
def stats(kb: KbPath = store.DEFAULT_PATH, as_json: JsonFlag = False) -> None:
    """Per-document counts: laws, nodes, definitions, footnotes, tables, references, coverage."""
    docs = {d["id"]: d["stats"] for d in open_kb(kb).documents()}
    if as_json:
        typer.echo(json.dumps({"docs": docs}, ensure_ascii=False, indent=2))
    else:
        typer.echo(stats_table(docs))


def parallel_line(p: dict[str, Any]) -> str:
    """One parallel as ``show`` prints it: counterpart, the pair's label from this node, and
    the confidence when the aligner was not sure."""
    sure = "" if p["confidence"] >= 0.6 else f"; confidence {p['confidence']:.2f}"
    return f"{p['node'] or '(none)'}  ({p['label']}{sure})"


@app.command(rich_help_panel="Knowledge base")
def show(
    node_id: Annotated[str, typer.Argument(help="A node ID such as sk-2017:27B1(a).")],
    kb: KbPath = store.DEFAULT_PATH,
    as_json: JsonFlag = False,
) -> None:
    """Print a node: text, children, references out, cited-by, parallels, defined terms used,
    source lines.

    The ID may be typed loosely (sk-2017:27b1a, 'sk-2017 27B1(a)'); the canonical one is shown."""
    k = open_kb(kb)
    try:
        data = views.node_view(k, node_id)
    except (store.UnknownNode, views.BadNodeId) as exc:
        fail(str(exc))
        return
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    title = f" — {data['title']}" if data["title"] else ""
    typer.echo(f"{data['id']} ({data['kind']}){title}")
    typer.echo(f"source lines {data['source_lines'][0]}-{data['source_lines'][1]}")
    if data["text"]:
        typer.echo("")
        typer.echo(data["text"])
    for row in data["rows"] or []:
        typer.echo(" | ".join(row))
    sections = [
        ("children", [f"{c['id']}  {c['title'] or ''}".rstrip() for c in data["children"]]),
        ("footnotes", [f"{f['id']}  {f['text']}" for f in data["footnotes"]]),
        (
            "references",
            [
                f"{r['raw']!r} -> "
                f"{' '.join(r['targets']) or r['target_doc'] + ':' + r['target_cite']}"
                f" [{r['status']}{': ' + r['reason'] if r['reason'] else ''}]"
                for r in data["refs_out"]
            ],
        ),
        ("cited by", data["cited_by"]),
        (
            "parallels",
            [parallel_line(p) for p in data["parallels"]]
            + [lone["label"] for lone in [k.unpaired(data["id"])] if lone],
        ),
    ]
    sections.append(
        ("terms", [f"{t['text']!r} -> {t['definition']}  ({t['term']})" for t in data["terms"]])
    )
    for name, items in sections:
        if items:
            typer.echo(f"\n{name}:")
            for item in items:
                typer.echo(f"  {item}")


@app.command(rich_help_panel="Knowledge base")
def refs(
    unresolved: Annotated[bool, typer.Option("--unresolved", help="Only unresolved ones.")] = False,
    doc: Annotated[str | None, typer.Option("--doc", help="Only references from this doc.")] = None,
    kb: KbPath = store.DEFAULT_PATH,
    as_json: JsonFlag = False,
) -> None:
    """List references (raw words, source node, target, status, reason)."""
    k = open_kb(kb)
    rows = [
        r
        for r in k.refs()
        if not unresolved or r["status"].startswith("unresolved") or r["status"] == "ambiguous"
    ]
    if doc:
        known = {d["id"] for d in k.documents()}
        if doc not in known:
            fail(f"unknown document {doc!r}; known: {', '.join(sorted(known))}")
        rows = [r for r in rows if r["from"].startswith(f"{doc}:")]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        target = " ".join(r["targets"]) or f"{r['target_doc']}:{r['target_cite']}"
        reason = f"  ({r['reason']})" if r["reason"] else ""
        typer.echo(f"{r['from']}\t{r['raw']!r}\t-> {target}\t{r['status']}{reason}")
    typer.echo(f"{len(rows)} reference(s)")
