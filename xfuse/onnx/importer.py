"""ONNX -> linalg on tensors, with torch-mlir's importer and lowering pipelines.

torch-mlir's Python API imports the graph into the `torch` dialect (one `torch.operator
"onnx.<Op>"` per node, located at the node's name), then two of its pipelines lower it:
`torch-onnx-to-torch-backend-pipeline` (ONNX ops to torch ops, shapes refined) and
`torch-backend-to-linalg-on-tensors-backend-pipeline` (torch ops to linalg, tensor, arith,
math, and a check that nothing else is left). The result is printed as MLIR text, which
xfuse's parser reads (its ops are MLIR 22's).

A node the importer or the lowering refuses is an `OnnxError` naming the node and quoting
torch-mlir's diagnostic.
"""

from __future__ import annotations

import re
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import onnx

from xfuse.backends.warm_start import warm_up_in_background
from xfuse.onnx.affine_grid import decompose_affine_grids
from xfuse.onnx.batch_norm import fold_batch_norms
from xfuse.onnx.bit_shift import guard_bit_shifts
from xfuse.onnx.channel_affine import fold_channel_affines
from xfuse.onnx.col2im import decompose_col2ims
from xfuse.onnx.compress import gather_compressed
from xfuse.onnx.constant_ranges import fold_constant_ranges
from xfuse.onnx.conv_transpose import rewrite_conv_transposes
from xfuse.onnx.conv_transpose_shuffle import conv_transposes_as_shuffles
from xfuse.onnx.cumulative_product import decompose_cumulative_products
from xfuse.onnx.depth_to_space import decompose_crd_depth_to_space
from xfuse.onnx.errors import OnnxError, require_onnx_packages
from xfuse.onnx.fixed_values import fix_input_values
from xfuse.onnx.graph import describe_node, read_model, reads_shared, runtime_inputs
from xfuse.onnx.grid_sample import decompose_grid_samples
from xfuse.onnx.integer_negation import subtract_integer_negations
from xfuse.onnx.isolated import call_isolated, start_helper
from xfuse.onnx.low_rank_products import raise_low_rank_products
from xfuse.onnx.lp_normalization import decompose_lp_normalizations
from xfuse.onnx.lp_pool_dilations import convolve_dilated_lp_pools
from xfuse.onnx.lp_pool_padding import explicit_lp_pool_pads
from xfuse.onnx.max_pool_indices import flatten_max_pool_indices
from xfuse.onnx.prepare import infer_shapes_leniently, prepare_for_import
from xfuse.onnx.qlinear_matmul_batches import split_qlinear_matmul_batches
from xfuse.onnx.quantization import decompose_quantized_ops
from xfuse.onnx.recurrent import decompose_recurrent
from xfuse.onnx.resize_aspect import resolve_resize_aspect
from xfuse.onnx.resize_axes import expand_resize_axes
from xfuse.onnx.resize_taps import decompose_resizes
from xfuse.onnx.scan_loops import scans_as_loops
from xfuse.onnx.scatter_reduction import scatter_elements_as_nd
from xfuse.onnx.signed_division import guard_signed_divisions
from xfuse.onnx.slice_steps import gather_negative_steps
from xfuse.onnx.support import check_support
from xfuse.onnx.tensor_scatter import decompose_tensor_scatters
from xfuse.onnx.unsigned_division import widen_unsigned_divisions
from xfuse.onnx.weights import MIN_EXTERNAL_ELEMENTS, Weights, externalize

SMALL_DECOMPOSITIONS = (split_qlinear_matmul_batches, guard_bit_shifts, raise_low_rank_products,
                        decompose_cumulative_products, explicit_lp_pool_pads, flatten_max_pool_indices,
                        resolve_resize_aspect, decompose_resizes, decompose_affine_grids, scans_as_loops,
                        decompose_crd_depth_to_space, decompose_tensor_scatters, decompose_col2ims,
                        guard_signed_divisions, subtract_integer_negations, widen_unsigned_divisions,
                        gather_negative_steps, scatter_elements_as_nd, convolve_dilated_lp_pools,
                        fold_constant_ranges)
