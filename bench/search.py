"""Search benchmark: every figure issue 11's targets name, measured side by side in one run.

1. in-process latency over the evaluation queries (dev, old holdout, situation dev), p50/p99,
   without and with a document filter, after one warm-up pass; p50 without and with the
   ruling trees' prior, side by side;
2. start-up: index open and warm-up in-process; a fresh process from start to "index loaded and
   ready to answer"; resident memory of a process that loaded the API app and every language;
3. the command line: ``lawdesk search renons`` cold against ``lawdesk show sk-2017:27``
   (medians, interleaved), and the first search after a build against later ones;
4. scale: the corpus replicated 10x and 40x (~25 k and ~100 k units): build, index load time,
   latency with and without a document filter, memory, and beside them a plain numpy BM25
   (one field, the same units and postings) as the floor.

Every latency is given as wall time and as the querying thread's CPU time: on a machine shared
with other jobs the wall figures carry their waits.

Usage: .venv/bin/python bench/search.py [--quick]   (needs build/kb.sqlite: `make build`)
Targets: p50 <= 0.25 ms, p99 <= 1 ms; API memory <= 250 MB; search cold <= 3x show; start to
ready <= 1.5 s; at 100 k units p50 <= 3 ms with a document filter and index load <= 0.3 s.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.evaluate import EVAL_DIR, load_cases  # noqa: E402
from kb.search import SearchIndex, artefact, search  # noqa: E402
from kb.search.query import parse  # noqa: E402
from kb.search.service import index_for  # noqa: E402
from kb.search.units import Corpus  # noqa: E402
from kb.store import DEFAULT_PATH, KB  # noqa: E402

PY = sys.executable
LAWDESK = str(Path(PY).with_name("lawdesk"))
SETS = ("queries.jsonl", "holdout.jsonl", "search_situations_dev.jsonl")


def rss_mb() -> float:
    """This process's resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def queries() -> list[str]:
    """The evaluation queries the latency is measured over (never the blind set)."""
    return [c.q for name in SETS if (EVAL_DIR / name).exists() for c in load_cases(EVAL_DIR / name)]


@dataclasses.dataclass(frozen=True)
class Timing:
    """p50 and p99 of per-query times in ms: wall clock, and this thread's CPU time (what the
    query itself cost, without the waits of a machine shared with other jobs)."""

    p50: float
    p99: float
    cpu50: float
    cpu99: float

    def __str__(self) -> str:
        return (
            f"p50 {self.p50:6.2f} p99 {self.p99:6.2f} ms "
            f"(CPU p50 {self.cpu50:5.2f} p99 {self.cpu99:5.2f})"
        )


def percentiles(times: list[float]) -> tuple[float, float]:
    """Median and 99th percentile."""
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, int(0.99 * len(times)))]


def latency(run: Callable[[str], object], qs: list[str], rounds: int) -> Timing:
    """Per-query times of ``run`` over ``qs``, ``rounds`` times after a warm-up pass."""
    for q in qs:
        run(q)
    wall_ms, cpu_ms = [], []
    for _ in range(rounds):
        for q in qs:
            t, c = time.perf_counter(), time.thread_time()
            run(q)
            cpu_ms.append(1000 * (time.thread_time() - c))
            wall_ms.append(1000 * (time.perf_counter() - t))
    return Timing(*percentiles(wall_ms), *percentiles(cpu_ms))


def wall(cmd: list[str]) -> float:
    """Wall seconds of a command (its output discarded)."""
    t = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - t


def in_process(index: SearchIndex, qs: list[str], rounds: int) -> None:
    """Latency in this process, with and without a document filter."""
    plain = latency(lambda q: search(index, q, limit=10), qs, rounds)
    filtered = latency(lambda q: search(index, q, doc="sk-2017", limit=10), qs, rounds)
    print(f"queries: {len(qs)} x {rounds} rounds (dev, old holdout, situation dev)")
    print(f"latency:        {plain}   (target p50 0.25, p99 1)")
    print(f"latency doc=sk: {filtered}")
    tree_prior(index, qs, rounds)


def tree_prior(index: SearchIndex, qs: list[str], rounds: int) -> None:
    """Latency without and with the ruling trees' prior (kb/search/situations.py), interleaved
    round by round so that both see the same load."""
    from kb.search import rank

    runs: dict[bool, list[Timing]] = {False: [], True: []}
    try:
        for _ in range(rounds):
            for on in (False, True):
                rank.TREE_PRIOR = on
                runs[on].append(latency(lambda q: search(index, q, limit=10), qs, 1))
    finally:
        rank.TREE_PRIOR = True
    for on, label in ((False, "without"), (True, "with   ")):
        p50 = statistics.median(t.p50 for t in runs[on])
        cpu = statistics.median(t.cpu50 for t in runs[on])
        print(f"tree prior {label}: p50 {p50:6.2f} ms (CPU {cpu:5.2f}), median of {rounds} rounds")


