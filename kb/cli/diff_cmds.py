"""``lawdesk diff``: what changed from the 2007 Laws to the 2017 Laws, Law by Law."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from kb import store
from kb.cli.app import app, fail
from kb.cli.kb_cmds import JsonFlag, KbPath, open_kb

MARK = ("[[", "]]")  # around the citations and numbers the other edition lacks
WIDTH = 240  # characters of each text shown (the JSON has them whole)


def marked(text: str, spans: list[dict[str, Any]], width: int = WIDTH) -> str:
    """``text`` with its spans wrapped in ``[[...]]``, cut to ``width`` characters."""
    out, pos = [], 0
    for s in spans:
        out += [text[pos : s["start"]], MARK[0], text[s["start"] : s["end"]], MARK[1]]
        pos = s["end"]
    out.append(text[pos:])
    joined = "".join(out)
    return joined if len(joined) <= width else joined[: width - 1] + "…"


def _who(side: dict[str, Any] | None, edition: str) -> str:
    if side is None:
        return f"{edition} —"
    where = f" (Law {side['law']})" if side["elsewhere"] else ""
    return f"{edition} {side['cite']}{where}"


def _relation(row: dict[str, Any]) -> str:
    rel = row["relation"]
    if rel == "moved" and row["changed"]:
        rel = "moved, changed"
    sure = "" if row["confidence"] >= 0.6 else f", confidence {row['confidence']:.2f}"
    return rel + sure


def law_text(data: dict[str, Any]) -> str:
    """The text ``lawdesk diff LAW`` prints."""
    a, b = data["a"], data["b"]
    counts = ", ".join(f"{n} {rel}" for rel, n in data["counts"].items() if n)
    lines = [
        f"Law {data['law']}: {data['relation']}  ({counts})",
        f"  2007 {a['doc']}: {a['title'] or '—'}",
        f"  2017 {b['doc']}: {b['title'] or '—'}",
    ]
    for row in data["rows"]:
        indent = "  " * row["depth"]
        head = f"{_who(row['a'], '2007')}  ->  {_who(row['b'], '2017')}"
        lines.append(f"\n{indent}{head}   {_relation(row)}")
        for edition, side in (("2007", row["a"]), ("2017", row["b"])):
            if side and (side["text"] or side["title"]):
                text = marked(side["text"], side["spans"]) or f"({side['title']})"
                lines.append(f"{indent}    {edition}: {text}")
        if row["changed"] and row["evidence"]:
            lines.append(f"{indent}    why: {'; '.join(row['evidence'][:3])}")
    return "\n".join(lines)


def overview_text(data: dict[str, Any]) -> str:
    """The text ``lawdesk diff`` (no Law) prints."""
    lines = ["law  relation  same changed moved new removed  2017 title"]
    for x in data["laws"]:
        c = x["counts"]
        lines.append(
            f"{x['law']:>3}  {x['relation']:8s}  {c['same']:4d} {c['changed']:7d} {c['moved']:5d}"
            f" {c['new']:3d} {c['removed']:7d}  {x['b_title'] or x['a_title'] or ''}"
        )
    t = data["totals"]
    lines.append(
        f"{data['laws_changed']} of {len(data['laws'])} Laws changed; pairs: "
        + ", ".join(f"{n} {rel}" for rel, n in t.items())
    )
    return "\n".join(lines)


@app.command(rich_help_panel="Knowledge base")
def diff(
    law: Annotated[
        str | None,
        typer.Argument(help="A Law number (e.g. 32); without it, the overview of all Laws."),
    ] = None,
    kb: KbPath = store.DEFAULT_PATH,
    as_json: JsonFlag = False,
) -> None:
    """What changed from 2007 to 2017: each provision beside its counterpart, marked same,
    changed, moved, new or removed; [[...]] marks citations and numbers the other lacks."""
    from kb.views.diff import UnknownLaw, diff_law, diff_overview

    k = open_kb(kb)
    try:
        data = diff_overview(k) if law is None else diff_law(k, law)
    except UnknownLaw as exc:
        fail(str(exc))
        return
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        typer.echo(overview_text(data) if law is None else law_text(data))
