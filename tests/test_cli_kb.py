"""The KB commands as a user runs them: build table, stats JSON, show, refs, clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import kb.cli  # noqa: F401  (registers the commands)
from kb.cli.app import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_stats_json(built):
    r = run("stats", "--json", "--kb", str(built[0]))
    assert r.exit_code == 0, r.output
    docs = json.loads(r.stdout)["docs"]
    assert set(docs) == {"sr-2007", "hr-pref-2014", "sk-2017", "pl-screens", "ru-comment"}
    sr = docs["sr-2007"]
    assert (sr["laws"], sr["definitions"], sr["footnotes"]) == (93, 53, 29)
    assert {"found", "resolved", "unresolved"} <= sr["refs"].keys()


def test_show_json_keys(built):
    r = run("show", "sr-2007:40B2(c)", "--json", "--kb", str(built[0]))
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert {
        "id", "doc", "kind", "title", "text", "children", "refs_out", "cited_by", "parallels",
        "source_lines", "footnotes", "ancestors", "url",
    } <= data.keys()  # fmt: skip
    assert [c["id"] for c in data["children"]][:3] == [
        "sr-2007:40B2(c)(i)",
        "sr-2007:40B2(c)(ii)",
        "sr-2007:40B2(c)(iii)",
    ]


def test_show_text(built):
    r = run("show", "sk-2017:34", "--kb", str(built[0]))
    assert r.exit_code == 0
    assert "pravidlo 17D3" in r.stdout and "source lines" in r.stdout


@pytest.mark.parametrize("bad", ["sk-2017:27B9", "sr-2007:law27", "xx:1"])
def test_show_unknown_id(built, bad):
    r = run("show", bad, "--kb", str(built[0]))
    assert r.exit_code == 2
    assert f"no node {bad!r}" in r.stderr


def test_refs_unresolved_lists_reasons(built):
    r = run("refs", "--unresolved", "--kb", str(built[0]))
    assert r.exit_code == 0
    assert "23F5" in r.stdout
    assert "reference(s)" in r.stdout


def test_missing_kb_is_a_clear_error(tmp_path):
    r = run("stats", "--kb", str(tmp_path / "none.sqlite"))
    assert r.exit_code == 2 and "lawdesk build" in r.stderr


def test_build_prints_the_table(tmp_path):
    out = tmp_path / "kb.sqlite"
    r = run("build", "--kb", str(out))
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].split() == [
        "doc",
        "laws",
        "nodes",
        "defs",
        "fns",
        "tables",
        "refs",
        "resolved",
        "unresolved",
        "coverage",
    ]
    rows = {line.split()[0]: line.split() for line in lines[1:6]}
    assert rows["sr-2007"][1:2] == ["93"] and rows["sk-2017"][3:5] == ["64", "28"]
    assert lines[-1].startswith(f"wrote {out}") and out.exists()


def _other_schema(path):
    import sqlite3

    con = sqlite3.connect(path)
    con.execute("CREATE TABLE info (key TEXT, value TEXT)")
    con.execute("INSERT INTO info VALUES ('schema_version', '1')")
    con.commit()
    con.close()


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (None, "no knowledge base at"),
        (lambda p: p.write_bytes(b""), "is empty"),
        (lambda p: p.write_text("root:x:0:0"), "not an SQLite file"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100), "not a lawdesk KB"),
        (_other_schema, "schema version '1'"),
        (lambda p: p.mkdir(), "is a directory"),
    ],
)
@pytest.mark.parametrize("command", [["show", "sk-2017:27"], ["stats"], ["search", "renons"]])
def test_unusable_kb_is_one_line(tmp_path, make, says, command):
    path = tmp_path / "kb.sqlite"
    if make is not None:
        make(path)
    r = run(*command, "--kb", str(path))
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], r.stderr