"""Rewrites of the prepared model, one op each, into ops torch-mlir lowers right (docs/onnx-rewrites.md,
"The small decompositions"); shapes are inferred again after them."""

LOWERING = ("builtin.module(torch-onnx-to-torch-backend-pipeline,"
            "torch-backend-to-linalg-on-tensors-backend-pipeline)")
"""torch-mlir's pipelines from the imported `torch` dialect to linalg on tensors."""


def function_name(model: onnx.ModelProto) -> str:
    """The name of the imported function: the graph's, made a bare MLIR identifier, with
    `_model` after a C library function's name (a graph named "pow": the backend refuses it)."""
    from xfuse.backends.runner import is_c_library_function

    name = re.sub(r"[^A-Za-z0-9_]", "_", model.graph.name or "")
    name = name if name and not name[0].isdigit() else f"main{('_' + name) if name else ''}"
    return f"{name}_model" if is_c_library_function(name) else name


def import_to_linalg(model: onnx.ModelProto, weight_names: Collection[str] = ()) -> str:
    """The MLIR text (func/linalg/tensor/arith/math on tensors) of a prepared model
    (`prepare.prepare_for_import`); its function takes the graph inputs in order, those named
    in `weight_names` marked `{xfuse.weight}` (constant across calls: passes may choose their layout),
    the others `{xfuse.input}` (passed as they are on every call: a filter among them is transposed
    in the function).

    torch-mlir runs in a child process (`isolated.call_isolated`): some of its lowerings abort,
    which is then an `OnnxError`, not the end of the caller's process."""
    require_onnx_packages()
    return call_isolated("torch-mlir's import and lowering of the model", _import_to_linalg_here,
                         model.SerializeToString(), tuple(weight_names))


def _import_to_linalg_here(serialized: bytes, weight_names: Collection[str]) -> str:
    """`import_to_linalg` in this process, on the model's bytes."""
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras import onnx_importer
    from torch_mlir.ir import Context, MLIRError
    from torch_mlir.passmanager import PassManager

    named = onnx.ModelProto.FromString(serialized)
    named.graph.name = function_name(named)
    for node in named.graph.node:  # located by name in torch-mlir's diagnostics: name the unnamed
        node.name = node.name or node.output[0]
    nodes = {node.name: node for node in named.graph.node}
    context = Context()
    torch_d.register_dialect(context)
    try:
        info = onnx_importer.ModelInfo(named)
        module = info.create_module(context=context).operation
        onnx_importer.NodeImporter.define_function(info.main_graph, module).import_all()
    except onnx_importer.OnnxImportError as exc:
        raise OnnxError(f"torch-mlir's ONNX importer refused the model: {_one_line(str(exc))}") from None
    with context:
        try:
            PassManager.parse(LOWERING).run(module)
        except MLIRError as exc:
            raise OnnxError(_lowering_failure(exc, nodes)) from None
        _refuse_run_time_checks(module, nodes)
        _mark_arguments(module, [value.name in weight_names for value in runtime_inputs(named)])
    return module.get_asm(large_elements_limit=None)


def _refuse_run_time_checks(module, nodes: dict[str, onnx.NodeProto]) -> None:
    """An `OnnxError` when the lowering left a `cf.assert` saying it is `unimplemented` for some
    values: a check at run time whose failure aborts the caller's process (torch-mlir's `Det`
    asserts that no pivoting is needed). Its other asserts check that the model is valid (an
    `Expand` to a shape computed in the graph): they stay."""
    from torch_mlir.ir import WalkResult

    checks: list[str] = []

    def visit(op):
        if op.name == "cf.assert" and "msg" in op.attributes and "unimplemented" in op.attributes["msg"].value:
            where = _node_at(str(op.location), nodes)
            message = op.attributes["msg"].value
            checks.append(f"{where or 'the model'}: its lowering checks at run time that {message!r} does not "
                          "happen, and aborts the process when it does")
        return WalkResult.ADVANCE

    module.walk(visit)
    if checks:
        raise OnnxError("torch-mlir's lowering is not complete:\n  " + "\n  ".join(dict.fromkeys(checks)))


