"""`lawdesk serve --workers 2`: two processes behind one port answer the same."""

from __future__ import annotations

import time

import httpx

from tests.live_server import serving


def test_two_workers_answer_the_same(built, tmp_path):
    workers: set[str] = set()
    bodies: set[bytes] = set()
    with serving(built[0], tmp_path, workers=2) as base:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(workers) < 2:
            # a fresh connection each time lets the kernel spread them over the workers
            with httpx.Client(base_url=base, timeout=10) as fresh:
                workers.add(fresh.get("/healthz").headers["x-worker"])
                bodies.add(fresh.get("/api/nodes/sk-2017:27B1(a)").content)
    assert len(workers) == 2, f"only {workers} answered"
    assert len(bodies) == 1, "the workers disagree"
