"""`GridSample` (4-D: nearest, linear, cubic) decomposed before import (xfuse/onnx/grid_sample.py):
each padding mode with and without `align_corners` agrees with onnxruntime on grids that reach
far outside the image (reflected more than once) and hit halfway points (nearest rounds half to
even), images and volumes; cubic with border padding (where onnxruntime and ONNX's reference
disagree) stays refused. The default run takes one case of each padding mode (CI
time); the other combinations, cubic among them (16 taps: 10-30 s to compile), are `heavy`."""

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

X_SHAPE, GRID_SHAPE, Y_SHAPE = (2, 3, 4, 5), (2, 3, 6, 2), (2, 3, 3, 6)


def grid_sample_model(mode: str, padding_mode: str, align_corners: int, shapes=(X_SHAPE, GRID_SHAPE, Y_SHAPE)):
    node = helper.make_node("GridSample", ["x", "grid"], ["y"], name="sample", mode=mode,
                            padding_mode=padding_mode, align_corners=align_corners)
    x, g, y = shapes
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x),
                                            helper.make_tensor_value_info("grid", TensorProto.FLOAT, g)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, y)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


def grid(align_corners: int, seed: int) -> np.ndarray:
    """Points up to 3x the image's half-size away from its centre, and exact halfway points."""
    rng = np.random.default_rng(seed)
    g = rng.uniform(-3, 3, GRID_SHAPE).astype(np.float32)
    for axis, size in ((0, X_SHAPE[3]), (1, X_SHAPE[2])):
        halfway = np.arange(6) + 0.5 - 1  # pixel coordinates -0.5, 0.5, ... 4.5
        g[0, 0, :, axis] = (2 * halfway / (size - 1) - 1) if align_corners else ((2 * halfway + 1) / size - 1)
    return g


HEAVY = pytest.mark.heavy


@pytest.mark.parametrize("mode, padding_mode, align_corners", [
    ("nearest", "zeros", 0), ("nearest", "reflection", 0), ("linear", "border", 0), ("linear", "reflection", 1),
    pytest.param("nearest", "border", 1, marks=HEAVY), pytest.param("linear", "zeros", 1, marks=HEAVY),
    pytest.param("linear", "reflection", 0, marks=HEAVY), pytest.param("cubic", "reflection", 0, marks=HEAVY),
    pytest.param("cubic", "zeros", 1, marks=HEAVY), pytest.param("cubic", "reflection", 1, marks=HEAVY)])
def test_agrees_with_onnxruntime(mode, padding_mode, align_corners):
    model = grid_sample_model(mode, padding_mode, align_corners)
    assert decompose_grid_samples(model)[1] == 1
    feeds = {"x": np.random.default_rng(1).standard_normal(X_SHAPE).astype(np.float32),
             "grid": grid(align_corners, seed=len(padding_mode))}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    got = xfuse.onnx.load(model).run(feeds)["y"]
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode, padding_mode, align_corners", [
    ("nearest", "border", 0), pytest.param("linear", "reflection", 1, marks=HEAVY)])
def test_volumes_agree_with_onnxruntime(mode, padding_mode, align_corners):
    shapes = ((1, 2, 3, 4, 5), (1, 2, 2, 3, 3), (1, 2, 2, 2, 3))
    model = grid_sample_model(mode, padding_mode, align_corners, shapes=shapes)
    assert decompose_grid_samples(model)[1] == 1
    rng = np.random.default_rng(7)
    feeds = {"x": rng.standard_normal(shapes[0]).astype(np.float32),
             "grid": rng.uniform(-2.5, 2.5, shapes[1]).astype(np.float32)}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    np.testing.assert_allclose(xfuse.onnx.load(model).run(feeds)["y"], expected, rtol=1e-5, atol=1e-5)


def test_cubic_with_border_padding_is_refused_by_name():
    """onnxruntime and ONNX's reference disagree there (onnxruntime does not clip the coordinate)."""
    model = grid_sample_model("cubic", "border", 0)
    assert decompose_grid_samples(model)[1] == 0
    with pytest.raises(OnnxError, match=r"node 'sample' \(GridSample\): mode 'cubic' with padding_mode 'border'"):
        xfuse.onnx.load(model)
