"""benchmarks/data_tiling.py at a tiny size: it runs, checks against numpy and prints its table."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_data_tiling_benchmark_runs():
    result = subprocess.run(
        [sys.executable, "benchmarks/data_tiling.py", "--sizes", "24", "--repeat", "1", "--target", "x86_64-avx2"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("data tiling (target x86_64-avx2, pipeline microkernel")
    assert any(line.startswith("matmul 24") for line in lines)
    assert any(line.startswith("grouped quantized") for line in lines)
