"""Batch norms after convolutions folded into the convolutions' weights (xfuse/onnx/batch_norm.py).

- What is folded: Conv (with or without bias, grouped) -> BatchNormalization with constant
  parameters; what is not: a convolution read by more than the batch norm, parameters that are
  graph inputs, a non-positive `var + epsilon`.
- Differential: onnxruntime on the folded model against onnxruntime on the original, and the
  compiled model (through `xfuse.onnx.load`) against onnxruntime on the original.
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
from xfuse.onnx.batch_norm import fold_batch_norms  # noqa: E402
from xfuse.onnx.oracle import compare_with_onnxruntime, onnxruntime_outputs, relative_error  # noqa: E402


def _network(var_offset: float = 0.5, params_as_inputs: bool = False) -> onnx.ModelProto:
    """conv1 (bias) -> bn1 -> relu; conv2 (grouped, no bias) -> bn2; conv3 -> bn3 and also an
    add (not foldable); bn4's parameters are graph inputs when `params_as_inputs`."""
    rng = np.random.default_rng(3)
    inits, inputs = [], [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 10, 10])]

    def tensor(name, array, as_input=False):
        array = np.asarray(array, np.float32)
        if as_input:
            inputs.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, list(array.shape)))
        else:
            inits.append(numpy_helper.from_array(array, name))
        return name

    def norm(name, source, channels, as_input=False):
        return helper.make_node("BatchNormalization", [
            source, tensor(f"{name}_scale", rng.uniform(0.5, 1.5, channels), as_input),
            tensor(f"{name}_beta", rng.normal(0, 0.3, channels), as_input),
            tensor(f"{name}_mean", rng.normal(0, 0.3, channels), as_input),
            tensor(f"{name}_var", rng.uniform(0, 1, channels) + var_offset - 0.5, as_input)],
            [f"{name}_out"], name=name, epsilon=1e-3)

    nodes = [
        helper.make_node("Conv", ["x", tensor("w1", rng.normal(0, 0.3, (8, 4, 3, 3))), tensor("b1", rng.normal(0, 0.1, 8))],
                         ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        norm("bn1", "c1", 8),
        helper.make_node("Relu", ["bn1_out"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", tensor("w2", rng.normal(0, 0.3, (8, 4, 1, 1)))], ["c2"], name="conv2", group=2),
        norm("bn2", "c2", 8),
        helper.make_node("Conv", ["bn2_out", tensor("w3", rng.normal(0, 0.3, (8, 8, 1, 1)))], ["c3"], name="conv3"),
        norm("bn3", "c3", 8),
        helper.make_node("Add", ["bn3_out", "c3"], ["a3"], name="add3"),
        helper.make_node("Conv", ["a3", tensor("w4", rng.normal(0, 0.3, (8, 8, 1, 1)))], ["c4"], name="conv4"),
        norm("bn4", "c4", 8, params_as_inputs),
    ]
    graph = helper.make_graph(nodes, "bn", inputs, [helper.make_tensor_value_info("bn4_out", TensorProto.FLOAT, [1, 8, 10, 10])],
                              initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    return model


def _norms(model):
    return [node.name for node in model.graph.node if node.op_type == "BatchNormalization"]


def test_foldable_pairs_are_folded_and_the_rest_kept():
    model = _network()
    folded, count = fold_batch_norms(model)
    assert count == 3 and _norms(folded) == ["bn3"]  # conv3's output is read by the add too
    assert _norms(model) == ["bn1", "bn2", "bn3", "bn4"]  # the input is not changed
    conv1 = next(node for node in folded.graph.node if node.name == "conv1")
    conv2 = next(node for node in folded.graph.node if node.name == "conv2")
    assert list(conv1.input[1:]) == ["w1", "b1"] and list(conv1.output) == ["bn1_out"]  # in place
    assert list(conv2.input[1:]) == ["w2", "c2_bn_bias"]  # it had no bias
    assert not {"bn1_scale", "bn1_var", "bn2_mean"} & {init.name for init in folded.graph.initializer}
    assert [init.name for init in folded.graph.initializer][:3] == ["w1", "b1", "w2"]
    onnx.checker.check_model(folded)


def test_parameters_that_are_inputs_or_a_negative_variance_are_not_folded():
    assert _norms(fold_batch_norms(_network(params_as_inputs=True))[0]) == ["bn3", "bn4"]
    _, count = fold_batch_norms(_network(var_offset=-0.9))  # some var + epsilon < 0
    assert count < 3


def test_folded_model_computes_what_the_original_does():
    model = _network()
    feeds = {"x": np.random.default_rng(0).standard_normal((1, 4, 10, 10)).astype(np.float32)}
    want = onnxruntime_outputs(model, feeds)["bn4_out"]
    got = onnxruntime_outputs(fold_batch_norms(model)[0], feeds)["bn4_out"]
    assert relative_error(got, want) < 1e-5


def test_compiled_network_with_folded_norms_agrees_with_onnxruntime():
    model = _network()
    compiled = xfuse.onnx.load(model)
    errors = compare_with_onnxruntime(compiled, model, seed=0)
    assert max(errors.values()) < 1e-4, errors
