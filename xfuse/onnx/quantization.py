"""`DynamicQuantizeLinear`, `MatMulInteger` and per-axis `DequantizeLinear` written as the ops
they are made of, the way onnxruntime computes them.

torch-mlir's lowering of `DynamicQuantizeLinear` returns wrong values and a signed zero point
(ONNX's conformance cases). onnxruntime's `quantize_dynamic` puts one before every quantized
`MatMulInteger` / `ConvInteger`, so a dynamically quantized network needs it right. Before
import each one becomes, with `lo = min(0, min(x))` and `hi = max(0, max(x))`:

    scale = (hi - lo) / 255, or 1 when hi == lo (onnxruntime's choice; ONNX's formula divides by 0)
    zero_point = uint8(round_half_even(clip(-lo / scale, 0, 255)))
    y = uint8(clip(round_half_even(x / scale) + zero_point, 0, 255))

all float ops torch-mlir lowers right (`Round` is round-half-to-even), then one `Cast` to uint8
of a value already in [0, 255]: exact, so y and the zero point agree with onnxruntime bit for bit.

`MatMulInteger` becomes an int32 `MatMul` of its operands widened and their zero points
subtracted. A per-axis `DequantizeLinear` (1-D scale) becomes `float(x - zero_point) * scale`
broadcast along its axis: torch-mlir's lowering is wrong for a uint8 input (ONNX's
`test_dequantizelinear_axis`: 1280 off); its per-tensor one is right and stays.
"""

from __future__ import annotations

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
    ranks = _ranks(model)
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
            nodes.extend(_per_axis_dequantize_linear(node, emitter, ranks[node.input[0]]))
        else:
            decompose = _dynamic_quantize_linear if node.op_type == "DynamicQuantizeLinear" else _matmul_integer
            nodes.extend(decompose(node, emitter))
        count += 1
    set_nodes(result, nodes)
    return result, count


def _ranks(model: onnx.ModelProto) -> dict[str, int]:
    graph = model.graph
    ranks = {init.name: len(init.dims) for init in graph.initializer}
    for value in [*graph.input, *graph.value_info, *graph.output]:
        if value.type.HasField("tensor_type") and value.type.tensor_type.HasField("shape"):
            ranks[value.name] = len(value.type.tensor_type.shape.dim)
    return ranks


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
    op("Cast", [quantized], outputs[0] or None, to=onnx.TensorProto.UINT8)
    if outputs[2]:
        op("Cast", [zero_point], outputs[2], to=onnx.TensorProto.UINT8)
    return e.nodes


def _matmul_integer(node: onnx.NodeProto, e: _Emitter) -> list[onnx.NodeProto]:
    """(A - a_zero_point) x (B - b_zero_point) in int32: each operand widened (`Cast`: extsi
    for int8, extui for uint8) and its zero point subtracted, then an int32 `MatMul`. A 1-D
    a_zero_point is per row of A: [M] made [M, 1]; b_zero_point's [N] is per column already."""
    inputs = [*node.input, "", "", "", ""][:4]
    a, b, a_zero, b_zero = inputs
    int32 = onnx.TensorProto.INT32

    def centered(value: str, zero: str, per_row: bool) -> str:
        wide = e.op("Cast", [value], to=int32)
        if not zero:
            return wide
        zero = e.op("Cast", [zero], to=int32)
        if per_row:  # [M] -> [M, 1]; a scalar or [1] broadcasts the same either way
            zero = e.op("Unsqueeze", [zero, e.constant([-1], np.int64)])
        return e.op("Sub", [wide, zero])

    e.op("MatMul", [centered(a, a_zero, True), centered(b, b_zero, False)], node.output[0])
    return e.nodes


def _per_axis_dequantize_linear(node: onnx.NodeProto, e: _Emitter, rank: int) -> list[onnx.NodeProto]:
    """(x - zero_point) * scale with a 1-D scale and zero point along `axis`: the difference in
    int32 (exact, as onnxruntime computes it), cast to the scale's type, times the scale, each
    1-D operand reshaped to broadcast along `axis` of x."""
    x, scale, zero = [*node.input, "", ""][:3]
    axis = next((a.i for a in node.attribute if a.name == "axis"), 1)
    axis = axis + rank if axis < 0 else axis
    if not 0 <= axis < rank:
        raise OnnxError(f"{describe_node(node)}: axis {axis} is outside the input's rank {rank}")
    shape = e.constant([-1 if d == axis else 1 for d in range(rank)], np.int64)
    int32 = onnx.TensorProto.INT32
    difference = e.op("Cast", [x], to=int32)
    if zero:
        difference = e.op("Sub", [difference, e.op("Reshape", [e.op("Cast", [zero], to=int32), shape])])
    e.op("Mul", [e.op("CastLike", [difference, scale]), e.op("Reshape", [scale, shape])], node.output[0])
    return e.nodes
