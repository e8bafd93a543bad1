"""An exported ONNX model made into the static inference graph torch-mlir's importer needs.

Exporters write networks for many shapes: symbolic batch, height and width axes (older ones
write `-1`), and the shapes of Reshape, Expand, Range and friends computed inside the graph
from `Shape` (`Reshape(x, Concat(Gather(Shape(x), 0), -1))` is how PyTorch writes Flatten,
GPT-2 splits its heads the same way). torch-mlir's importer and lowering see one op at a time:
a Reshape whose target is not a constant gets a result type of `[?, ...]` and the lowering fails
on it, even after the inputs are made static. So, in this order (`prepare_for_import`):

1. opsets below `graph.MIN_OPSET` are upgraded (`onnx.version_converter`: torch-mlir lowers
   many ops only at recent opsets; an opset-8 Scan keeps its batch axis, `scan_batches.py`),
   `Dropout` becomes `Identity` (what it is at inference), absent optional inputs at the end of a
   node's inputs are dropped (`graph.trim_trailing_empty_inputs`);
2. the input shapes are fixed: `input_shapes` overrides symbolic and `-1` dimensions, and a
   dimension left unknown is an `OnnxError` naming the input (`graph.set_input_shapes`);
3. ops that ONNX defines by a function body and torch-mlir does not lower (right) are replaced
   by that body (`function_bodies.expand_function_ops`: Attention, RMSNormalization, the
   losses, ...), and `Reciprocal(x)` becomes `Div(1, x)` (`reciprocal_as_division`: torch-mlir's
   Reciprocal asserts at run time that no element is zero, where ONNX gives inf);
4. the shape arithmetic is folded to constants by onnxruntime's own graph optimizer (basic
   level: constant folding, which evaluates `Shape` of a value whose shape is static, then every
   node whose inputs are constants; `fold_shape_computations`). onnxruntime is the reference
   the models are written for, and its folding covers every op it runs; the weights are graph
   inputs by then (`weights.externalize`), so nothing but shape arithmetic is a constant;
5. boolean constant tensors (a causal attention mask) become `uint8` ones and a `Cast`
   (`bool_constants_as_bytes`): mlir-opt 22 asserts when it lowers a load from an `i1` global
   (MemRefToLLVM: "integralElementType.getWidth() >= 8"); the Cast fuses into the consumer;
6. shapes are inferred (`infer_shapes_leniently`): ONNX's strict inference first; an
   exporter's `value_info` or declared output shape that inference contradicts is only a hint
   (onnxruntime ignores it), so when strict inference fails they are dropped and it runs again.

Each step that changed something or fell back says so in the returned notes (also given to
`warnings.warn` for the fallbacks)."""

from __future__ import annotations

import math
import tempfile
import warnings
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.function_bodies import expand_function_ops
from xfuse.onnx.graph import (check_model, dropout_to_identity, first_line, opset_of, set_input_shapes,
                              trim_trailing_empty_inputs, without_declared_shapes)
from xfuse.onnx.scan_batches import upgrade_opset_keeping_scan_batches

SHAPE_OPS = frozenset({"Shape", "Size"})
"""Ops whose result is a value's shape: once the inputs are static, a constant to fold."""


@dataclass(frozen=True)
class PreparedModel:
    """A model ready for torch-mlir's importer, and what preparing it did (for the user)."""

    model: onnx.ModelProto
    notes: tuple[str, ...]


def prepare_for_import(model: onnx.ModelProto, input_shapes: Mapping[str, Sequence[int]] | None = None,
                       weights: Collection[str] = ()) -> PreparedModel:
    """A copy of `model` as the importer takes it (the module docstring's steps). `weights`
    name the inputs that are weights (`weights.externalize` runs first: every step here
    serializes the model, so it had better be small)."""
    notes: list[str] = []
    prepared = onnx.ModelProto()
    prepared.CopyFrom(model)
    check_model(prepared)
    opset = opset_of(prepared)
    prepared = upgrade_opset_keeping_scan_batches(prepared)
    if opset_of(prepared) != opset:
        notes.append(f"converted from opset {opset} to {opset_of(prepared)} (onnx.version_converter)")
    dropout_to_identity(prepared)
    trim_trailing_empty_inputs(prepared)
    unknown_negative_dims(prepared)
    set_input_shapes(prepared, input_shapes, weights)
    prepared, expanded = expand_function_ops(prepared)
    if expanded:
        notes.append(f"{expanded} node(s) replaced by the function body ONNX defines them by")
    reciprocal_as_division(prepared)
    prepared, folded = fold_shape_computations(prepared)
    if folded:
        notes.append(folded)
    bool_constants_as_bytes(prepared)
    prepared, fallback = infer_shapes_leniently(prepared)
    if fallback:
        notes.append(fallback)
        warnings.warn(fallback, stacklevel=3)
    return PreparedModel(prepared, tuple(notes))


def unknown_negative_dims(model: onnx.ModelProto) -> None:
    """Make every negative dimension of a graph input, output or `value_info` an unknown one, in
    place. Older exporters wrote a dynamic dimension as `-1` (a `dim_value`, not a `dim_param`);
    an input's then takes its size from `input_shapes` like a symbolic one, the others are
    inferred."""
    for value in (*model.graph.input, *model.graph.output, *model.graph.value_info):
        if value.type.HasField("tensor_type") and value.type.tensor_type.HasField("shape"):
            for dim in value.type.tensor_type.shape.dim:
                if dim.HasField("dim_value") and dim.dim_value < 0:
                    dim.Clear()


