"""`DynamicQuantizeLinear`, `MatMulInteger` and per-axis `DequantizeLinear` written as the ops
they are made of, the way onnxruntime computes them.

torch-mlir's lowering of `DynamicQuantizeLinear` returns wrong values and a signed zero point
(ONNX's conformance cases). onnxruntime's `quantize_dynamic` puts one before every quantized
`MatMulInteger` / `ConvInteger`, so a dynamically quantized network needs it right. Before
import each one becomes, with `lo = min(0, min(x))` and `hi = max(0, max(x))`:

    scale = (hi - lo) / 255, or 1 when hi == lo (onnxruntime's choice; ONNX's formula divides by 0)
    zero_point = uint8(round_half_even(clip(-lo / scale, 0, 255)))
    y = uint8(clip(round_half_even(x / scale) + zero_point, 0, 255))

all float ops torch-mlir lowers right (`Round` is round-half-to-even), then a `Cast` to int32 and
one to uint8 of a value already in [0, 255]: exact, so y and the zero point agree with
onnxruntime bit for bit. (A direct float-to-uint8 `Cast` is torch-mlir's `fptosi` to i8: poison
from 128 up, 127 once LLVM vectorizes it.)

`MatMulInteger` becomes an int8 x int8 product (uint8 operands shifted by 128) corrected by the
zero points times row and column sums (`_matmul_integer`). A per-axis `DequantizeLinear` (1-D scale) becomes `float(x - zero_point) * scale`
broadcast along its axis: torch-mlir's lowering is wrong for a uint8 input (ONNX's
`test_dequantizelinear_axis`: 1280 off); its per-tensor one is right and stays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import onnx
from onnx import helper, numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import describe_node, set_nodes

DECOMPOSED = ("DynamicQuantizeLinear", "MatMulInteger", "DequantizeLinear")


def decompose_quantized_ops(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model with every default-domain `DynamicQuantizeLinear`, `MatMulInteger` and
    per-axis `DequantizeLinear` decomposed (a copy when there is one), and how many there were. Run on the prepared model
    (`prepare.prepare_for_import`: opset 17 or later, which the ops emitted here assume)."""
    facts = _ModelFacts.of(model)
    ranks = facts.ranks
    if not any(_is_decomposed(node, ranks) for node in model.graph.node):
        return model, 0
    result = onnx.ModelProto()
    result.CopyFrom(model)
    nodes, count = [], 0
    for node in result.graph.node:
        if not _is_decomposed(node, ranks):
            nodes.append(node)
            continue
        prefix = f"{node.name or node.output[0]}_{node.op_type.lower()}{count}"
        emitter = _Emitter(result.graph, prefix)
        if node.op_type == "DequantizeLinear":
            nodes.extend(_per_axis_dequantize_linear(node, emitter, ranks[node.input[0]], facts.shapes.get(node.input[1])))
        elif node.op_type == "DynamicQuantizeLinear":
            nodes.extend(_dynamic_quantize_linear(node, emitter))
        else:
            nodes.extend(_matmul_integer(node, emitter, facts))
        count += 1
    set_nodes(result, nodes)
    return result, count


@dataclass
class _ModelFacts:
    """What the decompositions read of the model: ranks and element types of its values (from
    shape inference), and its initializers."""

    ranks: dict[str, int]
    types: dict[str, int]
    initializers: dict[str, np.ndarray]
    shapes: dict[str, list[int]]  # the static ones


    @staticmethod
    def of(model: onnx.ModelProto) -> _ModelFacts:
        graph = model.graph
        ranks = {init.name: len(init.dims) for init in graph.initializer}
        types = {init.name: init.data_type for init in graph.initializer}
        shapes = {init.name: list(init.dims) for init in graph.initializer}
        for value in [*graph.input, *graph.value_info, *graph.output]:
            if value.type.HasField("tensor_type"):
                types[value.name] = value.type.tensor_type.elem_type
                if value.type.tensor_type.HasField("shape"):
                    dims = value.type.tensor_type.shape.dim
                    ranks[value.name] = len(dims)
                    if all(d.HasField("dim_value") for d in dims):
                        shapes[value.name] = [d.dim_value for d in dims]
        initializers = {init.name: numpy_helper.to_array(init) for init in graph.initializer}
        return _ModelFacts(ranks, types, initializers, shapes)


def _is_decomposed(node: onnx.NodeProto, ranks: dict[str, int]) -> bool:
    if node.op_type not in DECOMPOSED or node.domain not in ("", "ai.onnx"):
        return False
    if node.op_type != "DequantizeLinear":
        return True
    # per-axis: a 1-D scale (torch-mlir's lowering gives wrong values); blocked ones
    # (block_size > 0) torch-mlir refuses, per-tensor ones it lowers right
    block_size = next((a.i for a in node.attribute if a.name == "block_size"), 0)
    return not block_size and ranks.get(node.input[1]) == 1 and node.input[0] in ranks


