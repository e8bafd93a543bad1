"""An ONNX model made ready for import as an inference graph with static shapes.

torch-mlir's ONNX importer lowers each op from a minimum opset on and needs every shape known.
This module reads the file, then rewrites the graph the way an inference engine sees it:

- opsets below `MIN_OPSET` are upgraded with `onnx.version_converter` (torch-mlir lowers
  BatchNormalization, LayerNormalization & co. only at recent opsets);
- `Dropout` is the identity at inference (onnxruntime runs it so), so it becomes `Identity`;
  its mask output, if used, all true (onnxruntime's at inference);
- the graph inputs get the sizes the user gives for dynamic dimensions.

prepare.py runs these steps, with the folding of shape computations and shape inference.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError

MIN_OPSET = 17
"""Models of an older default-domain opset are converted to this one before import."""


def read_model(path: str | Path) -> onnx.ModelProto:
    """The model in `path` (external data loaded from beside it), checked by `onnx.checker`."""
    path = Path(path)
    if not path.is_file():
        raise OnnxError(f"{path}: no such file")
    try:
        model = onnx.load(str(path))
    except Exception as exc:  # noqa: BLE001 - protobuf's DecodeError and friends
        raise OnnxError(f"{path}: not an ONNX model ({type(exc).__name__}: {first_line(exc)})") from None
    check_model(model, str(path))
    return model


def check_model(model: onnx.ModelProto, where: str = "model") -> None:
    """`onnx.checker.check_model`, its failure an `OnnxError` (models over 2 GB are not checked)."""
    if model.ByteSize() >= onnx.checker.MAXIMUM_PROTOBUF:
        return
    try:
        onnx.checker.check_model(model)
    except onnx.checker.ValidationError as exc:
        raise OnnxError(f"{where}: invalid ONNX model: {first_line(exc)}") from None


def opset_of(model: onnx.ModelProto) -> int:
    """The version of the default ("" or "ai.onnx") domain the model imports."""
    for entry in model.opset_import:
        if entry.domain in ("", "ai.onnx"):
            return entry.version
    raise OnnxError("the model imports no version of the default ONNX domain")


def upgrade_opset(model: onnx.ModelProto, target: int = MIN_OPSET) -> onnx.ModelProto:
    """The model at opset `target` when it is older, else the model itself."""
    if opset_of(model) >= target:
        return model
    try:
        return onnx.version_converter.convert_version(model, target)
    except Exception as exc:  # noqa: BLE001 - the converter raises RuntimeError with C++ text
        raise OnnxError(f"cannot convert the model from opset {opset_of(model)} to {target} "
                        f"(the importer needs at least {target}): {first_line(exc)}") from None


def describe_node(node: onnx.NodeProto) -> str:
    """`node 'name' (OpType)`, the way every message of xfuse.onnx names a node."""
    domain = f"{node.domain}." if node.domain not in ("", "ai.onnx") else ""
    return f"node '{node.name or node.output[0]}' ({domain}{node.op_type})"


def dropout_to_identity(model: onnx.ModelProto) -> None:
    """Replace every `Dropout` by `Identity` (what it computes at inference, and in training with
    a constant ratio of 0), in place; a mask output that is used becomes all true (what
    onnxruntime gives then): a `ConstantOfShape` of the data's `Shape`, which the preparation
    folds. Training with another ratio drops at random: an `OnnxError`."""
    used = {name for node in model.graph.node for name in node.input} | {o.name for o in model.graph.output}
    constants = initializer_arrays(model)
    nodes = []
    for node in model.graph.node:
        nodes.append(node)
        if node.op_type != "Dropout" or node.domain not in ("", "ai.onnx"):
            continue
        if len(node.input) > 2 and node.input[2]:
            training = constants.get(node.input[2])
            ratio = constants.get(node.input[1]) if len(node.input) > 1 and node.input[1] else None
            if training is None:
                raise OnnxError(f"{describe_node(node)}: training_mode is not a constant false; "
                                "xfuse runs inference only")
            if bool(training.reshape(-1)[0]) and (ratio is None or ratio.size != 1 or float(ratio.reshape(-1)[0])):
                raise OnnxError(f"{describe_node(node)}: training_mode true with a ratio that is not a constant 0 "
                                "drops at random; xfuse runs inference only")
        data, output = node.input[0], node.output[0]
        if len(node.output) > 1 and node.output[1] and node.output[1] in used:
            shape = f"{node.output[1]}_shape"
            nodes.append(helper.make_node("Shape", [data], [shape], name=shape))
            nodes.append(helper.make_node("ConstantOfShape", [shape], [node.output[1]], name=node.output[1],
                                          value=helper.make_tensor("true", onnx.TensorProto.BOOL, [1], [True])))
        node.op_type = "Identity"
        del node.input[:], node.output[:], node.attribute[:]
        node.input.append(data)
        node.output.append(output)
    if len(nodes) != len(model.graph.node):
        del model.graph.node[:]
        model.graph.node.extend(nodes)


def trim_trailing_empty_inputs(model: onnx.ModelProto) -> None:
    """Drop the empty names (absent optional inputs) at the end of every node's inputs, in place:
    the same node to ONNX, but torch-mlir's importer dies of a SIGSEGV on a `Resize` whose last
    input, `sizes`, is absent (`Resize(x, "", scales, "")`)."""
    for node in model.graph.node:
        while node.input and not node.input[-1]:
            del node.input[-1]


_READS: ContextVar[dict[tuple[str, int], tuple[onnx.ModelProto, dict]] | None] = ContextVar("_READS", default=None)
"""`reads_shared()`'s memo: (reader, id of the model) -> (the model, kept alive so that its id is
not reused; what the reader returned)."""


@contextmanager
def reads_shared() -> Iterator[None]:
    """Within it (in this thread), `static_types` and `initializer_arrays` read each model object
    once and give later callers a copy of the result. For a sequence of rewrites that each read
    the whole model and mostly return it unchanged (`importer.SMALL_DECOMPOSITIONS`: 20 of them
    read DenseNet-121's 3,000 value types and 700 initializers each, 0.6-0.9 s of every load,
    for nothing to rewrite). Only for code that never changes a model in place: a rewrite returns
    a new model (`rewrite_nodes`' copy), whose reads are its own."""
    token = _READS.set({})
    try:
        yield
    finally:
        _READS.reset(token)


def _shared_read(reader: str, model: onnx.ModelProto, read: Callable[[], dict],
                 copy: Callable[[Any], Any] = lambda value: value) -> dict:
    """`read()`, or within `reads_shared` the first result for this model object, each value
    `copy`'d (the callers own what they get, as when they read it themselves)."""
    memo = _READS.get()
    if memo is None:
        return read()
    key = (reader, id(model))
    if key not in memo:
        memo[key] = (model, read())
    return {name: copy(value) for name, value in memo[key][1].items()}


def initializer_arrays(model: onnx.ModelProto) -> dict[str, np.ndarray]:
    """Every initializer and every `Constant` node's tensor value, by name; an `OnnxError` naming
    the tensor when its data does not fit its type and shape (read once within `reads_shared`)."""
    return _shared_read("initializer_arrays", model, lambda: _initializer_arrays(model), np.copy)


def _initializer_arrays(model: onnx.ModelProto) -> dict[str, np.ndarray]:
    arrays = {init.name: readable_array(init, f"initializer '{init.name}'") for init in model.graph.initializer}
    for node in model.graph.node:
        if node.op_type == "Constant" and node.attribute and node.attribute[0].name == "value":
            arrays[node.output[0]] = readable_array(node.attribute[0].t, describe_node(node))
    return arrays


def readable_array(tensor: onnx.TensorProto, what: str) -> np.ndarray:
    """`tensor`'s values; an `OnnxError` naming it (`what`) when its data does not fit its type and shape."""
    try:
        return numpy_helper.to_array(tensor)
    except Exception as exc:  # noqa: BLE001 - data of the wrong size or type
        raise OnnxError(f"{what}: unreadable tensor data ({exc})") from None


def constant_of_shape_nodes(model: onnx.ModelProto) -> list[tuple[onnx.NodeProto, tuple[int, ...]]]:
    """The `ConstantOfShape` nodes whose shape is a constant, with that shape."""
    constants = initializer_arrays(model)
    found = []
    for node in model.graph.node:
        if node.op_type == "ConstantOfShape" and node.domain in ("", "ai.onnx") and node.input[0] in constants:
            found.append((node, tuple(int(d) for d in constants[node.input[0]].reshape(-1))))
    return found


def replace_nodes(model: onnx.ModelProto, replacements: Mapping[str, onnx.TensorProto | None]) -> None:
    """Remove the nodes whose first output is a key (adding the initializer it maps to, if any),
    then every initializer and initialized input nothing reads any more, in place. (Nodes are
    named by their output: ONNX values have one producer, and protobuf wrappers have no stable
    identity.)"""
    kept = [node for node in model.graph.node if node.output[0] not in replacements]
    added = [tensor for tensor in replacements.values() if tensor is not None]
    del model.graph.node[:]
    model.graph.node.extend(kept)
    model.graph.initializer.extend(added)
    if model.ir_version < 4:  # initializers must be declared as inputs too
        model.graph.input.extend(make_value_info(t.name, numpy_helper.to_array(t)) for t in added)
    prune_unused_initializers(model)


def set_nodes(model: onnx.ModelProto, nodes: Sequence[onnx.NodeProto]) -> None:
    """Make `nodes` the graph's nodes, in place; below IR version 4, every initializer is declared
    as a graph input too (as those versions require), so a decomposition's new constants are."""
    del model.graph.node[:]
    model.graph.node.extend(nodes)
    if model.ir_version < 4:
        declared = {value.name for value in model.graph.input}
        model.graph.input.extend(make_value_info(init.name, numpy_helper.to_array(init))
                                 for init in model.graph.initializer if init.name not in declared)


def rewrite_nodes(model: onnx.ModelProto, selects: Callable[[onnx.NodeProto], bool],
                  rewrite: Callable[[onnx.NodeProto, onnx.GraphProto, str], Sequence[onnx.NodeProto] | None],
                  tag: str) -> tuple[onnx.ModelProto, int]:
    """A copy of `model` in which every node `selects` picks is replaced by the nodes `rewrite`
    returns for it (None: it stays), and how many were; the model itself and 0 when it picks none.
    `rewrite` gets the copy's graph (for its constants) and a prefix for new names, unique per
    node: its name (or first output), `tag` and a count."""
    if not any(selects(node) for node in model.graph.node):
        return model, 0
    result = onnx.ModelProto()
    result.CopyFrom(model)
    nodes, count = [], 0
    for node in result.graph.node:
        new = rewrite(node, result.graph, f"{node.name or node.output[0]}_{tag}{count}") if selects(node) else None
        if new is None:
            nodes.append(node)
        else:
            nodes.extend(new)
            count += 1
    set_nodes(result, nodes)
    return result, count


def subgraphs(graph: onnx.GraphProto) -> Iterator[onnx.GraphProto]:
    """The subgraphs of `graph`'s nodes (Loop, If and Scan bodies), at any depth."""
    for node in graph.node:
        for attribute in node.attribute:
            for subgraph in [attribute.g] if attribute.HasField("g") else attribute.graphs:
                yield subgraph
                yield from subgraphs(subgraph)


class NodeBuilder:
    """The nodes of one rewrite, in order, named `<prefix>_<part>`; their constants are added to
    `graph` as initializers."""

    def __init__(self, graph: onnx.GraphProto, prefix: str):
        self.graph, self.prefix = graph, prefix
        self.nodes: list[onnx.NodeProto] = []

    def constant(self, part: str, array: np.ndarray) -> str:
        self.graph.initializer.append(numpy_helper.from_array(array, f"{self.prefix}_{part}"))
        return f"{self.prefix}_{part}"

    def add(self, op: str, inputs: Sequence[str], part: str, **attributes: Any) -> str:
        self.nodes.append(helper.make_node(op, inputs, [f"{self.prefix}_{part}"], name=f"{self.prefix}_{part}",
                                           **attributes))
        return f"{self.prefix}_{part}"

    def finish_as(self, node: onnx.NodeProto) -> list[onnx.NodeProto]:
        """The nodes, the last one giving `node`'s first output under `node`'s name."""
        self.nodes[-1].output[0] = node.output[0]
        self.nodes[-1].name = node.name or self.nodes[-1].name
        return self.nodes


def prune_unused_initializers(model: onnx.ModelProto) -> None:
    """Drop initializers (and their declared inputs, in IR version 3 models) nothing reads."""
    graph = model.graph
    used = {name for node in graph.node for name in node.input} | {o.name for o in graph.output}
    used |= {name for node in graph.node for attribute in node.attribute if attribute.g
             for inner in attribute.g.node for name in inner.input}
    unused = {init.name for init in graph.initializer if init.name not in used}
    kept_inits = [init for init in graph.initializer if init.name not in unused]
    kept_inputs = [value for value in graph.input if value.name not in unused]
    del graph.initializer[:], graph.input[:]
    graph.initializer.extend(kept_inits)
    graph.input.extend(kept_inputs)


def node_attributes(node: onnx.NodeProto) -> dict[str, Any]:
    """A node's attributes by name, strings decoded."""
    values = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    return {k: v.decode() if isinstance(v, bytes) else v for k, v in values.items()}


def static_types(model: onnx.ModelProto) -> dict[str, tuple[int, tuple[int, ...]]]:
    """Value name -> element type and shape, for the initializers and the values whose shape
    the graph (after shape inference) gives in full (read once within `reads_shared`)."""
    return _shared_read("static_types", model, lambda: _static_types(model))


def _static_types(model: onnx.ModelProto) -> dict[str, tuple[int, tuple[int, ...]]]:
    graph = model.graph
    types = {init.name: (init.data_type, tuple(init.dims)) for init in graph.initializer}
    for value in [*graph.input, *graph.value_info, *graph.output]:
        tensor = value.type.tensor_type
        if value.type.HasField("tensor_type") and tensor.HasField("shape") and all(
                d.HasField("dim_value") for d in tensor.shape.dim):
            types[value.name] = (tensor.elem_type, tuple(d.dim_value for d in tensor.shape.dim))
    return types


def runtime_inputs(model: onnx.ModelProto) -> list[onnx.ValueInfoProto]:
    """The graph inputs a caller feeds (IR version 3 models also list their initializers)."""
    initialized = {init.name for init in model.graph.initializer}
    return [value for value in model.graph.input if value.name not in initialized]


def set_input_shapes(model: onnx.ModelProto, input_shapes: Mapping[str, Sequence[int]] | None,
                     weights: Collection[str] = ()) -> None:
    """Give every graph input a static shape: its own, with dynamic dimensions from
    `input_shapes` (name -> full shape). An unknown name, a contradicting size or a dynamic
    dimension left without one is an `OnnxError` naming the input."""
    input_shapes = dict(input_shapes or {})
    inputs = {value.name: value for value in runtime_inputs(model) if value.name not in weights}
    for name in input_shapes:
        if name not in inputs:
            raise OnnxError(f"input_shapes names '{name}', which is not an input of the model "
                            f"(inputs: {', '.join(repr(n) for n in inputs) or 'none'})")
    for name, value in inputs.items():
        if not value.type.HasField("tensor_type"):
            raise OnnxError(f"input '{name}': only tensor inputs are supported")
        tensor_type = value.type.tensor_type
        if not tensor_type.HasField("shape"):
            if name not in input_shapes:
                raise OnnxError(f"input '{name}' has no shape; give it: --input-shape {name}=D0,D1,...")
            tensor_type.shape.dim.extend(onnx.TensorShapeProto.Dimension() for _ in input_shapes[name])
        dims = tensor_type.shape.dim
        given = input_shapes.get(name)
        if given is not None and len(given) != len(dims):
            raise OnnxError(f"input '{name}' has rank {len(dims)}, but the shape given for it "
                            f"({_shape_text(given)}) has rank {len(given)}")
        for index, dim in enumerate(dims):
            known = dim.dim_value if dim.HasField("dim_value") else None
            if given is not None:
                size = int(given[index])
                if size < 0 or (known is not None and known != size):
                    raise OnnxError(f"input '{name}': dimension {index} is {known if known is not None else size}, "
                                    f"the shape given for it ({_shape_text(given)}) says {size}")
                dim.Clear()
                dim.dim_value = size
            elif known is None:
                symbol = f" ('{dim.dim_param}')" if dim.dim_param else ""
                static = ",".join(str(d.dim_value) if d.HasField("dim_value") else "?" for d in dims)
                raise OnnxError(f"input '{name}' has a dynamic dimension {index}{symbol} (shape {static}); "
                                f"give its size: input_shapes={{'{name}': (...)}} in Python, "
                                f"--input-shape {name}=D0,D1,... on the command line")


def value_types(model: onnx.ModelProto) -> dict[str, onnx.TypeProto]:
    """Every value's inferred type, by name (inference failures leave a value out)."""
    try:
        inferred = onnx.shape_inference.infer_shapes(model, data_prop=True)
    except Exception:  # noqa: BLE001 - the caller says what it misses
        inferred = model
    graph = inferred.graph
    types = {value.name: value.type for value in [*graph.input, *graph.value_info, *graph.output]}
    for init in graph.initializer:
        types.setdefault(init.name, helper.make_tensor_type_proto(init.data_type, list(init.dims)))
    return types


def without_declared_shapes(model: onnx.ModelProto) -> onnx.ModelProto:
    """A copy of `model` without its `value_info` and its outputs' shapes: what an exporter
    declared, hints that ONNX's strict inference may contradict (onnxruntime ignores them)."""
    bare = onnx.ModelProto()
    bare.CopyFrom(model)
    del bare.graph.value_info[:]
    for output in bare.graph.output:
        if output.type.HasField("tensor_type"):
            output.type.tensor_type.ClearField("shape")
    return bare


def make_value_info(name: str, array: np.ndarray) -> onnx.ValueInfoProto:
    """A graph input declaring `array`'s element type and shape."""
    return helper.make_tensor_value_info(name, helper.np_dtype_to_tensor_dtype(array.dtype), array.shape)


def _shape_text(shape: Sequence[int]) -> str:
    return ",".join(str(int(d)) for d in shape)


def first_line(exc: BaseException) -> str:
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    return lines[0].strip() if lines else type(exc).__name__
