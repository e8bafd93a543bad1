"""`ScatterElements` reducing by min or max as a `ScatterND` (xfuse/onnx/scatter_reduction.py):
duplicate and negative indices, every axis, indices smaller than the data on the other axes,
float and int32 data, agree with ONNX's reference."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402

DATA = (4, 5, 3)
SCATTERS = (  # (reduction, axis, indices shape, element type)
    ("max", 0, (6, 5, 3), TensorProto.FLOAT),
    ("min", 1, (2, 7, 2), TensorProto.FLOAT),
    ("max", -1, (4, 3, 5), TensorProto.INT32),
    ("min", 0, (3, 2, 1), TensorProto.INT32),
)


def scatter_model():
    nodes, inputs, outputs = [], [], []
    for index, (reduction, axis, shape, element) in enumerate(SCATTERS):
        inputs += [helper.make_tensor_value_info(f"data{index}", element, DATA),
                   helper.make_tensor_value_info(f"indices{index}", TensorProto.INT64, shape),
                   helper.make_tensor_value_info(f"updates{index}", element, shape)]
        nodes.append(helper.make_node("ScatterElements", [f"data{index}", f"indices{index}", f"updates{index}"],
                                      [f"y{index}"], name=f"scatter{index}", axis=axis, reduction=reduction))
        outputs.append(helper.make_tensor_value_info(f"y{index}", element, DATA))
    return helper.make_model(helper.make_graph(nodes, "g", inputs, outputs),
                             opset_imports=[helper.make_opsetid("", 18)])


def test_min_max_scatters_agree_with_the_reference():
    model = scatter_model()
    rng = np.random.default_rng(4)
    feeds = {}
    for index, (_, axis, shape, element) in enumerate(SCATTERS):
        dtype = helper.tensor_dtype_to_np_dtype(element)
        size = DATA[axis]
        feeds[f"data{index}"] = (rng.standard_normal(DATA) * 10).astype(dtype)
        feeds[f"indices{index}"] = rng.integers(-size, size, shape).astype(np.int64)  # duplicates and negatives
        feeds[f"updates{index}"] = (rng.standard_normal(shape) * 10).astype(dtype)
    expected = ReferenceEvaluator(model).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(SCATTERS[index]))
