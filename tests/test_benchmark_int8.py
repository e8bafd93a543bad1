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


@pytest.mark.heavy
def test_int8_benchmark_times_a_flagged_build_and_refuses_a_bad_flag():
    flag = "xfuse.transforms.data_tiling.direct_unpack:DIRECT_UNPACK=False"
    result = subprocess.run([sys.executable, "benchmarks/int8.py", "--models", "mlp", "--repeat", "2", "--flag", flag],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| mlp |")]
    assert [row.split("|")[2].strip() for row in rows] == ["onnxruntime", "xfuse", "xfuse DIRECT_UNPACK=False"]
    assert "mlp: xfuse DIRECT_UNPACK=False / xfuse, median of per-round ratios" in result.stdout
    assert "(" in result.stdout.splitlines()[-1] and "/2)" in result.stdout.splitlines()[-1]
    bad = subprocess.run([sys.executable, "benchmarks/int8.py", "--models", "mlp", "--flag", "xfuse.onnx.model:NO_SUCH=1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert bad.returncode == 2 and "has no attribute NO_SUCH" in bad.stderr
