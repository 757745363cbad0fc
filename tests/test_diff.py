"""What changed in 2017, as ``diff_law``/``diff_overview`` give it and ``lawdesk diff`` prints
it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import kb.cli  # noqa: F401  (registers the commands)
from kb.cli.app import app
from kb.views.diff import RELATIONS, UnknownLaw, diff_law, diff_overview

runner = CliRunner()
HEADLINES = ["16", "23", "27", "30", "31", "32", "40", "64", "68", "86"]  # the WBF's own list


def rows_by_pair(data: dict) -> dict[tuple[str | None, str | None], dict]:
    return {((r["a"] or {}).get("cite"), (r["b"] or {}).get("cite")): r for r in data["rows"]}


def test_law_32_pairs_the_turns_crosswise(kb) -> None:
    rows = rows_by_pair(diff_law(kb, "32"))
    for a, b in (("32A", "32B"), ("32B", "32A")):
        assert (rows[(a, b)]["relation"], rows[(a, b)]["changed"]) == ("moved", True)
    assert ("32A", "32A") not in rows and ("32B", "32B") not in rows
    assert all(r["relation"] != "same" for r in rows.values())


def test_a_provision_that_went_to_another_law_shows_its_law(kb) -> None:
    rows = rows_by_pair(diff_law(kb, "23"))
    row = rows[("23", "72C")]
    assert row["relation"] == "moved" and row["b"]["elsewhere"] and row["b"]["law"] == "72"
    assert rows[(None, "23")]["relation"] == "new"  # the comparable call
    back = rows_by_pair(diff_law(kb, "72"))
    assert back[("23", "72C")]["a"]["elsewhere"]


def test_rows_follow_the_2017_text(kb) -> None:
    data = diff_law(kb, "57")
    order = [r["b"]["cite"] for r in data["rows"] if r["b"] and not r["b"]["elsewhere"]]
    assert order[:4] == ["57", "57A", "57A1", "57A2"]
    assert sum(data["counts"].values()) == len(data["rows"])


def test_spans_mark_what_the_other_text_lacks(kb) -> None:
    data = diff_law(kb, "10")
    row = rows_by_pair(data)[("10C4", "10C4")]  # 2007 "see Law 50", 2017 "see Law 72C"
    for side in ("a", "b"):
        text = row[side]["text"]
        for s in row[side]["spans"]:
            assert 0 <= s["start"] < s["end"] <= len(text)
            assert s["kind"] in ("citation", "number") and s["note"]
    marked_a = [row["a"]["text"][s["start"] : s["end"]] for s in row["a"]["spans"]]
    marked_b = [row["b"]["text"][s["start"] : s["end"]] for s in row["b"]["spans"]]
    assert any("50" in m for m in marked_a) and any("72C" in m for m in marked_b)
    unchanged = [r for r in data["rows"] if not r["changed"]]
    assert all(not (r["a"] or {}).get("spans") for r in unchanged)


def test_overview_lists_every_law_and_the_headline_changes(kb) -> None:
    data = diff_overview(kb)
    assert [x["law"] for x in data["laws"]] == [str(n) for n in range(1, 94)]
    status = {x["law"]: x["relation"] for x in data["laws"]}
    assert all(status[law] == "changed" for law in HEADLINES), {h: status[h] for h in HEADLINES}
    assert set(data["totals"]) == set(RELATIONS)
    assert 40 <= data["laws_changed"] <= 80


@pytest.mark.parametrize("law", ["0", "94", "abc", "27B"])
def test_unknown_law_is_a_clear_error(kb, law: str) -> None:
    with pytest.raises(UnknownLaw, match="accepted"):
        diff_law(kb, law)


def test_cli_diff_prints_the_pairs(built) -> None:
    r = runner.invoke(app, ["diff", "32", "--kb", str(built[0])])
    assert r.exit_code == 0, r.output
    assert "2007 32A  ->  2017 32B   moved, changed" in r.stdout
    assert "2007 32B  ->  2017 32A   moved, changed" in r.stdout
    j = runner.invoke(app, ["diff", "32", "--json", "--kb", str(built[0])])
    assert json.loads(j.stdout)["law"] == "32"


def test_cli_diff_overview_and_errors(built) -> None:
    r = runner.invoke(app, ["diff", "--kb", str(built[0])])
    assert r.exit_code == 0 and "of 93 Laws changed" in r.stdout
    bad = runner.invoke(app, ["diff", "99", "--kb", str(built[0])])
    assert bad.exit_code != 0 and "no Law '99'" in bad.output and "Traceback" not in bad.output
