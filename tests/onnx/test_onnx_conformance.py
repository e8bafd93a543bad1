"""ONNX's operator conformance cases through `xfuse.onnx.load` (xfuse/onnx/conformance.py):
never a wrong result, never a dead process, never a traceback; a refusal names the node's op.

The default run checks `FIXED_SAMPLE` (each kind of case that once gave a wrong result, crashed
or ended in a traceback, and a few that pass); the whole suite (1,884 cases, about an hour on
2 cores) is `heavy`."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402

from xfuse.onnx import conformance  # noqa: E402


@pytest.fixture(scope="module")
def sample_cases():
    return conformance.select(conformance.collect_cases(modules=conformance.FIXED_SAMPLE_MODULES),
                              conformance.FIXED_SAMPLE)


def assert_no_bugs(results):
    bugs = [(r.name, r.xfuse.verdict, r.xfuse.message[:300]) for r in results if r.xfuse.verdict in conformance.BAD_VERDICTS]
    assert not bugs
    for result in results:
        if result.xfuse.verdict == "refused":
            assert "Traceback" not in result.xfuse.message


def test_fixed_sample(sample_cases):
    results = conformance.run_cases(sample_cases, with_ort=False)
    assert_no_bugs(results)
    verdicts = {r.name: r.xfuse for r in results}
    for name in ("test_abs", "test_relu", "test_l2normalization_axis_0", "test_spacetodepth_dcr_mode_example",
                 "test_conv_with_strides_padding", "test_convtranspose_group_2",
                 "test_resize_upsample_sizes_nearest_axes_2_3", "test_gridsample_nearest",
                 "test_gridsample_zeros_padding", "test_gridsample_volumetric_nearest_align_corners_0",
                 "test_lstm_with_peepholes",
                 "test_slice", "test_reduce_sum_keepdims_example",  # inputs fixed at load (fixed_values.py)
                 "test_reduce_max_bool_inputs", "test_nllloss_NCd1_ii_expanded",  # bools in memory as bytes
                 # decomposed at load: ONNX's meaning for every shift, a scalar Einsum, CumProd, a
                 # MatMul of a vector, Gelu tanh as its body
                 "test_bitshift_left_int32_shift_ge_width", "test_bitshift_right_int8_negative_input",
                 "test_einsum_scalar", "test_cumprod_1d_int32_exclusive", "test_matmul_4d_1d", "test_gelu_tanh_2",
                 # Scan as a Loop: LinearAttention's body (GQA heads), an opset-8 Scan's batch axis
                 "test_linear_attention_gated_delta_gqa", "test_scan_sum",
                 # decomposed at load: a Resize mode torch-mlir does not lower, AffineGrid
                 "test_resize_tf_crop_and_resize_axes_2_3", "test_affine_grid_2d_align_corners"):
        assert verdicts[name].verdict == "pass", (name, verdicts[name].message)
    # the refusals at load name the node and its op
    for name, op in (("test_det_2d", "Det"),
                     ("test_reshape_allowzero_reordered", "Reshape")):
        assert verdicts[name].verdict == "refused" and f"({op}):" in verdicts[name].message, (name, verdicts[name])
    # torch-mlir crashed on the expanded RotaryEmbedding until its shape computations were folded
    # first (xfuse/onnx/prepare.py); a crash of the helper process is tested below
    assert verdicts["test_rotary_embedding_expanded"].verdict == "pass"
    # xDSL read the -inf of torch-mlir's causal mask (0xFF800000) as a number: wrong results
    assert verdicts["test_attention_3d_causal_expanded"].verdict == "pass"
    # bool and unsigned arrays in and out (issue 39); unsigned division in int64 (unsigned_division.py),
    # refused for uint64, not wrong
    for name in ("test_and2d", "test_less_uint8", "test_add_uint64", "test_div_uint8"):
        assert verdicts[name].verdict == "pass", (name, verdicts[name].message)
    assert verdicts["test_div_uint64"].verdict == "refused" and "(Div): UINT64 operands" in verdicts["test_div_uint64"].message
    # decomposed at load: SpaceToDepth CRD as its body (torch-mlir ordered the channels as DCR),
    # TensorScatter, Col2Im, Dropout in training with ratio 0 (the identity), Slice's negative steps
    for name in ("test_spacetodepth_crd_mode_example", "test_tensorscatter_circular", "test_col2im_strides",
                 "test_training_dropout_zero_ratio_mask", "test_slice_neg_steps"):
        assert verdicts[name].verdict == "pass", (name, verdicts[name].message)
    # torch-mlir's tm_tensor ops (CumSum's scan, TopK's sort, the scatters), read and lowered to loops
    for name in ("test_cumsum_1d_reverse_exclusive", "test_top_k_same_values_2d",
                 "test_scatter_elements_with_negative_indices", "test_scatternd_multiply"):
        assert verdicts[name].verdict == "pass", (name, verdicts[name].message)
    # torch-mlir has no lowering of a min/max ScatterElements: a ScatterND (scatter_reduction.py)
    max_scatter = verdicts["test_scatter_elements_with_reduction_max"]
    assert max_scatter.verdict == "pass", max_scatter.message


def test_a_native_abort_in_the_import_helper_is_an_onnx_error():
    """torch-mlir runs in a helper process: an abort there is an OnnxError naming the step and
    the signal, and the next import gets a new helper."""
    import math
    import os

    from xfuse.onnx.errors import OnnxError
    from xfuse.onnx.isolated import call_isolated

    with pytest.raises(OnnxError, match=r"lowering the model: the process doing it died \(.*SIGABRT"):
        call_isolated("lowering the model", os.abort)
    assert call_isolated("a square root", math.sqrt, 4.0) == 2.0


def test_a_dead_helpers_error_quotes_its_last_lines_before_the_stack_dump():
    """The helper's stderr is an unnamed file (nothing left in /tmp); the error quotes what the
    helper printed since the call began, without the stack dump after it."""
    import tempfile

    from xfuse.onnx.isolated import _quote

    with tempfile.TemporaryFile() as stderr:
        stderr.write(b"an earlier call's noise\n")
        start = stderr.tell()
        stderr.write(b"first\nerror: unreachable\nStack dump:\n0. frame\n")
        stderr.flush()
        assert _quote(stderr, start) == ":\n  | first\n  | error: unreachable"
    assert _quote(stderr, 0) == ""  # closed: nothing to quote, no exception


def test_a_run_without_failures_leaves_no_failure_directory(monkeypatch, tmp_path):
    made = []
    real = conformance.tempfile.mkdtemp

    def mkdtemp(**kwargs):
        made.append(real(dir=tmp_path, **kwargs))
        return made[-1]

    monkeypatch.setattr(conformance.tempfile, "mkdtemp", mkdtemp)
    assert conformance.run_cases([], with_ort=False) == []
    assert made and not Path(made[0]).exists()


def test_a_crash_and_a_timeout_are_recorded(sample_cases, tmp_path):
    """A worker that dies or hangs is one case's verdict; the next case gets a new worker. A
    timeout kills what the worker started too (torch-mlir's helper hung in a lowering)."""
    (abs_case,) = conformance.select(sample_cases, ["test_abs"])
    worker = conformance.Worker(str(tmp_path), timeout=60)
    try:
        crash = worker.run("crash-for-test", abs_case)
        assert crash.verdict == "crash" and "signal SIGABRT" in crash.message
        assert worker.run("ort", abs_case).verdict == "pass"
        worker.timeout = 5
        hang = worker.run("hang-for-test", abs_case)
        assert hang.verdict == "timeout"
    finally:
        worker.stop()
    child = int((tmp_path / "hang-for-test.pid").read_text())
    deadline = time.monotonic() + 10
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(child), "the hung worker's child process outlived the timeout"


def _running(pid: int) -> bool:
    """Whether `pid` is a process that runs (not gone, not a zombie nobody reaped yet)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_compare_outputs_as_onnx_does():
    a = np.array([1.0, 2.0], np.float32)
    assert conformance.compare_outputs([a], [a * (1 + 5e-4)], 1e-3, 1e-7) is None
    assert "differs" in conformance.compare_outputs([a], [a * (1 + 5e-3)], 1e-3, 1e-7)
    assert "dtype int8, expected uint8" in conformance.compare_outputs([a.astype(np.uint8)], [a.astype(np.int8)],
                                                                         1e-3, 1e-7)
    assert "shape (1, 2)" in conformance.compare_outputs([a], [a[None]], 1e-3, 1e-7)
    assert conformance.compare_outputs([np.float32(np.nan)], [np.float32(np.nan)], 1e-3, 1e-7) is None


@pytest.mark.heavy
def test_whole_suite():
    assert_no_bugs(conformance.run_cases(conformance.collect_cases(), with_ort=False))


def test_expanded_losses_are_counted_under_their_op():
    """The expanded losses' case names abbreviate their op (`test_sce_...`): they were counted
    as `Constant (expanded)`, after their body's first node."""
    import onnx
    from onnx import helper

    two_nodes = helper.make_model(helper.make_graph(
        [helper.make_node("Constant", [], ["c"], value_float=1.0), helper.make_node("Identity", ["c"], ["y"])],
        "g", [], [helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [])]))
    schemas = conformance._schema_names()
    assert conformance.op_of_case("test_sce_mean_expanded", two_nodes, schemas) == "SoftmaxCrossEntropyLoss (expanded)"
    assert conformance.op_of_case("test_nllloss_NC_expanded", two_nodes, schemas) == \
        "NegativeLogLikelihoodLoss (expanded)"
    assert conformance.op_of_case("test_mvn_expanded", two_nodes, schemas) == "MeanVarianceNormalization (expanded)"
    assert conformance.op_of_case("test_rotary_embedding_expanded", two_nodes, schemas) == "RotaryEmbedding (expanded)"


def test_numpy_scalar_inputs_reach_onnxruntime_as_0d_arrays():
    """ONNX's generator gives CumSum's axis as `np.int32(0)`; onnxruntime refused every CumSum
    case until the runner passed it as the 0-d tensor ONNX's test files hold."""
    (case,) = conformance.select(conformance.collect_cases(modules=("cumsum",)), ("test_cumsum_1d",))
    assert conformance.run_with_onnxruntime(case).verdict == "pass"
