"""Opset-8 `Scan` brought to opset 9 with its batch axis kept.

At opset 8 every input and output of a Scan has a leading batch axis (and an optional
`sequence_lens` input first); opset 9 dropped both. onnx's version converter (`Scan_8_9`) only
removes the first input and strips the leading axis from the *declared* shapes of the node's
inputs and outputs, graph inputs and outputs included: the converted model then declares
`initial` as `[2]` where the caller passes `[1, 2]`, and runs the Scan on batched tensors as
if they were unbatched. So the converter runs, then each Scan that was at opset 8 gets what
its batch axis means: per batch element `b`, its inputs' row `b` (`Slice` and `Squeeze`) go
through a copy of the (now opset-9) Scan (its body's values renamed: ONNX's inference wants
them unique), and the outputs are stacked back along axis 0
(`Unsqueeze` and `Concat`); the declared shapes are the original model's again. A
`sequence_lens` input (the converter refuses it), a batch of unknown size or a Scan inside a
subgraph is an `OnnxError` naming the node.
"""

from __future__ import annotations

import numpy as np
import onnx
import onnx.compose
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, opset_of, static_types, subgraphs, upgrade_opset

SCAN_WITHOUT_BATCH = 9
"""The opset from which Scan has no batch axis."""


def upgrade_opset_keeping_scan_batches(model: onnx.ModelProto) -> onnx.ModelProto:
    """`graph.upgrade_opset(model)`, with each top-level opset-8 Scan run per batch element
    (the module docstring)."""
    batches = _scan_batches(model) if opset_of(model) < SCAN_WITHOUT_BATCH else {}
    upgraded = upgrade_opset(model)
    if not batches:
        return upgraded
    result = onnx.ModelProto()
    result.CopyFrom(upgraded)
    graph = result.graph
    declared = {value.name: value for value in [*model.graph.input, *model.graph.output]}
    touched = {name for node in result.graph.node if node.op_type == "Scan" and node.output[0] in batches
               for name in [*node.input, *node.output]}
    for value in [*graph.input, *graph.output]:
        if value.name in declared:
            value.CopyFrom(declared[value.name])
    kept = [value for value in graph.value_info if value.name not in touched]
    del graph.value_info[:]
    graph.value_info.extend(kept)
    nodes = []
    for node in graph.node:
        if node.op_type == "Scan" and node.output[0] in batches:
            nodes.extend(_per_batch_element(node, batches[node.output[0]], graph))
        else:
            nodes.append(node)
    del graph.node[:]
    graph.node.extend(nodes)
    return result


def _scan_batches(model: onnx.ModelProto) -> dict[str, int]:
    """First output -> batch size of every default-domain opset-8 Scan of the graph."""
    scans = [node for node in model.graph.node if _is_scan(node)]
    nested = [node for graph in subgraphs(model.graph) for node in graph.node if _is_scan(node)]
    if nested:
        raise OnnxError(f"{describe_node(nested[0])}: an opset-8 Scan inside a subgraph is not supported (the "
                        "conversion to opset 9 would drop its batch axis)")
    if not scans:
        return {}
    try:
        types = static_types(onnx.shape_inference.infer_shapes(model))
    except Exception:  # noqa: BLE001 - InferenceError from C++: the declared shapes are all there is
        types = static_types(model)
    batches = {}
    for node in scans:
        if node.input and node.input[0]:
            raise OnnxError(f"{describe_node(node)}: an opset-8 Scan with sequence_lens is not supported "
                            "(opset 9 removed it)")
        sizes = {types[name][1][0] for name in [*node.input[1:], *node.output] if name in types and types[name][1]}
        if len(sizes) != 1:
            raise OnnxError(f"{describe_node(node)}: the batch axis of an opset-8 Scan must have one known size "
                            f"(got {sorted(sizes) or 'none'}): declare the shapes of its inputs")
        batches[node.output[0]] = sizes.pop()
    return batches


def _is_scan(node: onnx.NodeProto) -> bool:
    return node.op_type == "Scan" and node.domain in ("", "ai.onnx")


def _per_batch_element(node: onnx.NodeProto, batch: int, graph: onnx.GraphProto) -> list[onnx.NodeProto]:
    """`node` (an opset-9 Scan given batched values) as one copy per batch element."""
    prefix = node.name or node.output[0]
    axis0 = f"{prefix}_batch_axis"
    graph.initializer.append(numpy_helper.from_array(np.array([0], np.int64), axis0))
    nodes: list[onnx.NodeProto] = []
    stacked: list[list[str]] = [[] for _ in node.output]
    for b in range(batch):
        bounds = [f"{prefix}_batch{b}_start", f"{prefix}_batch{b}_end"]
        graph.initializer.extend(numpy_helper.from_array(np.array([i], np.int64), name)
                                 for i, name in zip((b, b + 1), bounds))
        inputs = []
        for i, name in enumerate(node.input):
            row, element = f"{prefix}_batch{b}_in{i}_row", f"{prefix}_batch{b}_in{i}"
            nodes.append(helper.make_node("Slice", [name, *bounds, axis0], [row], name=row))
            nodes.append(helper.make_node("Squeeze", [row, axis0], [element], name=element))
            inputs.append(element)
        copy = onnx.NodeProto()
        copy.CopyFrom(node)
        copy.name = f"{prefix}_batch{b}"
        del copy.input[:], copy.output[:]
        copy.input.extend(inputs)
        copy.output.extend(f"{prefix}_batch{b}_out{k}" for k in range(len(node.output)))
        # the copies' bodies define values of their own names (ONNX's inference needs them unique)
        onnx.compose.add_prefix_graph(next(a.g for a in copy.attribute if a.name == "body"), f"{copy.name}/",
                                      inplace=True)
        nodes.append(copy)
        for k, output in enumerate(copy.output):
            nodes.append(helper.make_node("Unsqueeze", [output, axis0], [f"{output}_row"], name=f"{output}_row"))
            stacked[k].append(f"{output}_row")
    nodes.extend(helper.make_node("Concat", rows, [name], name=f"{prefix}_stacked{k}", axis=0)
                 for k, (rows, name) in enumerate(zip(stacked, node.output)))
    return nodes
