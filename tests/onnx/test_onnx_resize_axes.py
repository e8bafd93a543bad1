"""`Resize` with `axes` gets full-rank sizes before import (xfuse/onnx/resize_axes.py): same
results as onnxruntime with sizes as a constant and as a run-time input, axes in either order;
a `keep_aspect_ratio_policy` (its scale is taken over the listed axes only) and `scales` are left
to the rewrites of the prepared model (resize_aspect.py, resize_taps.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx import OnnxError  # noqa: E402
from xfuse.onnx.resize_axes import expand_resize_axes  # noqa: E402

SIZES = np.array([7, 3], np.int64)


def resize_model(axes, *, runtime_sizes: bool, mode: str = "linear", **attributes):
    node = helper.make_node("Resize", ["x", "", "", "sizes"], ["y"], name="resize", mode=mode, axes=axes,
                            **attributes)
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 5])]
    initializers = []
    if runtime_sizes:
        inputs.append(helper.make_tensor_value_info("sizes", TensorProto.INT64, [2]))
    else:
        initializers.append(numpy_helper.from_array(SIZES, "sizes"))
    shape = [1, 2, 4, 5]
    for axis, size in zip(axes, SIZES, strict=False):
        if not -len(shape) <= axis < len(shape):
            continue  # an invalid axis: the model is made to see it refused
        shape[axis] = int(size) if attributes.get("keep_aspect_ratio_policy", "stretch") == "stretch" else 0
    shape = [d or "d" for d in shape]
    graph = helper.make_graph([node], "g", inputs, [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)],
                              initializer=initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])


@pytest.mark.parametrize("axes, runtime_sizes, mode", [([2, 3], False, "linear"), ([3, 2], True, "nearest"),
                                                       ([-1, -2], False, "cubic")])
def test_agrees_with_onnxruntime(axes, runtime_sizes, mode):
    model = resize_model(axes, runtime_sizes=runtime_sizes, mode=mode)
    feeds = {"x": np.random.default_rng(len(axes)).standard_normal((1, 2, 4, 5)).astype(np.float32)}
    if runtime_sizes:
        feeds["sizes"] = SIZES
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    got = xfuse.onnx.load(model).run(feeds)["y"]
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_full_rank_sizes_take_the_other_dimensions_from_the_input():
    expanded, count = expand_resize_axes(resize_model([3, 2], runtime_sizes=False))
    assert count == 1
    assert [n.op_type for n in expanded.graph.node] == ["Shape", *["Gather"] * 4, "Concat", "Resize"]
    resize = expanded.graph.node[-1]
    assert resize.name == "resize" and list(resize.output) == ["y"]
    assert "axes" not in {a.name for a in resize.attribute}
    gathers = {n.input[0] for n in expanded.graph.node[1:5]}
    assert gathers == {"sizes", expanded.graph.node[0].output[0]}


def test_aspect_ratio_policy_is_left_to_the_later_rewrites():
    # resize_aspect.py or resize_taps.py take it, on the prepared model
    kept = resize_model([2, 3], runtime_sizes=False, keep_aspect_ratio_policy="not_larger")
    assert expand_resize_axes(kept)[1] == 0
    x = np.random.default_rng(0).standard_normal((1, 2, 4, 5)).astype(np.float32)
    want = ort.InferenceSession(kept.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
    np.testing.assert_allclose(xfuse.onnx.load(kept).run({"x": x})["y"], want, rtol=1e-5, atol=1e-6)


def test_axes_outside_the_rank_are_an_error():
    with pytest.raises(OnnxError, match=r"node 'resize' \(Resize\): axes \[2, 4\]"):
        expand_resize_axes(resize_model([2, 4], runtime_sizes=False))
