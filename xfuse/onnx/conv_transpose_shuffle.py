"""`ConvTranspose` whose kernel equals its stride, as a 1x1 `Conv` and a pixel shuffle.

With the kernel as large as the stride (and no pads, dilation, output padding or groups) the
windows of the output do not overlap: for a kernel `k1 x k2`,

    y[n, o, k1*i + a, k2*j + b] = bias[o] + sum_c x[n, c, i, j] * w[c, o, a, b]

one product per input pixel and output channel-tap. torch-mlir lowers every `ConvTranspose` as a
convolution with the flipped filter over the input with `stride - 1` zeros inserted between its
pixels: `k1*k2` times the FLOPs, over an input as large as the output. DBNet's and FPN heads
upsample that way (2x2, stride 2): two such layers of a 320x320 DBNet took 5.3-7.2 ms against
onnxruntime's 1.3-1.9 ms (docs/backend-measurements.md, "Detection heads").

Rewritten on the prepared model (static shapes), for any spatial rank:
`Conv` 1x1 with the filter as `[C_out*k1*k2, C_in, 1, 1]` (a `Transpose` and a `Reshape` of the
filter, computed in the call: the filter is a weight argument), its output `Reshape`d to
`[N, C_out, k1, k2, H, W]`, `Transpose`d to `[N, C_out, H, k1, W, k2]`, `Reshape`d to
`[N, C_out, H*k1, W*k2]`, then the bias `Add`ed as `[C_out, 1, 1]`.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import node_attributes, rewrite_nodes, static_types


def conv_transposes_as_shuffles(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `ConvTranspose` whose kernel equals its
    stride (no pads, dilation, output padding or groups; static input and filter shapes) written
    as a 1x1 `Conv` and a pixel shuffle (a copy when there is one), and how many there were."""
    shapes = {name: shape for name, (_, shape) in static_types(model).items()}

    def shuffled(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        x, w = shapes.get(node.input[0]), shapes.get(node.input[1])
        if x is None or w is None or not _kernel_is_stride(node_attributes(node), x, w):
            return None
        return _conv_and_shuffle(node, x, w, graph, prefix)

    return rewrite_nodes(model, _is_conv_transpose, shuffled, "shuffle")


def _is_conv_transpose(node: onnx.NodeProto) -> bool:
    return node.op_type == "ConvTranspose" and node.domain in ("", "ai.onnx") and len(node.input) >= 2


def _kernel_is_stride(attributes: dict, x: tuple[int, ...], w: tuple[int, ...]) -> bool:
    spatial = len(x) - 2
    if spatial < 1 or len(w) != len(x) or x[1] != w[0]:
        return False
    kernel = list(attributes.get("kernel_shape", w[2:]))
    strides = list(attributes.get("strides", [1] * spatial))
    output_shape = attributes.get("output_shape")
    return (kernel == list(w[2:]) == strides and max(kernel) > 1
            and attributes.get("group", 1) == 1
            and attributes.get("auto_pad", "NOTSET") in ("NOTSET", "VALID")
            and not any(attributes.get("pads", [])) and not any(attributes.get("output_padding", []))
            and all(d == 1 for d in attributes.get("dilations", [1] * spatial))
            and (output_shape is None or list(output_shape[-spatial:]) == [d * k for d, k in zip(x[2:], kernel)]))


def _conv_and_shuffle(node: onnx.NodeProto, x: tuple[int, ...], w: tuple[int, ...], graph: onnx.GraphProto,
                      prefix: str) -> list[onnx.NodeProto]:
    spatial, (batch, channels_in), (channels_out, kernel) = len(x) - 2, x[:2], (w[1], list(w[2:]))
    sizes = list(x[2:])
    taps = int(np.prod(kernel))

    def constant(name: str, values: list[int]) -> str:
        graph.initializer.append(numpy_helper.from_array(np.array(values, np.int64), f"{prefix}_{name}"))
        return f"{prefix}_{name}"

    def step(op: str, inputs: list[str], name: str, **attributes) -> str:
        nodes.append(helper.make_node(op, inputs, [f"{prefix}_{name}"], name=f"{prefix}_{name}", **attributes))
        return f"{prefix}_{name}"

    nodes: list[onnx.NodeProto] = []
    # [C_in, C_out, k...] -> [k..., C_out, C_in] -> [taps * C_out, C_in, 1...]: row (a, b, o) of the
    # 1x1 filter, so that in channels-last layouts each output pixel's C_out values stay contiguous
    filter_rows = step("Transpose", [node.input[1]], "filter_rows", perm=[*range(2, 2 + spatial), 1, 0])
    filter_1x1 = step("Reshape", [filter_rows, constant("filter_shape", [taps * channels_out, channels_in]
                                                         + [1] * spatial)], "filter_1x1")
    products = step("Conv", [node.input[0], filter_1x1], "products", kernel_shape=[1] * spatial)
    # [N, k..., C_out, H...] -> [N, C_out, H1, k1, H2, k2, ...] -> [N, C_out, H1*k1, ...]
    split = step("Reshape", [products, constant("split_shape", [batch, *kernel, channels_out, *sizes])], "split")
    interleave = [0, 1 + spatial] + [axis for i in range(spatial) for axis in (2 + spatial + i, 1 + i)]
    shuffled = step("Transpose", [split], "interleaved", perm=interleave)
    output_shape = constant("output_shape", [batch, channels_out] + [d * k for d, k in zip(sizes, kernel)])
    bias = node.input[2] if len(node.input) > 2 and node.input[2] else ""
    if not bias:
        nodes.append(helper.make_node("Reshape", [shuffled, output_shape], [node.output[0]], name=node.name))
        return nodes
    upsampled = step("Reshape", [shuffled, output_shape], "upsampled")
    bias_column = step("Reshape", [bias, constant("bias_shape", [channels_out] + [1] * spatial)], "bias_column")
    nodes.append(helper.make_node("Add", [upsampled, bias_column], [node.output[0]], name=node.name))
    return nodes
