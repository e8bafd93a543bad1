"""The models of the ONNX tests: the onnx wheel's light models and a tiny synthetic network.

Every test module here starts with `pytest.importorskip` of onnx, torch_mlir and onnxruntime
(the `xfuse[onnx]` extra and the oracle of the `test` extra), so without them they are skipped
with the reason. (A module of its own, not conftest.py: tests/ has several conftest modules.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

LIGHT_MODELS = ["bvlc_alexnet", "densenet121", "inception_v1", "inception_v2", "resnet50", "shufflenet",
                "squeezenet", "vgg19", "zfnet512"]


def light_model_path(name: str) -> Path:
    """A "light" model (weights made by ConstantOfShape) shipped in the onnx wheel."""
    import onnx

    path = Path(onnx.__file__).parent / "backend" / "test" / "data" / "light" / f"light_{name}.onnx"
    if not path.is_file():
        pytest.skip(f"this onnx wheel does not ship {path.name}")
    return path


def tiny_conv_model(seed: int = 0, batch: int | str = 1, channels: int = 8, opset: int = 13):
    """Conv+BatchNorm+Relu, MaxPool, a 1x1 Conv with a residual Add, global pooling, Flatten,
    Gemm, Softmax on a 1x3x16x16 image (opset 13 unless told); random initializers, some below the
    externalization threshold (the 8-element biases) and some above. `batch` may be a
    symbol (a dynamic dimension); `channels` is the width of the hidden layers."""
    assert opset >= 9, "BatchNormalization's spatial attribute before opset 9 is not built here"
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    inits = []

    def tensor(name, array):
        inits.append(numpy_helper.from_array(np.asarray(array, np.float32), name))
        return name

    c = channels
    nodes = [
        helper.make_node("Conv", ["x", tensor("w1", rng.normal(0, 0.3, (c, 3, 3, 3))),
                                  tensor("b1", rng.normal(0, 0.1, c))], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c1", tensor("scale", rng.uniform(0.5, 1.5, c)),
                                                tensor("bias", rng.normal(0, 0.1, c)),
                                                tensor("mean", rng.normal(0, 0.1, c)),
                                                tensor("var", rng.uniform(0.5, 1.5, c))], ["n1"], name="bn1"),
        helper.make_node("Relu", ["n1"], ["r1"], name="relu1"),
        helper.make_node("MaxPool", ["r1"], ["p1"], name="pool1", kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Conv", ["p1", tensor("w2", rng.normal(0, 0.5, (c, c, 1, 1)))], ["c2"], name="conv2"),
        helper.make_node("Add", ["c2", "p1"], ["a2"], name="residual"),
        helper.make_node("GlobalAveragePool", ["a2"], ["g"], name="gap"),
        helper.make_node("Flatten", ["g"], ["f"], name="flatten"),
        helper.make_node("Gemm", ["f", tensor("w3", rng.normal(0, 0.5, (10, c))), tensor("b3", rng.normal(0, 0.1, 10))],
                         ["logits"], name="fc", transB=1),
        helper.make_node("Softmax", ["logits"], ["prob"], name="softmax", axis=1),
    ]
    graph = helper.make_graph(nodes, "tiny_conv",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, 3, 16, 16])],
                              [helper.make_tensor_value_info("prob", TensorProto.FLOAT, [batch, 10])],
                              initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    return model
