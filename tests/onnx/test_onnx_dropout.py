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


def training_model(ratio, training):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4])
    initializers = [helper.make_tensor("ratio", TensorProto.FLOAT, [], [ratio]),
                    helper.make_tensor("training", TensorProto.BOOL, [], [training])]
    node = helper.make_node("Dropout", ["x", "ratio", "training"], ["y", "mask"], name="drop", seed=0)
    outputs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4]),
               helper.make_tensor_value_info("mask", TensorProto.BOOL, [3, 4])]
    graph = helper.make_graph([node], "g", [x], outputs, initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])


def test_training_with_ratio_zero_is_the_identity_with_an_all_true_mask():
    model = training_model(0.0, True)
    data = np.random.default_rng(2).standard_normal((3, 4)).astype(np.float32)
    expected = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": data})
    got = xfuse.onnx.load(model).run({"x": data})
    np.testing.assert_array_equal(got["y"], expected[0])
    np.testing.assert_array_equal(got["mask"], expected[1])
    assert got["mask"].all()


def test_training_with_another_ratio_is_refused_by_name():
    with pytest.raises(xfuse.onnx.OnnxError, match=r"node 'drop' \(Dropout\): training_mode true with a ratio "
                                                   r"that is not a constant 0 drops at random"):
        xfuse.onnx.load(training_model(0.25, True))
