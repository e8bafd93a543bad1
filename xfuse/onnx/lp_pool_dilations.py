"""`LpPool` with `dilations` written as a depthwise `Conv` of ones, which torch-mlir lowers.

torch-mlir has no lowering of LpPool with dilations (`test_lppool_2d_dilations`). An LpPool is
`(sum over the window of |x|^p)^(1/p)`, the zero padding adding nothing: on the prepared model
(static shapes, SAME pads already explicit: `lp_pool_padding.py`) each dilated one becomes
`|x|^p` (`x * x` for p = 2), a Conv with one group per channel, a filter of ones and the pool's
kernel, strides, pads and dilations, then the `1/p`th power (`Sqrt` for p = 2). Only the order
of the window's sum differs from ONNX's reference. `ceil_mode` (which Conv does not have) is
left to torch-mlir.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import helper

from xfuse.onnx.graph import NodeBuilder, node_attributes, rewrite_nodes, static_types


def convolve_dilated_lp_pools(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain dilated LpPool (without `ceil_mode`) whose
    input has a static float shape made a depthwise Conv as the module docstring says (a copy
    when there is one), and how many there were."""
    types = static_types(model)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        data = types.get(node.input[0])
        attributes = node_attributes(node)
        if data is None or attributes.get("ceil_mode", 0) or attributes.get("auto_pad", "NOTSET") not in (
                "NOTSET", "VALID"):
            return None
        dtype = helper.tensor_dtype_to_np_dtype(data[0])
        if dtype.kind != "f":
            return None
        return _as_conv(node, NodeBuilder(graph, prefix), data[1], dtype, attributes)

    return rewrite_nodes(model, _is_dilated_lp_pool, rewrite, "lp_conv")


def _is_dilated_lp_pool(node: onnx.NodeProto) -> bool:
    return (node.op_type == "LpPool" and node.domain in ("", "ai.onnx")
            and any(d != 1 for d in node_attributes(node).get("dilations", [])))


def _as_conv(node: onnx.NodeProto, build: NodeBuilder, shape: tuple[int, ...], dtype: np.dtype,
             attributes: dict) -> list[onnx.NodeProto]:
    p, kernel, channels = attributes.get("p", 2), list(attributes["kernel_shape"]), shape[1]
    magnitude = build.add("Abs", [node.input[0]], "magnitude")
    powered = build.add("Mul", [magnitude, magnitude], "powered") if p == 2 else build.add(
        "Pow", [magnitude, build.constant("p", np.array(p, dtype))], "powered")
    conv_attributes = {name: attributes[name] for name in ("strides", "pads", "dilations", "auto_pad")
                       if name in attributes}
    total = build.add("Conv", [powered, build.constant("ones", np.ones([channels, 1, *kernel], dtype))], "sum",
                      group=channels, kernel_shape=kernel, **conv_attributes)
    if p == 2:
        build.add("Sqrt", [total], "root")
    else:
        build.add("Pow", [total, build.constant("inverse_p", np.array(1 / p, dtype))], "root")
    return build.finish_as(node)
