"""benchmarks/compile_time.py: xfuse's compile stages beside IREE on ONNX networks.

Timings are not checked (the script measures them); what is: every stage is timed, the compiled
network agrees with onnxruntime, the heap tracer saw its intermediates, the activation sum is
the sum of the right tensors, the tool hook is removed afterwards, bad arguments are refused."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch_mlir")
onnx = pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from xfuse.onnx.model import DEFAULT_PASSES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NETWORK_PASSES = "xfuse-network-fusion,xfuse-bufferize,xfuse-share-buffers"
TOOL_AND_FIXED_STAGES = {"import", "parse", "emit", "mlir-opt", "mlir-translate", "cc"}


def _load(name: str):
    # By path: an unrelated `benchmarks` package is installed in site-packages.
    spec = importlib.util.spec_from_file_location(f"xfuse_bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


compile_time = _load("compile_time")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "benchmarks/compile_time.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=900)


def _check_row(row: dict, iree: bool, passes: str) -> None:
    # A module compiled in parts (llvm_split.py) has one `parts` stage instead of `opt` and `llc`.
    in_parts = {"parts"} if "parts" in row["stages"] else {"opt", "llc"}
    assert set(row["stages"]) == TOOL_AND_FIXED_STAGES | in_parts | set(passes.split(","))
    assert all(s["wall_s"] > 0 and s["cpu_s"] >= 0 for s in row["stages"].values()), row["stages"]
    assert row["total_wall_s"] == pytest.approx(sum(s["wall_s"] for s in row["stages"].values()))
    assert row["error"] <= 1e-4
    assert 0 < row["peak_intermediate_bytes"] <= row["peak_total_bytes"]
    assert row["activation_bytes"] > 0 and row["ops"] > row["linalg_ops"] > 0
    if iree:
        assert "failed" not in row["iree"], row["iree"]
        if "skipped" not in row["iree"]:
            assert set(row["iree"]["stages"]) == {"import", "compile"}
            assert row["iree"]["total_wall_s"] > 0


def test_tiny_transformer_with_iree():
    process = _run("--models", "transformer-tiny", "--json")
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stdout)
    assert report["passes"] == DEFAULT_PASSES  # what xfuse.onnx.load runs
    (row,) = report["rows"]
    assert row["model"] == "transformer-tiny"
    _check_row(row, iree=True, passes=DEFAULT_PASSES)
    assert "passes_vs_ops" not in report  # one model: nothing to fit
    table = compile_time.format_table(report)
    assert "transformer-tiny" in table and "xfuse total" in table


def test_tiny_transformer_through_the_whole_network_pipeline():
    process = _run("--models", "transformer-tiny", "--json", "--no-iree", "--passes", NETWORK_PASSES,
                   "--backend", "memref")
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stdout)
    assert report["passes"] == NETWORK_PASSES
    _check_row(report["rows"][0], iree=False, passes=NETWORK_PASSES)


def test_activation_bytes_counts_what_is_stored():
    # x(1x2x4x4) -> Conv(3 ch) -> Relu -> Reshape -> Dropout (mask unused) -> Mul -> y
    # stored: conv 1x3x4x4, relu 1x3x4x4 (f32); not: reshape/dropout (aliases), mask, y (output)
    weight = numpy_helper.from_array(np.ones((3, 2, 1, 1), np.float32), "w")
    shape = numpy_helper.from_array(np.array([1, 48], np.int64), "shape")
    scale = numpy_helper.from_array(np.ones((1, 48), np.float32), "scale")
    graph = helper.make_graph(
        [helper.make_node("Conv", ["x", "w"], ["c"]), helper.make_node("Relu", ["c"], ["r"]),
         helper.make_node("Reshape", ["r", "shape"], ["flat"]),
         helper.make_node("Dropout", ["flat"], ["d", "mask"]), helper.make_node("Mul", ["d", "scale"], ["y"])],
        "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 48])], [weight, shape, scale])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    assert compile_time.activation_bytes(model) == (2 * 48 * 4, 2)


def test_split_passes_keeps_options():
    spec = "xfuse-network-fusion{cache-budget=3000,tile-sizes=1},xfuse-bufferize , xfuse-share-buffers"
    assert compile_time.split_passes(spec) == ["xfuse-network-fusion{cache-budget=3000,tile-sizes=1}",
                                               "xfuse-bufferize", "xfuse-share-buffers"]


def test_tool_timing_hook_is_removed():
    from xfuse.backends import runner

    original = runner._run_tool
    clock = compile_time.Clock()
    with pytest.raises(RuntimeError), compile_time.timing_backend_tools(clock):
        assert runner._run_tool is not original
        raise RuntimeError("a failing build")
    assert runner._run_tool is original


def test_unknown_model_is_refused():
    process = _run("--models", "squeezenet,lenet")
    assert process.returncode == 2
    assert "unknown model(s) lenet" in process.stderr and "Traceback" not in process.stderr


def test_bad_pass_pipeline_is_refused_before_importing():
    process = _run("--models", "squeezenet", "--passes", "xfuse-network-fusion,xfuse-no-such-pass")
    assert process.returncode == 1
    assert "xfuse-no-such-pass" in process.stderr and "Traceback" not in process.stderr


@pytest.mark.slow
def test_squeezenet_and_tiny_transformer_fit_growth():
    process = _run("--models", "transformer-tiny,squeezenet", "--json", "--passes", NETWORK_PASSES,
                   "--backend", "memref")
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stdout)
    for row in report["rows"]:
        _check_row(row, iree=True, passes=NETWORK_PASSES)
    squeezenet = report["rows"][1]
    # the shared buffers hold less than every activation at once
    assert squeezenet["peak_intermediate_bytes"] < squeezenet["activation_bytes"]
    assert np.isfinite(report["passes_vs_ops"]["exponent"])


def test_the_import_helper_s_cpu_time_is_counted():
    """torch-mlir's helper process is never waited for, so `RUSAGE_CHILDREN` misses its CPU time;
    `cpu_seconds` adds it (the `import` stage's CPU)."""
    import math

    from benchmarks.compile_time import cpu_seconds, helper_cpu_seconds
    from xfuse.onnx.isolated import call_isolated

    assert call_isolated("a square root", math.sqrt, 4.0) == 2.0  # the helper imported torch-mlir first
    helper = helper_cpu_seconds()
    assert helper > 0.05
    assert cpu_seconds() >= helper
