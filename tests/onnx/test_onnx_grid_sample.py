"""`GridSample` (4-D, nearest and linear) decomposed before import (xfuse/onnx/grid_sample.py):
each padding mode with and without `align_corners` agrees with onnxruntime on grids that reach
far outside the image (reflected more than once) and hit halfway points (nearest rounds half to
even); cubic mode stays refused."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx import OnnxError  # noqa: E402
from xfuse.onnx.grid_sample import decompose_grid_samples  # noqa: E402

X_SHAPE, GRID_SHAPE = (2, 3, 4, 5), (2, 3, 6, 2)


def grid_sample_model(mode: str, padding_mode: str, align_corners: int):
    node = helper.make_node("GridSample", ["x", "grid"], ["y"], name="sample", mode=mode,
                            padding_mode=padding_mode, align_corners=align_corners)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, X_SHAPE),
                                            helper.make_tensor_value_info("grid", TensorProto.FLOAT, GRID_SHAPE)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, (2, 3, 3, 6))])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


def grid(align_corners: int, seed: int) -> np.ndarray:
    """Points up to 3x the image's half-size away from its centre, and exact halfway points."""
    rng = np.random.default_rng(seed)
    g = rng.uniform(-3, 3, GRID_SHAPE).astype(np.float32)
    for axis, size in ((0, X_SHAPE[3]), (1, X_SHAPE[2])):
        halfway = np.arange(6) + 0.5 - 1  # pixel coordinates -0.5, 0.5, ... 4.5
        g[0, 0, :, axis] = (2 * halfway / (size - 1) - 1) if align_corners else ((2 * halfway + 1) / size - 1)
    return g


@pytest.mark.parametrize("mode, padding_mode, align_corners", [
    ("nearest", "zeros", 0), ("nearest", "border", 1), ("nearest", "reflection", 0),
    ("linear", "zeros", 1), ("linear", "border", 0), ("linear", "reflection", 1), ("linear", "reflection", 0)])
def test_agrees_with_onnxruntime(mode, padding_mode, align_corners):
    model = grid_sample_model(mode, padding_mode, align_corners)
    assert decompose_grid_samples(model)[1] == 1
    feeds = {"x": np.random.default_rng(1).standard_normal(X_SHAPE).astype(np.float32),
             "grid": grid(align_corners, seed=len(padding_mode))}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    got = xfuse.onnx.load(model).run(feeds)["y"]
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def test_cubic_stays_refused_by_name():
    model = grid_sample_model("cubic", "zeros", 0)
    assert decompose_grid_samples(model)[1] == 0
    with pytest.raises(OnnxError, match=r"node 'sample' \(GridSample\): padding_mode 'zeros'"):
        xfuse.onnx.load(model)