def fold_shape_computations(model: onnx.ModelProto) -> tuple[onnx.ModelProto, str | None]:
    """The model with its shape arithmetic folded to constants by onnxruntime's basic graph
    optimizations (their saved result: `SessionOptions.optimized_model_filepath`), and a note
    saying how many nodes went; the model itself, and None, when it computes no shape. Without
    onnxruntime, or when onnxruntime cannot load the model, the model is returned unfolded with
    a note saying why (torch-mlir may still import it)."""
    if not any(node.op_type in SHAPE_OPS and node.domain in ("", "ai.onnx") for node in model.graph.node):
        return model, None
    if model.ByteSize() >= onnx.checker.MAXIMUM_PROTOBUF:
        return model, "the shape computations were not folded: the model is over 2 GB"
    try:
        import onnxruntime
    except ImportError:
        return model, "the shape computations were not folded: onnxruntime is not installed (pip install onnxruntime)"
    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.log_severity_level = 3
    options.intra_op_num_threads = 1
    with tempfile.TemporaryDirectory(prefix="xfuse-fold-") as directory:
        options.optimized_model_filepath = str(Path(directory) / "folded.onnx")
        try:
            onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
            folded = onnx.load(options.optimized_model_filepath)
        except Exception as exc:  # noqa: BLE001 - onnxruntime's Fail/InvalidGraph/NotImplemented
            return model, f"the shape computations were not folded: onnxruntime cannot load the model ({first_line(exc)})"
    _keep_declared_interface(folded, model)
    before, after = len(model.graph.node), len(folded.graph.node)
    left = sum(node.op_type in SHAPE_OPS for node in folded.graph.node)
    return folded, (f"shape computations folded to constants by onnxruntime: {before} nodes -> {after}"
                    + (f" ({left} Shape/Size node(s) left: their input's shape is not static)" if left else ""))


def _keep_declared_interface(folded: onnx.ModelProto, original: onnx.ModelProto) -> None:
    """The folded model's inputs and outputs as the original declares them (onnxruntime saves
    its own view of the graph: the same names, but an initializer it made may be listed as an
    input in old IR versions) and the original's opset imports, in place."""
    if [v.name for v in folded.graph.input] != [v.name for v in original.graph.input]:
        initialized = {init.name for init in folded.graph.initializer}
        kept = [value for value in folded.graph.input if value.name not in initialized or
                value.name in {v.name for v in original.graph.input}]
        del folded.graph.input[:]
        folded.graph.input.extend(kept)
    del folded.opset_import[:]
    folded.opset_import.extend(original.opset_import)


def reciprocal_as_division(model: onnx.ModelProto) -> None:
    """Replace every default-domain `Reciprocal(x)` by `Div(CastLike(1, x), x)`, in place.
    torch-mlir lowers Reciprocal with a run-time `cf.assert` that no element is zero (its
    failure would abort the caller); ONNX's Reciprocal of 0 is inf (-inf for -0.0), which is
    what the division gives."""
    graph = model.graph
    nodes = []
    for node in graph.node:
        if node.op_type != "Reciprocal" or node.domain not in ("", "ai.onnx"):
            nodes.append(node)
            continue
        prefix = node.name or node.output[0]
        one_f32, one = f"{prefix}_one_f32", f"{prefix}_one"
        nodes.append(helper.make_node("Constant", [], [one_f32], name=one_f32,  # not an initializer: IR < 4
                                      value=numpy_helper.from_array(np.array(1, np.float32))))
        nodes.append(helper.make_node("CastLike", [one_f32, node.input[0]], [one], name=f"{prefix}_CastLike"))
        nodes.append(helper.make_node("Div", [one, node.input[0]], [node.output[0]], name=node.name))
    if len(nodes) != len(graph.node):
        del graph.node[:]
        graph.node.extend(nodes)


def bool_constants_as_bytes(model: onnx.ModelProto) -> None:
    """Replace every boolean initializer of more than one element by a `uint8` one (same name
    with `_bytes`) and a `Cast` to bool under the original name, in place (the module
    docstring, step 4)."""
    graph = model.graph
    declared = {value.name for value in graph.input}  # IR version 3 lists initializers as inputs: kept
    casts = []
    for init in graph.initializer:
        if init.data_type == onnx.TensorProto.BOOL and math.prod(init.dims) > 1 and init.name not in declared:
            values = numpy_helper.to_array(init)
            name = init.name
            init.CopyFrom(numpy_helper.from_array(values.astype(np.uint8), f"{name}_bytes"))
            casts.append(helper.make_node("Cast", [init.name], [name], name=f"{name}_as_bool",
                                          to=onnx.TensorProto.BOOL))
    if casts:
        nodes = [*casts, *graph.node]
        del graph.node[:]
        graph.node.extend(nodes)


def infer_shapes_leniently(model: onnx.ModelProto) -> tuple[onnx.ModelProto, str | None]:
    """The model with every value's shape inferred, and None; or, when ONNX's strict inference
    fails on what the exporter declared (`value_info`, the outputs' shapes: hints onnxruntime
    does not trust), the model inferred again without them and a note saying so. An error
    that remains without them is the model's own: an `OnnxError` quoting it."""
    if model.ByteSize() >= onnx.checker.MAXIMUM_PROTOBUF:
        return model, None  # onnx cannot serialize it for inference in memory; the importer infers on its own
    try:
        return _strict_inference(model), None
    except Exception as exc:  # noqa: BLE001 - InferenceError from C++
        strict_failure = first_line(exc)
    try:
        inferred = _strict_inference(without_declared_shapes(model))
    except Exception as exc:  # noqa: BLE001
        raise OnnxError(f"ONNX shape inference failed: {first_line(exc)}") from None
    return inferred, (f"ONNX's strict shape inference failed on the shapes the model declares ({strict_failure}); "
                      "they were dropped (onnxruntime does not use them either) and inferred again")


def _strict_inference(model: onnx.ModelProto) -> onnx.ModelProto:
    return onnx.shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)

