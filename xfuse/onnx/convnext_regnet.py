"""ConvNeXt- and RegNet-Y-style classifiers as ONNX models, built with `onnx.helper` (issue 42).

The graphs are what `torch.onnx.export` (opset 17, eval mode, batch norms folded into the
convolutions) writes for torchvision's models, cut after three stages so that they stay cheap.

ConvNeXt (`convnext`: ConvNeXt-Tiny's widths 96, 192, 384, two blocks a stage):

    stem        Conv 4x4 stride 4 (+ bias), channels-first LayerNorm
    block       depthwise Conv 7x7 padding 3 (`group` = channels), Transpose to NHWC,
                LayerNormalization over C, MatMul [1,H,W,C]x[C,4C] + bias, GELU (Erf form),
                MatMul [1,H,W,4C]x[4C,C] + bias, Transpose back, layer scale Mul ([C,1,1]),
                residual Add
    downsample  channels-first LayerNorm, Conv 2x2 stride 2
    head        GlobalAveragePool, Flatten, LayerNormalization, Gemm

GELU is `x * (1 + Erf(x / sqrt 2)) * 0.5` (`Div`, `Erf`, `Add`, `Mul`, `Mul`: the exporter's
order). The channels-first LayerNorm of the stem and the downsamplers is spelled as the original
ConvNeXt code's `LayerNorm(data_format="channels_first")` exports: `ReduceMean` over axis 1,
`Sub`, `Pow` 2, `ReduceMean`, `Add` epsilon, `Sqrt`, `Div`, then `Mul` and `Add` of `[C,1,1]`
scale and shift; the blocks' is torchvision's `LayerNormalization` on the NHWC rows. So one
network has both forms of LayerNorm.

RegNet-Y (`regnet_y`: RegNetY-400MF's widths 48, 104, 208 and group width 8; `regnet_y_800mf`:
64, 144, 320 and group width 16):

    stem    Conv 3x3 stride 2 (+ bias), Relu
    block   Conv 1x1, Relu, grouped Conv 3x3 stride S (`group` = width / group width), Relu,
            squeeze-excite (GlobalAveragePool, Conv 1x1 to a quarter of the block's input
            width, Relu, Conv 1x1, Sigmoid, Mul), Conv 1x1, [projection Conv 1x1 stride S of the
            input when the width or size changes], residual Add, Relu
    head    GlobalAveragePool, Flatten, Gemm

Weights are seeded random initializers as in `xfuse.onnx.mobile_blocks` (the layer scales
uniform in [0.1, 1]: the real networks' 1e-6 at initialization would hide the blocks).
`resolution` is the input's height and width: 224 is the real networks'; 32 a test size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import onnx

from xfuse.onnx.mobile_blocks import BENCHMARK_RESOLUTION, _Builder as MobileBuilder


@dataclass(frozen=True)
class ConvNeXt:
    name: str
    stages: tuple[tuple[int, int], ...]
    """(channels, blocks) of each stage."""
    stem_stride: int = 4
    epsilon: float = 1e-6
    classes: int = 1000


@dataclass(frozen=True)
class RegNetY:
    name: str
    stem: int
    stages: tuple[tuple[int, int], ...]
    """(width, blocks) of each stage; every stage's first block has stride 2."""
    group_width: int
    classes: int = 1000
    # What `MobileBuilder.squeeze_excite` reads:
    se_pool: str = "GlobalAveragePool"
    se_activation: str = "relu"
    se_gate: str = "sigmoid"


CONVNEXT = ConvNeXt("convnext", ((96, 2), (192, 2), (384, 2)))
"""ConvNeXt-Tiny's first three stages (56x56x96 ... 14x14x384 at 224), two blocks each."""

REGNET_Y = RegNetY("regnet_y", 32, ((48, 1), (104, 3), (208, 3)), group_width=8)
"""RegNetY-400MF's first three stages (to 14x14x208 at 224), the third cut to three blocks."""

REGNET_Y_800MF = RegNetY("regnet_y_800mf", 32, ((64, 1), (144, 3), (320, 3)), group_width=16)
"""RegNetY-800MF's first three stages, group width 16."""

FAMILIES = {family.name: family for family in (CONVNEXT, REGNET_Y, REGNET_Y_800MF)}


def convnext_regnet_network(family: ConvNeXt | RegNetY | str, resolution: int = BENCHMARK_RESOLUTION,
                            seed: int = 0) -> onnx.ModelProto:
    """The network with input `x` (1, 3, resolution, resolution) and output `logits` (1, classes)."""
    if isinstance(family, str):
        if family not in FAMILIES:
            raise ValueError(f"unknown network family {family!r}: one of {', '.join(FAMILIES)}")
        family = FAMILIES[family]
    stride = family.stem_stride * 2 ** (len(family.stages) - 1) if isinstance(family, ConvNeXt) else 2
    if resolution < stride or resolution % stride:
        raise ValueError(f"resolution {resolution}: {family.name} needs a multiple of {stride}")
    builder = _Builder(np.random.default_rng(seed), family)
    head = builder.convnext("x") if isinstance(family, ConvNeXt) else builder.regnet("x")
    channels = family.stages[-1][0]
    weight = builder.tensor("classifier_w", builder.normal((family.classes, channels), channels))
    bias = builder.tensor("classifier_b", builder.normal((family.classes,), 100.0))
    builder.op("Gemm", [head, weight, bias], output="logits", transB=1)
    return builder.classifier_model(family.name, resolution, family.classes)


