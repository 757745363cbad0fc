"""Build time of the knowledge base: parse + link + align + write, median of several runs.

Usage: .venv/bin/python bench/build.py [runs]   (target: under 20 s on a 2-core machine)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from kb.build import build
from kb.corpus import load_sources
from kb.ingest import parse


def main(runs: int = 3) -> None:
    """Print the per-reader parse time and the whole build's median wall time."""
    for src in load_sources():
        text = src.read()
        t0 = time.perf_counter()
        parse(src.id, text)
        print(f"parse {src.id:13s} {1000 * (time.perf_counter() - t0):8.1f} ms")
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            t0 = time.perf_counter()
            build(Path(tmp) / "kb.sqlite")
            times.append(time.perf_counter() - t0)
    print(
        f"build: median {statistics.median(times):.2f} s over {runs} runs "
        f"(min {min(times):.2f}, max {max(times):.2f}); target < 20 s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
