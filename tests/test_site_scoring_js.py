"""The calculator's JavaScript (site/static/js/scoring.js) agrees with kb.rules: node runs it
on the tables the site ships over every contract, vulnerability and number of tricks, a sweep
of IMP differences and boards of matchpoint scores; Python computes the same cases."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import playwright
import pytest

from kb.rules.bridge import imps, matchpoints, mp_percentages, score_parts
from kb.views.rules import DOUBLINGS, STRAINS, scoring_tables

SCORING_JS = Path(__file__).resolve().parents[1] / "site" / "static" / "js" / "scoring.js"
RUNNER = """
const S = require(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {
  scores: input.scores.map(([c, v, t]) => S.score(input.data, c, v, t)),
  imps: input.imps.map((d) => S.imps(input.data, d)),
  mp: input.boards.map((b) => S.matchpoints(b)),
  pct: input.boards.map((b) => S.percentages(b)),
  errors: input.bad.map(([c, v, t]) => { try { S.score(input.data, c, v, t); return null; }
                                          catch (e) { return String(e.message); } }),
};
process.stdout.write(JSON.stringify(out));
"""


def node_binary() -> str:
    """Node from the PATH, else the one Playwright ships with its driver."""
    found = shutil.which("node")
    if found:
        return found
    bundled = Path(playwright.__file__).parent / "driver" / "node"
    if bundled.is_file():
        return str(bundled)
    pytest.skip("no node binary (PATH or Playwright's driver)")
    raise AssertionError  # unreachable


CONTRACTS = [f"{lvl}{s}{d}" for lvl in range(1, 8) for s in STRAINS for d in DOUBLINGS]
SCORES = [(c, vul, t) for c in CONTRACTS for vul in (False, True) for t in range(14)]
rng = random.Random(77)
DIFFS = [*range(-4500, 4501, 10), *(rng.randint(-6000, 6000) for _ in range(300)), 45, -45, 19]
BOARDS = [[rng.choice([-200, -100, 50, 110, 140, 420, 450, 620, 650]) for _ in range(n)]
          for n in (2, 3, 5, 8, 13) for _ in range(20)]  # fmt: skip
BAD = [("8S", False, 10), ("4SXXX", True, 10), ("4S", "yes", 10), ("4S", True, 14)]


@pytest.fixture(scope="module")
def js() -> dict:
    payload = {
        "data": scoring_tables(),
        "scores": SCORES,
        "imps": DIFFS,
        "boards": BOARDS,
        "bad": BAD,
    }
    run = subprocess.run(
        [node_binary(), "-e", RUNNER, str(SCORING_JS)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout)


def test_every_contract_scores_as_kb_rules(js):
    assert len(SCORES) == 35 * 3 * 2 * 14
    for (contract, vul, tricks), got in zip(SCORES, js["scores"], strict=True):
        parts = score_parts(contract, vulnerable=vul, tricks=tricks)
        assert got == {**parts.__dict__, "total": parts.total}, (contract, vul, tricks)


def test_imps_agree_with_kb_rules(js):
    assert js["imps"] == [imps(d) for d in DIFFS]
    assert js["imps"][DIFFS.index(430)] == 10


def test_matchpoints_agree_with_kb_rules(js):
    assert js["mp"] == [matchpoints(b) for b in BOARDS]
    assert js["pct"] == [mp_percentages(b) for b in BOARDS]


def test_bad_input_is_refused_with_what_is_accepted(js):
    assert all(e and "expected" in e for e in js["errors"]), js["errors"]
