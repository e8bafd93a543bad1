"""Per-channel scales and shifts after convolutions folded into their weights
(xfuse/onnx/channel_affine.py).

- What is folded: Conv -> Mul -> Add chains by per-channel constants (`Unsqueeze`d vectors with
  axes as an attribute, opset 9, or as an input, opset 17; `1 x C x 1 x 1` initializers;
  scalars), with or without a bias, grouped; what is not: a convolution read by more than the
  Mul, an operand that is a graph input, a `C` vector (it broadcasts along the width).
- Differential: onnxruntime on the folded model against onnxruntime on the original, and the
  compiled model (`xfuse.onnx.load`) against onnxruntime on the original.
"""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
pytest.importorskip("onnxruntime", reason="the oracle is onnxruntime (the test extra)")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx.channel_affine import fold_channel_affines  # noqa: E402
from xfuse.onnx.oracle import compare_with_onnxruntime, onnxruntime_outputs, relative_error  # noqa: E402


def _network(opset: int) -> onnx.ModelProto:
    """conv1 (bias) -> Mul, Add by unsqueezed vectors -> relu; conv2 (grouped, no bias) -> Mul by
    a scalar -> Add of a 1x8x1x1 initializer; conv3 -> Mul, also read by an Add (kept); conv4 ->
    Mul by a graph input (kept) -> Add of an 8-vector (kept: it broadcasts along the width)."""
    rng = np.random.default_rng(5)
    inits = []
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 8, 8]),
              helper.make_tensor_value_info("s4", TensorProto.FLOAT, [8, 1, 1])]

    def tensor(name, array, dtype=np.float32):
        inits.append(numpy_helper.from_array(np.asarray(array, dtype), name))
        return name

    def unsqueeze(name, vector):
        if opset < 13:
            return helper.make_node("Unsqueeze", [tensor(f"{name}_v", vector)], [name], axes=[1, 2])
        return helper.make_node("Unsqueeze", [tensor(f"{name}_v", vector), tensor(f"{name}_axes", [1, 2], np.int64)],
                                [name])

    nodes = [
        helper.make_node("Conv", ["x", tensor("w1", rng.normal(0, 0.3, (8, 4, 3, 3))), tensor("b1", rng.normal(0, 0.1, 8))],
                         ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        unsqueeze("s1", rng.uniform(0.5, 1.5, 8)),
        helper.make_node("Mul", ["c1", "s1"], ["m1"], name="mul1"),
        unsqueeze("t1", rng.normal(0, 0.3, 8)),
        helper.make_node("Add", ["t1", "m1"], ["a1"], name="add1"),  # the constant first
        helper.make_node("Relu", ["a1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", tensor("w2", rng.normal(0, 0.3, (8, 4, 1, 1)))], ["c2"], name="conv2", group=2),
        helper.make_node("Mul", ["c2", tensor("s2", 0.75)], ["m2"], name="mul2"),
        helper.make_node("Add", ["m2", tensor("t2", rng.normal(0, 0.3, (1, 8, 1, 1)))], ["a2"], name="add2"),
        helper.make_node("Conv", ["a2", tensor("w3", rng.normal(0, 0.3, (8, 8, 1, 1)))], ["c3"], name="conv3"),
        helper.make_node("Mul", ["c3", tensor("s3", rng.uniform(0.5, 1.5, (8, 1, 1)))], ["m3"], name="mul3"),
        helper.make_node("Add", ["m3", "c3"], ["a3"], name="add3"),
        helper.make_node("Conv", ["a3", tensor("w4", rng.normal(0, 0.3, (8, 8, 1, 1)))], ["c4"], name="conv4"),
        helper.make_node("Mul", ["c4", "s4"], ["m4"], name="mul4"),
        helper.make_node("Conv", ["m4", tensor("w5", rng.normal(0, 0.3, (8, 8, 1, 1)))], ["c5"], name="conv5"),
        helper.make_node("Add", ["c5", tensor("t5", rng.normal(0, 0.3, 8))], ["out"], name="add5"),
    ]
    graph = helper.make_graph(nodes, "affine", inputs, [helper.make_tensor_value_info("out", TensorProto.FLOAT, [1, 8, 8, 8])],
                              initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    return model


def _ops(model, kind):
    return [node.name for node in model.graph.node if node.op_type == kind]


@pytest.mark.parametrize("opset", [9, 17])
def test_per_channel_chains_are_folded_and_the_rest_kept(opset):
    model = _network(opset)
    folded, count = fold_channel_affines(model)
    assert count == 4  # mul1, add1, mul2, add2
    assert _ops(folded, "Mul") == ["mul3", "mul4"] and _ops(folded, "Add") == ["add3", "add5"]
    assert not _ops(folded, "Unsqueeze")
    assert _ops(model, "Mul") == ["mul1", "mul2", "mul3", "mul4"]  # the input is not changed
    conv1 = next(node for node in folded.graph.node if node.name == "conv1")
    assert list(conv1.output) == ["a1"] and list(conv1.input[1:]) == ["a1_folded_weight", "a1_folded_bias"]
    assert not {"w1", "b1", "s1_v", "t1_v", "s2", "t2"} & {init.name for init in folded.graph.initializer}
    onnx.checker.check_model(folded)


def test_nothing_to_fold_returns_the_model_itself():
    model = _network(17)
    once, _ = fold_channel_affines(model)
    again, count = fold_channel_affines(once)
    assert count == 0 and again is once


@pytest.mark.parametrize("opset", [9, 17])
def test_folded_model_computes_what_the_original_does(opset):
    model = _network(opset)
    rng = np.random.default_rng(0)
    feeds = {"x": rng.standard_normal((1, 4, 8, 8)).astype(np.float32),
             "s4": rng.uniform(0.5, 1.5, (8, 1, 1)).astype(np.float32)}
    want = onnxruntime_outputs(model, feeds)["out"]
    got = onnxruntime_outputs(fold_channel_affines(model)[0], feeds)["out"]
    assert relative_error(got, want) < 1e-5


def test_compiled_network_with_folded_scales_agrees_with_onnxruntime():
    model = _network(17)
    compiled = xfuse.onnx.load(model)
    errors = compare_with_onnxruntime(compiled, model, seed=0)
    assert max(errors.values()) < 1e-4, errors