def startup(kb_path: Path) -> None:
    """Open/warm times in-process, a fresh process to ready, and the API process's memory."""
    t = time.perf_counter()
    index = SearchIndex(artefact.directory_for(kb_path))
    opened = time.perf_counter() - t
    t = time.perf_counter()
    index.warm()
    warmed = time.perf_counter() - t
    print(f"index open:        {1000 * opened:7.1f} ms, warm-up {1000 * warmed:6.1f} ms")
    ready = (
        "import time; t0 = time.perf_counter()\n"
        "from kb.store import KB\nfrom kb.search.service import index_for\n"
        f"index_for(KB({str(kb_path)!r}))\n"
    )
    times = [wall([PY, "-c", ready]) for _ in range(5)]
    print(f"process to ready:  {statistics.median(times):6.2f} s median of 5 (target <= 1.5 s)")
    api = (
        "import json, resource, sys\n"
        "from pathlib import Path\n"
        "from api.app import create_app\nfrom api.settings import Settings\n"
        "from kb.search import search\n"
        f"settings = Settings(kb_path=Path({str(kb_path)!r}), site_dir=Path('build/no-site'))\n"
        "app = create_app(settings)\n"
        "st = app.api.state.lawdesk\nst.open(background=False)\n"
        "kb, index = st.index()\n"
        "qs = json.loads(sys.stdin.read())\n"
        "for q in qs: search(index, q)\n"
        "rss = [int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmRSS')][0]\n"
        "print(rss / 1024, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    done = subprocess.run(
        [PY, "-c", api],
        input=json.dumps(queries()),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    now, peak = (float(x) for x in done.stdout.split())
    print(
        f"API process:       {now:6.0f} MB resident, {peak:.0f} MB peak, every language "
        "loaded and all queries run (target <= 250 MB)"
    )


def command_line(kb_path: Path, runs: int) -> None:
    """``lawdesk search renons`` cold against ``lawdesk show``, interleaved."""
    kb_arg = ["--kb", str(kb_path)]
    search_t, show_t = [], []
    for _ in range(runs):
        show_t.append(wall([LAWDESK, "show", "sk-2017:27", *kb_arg]))
        search_t.append(wall([LAWDESK, "search", "renons", *kb_arg]))
    s, h = statistics.median(search_t), statistics.median(show_t)
    print(
        f"CLI: search renons {s:5.2f} s, show sk-2017:27 {h:5.2f} s (medians of {runs}): "
        f"{s / h:4.2f}x (target <= 3x)"
    )


def after_warm_up(kb_path: Path) -> None:
    """In a fresh process after the API's warm-up (``api.state.warm_up``): the first answer to
    each of 60 bench queries against its second, medians (what the warm-up leaves to make on a
    first query: per-word memos only)."""
    script = (
        "import json, statistics, sys, time\n"
        "from kb.store import KB\nfrom kb.search import search\n"
        "from kb.search.service import index_for\nfrom api.state import warm_up\n"
        f"index = index_for(KB({str(kb_path)!r}))\nwarm_up(index)\n"
        "runs = {0: [], 1: []}\n"
        "for q in json.loads(sys.stdin.read()):\n"
        "    for k in (0, 1):\n"
        "        t = time.perf_counter(); search(index, q, limit=10)\n"
        "        runs[k].append(1000 * (time.perf_counter() - t))\n"
        "print(statistics.median(runs[0]), statistics.median(runs[1]), max(runs[0]))\n"
    )
    qs = queries()[::10][:60]
    done = subprocess.run(
        [PY, "-c", script],
        input=json.dumps(qs),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    first, again, worst = (float(x) for x in done.stdout.split())
    print(
        f"after warm-up:     first answer p50 {first:5.2f} ms, the same query again "
        f"{again:5.2f} ms (worst first {worst:.1f} ms), {len(qs)} queries in a fresh process"
    )


def first_search(runs: int) -> None:
    """The first search after ``lawdesk build`` in a fresh directory against the next ones."""
    with tempfile.TemporaryDirectory() as tmp:
        kb = str(Path(tmp) / "kb.sqlite")
        t = time.perf_counter()
        subprocess.run([LAWDESK, "build", "--kb", kb], check=True, capture_output=True, cwd=ROOT)
        built = time.perf_counter() - t
        times = [wall([LAWDESK, "search", "renons", "--kb", kb]) for _ in range(runs + 1)]
    print(
        f"fresh build {built:5.1f} s (KB and search index); first search {times[0]:.2f} s, "
        f"later ones median {statistics.median(times[1:]):.2f} s"
    )


def replicated(kb: KB, copies: int) -> Corpus:
    """The corpus of ``kb`` with every document repeated ``copies`` times (``doc~k`` IDs);
    parallels and references kept for the first copy only."""
    base = artefact.corpus_from_kb(kb)
    docs, nodes = dict(base.docs), list(base.nodes)
    for k in range(1, copies):
        for doc, meta in base.docs.items():
            docs[f"{doc}~{k}"] = meta

        def moved(node_id: str | None, k: int = k) -> str | None:
            if node_id is None:
                return None
            doc, _, cite = node_id.partition(":")
            return f"{doc}~{k}:{cite}"

        for n in base.nodes:
            nodes.append(
                dataclasses.replace(n, id=moved(n.id), doc=f"{n.doc}~{k}", parent=moved(n.parent))
            )
    return Corpus(docs, nodes, base.refs, base.parallels, f"{base.build_hash}x{copies}")


def floor(index: SearchIndex) -> Callable[[str], object]:
    """Plain numpy BM25 over the same units: the query's folded lemmas (every document
    language's reading) summed over the lemma field's postings, the top 10 units best first
    (argpartition, then a sort of those 10)."""
    doc_langs = {d: m.lang for d, m in index.docs.items()}
    vocab = index.vocab["lemma"]
    ptr, unit, weight = index.a["lemma_ptr"], index.a["lemma_unit"], index.a["lemma_w"]

    def run(q: str) -> object:
        parsed = parse(index.analyzers, doc_langs, q)
        ids = {
            vocab[key]
            for code, a in parsed.analyses.items()
            for t in a.lemmas
            if (key := f"{code} {t}") in vocab
        }
        scores = np.zeros(index.n_units, dtype=np.float32)
        for i in ids:
            scores[unit[ptr[i] : ptr[i + 1]]] += weight[ptr[i] : ptr[i + 1]]
        k = min(10, scores.size - 1)
        top = np.argpartition(-scores, k)[:k]
        return top[np.argsort(-scores[top], kind="stable")]

    return run


def scale(kb: KB, qs: list[str], copies: int, rounds: int) -> None:
    """Build, load and query the replicated corpus, beside the numpy floor."""
    corpus = replicated(kb, copies)
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp) / "kb.search"
        t = time.perf_counter()
        manifest = artefact.write(corpus, directory)
        built = time.perf_counter() - t
        gc.collect()
        before = rss_mb()
        loads, load_cpu = [], []
        for _ in range(5):
            t, c = time.perf_counter(), time.thread_time()
            index = SearchIndex(directory)
            load_cpu.append(time.thread_time() - c)
            loads.append(time.perf_counter() - t)
        index.warm()
        plain = latency(lambda q: search(index, q, limit=10), qs, rounds)
        filtered = latency(lambda q: search(index, q, doc="sk-2017~3", limit=10), qs, rounds)
        base = latency(floor(index), qs, rounds)
        grown = rss_mb() - before
    print(
        f"x{copies:<3d} {manifest['units']:7d} units  build {built:6.1f} s  load "
        f"{1000 * statistics.median(loads):6.1f} ms (CPU {1000 * statistics.median(load_cpu):5.1f})"
        f"  +{grown:4.0f} MB\n      search {plain}\n      doc filter {filtered}\n"
        f"      numpy BM25 {base}"
    )


def main() -> None:
    """Print every figure."""
    quick = "--quick" in sys.argv
    kb_path = Path(os.environ.get("LAWDESK_KB", DEFAULT_PATH))
    kb = KB(kb_path)
    index = index_for(kb)
    qs = queries()
    print(f"corpus: {index.n_units} units, {index.n_nodes} nodes")
    in_process(index, qs, 1 if quick else 3)
    startup(kb_path)
    after_warm_up(kb_path)
    command_line(kb_path, 3 if quick else 7)
    if not quick:
        first_search(3)
    base = floor(index)
    print(f"x1   {index.n_units:7d} units  numpy BM25 floor {latency(base, qs, 1 if quick else 3)}")
    for copies in (10, 40):
        scale(kb, qs[:200] if quick else qs, copies, 1 if quick else 2)


if __name__ == "__main__":
    main()