class _Emitter:
    """Nodes and constants of one decomposition, under names that start with `prefix`."""

    def __init__(self, graph: onnx.GraphProto, prefix: str):
        self.graph, self.prefix, self.nodes, self._count = graph, prefix, [], 0

    def _name(self, hint: str) -> str:
        self._count += 1
        return f"{self.prefix}_{hint}{self._count}"

    def op(self, op_type: str, inputs: list[str], output: str | None = None, **attributes) -> str:
        output = output or self._name(op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [output], name=self._name(op_type), **attributes))
        return output

    def constant(self, value, dtype=np.float32) -> str:
        name = self._name("c")
        self.graph.initializer.append(numpy_helper.from_array(np.array(value, dtype), name))
        return name


def _dynamic_quantize_linear(node: onnx.NodeProto, e: _Emitter) -> list[onnx.NodeProto]:
    if len(node.input) != 1 or not node.input[0]:
        raise OnnxError(f"{describe_node(node)}: DynamicQuantizeLinear takes one input")
    x = node.input[0]
    outputs = [*node.output, "", "", ""][:3]
    op, constant = e.op, e.constant
    zero, one, top = constant(0.0), constant(1.0), constant(255.0)
    lo = op("Min", [op("ReduceMin", [x], keepdims=0), zero])
    hi = op("Max", [op("ReduceMax", [x], keepdims=0), zero])
    spread = op("Sub", [hi, lo])
    scale = op("Where", [op("Equal", [spread, zero]), one, op("Div", [spread, top])], outputs[1] or None)
    zero_point = op("Round", [op("Clip", [op("Div", [op("Neg", [lo]), scale]), zero, top])])
    quantized = op("Clip", [op("Add", [op("Round", [op("Div", [x, scale])]), zero_point]), zero, top])
    _to_uint8(e, quantized, outputs[0] or None)
    if outputs[2]:
        _to_uint8(e, zero_point, outputs[2])
    return e.nodes


def _to_uint8(e: _Emitter, value: str, output: str | None) -> str:
    """A float already in [0, 255] as uint8, through int32: torch-mlir casts float to uint8 with
    `arith.fptosi` to i8, poison from 128 up, which LLVM's vectorized form saturates to 127."""
    return e.op("Cast", [e.op("Cast", [value], to=onnx.TensorProto.INT32)], output, to=onnx.TensorProto.UINT8)


def _matmul_integer(node: onnx.NodeProto, e: _Emitter, model: _ModelFacts) -> list[onnx.NodeProto]:
    """(A - a_zero_point) x (B - b_zero_point) as an int8 x int8 -> int32 product and two sums:

        sum_k (a - za)(b - zb) = sum_k a b - zb * rowsum(a) - za * colsum(b - zb)

    A uint8 operand is first shifted to int8 (a - 128, its zero point too: the differences, hence
    the result, are unchanged), so the product is a `MatMul` of two int8 operands sign-extended to
    int32, which `xfuse-narrow-integer-contraction` makes an i8 x i8 -> i32 contraction (data
    tiling: an i8 mmt4d). A constant B is shifted and its column sums taken here, once. A 1-D
    a_zero_point is per row of A: [M] made [M, 1]; b_zero_point's [N] is per column already. An A
    of rank > 2 times a 2-D B (a transformer's activations) is flattened to 2-D and the result
    reshaped back (its static shape from shape inference): torch-mlir would make the product a
    `linalg.batch_matmul` of a broadcast B, which the backend's schedule refuses for integers."""
    a, b, a_zero, b_zero = [*node.input, "", "", "", ""][:4]
    for name, what in ((a, "A"), (b, "B")):
        if model.ranks.get(name, 2) < 2:
            raise OnnxError(f"{describe_node(node)}: MatMulInteger with a 1-D {what} is not supported "
                            "(a matrix-vector product)")
    int32 = onnx.TensorProto.INT32
    a_signed, _, za = _signed_operand(node, e, model, a, a_zero)
    b_signed, b_constant, zb = _signed_operand(node, e, model, b, b_zero)
    output, result_shape = node.output[0], model.shapes.get(node.output[0])
    flatten = (model.ranks.get(a, 2) > 2 and model.ranks.get(b) == 2 and model.ranks.get(a_zero, 0) == 0
               and result_shape is not None)
    if flatten:  # [..., M, K] x [K, N] as one [rows, K] x [K, N] product: a matmul, not a batch_matmul
        a_signed = e.op("Flatten", [a_signed], axis=model.ranks[a] - 1)
        output = None
    a_wide, b_wide = e.op("Cast", [a_signed], to=int32), e.op("Cast", [b_signed], to=int32)
    terms = []  # subtracted from the product
    if zb is not None:
        row_sums = e.op("ReduceSum", [a_wide, e.constant([-1], np.int64)], keepdims=1)
        terms.append(e.op("Mul", [_name(e, zb), row_sums]))
    if za is not None:
        if b_constant is not None and not isinstance(zb, str):  # a constant B: its sums once, here
            centered = b_constant.astype(np.int64) - (zb or 0)
            column_sums = e.constant(centered.sum(axis=-2, keepdims=True), np.int32)
        else:
            centered = b_wide if zb is None else e.op("Sub", [b_wide, _name(e, zb)])
            column_sums = e.op("ReduceSum", [centered, e.constant([-2], np.int64)], keepdims=1)
        za = _name(e, za)
        if isinstance(za, str) and model.ranks.get(a_zero) == 1:  # per row: [M] -> [M, 1]
            za = e.op("Unsqueeze", [za, e.constant([-1], np.int64)])
        terms.append(e.op("Mul", [za, column_sums]))
    result = e.op("MatMul", [a_wide, b_wide], None if terms else output)
    for index, term in enumerate(terms):
        result = e.op("Sub", [result, term], output if index == len(terms) - 1 else None)
    if flatten:
        e.op("Reshape", [result, e.constant(result_shape, np.int64)], node.output[0])
    return e.nodes