def _mark_arguments(module, is_weight: Sequence[bool]) -> None:
    """`{xfuse.weight}` on the imported function's arguments that are weights, `{xfuse.input}` on
    the run-time inputs (in torch-mlir's module, before it is printed)."""
    from torch_mlir.ir import ArrayAttr, DictAttr, UnitAttr

    from xfuse.transforms.layout.weight_layout import INPUT_ATTR
    from xfuse.transforms.layout.weight_transposes import WEIGHT_ATTR

    for op in module.regions[0].blocks[0].operations:
        if op.operation.name == "func.func" and len(op.regions[0].blocks[0].arguments) == len(is_weight):
            op.attributes["arg_attrs"] = ArrayAttr.get(
                [DictAttr.get({WEIGHT_ATTR if weight else INPUT_ATTR: UnitAttr.get()}) for weight in is_weight])


def _lowering_failure(exc, nodes: dict[str, onnx.NodeProto]) -> str:
    """torch-mlir's diagnostics, each naming the ONNX node it is located at."""
    lines = []
    for diagnostic in exc.error_diagnostics:
        where = _node_at(str(diagnostic.location), nodes)
        message = _one_line(diagnostic.message)
        if op := re.search(r'failed to legalize operation .torch.operator.*name = "(onnx\.[^"]*)"', message):
            message = f"torch-mlir has no lowering of {op.group(1)} with these inputs and attributes"
        message = message.split(": %")[0]  # the op that failed, printed whole: long and generic
        lines.append(f"{where}: {message}" if where else message)
    if not lines:
        lines.append(_one_line(str(exc)))
    return "torch-mlir cannot lower the model to linalg:\n  " + "\n  ".join(dict.fromkeys(lines))


def _node_at(location: str, nodes: dict[str, onnx.NodeProto]) -> str | None:
    for name in re.findall(r'loc\("([^"]*)"', location):
        if name in nodes:
            return describe_node(nodes[name])
    return None


def _one_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[0] if lines else text


@dataclass(frozen=True)
class ImportedModel:
    """An ONNX model as MLIR text on tensors, with its weights outside the text.

    The function `entry` takes the model's inputs (`input_names`, in order), then the weights
    (`weights.names`, in order), and returns the outputs (`output_names`)."""

    mlir: str
    entry: str
    input_names: tuple[str, ...]
    output_names: tuple[str, ...]
    weights: Weights
    seconds: dict[str, float]
    """Time of each step: `prepare` (ONNX rewrites, shape inference), `import` (torch-mlir)."""
    notes: tuple[str, ...] = ()
    """What preparing the model changed or fell back on (`prepare.PreparedModel.notes`)."""
    input_dtypes: tuple[np.dtype | None, ...] = ()
    output_dtypes: tuple[np.dtype | None, ...] = ()
    """The numpy dtypes of the ONNX inputs and outputs (None: not a tensor): `uint8` where the
    imported function's signless `i8` does not say so."""
    fixed_values: Mapping[str, np.ndarray] = field(default_factory=dict)
    """The inputs whose values were fixed at load (`fixed_values.py`): constants in the IR, not
    arguments of the function."""
    declared_input_names: tuple[str, ...] = ()
    """Every input of the ONNX model, fixed ones included, in its order (a call by position)."""


