"""`TensorScatter` (a KV-cache write) written as a gather and a select, which torch-mlir lowers.

torch-mlir has no lowering of TensorScatter (opset 24). ONNX's reference
(onnx/reference/ops/op_tensor_scatter.py) copies `past_cache` and writes `update` along `axis`
(length `seq` there, `M` in the cache) at `write_indices[b] + s` for batch `b` (dimension 0) and
`s < seq`, taken modulo `M` in `circular` mode; without `write_indices` it writes at 0. Each cache
position `j` is therefore written from the update's position `s = j - w[b]` (`(j - w[b]) mod M` when
circular) when `0 <= s < seq`, and keeps the cache's value otherwise. On the prepared model
(static shapes) each TensorScatter becomes, with `j = 0 .. M - 1` along `axis` and `w` reshaped to
`[B, 1, ...]`:

    source = j - w                     (circular: (j - w) mod M, in [0, M) as ONNX's Mod)
    written = (source >= 0) and (source < seq)
    present = Where(written, GatherElements(update, Expand(Where(written, source, 0)), axis), past)

Every written element is a copy of an update element, so the result is exact for any type.
The write indices are run-time data; they must lie in `[0, M - seq]` in linear mode and be
non-negative in circular mode, as ONNX requires (an index outside writes nothing here, where
the reference fails).
"""

from __future__ import annotations

import numpy as np
import onnx

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import NodeBuilder, describe_node, node_attributes, rewrite_nodes, static_types


def decompose_tensor_scatters(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The prepared `model` with every default-domain TensorScatter whose operands have static
    shapes decomposed (a copy when there is one), and how many there were; the others stay
    (torch-mlir refuses them by name). A mode other than linear and circular, or a scatter
    along the batch axis, is an `OnnxError` naming the node."""
    types = static_types(model)

    def rewrite(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str) -> list[onnx.NodeProto] | None:
        past, update = types.get(node.input[0]), types.get(node.input[1])
        if past is None or update is None:
            return None
        return _decomposed(node, graph, prefix, past[1], update[1])

    return rewrite_nodes(model, _is_tensor_scatter, rewrite, "tensor_scatter")


def _is_tensor_scatter(node: onnx.NodeProto) -> bool:
    return node.op_type == "TensorScatter" and node.domain in ("", "ai.onnx")


def _decomposed(node: onnx.NodeProto, graph: onnx.GraphProto, prefix: str, past_shape: tuple[int, ...],
                update_shape: tuple[int, ...]) -> list[onnx.NodeProto]:
    attributes = node_attributes(node)
    mode = attributes.get("mode", "linear")
    rank = len(past_shape)
    axis = attributes.get("axis", -2) % rank if rank else 0
    if mode not in ("linear", "circular"):
        raise OnnxError(f"{describe_node(node)}: mode '{mode}'; ONNX defines TensorScatter for linear and circular")
    if rank < 2 or axis == 0:
        raise OnnxError(f"{describe_node(node)}: axis {axis} of a rank-{rank} cache; ONNX's TensorScatter "
                        "writes along an axis after the batch axis (0)")
    length, seq = past_shape[axis], update_shape[axis]
    if len(update_shape) != rank or seq > length or any(
            u != p for a, (u, p) in enumerate(zip(update_shape, past_shape, strict=True)) if a != axis):
        raise OnnxError(f"{describe_node(node)}: an update of shape {list(update_shape)} does not fit a cache of "
                        f"shape {list(past_shape)} along axis {axis}")
    build = NodeBuilder(graph, prefix)
    constant, add = build.constant, build.add
    if seq == 0:  # nothing written (and nothing to gather from)
        add("Identity", [node.input[0]], "present")
        return build.finish_as(node)
    along_axis = [1] * rank
    along_axis[axis] = length
    source = constant("positions", np.arange(length, dtype=np.int64).reshape(along_axis))
    if len(node.input) > 2 and node.input[2]:
        per_batch = [past_shape[0]] + [1] * (rank - 1)
        start = add("Reshape", [add("Cast", [node.input[2]], "start_i64", to=onnx.TensorProto.INT64),
                                constant("batch_shape", np.array(per_batch, np.int64))], "start")
        source = add("Sub", [source, start], "back")
        if mode == "circular":  # ONNX's integer Mod (fmod=0) takes the divisor's sign: in [0, M)
            source = add("Mod", [source, constant("length", np.array(length, np.int64))], "source")
    zero = constant("zero", np.array(0, np.int64))
    written = add("And", [add("GreaterOrEqual", [source, zero], "from_start"),
                          add("Less", [source, constant("seq", np.array(seq, np.int64))], "before_end")], "written")
    index = add("Expand", [add("Where", [written, source, zero], "safe_source"),
                           constant("shape", np.array(past_shape, np.int64))], "index")
    add("Where", [written, add("GatherElements", [node.input[1], index], "gathered", axis=axis), node.input[0]],
        "present")
    return build.finish_as(node)