def _signed_operand(node: onnx.NodeProto, e: _Emitter, model: _ModelFacts, value: str, zero: str
                    ) -> tuple[str, np.ndarray | None, str | int | None]:
    """`value` as int8 (its name, and its array when constant) and its zero point in int32 (a
    name, an int when constant, None when 0): uint8 ones shifted down by 128, constants here."""
    element = model.types.get(value)
    if element not in (onnx.TensorProto.UINT8, onnx.TensorProto.INT8):
        kind = onnx.TensorProto.DataType.Name(element) if element else "unknown"
        raise OnnxError(f"{describe_node(node)}: MatMulInteger operand '{value}' has element type {kind}; "
                        "uint8 or int8 expected")
    shift = 128 if element == onnx.TensorProto.UINT8 else 0
    if not zero:
        zero_point = -shift
    elif zero in model.initializers and model.initializers[zero].size == 1:
        zero_point = int(model.initializers[zero].reshape(())) - shift
    else:
        zero_point = e.op("Cast", [zero], to=onnx.TensorProto.INT32)
        if shift:
            zero_point = e.op("Sub", [zero_point, e.constant(shift, np.int32)])
    zero_point = zero_point or None  # a constant 0 drops its term
    constant = model.initializers.get(value)
    if constant is not None:
        constant = (constant.astype(np.int16) - shift).astype(np.int8)
        return (e.constant(constant, np.int8) if shift else value), constant, zero_point
    if not shift:
        return value, None, zero_point
    shifted = e.op("Sub", [e.op("Cast", [value], to=onnx.TensorProto.INT32), e.constant(shift, np.int32)])
    return e.op("Cast", [shifted], to=onnx.TensorProto.INT8), None, zero_point


def _name(e: _Emitter, zero_point: str | int) -> str:
    return e.constant(zero_point, np.int32) if isinstance(zero_point, int) else zero_point


def _per_axis_dequantize_linear(node: onnx.NodeProto, e: _Emitter, rank: int,
                                scale_shape: list[int] | None) -> list[onnx.NodeProto]:
    """(x - zero_point) * scale with a 1-D scale and zero point along `axis`: the difference in
    int32 (exact, as onnxruntime computes it), cast to the scale's type, times the scale, each
    1-D operand reshaped to broadcast along `axis` of x. A scale of one element is per tensor
    whatever `axis` says, as onnxruntime reads it (`quantize_static` writes a bias's so, with
    the default axis 1 on a 1-D bias)."""
    x, scale, zero = [*node.input, "", ""][:3]
    axis = next((a.i for a in node.attribute if a.name == "axis"), 1)
    axis = axis + rank if axis < 0 else axis
    if scale_shape == [1]:
        axis = -1  # broadcast along no axis: [1, ..., 1]
    elif not 0 <= axis < rank:
        raise OnnxError(f"{describe_node(node)}: axis {axis} is outside the input's rank {rank}")
    shape = e.constant([-1 if d == axis else 1 for d in range(rank)], np.int64)
    int32 = onnx.TensorProto.INT32
    difference = e.op("Cast", [x], to=int32)
    if zero:
        difference = e.op("Sub", [difference, e.op("Reshape", [e.op("Cast", [zero], to=int32), shape])])
    e.op("Mul", [e.op("CastLike", [difference, scale]), e.op("Reshape", [scale, shape])], node.output[0])
    return e.nodes
