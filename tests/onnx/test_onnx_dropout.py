"""`Dropout` at inference (xfuse/onnx/graph.py `dropout_to_identity`): the data unchanged and,
when the mask output is used, a mask that is all true, as onnxruntime gives."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper  # noqa: E402

import xfuse.onnx  # noqa: E402


def test_used_mask_is_all_true():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 3])
    nodes = [helper.make_node("Dropout", ["x"], ["y", "mask"], name="drop"),
             helper.make_node("Cast", ["mask"], ["kept"], name="count", to=TensorProto.FLOAT)]
    outputs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["n", 3]),
               helper.make_tensor_value_info("mask", TensorProto.BOOL, ["n", 3]),
               helper.make_tensor_value_info("kept", TensorProto.FLOAT, ["n", 3])]
    model = helper.make_model(helper.make_graph(nodes, "g", [x], outputs), opset_imports=[helper.make_opsetid("", 13)])
    data = np.random.default_rng(1).standard_normal((2, 3)).astype(np.float32)
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": data})
    got = xfuse.onnx.load(model, input_shapes={"x": (2, 3)}).run({"x": data})
    assert got["mask"].dtype == np.bool_ and got["mask"].all()
    for name, want in zip(("y", "mask", "kept"), expected, strict=True):
        np.testing.assert_array_equal(got[name], want)
