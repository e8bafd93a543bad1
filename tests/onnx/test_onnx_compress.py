"""`Compress` by a constant condition as a `Gather` (xfuse/onnx/compress.py): along an axis, a
negative one, without an axis (the input flattened), a condition shorter than the axis, agree
with ONNX's reference."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402

SHAPE = (3, 4, 5)
COMPRESSES = (  # (condition, axis)
    ([1, 0, 1], 0),
    ([0, 1, 1, 0, 1], -1),
    ([1, 1, 0], 1),  # shorter than the axis: the rest is dropped
    ([0] * 7 + [1, 0, 1, 1], None),  # the input flattened
)


def compress_model():
    nodes, outputs, initializers = [], [], []
    data = np.zeros(SHAPE, np.float32)
    for index, (condition, axis) in enumerate(COMPRESSES):
        initializers.append(numpy_helper.from_array(np.array(condition, bool), f"condition{index}"))
        attributes = {} if axis is None else {"axis": axis}
        nodes.append(helper.make_node("Compress", ["x", f"condition{index}"], [f"y{index}"], name=f"compress{index}",
                                      **attributes))
        shape = np.compress(condition, data, axis=axis).shape
        outputs.append(helper.make_tensor_value_info(f"y{index}", TensorProto.FLOAT, shape))
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, SHAPE)], outputs,
                              initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])


def test_constant_compresses_agree_with_the_reference():
    model = compress_model()
    feeds = {"x": np.random.default_rng(12).standard_normal(SHAPE).astype(np.float32)}
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(COMPRESSES[index]))
