"""`Col2Im` written as a sum of padded slices, which torch-mlir lowers.

torch-mlir's lowering of Col2Im does not legalize ("failed to legalize operation
'torch.constant.int'"), and it has none for more than 2 spatial axes. ONNX's reference
(onnx/reference/ops/op_col2im.py) adds column `c * K + k` of block `b` (`K` kernel positions,
`b` a multi-index over the blocks, row-major) to the image at `b * stride + k * dilation - pad_begin`
on each spatial axis, dropping what falls in the padding. With constant `image_shape` and
`block_shape` each Col2Im becomes, on the input reshaped to `[N, C, K, B_1, ..., B_D]`:

1. the blocks spread `stride` apart (a size-1 axis after each block axis, padded at its end to
   `stride`, merged back, the trailing zeros sliced off), unless every stride is 1;
2. for each kernel position `k`: its slice, padded with zeros to the padded image, beginning
   at `k * dilation` on each axis;
3. the `Sum` of those, with the padding sliced off.

Only zeros are added besides the columns themselves, so the result is the reference's, for
any number of spatial axes.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import onnx

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import NodeBuilder, describe_node, initializer_arrays, node_attributes, rewrite_nodes, static_types


def decompose_col2ims(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain Col2Im whose `image_shape` and `block_shape`
    are constants and whose input's shape is static decomposed (a copy when there is one), and
    how many there were; the others stay (torch-mlir refuses them). Shapes that do not fit
    together are an `OnnxError` naming the node."""
    types, constants = static_types(model), initializer_arrays(model)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        data, image, block = types.get(node.input[0]), constants.get(node.input[1]), constants.get(node.input[2])
        if data is None or image is None or block is None or len(data[1]) != 3:
            return None
        return _Col2Im(node, graph, prefix, data[1], [int(v) for v in image.reshape(-1)],
                       [int(v) for v in block.reshape(-1)]).nodes

    return rewrite_nodes(model, _is_col2im, rewrite, "col2im")


def _is_col2im(node: onnx.NodeProto) -> bool:
    return node.op_type == "Col2Im" and node.domain in ("", "ai.onnx")


class _Col2Im:
    """The nodes of one Col2Im, their constants added to `graph`."""

    def __init__(self, node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str, shape: tuple[int, ...],
                 image: list[int], kernel: list[int]):
        self.build = NodeBuilder(graph, prefix)
        rank = len(image)
        attributes = node_attributes(node)
        strides = list(attributes.get("strides", [1] * rank))
        dilations = list(attributes.get("dilations", [1] * rank))
        pads = list(attributes.get("pads", [0] * 2 * rank))
        if not (len(kernel) == len(strides) == len(dilations) == rank and len(pads) == 2 * rank):
            raise OnnxError(f"{describe_node(node)}: image_shape, block_shape, strides, dilations and pads "
                            "do not have one entry per spatial axis (two for pads)")
        padded = [size + pads[axis] + pads[rank + axis] for axis, size in enumerate(image)]
        blocks = [(padded[a] - dilations[a] * (kernel[a] - 1) - 1) // strides[a] + 1 for a in range(rank)]
        batch, columns, count = shape
        positions = math.prod(kernel)
        if min(blocks) < 1 or count != math.prod(blocks) or columns % positions:
            raise OnnxError(f"{describe_node(node)}: an input of shape {list(shape)} does not hold the "
                            f"{blocks} blocks of a {kernel} kernel in a {image} image (pads {pads}, strides "
                            f"{strides}, dilations {dilations})")
        channels = columns // positions
        lead = [batch, channels, positions]
        spread = self._op("Reshape", [node.input[0], self._constant("blocks_shape", [*lead, *blocks])], "blocks")
        spans = [(b - 1) * s + 1 for b, s in zip(blocks, strides, strict=True)]
        if any(s > 1 for s in strides):
            apart = [d for b in blocks for d in (b, 1)]
            spread = self._op("Reshape", [spread, self._constant("apart_shape", [*lead, *apart])], "apart")
            pad_ends = [d for s in strides for d in (0, s - 1)]
            spread = self._op("Pad", [spread, self._constant("spread_pads", [0] * (3 + 2 * rank) + [0, 0, 0] + pad_ends)],
                              "spread_padded")
            spread = self._op("Reshape", [spread, self._constant(
                "spread_shape", [*lead, *(b * s for b, s in zip(blocks, strides, strict=True))])], "spread_merged")
            spread = self._slice(spread, [0] * rank, spans, list(range(3, 3 + rank)), "spread")
        terms = []
        for flat, offset in enumerate(itertools.product(*(range(k) for k in kernel))):
            column = self._slice(spread, [flat], [flat + 1], [2], f"k{flat}_slice")
            column = self._op("Squeeze", [column, self._constant(f"k{flat}_axis", [2])], f"k{flat}")
            begin = [o * d for o, d in zip(offset, dilations, strict=True)]
            end = [p - s - b for p, s, b in zip(padded, spans, begin, strict=True)]
            terms.append(self._op("Pad", [column, self._constant(f"k{flat}_pads", [0, 0, *begin, 0, 0, *end])],
                                  f"k{flat}_placed"))
        total = self._op("Sum", terms, "sum") if len(terms) > 1 else terms[0]
        self._slice(total, pads[:rank], [p + i for p, i in zip(pads[:rank], image, strict=True)],
                    list(range(2, 2 + rank)), "image")
        self.nodes = self.build.finish_as(node)

    def _slice(self, value: str, starts: list[int], ends: list[int], axes: list[int], name: str) -> str:
        return self._op("Slice", [value, self._constant(f"{name}_starts", starts),
                                  self._constant(f"{name}_ends", ends), self._constant(f"{name}_axes", axes)], name)

    def _constant(self, name: str, values: list[int]) -> str:
        return self.build.constant(name, np.array(values, np.int64))

    def _op(self, op: str, inputs: list[str], name: str) -> str:
        return self.build.add(op, inputs, name)
