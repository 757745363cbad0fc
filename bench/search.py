"""Search benchmark: analyzer load time, index build time, per-query latency over the evaluation
set (p50/p99, in-process), and the process's peak memory.

Usage: .venv/bin/python bench/search.py [rounds]   (needs build/kb.sqlite: `make build`)
Targets: p50 <= 2 ms, p99 <= 10 ms, peak memory < 700 MB.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time

from kb.evaluate import load_cases
from kb.search import load_all, search
from kb.search.service import index_from_kb
from kb.store import KB


def main(rounds: int = 3) -> None:
    """Print the figures; each query is timed ``rounds`` times after one warm-up pass."""
    t0 = time.perf_counter()
    load_all()
    load_s = time.perf_counter() - t0
    kb = KB()
    t0 = time.perf_counter()
    index = index_from_kb(kb)
    build_s = time.perf_counter() - t0
    queries = [c.q for c in load_cases()]
    for q in queries:  # warm-up: caches, lazy structures
        search(index, q, limit=10)
    times = []
    for _ in range(rounds):
        for q in queries:
            t = time.perf_counter()
            search(index, q, limit=10)
            times.append(1000 * (time.perf_counter() - t))
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"analyzers load:   {load_s:6.2f} s")
    print(f"index build:      {build_s:6.2f} s ({len(index.unit_texts)} units)")
    print(f"queries:          {len(queries)} x {rounds} rounds")
    print(f"latency p50:      {statistics.median(times):6.2f} ms   (target <= 2 ms)")
    print(f"latency p99:      {p99:6.2f} ms   (target <= 10 ms)")
    print(f"peak memory:      {peak_mb:6.0f} MB   (target < 700 MB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