class _Builder(MobileBuilder):
    """The mobile networks' builder with ConvNeXt's and RegNet-Y's blocks."""

    def _channel_vector(self, name: str, values: np.ndarray) -> str:
        """`values` (C,) as a [C,1,1] initializer, broadcast over an NCHW activation's pixels."""
        return self.tensor(name, values.reshape(-1, 1, 1).astype(np.float32))

    def _scale_and_shift(self, name: str, size: int) -> tuple[np.ndarray, np.ndarray]:
        return (self.rng.uniform(0.5, 1.5, (size,)).astype(np.float32),
                self.rng.normal(0, 0.1, (size,)).astype(np.float32))

    # ConvNeXt ---------------------------------------------------------------------------------

    def convnext(self, value: str) -> str:
        family: ConvNeXt = self.family
        channels = family.stages[0][0]
        value = self.channels_first_norm(self.conv(value, 3, channels, family.stem_stride, family.stem_stride,
                                                   padding=0), channels)
        for index, (width, blocks) in enumerate(family.stages):
            if index:
                value = self.conv(self.channels_first_norm(value, channels), channels, width, 2, 2, padding=0)
                channels = width
            for _ in range(blocks):
                value = self.convnext_block(value, channels)
        flat = self.op("Flatten", [self.op("GlobalAveragePool", [value])], axis=1)
        return self.layer_norm_op(flat, channels)

    def layer_norm_op(self, value: str, size: int) -> str:
        """torchvision's `nn.LayerNorm` over the last axis: ONNX `LayerNormalization`."""
        self._count += 1
        gamma, beta = self._scale_and_shift(f"ln{self._count}", size)
        return self.op("LayerNormalization", [value, self.tensor(f"ln{self._count}_gamma", gamma),
                                              self.tensor(f"ln{self._count}_beta", beta)],
                       axis=-1, epsilon=self.family.epsilon)

    def channels_first_norm(self, value: str, channels: int) -> str:
        """LayerNorm over the channels of an NCHW activation, as its mean/variance arithmetic."""
        self._count += 1
        name = f"cfln{self._count}"
        centered = self.op("Sub", [value, self.op("ReduceMean", [value], axes=[1], keepdims=1)])
        variance = self.op("ReduceMean", [self.op("Pow", [centered, self.scalar(f"{name}_two", 2.0)])],
                           axes=[1], keepdims=1)
        deviation = self.op("Sqrt", [self.op("Add", [variance, self.scalar(f"{name}_eps", self.family.epsilon)])])
        normalized = self.op("Div", [centered, deviation])
        scale, shift = self._scale_and_shift(name, channels)
        return self.op("Add", [self.op("Mul", [normalized, self._channel_vector(f"{name}_w", scale)]),
                               self._channel_vector(f"{name}_b", shift)])

    def gelu(self, value: str) -> str:
        self._count += 1
        name = f"gelu{self._count}"
        erf = self.op("Erf", [self.op("Div", [value, self.scalar(f"{name}_sqrt2", math.sqrt(2.0))])])
        return self.op("Mul", [self.op("Mul", [value, self.op("Add", [erf, self.scalar(f"{name}_one", 1.0)])]),
                               self.scalar(f"{name}_half", 0.5)])

    def convnext_block(self, value: str, channels: int) -> str:
        inner = self.conv(value, channels, channels, 7, 1, groups=channels)
        rows = self.layer_norm_op(self.op("Transpose", [inner], perm=[0, 2, 3, 1]), channels)
        rows = self.linear(f"pw{self._count}a", self.gelu(self.linear(f"pw{self._count}", rows, channels, 4 * channels)),
                           4 * channels, channels)
        inner = self.op("Transpose", [rows], perm=[0, 3, 1, 2])
        layer_scale = self._channel_vector(f"layer_scale{self._count}", self.rng.uniform(0.1, 1.0, (channels,)))
        return self.op("Add", [self.op("Mul", [inner, layer_scale]), value])

    # RegNet-Y ---------------------------------------------------------------------------------

    def regnet(self, value: str) -> str:
        family: RegNetY = self.family
        value = self.activation(self.conv(value, 3, family.stem, 3, 2), "relu")
        channels = family.stem
        for width, blocks in family.stages:
            for index in range(blocks):
                value = self.regnet_block(value, channels, width, 2 if index == 0 else 1)
                channels = width
        return self.op("Flatten", [self.op("GlobalAveragePool", [value])], axis=1)

    def regnet_block(self, value: str, channels: int, width: int, stride: int) -> str:
        inner = self.activation(self.conv(value, channels, width, 1, 1), "relu")
        inner = self.activation(self.conv(inner, width, width, 3, stride, groups=width // self.family.group_width),
                                "relu")
        inner = self.squeeze_excite(inner, width, max(1, round(channels / 4)))
        inner = self.conv(inner, width, width, 1, 1)
        shortcut = value if stride == 1 and channels == width else self.conv(value, channels, width, 1, stride)
        return self.activation(self.op("Add", [inner, shortcut]), "relu")
