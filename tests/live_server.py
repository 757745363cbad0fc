"""Start `lawdesk serve` as a real process on a free 127.0.0.1 port, for tests that need HTTP
over a socket (schemathesis, several workers); always stopped, by process group."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(kb: Path, site: Path, *, workers: int = 1, ready_within: float = 90) -> Iterator[str]:
    """The base URL of a running server, ready (its /readyz answered 200)."""
    port = free_port()
    lawdesk = Path(sys.executable).parent / "lawdesk"
    proc = subprocess.Popen(
        [str(lawdesk), "serve", "--port", str(port), "--workers", str(workers), "--kb", str(kb),
         "--site", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ready_within
        while True:
            try:
                if httpx.get(f"{base}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise AssertionError(f"lawdesk serve did not get ready on port {port}")
            time.sleep(0.2)
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
