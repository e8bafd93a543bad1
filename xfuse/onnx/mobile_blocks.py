"""MobileNetV2-, MobileNetV3- and EfficientNet-style classifiers as ONNX models, built with `onnx.helper`.

The graphs are what `torch.onnx.export` (opset 17, eval mode, batch norms folded into the
convolutions) writes for torchvision's models, cut after a few stages so that they stay cheap:

    stem      Conv 3x3 stride 2 (+ bias), activation
    blocks    inverted residuals: [expansion Conv 1x1, activation], depthwise Conv KxK stride S
              (`group` = channels), activation, [squeeze-excite], projection Conv 1x1, [residual Add]
    head      Conv 1x1, activation, GlobalAveragePool, Flatten, Gemm (the classifier)

with the activations as the exporter spells them: ReLU6 as `Clip(x, 0, 6)` (min and max as
initializers), hard-swish as `HardSwish`, hard-sigmoid as `HardSigmoid(alpha=1/6)`, SiLU (swish)
as `x * Sigmoid(x)`. A squeeze-excite block is `GlobalAveragePool`, Conv 1x1 (reduce), ReLU or
SiLU, Conv 1x1 (expand), `HardSigmoid` or `Sigmoid`, and `Mul` of the gate into the block
(`ReduceMean` over the spatial axes, keepdims, when the family says so, as hand-written SE
modules export).

The channel counts are the real networks' (MobileNetV3-Large's 72, 120, 240, 200, 480: no
multiple of 16), the strides and kernel sizes too (3x3 and 5x5, stride 1 and 2). Weights are
seeded random initializers (normal, std 1/sqrt(fan-in), biases normal std 0.1).
`resolution` is the input's height and width: 224 is the real networks' (112x112x16 after the
stem ... 14x14x80-112 at the end); 32 is a test size with the same channels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import onnx
from onnx import TensorProto, helper

from xfuse.onnx.transformer import _Builder as GraphBuilder

OPSET = 17


@dataclass(frozen=True)
class Block:
    """One inverted residual block."""

    expanded: int
    """Channels after the expansion 1x1 (equal to the input's: no expansion convolution)."""
    out: int
    kernel: int
    stride: int
    activation: str
    """"relu", "relu6", "hardswish" or "swish"."""
    squeeze: int = 0
    """Squeeze-excite's reduced channels (0: no squeeze-excite)."""


@dataclass(frozen=True)
class Family:
    name: str
    stem: int
    stem_activation: str
    blocks: tuple[Block, ...]
    head: int
    head_activation: str
    se_activation: str = "relu"
    se_gate: str = "hardsigmoid"
    se_pool: str = "GlobalAveragePool"
    """"GlobalAveragePool" or "ReduceMean"."""
    classes: int = 1000


MOBILENET_V2 = Family("mobilenet_v2", 32, "relu6", (
    Block(32, 16, 3, 1, "relu6"),
    Block(96, 24, 3, 2, "relu6"), Block(144, 24, 3, 1, "relu6"),
    Block(144, 32, 3, 2, "relu6"), Block(192, 32, 3, 1, "relu6"),
    Block(192, 64, 3, 2, "relu6"), Block(384, 64, 3, 1, "relu6"),
), head=384, head_activation="relu6")
"""MobileNetV2's first four stages (to 14x14x64 at 224), with a shorter last stage."""

MOBILENET_V3 = Family("mobilenet_v3", 16, "hardswish", (
    Block(16, 16, 3, 1, "relu"),
    Block(64, 24, 3, 2, "relu"), Block(72, 24, 3, 1, "relu"),
    Block(72, 40, 5, 2, "relu", 24), Block(120, 40, 5, 1, "relu", 32),
    Block(240, 80, 3, 2, "hardswish"), Block(200, 80, 3, 1, "hardswish"),
    Block(480, 112, 3, 1, "hardswish", 120),
), head=480, head_activation="hardswish")
"""MobileNetV3-Large's blocks to 14x14x112 at 224 (its `bneck` table, rows 1-8 and 11)."""

EFFICIENTNET_B0 = Family("efficientnet_b0", 32, "swish", (
    Block(32, 16, 3, 1, "swish", 8),
    Block(96, 24, 3, 2, "swish", 4), Block(144, 24, 3, 1, "swish", 6),
    Block(144, 40, 5, 2, "swish", 6), Block(240, 40, 5, 1, "swish", 10),
    Block(240, 80, 3, 2, "swish", 10), Block(480, 80, 3, 1, "swish", 20),
), head=320, head_activation="swish", se_activation="swish", se_gate="sigmoid", se_pool="ReduceMean")
"""EfficientNet-B0's stages 1-4 (to 14x14x80 at 224), squeeze-excite in every block."""

FAMILIES = {family.name: family for family in (MOBILENET_V2, MOBILENET_V3, EFFICIENTNET_B0)}
BENCHMARK_RESOLUTION = 224
TINY_RESOLUTION = 32


def mobile_network(family: Family | str, resolution: int = BENCHMARK_RESOLUTION, seed: int = 0) -> onnx.ModelProto:
    """The network with input `x` (1, 3, resolution, resolution) and output `logits` (1, classes)."""
    if isinstance(family, str):
        if family not in FAMILIES:
            raise ValueError(f"unknown network family {family!r}: one of {', '.join(FAMILIES)}")
        family = FAMILIES[family]
    if resolution < 2 or resolution % 2:
        raise ValueError(f"resolution {resolution}: an even size of at least 2")
    builder = _Builder(np.random.default_rng(seed), family)
    value = builder.activation(builder.conv("x", 3, family.stem, 3, 2), family.stem_activation)
    channels = family.stem
    for block in family.blocks:
        value = builder.inverted_residual(value, channels, block)
        channels = block.out
    value = builder.activation(builder.conv(value, channels, family.head, 1, 1), family.head_activation)
    flat = builder.op("Flatten", [builder.op("GlobalAveragePool", [value])], axis=1)
    weight = builder.tensor("classifier_w", builder.normal((family.classes, family.head), family.head))
    bias = builder.tensor("classifier_b", builder.normal((family.classes,), 100.0))
    builder.op("Gemm", [flat, weight, bias], output="logits", transB=1)
    return builder.classifier_model(family.name, resolution, family.classes)


def grouped_convs(model: onnx.ModelProto) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """(group, kernel, stride, output shape) of every grouped (or depthwise) Conv, in graph order."""
    shapes = {value.name: tuple(d.dim_value for d in value.type.tensor_type.shape.dim)
              for value in onnx.shape_inference.infer_shapes(model).graph.value_info}
    convs = []
    for node in model.graph.node:
        attributes = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        if node.op_type == "Conv" and attributes.get("group", 1) > 1:
            convs.append((attributes["group"], attributes["kernel_shape"][0], attributes["strides"][0],
                          shapes[node.output[0]]))
    return convs


class _Builder(GraphBuilder):
    """The transformer layer's graph builder with convolutions, activations and the blocks."""

    def __init__(self, rng: np.random.Generator, family: Family):
        super().__init__(rng)
        self.family = family

    def classifier_model(self, name: str, resolution: int, classes: int) -> onnx.ModelProto:
        """The checked model of the nodes built, from `x` (1, 3, resolution, resolution) to `logits`."""
        graph = helper.make_graph(self.nodes, name,
                                  [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, resolution, resolution])],
                                  [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, classes])],
                                  initializer=self.initializers)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="xfuse")
        onnx.checker.check_model(model)
        return model

    def normal(self, shape: tuple[int, ...], fan_in: float) -> np.ndarray:
        return self.rng.normal(0, 1 / math.sqrt(fan_in), shape).astype(np.float32)

    def conv(self, value: str, channels: int, out: int, kernel: int, stride: int, groups: int = 1,
             padding: int | None = None) -> str:
        """A convolution with bias, padding `padding` (default `kernel // 2`) on every side (the exporter's `pads`)."""
        self._count += 1
        name = f"conv{self._count}"
        weight = self.tensor(f"{name}_w", self.normal((out, channels // groups, kernel, kernel),
                                                      channels // groups * kernel * kernel))
        bias = self.tensor(f"{name}_b", self.rng.normal(0, 0.1, (out,)).astype(np.float32))
        pad = kernel // 2 if padding is None else padding
        return self.op("Conv", [value, weight, bias], kernel_shape=[kernel, kernel], strides=[stride, stride],
                       pads=[pad] * 4, group=groups, dilations=[1, 1])

    def activation(self, value: str, kind: str) -> str:
        if kind == "relu":
            return self.op("Relu", [value])
        if kind == "relu6":
            low = self.tensor(f"clip_min_{self._count}", np.array(0.0, np.float32))
            high = self.tensor(f"clip_max_{self._count}", np.array(6.0, np.float32))
            return self.op("Clip", [value, low, high])
        if kind == "hardswish":
            return self.op("HardSwish", [value])
        if kind == "hardsigmoid":
            return self.op("HardSigmoid", [value], alpha=1.0 / 6.0, beta=0.5)
        if kind == "sigmoid":
            return self.op("Sigmoid", [value])
        if kind == "swish":
            return self.op("Mul", [value, self.op("Sigmoid", [value])])
        raise ValueError(f"unknown activation {kind!r}")

    def squeeze_excite(self, value: str, channels: int, squeeze: int) -> str:
        if self.family.se_pool == "ReduceMean":
            pooled = self.op("ReduceMean", [value], axes=[2, 3], keepdims=1)  # axes an attribute before opset 18
        else:
            pooled = self.op("GlobalAveragePool", [value])
        reduced = self.activation(self.conv(pooled, channels, squeeze, 1, 1), self.family.se_activation)
        gate = self.activation(self.conv(reduced, squeeze, channels, 1, 1), self.family.se_gate)
        return self.op("Mul", [value, gate])

    def inverted_residual(self, value: str, channels: int, block: Block) -> str:
        inner = value
        if block.expanded != channels:
            inner = self.activation(self.conv(inner, channels, block.expanded, 1, 1), block.activation)
        inner = self.activation(self.conv(inner, block.expanded, block.expanded, block.kernel, block.stride,
                                          groups=block.expanded), block.activation)
        if block.squeeze:
            inner = self.squeeze_excite(inner, block.expanded, block.squeeze)
        inner = self.conv(inner, block.expanded, block.out, 1, 1)
        if block.stride == 1 and block.out == channels:
            inner = self.op("Add", [value, inner])
        return inner
