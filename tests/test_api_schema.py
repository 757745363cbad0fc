"""schemathesis against the live OpenAPI schema of a running server: every operation, every
phase (examples, coverage, fuzzing, stateful), every check, bounded examples; 0 failures.
Configuration (and why 400 counts for the calculators): tests/schemathesis/schemathesis.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.live_server import serving

CONFIG = Path(__file__).parent / "schemathesis" / "schemathesis.toml"


def test_schemathesis_finds_no_failure(built, tmp_path):
    st = Path(sys.executable).parent / "schemathesis"
    with serving(built[0], tmp_path) as base:
        run = subprocess.run(
            [str(st), "--config-file", str(CONFIG), "run", f"{base}/api/openapi.json",
             "--checks", "all", "--max-examples", "25", "--workers", "1",
             "--suppress-health-check", "all", "--seed", "20261124", "--no-color"],
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "No issues found" in run.stdout
