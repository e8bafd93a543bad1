"""Regenerate the network FileCheck inputs here (small ONNX models -> linalg on tensors).

Each model is built with onnx.helper (random weights, seeded, as initializers), imported with
torch-mlir's ONNX importer and lowered with its two pipelines
(torch-onnx-to-torch-backend-pipeline, torch-backend-to-linalg-on-tensors-backend-pipeline);
the result is printed as MLIR text. Run from the repository root:

    python tests/filecheck/transforms/network/Inputs/make_inputs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = Path(__file__).parent
RNG = np.random.default_rng(0)


def _init(name: str, *shape: int) -> onnx.TensorProto:
    return numpy_helper.from_array(RNG.standard_normal(shape).astype(np.float32) * 0.5, name)


def _model(nodes, inputs, outputs, inits, opset: int = 17) -> onnx.ModelProto:
    graph = helper.make_graph(nodes, "g", inputs, outputs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def _vi(name: str, *shape: int):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, list(shape))


def conv_bn_relu():
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c", "s", "bb", "m", "v"], ["n"]),
        helper.make_node("Relu", ["n"], ["y"]),
    ]
    inits = [_init("w", 8, 4, 3, 3), _init("b", 8), _init("s", 8), _init("bb", 8), _init("m", 8)]
    inits.append(numpy_helper.from_array(RNG.uniform(0.5, 1.5, 8).astype(np.float32), "v"))
    return _model(nodes, [_vi("x", 1, 4, 8, 8)], [_vi("y", 1, 8, 8, 8)], inits)


def residual_block():
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"]),
        helper.make_node("Conv", ["r1", "w2", "b2"], ["c2"], pads=[1, 1, 1, 1]),
        helper.make_node("Add", ["c2", "x"], ["s"]),
        helper.make_node("Relu", ["s"], ["y"]),
    ]
    inits = [_init("w1", 8, 8, 3, 3), _init("b1", 8), _init("w2", 8, 8, 3, 3), _init("b2", 8)]
    return _model(nodes, [_vi("x", 1, 8, 8, 8)], [_vi("y", 1, 8, 8, 8)], inits)


def conv_maxpool():
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["c"]),
        helper.make_node("Relu", ["c"], ["r"]),
        helper.make_node("MaxPool", ["r"], ["y"], kernel_shape=[2, 2], strides=[2, 2]),
    ]
    inits = [_init("w", 8, 4, 1, 1), _init("b", 8)]
    return _model(nodes, [_vi("x", 1, 4, 8, 8)], [_vi("y", 1, 8, 4, 4)], inits)


def pool_between_convs():
    """conv -> ReLU -> 3x3 max pool (stride 2, overlapping windows) -> 1x1 conv, as in
    squeezenet: the pool is read by the second conv's group through a slice."""
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"]),
        helper.make_node("MaxPool", ["r1"], ["p"], kernel_shape=[3, 3], strides=[2, 2]),
        helper.make_node("Conv", ["p", "w2", "b2"], ["y"]),
    ]
    inits = [_init("w1", 8, 4, 3, 3), _init("b1", 8), _init("w2", 16, 8, 1, 1), _init("b2", 16)]
    return _model(nodes, [_vi("x", 1, 4, 11, 11)], [_vi("y", 1, 16, 5, 5)], inits)


def depthwise_conv():
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1], group=8),
        helper.make_node("Relu", ["c"], ["y"]),
    ]
    inits = [_init("w", 8, 1, 3, 3), _init("b", 8)]
    return _model(nodes, [_vi("x", 1, 8, 8, 8)], [_vi("y", 1, 8, 8, 8)], inits)


