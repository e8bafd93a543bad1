"""`MaxPool`'s `Indices` output flattened over the whole input, as ONNX defines it.

ONNX's index of a maximum counts over the whole `N x C x spatial` input: `base + local`, with
`base = (n * C + c) * plane` (`plane` the product of the spatial sizes) and `local` the
element's row-major place in its image (`h * W + w`), or, with `storage_order=1` (2-D only),
its column-major place (`w * H + h`). torch-mlir's lowering (PyTorch's `max_pool2d_with_indices`)
gives `local` alone: wrong results as soon as `N * C > 1` (channel 1's first index was 4, ONNX
says 20), and it has no lowering of `storage_order=1`
(`test_maxpool_with_argmax_2d_precomputed_strides`). On the prepared model (static shapes) each
MaxPool whose Indices are used gets them from its row-major ones `r`, as `base + local` with
`local = r mod plane` (right whether `r` includes the base or not), reordered for
`storage_order=1` as `(local mod W) * H + local div W` (non-negative integers: exact). A
column-major MaxPool of another rank stays as it is (torch-mlir refuses it), and so does one
padded differently at the two ends of an axis (or `auto_pad` SAME): there torch-mlir counts
`local` in the padded input, which `support.py` refuses.
"""

from __future__ import annotations

import math

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.graph import node_attributes, rewrite_nodes, static_types


def flatten_max_pool_indices(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with the `Indices` of every default-domain MaxPool that uses them
    computed as the module docstring says (a copy when there is one), and how many there were."""
    types = static_types(model)

    def flattened(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        x, attributes = types.get(node.input[0]), node_attributes(node)
        column_major, pads = attributes.get("storage_order", 0) == 1, list(attributes.get("pads", []))
        if x is None or len(x[1]) < 3 or (column_major and len(x[1]) != 4) or pads[:len(pads) // 2] != pads[
                len(pads) // 2:] or attributes.get("auto_pad", "NOTSET") not in ("NOTSET", "VALID"):
            return None  # uneven padding: support.py refuses the indices
        return _flattened(node, x[1], column_major, graph, prefix)

    return rewrite_nodes(model, _with_indices, flattened, "indices")


def _with_indices(node: onnx.NodeProto) -> bool:
    return node.op_type == "MaxPool" and node.domain in ("", "ai.onnx") and len(node.output) > 1 and bool(node.output[1])


def _flattened(node: onnx.NodeProto, shape: tuple[int, ...], column_major: bool, graph: onnx.GraphProto,
               prefix: str) -> list[onnx.NodeProto]:
    def constant(name: str, value) -> str:
        graph.initializer.append(numpy_helper.from_array(np.asarray(value, np.int64), f"{prefix}_{name}"))
        return f"{prefix}_{name}"

    def value(name: str) -> str:
        return f"{prefix}_{name}"

    batch, channels, spatial = shape[0], shape[1], shape[2:]
    plane = math.prod(spatial)
    bases = constant("bases", (np.arange(batch * channels) * plane).reshape(batch, channels, *[1] * len(spatial)))
    attributes = {k: v for k, v in node_attributes(node).items() if k != "storage_order"}
    nodes = [helper.make_node("MaxPool", [node.input[0]], [node.output[0], value("row_major")],
                              name=node.name or prefix, **attributes),
             helper.make_node("Mod", [value("row_major"), constant("plane", plane)], [value("local")],
                              name=value("Mod_plane"))]
    local = value("local")
    if column_major:
        height, width = spatial
        columns = constant("W", width)
        nodes += [helper.make_node("Div", [local, columns], [value("h")], name=value("Div")),
                  helper.make_node("Mod", [local, columns], [value("w")], name=value("Mod_W")),
                  helper.make_node("Mul", [value("w"), constant("H", height)], [value("w_times_H")],
                                   name=value("Mul")),
                  helper.make_node("Add", [value("w_times_H"), value("h")], [value("column_major")],
                                   name=value("Add_h"))]
        local = value("column_major")
    return [*nodes, helper.make_node("Add", [bases, local], [node.output[1]], name=value("Add_base"))]
