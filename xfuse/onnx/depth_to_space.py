"""`DepthToSpace` in `CRD` mode written as the `Reshape`, `Transpose`, `Reshape` ONNX defines it by.

torch-mlir's lowering of mode `CRD` gives wrong values whenever the output has more than two
channels (`[1, 12, 3, 2]`, block 2: off by up to 3.7 against onnxruntime; `DCR` agrees, and
ONNX's conformance cases, 2 output channels, pass). On the prepared model (static shapes) each
such node becomes its definition: `[N, C, H, W]` reshaped to `[N, C/b², b, b, H, W]`,
transposed by `[0, 1, 4, 2, 5, 3]`, reshaped to `[N, C/b², H*b, W*b]`. A node whose input shape
is not static is refused by name rather than computed wrong.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, node_attributes, rewrite_nodes, static_types


def decompose_crd_depth_to_space(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain `DepthToSpace` of mode `CRD` written as its
    `Reshape` / `Transpose` / `Reshape` (a copy when there is one), and how many there were."""
    types = static_types(model)

    def decomposed(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto]:
        shape = types.get(node.input[0], (None, None))[1]
        if shape is None or len(shape) != 4:
            raise OnnxError(f"{describe_node(node)}: DepthToSpace in CRD mode needs a static 4-D input shape "
                            "(torch-mlir's lowering of it computes wrong values)")
        (n, c, h, w), block = shape, node_attributes(node)["blocksize"]
        split = numpy_helper.from_array(np.array([n, c // block ** 2, block, block, h, w], np.int64), f"{prefix}_split")
        merged = numpy_helper.from_array(np.array([n, c // block ** 2, h * block, w * block], np.int64),
                                         f"{prefix}_merged")
        graph.initializer.extend([split, merged])
        return [helper.make_node("Reshape", [node.input[0], split.name], [f"{prefix}_blocks"], name=f"{prefix}_split"),
                helper.make_node("Transpose", [f"{prefix}_blocks"], [f"{prefix}_interleaved"], name=f"{prefix}_perm",
                                 perm=[0, 1, 4, 2, 5, 3]),
                helper.make_node("Reshape", [f"{prefix}_interleaved", merged.name], list(node.output), name=node.name)]

    return rewrite_nodes(model, _is_crd_depth_to_space, decomposed, "crd")


def _is_crd_depth_to_space(node: onnx.NodeProto) -> bool:
    return (node.op_type == "DepthToSpace" and node.domain in ("", "ai.onnx")
            and node_attributes(node).get("mode", "DCR") == "CRD")
