"""What each ranking step added: the search of each step's commit answers the evaluation sets and
today's ``kb.evaluate`` scores its answers over today's KB tree, so every step is judged alike.

A step is a commit of the search rework (``STEPS``). For each, the search code of that commit,
with the KB and search index that commit's own ``lawdesk build`` wrote, returns its top 10 node
IDs for every query of the dev, situation dev and both situation blind sets (``dump``); the
scores are then computed here (``table``). The blind sets are reported in aggregate only, as
``lawdesk eval`` does: no query, gold or miss of it is printed.

    .venv/bin/python bench/search_steps.py run [--work DIR] [COMMIT ...]
        each commit (default: STEPS; ``bm25`` is plain BM25 over today's index) checked out
        detached in DIR/wt-<commit> (made with ``git worktree add`` if missing, built there if
        it has no build/kb.sqlite), dumped to DIR/<commit>.json, then the table of every dump
    .venv/bin/python bench/search_steps.py table DUMP.json ...
        the table of dumps already written

Law level: a hit inside a gold provision; paragraph level: a gold node or inside one (see
kb/evaluate.py). The figures of the last run are kept in tests/eval/search_steps.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb import evaluate as ev  # noqa: E402
from kb.search.service import index_for  # noqa: E402
from kb.store import DEFAULT_PATH, KB  # noqa: E402

# The steps of the rework, in order, each with what it changed in the ranking.
STEPS: dict[str, str] = {
    "bm25": "plain BM25 (lemma field of today's index, no routes, lexicon or priors; "
    "bench/search.py's floor)",
    "536ed17": "before the rework (per-language BM25 scaled to its own best hit, vocabulary files)",
    "e4de164": "index as memory-mapped arrays, regex tokenizer, trimmed lemma tables",
    "4f4773d": "one score scale across languages, query-language prior, mined lexicon, "
    "one result per provision, headings/definitions under their rules",
    "00eedc4": "Law routes lift their paragraphs, lead-ins under rules, glossary expansion, "
    "word pairs, document priors, twin paragraphs collapsed",
    "9bd0c74": "player-vocabulary keys match across stop words",
    "3421550": "candidates capped early; headings weighed by their own matches",
    "0f04d84": "bridges from the likelier query language, footnotes under rules, "
    "one provision per result",
    "4cdae52": "textless provisions by their first part, no repeated expansions, "
    "translations from texts of like length",
    "e24c512": "document-share prior dropped, per-provision work vectorised",
    "6091885": "English pivots for Polish and Russian bridge words",
    "040bc6c": "spaCy tokenizes the corpus at build, queries cut by its exported rules "
    "(other tokens than the regex tokenizer, so some rankings move)",
    # the third round (its start already has the second-paragraph share, lead-ins, the setting
    # prior, bare numbers as counts, English typos and the ruling trees' prior)
    "0f79494": "start of the third round",
    "bbb728e": "Slovak director-vocabulary route",
    "6d8a424": "Polish route, at 0.4 (its documents are not the Laws), none when screens are named",
    "a82c010": "Russian route widened with table words and past-tense verbs",
    "720e1d1": "English lemma fixes (playing, thinking, ...); route neighbours remembered",
    "5d853fd": "preferans player vocabulary (Croatian table words; other languages' when named)",
    "f1f5391": "Serbian player vocabulary widened",
    "dfb9f0a": "Slovak player vocabulary widened",
    "b5fa6c3": "preferans keys made of the Serbian Laws' words only when preferans is named",
    "a6125dd": "Polish (screens) and Russian (commentary) player vocabulary widened",
    # the fourth round (its start is a6125dd's ranking: b63525e changed no result)
    "7ed160b": "Serbian or Croatian told by dialect marks (yat reflex, lexical differences)",
    "c98f994": "English questions read the Polish and Russian english.tsv words",
    "9256f4a": "an English question naming no game leans to the Laws",
    "3e54fbb": "coordination factor; English reads no commentary's words",
    "fd561a8": "a word no lemma is one edit from read by its first letters (stems)",
    "9cd476a": "English glossaries measured and not kept; English and Serbian lemma fixes",
    # the fifth round (its start ranks as 9cd476a: 97e044f only computed steering once)
    "ebf8c50": "start of the fifth round",
    "5d25516": "a language matched only through player-vocabulary rephrasings is scaled by "
    "what they attain (it was divided by ~0)",
    "0cdeb51": "Polish: every form of rozgrywający reads as the declarer",
    "0766173": "typos corrected where the query enters (kb/search/spelling.py)",
    "b8208c7": "start of the sixth round",
    "3813044": "speller filter: hashes mixed (3 % false positives, was 6.7 %), pruned losslessly",
    "473bf66": "a definition phrase asks only opening or closing the query",
    "5280807": "no translations mined from fewer than 50 aligned pairs",
    "2ffc114": "the Polish regulation reached back through English",
    "b56260b": "the best units of a document the query names are always candidates",
    "6912cc1": "start of the seventh round",
    "06fc1ee": "a multilingual concept table (kb/lang/concepts.tsv) translates words",
    "28f56a7": "a definition never outranks the rule that says its term (unless asked)",
}
SETS = {
    "dev": "queries.jsonl",
    "sit-dev": "search_situations_dev.jsonl",
    "sit-dev2": "search_situations_dev2.jsonl",
    "sit-blind": "search_situations_blind.jsonl",
    "sit-fresh": "search_situations_fresh_blind.jsonl",
}

# Run inside a step's checkout: only the calls every step shares (KB, index_for, search).
DUMP = """
import json, sys
from pathlib import Path
import kb
assert Path(kb.__file__).resolve().parent == Path.cwd().resolve() / "kb", kb.__file__
from kb.store import KB
from kb.search import search
from kb.search.service import index_for
index = index_for(KB(Path("build/kb.sqlite")))
out = {}
for name, path in json.loads(sys.argv[1]).items():
    qs = [json.loads(line)["q"] for line in open(path, encoding="utf-8") if line.strip()]
    out[name] = [[r["id"] for r in search(index, q, limit=10)] for q in qs]
