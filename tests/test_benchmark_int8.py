"""benchmarks/int8.py on its smallest model: it quantizes, checks xfuse against onnxruntime
and prints its table (heavy: a load and onnxruntime's quantizer, about 10 s)."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("onnxruntime.quantization")
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.heavy
def test_int8_benchmark_runs():
    result = subprocess.run([sys.executable, "benchmarks/int8.py", "--models", "mlp", "--repeat", "1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| mlp |")]
    assert [row.split("|")[2].strip() for row in rows] == ["onnxruntime", "xfuse"]
