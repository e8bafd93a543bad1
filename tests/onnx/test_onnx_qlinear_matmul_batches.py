"""A batched `QLinearMatMul` as 2-D ones (xfuse/onnx/qlinear_matmul_batches.py): torch-mlir's
lowering of the batched op gives IR mlir-opt rejects; split per matrix, int8 and uint8, a batched
`b` and a shared 2-D one, it agrees with onnxruntime exactly."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.qlinear_matmul_batches import split_qlinear_matmul_batches  # noqa: E402

PRODUCTS = (  # element type, a's shape, b's shape
    (TensorProto.INT8, [2, 3, 5], [2, 5, 4]),
    (TensorProto.UINT8, [2, 2, 3, 5], [5, 4]),
)


def products_model():
    nodes, inputs, outputs, initializers = [], [], [], []
    for index, (element, a_shape, b_shape) in enumerate(PRODUCTS):
        dtype = helper.tensor_dtype_to_np_dtype(element)
        zero = 3 if element == TensorProto.INT8 else 131
        for name, value in (("a_scale", 0.02), ("b_scale", 0.03), ("y_scale", 0.05)):
            initializers.append(numpy_helper.from_array(np.array(value, np.float32), f"{name}{index}"))
        for name, value in (("a_zero", zero), ("b_zero", zero - 2), ("y_zero", zero + 1)):
            initializers.append(numpy_helper.from_array(np.array(value, dtype), f"{name}{index}"))
        nodes.append(helper.make_node("QLinearMatMul", [f"{p}{index}" for p in ("a", "a_scale", "a_zero", "b", "b_scale",
                                                                                 "b_zero", "y_scale", "y_zero")],
                                      [f"y{index}"], name=f"qmm{index}"))
        inputs += [helper.make_tensor_value_info(f"a{index}", element, a_shape),
                   helper.make_tensor_value_info(f"b{index}", element, b_shape)]
        outputs.append(helper.make_tensor_value_info(f"y{index}", element, [*a_shape[:-1], b_shape[-1]]))
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])


def test_batched_products_agree_with_onnxruntime_exactly():
    model = products_model()
    rng = np.random.default_rng(9)
    feeds = {}
    for index, (element, a_shape, b_shape) in enumerate(PRODUCTS):
        info = np.iinfo(helper.tensor_dtype_to_np_dtype(element))
        feeds[f"a{index}"] = rng.integers(info.min, info.max, a_shape, endpoint=True).astype(info.dtype)
        feeds[f"b{index}"] = rng.integers(info.min, info.max, b_shape, endpoint=True).astype(info.dtype)
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)
    got = xfuse.onnx.load(model).run(feeds)
    for index, want in enumerate(expected):
        np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(PRODUCTS[index]))


def test_one_two_d_product_per_matrix():
    split, count = split_qlinear_matmul_batches(prepare_for_import(products_model()).model)
    assert count == 2
    assert sum(n.op_type == "QLinearMatMul" for n in split.graph.node) == 2 + 4
    assert [n.output[0] for n in split.graph.node if n.name == "qmm0"] == ["y0"]