Path(sys.argv[2]).write_text(json.dumps(out))
"""


def step_env(checkout: Path) -> dict[str, str]:
    """The environment that runs a step's own code (its checkout first on the path)."""
    return {**os.environ, "PYTHONPATH": str(checkout)}


def dump(commit: str, work: Path) -> Path:
    """Check out, build (if not yet built) and run one step; the path of its dump."""
    checkout = work / f"wt-{commit}"
    if not checkout.exists():
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(checkout), commit], cwd=ROOT, check=True
        )
    env = step_env(checkout)
    if not (checkout / "build" / "kb.sqlite").exists():
        build = "import sys; from kb.cli import main; sys.argv = ['lawdesk', 'build']; main()"
        subprocess.run([sys.executable, "-c", build], cwd=checkout, env=env, check=True)
    out = work / f"{commit}.json"
    paths = {file: str(ev.EVAL_DIR / file) for file in SETS.values()}
    subprocess.run(
        [sys.executable, "-c", DUMP, json.dumps(paths), str(out)], cwd=checkout, env=env, check=True
    )
    return out


def plain_bm25(work: Path) -> Path:
    """Dump the answers of plain BM25 over today's index (the floor of bench/search.py)."""
    spec = importlib.util.spec_from_file_location("bench_search", ROOT / "bench" / "search.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    index = index_for(KB(DEFAULT_PATH))
    run, unit_node = bench.floor(index), index.a["unit_node"]
    out = {}
    for file in SETS.values():
        cases = ev.load_cases(ev.EVAL_DIR / file)
        out[file] = [[index.node_id(int(unit_node[u])) for u in run(c.q)] for c in cases]
    path = work / "bm25.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    return path


def score(path: Path, tree: ev.Tree) -> dict[str, dict[str, dict[str, float]]]:
    """Overall metrics per set of one dump (answers matched to queries by their order)."""
    answers = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for name, file in SETS.items():
        cases = ev.load_cases(ev.EVAL_DIR / file)
        ranked = answers[file]
        if len(ranked) != len(cases):
            raise SystemExit(f"{path.name}: {len(ranked)} answers for {len(cases)} {name} queries")
        answer = dict(zip((c.q for c in cases), ranked, strict=True))
        result = ev.evaluate(cases, answer.__getitem__, tree, blind=True)
        out[name] = result["overall"]
    return out


def table(paths: list[Path]) -> str:
    """One row per step: law R@1/R@5 and paragraph R@5 per set, and what the step changed."""
    tree = ev.Tree.of(KB(DEFAULT_PATH).nodes())
    head = f"| step | {' | '.join(f'{s} law R@1 | {s} law R@5 | {s} para R@5' for s in SETS)} |"
    lines = [head, "|" + "---|" * (1 + 3 * len(SETS))]
    for path in paths:
        commit = path.stem
        cells = []
        for m in score(path, tree).values():
            cells += [f"{m['law']['recall@1']:.3f}", f"{m['law']['recall@5']:.3f}"]
            cells.append(f"{m['para']['recall@5']:.3f}")
        lines.append(f"| {commit} | {' | '.join(cells)} |")
    lines.append("")
    lines += [f"- {p.stem}: {STEPS.get(p.stem, 'not a listed step')}" for p in paths]
    return "\n".join(lines)


def main() -> None:
    """Dump and score the steps (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="check out, build, dump and score steps")
    run.add_argument("--work", type=Path, default=Path("/tmp/steps"))
    run.add_argument("commits", nargs="*", default=list(STEPS))
    show = sub.add_parser("table", help="score dumps already written")
    show.add_argument("dumps", nargs="+", type=Path)
    args = parser.parse_args()
    if args.cmd == "run":
        args.work.mkdir(parents=True, exist_ok=True)
        paths = []
        for commit in args.commits:
            print(f"step {commit} ...", file=sys.stderr, flush=True)
            paths.append(plain_bm25(args.work) if commit == "bm25" else dump(commit, args.work))
    else:
        paths = args.dumps
    print(table(paths))


if __name__ == "__main__":
    main()