def squeeze_excite():
    """A depthwise convolution gated by squeeze-excite as EfficientNet's blocks export it:
    ReduceMean over H and W (keepdims), 1x1 convolutions, Sigmoid, Mul of the gate."""
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1], group=8),
        helper.make_node("ReduceMean", ["c"], ["m"], axes=[2, 3], keepdims=1),
        helper.make_node("Conv", ["m", "w1", "b1"], ["r"]),
        helper.make_node("Relu", ["r"], ["rr"]),
        helper.make_node("Conv", ["rr", "w2", "b2"], ["e"]),
        helper.make_node("Sigmoid", ["e"], ["g"]),
        helper.make_node("Mul", ["c", "g"], ["y"]),
    ]
    inits = [_init("w", 8, 1, 3, 3), _init("b", 8), _init("w1", 4, 8, 1, 1), _init("b1", 4),
             _init("w2", 8, 4, 1, 1), _init("b2", 8)]
    return _model(nodes, [_vi("x", 1, 8, 7, 6)], [_vi("y", 1, 8, 7, 6)], inits)


def grouped_conv():
    nodes = [helper.make_node("Conv", ["x", "w", "b"], ["y"], group=2)]
    inits = [_init("w", 8, 4, 1, 1), _init("b", 8)]
    return _model(nodes, [_vi("x", 1, 8, 6, 6)], [_vi("y", 1, 8, 6, 6)], inits)


def matmul_add_relu():
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["m"]),
        helper.make_node("Add", ["m", "b"], ["a"]),
        helper.make_node("Relu", ["a"], ["y"]),
    ]
    inits = [_init("w", 32, 16), _init("b", 16)]
    return _model(nodes, [_vi("x", 8, 32)], [_vi("y", 8, 16)], inits)


def batched_matmul():
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["m"]),
        helper.make_node("Add", ["m", "b"], ["y"]),
    ]
    inits = [_init("w", 16, 8), _init("b", 8)]
    return _model(nodes, [_vi("x", 2, 4, 16)], [_vi("y", 2, 4, 8)], inits)


def attention_scores():
    nodes = [
        helper.make_node("Transpose", ["k"], ["kt"], perm=[0, 2, 1]),
        helper.make_node("MatMul", ["q", "kt"], ["s"]),
        helper.make_node("Softmax", ["s"], ["p"], axis=-1),
        helper.make_node("MatMul", ["p", "v"], ["y"]),
    ]
    ins = [_vi("q", 2, 8, 4), _vi("k", 2, 8, 4), _vi("v", 2, 8, 4)]
    return _model(nodes, ins, [_vi("y", 2, 8, 4)], [])


def squeezenet():
    """The light squeezenet of the onnx wheel (opset 9, weights from ConstantOfShape: splats)."""
    path = Path(onnx.__file__).parent / "backend/test/data/light/light_squeezenet.onnx"
    return onnx.version_converter.convert_version(onnx.load(path), 17)


MODELS = {
    "conv_bn_relu": conv_bn_relu,
    "residual_block": residual_block,
    "conv_maxpool": conv_maxpool,
    "pool_between_convs": pool_between_convs,
    "depthwise_conv": depthwise_conv,
    "grouped_conv": grouped_conv,
    "squeeze_excite": squeeze_excite,
    "matmul_add_relu": matmul_add_relu,
    "batched_matmul": batched_matmul,
    "attention": attention_scores,
    "squeezenet": squeezenet,
}


def lower(model: onnx.ModelProto) -> str:
    """torch-mlir: ONNX -> torch -> linalg on tensors; the module's text."""
    from torch_mlir.extras import onnx_importer
    from torch_mlir.ir import Context
    from torch_mlir.passmanager import PassManager
    from torch_mlir.dialects import torch as torch_d

    ctx = Context()
    torch_d.register_dialect(ctx)
    info = onnx_importer.ModelInfo(onnx.shape_inference.infer_shapes(model))
    module = info.create_module(context=ctx).operation
    onnx_importer.NodeImporter.define_function(info.main_graph, module).import_all()
    PassManager.parse(
        "builtin.module(torch-onnx-to-torch-backend-pipeline,"
        "torch-backend-to-linalg-on-tensors-backend-pipeline)",
        context=ctx,
    ).run(module)
    return str(module)


def main(names: list[str]) -> None:
    for name in names or list(MODELS):
        text = lower(MODELS[name]())
        (HERE / f"{name}.mlir").write_text(
            f"// {name}: made by Inputs/make_inputs.py (onnx.helper model, torch-mlir lowering); do not edit.\n" + text
        )
        print(name, len(text))


if __name__ == "__main__":
    main(sys.argv[1:])
