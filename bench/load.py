"""HTTP load on 127.0.0.1 (bounded): requests/s and latency of /api/search (queries from the
evaluation set), /healthz and a hello-world FastAPI app served the same way (uvicorn, one
worker), at 50 and 200 concurrent clients (closed loop, wrk), and at a fixed open-loop rate of
100 requests/s (latency measured from each request's scheduled start), with the ratios.

Needs `wrk` (Debian: apt-get install wrk). Runs about 5 minutes:

    .venv/bin/python bench/load.py [--seconds 30] [--long 60]

The queries cycle through the evaluation set, so after the first pass every search is answered
from the server's answer cache (api/answers.py); `LAWDESK_ANSWER_CACHE=0 .venv/bin/python
bench/load.py` measures the search itself on every request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.live_server import free_port, serving  # noqa: E402

QUERIES = ROOT / "tests" / "eval" / "queries.jsonl"
BIN = Path(sys.executable).parent


@contextmanager
def hello_server():
    """The hello-world app under uvicorn, one worker, like lawdesk serve."""
    port = free_port()
    proc = subprocess.Popen(
        [str(BIN / "uvicorn"), "bench.hello_app:app", "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning", "--no-access-log"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(f"{base}/hello", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def search_paths() -> list[str]:
    """One /api/search URL path per evaluation query."""
    paths = []
    for line in QUERIES.read_text("utf-8").splitlines():
        q = json.loads(line)["q"]
        paths.append("/api/search?" + urllib.parse.urlencode({"q": q, "limit": 10}))
    return paths


def lua_rotating(paths: list[str]) -> str:
    """A wrk script that requests the paths in turn."""
    items = ",\n".join(json.dumps(p) for p in paths)
    return (
        "local paths = {\n" + items + "\n}\nlocal i = 0\n"
        "request = function()\n  i = i % #paths + 1\n"
        "  return wrk.format('GET', paths[i])\nend\n"
    )


def wrk(url: str, clients: int, seconds: int, script: str | None = None) -> dict[str, float]:
    """Run wrk (one thread, leaving the other core to the server) and read its figures."""
    cmd = ["wrk", "-t1", f"-c{clients}", f"-d{seconds}s", "--latency", "--timeout", "10s"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        if script:
            fh.write(script)
            cmd += ["-s", fh.name]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    Path(fh.name).unlink()

    def ms(label: str) -> float:
        m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if not m:
            return float("nan")
        return float(m[1]) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m[2]]

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
    total = int(re.search(r"(\d+) requests in", out)[1])
    errors = 0
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        errors += int(m[1])
    if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out):
        errors += sum(int(x) for x in m.groups())
    return {"rps": rps, "p50": ms("50%"), "p99": ms("99%"), "requests": total, "errors": errors}


async def open_loop(base: str, paths: list[str], rate: float, seconds: float) -> dict[str, float]:
    """Requests sent at a fixed rate whatever the answers; latency from the scheduled start."""
    lat: list[float] = []
    errors = 0
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=base, timeout=10, limits=limits) as client:
        start = time.perf_counter()
        n = int(rate * seconds)

        async def one(i: int) -> None:
            nonlocal errors
            scheduled = start + i / rate
            await asyncio.sleep(max(0.0, scheduled - time.perf_counter()))
            try:
                r = await client.get(paths[i % len(paths)])
                if r.status_code != 200:
                    errors += 1
            except httpx.HTTPError:
                errors += 1
            lat.append(1000 * (time.perf_counter() - scheduled))

        await asyncio.gather(*(one(i) for i in range(n)))
    lat.sort()
    return {
        "rps": rate,
        "p50": lat[len(lat) // 2],
        "p99": lat[int(len(lat) * 0.99) - 1],
        "requests": len(lat),
        "errors": errors,
    }


def row(name: str, r: dict[str, float]) -> str:
    return (
        f"{name:<34} {r['rps']:>9.0f} {r['p50']:>8.2f} {r['p99']:>8.2f} "
        f"{int(r['requests']):>9} {int(r['errors']):>6}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=int, default=30, help="length of each closed-loop run")
    ap.add_argument("--long", type=int, default=60, help="length of the 200-client error run")
    ap.add_argument("--rate", type=float, default=100.0, help="open-loop requests/s")
    args = ap.parse_args()
    if shutil.which("wrk") is None:
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 2
    kb = ROOT / "build" / "kb.sqlite"
    paths = search_paths()
    script = lua_rotating(paths)
    results: dict[str, dict[str, float]] = {}
    print(f"{'run':<34} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'errors':>6}")
    with serving(kb, ROOT / "build" / "site") as base, hello_server() as hello:
        wrk(f"{base}/healthz", 10, 3)  # warm up
        wrk(base, 10, 3, script)
        for clients in (50, 200):
            for name, url, lua in (
                ("search", base, script),
                ("healthz", f"{base}/healthz", None),
                ("hello-world", f"{hello}/hello", None),
            ):
                key = f"{name} @{clients} clients"
                results[key] = wrk(url, clients, args.seconds, lua)
                print(row(key, results[key]), flush=True)
        key = f"search open loop @{args.rate:.0f}/s"
        results[key] = asyncio.run(open_loop(base, paths, args.rate, args.seconds))
        print(row(key, results[key]), flush=True)
        key = f"search @200 clients, {args.long} s"
        results[key] = wrk(base, 200, args.long, script)
        print(row(key, results[key]), flush=True)
    for clients in (50, 200):
        s, h, w = (
            results[f"{n} @{clients} clients"]["rps"] for n in ("search", "healthz", "hello-world")
        )
        print(
            f"@{clients} clients: search/healthz {s / h:.2f}, search/hello-world {s / w:.2f}, "
            f"healthz/hello-world {h / w:.2f}"
        )
    ratio = results["search @50 clients"]["rps"] / results["healthz @50 clients"]["rps"]
    p99 = results[f"search open loop @{args.rate:.0f}/s"]["p99"]
    errors = results[f"search @200 clients, {args.long} s"]["errors"]
    print(
        f"targets: search/healthz @50 {ratio:.2f} (>= 0.8), open-loop p99 {p99:.1f} ms (<= 20), "
        f"errors at 200 clients {int(errors)} (0)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
