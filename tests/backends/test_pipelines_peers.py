"""Smoke test of benchmarks/peers.py at a tiny size: it runs, checks results, and prints the records
the issue specifies (timings are not checked: the benchmark measures them)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_peers_json_records():
    process = subprocess.run([sys.executable, "benchmarks/peers.py", "--shapes", "64x128x32", "--threads", "1,2",
                              "--repeat", "10", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert process.returncode == 0, process.stderr
    records = json.loads(process.stdout)
    systems = {(r["threads"], r["system"]) for r in records}
    assert {(1, "numpy"), (1, "xfuse"), (1, "xfuse-unfused"), (2, "numpy"), (2, "xfuse")} <= systems
    for record in records:
        assert set(record) == {"case", "shape", "threads", "system", "median_ms"}
        assert record["case"] == "mlp" and record["shape"] == [64, 128, 32] and record["median_ms"] > 0
    if not any(r["system"] == "iree" for r in records):
        assert "IREE skipped" in process.stderr


def test_peers_refuses_too_few_repeats():
    process = subprocess.run([sys.executable, "benchmarks/peers.py", "--repeat", "3"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
    assert process.returncode == 2 and "at least 10" in process.stderr
