"""ONNX ops torch-mlir lowers to its `tm_tensor` dialect (CumSum to `scan`, TopK to `sort`, the
Scatter ops to `scatter`) load and agree with onnxruntime: xfuse reads the ops
(xfuse/dialects/tm_tensor.py) and lowers them to loops (`xfuse-lower-tm-tensor`). The RoBERTa
position ids (transformers' `create_position_ids_from_input_ids`, what RoBERTa's export
computes with a CumSum) first."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402

PAD = 1
"""RoBERTa's padding id."""


def _model(nodes, inputs, outputs, initializers=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])


def _agree(model, *arrays, exact=False):
    feeds = {value.name: array for value, array in zip(model.graph.input, arrays)}
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)
    got = xfuse.onnx.load(model)(*arrays)
    got = got if isinstance(got, list | tuple) else [got]
    for g, e in zip(got, expected, strict=True):
        assert g.dtype == e.dtype and g.shape == e.shape
        if exact:
            np.testing.assert_array_equal(g, e)
        else:
            np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def _value(name, element, shape):
    return helper.make_tensor_value_info(name, element, shape)


def test_roberta_position_ids():
    nodes = [helper.make_node("Equal", ["ids", "pad"], ["is_pad"]),
             helper.make_node("Not", ["is_pad"], ["keep"]),
             helper.make_node("Cast", ["keep"], ["mask"], to=TensorProto.INT64),
             helper.make_node("CumSum", ["mask", "axis"], ["running"]),
             helper.make_node("Mul", ["running", "mask"], ["incremental"]),
             helper.make_node("Add", ["incremental", "pad"], ["positions"])]
    model = _model(nodes, [_value("ids", TensorProto.INT64, [2, 9])], [_value("positions", TensorProto.INT64, [2, 9])],
                   [helper.make_tensor("pad", TensorProto.INT64, [], [PAD]),
                    helper.make_tensor("axis", TensorProto.INT64, [], [1])])
    ids = np.random.default_rng(0).integers(2, 500, size=(2, 9)).astype(np.int64)
    ids[0, 6:] = PAD  # right padding
    ids[1, :2] = PAD  # and left
    _agree(model, ids, exact=True)


@pytest.mark.parametrize("exclusive, reverse, axis, element",
                         [(1, 1, 0, TensorProto.FLOAT), (0, 1, -1, TensorProto.INT32)])
def test_cumsum(exclusive, reverse, axis, element):
    node = helper.make_node("CumSum", ["x", "axis"], ["y"], exclusive=exclusive, reverse=reverse)
    model = _model([node], [_value("x", element, [4, 6])], [_value("y", element, [4, 6])],
                   [helper.make_tensor("axis", TensorProto.INT64, [], [axis])])
    rng = np.random.default_rng(exclusive + 2 * reverse)
    x = (rng.standard_normal((4, 6)).astype(np.float32) if element == TensorProto.FLOAT
         else rng.integers(-100, 100, size=(4, 6)).astype(np.int32))
    _agree(model, x, exact=element != TensorProto.FLOAT)


@pytest.mark.parametrize("largest", [1, 0])
def test_topk_ties_take_the_lower_index(largest):
    node = helper.make_node("TopK", ["x", "k"], ["values", "indices"], axis=1, largest=largest, sorted=1)
    model = _model([node], [_value("x", TensorProto.FLOAT, [3, 8])],
                   [_value("values", TensorProto.FLOAT, [3, 3]), _value("indices", TensorProto.INT64, [3, 3])],
                   [helper.make_tensor("k", TensorProto.INT64, [1], [3])])
    x = np.random.default_rng(largest).integers(-2, 3, size=(3, 8)).astype(np.float32)  # many ties
    _agree(model, x, exact=True)


def _scatter_elements(reduction):
    node = helper.make_node("ScatterElements", ["data", "indices", "updates"], ["y"], name="scatter", axis=1,
                            reduction=reduction)
    return _model([node], [_value("data", TensorProto.FLOAT, [3, 5]), _value("indices", TensorProto.INT64, [3, 2]),
                           _value("updates", TensorProto.FLOAT, [3, 2])], [_value("y", TensorProto.FLOAT, [3, 5])])


@pytest.mark.parametrize("reduction", ["none", "add", "mul", "max"])  # max: a ScatterND (scatter_reduction.py)
def test_scatter_elements_with_negative_indices(reduction):
    model = _scatter_elements(reduction)
    rng = np.random.default_rng(len(reduction))
    indices = np.array([[0, -1], [-5, 2], [3, -2]], np.int64)  # distinct per row: onnxruntime's order is then moot
    _agree(model, rng.standard_normal((3, 5)).astype(np.float32), indices,
           rng.standard_normal((3, 2)).astype(np.float32))


def test_scatter_nd_rows():
    node = helper.make_node("ScatterND", ["data", "indices", "updates"], ["y"])
    model = _model([node], [_value("data", TensorProto.FLOAT, [4, 5]), _value("indices", TensorProto.INT64, [2, 1]),
                            _value("updates", TensorProto.FLOAT, [2, 5])], [_value("y", TensorProto.FLOAT, [4, 5])])
    rng = np.random.default_rng(3)
    _agree(model, rng.standard_normal((4, 5)).astype(np.float32), np.array([[3], [-4]], np.int64),
           rng.standard_normal((2, 5)).astype(np.float32))
