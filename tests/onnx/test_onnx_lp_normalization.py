"""`LpNormalization` is decomposed before import (xfuse/onnx/lp_normalization.py): same results as
onnxruntime, 0 (not NaN) for an all-zero vector, at an opset with ReduceL2's axes as an
attribute (17) and as an input (18 on)."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.lp_normalization import decompose_lp_normalizations  # noqa: E402


def lp_model(p: int, axis: int, opset: int):
    node = helper.make_node("LpNormalization", ["x"], ["y"], name="norm", p=p, axis=axis)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


@pytest.mark.parametrize("p, axis, opset", [(2, 0, 17), (1, -1, 22)])
def test_agrees_with_onnxruntime_on_a_zero_vector(p, axis, opset):
    x = np.random.default_rng(p).standard_normal((3, 4)).astype(np.float32)
    if axis == 0:
        x[:, 1] = 0
    else:
        x[2, :] = 0
    model = lp_model(p, axis, opset)
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
    got = xfuse.onnx.load(model)(x)
    assert not np.isnan(got).any()
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-7)


def test_decomposition_keeps_the_output_name_and_other_nodes():
    model = lp_model(2, 0, 17)
    decomposed, count = decompose_lp_normalizations(model)
    assert count == 1
    assert [n.op_type for n in decomposed.graph.node] == ["ReduceL2", "CastLike", "Equal", "Div", "Where"]
    assert decomposed.graph.node[-1].output[0] == "y"
    assert decompose_lp_normalizations(lp_model(2, 0, 17).__class__())[1] == 0