def import_model(source: str | Path | onnx.ModelProto, *,
                 input_shapes: Mapping[str, Sequence[int]] | None = None,
                 input_values: Mapping[str, Any] | None = None,
                 min_external_elements: int = MIN_EXTERNAL_ELEMENTS) -> ImportedModel:
    """Read (a path) or take (a `ModelProto`) an ONNX model and import it: the inputs named in
    `input_values` made constants of these values (`fixed_values.fix_input_values`), batch norms after
    convolutions folded into their weights (`batch_norm.fold_batch_norms`), and the per-channel
    scales and shifts after them (`channel_affine.fold_channel_affines`), `Compress` by a constant
    condition made a `Gather` (`compress.gather_compressed`), weights externalized
    (`weights.externalize`), `Resize`'s `axes` made full-rank scales or sizes
    (`resize_axes.expand_resize_axes`), prepared for import (`prepare.prepare_for_import`: opset, static
    shapes, shape computations folded, shapes inferred), grouped and `SAME`-padded `ConvTranspose`s
    rewritten (`conv_transpose.rewrite_conv_transposes`), those whose kernel is their stride made a 1x1
    `Conv` and a pixel shuffle (`conv_transpose_shuffle.conv_transposes_as_shuffles`), nearest and linear `GridSample`s decomposed
    (`grid_sample.decompose_grid_samples`), recurrent ops decomposed (a `Loop` over the steps)
    (`recurrent.decompose_recurrent`), `DynamicQuantizeLinear` and `MatMulInteger` decomposed
    (`quantization.decompose_quantized_ops`), the ops of `SMALL_DECOMPOSITIONS` rewritten (BitShift,
    MatMul of a vector, scalar Einsum, CumProd, LpPool SAME, MaxPool's indices, batched
    QLinearMatMul, Resize keep_aspect_ratio_policy, the Resize modes torch-mlir does not lower right
    (gathers per axis: `resize_taps`), AffineGrid (`affine_grid`), Scan as a Loop, DepthToSpace CRD,
    TensorScatter, Col2Im, signed Div/Mod by 0 or -1, integer Neg, unsigned Div/Mod/Abs,
    negative-step Slice, min/max ScatterElements, dilated LpPool,
    constant float16 Range), lowered to linalg on tensors by torch-mlir."""
    require_onnx_packages()
    start_helper()  # torch-mlir's process starts while the model is prepared (isolated.py)
    start = time.perf_counter()
    model = read_model(source) if isinstance(source, str | Path) else source
    declared_input_names = tuple(value.name for value in runtime_inputs(model))
    model, fixed = fix_input_values(model, input_values or {})
    model, _ = fold_batch_norms(model)
    model, _ = fold_channel_affines(model)
    model, _ = decompose_lp_normalizations(model)
    model, _ = gather_compressed(model)
    model, _ = expand_resize_axes(model)
    external, weights = externalize(model, min_external_elements)
    preparation = prepare_for_import(external, input_shapes, weights)
    prepared, _ = rewrite_conv_transposes(preparation.model)
    prepared, shuffles = conv_transposes_as_shuffles(prepared)
    prepared, _ = decompose_grid_samples(prepared)
    prepared, recurrent = decompose_recurrent(prepared, weights=weights)
    prepared, quantized = decompose_quantized_ops(prepared)
    rewritten = 0
    with reads_shared():  # each returns its input unchanged or a new model (graph.reads_shared)
        for decompose in SMALL_DECOMPOSITIONS:
            prepared, count = decompose(prepared)
            rewritten += count
    if recurrent or quantized or rewritten or shuffles:
        prepared, _ = infer_shapes_leniently(prepared)
    check_support(prepared)
    input_names = tuple(value.name for value in runtime_inputs(prepared) if value.name not in weights)
    prepared_at = time.perf_counter()
    warm_up_in_background()  # the build's imports and C objects while the helper works (warm_start.py)
    text = import_to_linalg(prepared, weights.names)
    seconds = {"prepare": prepared_at - start, "import": time.perf_counter() - prepared_at}
    inputs = {value.name: value for value in runtime_inputs(prepared)}
    return ImportedModel(text, function_name(prepared), input_names,
                         tuple(value.name for value in prepared.graph.output), weights, seconds, preparation.notes,
                         tuple(tensor_dtype(inputs[name]) for name in input_names),
                         tuple(tensor_dtype(value) for value in prepared.graph.output), fixed,
                         declared_input_names)


def tensor_dtype(value: onnx.ValueInfoProto) -> np.dtype | None:
    """The numpy dtype of a tensor value's elements; None for another kind of value."""
    if not value.type.HasField("tensor_type"):
        return None
    return onnx.helper.tensor_dtype_to_np_dtype(value.type.tensor_type.elem_type)
